"""A placement hands its way on: the walk that found a worker's action possible (judged with
the worker standing on its slot) went through the action's first question and took one of its
answers there, so at that question the answer is legal untried (runtime.py, ``_handed_key``).
A wrong hand-off would offer a move that cannot be carried out, so over random games every
answer handed on is checked against a full trial on a copy of the state.
"""

from __future__ import annotations

import collections

import pytest

from engine.agents import random_agents
from engine.interp import runtime
from engine.interp import slots as F
from engines import loaded


def handed_against_trials(engine, monkeypatch, players: int, seeds) -> collections.Counter:
    """Play random games, answering in place as a simulation does (the runtime that asked is
    the one that answers, so what it judged is handed on), with every answer handed on checked
    against a trial; count them by the kind of question."""
    seen = collections.Counter()
    handed_key = runtime._handed_key

    def checked(rt, frames, depth, way):
        key = handed_key(rt, frames, depth, way)
        if key is not None:
            budget = rt.budget
            assert rt.try_option(key, depth) is None, f"{key!r} was handed on, but a trial finds it illegal"
            rt.budget = budget
            seen["handed"] += 1
            seen[type(rt.game.nodes[frames[-1][F.NODE]]).__name__] += 1
        return key

    monkeypatch.setattr(runtime, "_handed_key", checked)
    for seed in seeds:
        agents = random_agents(seed, players)
        state = engine.new_game(players=players, seed=seed)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)
    return seen


@pytest.mark.parametrize("players, seeds", [(2, (1, 2)), (4, (3,)), (6, (4,))])
def test_the_answer_a_placement_was_judged_by_is_legal_at_the_actions_first_question(players, seeds, monkeypatch):
    seen = handed_against_trials(loaded("viticulture"), monkeypatch, players, seeds)
    assert seen["handed"] > 20, seen
    for question in ("Choice", "Play", "ForEachOf"):  # a space's choice, a visitor played, fields harvested
        assert seen[question] > 0, seen


def test_an_answer_handed_on_spares_a_walk_and_changes_no_game(monkeypatch):
    """The same seed plays the same game with the hand-off and without it, with fewer answers
    walked."""
    from engine.interp import verdict

    engine = loaded("viticulture")
    walks = collections.Counter()
    real_answers = verdict.answers

    def counted(rt, depth):  # (the walk of a question's answers; Walk itself is a C type, compiled)
        judge = real_answers(rt, depth)
        if judge is None:
            return None

        def walked(key):
            walks[mode] += 1
            return judge(key)
        return walked

    monkeypatch.setattr(verdict, "answers", counted)
    answers = {}
    for mode in ("on", "off"):
        if mode == "off":
            monkeypatch.setattr(runtime, "_handed_key", lambda *args: None)
        agents = random_agents(5, 4)
        state = engine.new_game(players=4, seed=5)
        keys = answers[mode] = []
        while (decision := engine.decision(state)) is not None:
            keys.append(agents[decision.player].choose(None, decision))
            state = engine.apply(state, keys[-1], in_place=True)
    assert answers["on"] == answers["off"]
    assert walks["on"] < walks["off"] * 0.95, walks
