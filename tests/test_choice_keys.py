"""The keys of a "choose one": each option answered by its own words, not by its place.

A designer's scenario, a transcript and a bot all name an option by its key, so a key says
what the option does ("sell_1_field") and does not move when the options are reordered.
"""

from __future__ import annotations

import pytest

from engine.interp.decisions import IllegalAnswer
from engine.interp.labels import KEY_LENGTH, _keys
from engines import begun, legal, loaded


@pytest.fixture(scope="module")
def game():
    return loaded("viticulture")


@pytest.fixture(scope="module")
def summer(game):
    return game.skip_to(game.new_game(players=2, seed=1), "summer")


def asked(game, summer, effect, **counters):
    return begun(game, summer, effect, **counters)[1]


def keys(game, state):
    return [key for key, _label in legal(game, state)]


def test_an_option_is_answered_by_its_words(game, summer):
    state = asked(game, summer, "choose one: gain 2 lira; or gain 1 vp", lira=0, vp=0)
    assert keys(game, state) == ["gain_2_lira", "gain_1_vp"]
    after = game.apply(state, "gain_1_vp")
    seat = summer["pending"]["player"]
    assert (after["counters"][seat]["lira"], after["counters"][seat]["vp"]) == (0, 1)


def test_reordering_the_options_keeps_each_key(game, summer):
    state = asked(game, summer, "choose one: gain 1 vp; or gain 2 lira")
    assert keys(game, state) == ["gain_1_vp", "gain_2_lira"]


def test_the_place_of_an_option_is_not_an_answer(game, summer):
    state = asked(game, summer, "choose one: gain 2 lira; or gain 1 vp")
    with pytest.raises(IllegalAnswer):
        game.apply(state, "0")


def test_a_long_option_is_keyed_by_what_it_finally_gains():
    label = "choose 1 red grape on your crush pad ... gain 1 red wine"
    assert _keys([label]) == ("gain_1_red_wine",)


def test_a_key_is_cut_at_a_word():
    label = "pay 2 silver and 1 worker to gain 1 victory point when the moon is full"
    (key,) = _keys([label])
    assert len(key) <= KEY_LENGTH and label.replace(" ", "_").startswith(key) and not key.endswith("_")


def test_a_word_said_twice_in_a_row_is_keyed_once():
    """A bound name after its noun ("with die Die") does not double the word in the key."""
    assert _keys(["sell all goods with die Die", "gain 1 silver"]) == ("sell_all_goods_with_die", "gain_1_silver")


def test_two_options_of_the_same_words_are_told_apart():
    assert _keys(["gain 1 vp", "gain 1 vp", "gain 1 vp"]) == ("gain_1_vp", "gain_1_vp_2", "gain_1_vp_3")


def test_an_option_never_takes_the_key_of_both_or_a_bare_number():
    assert _keys(["both", "3", "..."]) == ("both_2", "option_2", "option_3")


def test_both_is_still_the_key_of_taking_every_option(game, summer):
    state = asked(game, summer, "choose one, or both if you pay 1 lira: gain 1 lira; or gain 1 vp", lira=2)
    assert keys(game, state) == ["gain_1_lira", "gain_1_vp", "both"]


def test_a_choose_two_offers_the_options_left_by_their_keys(game, summer):
    state = asked(game, summer, "choose two: gain 1 lira; or gain 1 vp; or draw 1 vine")
    state = game.apply(state, "gain_1_vp")
    assert keys(game, state) == ["gain_1_lira", "draw_1_vine"]
