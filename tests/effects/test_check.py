"""The static check resolves every word of an effect against the pack's
vocabulary and reports each unknown word with a did-you-mean."""

import pytest

from engine.effects import parse_condition, parse_effect
from engine.effects.check import check
from engine.effects.vocabulary import build_vocabulary

TABLE = {
    "resources": {"lira": {"name": "lira", "plural": "lira"}, "vp": {"name": "vp", "plural": "vp"}},
    "groups": {"card": {"name": "card"}, "structure": {"name": "structure"}},
    "card_types": {
        "vine": {"name": "vine", "groups": ["card"], "attributes": {"value": {"type": "integer"}, "requires": {}}},
        "summer_visitor": {"name": "summer visitor", "groups": ["card"]},
    },
    "places": {"field": {"name": "field", "instances": [{"id": "field_5", "attributes": {"limit": 5}}]},
               "hand": {"name": "hand", "plural": "hand"}},
    "structures": {"yoke": {"name": "yoke", "groups": ["structure"], "cost": 2},
                   "trellis": {"name": "trellis", "groups": ["structure"], "cost": 2}},
    "terms": {"empty_field": {"name": "empty field", "noun": "field"}},
    "procedures": {
        "plant": {"verb": "plant", "object": "vine", "modifiers": [
            {"id": "ignore_requirements", "phrase": "ignoring structure requirements"}]},
        "build": {"verb": "build", "object": "structure", "result": "structure", "modifiers": [
            {"id": "discount", "phrase": "at a discount of {Discount} lira"},
            {"id": "free", "phrase": "for free"}]},
        "upgrade": {"verb": "upgrade", "object_words": "your cellar"},
        "buy_back": {"verb": "buy back", "object": "field"},
    },
}
VOCABULARY = build_vocabulary(TABLE)


def problems(text, bound=(), condition=False):
    tree = parse_condition(text) if condition else parse_effect(text)
    found, _calls = check(tree, VOCABULARY, bound)
    return [(p.code, p.message, p.hint) for p in found]


def test_a_well_formed_effect_has_no_problems():
    assert problems("choose one: gain 2 lira for each empty field; or plant 1 vine ignoring structure requirements") == []


def test_an_unknown_noun_is_reported_with_a_did_you_mean():
    assert problems("gain 2 lire") == [("E302", "unknown noun 'lire'", "did you mean 'lira'?")]


def test_a_noun_followed_by_a_word_for_its_kind_suggests_the_noun_itself():
    assert problems("draw 1 vine card") == [("E302", "unknown noun 'vine card'", "did you mean 'vine'?")]
    assert problems("gain 2 lira coins")[0][2] == "did you mean 'lira'?"


def test_an_unknown_verb_suggests_pack_verbs_and_keywords():
    assert problems("plnt 1 vine") == [("E301", "unknown verb 'plnt'", "did you mean 'plant'?")]
    assert problems("gian 2 lira")[0][2] == "did you mean 'gain'?"


def test_a_verb_with_the_wrong_object_says_what_it_needs():
    assert problems("plant 1 lira")[0][:2] == ("E303", "'plant' needs a vine after its quantity")


def test_a_specific_member_of_the_object_group_is_accepted():
    assert problems("build 1 yoke for free") == []


def test_modifiers_bind_numbers_and_may_follow_each_other():
    tree = parse_effect("build 1 structure at a discount of 2 lira")
    found, calls = check(tree, VOCABULARY)
    assert found == []
    (resolved,) = calls.values()
    assert resolved.procedure.id == "build" and resolved.modifiers == (("discount", (2,)),)


def test_an_unknown_modifier_suggests_the_closest_phrase():
    assert problems("build 1 structure at a discount of two lira")[0][2] == "did you mean 'at a discount of {Discount} lira'?"
    assert problems("plant 1 vine quickly")[0][2] == "'plant' accepts: 'ignoring structure requirements'"


def test_multi_word_verbs_and_fixed_object_words_are_matched():
    assert problems("buy back 1 field") == []
    assert problems("upgrade your cellar") == []
    assert problems("upgrade my cellar")[0][1] == "'upgrade' is written 'upgrade your cellar'"


def test_a_name_must_be_bound_before_it_is_used():
    assert problems("build 1 structure as Built. if the cost of Built is at least 5: gain 1 vp") == []
    assert problems("if the cost of Bulit is at least 5: gain 1 vp")[0][:2] == ("E304", "the name Bulit is not bound here")


def test_names_given_by_the_caller_count_as_bound():
    assert problems("for each of Count vines in your hand as Vine: plant 1 vine", bound={"Count"}) == []


def test_who_did_needs_a_poll_before_it():
    assert problems("gain 1 vp for each opponent who did")[0][:2] == ("E304", "'who did' has nothing to refer to")
    assert problems("each opponent may gain 1 lira, then gain 1 vp for each opponent who did") == []


def test_an_unknown_attribute_is_reported():
    assert problems("discard 1 vine of valeu 3 or more")[0][:3] == ("E302", "unknown attribute 'valeu'", "did you mean 'value'?")


def test_the_filters_of_every_place_of_a_kind_are_checked_as_things_filters_are():
    assert problems("discard 1 vine on each field of limit 5") == []
    assert problems("discard 1 vine on each field of limt 5")[0][:3] == (
        "E302", "unknown attribute 'limt'", "did you mean 'limit'?")
    assert problems("discard 1 vine on each field of limit Most")[0][:2] == ("E304", "the name Most is not bound here")


def test_a_condition_is_checked_like_an_effect():
    assert problems("you have at least 2 strucures", condition=True)[0][2] == "did you mean 'structures'?"


def test_choose_two_needs_two_options():
    assert problems("choose two: gain 1 vp")[0][:2] == ("E304", "choose 2 needs at least 2 options")


def test_any_value_binds_its_name_and_adjust_needs_one_bound():
    assert problems("let Die be any value from 1 to 6, then adjust Die within 1 to 6, paying 1 lira per step") == []
    assert problems("adjust Die within 1 to 6")[0][:2] == ("E304", "the name Die is not bound here")


def test_the_cost_of_adjust_is_checked_like_any_payment():
    assert problems("let D be 1, then adjust D within 1 to 6, paying 1 lire per step")[0][:2] == (
        "E302", "unknown noun 'lire'")


def test_up_to_a_name_and_other_than_need_bound_names():
    assert problems("discard up to Most vines")[0][:2] == ("E304", "the name Most is not bound here")
    assert problems("discard 1 vine other than Kept")[0][:2] == ("E304", "the name Kept is not bound here")
    assert problems("choose 1 vine as Kept, then discard 1 vine other than Kept") == []


def test_if_possible_checks_its_body():
    assert problems("if possible: plnt 1 vine")[0][:2] == ("E301", "unknown verb 'plnt'")


def test_a_keyword_written_with_a_capital_is_pointed_at_with_its_lowercase_form():
    from engine.effects.parser import EffectSyntaxError

    for text, offset, word in (("Gain 2 lira.", 0, "Gain"), ("gain 2 lira, then Draw 1 vine", 18, "Draw")):
        with pytest.raises(EffectSyntaxError) as raised:
            parse_effect(text)
        assert (raised.value.offset, raised.value.message) == (offset, f"unexpected name {word}")
        assert raised.value.hint.startswith(f"the effect language's words are lowercase: write {word.lower()!r}")
    assert parse_effect("let Total be 2, then pay Total lira") is not None  # (a name where a number goes)
