"""What each player may see in the Castles of Burgundy card game.

A player's six die cards lie face down: nobody sees them, not even their
owner, until they are taken into the hand of two; other players see only
how many cards there are. Every action card has the same back.
"""

from __future__ import annotations

import copy

import pytest

from engines import loaded


@pytest.fixture(scope="module")
def game():
    return loaded("castles-of-burgundy-cards")


@pytest.fixture(scope="module")
def first_turn(game):
    return game.new_game(players=2, seed=3)


def test_the_owner_sees_the_two_cards_in_hand_and_the_opponent_only_their_backs(game, first_turn):
    mine, theirs = game.view(first_turn, 0), game.view(first_turn, 1)
    hand = first_turn["in"]["p0.die_hand"]
    assert len(hand) == 2
    assert [entry["id"] for entry in mine["places"]["p0.die_hand"]] == hand
    assert theirs["places"]["p0.die_hand"] == [{"back": "action_deck"}] * 2


def test_the_die_stack_is_face_down_even_for_its_owner(game, first_turn):
    stack = first_turn["in"]["p0.die_stack"]
    for seat in (0, 1):
        assert game.view(first_turn, seat)["places"]["p0.die_stack"] == [{"back": "action_deck"}] * len(stack)


def test_no_event_names_a_face_down_card(game, first_turn):
    for seat in (0, 1):
        for event in game.view(first_turn, seat)["events"]:
            if event.get("to", "").endswith("die_stack"):
                assert "thing" not in event and event["text"] == "a card moved to die stack"
            if event.get("to") == "p0.die_hand" and seat == 1:
                assert "thing" not in event


def test_a_view_does_not_change_when_only_face_down_cards_are_reordered(game, first_turn):
    shuffled = copy.deepcopy(first_turn)
    shuffled["in"]["p1.die_stack"].reverse()
    for seat in (0, 1):
        assert game.view(shuffled, seat)["places"] == game.view(first_turn, seat)["places"]


def test_a_decision_shows_the_die_value_of_each_card_in_hand(game, first_turn):
    decision = game.decision(first_turn)
    assert decision.player == 0
    assert all("(die " in option.label for option in decision.options)


def test_staging_cards_under_a_pending_pick_offers_the_new_cards(game):
    """A scenario that changes the die hand while its question is pending gets the question afresh."""
    state = game.new_game(players=2, seed=3)
    state = game.edit(state, 0, effect="discard every action card in your die hand", refresh=False)
    state = game.edit(state, 0, cards={"die_hand": ["monastery_2", "knowledge_4"]})
    keys = game.decision(state).keys()
    assert keys == ("card:monastery_2@p0.die_hand", "card:knowledge_4@p0.die_hand")
