"""Reading YAML: positions, strings for dates, and refusals for unsafe or broken input."""

from __future__ import annotations

import pytest

from engine import yamlread
from engine.positions import locate, locate_key, to_plain
from engine.resources import data_dir
from engine.yamlread import parse_yaml, read_yaml


def test_positions_are_one_based_for_values_keys_and_items():
    doc, diags = parse_yaml("top:\n  - id: a\n    n: 1\n  - {id: b, n: 2}\n", "f.yaml")
    assert diags == []
    assert locate(doc, ["top", 0, "n"]) == (3, 8)
    assert locate_key(doc, ["top", 0, "n"]) == (3, 5)
    assert locate(doc, ["top", 1]) == (4, 5)
    assert locate(doc, ["top", 1, "n"]) == (4, 16)


def test_a_key_from_a_merge_falls_back_to_its_mapping():
    doc, _ = parse_yaml("base: &b {x: 1}\nitem:\n  <<: *b\n  y: 2\n", "f.yaml")
    assert to_plain(doc)["item"] == {"y": 2, "x": 1}
    assert locate(doc, ["item", "x"]) == (3, 3)


def test_a_local_tag_is_refused():
    doc, diags = parse_yaml("a: !thing {x: 1}\n", "f.yaml")
    assert doc is None
    assert [(d.code, d.line, d.col, d.message) for d in diags] == [(("E102", 1, 4, "YAML tag '!thing' is not allowed"))]


def test_a_set_tag_is_refused_but_an_explicit_string_tag_is_fine():
    assert parse_yaml("a: !!set {x}\n", "f.yaml")[1][0].code == "E102"
    assert to_plain(parse_yaml("a: !!str 2024\n", "f.yaml")[0]) == {"a": "2024"}


def test_yes_and_no_stay_strings_under_yaml_1_2():
    assert to_plain(parse_yaml("a: yes\nb: no\nc: 010\n", "f.yaml")[0]) == {"a": "yes", "b": "no", "c": 10}


def test_more_than_one_document_in_a_file_is_a_syntax_error():
    diags = parse_yaml("a: 1\n---\nb: 2\n", "f.yaml")[1]
    assert [(d.code, d.line, d.col) for d in diags] == [("E100", 2, 1)]
    assert diags[0].message == "expected a single document in the stream, but found another document"


def test_a_file_that_is_not_utf8_is_refused_at_the_bad_byte(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"a: 1\nb: caf\xe9\n")
    doc, diags = read_yaml(path)
    assert doc is None
    assert [(d.code, d.line, d.col) for d in diags] == [("E103", 2, 7)]


def test_a_missing_file_is_reported(tmp_path):
    doc, diags = read_yaml(tmp_path / "nope.yaml")
    assert doc is None and diags[0].code == "E103" and diags[0].message == "file not found"


def test_a_file_over_the_size_limit_is_refused_without_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlread, "MAX_BYTES", 10)
    path = tmp_path / "big.yaml"
    path.write_text("a: 1\nb: 2\nc: 3\n")
    doc, diags = read_yaml(path)
    assert doc is None and diags[0].code == "E103" and "too large" in diags[0].message


def test_plain_copies_have_string_keys_and_builtin_types():
    doc, _ = parse_yaml("2: 'x'\ntrue: [1, 2.5, null]\n", "f.yaml")
    plain = to_plain(doc)
    assert plain == {"2": "x", "true": [1, 2.5, None]}
    assert type(plain["2"]) is str and type(plain["true"][0]) is int


from hypothesis import given, settings, strategies as st


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{}!&*<>|#'\"\n 0129.,?%@`\t")), max_size=60))
def test_any_text_gives_a_document_or_diagnostics_but_never_an_exception(text):
    doc, diags = parse_yaml(text, "f.yaml")
    assert doc is None or all(d.code == "E101" for d in diags)  # (a duplicate key keeps the document)
    assert all(d.code in {"E100", "E101", "E102"} for d in diags)
    to_plain(doc)


def _shape(node, out):
    """Every value's type and every collection's positions, in document order."""
    if hasattr(node, "lc"):
        out.append((node.lc.line, node.lc.col, {k: list(v) for k, v in (node.lc.data or {}).items()}))
    if hasattr(node, "values") and callable(node.values):
        for value in node.values():
            _shape(value, out)
    elif isinstance(node, list):
        for value in node:
            _shape(value, out)
    else:
        out.append(type(node).__name__)
    return out


SHIPPED_YAML = sorted(data_dir("content").rglob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda p: p.name)
def test_the_fast_reader_gives_the_same_values_types_and_positions_as_the_pure_one(path):
    text = path.read_text(encoding="utf-8")
    pure = yamlread._new_yaml().load(text)
    fast = yamlread._fast_load(text)
    if fast is None:  # the file uses a form libyaml leaves to the pure loader
        pytest.skip("read by the pure loader")
    assert to_plain(fast) == to_plain(pure)
    assert _shape(fast, []) == _shape(pure, [])


def test_a_duplicate_key_is_left_to_the_pure_reader_which_reports_it():
    assert yamlread._fast_load("a: 1\na: 2\n") is None


def test_every_duplicate_key_is_reported_and_the_document_is_read_with_the_first_value():
    doc, diags = parse_yaml("a: 1\nb: 2\na: 3\nc:\n  x: 1\n  x: 2\n", "f.yaml")
    assert to_plain(doc) == {"a": 1, "b": 2, "c": {"x": 1}}
    assert [(d.code, d.line, d.col, d.message) for d in diags] == [
        ("E101", 3, 1, "duplicate key 'a': first at line 1, column 1, again at line 3, column 1"),
        ("E101", 6, 3, "duplicate key 'x': first at line 5, column 3, again at line 6, column 3")]


def test_tags_and_merge_keys_are_left_to_the_pure_reader():
    assert yamlread._fast_load("a: !!python/object:os.system x\n") is None
    assert yamlread._fast_load("a: &x {b: 1}\nc:\n  <<: *x\n") is None
