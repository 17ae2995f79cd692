"""A mod's patches are checked as thoroughly as the items they change, and played.

A patch (kind: patches) changes an item of an earlier pack. The item as patched is checked
against the schema of its kind, its effects are parsed and checked, and every problem is said
where the patch is written, with the item named; an effect a patch writes is the one the game
plays (and `tabula show` prints), never the text it replaced.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli import tabula
from engine.effects import render
from engine.interpreter import Engine
from engine.validate import validate
from mod_packs import write_mod



def mod(tmp_path: Path, patches: str) -> Path:
    """A mod of Viticulture whose only file is ``patches`` (the text after `patches:`)."""
    return write_mod(tmp_path / "house_rules", {"patches.yaml": "kind: patches\npatches:\n" + patches})


def said_in_patches(folder: Path) -> list[tuple]:
    """(code, line, col, subject, message) of every diagnostic in the mod's patches file."""
    result = validate([folder])
    return [(d.code, d.line, d.col, d.subject, d.message) for d in result.report.diagnostics
            if d.file and d.file.endswith("patches.yaml")]


def test_an_effect_a_patch_writes_is_the_effect_the_game_plays(tmp_path):
    folder = mod(tmp_path, "  - {target: 'cards:broker', op: replace, path: /effect, value: gain 7 lira}\n")
    assert said_in_patches(folder) == []
    engine = Engine.load([folder])
    assert render(engine.game.nodes[engine.game.effect("cards", "broker")]) == "gain 7 lira"
    shown = CliRunner().invoke(tabula, ["show", str(folder), "broker"])
    assert shown.exit_code == 0
    assert shown.output.strip() == "card broker (effect): Gain 7 lira."


def test_an_effect_merged_into_an_item_is_played_too(tmp_path):
    folder = mod(tmp_path, "  - target: cards:broker\n    op: merge\n    value: {effect: gain 1 vp}\n")
    engine = Engine.load([folder])
    assert render(engine.game.nodes[engine.game.effect("cards", "broker")]) == "gain 1 vp"


def test_a_misspelt_word_in_a_patched_effect_is_an_error_at_the_patch(tmp_path):
    folder = mod(tmp_path, "  - target: cards:broker\n    op: replace\n    path: /effect\n    value: gian 7 lira\n")
    assert said_in_patches(folder) == [("E301", 6, 12, "card broker", "unknown verb 'gian'")]


def test_a_problem_inside_a_folded_effect_of_a_merge_is_found_on_its_own_line(tmp_path):
    folder = mod(tmp_path, "  - target: cards:broker\n    op: merge\n    value:\n      effect: >-\n"
                           "        gain 2 lira,\n        then drwa 1 vine\n")
    assert said_in_patches(folder) == [("E301", 8, 14, "card broker", "unknown verb 'drwa'")]


def test_a_key_the_item_does_not_have_is_an_error_at_the_patch_with_a_did_you_mean(tmp_path):
    folder = mod(tmp_path, "  - target: structures:trellis\n    op: merge\n    value: {cots: 1}\n")
    result = validate([folder])
    found = [d for d in result.report.diagnostics if d.file.endswith("patches.yaml")]
    assert [(d.code, d.line, d.col, d.subject, d.message, d.hint) for d in found] == [
        ("E202", 5, 13, "patch structures:trellis", "unknown property 'cots'", "did you mean 'cost'?")]


def test_a_value_of_the_wrong_type_is_an_error_that_names_the_item_property(tmp_path):
    folder = mod(tmp_path, "  - target: structures:trellis\n    op: replace\n    path: /cost\n    value: one\n")
    [(code, line, col, subject, message)] = said_in_patches(folder)
    assert (code, line, col, subject) == ("E200", 6, 12, "patch structures:trellis")
    assert message.startswith("cost: 'one'")


def test_a_reference_a_patch_writes_must_name_an_existing_item(tmp_path):
    folder = mod(tmp_path, "  - target: cards:broker\n    op: replace\n    path: /type\n    value: summer_vistor\n")
    result = validate([folder])
    found = [d for d in result.report.diagnostics if d.file.endswith("patches.yaml")]
    assert [(d.code, d.line, d.hint) for d in found] == [("E400", 6, "did you mean 'summer_visitor'?")]


def test_removing_what_the_item_needs_is_an_error_at_the_removal(tmp_path):
    folder = mod(tmp_path, "  - target: structures:trellis\n    op: remove\n    path: /name\n")
    assert said_in_patches(folder) == [
        ("E201", 4, 5, "patch structures:trellis", "missing required property 'name'")]


def test_a_property_a_patch_sets_that_the_engine_does_not_play_is_warned_at_the_patch(tmp_path):
    folder = mod(tmp_path, "  - target: structures:trellis\n    op: merge\n    value: {vp: 2}\n")
    assert said_in_patches(folder) == [
        ("W120", 5, 13, "patch structures:trellis", "'vp' is not played by this engine")]


def test_what_is_not_played_is_read_from_the_schema_of_the_item_patched(tmp_path):
    """A structure's `effect` is not played, a card's is: patches on both say so of the first only."""
    folder = mod(tmp_path, "  - {target: 'structures:trellis', op: merge, value: {effect: gain 1 lira}}\n"
                           "  - {target: 'cards:broker', op: merge, value: {effect: gain 1 lira}}\n"
                           "  - {target: 'cards:wine_critic', op: merge, value: {effect: gain 2 lira}}\n")
    assert [(code, line, subject) for code, line, _col, subject, _message in said_in_patches(folder)] == [
        ("W120", 3, "patch structures:trellis")]


def test_a_patch_that_is_right_says_nothing_and_the_base_game_is_not_checked_twice(tmp_path):
    """The game the mod builds on is checked once, as it is alone: its warnings (the solo
    Automa's) are counted but not shown to the mod's author."""
    folder = mod(tmp_path, "  - target: structures:trellis\n    op: replace\n    path: /cost\n    value: 1\n")
    alone = validate(["viticulture"])
    with_mod = validate([folder])
    assert said_in_patches(folder) == []
    assert with_mod.report.diagnostics == []
    assert with_mod.hidden_warnings == len(alone.report.diagnostics) == alone.report.warning_count == 7
    assert with_mod.summary_line().endswith("0 errors, 0 warnings (and 7 in the packs it builds on)")


def test_an_effect_an_overriding_item_brings_is_the_one_played(tmp_path):
    folder = write_mod(tmp_path / "house_rules", {"cards.yaml": (
        "kind: cards\ncards:\n  - id: broker\n    override: true\n    name: Broker\n    type: summer_visitor\n"
        "    effect: gain 4 lira\n")})
    result = validate([folder])
    assert not result.report.has_errors
    live = [found for found, _tree in result.effects if found.address == "cards:broker:effect" and found.live]
    assert [found.text for found in live] == ["gain 4 lira"]
    engine = Engine.load([folder])
    assert render(engine.game.nodes[engine.game.effect("cards", "broker")]) == "gain 4 lira"


def test_a_misspelt_target_or_path_gets_a_did_you_mean_written_as_the_patch_writes_it(tmp_path):
    folder = mod(tmp_path, "  - {target: 'cards:brokr', op: replace, path: /effect, value: gain 1 lira}\n"
                           "  - {target: 'crads:broker', op: replace, path: /effect, value: gain 1 lira}\n"
                           "  - {target: 'cards:broker', op: replace, path: /efect, value: gain 1 lira}\n")
    result = validate([folder])
    assert [(d.code, d.line, d.message, d.hint) for d in result.report.diagnostics] == [
        ("E506", 3, "patch target 'cards:brokr' does not exist", "did you mean 'cards:broker'?"),
        ("E506", 4, "patch target 'crads:broker' does not exist", "did you mean 'cards:broker'?"),
        ("E506", 5, "path '/efect': no key 'efect'", "did you mean 'effect'?")]
