"""Answering never changes a state anybody holds.

States share what is never changed in place (runtime.clone, world.py); what running
changes in place is copied. These tests hold every state of real games and check, as the
game goes on, that none of them has changed, and that answering one state in several ways
branches cleanly: the same answer gives the same state again."""

from __future__ import annotations

import json

import pytest

from engine.agents import random_agents
from engine.interpreter import Engine

from engines import loaded


def _running(state: dict) -> str:
    """What a state holds that running changes, in place or by copying first."""
    return json.dumps([state[key] for key in ("frames", "envs", "flow", "counters", "global", "things", "in", "kinds",
                                              "owned")], sort_keys=True)


@pytest.mark.parametrize("game, players", [("viticulture", 3), ("castles-of-burgundy-cards", 2)])
def test_no_earlier_state_changes_as_the_game_goes_on(game, players):
    engine = loaded(game)
    agents = random_agents(5, players)
    state = engine.new_game(players=players, seed=5)
    held = []  # (state, what it was running when it was made)
    while (decision := engine.decision(state)) is not None:
        held.append((state, _running(state)))
        state = engine.apply(state, agents[decision.player].choose(None, decision))
    for number, (old, text) in enumerate(held):
        assert _running(old) == text, f"state {number} changed"


@pytest.mark.parametrize("game, players", [("viticulture", 4), ("castles-of-burgundy-cards", 3)])
def test_every_answer_to_one_state_branches_from_the_same_state(game, players):
    engine = loaded(game)
    agents = random_agents(8, players)
    state = engine.new_game(players=players, seed=8)
    for _ in range(60):
        decision = engine.decision(state)
        if decision is None:
            break
        text = json.dumps(state, sort_keys=True)
        branches = {key: json.dumps(engine.apply(state, key), sort_keys=True) for key in decision.keys()}
        assert json.dumps(state, sort_keys=True) == text
        for key in decision.keys():
            assert json.dumps(engine.apply(state, key), sort_keys=True) == branches[key], key
        state = engine.apply(state, agents[decision.player].choose(None, decision))


@pytest.mark.parametrize("game, players", [("viticulture", 2), ("castles-of-burgundy-cards", 4)])
def test_a_new_game_starts_the_same_however_many_games_were_played_before(game, players):
    """The starting state is built once per player count and copied (setup.py): playing a
    game never changes what the next game starts from."""
    fresh = Engine.load([game])
    first = json.dumps(fresh.new_game(players=players, seed=3), sort_keys=True)
    agents = random_agents(4, players)
    state = fresh.new_game(players=players, seed=4)
    while (decision := fresh.decision(state)) is not None:
        state = fresh.apply(state, agents[decision.player].choose(None, decision))
    assert json.dumps(fresh.new_game(players=players, seed=3), sort_keys=True) == first
    assert json.dumps(Engine.load([game]).new_game(players=players, seed=3), sort_keys=True) == first
    assert first != json.dumps(fresh.new_game(players=players, seed=4), sort_keys=True)  # the seed still shuffles
