"""The solo game of the Castles of Burgundy card game: the player against a virtual opponent."""

from __future__ import annotations

import copy

import pytest

from engine.agents import random_agents
from engine.interp import tslots as T
from engines import loaded


@pytest.fixture(scope="module")
def game():
    return loaded("castles-of-burgundy-cards")


def rival_cards(state) -> list[str]:
    """The cards in the rival estate (they lie in sets inside it)."""
    found = []
    for entry in state["in"].get("rival_estate", []):
        found += state["in"].get(entry, []) if state["things"][entry][T.KIND] == "set" else [entry]
    return found


def play_round(game, state, agents):
    round_ = state["flow"]["round"]
    while state["flow"]["round"] == round_ and (decision := game.decision(state)) is not None:
        state = game.apply(state, agents[decision.player].choose(None, decision))
    return state


def test_the_opponent_sorts_3_4_5_6_then_7_cards_into_its_estate(game):
    state, agents = game.new_game(players=1, seed=4), random_agents(4, 1)
    sizes = []
    while game.decision(state) is not None:
        sizes.append(len(rival_cards(state)))
        state = play_round(game, state, agents)
    assert sizes[:5] == [3, 7, 12, 18, 25][:len(sizes)]


def test_the_player_gains_a_victory_point_for_every_monastery_the_opponent_places(game):
    state = game.new_game(players=1, seed=9)
    monasteries = sum(1 for t in rival_cards(state) if state["things"][t][T.KIND] == "monastery")
    assert state["counters"][0]["vp"] == monasteries


def test_its_monasteries_never_join_other_types(game):
    state, agents = game.new_game(players=1, seed=2), random_agents(2, 1)
    while game.decision(state) is not None:
        state = play_round(game, state, agents)
    for entry in state["in"]["rival_estate"]:
        kinds = {state["things"][t][T.KIND] for t in state["in"].get(entry, [])}
        assert len(kinds) == 1  # every set holds one type only


def test_an_opponent_ahead_after_a_round_wins_at_once(game):
    state, agents = game.new_game(players=1, seed=1), random_agents(1, 1)
    ahead = copy.deepcopy(state)
    ahead["global"]["rival_point"] = 50
    ahead = play_round(game, ahead, agents)
    assert game.decision(ahead) is None and ahead["flow"]["round"] == 1
    outcome = game.result(ahead)
    assert outcome["winners"] == [] and outcome["opponent"]["score"] >= 50
    assert any(e["text"] == "Virtual opponent is ahead and wins" for e in ahead["events"])


def test_a_tie_at_the_end_is_the_player_s_win(game):
    state, agents = game.new_game(players=1, seed=1), random_agents(1, 1)
    while game.decision(state) is not None:
        state = game.apply(state, agents[0].choose(None, game.decision(state)))
    outcome = game.result(state)
    tied = copy.deepcopy(state)
    gap = outcome["scores"][0] - outcome["opponent"]["score"]
    # the side behind catches up: rival points may not go below 0 (a negative counter counts
    # as none), and the opponent's bonus cards may be worth more than the player's score
    if gap >= 0:
        tied["global"]["rival_point"] += gap
    else:
        tied["counters"][0]["vp"] -= gap
    if state["flow"].get("opponent_won"):
        del tied["flow"]["opponent_won"]
    assert game.result(tied)["opponent"]["score"] == game.result(tied)["scores"][0]
    assert game.result(tied)["winners"] == [0]
    behind = copy.deepcopy(tied)  # one point more for the opponent: the player loses
    behind["global"]["rival_point"] += 1
    assert game.result(behind)["winners"] == []


def test_the_virtual_opponent_s_things_are_called_rival_in_effects(game):
    """Ruling rival_names: the effect language keeps "opponent" for the other players, so the
    virtual opponent's points, estate and bonus area are the rival's; its points are the game's,
    not the player's."""
    state = game.new_game(players=1, seed=1)
    points, counters = state["global"]["rival_point"], dict(state["counters"][0])
    state = game.begin(state, 0, effect="gain 2 rival points")
    assert state["global"]["rival_point"] == points + 2 and state["counters"][0] == counters
    places = {place: game.game.item("places", place)["name"] for place in ("rival_estate", "rival_bonus_area")}
    assert places == {"rival_estate": "rival estate", "rival_bonus_area": "rival bonus area"}
