"""Every shipped schema is valid Draft 2020-12, and every property has a description (editors show it on hover)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conftest import TEST_SCHEMAS
from engine.resources import data_dir

SCHEMA_FILES = sorted(data_dir("schemas").glob("*.schema.json")) + sorted(TEST_SCHEMAS.glob("*.schema.json"))


def each_property(node, where="#"):
    """(path, name, subschema) of every property of a schema, in every `properties` object anywhere."""
    if isinstance(node, dict):
        props = node.get("properties")
        for name, sub in props.items() if isinstance(props, dict) else ():
            yield f"{where}/properties/{name}", name, sub
        for key, value in node.items():
            yield from each_property(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from each_property(value, f"{where}/{i}")


def properties_without_description(node):
    return [where for where, _name, sub in each_property(node)
            if not isinstance(sub, dict) or not isinstance(sub.get("description"), str) or not sub["description"]]


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: Path(p).name)
def test_every_property_has_a_description(path):
    assert properties_without_description(json.loads(Path(path).read_text())) == []


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: Path(p).name)
def test_every_schema_has_the_absolute_id_of_its_kind(path):
    kind = Path(path).name[: -len(".schema.json")]
    assert json.loads(Path(path).read_text())["$id"] == f"https://tabula.dev/schemas/{kind}.schema.json"


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_shipped_schema_is_a_valid_draft_2020_12_schema(path):
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def effect_properties(node):
    """(path, property name, start rule) of every property whose value is effect text: its
    format, or a $ref to the common effect, condition or expression."""
    found = []
    for where, name, sub in each_property(node):
        if isinstance(sub, dict):
            said = sub.get("format") or str(sub.get("$ref", "")).rsplit("/", 1)[-1]
            if said in ("effect", "condition", "expression"):
                found.append((where, name, said))
    return found


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: Path(p).name)
def test_every_property_of_effect_text_is_parsed_with_its_own_start_rule(path):
    """The pipeline finds effect text by its key's name: each name the schemas give effect text
    must be one it finds, with the rule the format says."""
    from engine.effects.pipeline import _start_rule

    wrong = [(where, said, _start_rule(name)) for where, name, said in effect_properties(json.loads(Path(path).read_text()))
             if _start_rule(name) != said]
    assert wrong == []
