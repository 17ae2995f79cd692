"""Feasibility read off the state (engine/interp/verdict.py) says what a full trial says.

A wrong sure yes would offer a move that cannot be carried out, and a wrong
sure no would hide a legal one, so over real games of each pack every sure
answer the walk gives is compared with a full trial on a copy of the state:
the same verdict, and for a no the same reason in words. The walk must also
be sure often enough to be worth having.
"""

from __future__ import annotations

import collections

import pytest

from engine.agents import random_agents
from engine.interp import runtime, verdict
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.frames import NO_NOUNS
from engines import choosing, loaded
from sure_options_check import play_random_games


def judged_against_trials(engine, monkeypatch, players: int, seeds) -> collections.Counter:
    """Play random games with every sure verdict (on a decision's answers, and on whether a
    seat can carry out an effect) checked against a trial; count the verdicts by kind."""
    seen = collections.Counter()
    answers, can_do = verdict.answers, runtime.Runtime.can_do

    def compare(where: str, found, by_trial, asked: str = "") -> None:
        kind = "unsure" if found is None else "yes" if found is verdict.YES else "no"
        seen[(where, kind)] += 1
        seen[(asked, kind)] += 1
        if found is not None:
            assert (None if found is verdict.YES else found) == by_trial, f"{where}: walk {found!r}, trial {by_trial!r}"

    def checked_answers(rt, depth):
        judge = answers(rt, depth)
        if judge is None:
            return None

        top = rt.s["frames"][-1]
        number = top[F.NODE]
        asked = type(rt.game.nodes[number]).__name__ if number is not None else ""
        if top[F.MOST] not in (None, 1):  # a pick of several, answered one thing at a time
            asked += " of several"

        def checked(key):
            found = judge(key)
            if found is not None:
                budget = rt.budget
                compare("answer", found, rt.try_option(key, depth), asked)
                rt.budget = budget
            else:
                compare("answer", found, None, asked)
            return found
        return checked

    def checked_can_do(rt, root, seat, source, prepare=None, took=None):
        roots = root if isinstance(root, list) else [root]
        by_trial = rt.can_do_by_trial(roots, seat, source, prepare)
        compare("can_do", verdict.can_do(rt, roots, seat, prepare, took), by_trial)
        return by_trial

    def checked_carried_out(rt, frame, number):
        found = carried_out(rt, frame, number)
        compare("if possible", found, rt.carry_out_by_trial(frame, number))
        return found

    carried_out = verdict.carried_out
    monkeypatch.setattr(verdict, "answers", checked_answers)
    monkeypatch.setattr(runtime.Runtime, "can_do", checked_can_do)
    monkeypatch.setattr(verdict, "carried_out", checked_carried_out)
    play_random_games(engine, players, seeds)
    return seen


@pytest.mark.parametrize("game, players, seeds", [
    ("viticulture", 3, (1, 2)),
    ("castles-of-burgundy-cards", 3, (1, 2, 3)),
])
def test_every_sure_verdict_is_what_a_full_trial_finds(game, players, seeds, monkeypatch):
    seen = judged_against_trials(loaded(game), monkeypatch, players, seeds)
    for kind in ("yes", "no"):  # sure both ways, and not once in a while
        assert seen[("answer", kind)] > 100, seen
    assert seen[("answer", "yes")] + seen[("answer", "no")] > seen[("answer", "unsure")], seen


def test_an_if_possible_is_read_off_the_state_as_a_trial_would_find_it(monkeypatch):
    """Harvesting gains each grape "if possible": the walk answers whether it can be done,
    and says what a trial would (checked in play); a trial runs only where the walk is unsure."""
    seen = judged_against_trials(loaded("viticulture"), monkeypatch, 4, (1, 2))
    assert seen[("if possible", "yes")] > 20, seen
    assert seen[("if possible", "unsure")] < seen[("if possible", "yes")], seen


def test_a_buy_is_read_off_the_state_and_a_die_value_needs_no_walk(monkeypatch):
    """Castles: whether to buy (three cards revealed from each deck, read off the decks' tops) is
    judged by the walk, every verdict the trial's. A die value is judged by its price alone
    (tests/test_needs.py): a value the player can pay for passes, and one they lack the workers
    for is refused with the trial's words, read off the counter, so the walk reads none."""
    seen = judged_against_trials(loaded("castles-of-burgundy-cards"), monkeypatch, 3, (1, 2))
    sure = seen[("May", "yes")] + seen[("May", "no")]
    assert seen[("May", "yes")] > 20 and sure > 10 * seen[("May", "unsure")], seen
    assert not [asked for asked, _kind in seen if asked == "Adjust"], seen


def test_goods_and_animals_taken_from_the_top_of_a_pile_are_read_off_the_state(monkeypatch):
    """Castles: a ship or a pasture collects "if possible": one goods (or animal) pile, then the
    card on its top. A pile is kept in order, so the pick offers its top card alone; the walk
    offers the same, and every such check is sure and the trial's (a deck, which its discards
    may refill first, stays a trial's to judge)."""
    seen = judged_against_trials(loaded("castles-of-burgundy-cards"), monkeypatch, 3, (1, 2, 3, 4))
    assert seen[("if possible", "yes")] > 5 and seen[("if possible", "unsure")] == 0, seen


def test_the_set_a_card_joins_and_the_project_to_discard_need_no_trial(monkeypatch):
    """Castles: which set a placed card joins and which project makes room are asked often,
    and settled by the walk or, when nothing after them can fail, untried: never by a trial."""
    asked, tried = collections.Counter(), collections.Counter()
    judge, trial = runtime.Runtime._judge_enough, runtime.Runtime.try_option

    def kind(rt) -> str:
        number = rt.s["frames"][-1][F.NODE]
        return type(rt.game.nodes[number]).__name__ if number is not None else ""

    def counted_judge(self, options, *way):
        asked[kind(self)] += 1
        return judge(self, options, *way)

    def counted_trial(self, key, depth):
        tried[kind(self)] += 1
        return trial(self, key, depth)

    monkeypatch.setattr(runtime.Runtime, "_judge_enough", counted_judge)
    monkeypatch.setattr(runtime.Runtime, "try_option", counted_trial)
    play_random_games(loaded("castles-of-burgundy-cards"), 3, (1, 2))
    for node in ("Move", "Discard"):
        assert asked[node] > 10 and tried[node] == 0, (asked, tried)


def test_whether_a_space_can_be_used_is_mostly_read_off_the_state(monkeypatch):
    seen = judged_against_trials(loaded("viticulture"), monkeypatch, 4, (1,))
    assert seen[("can_do", "yes")] > 100 and seen[("can_do", "no")] > 100, seen
    assert seen[("can_do", "yes")] + seen[("can_do", "no")] > seen[("can_do", "unsure")], seen


def test_things_taken_or_given_one_at_a_time_are_read_off_the_state(monkeypatch):
    """Viticulture: "take 2 cards from Revealed" and "give you up to 3 visitors" ask for one
    card at a time; the walk judges each (the cards so far and this one moved to their new
    owner, then the rest), and every sure verdict is checked against a trial."""
    seen = judged_against_trials(loaded("viticulture"), monkeypatch, 4, (1, 2))
    assert seen[("Take of several", "yes")] > 0, seen
    # Importer: "each opponent may give you up to 3 visitors as Given": a polled player's gift,
    # then the poll binds what was given once the others decline
    assert seen[("Give of several", "yes")] > 0, seen


def test_a_missing_option_gives_the_same_reason_either_way():
    """The walk's reasons are the trial's words: paying more than you have names both amounts."""
    engine = loaded("viticulture")
    state = engine.new_game(players=2, seed=3)
    rt = runtime.Runtime(engine.game, runtime.clone(state), engine.flow)
    rt.s["pending"] = None  # asked as while the engine runs, between decisions
    root = engine.game.add_effect("pay 99 lira to gain 1 vp.")
    found = verdict.can_do(rt, [root], 0)
    assert found == rt.can_do_by_trial([root], 0, "test")
    assert found.startswith("needs 99 lira, you have ")


def test_when_no_way_works_the_one_that_misses_least_is_told_either_way():
    """Two ways that both lack lira: the reason is the one that lacks less, whichever comes first."""
    for effect in ("choose one: pay 99 lira to gain 1 vp; or pay 50 lira to gain 1 vp.",
                   "choose one: pay 50 lira to gain 1 vp; or pay 99 lira to gain 1 vp."):
        found, by_trial = _walk_and_trial(effect)
        assert found == by_trial
        assert found.startswith("needs 50 lira, you have ")


def _walk_and_trial(effect: str, seat: int = 0, game: str = "viticulture"):
    engine = loaded(game)
    state = engine.new_game(players=2, seed=3)
    rt = runtime.Runtime(engine.game, runtime.clone(state), engine.flow)
    rt.s["pending"] = None
    root = engine.game.add_effect(effect)
    return verdict.can_do(rt, [root], seat), rt.can_do_by_trial([root], seat, "test")


@pytest.mark.parametrize("effect, works", [
    # choose two: each order of two different options is a way; the trial's first reason otherwise
    ("choose two: pay 99 lira to gain 1 vp; or gain 1 lira; or gain 1 vp.", True),
    ("choose two: pay 99 lira to gain 1 vp; or pay 98 lira to gain 1 vp; or gain 1 vp.", False),
    # "or both if you ...": the options alone first, then the price and both of them
    ("choose one, or both if you lose 1 vp: pay 99 lira to gain 1 vp; or gain 1 lira.", True),
    ("choose one, or both if you pay 97 lira: pay 99 lira to gain 1 vp; or pay 98 lira to gain 1 vp.", False),
    # discarding several cards: enough of them, and nothing after can fail
    ("discard 2 cards to gain 1 lira.", True),
    ("discard 9 cards to gain 1 lira.", False),
    # a draw with something after it that can fail: the deck's top cards, taken on the branch
    ("draw 1 vine, then pay 99 lira to gain 1 vp.", False),
    ("draw 1 vine and 1 wine order, then discard 1 wine order to gain 1 lira.", True),
    # a pick of several with something after it that can fail: picking just one is a way
    ("for each of up to 2 cards in your hand as C: discard C to gain 1 lira. pay 1 lira to gain 1 vp.", True),
    ("choose up to 2 cards in your hand as Chosen, then discard Chosen to gain 1 lira, then pay 1 lira to gain 1 vp.",
     True),
    # a pick of exactly two of many things (too many orders to try each): the first two offered
    ("draw 3 vines and 3 wine orders, then discard 2 cards, then gain 1 lira, then pay 1 lira to gain 1 vp.", True),
    # a pick of at least one thing whose body fails for each thing by itself: every pick fails
    ("for each of up to 2 cards in your hand as C: pay 99 lira, then discard C. gain 1 lira.", False),
    # several items discarded, each after the other: the first things offered of each
    ("draw 1 vine and 1 wine order, then discard 1 vine and 1 wine order, then gain 1 lira, then pay 1 lira to "
     "gain 1 vp.", True),
    ("discard 9 cards and 1 vine, then gain 1 lira, then pay 1 lira to gain 1 vp.", False),
    # things picked from an unordered place and taken
    ("reveal 1 card from each deck as Revealed, then take 2 cards from Revealed, then discard all cards in "
     "Revealed, then gain 1 lira, then pay 1 lira to gain 1 vp.", True),
    ("reveal 1 card from each deck as Revealed, then take 9 cards from Revealed, then gain 1 lira.", False),
    # things given: picked by the giver, each moved to its new owner
    ("gain 1 lira, then the player on your right must give you 1 card, then pay 1 lira to gain 1 vp.", True),
    ("the player on your right must give you 9 cards, then gain 1 lira.", False),
    # a pick of players, and giving them resources
    ("for each of 1 opponent as Other: give Other 2 lira.", False),
    ("for each of 1 opponent as Other: give Other 1 vp, then pay 1 lira to gain 1 vp.", False),
    ("gain 3 lira, then for each of 1 opponent as Other: give Other 2 lira, then pay 1 lira to gain 1 vp.", True),
    ("gain 9 lira, then for each of up to 3 opponents as Other: give Other 2 lira, then gain 1 vp.", True),
    # a pick "from" a place that is no deck offers its things like any other pick
    ("choose 1 card from your hand as C, then discard C, then pay 1 lira to gain 1 vp.", False),
    ("choose 1 card from your hand as C, then discard C, then gain 1 lira.", True),
    # a pick of exactly two: every order they can be picked in, the first order's reason for a no
    ("choose 2 cards in your hand as Two, then discard Two, then pay 1 lira to gain 1 vp.", False),
    ("choose 2 cards in your hand as Two, then discard Two, then gain 1 lira, then pay 1 lira to gain 1 vp.", True),
    # a thing discarded "as Name": each candidate discarded in turn, then bound where it lies
    ("discard 1 card in your hand as D, then pay 1 lira to gain 1 vp.", False),
    ("discard 1 card in your hand as D, then gain 1 lira, then pay 1 lira to gain 1 vp.", True),
    # a poll met on the way: every polled player declining is a way that is always open
    ("each opponent may give you up to 2 visitors as Given. gain 1 lira, then pay 1 lira to gain 1 vp.", True),
    ("each player may gain 1 lira, then for each opponent who did: pay 1 lira to gain 1 vp. gain 1 lira, "
     "then pay 1 lira to gain 1 vp.", True),
    # another player must do something: it is theirs to carry out
    ("the player on your right must pay 99 lira.", False),
    ("the player on your right must choose one: pay 99 lira; or lose 1 vp.", True),
    # "choose one" tries its lightest option first; with none working the reason is still the first option's
    ("choose one: pay 99 lira to gain 1 vp; or pay 98 lira, then gain 1 vp, then gain 1 lira, then gain 1 vp.", False),
    ("choose one: pay 98 lira, then gain 1 vp, then gain 1 lira, then gain 1 vp; or pay 99 lira to gain 1 vp.", False),
    ("choose one: pay 99 lira, then gain 1 vp, then gain 1 lira, then gain 1 vp; or gain 1 lira.", True),
    # "may" tries no first (it weighs nothing), but a no still gives the reason of yes, as a trial does
    ("you may pay 50 lira to gain 1 vp. pay 99 lira to gain 1 vp.", False),
    ("you may pay 50 lira to gain 1 vp. gain 1 lira.", True),
    # "as Name" over a step the walk cannot bind (a procedure call): with nothing fallible after
    # it, nobody needs the binding, and the step alone decides
    ("train 1 worker as Trained. if the number of workers in Trained is 1: gain 1 vp", False),
    ("gain 4 lira. train 1 worker as Trained. if the number of workers in Trained is 1: gain 1 vp", True),
])
def test_the_walk_is_sure_of_these_shapes_and_says_what_a_trial_says(effect, works):
    """Choices of several, discards and picks of several, draws, picks of players and gifts
    of resources, things discarded "as Name", and choices and "may" tried lightest first: a
    sure verdict, the trial's."""
    found, by_trial = _walk_and_trial(effect)
    assert found is not None, "the walk should read this shape"
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial


@pytest.mark.parametrize("die, works, read_knowing", [(4, True, True), (9, False, False)])
def test_what_follows_a_let_is_read_knowing_its_number(die, works, read_knowing):
    """Castles: "let Die be N, then gain 1 silver, then act with die Die". The act's adjustment
    fails only with Die outside 1 to 6: knowing N, the walk is sure at the let, and walks no
    further; outside the range it walks on, and says what the trial says. (What the let's check
    found is read off its memo: the compiled build calls it as a C function, which no patch
    reaches.)"""
    memo = loaded("castles-of-burgundy-cards").game.memo["sure_knowing"]
    before = set(memo)
    found, by_trial = _walk_and_trial(f"let Die be {die}, then gain 1 silver, then act with die Die.",
                                      game="castles-of-burgundy-cards")
    assert [(key[2:], memo[key]) for key in set(memo) - before] == [(("Die", die), read_knowing)]
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial


@pytest.mark.parametrize("workers, works", [(0, True), (1, True), (2, False)])
def test_a_body_of_guards_is_read_by_its_conditions_alone(workers, works):
    """Castles' "refill your workers" (only if you have less than 2 workers: let Missing be 2
    minus the number of worker, then gain Missing workers): its condition and lets decide,
    read at once where nothing after the call could fail; the trial's verdict and words."""
    engine = loaded("castles-of-burgundy-cards")
    game = engine.game
    body = game.procedures["refill_workers"]
    assert [name for name, _value in verdict._guards(game, body)] == [None, "Missing"]
    state = engine.edit(engine.new_game(players=3, seed=1), 0, counters={"worker": workers})
    rt = runtime.Runtime(game, runtime.clone(state), engine.flow)
    rt.s["pending"] = None
    root = game.add_effect("refill your workers.")
    found, by_trial = verdict.can_do(rt, [root], 0), rt.can_do_by_trial([root], 0, "test")
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial


@pytest.mark.parametrize("in_deck, in_pile, works", [(5, 0, True), (0, 2, True), (1, 0, False), (0, 0, False)])
def test_an_effect_decided_by_one_draw_is_read_off_the_deck_and_its_pile(in_deck, in_pile, works):
    """"draw 2 vines, then gain 1 lira": the draw alone decides, so enough cards in the deck and
    its discard pile (shuffled in when the deck runs out) is a yes read off them at once (the
    plan _plain_draw makes once); too few, and the walk gives the trial's reason in words."""
    engine = loaded("viticulture")
    game = engine.game
    state = engine.new_game(players=2, seed=3)
    rt = runtime.Runtime(game, runtime.clone(state), engine.flow)
    rt.s["pending"] = None
    deck, pile = game.item("decks", "vine_deck"), "vine_discard_pile"
    cards = list(rt.world.contents("vine_deck"))
    assert not rt.world.contents(pile) and len(cards) >= in_deck + in_pile
    for card in cards[in_deck:]:  # the rest to the discard pile, or out of the game
        rt.world.put(card, pile if card in cards[in_deck:in_deck + in_pile] else None)
    assert deck["discard_pile"] == pile
    root = game.add_effect("draw 2 vines, then gain 1 lira.")
    assert verdict._plain_draw(rt, root) == ("vine_deck", pile, 2)
    found, by_trial = verdict.can_do(rt, [root], 0), rt.can_do_by_trial([root], 0, "test")
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial


def test_a_draw_with_something_fallible_after_it_is_left_to_the_walk():
    engine = loaded("viticulture")
    game = engine.game
    rt = runtime.Runtime(game, runtime.clone(engine.new_game(players=2, seed=3)), engine.flow)
    assert verdict._plain_draw(rt, game.add_effect("draw 1 vine, then pay 1 lira to gain 1 vp.")) is None
    assert verdict._plain_draw(rt, game.add_effect("gain 1 lira, then draw 1 vine.")) is None
    assert verdict._plain_draw(rt, game.add_effect("draw 1 vine and 1 wine order.")) is None


@pytest.mark.parametrize("in_deck, in_pile, works", [(5, 0, True), (0, 2, True), (1, 0, False), (0, 0, False)])
def test_a_plain_draw_option_is_read_off_the_deck_and_its_pile(in_deck, in_pile, works):
    """"choose one: draw 2 vines; or draw 1 wine order" asked with nothing under it that could
    fail (as Viticulture's fall asks for a visitor): the first option is a yes read off the vine
    deck and its discard pile when they hold two cards (verdict._option_draws, once per choice),
    and otherwise the walk says no in the trial's words."""
    engine = loaded("viticulture")
    game = engine.game
    state = runtime.clone(engine.new_game(players=2, seed=3))
    state["pending"], state["frames"] = None, []
    rt = runtime.Runtime(game, state, engine.flow)
    pile, cards = "vine_discard_pile", list(rt.world.contents("vine_deck"))
    for card in cards[in_deck:]:  # the rest to the discard pile, or out of the game
        rt.world.put(card, pile if card in cards[in_deck:in_deck + in_pile] else None)
    choice = game.entry_of(game.add_effect("choose one: draw 2 vines; or draw 1 wine order."))
    assert verdict._option_draws(rt, choice) == {"draw_2_vines": ("vine_deck", pile, 2),
                                                 "draw_1_wine_order": ("wine_order_deck", "wine_order_discard_pile", 1)}
    rt.s["envs"]["t"] = {}
    rt.s["frames"].append(choosing(choice))
    depth = len(rt.s["frames"])
    judge = verdict.answers(rt, depth)
    found, by_trial = judge("draw_2_vines"), rt.try_option("draw_2_vines", depth)
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial
    assert judge("draw_1_wine_order") is verdict.YES


REVEAL_THEN_PICK = ("reveal 3 action cards from each action deck as Bought, then choose 1 action card in Bought as "
                    "Kept, then discard Kept, then gain 1 silver.")


@pytest.mark.parametrize("in_deck, in_pile, read_off, works", [
    (5, 0, True, True), (1, 0, True, True), (0, 2, False, True), (0, 0, False, False),
])
def test_a_pick_among_things_just_revealed_is_read_off_the_deck(in_deck, in_pile, read_off, works):
    """Castles' buy: "reveal 3 action cards from each action deck as Bought, then choose 1 action
    card in Bought as Kept", with nothing after that could fail. When the deck's top holds a card
    of the noun, the pick surely finds one: a yes read off the deck, with nothing revealed on a
    copy. An empty deck (shuffled anew from its discard pile) is walked on a copy as before; the
    verdict is the trial's either way."""
    engine = loaded("castles-of-burgundy-cards")
    game = engine.game
    rt = runtime.Runtime(game, runtime.clone(engine.new_game(players=3, seed=1)), engine.flow)
    rt.s["pending"] = None
    deck, pile = "action_deck", "action_discard_pile"
    for card in list(rt.world.contents(pile)):
        rt.world.put(card, None)
    cards = list(rt.world.contents(deck))
    for card in cards[:len(cards) - in_deck]:  # the top of the deck is its end: keep that many there
        rt.world.put(card, pile if card in cards[:in_pile] else None)
    root = game.add_effect(REVEAL_THEN_PICK)
    number = game.entry_of(root)
    walk, envs = verdict.Walk(rt, True), {0: {}}
    head, rest = (0, 0, 0, NO_NOUNS, number, 0), ((0, 0, 0, NO_NOUNS, number, 1),)
    reveal = game.nodes[game.entry[game.runs[number][0]]]
    assert bool(verdict._reveal_assures(walk, envs, head, reveal, rest)) is read_off
    found, by_trial = verdict.can_do(rt, [root], 0), rt.can_do_by_trial([root], 0, "test")
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial


@pytest.mark.parametrize("workers, works", [(0, True), (1, True), (2, False)])
def test_a_choice_option_read_by_its_guards_is_what_a_trial_finds(workers, works):
    """"choose one: refill your workers; or gain 1 silver" asked with nothing under it that
    could fail (as Castles' six actions are): the refill is a call whose body its guards decide
    (verdict._option_guards, once per choice), read by them with none of the walk's steps;
    yes with fewer than two workers, else no in the trial's words."""
    engine = loaded("castles-of-burgundy-cards")
    game = engine.game
    state = engine.edit(engine.new_game(players=3, seed=1), 0, counters={"worker": workers})
    state = runtime.clone(state)
    state["pending"], state["frames"] = None, []
    rt = runtime.Runtime(game, state, engine.flow)
    choice = game.entry_of(game.add_effect("choose one: refill your workers; or gain 1 silver."))
    plans = verdict._option_guards(rt, choice)
    refill = "refill_your_workers"
    assert list(plans) == [refill] and [name for name, _value in plans[refill][1]] == [None, "Missing"]
    rt.s["envs"]["t"] = {}
    rt.s["frames"].append(choosing(choice))
    depth = len(rt.s["frames"])
    found, by_trial = verdict.answers(rt, depth)(refill), rt.try_option(refill, depth)
    assert (found is verdict.YES) is works
    assert (None if found is verdict.YES else found) == by_trial


def test_a_branch_of_the_walk_changes_its_own_copy_and_copies_only_what_it_changes():
    """A walk's branch (Walk.changed) shares the state's tables until it writes one: moving a
    card and paying lira there leave the state the walk reads as it was, and the tables it
    never wrote (here the global counters) stay shared."""
    engine = loaded("viticulture")
    state = engine.new_game(players=2, seed=3)
    rt = runtime.Runtime(engine.game, runtime.clone(state), engine.flow)
    before = runtime.copy_data({key: rt.s[key] for key in ("things", "in", "counters", "global")})
    envs, branch = verdict.Walk(rt, strict=True).changed({})
    card = branch.contents("vine_deck")[-1]
    branch.put(card, "vine_discard_pile")
    branch.add(0, "lira", 5)
    branch.remove(0, "lira", 1)
    assert branch.s["things"][card][T.AT] == "vine_discard_pile"
    assert branch.counter(0, "lira") == before["counters"][0]["lira"] + 4
    assert {key: rt.s[key] for key in before} == before  # the state read stays as it was
    assert branch.s["global"] is rt.s["global"] and branch.s["things"] is not rt.s["things"]
    assert envs[verdict.WORLD] is branch


class _Ways(verdict.Walk):
    """A walk whose ways are given outright: a verdict per choice, and the order they were tried.
    (A Walk, with no runtime: lightest_way also notes which way worked, in the Walk's own fields,
    which the compiled build writes as a C type's.)"""

    def __init__(self, verdicts: dict) -> None:  # (Walk's own __init__ reads a runtime: not called)
        self.verdicts, self.tried = verdicts, []

    def way(self, envs, segments):  # (a way_of gives (bindings, segments): here the choice alone)
        choice = segments[0]
        self.tried.append(choice)
        return self.verdicts[choice]


@pytest.mark.parametrize("verdicts, weights, expected, tried", [
    ({"a": "a fails", "b": verdict.YES, "c": "c fails"}, [5, 9, 1], verdict.YES, ["c", "a", "b"]),
    ({"a": "a fails", "b": "b fails", "c": "c fails"}, [5, 9, 1], "a fails", ["c", "a", "b"]),
    ({"a": "a fails", "b": "b fails"}, [2, 2], "a fails", ["a", "b"]),
])
def test_the_lightest_way_first_finds_what_the_first_way_in_order_would(verdicts, weights, expected, tried):
    ways = _Ways(verdicts)
    found = verdict.Walk.lightest_way(ways, list(verdicts), weights, lambda choice: (None, (choice,)))
    assert found == expected and ways.tried == tried


def test_with_no_way_that_works_and_one_unsure_the_verdict_is_unsure():
    ways = _Ways({"a": "a fails", "b": None})
    with pytest.raises(verdict._GiveUp):
        verdict.Walk.lightest_way(ways, ["a", "b"], [1, 2], lambda choice: (None, (choice,)))


def test_once_more_or_stop_and_a_polled_players_answer_are_read_off_the_state(monkeypatch):
    """A repeat whose later runs are optional ("make up to 2 wines") asks "once more?", and a
    poll ("each player may make up to 2 wines") asks each player; the walk judges both (a poll
    followed by something that can fail, "for each opponent who did: draw 1 vine", by the way
    where the others decline), as are the answers of a pick of several; each sure answer
    matches a trial."""
    seen = judged_against_trials(loaded("viticulture"), monkeypatch, 4, (1, 2, 3))
    assert seen[("Repeat", "yes")] > 10 and seen[("Repeat", "no")] > 10, seen
    assert seen[("Repeat", "yes")] + seen[("Repeat", "no")] > 5 * seen[("Repeat", "unsure")], seen
    # also with something fallible after the poll (72 in these games since stop 58, where Motivator
    # stopped asking players who have passed; 80 before)
    assert seen[("Poll", "yes")] + seen[("Poll", "no")] > 60, seen
    # "for each of up to 3 opponents as Other": each seat offered, and "no more"
    assert seen[("ForEachOf of several", "yes")] > 20, seen


def test_taking_the_top_card_of_a_pile_is_read_off_the_state():
    """Viticulture's Innkeeper takes the top card of two discard piles: with every pile empty
    the walk says why not, as a trial does; with two piles holding a card it is a sure yes."""
    from engine.interp.runtime import clone

    engine = loaded("viticulture")
    rt = engine._runtime(clone(engine.new_game(players=2, seed=4)))
    innkeeper = engine.game.effect("cards", "innkeeper")
    found = verdict.can_do(rt, [innkeeper], 0)
    assert found == "needs 1 card, there are 0" == rt.can_do_by_trial([innkeeper], 0, "card:innkeeper")
    for deck, pile in (("vine_deck", "vine_discard_pile"), ("wine_order_deck", "wine_order_discard_pile")):
        rt.world.put(rt.world.contents(deck)[-1], pile)
    assert verdict.can_do(rt, [innkeeper], 0) is verdict.YES
    assert rt.can_do_by_trial([innkeeper], 0, "card:innkeeper") is None


def test_every_visitor_read_off_the_state_is_what_a_trial_finds():
    """Every Viticulture visitor card, for every seat, at states along a real game: where the
    walk is sure whether the card can be played in full, a trial on a copy says the same (the
    same reason for a no). Cards are judged here whether or not the game deals them."""
    from engine.interp.runtime import clone

    engine = loaded("viticulture")
    cards = {card_id: engine.game.effect("cards", card_id) for card_id, card in engine.game.items("cards").items()
             if card.get("type") in ("summer_visitor", "winter_visitor")}
    agents = random_agents(6, 3)
    state, sure, count = engine.new_game(players=3, seed=6), collections.Counter(), 0
    while (decision := engine.decision(state)) is not None:
        if count % 90 == 0:
            rt = engine._runtime(clone(state))
            for seat in range(3):
                for card_id, root in cards.items():
                    found = verdict.can_do(rt, [root], seat)
                    if found is not None:
                        assert (None if found is verdict.YES else found) == rt.can_do_by_trial(
                            [root], seat, f"card:{card_id}"), (card_id, seat, count)
                        sure[card_id] += 1
        state = engine.apply(state, agents[decision.player].choose(None, decision))
        count += 1
    assert len(sure) > 0.8 * len(cards), sorted(set(cards) - set(sure))
    assert {"innkeeper", "merchant", "oenologist"} <= set(sure)


def test_a_poll_whose_declining_way_fails_is_left_to_a_trial():
    """Only the way where every polled player declines is read: when it fails, what the
    players say might still make it work, so the walk is unsure (a trial finds out)."""
    found, by_trial = _walk_and_trial("each opponent may give you 99 lira. pay 99 lira to gain 1 vp.")
    assert found is None
    assert by_trial is not None  # no opponent has 99 lira to give
