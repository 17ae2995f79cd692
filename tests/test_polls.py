"""A poll ("each player may ...", "each opponent may ...") asks the players in turn order; with a
"who" it asks only the players that names: "who has not passed" (in the phase under way), "who
has passed", or "who has at least ..."."""

from __future__ import annotations

import pytest

from engine.effects import parse_effect, render
from engine.effects.check import check
from engines import loaded


@pytest.fixture(scope="module")
def game():
    return loaded("viticulture")


@pytest.fixture(scope="module")
def summer(game):
    """Summer of a 3-player game, after the first player has passed."""
    state = game.skip_to(game.new_game(players=3, seed=1), "summer")
    return game.apply(state, "pass")


def asked(game, state, seat: int, effect: str) -> list[int]:
    """Who is asked, in order, when ``seat`` carries out ``effect`` (each answering no)."""
    state = game.begin(state, seat, effect=effect)
    players = []
    while (decision := game.decision(state)) is not None and decision.source == "scenario":
        players.append(decision.player)
        state = game.apply(state, "no")
    return players


@pytest.mark.parametrize("text", ["each player who has not passed may gain 1 lira",
                                  "each opponent who has passed may gain 1 lira",
                                  "each opponent who has at least 2 lira may pay 2 lira to gain 1 vp"])
def test_a_poll_with_a_who_reads_back_as_written(text):
    assert render(parse_effect(text)) == text


def test_only_the_players_who_have_not_passed_are_asked(game, summer):
    passer = summer["flow"]["passed"][0]
    everybody = asked(game, summer, 0, "each player may gain 1 lira")
    assert sorted(everybody) == [0, 1, 2]
    assert asked(game, summer, 0, "each player who has not passed may gain 1 lira") == [
        seat for seat in everybody if seat != passer]
    assert asked(game, summer, 0, "each player who has passed may gain 1 lira") == [passer]


def test_who_has_passed_counts_players_too(game, summer):
    passer = summer["flow"]["passed"][0]
    seat = (passer + 1) % 3
    before = summer["counters"][seat]["lira"]
    state = game.begin(summer, seat, effect="for each opponent who has passed: gain 1 lira")
    assert state["counters"][seat]["lira"] == before + 1
    state = game.begin(summer, seat, effect="for each opponent who has not passed: gain 1 lira")
    assert state["counters"][seat]["lira"] == before + 1


def test_a_poll_cannot_ask_the_players_who_did_before_it_has_asked_anybody(game):
    problems, _calls = check(parse_effect("each player who did may gain 1 lira"), game.game.vocabulary)
    assert [problem.code for problem in problems] == ["E304"]
