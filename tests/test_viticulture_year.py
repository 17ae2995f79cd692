"""Viticulture's year, rule by rule: what happens at the end of a year and what structures
give, checked in real games where every player passes whenever they can."""

import pytest

from engine.interp import tslots as T
from engines import legal, loaded


@pytest.fixture(scope="module")
def game():
    return loaded("viticulture")


def passing(game, state, until_round: int, until_phase: str = "spring"):
    """Answer 'pass' when it is an option, else the first option, until that round and phase."""
    while state["pending"] is not None:
        flow = state["flow"]
        if flow["round"] == until_round and flow["phase"] == until_phase:
            return state
        keys = [key for key, _label in legal(game, state)]
        state = game.apply(state, "pass" if "pass" in keys else keys[0])
    return state


def summer(game, players=2, seed=1):
    return game.skip_to(game.new_game(players=players, seed=seed), "summer")


def test_residual_payments_are_paid_at_the_end_of_the_year(game):
    state = game.edit(summer(game), 0, counters={"residual": 3, "lira": 0})
    after = passing(game, state, 2)
    assert after["counters"][0]["lira"] == 3
    assert after["counters"][0]["residual"] == 3  # the track never resets


def test_grapes_and_wines_age_at_the_end_of_the_year_within_the_cellar(game):
    state = game.edit(summer(game), 0, effect="gain 1 red grape of value 3, then gain 1 red wine of value 3, "
                                              "then gain 1 white grape of value 9")
    after = passing(game, state, 2)
    tokens = sorted((after["things"][t][T.KIND], after["things"][t][T.ATTRS]["value"])
                    for t in after["in"]["p0.crush_pad"] + after["in"]["p0.cellar"])
    assert tokens == [("red_grape", 4), ("red_wine", 3), ("white_grape", 9)]  # no medium cellar: wine stays 3


def test_a_hand_over_seven_cards_is_cut_down_to_seven_by_its_owner(game):
    state = game.edit(summer(game), 0, effect="draw 6 vines")
    assert len(state["in"]["p0.hand"]) > 7
    after = passing(game, state, 2)
    assert len(after["in"]["p0.hand"]) == 7


def test_the_first_player_token_passes_to_the_right_each_year(game):
    state = summer(game, players=3)
    first = state["flow"]["first"]
    after = passing(game, state, 2)
    assert after["flow"]["first"] == (first - 1) % 3


def test_the_temporary_worker_goes_back_at_the_end_of_the_year(game):
    state = game.edit(summer(game), 0, effect="gain 1 temporary worker")
    assert any(state["things"][t][T.KIND] == "temporary_worker" for t in state["in"]["p0.supply"])
    after = passing(game, state, 2)
    assert not any(after["things"][t][T.KIND] == "temporary_worker" for t in after["in"]["p0.supply"])


def test_the_windmill_gives_one_vp_for_planting_at_most_once_a_year(game):
    state = game.edit(summer(game), 0, counters={"vp": 0}, cards={"hand": ["sangiovese", "malvasia"]},
                      effect="gain 1 windmill")
    state = game.begin(state, 0, effect="plant 1 vine")
    while state["pending"] and "Place a worker" not in state["pending"]["prompt"]:
        state = game.apply(state, legal(game, state)[0][0])
    state = game.begin(state, 0, effect="plant 1 vine")
    while state["pending"] and "Place a worker" not in state["pending"]["prompt"]:
        state = game.apply(state, legal(game, state)[0][0])
    assert state["counters"][0]["vp"] == 1


def test_the_tasting_room_gives_one_vp_for_a_tour_when_you_have_a_wine(game):
    state = summer(game)
    seat = state["pending"]["player"]
    state = game.edit(state, seat, counters={"vp": 0, "lira": 10},
                      effect="gain 1 tasting room, then gain 1 red wine of value 2")
    state = game.apply(state, "place:give_tour:left:regular_worker")
    assert state["counters"][seat]["vp"] == 1
    assert state["counters"][seat]["lira"] == 12


def test_reaching_twenty_vp_ends_the_game_after_that_year(game):
    state = game.edit(summer(game), 0, counters={"vp": 20})
    state = passing(game, state, 2)
    assert game.decision(state) is None and game.is_over(state)
    assert game.result(state)["winners"] == [0]


def test_a_player_who_fell_below_twenty_vp_after_reaching_it_still_ends_the_game(game):
    state = game.edit(summer(game), 0, counters={"vp": 20})
    state = game.apply(state, "pass")  # a turn is over: the end is noted
    state = game.edit(state, 0, counters={"vp": 18})
    state = passing(game, state, 2)
    assert game.decision(state) is None and game.is_over(state)
