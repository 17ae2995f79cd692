"""A property the schemas accept but this engine does not play is never silent: `tabula validate`
warns where a pack sets it (W120), or sets a value the engine does not play (W121), with the
schema's own words on where the rule is written instead (engine/unplayed.py). And no schema
property is left unaccounted for: each is read by the engine, marked in its schema, or
descriptive."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from engine.resources import data_dir
from engine.schemas import schema_set
from engine.unplayed import MARKS, NOT_PLAYED
from engine.validate import validate
from engine.yamlread import read_yaml

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = data_dir("schemas")


def warnings_of(tmp_path: Path, text: str) -> list:
    """The diagnostics of one document, checked against its schema."""
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    document, problems = read_yaml(path)
    assert problems == []
    schemas = schema_set()
    kind, problems = schemas.check_kind(document, str(path))
    assert problems == []
    return schemas.check_document(document, kind, str(path), ref_ids=None)


def test_a_worker_price_that_the_engine_does_not_read_is_a_warning_at_its_key(tmp_path):
    found = warnings_of(tmp_path, "kind: workers\nworkers:\n  - id: farmhand\n    name: farmhand\n    train_cost: 3\n")
    assert [(d.code, d.severity, d.line, d.col, d.end_col, d.subject) for d in found] == [
        ("W120", "warning", 5, 5, 15, "worker farmhand")]
    assert found[0].message == "'train_cost' is not played by this engine"
    assert "written in the effect that trains" in found[0].hint


def test_a_trigger_before_a_step_is_a_warning_inside_a_structure(tmp_path):
    text = ("kind: structures\nstructures:\n  - id: shed\n    name: shed\n    triggers:\n"
            "      - {id: early, before: plant, effect: gain 1 lira}\n")
    found = warnings_of(tmp_path, text)
    assert [(d.code, d.line, d.message) for d in found] == [
        ("W120", 6, "'before' is not played by this engine")]


def test_a_value_the_engine_plays_is_quiet_and_another_is_a_warning(tmp_path):
    text = "kind: scoring\ntie_breaks:\n  - {id: most_coins, position: 1, expression: '1', prefer: %s}\n"
    assert warnings_of(tmp_path, text % "highest") == []
    found = warnings_of(tmp_path, text % "lowest")
    assert [(d.code, d.line, d.message) for d in found] == [
        ("W121", 3, "'prefer: lowest' is not played by this engine")]
    assert found[0].hint == "this engine plays only 'highest': the game is played as if it said 'highest'"


def test_a_document_that_sets_nothing_unplayed_gets_no_warning(tmp_path):
    assert warnings_of(tmp_path, "kind: workers\nworkers:\n  - id: farmhand\n    name: farmhand\n") == []


def test_a_key_shared_through_a_yaml_anchor_is_reported_once(tmp_path):
    text = ("kind: components\ncard_types:\n"
            "  - id: red\n    name: red\n    attributes: &dice\n      die: {type: integer, wrap: true, description: a die}\n"
            "  - id: blue\n    name: blue\n    attributes: *dice\n")
    found = warnings_of(tmp_path, text)
    assert [(d.code, d.line) for d in found] == [("W120", 6)]


def test_the_shipped_packs_set_nothing_unplayed_but_the_solo_automa_of_viticulture():
    """Viticulture's solo Automa is written ahead of the engine, which refuses one-player
    Viticulture at setup; everything else the packs set is played."""
    result = validate([])
    diagnostics = result.report.diagnostics
    assert [d for d in diagnostics if d.severity == "error"] == []
    said = {(Path(d.file).name, d.code, d.message.removesuffix(" is not played by this engine")) for d in diagnostics}
    assert said == {
        ("automa.yaml", "W120", "'max_rounds'"), ("automa.yaml", "W121", "'start_score: 20'"),
        ("automa.yaml", "W120", "'excluded_tags'"), ("automa.yaml", "W120", "'win_condition'"),
        ("automa.yaml", "W120", "'difficulties'"), ("automa.yaml", "W120", "'campaigns'"),
        ("automa.yaml", "W120", "'bot_cards'")}


# ------------------------------------------------------------------ every property accounted for

# Properties for people, not rules: nothing plays them, and nothing should.
DESCRIPTIVE = {
    "description", "notes", "provenance", "provenance_note", "authors", "license", "rulings", "topic",
    "question", "ruling", "reasoning", "applies_to", "pinned_by", "status", "win_rule", "on_loss", "score_rule",
    "tags",  # labels: only a rule that selects on them (a solo opponent's excluded_tags) would play them
    "rules",  # a solo opponent's rules in words; their effects are marked
}
# Read by effect text, as the attribute words of their items ("the cost of Structure").
READ_BY_EFFECTS = {"cost"}


def engine_strings() -> set[str]:
    """Every string the engine's code names (docstrings left out), and every part of an address
    such as "triggers/0/effect" or f"slots/{index}/bonus_effect"."""
    found: set[str] = set()
    for path in [*sorted((ROOT / "engine").rglob("*.py")), ROOT / "cli.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree)
                      if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.add(node.value)
                found.update(node.value.split("/"))
    return found


def schema_properties():
    """(schema file, JSON path, name, subschema, whether an enclosing property is not played)."""
    def walk(node, path, file, inside_unplayed):
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for name, sub in value.items():
                    here = f"{path}/properties/{name}"
                    yield file, here, name, sub, inside_unplayed
                    yield from walk(sub, here, file, inside_unplayed or (isinstance(sub, dict) and NOT_PLAYED in sub))
            elif isinstance(value, dict):  # ($defs: a definition marked not played marks what it holds)
                yield from walk(value, f"{path}/{key}", file, inside_unplayed or NOT_PLAYED in value)
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    yield from walk(item, f"{path}/{key}/{index}", file, inside_unplayed)

    for file in sorted(SCHEMAS.glob("*.schema.json")):
        yield from walk(json.loads(file.read_text(encoding="utf-8")), "#", file.name, False)


def test_every_schema_property_is_read_marked_or_descriptive():
    read = engine_strings()
    loose = [f"{file} {path}" for file, path, name, sub, inside in schema_properties()
             if not inside and name not in read and name not in DESCRIPTIVE and name not in READ_BY_EFFECTS
             and not (isinstance(sub, dict) and any(mark in sub for mark in MARKS))]
    assert loose == [], "mark these x-not-played or x-plays-only (engine/unplayed.py), or play them"


@pytest.mark.parametrize("file", sorted(p.name for p in SCHEMAS.glob("*.schema.json")))
def test_every_mark_says_where_the_rule_is_played_instead(file):
    for _file, path, _name, sub, _inside in schema_properties():
        if _file != file or not isinstance(sub, dict):
            continue
        if NOT_PLAYED in sub:  # (the description is what an editor shows: it says so too)
            assert isinstance(sub[NOT_PLAYED], str) and len(sub[NOT_PLAYED]) > 20, path
            assert "Not played by this engine yet" in sub.get("description", ""), path
        if "x-plays-only" in sub:
            assert isinstance(sub["x-plays-only"], list) and sub["x-plays-only"], path
            assert "This engine plays only" in sub.get("description", ""), path
