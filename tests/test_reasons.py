"""A reason a player reads: when a condition does not hold, the engine says what is lacking,
not the whole condition as written (values.unmet; the walk and the trial word it alike)."""

from __future__ import annotations

import pytest

from engine.interp.errors import nearer
from engine.interp.runtime import Runtime, clone
from engines import loaded


@pytest.fixture(scope="module")
def summer():
    engine = loaded("viticulture")
    return engine, engine.skip_to(engine.new_game(players=2, seed=1), "summer")


def why_not(engine, state, text: str, seat: int = 0) -> str | None:
    """Why ``seat`` cannot carry out the effect ``text`` now (None: they can)."""
    root = engine.game.add_effect(text)
    return Runtime(engine.game, clone(state), engine.flow).can_do(root, seat, "test")


def test_of_an_and_only_the_part_that_does_not_hold_is_said(summer):
    engine, state = summer
    assert why_not(engine, state, "only if you have at least 0 lira and you have at least 99 lira: gain 1 vp") == (
        "needs: you have at least 99 lira")


def test_of_a_nested_and_the_innermost_part_that_fails_is_said(summer):
    engine, state = summer
    text = ("let Most be 2, then let Total be 5, then only if you have at least 0 lira and "
            "(Total is at least 1 and Total is at most Most): gain 1 vp")
    assert why_not(engine, state, text) == "needs: Total is at most Most"


def test_a_name_bound_to_a_thing_is_said_by_the_thing_s_name_with_the_value_read(summer):
    engine, state = summer
    state = engine.edit(state, 0, cards={"hand": ["syrah"]})
    assert why_not(engine, state, "choose 1 vine in your hand as Vine, then only if the value of Vine is at "
                                  "least 99: gain 1 vp") == "needs: the value of Syrah (2) is at least 99"


def test_a_modifier_the_call_was_not_given_is_left_out_of_an_or(summer):
    """Planting without the structure a vine needs: the body reads '(IgnoreRequirements or you
    have the requirements of Vine) and (...)'; the player is told only what they lack, and what
    the vine requires."""
    engine, state = summer
    state = engine.edit(state, 0, cards={"hand": ["syrah"]})
    assert why_not(engine, state, "plant 1 vine") == "needs: you have the requirements of Syrah (trellis)"


def test_when_no_structure_can_be_built_the_cheapest_one_s_price_is_said(summer):
    """The structures on a mat lie in their names' order, the cottage (4 lira) first; the reason
    names what the trellis or yoke (2 lira) would need, not the cottage."""
    engine, state = summer
    state = engine.edit(state, 0, counters={"lira": 1})
    assert why_not(engine, state, "build 1 structure") == "needs 2 lira, you have 1"


def test_a_shortfall_of_another_kind_does_not_replace_the_first_reason():
    assert nearer("needs 4 lira, you have 1", "needs 2 vp, you have 1") == "needs 4 lira, you have 1"
    assert nearer("needs: you have 1 trellis", "needs 2 lira, you have 1") == "needs: you have 1 trellis"
    assert nearer("needs 3 vine, there are 0", "needs 2 vine, there is 1") == "needs 2 vine, there is 1"



def test_a_shortfall_of_one_names_the_resource_in_the_singular():
    """"needs 1 worker", not "needs 1 workers"; two or more take the plural (Castles' workers)."""
    engine = loaded("castles-of-burgundy-cards")
    poor = engine.edit(engine.new_game(players=2, seed=1), 0, counters={"worker": 0})
    assert why_not(engine, poor, "pay 1 worker to gain 1 silver") == "needs 1 worker, you have 0"
    assert why_not(engine, poor, "pay 2 workers to gain 1 silver") == "needs 2 workers, you have 0"
