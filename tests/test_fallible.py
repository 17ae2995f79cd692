"""Which effects can fail: the static answer that lets the engine skip feasibility trials.

A wrong "cannot fail" would offer a move that cannot be carried out, so the
rules are pinned on small effects, and in real games every option the
analysis calls sure is checked against a trial.
"""

from __future__ import annotations

import pytest

from engine.agents import random_agents
from engine.interp import runtime
from engine.interp.fallible import can_fail
from engine.interpreter import Engine


@pytest.fixture(scope="module")
def engine():
    return Engine.load(["viticulture"])


def fails(engine, text: str) -> bool:
    return can_fail(engine.game, engine.game.add_effect(text))


@pytest.mark.parametrize("text", [
    "gain 2 lira.",
    "gain 1 vp and 2 lira.",
    "you may pay 2 lira to gain 1 vp.",
    "choose one: pay 3 lira to gain 2 vp; or gain 1 lira.",
    "each opponent may pay 1 lira to gain 1 vp.",
])
def test_effects_that_always_work_cannot_fail(engine, text):
    assert not fails(engine, text)


@pytest.mark.parametrize("text", [
    "pay 2 lira.",
    "pay 2 lira to gain 1 vp.",
    "discard 1 vine.",
    "draw 1 vine.",
    "choose one: pay 3 lira to gain 2 vp; or pay 1 lira to gain 1 vp.",
])
def test_effects_that_need_something_can_fail(engine, text):
    assert fails(engine, text)


def test_every_option_called_sure_survives_a_trial(engine, monkeypatch):
    """Over real games, an option the analysis lets through untried is one a trial accepts."""
    checked = []
    original = runtime.sure_options

    def verified(game, frames, depth, options, rest):
        sure = original(game, frames, depth, options, rest)
        rt = verified.rt
        if frames is not rt.s["frames"]:
            return sure  # asked inside a trial: the same analysis, checked where it is asked for real
        for key in sure:
            checked.append(key)
            assert rt.try_option(key, depth) is None, f"{key} was called sure but fails"
        return sure

    feasible = runtime.Runtime._feasible_options

    def remember(self, options):
        verified.rt = self
        return feasible(self, options)

    monkeypatch.setattr(runtime, "sure_options", verified)
    monkeypatch.setattr(runtime.Runtime, "_feasible_options", remember)
    for seed in (1, 2):
        agents = random_agents(seed, 3)
        state = engine.new_game(players=3, seed=seed)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision))
    assert len(checked) > 100
