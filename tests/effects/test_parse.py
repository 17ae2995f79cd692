"""The effect language parses card text into the right tree, and says clearly
where and why it cannot."""

import pytest

from engine.effects import EffectSyntaxError, ast, parse_condition, parse_effect, render


def first_step(text):
    return parse_effect(text).sentences[0].steps[0]


def test_a_choice_holds_each_option_as_a_sentence():
    step = first_step("choose one: gain 4 lira; or harvest 1 field")
    assert isinstance(step, ast.Choice)
    assert step.count == 1
    assert [render(o) for o in step.options] == ["gain 4 lira", "harvest 1 field"]


def test_a_choice_may_offer_both_options_for_a_price():
    step = first_step("choose one, or both if you lose 1 vp: draw 2 vines; or gain 3 lira")
    assert render(step.upgrade) == "lose 1 vp"
    assert len(step.options) == 2


def test_an_exchange_is_a_cost_then_a_reward():
    step = first_step("pay 9 lira to gain 3 vp")
    assert isinstance(step, ast.Exchange)
    assert isinstance(step.cost, ast.Pay) and isinstance(step.reward, ast.Gain)


def test_steps_are_joined_by_then_and_sentences_by_periods():
    effect = parse_effect("gain 3 lira, then draw 1 summer visitor. gain 1 vp")
    assert [len(s.steps) for s in effect.sentences] == [2, 1]


def test_a_list_of_items_uses_commas_and_a_final_and():
    step = first_step("draw 1 vine, 1 wine order and 1 winter visitor")
    assert [i.noun for i in step.items] == [("vine",), ("wine", "order"), ("winter", "visitor")]


def test_a_pack_verb_keeps_its_words_for_the_checker():
    step = first_step("build 1 structure at a discount of 2 lira")
    assert step == ast.Call("build", ast.Quantity("exactly", 1), ("structure", "at", "a", "discount", "of", 2, "lira"))


def test_keywords_inside_a_pack_verb_are_plain_words():
    step = first_step("uproot 1 vine and discard it to gain 2 vp")
    assert isinstance(step, ast.Exchange)
    assert step.cost.words == ("vine", "and", "discard", "it")


def test_quantities_have_modes():
    modes = [first_step(t).items[0].quantity.mode for t in ("gain 2 lira", "draw up to 2 vines", "discard all cards", "discard at least 1 grape")]
    assert modes == ["exactly", "up_to", "all", "at_least"]


def test_a_filter_bounds_an_attribute():
    item = first_step("discard 1 wine of value 7 or more").items[0]
    assert item.filters == (ast.Filter("value", 7, "more"),)


def test_every_place_of_a_kind_may_be_narrowed_by_filters_after_its_words():
    text = "choose 1 action card on each display row of die Row as Claimed"
    item = first_step(text).step.items[0]
    assert item.filters == ()  # the filter is the place's, not the card's
    assert item.location.place == ast.EveryPlace(("display", "row"), (ast.Filter("die", "Row", None),))
    assert render(parse_effect(text)) == text
    assert first_step("reveal 1 card from each deck as Shown").step.items[0].location.place.filters == ()


def test_each_opponent_may_and_who_did_go_together():
    effect = parse_effect("each player may plant 1 vine, then gain 2 lira for each opponent who did")
    poll, gain = effect.sentences[0].steps
    assert isinstance(poll, ast.Poll) and poll.players == "player"
    assert gain.per == ast.PlayerSelector("opponent", ast.WhoDid(False))


def test_conditions_follow_not_and_or_precedence():
    condition = parse_condition("not A or B and C")
    assert condition == ast.AnyOf((ast.Not(ast.Flag("A")), ast.AllOf((ast.Flag("B"), ast.Flag("C")))))


def test_a_bare_number_after_have_is_kept_without_an_operator():
    condition = parse_condition("you have 6 workers")
    assert condition.comparison.op is None


def test_a_span_points_at_the_text_of_its_node():
    text = "gain 2 lira, then plant 1 vine"
    call = parse_effect(text).sentences[0].steps[1]
    assert text[call.span.start:call.span.end] == "plant 1 vine"


def test_spans_do_not_count_in_equality():
    assert parse_effect("gain  2   lira") == parse_effect("gain 2 lira")


def test_a_value_chosen_in_a_range_binds_a_name():
    step = first_step("let Die be any value from 1 to 6")
    assert step == ast.LetAny("Die", ast.Number(1), ast.Number(6))


def test_adjust_has_a_range_a_wrap_and_a_cost_per_step():
    step = first_step("adjust Die within 1 to 6, wrapping around, paying 1 worker per step")
    assert step.name == "Die" and step.wrap
    assert (step.low, step.high) == (ast.Number(1), ast.Number(6))
    assert isinstance(step.cost, ast.Pay) and step.cost.items[0].noun == ("worker",)
    plain = first_step("adjust Die within 1 to Top")
    assert not plain.wrap and plain.cost is None and plain.high == ast.Var("Top")


def test_if_possible_opens_a_body_and_is_not_a_condition():
    step = first_step("if possible: choose one: claim 1 castle; or claim 1 mine")
    assert isinstance(step, ast.IfPossible) and isinstance(step.body.steps[0], ast.Choice)
    assert isinstance(first_step("if Possible: gain 1 vp"), ast.Conditional)  # a name is still a flag


def test_any_number_of_and_up_to_a_name_are_quantities():
    assert first_step("discard any number of cards").items[0].quantity == ast.Quantity("any_number")
    assert first_step("discard up to Most cards").items[0].quantity == ast.Quantity("up_to", "Most")
    call = first_step("convert any number of victory points")
    assert call.quantity == ast.Quantity("any_number") and call.words == ("victory", "points")


def test_other_than_is_a_filter_of_its_own():
    item = first_step("discard 1 card other than Kept in your hand").items[0]
    assert item.filters == (ast.OtherThan("Kept"),)
    assert item.location.place == ast.OwnPlace(("hand",))


def test_the_new_keywords_stay_plain_words_in_pack_verbs():
    assert first_step("act with any die") == ast.Call("act", None, ("with", "any", "die"))
    assert first_step("plant 1 vine other side").words == ("vine", "other", "side")


@pytest.mark.parametrize(
    "text, offset, message, hint",
    [
        ("gain two lira", 5, "unexpected word two", "write numbers as digits (2, not two)"),
        ("chose one: gain 1 lira; or gain 2 vp", 9, "unexpected :", "did you mean 'choose'?"),
        ("gain 2 lira,", 12, "the effect ends too early", "expected"),
        ("gain 2 lira $", 12, "unexpected character '$'", "expected"),
        ("choose one gain 2 lira", 11, "unexpected word gain", "expected ',', ':'"),
    ],
)
def test_a_syntax_error_says_where_what_and_what_was_expected(text, offset, message, hint):
    with pytest.raises(EffectSyntaxError) as caught:
        parse_effect(text)
    assert caught.value.offset == offset
    assert caught.value.message == message
    assert caught.value.hint.startswith(hint)
