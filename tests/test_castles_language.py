"""Castles of Burgundy rules written with the language's newer steps: the die turned by
workers ("adjust ... wrapping around, paying 1 worker per step"), a castle's free action
("any value from 1 to 6"), conversions "at least 1", a bought card kept "other than" the
old projects, bonuses done "if possible", and animal sets scored as sets of different kinds.
"""

from __future__ import annotations

import pytest

from engine.interp import tslots as T
from engines import legal, loaded
from sure_options_check import checked_settled_trials, checked_sure_options


@pytest.fixture(scope="module")
def game():
    return loaded("castles-of-burgundy-cards")


@pytest.fixture(scope="module")
def base(game):
    return game.new_game(players=2, seed=1)


def cards(state, place):
    return [state["things"][t][T.CARD] for t in state["in"].get(place, [])]


def keys(state):
    return [key for key, _label in legal(loaded("castles-of-burgundy-cards"), state)]


def pick(game, state, words):
    """Answer with the option whose label contains ``words``."""
    for key, label in legal(game, state):
        if words in label:
            return game.apply(state, key)
    raise AssertionError(f"no option {words!r} in {legal(game, state)}")


def test_marina_turns_a_2_into_a_6_with_two_workers(game, base):
    """Rulebook, workers: 2 -> 1 -> 6 costs two worker cards; then a mine of die 6 is placed."""
    state = game.edit(base, 0, counters={"worker": 2, "silver": 0}, cards={"project_area": ["mine_6"]})
    state = game.begin(state, 0, effect="act with die 2")
    assert legal(game, state)[0] == ["value:2", "keep 2"]
    assert dict(map(tuple, legal(game, state)))["value:6"] == "6 (pay 2 workers)"
    assert "value:5" not in keys(state)  # three steps away, two workers
    state = game.apply(state, "value:6")
    state = pick(game, state, "place 1 project")
    assert state["counters"][0]["worker"] == 0 and state["counters"][0]["silver"] == 2
    assert "mine_6" not in cards(state, "p0.project_area")


def test_tolya_converts_five_workers_and_one_silver_into_two_points(game, base):
    """Rulebook, action 6: six cards returned, two victory points."""
    state = game.edit(base, 0, counters={"worker": 5, "silver": 1, "vp": 0})
    state = game.begin(state, 0, effect="act with die 4")
    state = game.apply(state, "value:4")
    state = pick(game, state, "convert at least 1 victory point")
    state = pick(game, state, "pay 1 silver and 2 workers")
    assert state["pending"]["prompt"] == "Once more? (1 done)"
    state = game.apply(state, "yes")  # the only way left: 3 workers; then nothing is left to ask
    assert state["counters"][0] == {**state["counters"][0], "worker": 0, "silver": 0, "vp": 2}


def test_a_castle_lets_the_player_name_any_die_value(game, base):
    state = game.edit(base, 0, counters={"worker": 0, "silver": 0}, cards={"project_area": ["castle_2"]})
    state = game.begin(state, 0, effect="place 1 project with die 2")
    assert keys(state) == [f"value:{value}" for value in range(1, 7)]


def test_a_bought_card_kept_with_three_projects_pushes_out_an_old_one(game, base):
    state = game.edit(base, 0, effect="discard every action card in your project area")
    state = game.edit(state, 0, counters={"silver": 3, "purchase": 0},
                      cards={"project_area": ["mine_1", "mine_2", "mine_3"]})
    top = state["in"]["action_deck"][-1]
    state = game.begin(state, 0, effect="buy 3 action cards")
    state = game.apply(state, f"card:{state['things'][top][T.CARD]}@revealed")
    state = pick(game, state, "move Kept to your project area")
    assert all(key.startswith("card:mine_") for key in keys(state))  # the new card is not offered
    state = game.apply(state, keys(state)[0])
    assert top in state["in"]["p0.project_area"] and len(state["in"]["p0.project_area"]) == 3


def test_a_church_with_nothing_to_take_is_placed_and_its_bonus_is_lost(game, base):
    state = game.edit(base, 0, effect="discard every action card on each display row")
    state = game.edit(state, 0, counters={"silver": 0}, cards={"project_area": ["church_4"], "row_2": ["ship_2"]})
    state = game.begin(state, 0, effect="place 1 project with die 4")
    assert "church_4" not in cards(state, "p0.project_area")
    skipped = [e["text"] for e in game.events(state) if e["type"] == "skipped"]
    assert skipped and skipped[-1].startswith("nothing could be done (choose one: claim 1 castle")


def test_a_church_offers_only_the_types_on_display(game, base):
    state = game.edit(base, 0, effect="discard every action card on each display row")
    state = game.edit(state, 0, cards={"project_area": ["church_4"], "row_3": ["mine_3", "ship_3"],
                                       "row_5": ["castle_5"]})
    state = game.begin(state, 0, effect="place 1 project with die 4")
    assert [label for _key, label in legal(game, state)] == ["claim 1 castle", "claim 1 mine"]


def test_a_city_hall_without_projects_does_nothing_more(game, base):
    state = game.edit(base, 0, effect="discard every action card in your project area")
    state = game.edit(state, 0, cards={"project_area": ["city_hall_1"]})
    state = game.begin(state, 0, effect="place 1 project with die 1")
    assert any(e["type"] == "skipped" and "place 1 project" in e["text"] for e in game.events(state))


def test_the_rulebooks_animals_score_three(game, base):
    """Rulebook, end of the game: 3 sheep, 2 cows and 1 rooster score 3 (2 + 1 + 0)."""
    empty = game.edit(base, 0, effect="discard every animal in your storage")
    animals = game.edit(empty, 0, cards={"storage": ["animal_sheep"] * 3 + ["animal_cow"] * 2 + ["animal_chicken"]})
    assert game.result(animals)["scores"][0] - game.result(empty)["scores"][0] == 3
    four_kinds = game.edit(empty, 0, cards={"storage": ["animal_sheep", "animal_cow", "animal_chicken", "animal_pig"]})
    assert game.result(four_kinds)["scores"][0] - game.result(empty)["scores"][0] == 4


def test_every_option_called_sure_survives_a_trial_in_real_games(game, monkeypatch):
    """The static "cannot fail" answers for adjust, any value and if possible, checked in play."""
    checked = checked_sure_options(game, monkeypatch, players=2, seeds=(1,))
    assert any(key.startswith("value:") for key in checked)


def test_every_set_a_project_may_go_into_is_let_through_untried_and_survives_a_trial(game, monkeypatch):
    """Moving a project into the estate cannot fail (every card has a set to join or start, and
    completing one cannot fail), so each answer to "where does it go?" is sure: checked in play."""
    checked = checked_sure_options(game, monkeypatch, players=2, seeds=(1,))
    assert any(key.startswith(("set:", "new set:")) for key in checked)


def test_a_trial_stops_early_only_where_a_full_trial_succeeds(game, monkeypatch):
    """The early end of a trial (nothing left can fail), checked against full trials in play."""
    assert checked_settled_trials(game, monkeypatch, players=3, seeds=(3,)) > 20


def test_claiming_from_a_row_offers_the_cards_of_the_row_of_that_die_only(game, base):
    """"on each display row of die Row": the rows are places filtered by their die, as things are."""
    state = game.edit(base, 0, effect="discard every action card on each display row")
    state = game.edit(state, 0, cards={"project_area": [], "row_3": ["ship_3", "mine_3"], "row_4": ["castle_5"]})
    asked = game.begin(state, 0, effect="claim 1 action card from row 3")
    assert game.decision(asked).prompt == "Choose 1 action cards on each display row of die 3:"  # the number, not Row
    assert sorted(label for _key, label in legal(game, asked)) == ["Mine (die 3)", "Ship (die 3)"]
    taken = pick(game, asked, "Mine")
    assert cards(taken, "p0.project_area") == ["mine_3"]
    assert cards(taken, "row_3") == ["ship_3"] and cards(taken, "row_4") == ["castle_5"]
    alone = game.begin(state, 0, effect="claim 1 action card from row 4")  # one card: taken unasked
    assert cards(alone, "p0.project_area") == ["castle_5"]


def test_claiming_from_an_empty_row_is_refused_in_the_words_of_the_pick(game, base):
    state = game.edit(base, 0, effect="discard every action card on each display row")
    state = game.edit(state, 0, counters={"worker": 0}, cards={"row_4": ["castle_5"]})
    asked = game.begin(state, 0, effect="act with die 3")
    decision = game.decision(asked)
    keys_shown = {option.label: option.key for option in decision.candidates}
    assert decision.reason(keys_shown["claim 1 action card from row 3"]) == (
        "not allowed: claim 1 action card from row 3: needs 1 action cards, there are 0")
    assert "claim 1 action card from row 3" not in [label for _key, label in legal(game, asked)]
