"""The interpreter's one door, as the runner, the agents and the CLI rely on it (docs/design.md).

Every engine listed in ENGINES must pass. Today that is the toy game; when
engine/interpreter.py lands, add `Engine.load(["<game>"])` to the list.
"""

from __future__ import annotations

import copy
import json

import pytest

import toy_engine
from engines import loaded
from engine import runner
from engine.agents import random_agents

def _viticulture():
    return loaded("viticulture")


ENGINES = {  # name: (engine factory, players)
    "toy-race": (lambda: toy_engine.load("race"), 2),
    "viticulture": (_viticulture, 2),
}


@pytest.fixture(params=sorted(ENGINES))
def door(request):
    factory, players = ENGINES[request.param]
    return factory(), players


def test_packs_say_id_version_and_hash(door):
    engine, _ = door
    assert engine.packs and all(isinstance(p[k], str) for p in engine.packs for k in ("id", "version", "hash"))


def test_a_new_game_is_plain_data_and_depends_only_on_the_seed(door):
    engine, players = door
    state = engine.new_game(players=players, seed=3, options={})
    assert json.loads(json.dumps(state)) == state == copy.deepcopy(state)
    assert engine.new_game(players=players, seed=3, options={}) == state


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone(door):
    engine, players = door
    state = engine.new_game(players=players, seed=3, options={})
    before = copy.deepcopy(state)
    decision = engine.decision(state)
    assert decision.kind == "choose_one" and decision.options and 0 <= decision.player < players
    after = engine.apply(state, decision.options[0].key)
    assert state == before and after != state


def test_a_key_that_is_not_an_option_raises_illegal_answer(door):
    engine, players = door
    state = engine.new_game(players=players, seed=3, options={})
    with pytest.raises(Exception) as error:
        engine.apply(state, "no-such-key")
    assert type(error.value).__name__ == "IllegalAnswer"


def test_a_whole_game_keeps_the_door(door):
    engine, players = door
    result = runner.play(engine, random_agents(3, players), players, 3, {})
    ids = [decision_id for decision_id, _ in result.transcript.answers]
    assert len(set(ids)) == len(ids)
    assert all(isinstance(e["type"], str) and isinstance(e["text"], str) for e in engine.events(result.state))
    for seat in range(players):
        json.dumps(engine.view(result.state, seat))
    assert set(result.outcome) >= {"scores", "ranks", "winners", "tie_breaks"}
    assert runner.replay(engine, result.transcript) == result.state


def test_an_option_left_out_is_refused_with_the_reason_in_words():
    from engine.interp.decisions import IllegalAnswer

    engine = _viticulture()
    state = engine.skip_to(engine.new_game(players=2, seed=1), "summer")
    state = engine.edit(state, state["pending"]["player"], counters={"lira": 0})
    with pytest.raises(IllegalAnswer) as refused:
        engine.apply(state, "place:build_structure:left:regular_worker")
    assert "needs" in str(refused.value) and "lira" in str(refused.value)
