"""Which effects can fail: the static answer that lets the engine skip feasibility trials.

A wrong "cannot fail" would offer a move that cannot be carried out, so the
rules are pinned on small effects, and in real games every option the
analysis calls sure is checked against a trial.
"""

from __future__ import annotations

import pytest

from engine.interp.fallible import can_fail, deciding_part
from engines import loaded
from sure_options_check import checked_settled_trials, checked_sure_options


@pytest.fixture(scope="module")
def engine():
    return loaded("viticulture")


def fails(engine, text: str) -> bool:
    return can_fail(engine.game, engine.game.add_effect(text))


@pytest.mark.parametrize("text", [
    "gain 2 lira.",
    "gain 1 vp and 2 lira.",
    "you may pay 2 lira to gain 1 vp.",
    "choose one: pay 3 lira to gain 2 vp; or gain 1 lira.",
    "each opponent may pay 1 lira to gain 1 vp.",
])
def test_effects_that_always_work_cannot_fail(engine, text):
    assert not fails(engine, text)


@pytest.mark.parametrize("text", [
    "pay 2 lira.",
    "pay 2 lira to gain 1 vp.",
    "discard 1 vine.",
    "draw 1 vine.",
    "choose one: pay 3 lira to gain 2 vp; or pay 1 lira to gain 1 vp.",
])
def test_effects_that_need_something_can_fail(engine, text):
    assert fails(engine, text)


def test_every_option_called_sure_survives_a_trial(engine, monkeypatch):
    """Over real games, an option the analysis lets through untried is one a trial accepts."""
    assert len(checked_sure_options(engine, monkeypatch, players=3, seeds=(1, 2))) > 100


def test_a_trial_stops_early_only_where_a_full_trial_succeeds(engine, monkeypatch):
    """A trial ends as soon as nothing left in its region can fail; over real games, a full
    trial from each such point finds a way to finish too."""
    assert checked_settled_trials(engine, monkeypatch, players=4, seeds=(2,)) > 100


def deciding(engine, text: str) -> int:
    return deciding_part(engine.game, engine.game.add_effect(text))


@pytest.mark.parametrize("one, other", [
    ("plant 1 vine.", "plant 1 vine, then you may plant 1 vine."),
    ("fill 1 wine order.", "fill 1 wine order, then gain 1 vp."),
    ("choose one: sell 1 field; or buy back 1 field.",
     "choose one: sell 1 field, then gain 1 vp; or buy back 1 field, then gain 1 vp."),
])
def test_effects_that_differ_only_after_their_last_fallible_step_are_decided_alike(engine, one, other):
    assert deciding(engine, one) == deciding(engine, other)


@pytest.mark.parametrize("one, other", [
    ("plant 1 vine.", "plant 1 vine, then plant 1 vine."),
    ("build 1 structure.", "build 1 structure at a discount of 1 lira."),
    ("choose one: sell 1 field; or buy back 1 field.", "choose one: sell 1 field; or pay 1 lira."),
])
def test_a_fallible_step_that_differs_keeps_the_checks_apart(engine, one, other):
    assert deciding(engine, one) != deciding(engine, other)


def test_every_placement_verdict_is_the_verdict_of_its_own_effect(engine, monkeypatch):
    """Placement checks share a verdict between slots of a space decided alike, for each kind
    of worker; over real games, every slot's verdict (and reason) is the one a check of that
    slot's own effect gives, with that worker standing on that slot."""
    from engine.agents import random_agents
    from engine.interp import flow

    compared = []
    real = flow.placement_judge

    def checked(rt, seat, frame, took=None):
        judge = real(rt, seat, frame, took)

        def compare(key, words=True):
            why = judge(key)
            _tag, space_id, slot, kind = key.split(":")
            own = flow._action_reason(rt, seat, space_id, slot, kind)
            assert (why is None) == (own is None) and (own is None or why.endswith(own)), (key, why, own)
            compared.append(key)
            return why
        return compare

    monkeypatch.setattr(flow, "placement_judge", checked)
    for seed in (1, 2):
        agents, state = random_agents(seed, 4), engine.new_game(players=4, seed=seed)
        while (decision := engine.decision(state)) is not None:
            decision.options  # every placement judged, not only those needed
            state = engine.apply(state, agents[decision.player].choose(None, decision))
    assert len(compared) > 1000


def _the_move(game, text: str):
    """The number of the move in effect ``text`` (added to the game)."""
    import dataclasses

    from engine.effects.ast import Move, Node

    def nodes(node):
        yield node
        for field in dataclasses.fields(node):
            value = getattr(node, field.name)
            for child in value if isinstance(value, tuple) else (value,):
                if isinstance(child, Node):
                    yield from nodes(child)

    root = game.nodes[game.add_effect(text)]
    return game.number(next(node for node in nodes(root) if type(node) is Move))


@pytest.mark.parametrize("place, can", [
    ("your project area", False),  # every player has one from the start; cards lie loose in it
    ("your estate", False),  # in sets that take every card (a monastery may start its own), completing none fails
    ("each rival estate", True),  # there may be no rival (the solo game)
])
def test_a_move_fails_only_where_the_place_may_be_missing_or_refuse(place, can):
    castles = loaded("castles-of-burgundy-cards")
    number = _the_move(castles.game, f"choose 1 action card in your die hand as Card, then move Card to {place}.")
    assert can_fail(castles.game, number) is can


def test_a_move_into_sets_can_fail_where_a_joker_may_find_no_set_or_completing_one_can_fail():
    from types import MappingProxyType

    game = loaded("castles-of-burgundy-cards").game
    move = "choose 1 action card in your die hand as Card, then move Card to your estate."
    rule = dict(game.item("places", "estate")["sets"])
    rule["jokers"] = {**rule["jokers"], "own_sets": False}  # a monastery may only join another type
    joining = game.replaced(memo={"sets": {"estate": rule}})
    assert can_fail(joining, _the_move(joining, move)) is True
    paying = game.add_effect("pay 3 silver")  # a completion effect that can fail
    effects = MappingProxyType({**game.effects, "places:estate:sets/completion_effect": paying})
    completing = game.replaced(effects=effects, memo={})
    assert can_fail(completing, _the_move(completing, move)) is True
    number = _the_move(game, move)
    assert can_fail(game.replaced(memo={}), number) is False


# ------------------------------------------------------------------ a condition that assures its pick


@pytest.fixture(scope="module")
def castles():
    return loaded("castles-of-burgundy-cards")


def _guarded(castles, words: str):
    """The conditional of a procedure body whose rendering starts with ``words``, and the body."""
    from engine.effects.ast import Conditional
    from engine.effects.render import render
    from engine.interp import fallible

    game = castles.game
    region = fallible._self_region(game)
    found = [(node, region[number]) for number, node in enumerate(game.nodes)
             if type(node) is Conditional and number in region and render(node).startswith(words)]
    assert found, words
    return found[0]


def _step(game, node):
    return game.nodes[game.entry[game.node_numbers[id(node.then)]]]


@pytest.mark.parametrize("words", [
    "if you have 3 action cards in your project area: discard 1 action card in your project area",
    "if you have 4 action cards in your project area: discard 1 action card other than Kept",
])
def test_having_enough_assures_the_discard_that_follows(castles, words):
    """"if you have 4 action cards in your project area: discard 1 action card other than Kept in
    your project area" leaves at least 3 to choose from (Kept is one card): it cannot fail."""
    node, _body = _guarded(castles, words)
    assert not can_fail(castles.game, castles.game.node_numbers[id(node)])


def test_a_condition_that_does_not_leave_enough_assures_nothing(castles):
    """Each guard of the rule, broken one at a time, on the project-limit discard of a purchase."""
    import dataclasses

    from engine.effects.ast import Comparison, Item, Location, Number, OwnPlace, OtherThan, Quantity
    from engine.interp.fallible import assures

    game = castles.game
    node, body = _guarded(castles, "if you have 4 action cards in your project area: discard 1 action card other")
    condition, step = node.condition, _step(game, node)
    item = step.items[0]

    def with_item(**changes):
        return dataclasses.replace(step, items=(dataclasses.replace(item, **changes),))

    assert assures(game, condition, step, body)
    assert not assures(game, dataclasses.replace(condition, comparison=Comparison("at most", Number(4))), step, body)
    assert not assures(game, dataclasses.replace(condition, comparison=Comparison(None, Number(1))), step, body)
    assert not assures(game, condition, with_item(quantity=Quantity("exactly", 4)), body)
    assert not assures(game, condition, with_item(filters=(OtherThan("Bought"),)), body)  # Bought: 3 cards
    assert not assures(game, condition, with_item(noun=("ship",)), body)
    assert not assures(game, condition, with_item(location=Location("in", OwnPlace(("storage",)))), body)
    assert not assures(game, condition, with_item(quantity=Quantity("at_least", 1)), body)


def test_outside_a_procedure_body_the_acting_player_may_not_be_you(castles):
    """A card's effect may run for another player ("each opponent ..."): the rule keeps out."""
    game = castles.game
    number = game.add_effect("if you have 4 action cards in your project area: discard 1 action card in your "
                             "project area")
    assert can_fail(game, number)


def test_the_number_of_things_assures_a_pick_of_those_things_for_any_acting_player(castles):
    """"the number of X on each Y" counts the acting player's view, as the pick offers it, so
    no procedure body is needed; a sentence that starts with the pick is assured when nothing
    after the pick can fail (moving into your own spot cannot), and not when something can."""
    game = castles.game
    guarded = ("if the number of first player card on each first player spot is at least 1: choose 1 first player "
               "card on each first player spot as Marker, then move Marker to your first player spot")
    assert not can_fail(game, game.add_effect(guarded))
    assert can_fail(game, game.add_effect(guarded + ", then pay 1 silver"))
    assert can_fail(game, game.add_effect(guarded.replace("at least 1", "at most 1")))
    assert can_fail(game, game.add_effect(guarded.replace("choose 1 first", "choose 2 first")))
    assert can_fail(game, game.add_effect(guarded.replace("the number of first player card on each first player spot",
                                                          "the number of first player card in your storage")))


def test_what_a_call_says_picks_the_branch_of_its_procedure(castles):
    """Castles' "act": "if AnyDie: let Die be any value from 1 to 6; otherwise: adjust Die within 1
    to 6, ...". Called "with any die", the flag picks the first branch, which cannot fail; called
    with a die value a name holds, the adjustment runs, and a value outside 1 to 6 would fail it.
    A value the call writes as a number is known too: inside the range it cannot fail."""
    game = castles.game
    assert not can_fail(game, game.add_effect("act with any die."))
    assert can_fail(game, game.add_effect("let Die be 3, then act with die Die."))
    assert not can_fail(game, game.add_effect("act with die 3."))
    assert can_fail(game, game.add_effect("act with die 9."))
    assert not can_fail(game, game.effect("cards", "castle_1"))


def test_a_name_bound_again_is_no_longer_known(castles):
    """A known value bound anew on the way (here by a pick "as AnyDie") no longer decides."""
    from engine.effects.ast import Bound, Sentence
    from engine.interp import fallible

    game = castles.game
    body = game.nodes[game.procedures["act"]]
    rebinding = Bound(step=body.sentences[0].steps[0], name="AnyDie")
    assert not fallible._fails_knowing(game, body, {"AnyDie": 1})
    assert "AnyDie" in fallible._names_bound(Sentence(steps=(rebinding,)))


@pytest.mark.parametrize("die, fails_then", [(1, False), (6, False), (0, True), (7, True)])
def test_a_call_reading_a_known_number_is_read_knowing_it(castles, die, fails_then):
    """"act with die Die" reads the caller's Die: knowing it (a let has just bound it), the act's
    adjustment cannot fail with Die inside 1 to 6, and can outside it. Not knowing it, the call
    can fail (the static reading)."""
    from engine.interp import fallible

    game = castles.game
    root = game.add_effect("let Die be 1, then gain 1 silver, then act with die Die.")
    assert len(game.runs[root]) == 3  # the steps, flat: what follows the let is read from step 1
    assert fallible.steps_fail_knowing(game, root, 1, {"Die": die}) is fails_then
    assert fallible.steps_fail_knowing(game, root, 1, {}) is True
    assert fallible.steps_fail_knowing(game, root, 1, {"Other": die}) is True


def test_a_procedure_calling_itself_is_not_read_again(castles):
    """A call met again inside its own body could fail, as far as the reading knows: it stops."""
    from engine.interp import fallible

    game = castles.game
    steps = game.runs[game.add_effect("let Die be 3, then act with die Die.")]
    number = steps[-1]
    assert type(game.nodes[number]).__name__ == "Call"
    assert fallible._call_fails_knowing(game, number, {"Die": 3}, frozenset()) is False
    assert fallible._call_fails_knowing(game, number, {"Die": 3}, frozenset({"act"})) is True


def test_performing_a_picked_card_fails_only_if_one_of_its_kinds_effects_can(castles):
    """Placing a project: "choose 1 action card ... as Card, ... perform Card": every action card's
    bonus cannot fail (a castle's "act with any die" included), so once the card is in the estate
    nothing left can fail; the round bonus ("perform Current", a round card) neither. A name no
    pick of the body binds (or a perform outside any procedure) is unknown."""
    from engine.effects.ast import Perform
    from engine.interp import fallible

    game = castles.game
    place = game.procedures["place_project"]
    assert fallible.steps_fail(game, place)[2:] == (False, False, False)
    assert not can_fail(game, game.procedures["round_bonus"])
    performs = [number for number, node in enumerate(game.nodes) if type(node) is Perform and node.name == "Card"]
    assert fallible._held_kinds(game, performs[0], "Card") == game.kinds(game.noun(("action", "card")).id)
    assert fallible._held_kinds(game, performs[0], "Nobody") is None
    outside = "for each of every action card in your project area as Card: perform Card."  # (in no procedure body)
    assert can_fail(game, game.add_effect(outside))


def test_of_a_choice_offered_in_full_the_sure_options_are_read_once_for_the_choice(castles):
    """The six actions: taking 1 silver is the one that cannot fail. With every option offered
    the answer is the choice's own (kept by the node); with a few offered, those among them."""
    from engine.interp.fallible import sure_options

    game = castles.game
    state = castles.begin(castles.edit(castles.new_game(players=2, seed=1), 0, counters={"worker": 0}), 0,
                          effect="act with die 3")
    frames, decision = state["frames"], castles.decision(state)
    shown = [[option.key, option.label] for option in decision.candidates]
    assert len(shown) == 6

    def sure(options):
        return set(sure_options(game, frames, len(frames), options, lambda frame: False))
    assert sure(shown) == {"gain_1_silver"}
    assert sure(shown) == sure([[key, label] for key, label in reversed(shown)])  # the same read again
    assert sure(shown[:3]) == {key for key, _label in shown[:3]} & {"gain_1_silver"}
    assert sure([option for option in shown if option[0] == "gain_1_silver"]) == {"gain_1_silver"}
