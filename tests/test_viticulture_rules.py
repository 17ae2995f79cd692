"""Viticulture rules that live in the flow rather than on a card, and the rulings the rulebooks
left to us (each such test names its ruling, and the ruling names the test: `pinned_by`)."""

import itertools

import pytest

from engine.interp import runtime
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.frames import fill, routine_frame
from engine.interp.decisions import IllegalAnswer
from engines import legal, loaded


@pytest.fixture(scope="module")
def game():
    return loaded("viticulture")


def test_in_the_advanced_draft_each_player_keeps_one_of_two_mamas_then_one_of_two_papas(game):
    state = game.new_game(players=3, seed=2, options={"advanced_draft": True})
    asked = []
    while state["flow"]["round"] == 0 and "Keep" in state["pending"]["prompt"]:
        decision = game.decision(state)
        assert len(decision.options) == 2
        asked.append((decision.player, decision.prompt))
        state = game.apply(state, decision.options[0].key)
    assert [prompt for _seat, prompt in asked] == ["Keep which mama?"] * 3 + ["Keep which papa?"] * 3
    set_aside = [e for e in game.events(state) if "set aside" in e["text"]]
    assert len(set_aside) == 6


def test_without_the_draft_nobody_chooses_a_mama(game):
    state = game.new_game(players=3, seed=2)
    assert "Keep" not in state["pending"]["prompt"]


def test_workers_placed_in_summer_stay_until_the_end_of_the_year(game):
    state = game.skip_to(game.new_game(players=2, seed=1), "summer")
    seat = state["pending"]["player"]
    state = game.apply(state, "place:give_tour:left:regular_worker")
    assert any(game.game.item("workers", state["things"][t][T.KIND]) for t in state["in"]["give_tour"])


def test_in_the_friendly_variant_a_bonus_slot_is_refused_when_its_bonus_cannot_be_used(game):
    from engine.interp.decisions import IllegalAnswer

    def with_one_visitor(options):
        state = game.skip_to(game.new_game(players=3, seed=1, options=options), "summer")
        seat = state["pending"]["player"]
        state = game.edit(state, seat, effect="discard all cards in your hand")
        return game.edit(state, seat, cards={"hand": ["surveyor"]})

    friendly = with_one_visitor({"friendly_variant": True})
    keys = [key for key, _label in legal(game, friendly)]
    assert "place:play_summer_visitor:left:regular_worker" in keys
    assert "place:play_summer_visitor:middle:regular_worker" not in keys
    with pytest.raises(IllegalAnswer, match="Friendly variant: the bonus could not be used"):
        game.apply(friendly, "place:play_summer_visitor:middle:regular_worker")
    usual = with_one_visitor({})
    assert "place:play_summer_visitor:middle:regular_worker" in [k for k, _ in legal(game, usual)]


def test_in_the_friendly_variant_a_worker_on_a_bonus_slot_uses_the_bonus_without_being_asked(game):
    def placed_on_the_bonus_slot(options):
        state = game.skip_to(game.new_game(players=3, seed=1, options=options), "summer")
        seat, before = state["pending"]["player"], len(game.events(state))
        state = game.apply(state, "place:draw_vine:middle:regular_worker")
        drawn = [event for event in game.events(state)[before:] if event["type"] == "drew" and event["player"] == seat]
        return state, seat, len(drawn)

    state, seat, drawn = placed_on_the_bonus_slot({"friendly_variant": True})
    assert drawn == 2 and game.decision(state).player != seat  # the action, then the bonus: no "may" asked
    state, seat, drawn = placed_on_the_bonus_slot({})
    decision = game.decision(state)
    assert drawn == 1 and decision.player == seat and decision.prompt == "You may draw 1 vine."


def test_an_owed_bonus_is_part_of_what_the_action_s_questions_are_judged_by(game):
    bonus = game.game.effect("spaces", "play_summer_visitor", "slots/1/bonus_effect")

    def acting(step: int, **kept) -> list:
        frame = routine_frame("action", "root", 0, 0, "space:play_summer_visitor")
        frame[F.STEP] = step
        fill(frame, {"space": "play_summer_visitor", "slot": "middle", **kept})
        return frame

    assert not game.flow.rest_can_fail(acting(1))  # an optional bonus: the questions before it ignore it
    assert game.flow.rest_can_fail(acting(1, owed=bonus))  # owed: a visitor that leaves none to play is refused
    assert not game.flow.rest_can_fail(acting(2, owed=bonus))  # (once it runs, its own frame judges it)


def test_in_the_friendly_variant_a_bonus_slot_taken_when_no_other_is_free_keeps_its_bonus_optional(game):
    state = game.skip_to(game.new_game(players=3, seed=1, options={"friendly_variant": True}), "summer")
    state = game.apply(state, "place:draw_vine:left:regular_worker")
    while "place:draw_vine:middle:regular_worker" not in [key for key, _label in legal(game, state)]:
        state = game.apply(state, legal(game, state)[0][0])  # (another seat's turn, or its questions)
    seat = state["pending"]["player"]
    state = game.apply(state, "place:draw_vine:middle:regular_worker")
    decision = game.decision(state)
    assert decision.player == seat and decision.prompt == "You may draw 1 vine."


def test_a_view_hides_other_hands_and_every_deck_order(game):
    state = game.skip_to(game.new_game(players=2, seed=1), "summer")
    mine, theirs = game.view(state, 0), game.view(state, 1)
    assert all("card" in entry for entry in mine["places"]["p0.hand"])
    assert all(set(entry) == {"back"} for entry in theirs["places"]["p0.hand"])  # only the backs: the card types
    assert mine["places"]["vine_deck"] == {"hidden": len(state["in"]["vine_deck"])}
    assert "rng" not in mine and "frames" not in mine


def test_a_view_does_not_change_when_only_an_opponents_hidden_cards_change(game):
    state = game.skip_to(game.new_game(players=2, seed=1), "summer")
    before = game.view(state, 1)
    hand = state["in"]["p0.hand"]
    swapped = game.edit(state, 0, cards={"hand": []})
    card_kinds = sorted(state["things"][t][T.KIND] for t in hand)
    assert sorted(e["back"] for e in game.view(swapped, 1)["places"]["p0.hand"]) == card_kinds
    assert game.view(swapped, 1)["places"]["p0.hand"] == before["places"]["p0.hand"]


def test_tabula_play_prints_the_same_text_for_the_same_arguments(tmp_path):
    from click.testing import CliRunner

    from cli import tabula

    args = ["play", "viticulture", "--players", "3", "--bots", "random", "--seed", "7", "--max-decisions", "60"]
    first = CliRunner().invoke(tabula, args)
    second = CliRunner().invoke(tabula, args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    assert "player 1" in first.stdout


def test_a_saved_game_replays_to_the_same_log(tmp_path):
    from click.testing import CliRunner

    from cli import tabula

    save = tmp_path / "game.json"
    played = CliRunner().invoke(tabula, ["play", "viticulture", "--players", "2", "--seed", "4",
                                         "--max-decisions", "40", "--save", str(save)])
    assert played.exit_code == 0, played.output
    replayed = CliRunner().invoke(tabula, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    log = [line for line in played.stdout.splitlines() if " · " in line]
    assert log and all(line in replayed.stdout for line in log)


def test_a_scenario_edit_puts_two_copies_of_one_card_in_two_places(game):
    state = game.skip_to(game.new_game(players=2, seed=1), "summer")
    state = game.edit(state, 0, cards={"field_1": ["sangiovese"], "field_3": ["sangiovese"]})
    on = lambda place: [state["things"][t][T.CARD] for t in state["in"].get(place, [])]
    assert on("p0.field_1") == ["sangiovese"] and on("p0.field_3") == ["sangiovese"]


def test_training_a_worker_needs_four_lira_and_says_so(game):
    state = game.skip_to(game.new_game(players=2, seed=1), "winter", passing=True)
    state = game.edit(state, state["pending"]["player"], counters={"lira": 3})
    decision = game.decision(state)
    key = "place:train_worker:left:regular_worker"
    assert key not in decision.keys()
    with pytest.raises(IllegalAnswer, match="needs 4 lira, you have 3"):
        game.apply(state, key)


def test_the_bonus_lies_on_the_middle_slot_which_opens_at_3_players(game):
    """Ruling bonus_on_middle_slot: with 2 players only the left slots are open; from 3 players the
    middle slot opens and carries the printed bonus (a tour gives 3 lira there, 2 on the left)."""
    two = game.skip_to(game.new_game(players=2, seed=1), "summer")
    assert {key.split(":")[2] for key, _label in legal(game, two) if key.startswith("place:give_tour")} == {"left"}
    three = game.skip_to(game.new_game(players=3, seed=1), "summer")
    seat = three["pending"]["player"]
    gained = {}
    for slot in ("left", "middle"):
        before = three["counters"][seat]["lira"]
        after = game.apply(three, f"place:give_tour:{slot}:regular_worker")
        gained[slot] = after["counters"][seat]["lira"] - before
    assert gained == {"left": 2, "middle": 3}


@pytest.mark.parametrize("seed", [2, 1, 4])  # (first players 0, 1 and 2)
def test_every_mama_is_resolved_before_the_papas_choose_clockwise_from_the_first_player(game, seed):
    """Ruling mama_before_papa: each player holds their mama's cards before the first papa's
    gift-or-lira choice, and the papas choose in turn from the first player."""
    state = game.new_game(players=3, seed=seed)
    first = state["flow"]["first"]
    choosers = []
    while state["flow"]["phase"] == "setup":
        if not choosers:
            assert all(len(state["in"][f"p{seat}.hand"]) >= 2 for seat in range(3))
        decision = game.decision(state)
        choosers.append(decision.player)
        state = game.apply(state, decision.options[-1].key)
    assert choosers == [(first + turn) % 3 for turn in range(3)]


def test_only_vines_orders_and_visitors_are_ever_held_in_a_hand(game):
    """Ruling hand_limit_cards: mama and papa cards never go to a hand, so what the hand limit
    counts is vines, wine orders and visitors."""
    from engine.agents import random_agents

    state, agents = game.new_game(players=4, seed=3), random_agents(3, 4)
    held = set()
    while (decision := game.decision(state)) is not None:
        for seat in range(4):
            held |= {state["things"][card][T.KIND] for card in state["in"].get(f"p{seat}.hand", [])}
        state = game.apply(state, agents[decision.player].choose(None, decision))
    assert held == {"vine", "wine_order", "summer_visitor", "winter_visitor"}


def test_players_tied_after_lira_wine_and_grapes_share_the_victory_and_their_rank(game):
    """Ruling shared_win_after_ties: the rulebook's three tie-breaks (lira, then the value of the
    wine, then of the grapes) and nothing after them: players still tied win together, and
    rank alike."""
    state = game.skip_to(game.new_game(players=3, seed=1), "summer")  # (no wine, no grapes yet)
    for seat in range(3):
        state = game.edit(state, seat, counters={"vp": 3, "lira": 4})
    outcome = game.result(state)
    assert outcome["tie_breaks"] == [[4, 0, 0]] * 3
    assert (outcome["winners"], outcome["ranks"]) == ([0, 1, 2], [1, 1, 1])
    richer = game.result(game.edit(state, 2, counters={"lira": 5}))
    assert (richer["winners"], richer["ranks"]) == ([2], [2, 2, 1])


def test_the_mamas_hold_every_mix_of_three_cards_once_and_the_papas_pair_by_gift(game):
    """Ruling mama_papa_values: 16 mamas hold each mix of three cards with no three alike, two
    hold two cards and 2 lira; the two papas of a gift differ by 1 lira, the second having 1
    more to start with and 1 less instead of the gift."""
    cards = game.game.items("cards").values()
    kinds = ("vines", "summer_visitors", "wine_orders", "winter_visitors")
    mixes = [tuple(card["attributes"][kind] for kind in kinds) + (card["attributes"]["lira"],)
             for card in cards if card["type"] == "mama"]
    three = {mix[:4] for mix in mixes if sum(mix[:4]) == 3 and mix[4] == 0}
    assert len(mixes) == 18 and len(set(mixes)) == 18
    assert three == {mix for mix in itertools.product(range(3), repeat=4) if sum(mix) == 3}
    assert sorted(mix[4] for mix in mixes if sum(mix[:4]) == 2) == [2, 2]
    papas = sorted((card for card in cards if card["type"] == "papa"), key=lambda card: card["number"])
    by_gift = {}
    for papa in papas:
        by_gift.setdefault(papa["attributes"]["gift"], []).append(papa["attributes"])
        assert papa["effect"].endswith(f"or gain {papa['attributes']['alternative_lira']} lira")
    assert len(by_gift) == 9
    for first, second in by_gift.values():
        assert (second["lira"] - first["lira"], second["alternative_lira"] - first["alternative_lira"]) == (1, -1)


def test_the_yoke_is_a_turn_once_a_year_and_an_uprooted_vine_goes_back_to_the_hand(game):
    """Ruling yoke_use: its owner places a worker on the yoke in summer or winter, at most once a
    year, to uproot a vine (back to the hand) or harvest a field."""
    summer = game.skip_to(game.new_game(players=2, seed=1), "summer")
    state = game.edit(summer, 0, cards={"field_1": ["sangiovese"]}, effect="build 1 yoke for free")
    assert sorted(key for key, _label in legal(game, state) if "yoke" in key) == [
        "place:yoke_space:yoke:grande_worker", "place:yoke_space:yoke:regular_worker"]
    on_yoke = game.apply(state, "place:yoke_space:yoke:regular_worker")
    uprooted = game.apply(on_yoke, "uproot_1_vine")
    assert uprooted["in"]["p0.field_1"] == []
    assert "sangiovese" in [uprooted["things"][card][T.CARD] for card in uprooted["in"]["p0.hand"]]
    state = game.apply(on_yoke, "harvest_1_field")  # harvest: the vine stays, so only the limit can refuse the yoke
    while not (state["pending"]["player"] == 0 and state["pending"]["prompt"].startswith("Place a worker")):
        keys = [key for key, _label in legal(game, state)]
        state = game.apply(state, "pass" if "pass" in keys else keys[0])
    assert state["in"]["p0.field_1"] and not [key for key, _label in legal(game, state) if "yoke" in key]


def test_a_player_who_has_passed_is_not_asked_to_take_back_a_grande_worker_by_motivator(game):
    """Ruling motivator_passed_players (rulebook 000, card notes): players who have passed this
    season may not take their grande worker back."""
    state = game.skip_to(game.new_game(players=3, seed=1), "summer")
    for space in ("draw_vine:left", "give_tour:left", "gain_lira:any"):  # each seat's grande worker, in turn
        state = game.apply(state, f"place:{space}:grande_worker")
        while not state["pending"]["prompt"].startswith("Place a worker"):
            state = game.apply(state, legal(game, state)[0][0])
    passer = state["pending"]["player"]
    state = game.apply(state, "pass")
    state = game.begin(game.edit(state, 0, cards={"hand": ["motivator"]}), 0, card="motivator")
    asked = []
    while (decision := game.decision(state)) is not None and decision.source == "card:motivator":
        asked.append(decision.player)
        state = game.apply(state, "yes")
    assert passer in state["flow"]["passed"] and sorted(asked) == sorted({0, 1, 2} - {passer})


def _summer_with_vines(game, left_in_pile: int):
    """Summer of year 1 at 2 players, the vine deck empty and ``left_in_pile`` vines in its discard pile."""
    state = runtime.clone(game.new_game(players=2, seed=1))
    world = runtime.Runtime(game.game, state, game.flow).world
    vines = list(world.contents("vine_deck"))
    for index, card in enumerate(vines):
        world.put(card, "vine_discard_pile" if index < left_in_pile else None)
    return game.skip_to(state, "summer")


def test_a_reshuffle_lays_the_shuffled_discards_under_the_cards_left_in_the_deck(game):
    """The discard pile is shuffled (with the state's random stream) and laid under the cards
    still in the deck; the pile is left empty, and every card says it is in the deck."""
    from engine import rng
    from engine.interp import items

    state = runtime.clone(game.new_game(players=2, seed=1))
    rt = runtime.Runtime(game.game, state, game.flow)
    deck = list(rt.world.contents("vine_deck"))
    for card in deck[:5]:
        rt.world.put(card, "vine_discard_pile")
    pile, left = list(rt.world.contents("vine_discard_pile")), deck[5:]
    shuffled, _stream = rng.shuffle(state["rng"], pile)
    items.reshuffle(rt, "vine_deck")
    assert rt.world.contents("vine_deck") == shuffled + left and shuffled != pile
    assert rt.world.contents("vine_discard_pile") == []
    assert all(rt.world.thing(card)[T.AT] == "vine_deck" for card in deck)


def test_an_empty_deck_with_an_empty_pile_cannot_be_drawn_from(game):
    """Ruling empty_deck: the space that draws a vine is not offered, and says why."""
    state = _summer_with_vines(game, 0)
    decision = game.decision(state)
    assert not [key for key in decision.keys() if key.startswith("place:draw_vine:")]
    assert decision.reason("place:draw_vine:left:regular_worker").endswith("the vine deck is empty")


def test_an_empty_deck_is_drawn_from_again_once_its_pile_holds_a_card(game):
    """Ruling empty_deck: the moment the deck is empty, the cards of its discard pile are
    shuffled into a new deck, and the space that draws from it is offered again."""
    state = _summer_with_vines(game, 5)
    assert "the vine deck was reshuffled" in [event["text"] for event in game.events(state)]
    decision = game.decision(state)
    assert decision.reason("place:draw_vine:left:regular_worker") is None
    seat = decision.player
    hand = len(state["in"][f"p{seat}.hand"])
    after = game.apply(state, "place:draw_vine:left:regular_worker")
    assert len(after["in"][f"p{seat}.hand"]) == hand + 1
