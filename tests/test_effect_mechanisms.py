"""The language's choosing, trying and counting steps, run through the engine.

"let X be any value from A to B", "adjust X within A to B[, wrapping around][,
paying ... per step]", "if possible: ...", the quantities "any number of" and
"up to Name", and the filter "other than Name". They are generic, so they are
pinned here on Viticulture's words (lira, vp, cards); the Castles of Burgundy
tests below show them in the game they were made for.
"""

from __future__ import annotations

import pytest

from engine.effects.ast import Call
from engine.interp import tslots as T
from engine.interp.decisions import IllegalAnswer
from engine.interp import slots as F
from engine.interp.fallible import can_fail
from engine.interp.frames import effect_frame
from engine.interp.scoring import best_sets
from engines import begun, legal, loaded


@pytest.fixture(scope="module")
def game():
    return loaded("viticulture")


@pytest.fixture(scope="module")
def summer(game):
    return game.skip_to(game.new_game(players=2, seed=1), "summer")


def options(state):
    return [(key, label) for key, label in legal(loaded("viticulture"), state)]


def answer(game, state, *keys):
    for key in keys:
        state = game.apply(state, key)
    return state


# ------------------------------------------------------------------ a value chosen in a range


def test_any_value_is_one_decision_listing_every_value_of_the_range(game, summer):
    seat, state = begun(game, summer, "let Amount be any value from 1 to 3, then gain Amount lira", lira=0)
    assert options(state) == [("value:1", "1"), ("value:2", "2"), ("value:3", "3")]
    assert state["pending"]["prompt"] == "Choose a value for Amount (1 to 3):"
    state = answer(game, state, "value:3")
    assert state["counters"][seat]["lira"] == 3


def test_adjust_offers_every_value_it_can_pay_for_with_the_current_value_first(game, summer):
    effect = "let Die be 2, then adjust Die within 1 to 6, wrapping around, paying 1 lira per step, then gain Die vp"
    seat, state = begun(game, summer, effect, lira=2, vp=0)
    assert options(state) == [("value:2", "keep 2"), ("value:1", "1 (pay 1 lira)"), ("value:3", "3 (pay 1 lira)"),
                              ("value:4", "4 (pay 2 lira)"), ("value:6", "6 (pay 2 lira)")]
    with pytest.raises(IllegalAnswer, match="5"):  # three steps away: 3 lira, the player has 2
        game.apply(state, "value:5")
    state = answer(game, state, "value:6")  # 2, 1, 6: two steps around the end
    assert state["counters"][seat]["lira"] == 0
    assert state["counters"][seat]["vp"] == 6


def test_adjust_without_wrapping_counts_the_straight_distance(game, summer):
    effect = "let Die be 2, then adjust Die within 1 to 6, paying 1 lira per step, then gain Die vp"
    seat, state = begun(game, summer, effect, lira=3, vp=0)
    assert [key for key, _label in options(state)] == ["value:2", "value:1", "value:3", "value:4", "value:5"]
    state = answer(game, state, "value:5")
    assert (state["counters"][seat]["lira"], state["counters"][seat]["vp"]) == (0, 5)


def test_adjust_with_nothing_to_pay_with_keeps_the_value_without_asking(game, summer):
    effect = "let Die be 4, then adjust Die within 1 to 6, wrapping around, paying 1 lira per step, then gain Die vp"
    seat, state = begun(game, summer, effect, lira=0, vp=0)
    assert state["counters"][seat]["vp"] == 4
    assert "Die is 4" not in state["pending"]["prompt"]


# ------------------------------------------------------------------ if possible


def test_if_possible_carries_out_the_body_when_it_can(game, summer):
    seat, state = begun(game, summer, "if possible: pay 2 lira to gain 1 vp", lira=2, vp=0)
    assert (state["counters"][seat]["lira"], state["counters"][seat]["vp"]) == (0, 1)


def test_if_possible_skips_a_body_that_cannot_be_done_and_says_so(game, summer):
    seat, state = begun(game, summer, "if possible: pay 2 lira to gain 1 vp. gain 1 lira", lira=1, vp=0)
    assert (state["counters"][seat]["lira"], state["counters"][seat]["vp"]) == (2, 0)
    skipped = [e for e in game.events(state) if e["type"] == "skipped"]
    assert skipped and skipped[-1]["text"].startswith("nothing could be done (pay 2 lira to gain 1 vp)")


def test_an_option_holding_if_possible_is_offered_even_when_its_body_is_not(game, summer):
    effect = "choose one: if possible: pay 5 lira to gain 3 vp; or gain 1 lira"
    _seat, state = begun(game, summer, effect, lira=0)
    # ("only if" would leave the first option out)
    assert [key for key, _label in options(state)] == ["if_possible_pay_5_lira_to_gain_3_vp", "gain_1_lira"]


def test_inside_if_possible_only_the_choices_that_finish_the_body_are_offered(game, summer):
    effect = "if possible: choose one: pay 5 lira to gain 3 vp; or pay 1 lira to gain 1 vp; or pay 2 lira to gain 2 vp"
    seat, state = begun(game, summer, effect, lira=2, vp=0)
    assert [key for key, _label in options(state)] == ["pay_1_lira_to_gain_1_vp", "pay_2_lira_to_gain_2_vp"]


def test_if_possible_inside_a_trial_is_judged_the_same_way(game, summer):
    # the trial of option 0 meets the "if possible": its body cannot be done, so it is skipped and
    # option 0 stays possible; the same body in an "only if"-free plain step would rule it out
    effect = "choose one: gain 1 vp, then if possible: pay 9 lira, then pay 1 lira; or gain 2 lira"
    _seat, state = begun(game, summer, effect, lira=1)
    assert [key for key, _label in options(state)] == ["gain_1_vp_then_if_possible_pay_9_lira_then_pay_1",
                                                       "gain_2_lira"]
    effect = "choose one: gain 1 vp, then pay 9 lira, then pay 1 lira; or gain 2 lira"
    seat, state = begun(game, summer, effect, lira=1)
    assert state["counters"][seat]["lira"] == 3  # option 0 was impossible: option 1 was taken unasked


def test_if_possible_never_fails_and_any_value_with_a_fixed_range_neither(game):
    assert not can_fail(game.game, game.game.add_effect("if possible: pay 9 lira"))
    assert not can_fail(game.game, game.game.add_effect("let X be any value from 1 to 6"))


# ------------------------------------------------------------------ quantities and "other than"


def test_at_least_one_repeats_a_procedure_while_the_player_wants(game, summer):
    seat, state = begun(game, summer, "train at least 1 worker", lira=12)  # 4 lira a worker
    assert state["pending"]["prompt"] == "Once more? (1 done)"  # the first run is not asked
    state = answer(game, state, "yes")
    assert state["pending"]["prompt"] == "Once more? (2 done)"  # no most: asked again and again
    state = answer(game, state, "no")
    assert "Once more" not in state["pending"]["prompt"]
    assert state["counters"][seat]["lira"] == 4


def test_at_least_one_stops_asking_when_no_more_can_be_paid(game, summer):
    seat, state = begun(game, summer, "train at least 1 worker", lira=8)
    state = answer(game, state, "yes")  # the second worker spends the last 4 lira
    assert "Once more" not in state["pending"]["prompt"] and state["counters"][seat]["lira"] == 0


def test_any_number_of_may_also_be_none(game, summer):
    seat, state = begun(game, summer, "train any number of workers", lira=8)
    assert state["pending"]["prompt"] == "Do it? (0 done)"
    state = answer(game, state, "no")
    assert state["counters"][seat]["lira"] == 8


def test_any_number_of_things_can_stop_at_once(game, summer):
    seat = summer["pending"]["player"]
    state = game.begin(summer, seat, effect="discard any number of cards")
    assert ("done", "no more") in options(state)
    hand = len(state["in"][f"p{seat}.hand"])
    state = game.apply(state, "done")
    assert len(state["in"][f"p{seat}.hand"]) == hand


def test_up_to_a_named_number(game, summer):
    seat = summer["pending"]["player"]
    state = game.begin(summer, seat, effect="let Most be 2, then discard up to Most cards")
    hand = len(state["in"][f"p{seat}.hand"])
    assert state["pending"]["prompt"].startswith("Choose up to 2 cards")
    keys = [key for key, _label in options(state)]
    assert "done" not in keys  # at least one
    state = game.apply(state, keys[0])
    state = game.apply(state, "done")
    assert len(state["in"][f"p{seat}.hand"]) == hand - 1


def test_other_than_leaves_the_bound_things_out(game, summer):
    seat = summer["pending"]["player"]
    assert len(summer["in"][f"p{seat}.hand"]) > 1
    state = game.begin(summer, seat, effect="choose 1 card in your hand as Kept, then discard every card other than Kept in your hand")
    assert state["pending"]["prompt"].startswith("Choose 1 card in your hand")
    key = legal(game, state)[-1][0]
    state = game.apply(state, key)
    (left,) = state["in"][f"p{seat}.hand"]
    assert key == f"card:{state['things'][left][T.CARD]}@p{seat}.hand"


def test_other_than_names_the_left_out_thing_in_the_prompt(game, summer):
    seat = summer["pending"]["player"]
    state = game.begin(summer, seat, effect="choose 1 card in your hand as Kept, then discard 1 card other than Kept in your hand")
    key, label = legal(game, state)[0]
    state = game.apply(state, key)
    assert state["pending"]["prompt"].startswith(f"Choose 1 card other than {label} in your hand")
    assert key not in [k for k, _label in options(state)]


def test_a_prompt_names_the_thing_bound_at_each_pick_not_the_first_one(game, summer):
    """A pick's words are worked out once only when they name no binding: "other than Kept"
    names whichever card is kept this time."""
    seat = summer["pending"]["player"]
    effect = "choose 1 card in your hand as Kept, then discard 1 card other than Kept in your hand"
    start = game.begin(summer, seat, effect=effect)
    (first_key, first), (second_key, second) = legal(game, start)[:2]
    assert first != second
    assert game.apply(start, first_key)["pending"]["prompt"].startswith(f"Choose 1 card other than {first} in")
    assert game.apply(start, second_key)["pending"]["prompt"].startswith(f"Choose 1 card other than {second} in")


# ------------------------------------------------------------------ scoring by sets of different kinds


@pytest.mark.parametrize("counts, points", [
    ([3, 2, 1, 0], 3),  # the rulebook's example: sheep+cow+chicken 2, sheep+cow 1, sheep 0
    ([2, 2, 2, 2], 8),
    ([5, 0, 0, 0], 0),
    ([5, 4, 3, 2], 11),
])
def test_the_best_split_into_sets_of_different_kinds(counts, points):
    assert best_sets(counts, {2: 1, 3: 2, 4: 4}) == points


def test_a_table_that_prefers_small_sets_is_searched_too():
    assert best_sets([2, 2, 2, 2], {2: 5, 4: 6}) == 20  # four pairs beat two sets of four


# ------------------------------------------------------------------ procedure calls


def test_a_call_with_nothing_to_do_after_its_body_hands_its_frame_over_to_the_body(game, summer):
    """Selling a field gathers no result and triggers nothing: while its body asks, no frame
    of the call waits under it (one frame fewer to run and copy)."""
    seat, state = begun(game, summer, "sell 1 field")
    assert state["pending"]["prompt"] == "Choose 1 empty fields:"
    running = [game.game.nodes[frame[F.NODE]] for frame in state["frames"] if frame[F.NODE] is not None]
    assert not any(isinstance(node, Call) for node in running)
    assert state["frames"][-1][F.QUIET] is True


def test_as_name_after_a_call_without_a_result_binds_nothing(game, summer):
    """'upgrade your cellar' has no result, though its body ends by building a cellar (a call
    that has one): the handed-over frame still binds nothing."""
    effect = "upgrade your cellar for free as Upgraded, then if the number of structures in Upgraded is 0: gain 1 vp"
    seat, state = begun(game, summer, effect, vp=0)
    assert state["counters"][seat]["vp"] == 1
    built = "build 1 medium cellar for free as Built, then if the number of structures in Built is 1: gain 1 vp"
    seat, state = begun(game, summer, built, vp=0)
    assert state["counters"][seat]["vp"] == 1


# ------------------------------------------------------------------ steps run in their parent's frame


def running(game, state) -> list:
    return [type(game.game.nodes[frame[F.NODE]]).__name__ for frame in state["frames"] if frame[F.NODE] is not None]


def test_a_pick_that_asks_binds_what_it_takes_itself_with_no_frame_of_the_binding_under_it(game, summer):
    effect = "choose 1 card in your hand as Kept, then discard every card other than Kept in your hand"
    seat, state = begun(game, summer, effect)
    assert running(game, state)[-1] == "Pick" and "Bound" not in running(game, state)
    assert state["frames"][-1][F.AS] == "Kept"
    kept = legal(game, state)[0][0]
    state = answer(game, state, kept)
    (left,) = state["in"][f"p{seat}.hand"]  # the name was bound: every other card went
    assert kept == f"card:{state['things'][left][T.CARD]}@p{seat}.hand"


def test_a_condition_runs_as_the_branch_it_picks_after_the_steps_before_it(game, summer):
    seat, state = begun(game, summer, "gain 2 lira, then if you have 2 lira: you may pay 1 lira to gain 1 vp", lira=0)
    assert state["pending"]["prompt"].startswith("You may pay 1 lira")
    assert "Conditional" not in running(game, state) and "Gain" not in running(game, state)
    assert state["counters"][seat]["lira"] == 2
    state = answer(game, state, "yes")
    assert (state["counters"][seat]["lira"], state["counters"][seat]["vp"]) == (1, 1)


def test_a_step_done_at_once_still_binds_and_hands_on_what_it_produced(game, summer):
    effect = ("draw 1 vine as Drawn. if the number of cards in Drawn is 1: gain 1 vp. "
              "if the number of cards in Drawn is 2: gain 5 vp. you may gain 1 lira.")
    seat, state = begun(game, summer, effect, vp=0)
    assert state["counters"][seat]["vp"] == 1
    assert running(game, state)[-1] == "May"


def test_steps_of_one_frame_read_its_bindings_as_they_are_now(game, summer):
    effect = "let Extra be 2, then gain Extra lira, then let Extra be Extra plus 1, then gain Extra vp"
    seat, state = begun(game, summer, effect, lira=0, vp=0)
    assert (state["counters"][seat]["lira"], state["counters"][seat]["vp"]) == (2, 3)


def running_one_frame():
    """A runtime of a new game, its stack holding one frame of seat 0 in the root bindings."""
    from engine.interp.runtime import Runtime

    engine = loaded("viticulture")
    state = engine.new_game(players=2, seed=1)
    rt = Runtime(engine.game, state, engine.flow)
    state["envs"].setdefault("root", {})
    frame = effect_frame(0, "root", 0, 0, "")
    state["frames"].append(frame)
    return rt, frame


def test_a_frame_is_read_as_the_player_it_runs_for_now():
    """A frame's players and bindings change only when it is handed over (replace): the
    Context read after that is the new one, and a frame pushed with the same ones shares it."""
    rt, frame = running_one_frame()
    first = rt.ctx(frame)
    assert rt.ctx(frame) is first  # the same frame: the Context made last
    assert rt.ctx(list(frame)) is first  # another frame running where it ran
    rt.replace(frame, 0, {F.ACTOR: 1, F.YOU: 1})
    other = rt.ctx(frame)
    assert (other.actor, other.you, first.actor) == (1, 1, 0)
    rt.replace(frame, 0, {F.ENV: rt.new_env({"Extra": 4})})
    assert rt.ctx(frame).env == {"Extra": 4}


def test_a_frame_pushed_with_its_parents_players_and_bindings_reads_the_parents_context():
    """A child pushed with nothing of its own, or only marks and a pick's keys, runs where its
    parent runs: it is read as the Context the parent's read made. A child pushed for another
    player, or with bindings of its own, is read anew."""
    rt, parent = running_one_frame()
    made = rt.ctx(parent)
    assert rt.ctx(rt.push(parent, 0)) is made
    rt.ctx(parent)
    assert rt.ctx(rt.push(parent, 0, {F.STRICT: True})) is made
    rt.ctx(parent)
    other = rt.ctx(rt.push(parent, 0, {F.ACTOR: 1}))
    assert (other.actor, other.you) == (1, 0)
    rt.ctx(parent)
    bound = rt.ctx(rt.push(parent, 0, {F.ENV: rt.new_env({"Extra": 4})}))
    assert bound.env == {"Extra": 4}
