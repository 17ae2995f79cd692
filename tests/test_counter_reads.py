"""A walk changes counters on a copy only when a step it can still reach reads them.

A walk (engine/interp/verdict.py) works a gain or a payment out on a branch of its own, so
that later steps read the counters as they would be then. reads.py says, from the words
alone, which counters an effect could read; a walk that meets a gain or a payment whose
counter no step it can still reach reads (up to the last step that could fail) reads on from
the state as it is. Its verdicts stay the trial's.
"""

from __future__ import annotations

import pytest

from engine.interp import runtime, verdict
from engine.interp.frames import NO_NOUNS
from engine.interp.reads import counters_read
from engines import loaded


@pytest.mark.parametrize("game, effect, read", [
    ("viticulture", "pay 3 lira, then gain 1 vp.", {"lira", "vp"}),
    ("viticulture", "draw 1 vine, then discard 1 vine.", set()),
    ("viticulture", "if you have 2 lira: draw 1 vine", {"lira"}),
    # a procedure's call reads what its body reads; one that something triggers after, any counter
    ("viticulture", "train 1 worker.", {"lira"}),
    ("viticulture", "plant 1 vine.", None),
    # where things lie in sets, a move may complete one and run its completion effect: any
    ("castles-of-burgundy-cards", "choose 1 action card in your project area as Card, then move Card to your estate.",
     None),
])
def test_the_counters_an_effect_reads_are_the_resources_its_words_name(game, effect, read):
    engine = loaded(game)
    found = counters_read(engine.game, engine.game.entry_of(engine.game.add_effect(effect)))
    assert found == (None if read is None else frozenset(read))


def _walk(lira: int = 5):
    """A walk over a Viticulture game in which the first player holds ``lira``."""
    engine = loaded("viticulture")
    state = engine.edit(engine.new_game(players=2, seed=3), 0, counters={"lira": lira})
    rt = runtime.Runtime(engine.game, runtime.clone(state), engine.flow)
    rt.s["pending"] = None
    return engine.game, rt


@pytest.mark.parametrize("effect, step, resource, read", [
    # after the gain: the payment and the draw read no victory points, so the gain needs no copy
    ("gain 1 vp, then pay 3 lira, then draw 1 vine.", 1, "vp", False),
    # the payment after it reads the lira gained
    ("gain 1 lira, then pay 3 lira, then draw 1 vine.", 1, "lira", True),
    # past the last step that could fail, the walk reads nothing more
    ("gain 1 vp, then draw 1 vine, then gain 1 vp.", 1, "vp", False),
    ("pay 1 lira, then draw 1 vine, then if you have 2 lira: pay 1 vp.", 1, "lira", True),
])
def test_a_step_the_walk_can_still_reach_reads_the_counter(effect, step, resource, read):
    game, rt = _walk()
    number = game.entry_of(game.add_effect(effect))
    rest = ((0, 0, 0, NO_NOUNS, number, step),)
    assert verdict._read_ahead(verdict.Walk(rt, True), rest, resource) is read


@pytest.mark.parametrize("effect, works", [
    ("gain 1 lira, then pay 6 lira, then draw 1 vine.", True),  # the gain is read: worked out on a copy
    ("gain 1 vp, then pay 6 lira, then draw 1 vine.", False),
    ("gain 1 vp, then pay 5 lira, then draw 1 vine.", True),  # neither is read after: no copy
    # the payment is read by the condition: with 4 lira left, no 99 vp are paid
    ("pay 1 lira, then draw 1 vine, then if you have 5 lira: pay 99 vp.", True),
    ("pay 1 lira, then draw 1 vine, then if you have 4 lira: pay 99 vp.", False),
])
def test_a_walk_that_skips_a_copy_says_what_a_trial_says(effect, works):
    game, rt = _walk(lira=5)
    root = game.add_effect(effect)
    found, by_trial = verdict.can_do(rt, [root], 0), rt.can_do_by_trial([root], 0, "test")
    assert found is not None, "the walk should read this shape"
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial
