"""Which effects can fail: the static answer that lets the engine skip feasibility trials.

A wrong "cannot fail" would offer a move that cannot be carried out, so the
rules are pinned on small effects, and in real games every option the
analysis calls sure is checked against a trial.
"""

from __future__ import annotations

import pytest

from engine.interp.fallible import can_fail
from engines import loaded
from sure_options_check import checked_settled_trials, checked_sure_options


@pytest.fixture(scope="module")
def engine():
    return loaded("viticulture")


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
    assert len(checked_sure_options(engine, monkeypatch, players=3, seeds=(1, 2))) > 100


def test_a_trial_stops_early_only_where_a_full_trial_succeeds(engine, monkeypatch):
    """A trial ends as soon as nothing left in its region can fail; over real games, a full
    trial from each such point finds a way to finish too."""
    assert checked_settled_trials(engine, monkeypatch, players=4, seeds=(2,)) > 100
