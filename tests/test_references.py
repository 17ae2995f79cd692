"""Names of items that a pack writes must name items that exist, with a did-you-mean when they
do not (E400): a ruling's `applies_to` (an item of any namespace by its id, or written with its
namespace first, `cards:broker`, or an option), and what a trigger waits for (a procedure or an
action space: a misspelt one would never fire)."""

from __future__ import annotations

from pathlib import Path

from mod_packs import said_in, write_mod



def said(tmp_path: Path, applies_to: str) -> list[tuple]:
    return said_in(write_mod(tmp_path / "house_rulings", {"rulings.yaml": (
        "kind: rulings\nrulings:\n  - id: house_ruling\n    topic: A house ruling\n    question: Which?\n"
        f"    ruling: This one.\n    reasoning: Because.\n    source: The house.\n    applies_to: {applies_to}\n")}),
        "rulings.yaml")


def test_a_ruling_may_name_an_item_by_id_with_its_namespace_or_an_option(tmp_path):
    assert said(tmp_path, "[broker, 'spaces:draw_vine', friendly_variant]") == []


def test_a_ruling_that_names_nothing_is_an_error_with_a_did_you_mean(tmp_path):
    assert said(tmp_path, "['cards:brokr']") == [
        ("E400", 9, 18, "unknown item 'cards:brokr'", "did you mean 'broker'?")]


def test_a_namespace_that_holds_no_such_item_is_an_error(tmp_path):
    assert [code for code, *_ in said(tmp_path, "['spaces:broker']")] == ["E400"]


def trigger_said(tmp_path: Path, after: str) -> list[tuple]:
    return said_in(write_mod(tmp_path / "shed", {"structures.yaml": (
        "kind: structures\nstructures:\n  - id: shed\n    name: shed\n    location: vineyard\n    triggers:\n"
        f"      - {{id: shed_vp, after: {after}, effect: gain 1 vp}}\n")}), "structures.yaml")


def test_a_trigger_waits_for_a_procedure_or_an_action_space(tmp_path):
    assert trigger_said(tmp_path, "plant") == []
    assert trigger_said(tmp_path / "again", "give_tour") == []


def test_a_trigger_that_waits_for_nothing_that_exists_is_an_error(tmp_path):
    assert trigger_said(tmp_path, "plnt") == [
        ("E400", 7, 30, "unknown procedures or spaces id 'plnt'", "did you mean 'plant'?")]


def test_a_trigger_after_the_end_of_a_round_is_refused_since_nothing_would_fire_it(tmp_path):
    assert [code for code, *_ in trigger_said(tmp_path, "round_end")] == ["E400"]


def test_a_ruling_cannot_name_an_attribute_as_if_it_were_an_item(tmp_path):
    assert [code for code, *_ in said(tmp_path, "[harvested]")] == ["E400"]


def test_a_display_ordered_by_an_attribute_nothing_declares_is_an_error_not_a_crash_in_play(tmp_path):
    """Before, `row_attribute: dei` validated clean and play stopped with an internal error."""
    folder = write_mod(tmp_path / "rows", {"patches.yaml": (
        "kind: patches\npatches:\n  - {target: 'displays:action_display', op: replace, path: /row_attribute, value: dei}\n")},
        game="castles-of-burgundy-cards")
    assert [(code, message, hint) for code, _line, _col, message, hint in said_in(folder, "patches.yaml")] == [
        ("E400", "unknown attribute 'dei'", "did you mean 'die'?")]


def test_a_place_that_holds_a_kind_nobody_declares_is_an_error(tmp_path):
    folder = write_mod(tmp_path / "shelf", {"places.yaml": (
        "kind: components\nplaces:\n  - {id: shelf, name: shelf, scope: player, holds: [crad, vine]}\n")})
    assert [(code, message, hint) for code, _line, _col, message, hint in said_in(folder, "places.yaml")] == [
        ("E400", "unknown noun 'crad'", "did you mean 'card'?")]


def test_a_procedure_or_a_term_built_on_a_noun_nobody_declares_is_an_error(tmp_path):
    """A term's base is a noun of the game, but does not make one: a misspelt base is refused."""
    folder = write_mod(tmp_path / "polish", {"procedures.yaml": (
        "kind: procedures\nprocedures:\n  - {id: polish, verb: polish, object: structre, effect: gain 1 vp}\n"
        "terms:\n  - {id: shiny, name: shiny, noun: structre, condition: the cost of It is 2}\n")})
    assert [(code, line, message) for code, line, _col, message, _hint in said_in(folder, "procedures.yaml")] == [
        ("E400", 3, "unknown noun 'structre'"), ("E400", 5, "unknown noun 'structre'")]
