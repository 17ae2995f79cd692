"""Setting up, dealing and ending in the Castles of Burgundy card game (rulebook, setup, end of
round and end of game), with the rulings the rulebook left to us there."""

from __future__ import annotations

import copy

import pytest

from engine.interp import tslots as T
from engines import legal, loaded


@pytest.fixture(scope="module")
def game():
    return loaded("castles-of-burgundy-cards")


def rows(state) -> list[list[str]]:
    return [state["in"].get(f"row_{value}", []) for value in range(1, 7)]


def die(game, state, tid: str) -> int:
    return game.game.item("cards", state["things"][tid][T.CARD])["attributes"]["die"]


@pytest.mark.parametrize("players, size", [(2, 7), (3, 10), (4, 13)])
def test_the_display_holds_7_10_or_13_cards(game, players, size):
    state = game.new_game(players=players, seed=5)
    assert sum(len(row) for row in rows(state)) == size


@pytest.mark.parametrize("players, passes", [(2, 1), (3, 1), (4, 2)])
def test_each_row_gets_a_card_first_and_the_rest_goes_by_its_own_die(game, players, passes):
    """The rulebook's 3-player example: six cards one per row, the last four to the row of their die."""
    state = game.new_game(players=players, seed=11)
    dealt = [e for e in state["events"] if e["type"] == "dealt" and str(e.get("to", "")).startswith("row_")]
    first, rest = dealt[:6 * passes], dealt[6 * passes:]
    assert [e["to"] for e in first] == [f"row_{v}" for _ in range(passes) for v in range(1, 7)]
    assert rest and all(e["to"] == f"row_{die(game, state, e['thing'])}" for e in rest)


@pytest.mark.parametrize("players, workers", [(2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 1, 2])])
def test_starting_workers_go_by_turn_order(game, players, workers):
    state = game.new_game(players=players, seed=2)
    assert [state["counters"][seat]["worker"] for seat in range(players)] == workers


@pytest.mark.parametrize("players, stack", [(2, [3, 1]), (3, [4, 2, 1]), (4, [4, 3, 2, 1])])
def test_the_all_types_cards_for_the_player_count_are_stacked_highest_on_top(game, players, stack):
    state = game.new_game(players=players, seed=2)
    top_first = state["in"]["all_types_stack"][::-1]
    assert [game.game.item("cards", state["things"][t][T.CARD])["attributes"]["vp"] for t in top_first] == stack


def test_round_cards_lie_a_on_top(game):
    state = game.new_game(players=2, seed=2)
    top_first = state["in"]["round_stack"][::-1]
    assert [state["things"][t][T.CARD] for t in top_first] == ["round_a", "round_b", "round_c", "round_d", "round_e"]


def test_goods_and_animals_left_after_the_storages_form_two_equal_piles(game):
    state = game.new_game(players=3, seed=4)
    goods = len(state["in"]["goods_pile_a"]) + len(state["in"]["goods_pile_b"])
    animals = len(state["in"]["animal_pile_a"]) + len(state["in"]["animal_pile_b"])
    assert (goods, animals) == (18 - 3, 20 - 3)
    assert abs(len(state["in"]["goods_pile_a"]) - len(state["in"]["goods_pile_b"])) <= 1


def test_every_player_starts_with_six_die_cards_and_holds_two(game):
    state = game.new_game(players=4, seed=8)
    assert (len(state["in"]["p0.die_stack"]), len(state["in"]["p0.die_hand"])) == (4, 2)  # the first player's turn
    assert [len(state["in"][f"p{seat}.die_stack"]) for seat in (1, 2, 3)] == [6, 6, 6]


def test_each_round_has_six_turns_for_every_player_in_turn(game):
    """Turns interleave: everybody's first turn, then everybody's second."""
    from engine.agents import random_agents

    state = game.new_game(players=3, seed=1)
    agents = random_agents(1, 3)
    while state["flow"]["round"] == 1 and (decision := game.decision(state)) is not None:
        state = game.apply(state, agents[decision.player].choose(None, decision))
    drawn = [e["player"] for e in state["events"] if e["type"] == "moved" and e["round"] == 1
             and e.get("to", "").endswith("die_hand")]
    turns = [seat for index, seat in enumerate(drawn) if index == 0 or drawn[index - 1] != seat]
    assert turns == [0, 1, 2] * 5  # two cards in the first turn, one more in turns 2 to 5, none left in turn 6


def test_the_first_player_card_decides_who_starts_each_round(game):
    """Its holder starts the round with it front up; a card still front up at the end passes left,
    a card taken back up by a sale is turned over and its holder starts."""
    from engine.agents import random_agents

    state = game.new_game(players=3, seed=6)
    agents = random_agents(6, 3)
    seen = {}  # round -> (first player, holder, face) at the first decision of the round
    ends = {}  # round -> (holder, face) at the last decision of the round
    while (decision := game.decision(state)) is not None:
        card = state["in"].get("p0.first_player_spot", []) + state["in"].get("p1.first_player_spot", []) \
            + state["in"].get("p2.first_player_spot", [])
        thing = state["things"][card[0]]
        round_ = state["flow"]["round"]
        seen.setdefault(round_, (state["flow"]["first"], thing[T.OWNER], thing[T.ATTRS]["face"]))
        ends[round_] = (thing[T.OWNER], thing[T.ATTRS]["face"])
        state = game.apply(state, agents[decision.player].choose(None, decision))
    assert all(first == holder and face == 1 for first, holder, face in seen.values())
    for round_ in range(1, 5):
        holder, face = ends[round_]
        assert seen[round_ + 1][0] == (holder if face == 0 else (holder + 1) % 3)
    assert any(face == 0 for _holder, face in ends.values())  # somebody sold in this game


def test_the_game_itself_discards_the_display_at_the_end_of_a_round(game):
    """Cards left in the display are discarded by nobody's turn: the log names no player."""
    from engine.agents import random_agents

    state = game.new_game(players=2, seed=3)
    agents = random_agents(3, 2)
    while state["flow"]["round"] == 1 and (decision := game.decision(state)) is not None:
        state = game.apply(state, agents[decision.player].choose(None, decision))
    cleared = [e for e in state["events"] if e["round"] == 1 and e["phase"] == "end" and e["type"] == "discarded"]
    assert cleared and all(e["player"] is None and e["text"].startswith("the game discarded") for e in cleared)


def test_every_round_starts_with_a_new_display_and_six_new_die_cards_each(game):
    """Ruling display_and_dice_at_round_start: the display and the die cards are dealt as each round
    starts, which leaves each round as the end of the one before would; none after the last."""
    from engine.agents import random_agents

    state, agents = game.new_game(players=2, seed=5), random_agents(5, 2)
    starts = {}  # round -> (the display, each player's die cards) at its first decision
    while (decision := game.decision(state)) is not None:
        if state["flow"]["round"] not in starts:
            dice = [len(state["in"].get(f"p{seat}.die_stack", []) + state["in"].get(f"p{seat}.die_hand", []))
                    for seat in (0, 1)]
            starts[state["flow"]["round"]] = ({card for row in rows(state) for card in row}, dice)
        state = game.apply(state, agents[decision.player].choose(None, decision))
    assert sorted(starts) == [1, 2, 3, 4, 5]
    assert all(len(display) == 7 and dice == [6, 6] for display, dice in starts.values())
    displays = [starts[round_][0] for round_ in range(1, 6)]
    assert all(not (before & after) for before, after in zip(displays, displays[1:]))
    assert rows(state) == [[]] * 6  # the last round's display was discarded, and no new one dealt


def test_a_round_bonus_is_read_off_the_round_card_of_the_round_in_play(game):
    """Ruling round_card_by_number: round cards are never moved under the stack; the bonus of
    round 3 is round C's, whichever card lies on top."""
    base = game.new_game(players=2, seed=1)
    offered = {}
    for round_ in (1, 3, 5):
        state = copy.deepcopy(base)
        state["flow"]["round"] = round_
        offered[round_] = [label for _key, label in legal(game, game.begin(state, 0, effect="earn a round bonus"))]
    assert offered[1] == ["gain 3 victory points", "collect 2 goods", "collect 2 animals", "gain 3 silver",
                          "gain 3 workers"]
    assert offered[3] == ["gain 2 victory points", "collect 1 good", "collect 1 animal", "gain 2 silver and 1 worker"]
    assert offered[5] == ["gain 1 victory point", "collect 1 good", "collect 1 animal"]


def test_a_tie_goes_to_the_most_workers_silver_unsold_goods_and_animals_in_the_storage(game):
    """Ruling storage_tie_break: every worker, silver card, unsold good and animal in the storage
    counts, the animals that scored in sets too (scoring them leaves them there)."""
    from engine.agents import random_agents

    state, agents = game.new_game(players=2, seed=1), random_agents(1, 2)
    while (decision := game.decision(state)) is not None:
        state = game.apply(state, agents[decision.player].choose(None, decision))
    tied = copy.deepcopy(state)
    scores = game.result(tied)["scores"]
    tied["counters"][0]["vp"] += scores[1] - scores[0]

    def storage(seat):
        kinds = [tied["things"][card][T.KIND] for card in tied["in"].get(f"p{seat}.storage", [])]
        counters = tied["counters"][seat]
        return counters["worker"] + counters["silver"] + kinds.count("good") + kinds.count("animal")

    assert any(tied["things"][card][T.KIND] == "animal" for card in tied["in"]["p0.storage"])
    outcome = game.result(tied)
    assert outcome["scores"][0] == outcome["scores"][1]
    assert outcome["tie_breaks"] == [[storage(0)], [storage(1)]] and storage(0) != storage(1)
    assert outcome["winners"] == [0 if storage(0) > storage(1) else 1]
    tied["counters"][0]["worker"] += storage(1) - storage(0)  # workers score nothing: the tie is even
    assert game.result(tied)["winners"] == [0, 1]
