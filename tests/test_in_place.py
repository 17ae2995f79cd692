"""Answering on the one state of a game (engine.apply(..., in_place=True)), as a simulation does.

A runner that keeps no earlier state (tabula sim) spares the copy of the state that every
answer otherwise makes. The game must be the same one, move for move: these tests play
real games both ways and compare every state, and show what in place promises besides
(an illegal answer changes nothing; a view stays as it was taken; bots are handed no view).
"""

from __future__ import annotations

import json

import pytest

import toy_engine
from engine import runner
from engine.agents import RandomAgent, random_agents
from engine.interp.decisions import IllegalAnswer

from engines import loaded

GAMES = [("viticulture", 3), ("castles-of-burgundy-cards", 2)]


@pytest.mark.parametrize("game, players", GAMES)
def test_a_game_answered_in_place_is_the_same_game_state_for_state(game, players):
    engine = loaded(game)
    copied, kept = engine.new_game(players=players, seed=6), engine.new_game(players=players, seed=6)
    agents = random_agents(6, players)
    while (decision := engine.decision(copied)) is not None:
        assert engine.decision(kept).candidate_keys == decision.candidate_keys
        key = agents[decision.player].choose(None, decision)
        copied = engine.apply(copied, key)
        same = engine.apply(kept, key, in_place=True)
        assert same is kept
        assert json.dumps(kept, sort_keys=True) == json.dumps(copied, sort_keys=True)
    assert engine.decision(kept) is None


def test_an_illegal_answer_in_place_changes_nothing():
    engine = loaded("viticulture")
    state = engine.new_game(players=2, seed=3)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAnswer):
        engine.apply(state, "no-such-key", in_place=True)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("game, players", GAMES)
def test_a_copy_made_by_apply_stays_as_it_was_when_the_state_goes_on_in_place(game, players):
    """The engine keeps the runtime that answers a state in place, with what its World copied
    for itself; a copy of that state (apply without in_place) shares those things, so the kept
    World must copy them again before it writes."""
    engine = loaded(game)
    state = engine.new_game(players=players, seed=5)
    agents = random_agents(5, players)
    copies = []
    for turn in range(200):
        decision = engine.decision(state)
        if decision is None:
            break
        key = agents[decision.player].choose(None, decision)
        if turn % 30 == 29:
            copy = engine.apply(state, key)
            copies.append((copy, json.dumps(copy, sort_keys=True)))
        engine.apply(state, key, in_place=True)
    assert len(copies) >= 3
    assert all(json.dumps(copy, sort_keys=True) == text for copy, text in copies)


def test_a_view_stays_as_it_was_taken_when_its_state_is_answered_in_place():
    engine = loaded("castles-of-burgundy-cards")
    state = engine.new_game(players=2, seed=4)
    agents = random_agents(4, 2)
    views = []
    while (decision := engine.decision(state)) is not None and len(views) < 60:
        views.append((engine.view(state, 0), json.dumps(engine.view(state, 0), sort_keys=True)))
        engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)
    assert all(json.dumps(view, sort_keys=True) == text for view, text in views)


def test_play_in_place_records_the_same_game_as_play_on_copies():
    engine = loaded("viticulture")
    on_copies = runner.play(engine, random_agents(8, 2), 2, 8, {})
    in_place = runner.play(engine, random_agents(8, 2), 2, 8, {}, in_place=True)
    assert in_place.transcript.answers == on_copies.transcript.answers
    assert in_place.state == on_copies.state and in_place.outcome == on_copies.outcome


def test_an_engine_that_cannot_answer_in_place_plays_on_copies():
    engine = toy_engine.load("race")
    assert not getattr(engine, "applies_in_place", False)
    result = runner.play(engine, random_agents(2, 2), 2, 2, {}, in_place=True)  # ToyEngine.apply takes no in_place
    assert result.outcome is not None


class _Looking(RandomAgent):
    """A random bot that looks at the view it is handed."""

    reads_view = True

    def __init__(self, seed: int, seen: list):
        super().__init__(seed)
        self.seen = seen

    def choose(self, view, decision):
        self.seen.append(view)
        return super().choose(view, decision)


def test_a_bot_that_never_looks_is_handed_no_view_and_one_that_looks_is():
    engine = loaded("castles-of-burgundy-cards")
    seen: list = []
    made = []
    view = engine.view
    engine.view = lambda state, seat: made.append(seat) or view(state, seat)
    try:
        runner.play(engine, random_agents(5, 2), 2, 5, {}, max_decisions=30)
        assert made == []
        runner.play(engine, [_Looking(1, seen), _Looking(2, seen)], 2, 5, {}, max_decisions=30)
    finally:
        del engine.view
    assert len(made) == len(seen) == 30 and all(isinstance(v, dict) and "counters" in v for v in seen)


@pytest.mark.parametrize("game, players", GAMES)
def test_the_kept_runtime_reads_the_tables_of_the_state_it_answers(game, players):
    """A World keeps the state's tables at hand, and a run its frame stack and bindings
    (World._at_hand, Frames.stack and env_table): whatever a game does, after every answer in
    place they are the state's own, never a table the state no longer holds."""
    engine = loaded(game)
    state = engine.new_game(players=players, seed=4)
    agents = random_agents(4, players)
    tables = {"thing_table": "things", "contents_table": "in", "kinds_table": "kinds", "owned_table": "owned",
              "counters_table": "counters", "global_table": "global"}
    while (decision := engine.decision(state)) is not None:
        engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)
        kept = engine._kept
        assert kept.stack is state["frames"] and kept.env_table is state["envs"]
        for field, key in tables.items():
            assert getattr(kept.world, field) is state[key], field
