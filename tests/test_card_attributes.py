"""A card's attributes are checked against what its card type declares (engine/attributes.py):
every mistake a designer can make in the numbers and names printed on a card is an error at
the card, with what was expected. So is an option's default that is none of its choices."""

from __future__ import annotations

from pathlib import Path

from engine.validate import validate
from mod_packs import write_mod

VINE = "  - id: new_vine\n    name: New vine\n    type: vine\n    attributes: {%s}\n"
ORDER = "  - id: new_order\n    name: New order\n    type: wine_order\n    attributes: {%s}\n"


def said(tmp_path: Path, cards: str, files: dict | None = None) -> list[tuple]:
    """(code, line, col, subject, message, hint) of the diagnostics of the mod's own files."""
    folder = write_mod(tmp_path / "more_cards", {"cards.yaml": "kind: cards\ncards:\n" + cards, **(files or {})})
    result = validate([folder])
    return [(d.code, d.line, d.col, d.subject, d.message, d.hint) for d in result.report.diagnostics
            if d.file and "more_cards" in d.file]


def test_a_card_with_the_attributes_its_type_declares_says_nothing(tmp_path):
    assert said(tmp_path, VINE % "value: 2, red: 1, white: 1, colors: [red, white], requirements: [trellis]") == []


def test_an_attribute_its_type_does_not_declare_is_an_error_with_a_did_you_mean(tmp_path):
    [(code, line, _col, subject, message, hint)] = said(tmp_path, VINE % "value: 1, red: 1, colours: [red], colors: [red]")
    assert (code, line, subject, message, hint) == (
        "E202", 6, "card new_vine", "unknown property 'colours'", "did you mean 'colors'?")


def test_a_value_outside_the_declared_values_is_an_error_that_lists_them(tmp_path):
    [(code, line, _col, _subject, message, hint)] = said(tmp_path, VINE % "value: 1, colors: [rde]")
    assert (code, line, message) == ("E203", 6, "colors: 'rde' is not one of the allowed values")
    assert hint == "did you mean 'red'? expected one of: red, white"


def test_a_number_below_its_minimum_or_of_the_wrong_type_is_an_error(tmp_path):
    found = said(tmp_path, VINE % "value: 1, red: -1, white: two, colors: [red]")
    assert [(code, message.split(":")[0]) for code, _l, _c, _s, message, _h in found] == [("E200", "red"), ("E200", "white")]


def test_a_name_that_must_be_an_item_of_a_namespace_must_exist(tmp_path):
    [(code, _line, _col, _subject, message, hint)] = said(tmp_path, VINE % "value: 1, colors: [red], requirements: [trelis]")
    assert (code, message, hint) == ("E400", "unknown structures id 'trelis'", "did you mean 'trellis'?")


def test_a_required_attribute_left_out_is_an_error(tmp_path):
    assert [(code, message) for code, *_rest, message, _hint in said(tmp_path, VINE % "value: 1")] == [
        ("E201", "missing required property 'colors'")]


def test_the_fields_of_a_list_of_objects_are_checked_too(tmp_path):
    found = said(tmp_path, ORDER % "requirements: [{wine: red_wine, valeu: 3}], vp: 2, residual: 1")
    assert [(code, message, hint) for code, _l, _c, _s, message, hint in found] == [
        ("E202", "unknown property 'valeu'", "did you mean 'value'?")]


def test_a_patched_attribute_is_checked_where_the_patch_writes_it(tmp_path):
    folder = write_mod(tmp_path / "more_cards", {"patches.yaml": (
        "kind: patches\npatches:\n  - {target: 'cards:sangiovese', op: replace, path: /attributes/red, value: 9}\n")})
    result = validate([folder])
    assert [(Path(d.file).name, d.line, d.code, d.message) for d in result.report.diagnostics
            if d.severity == "error"] == [("patches.yaml", 3, "E200", "red: 9 is greater than the maximum of 4")]


def test_an_option_default_that_is_none_of_its_choices_is_an_error(tmp_path):
    folder = tmp_path / "options_pack"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: options_pack\nname: Options\nversion: 1.0.0\nkind: game\nengine: '>=0.1,<1'\nfiles: []\n"
        "options:\n  - id: pace\n    kind: setting\n    name: Pace\n    default: nromal\n    description: How fast.\n"
        "    choices:\n      - {id: normal, name: Normal, description: As usual.}\n"
        "      - {id: quick, name: Quick, description: Faster.}\n", encoding="utf-8")
    result = validate([folder], search_roots=[])
    assert [(d.code, d.line, d.message, d.hint) for d in result.report.diagnostics if d.code == "E203"] == [
        ("E203", 11, "default: 'nromal' is not one of the option's choices", "did you mean 'normal'?")]
