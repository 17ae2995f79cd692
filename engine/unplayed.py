"""Properties a pack sets that this engine does not play: warnings, from the schemas' own marks.

The schemas accept more than the interpreter plays: they were written for the games to come.
A property the interpreter never reads carries ``"x-not-played": "<why, and where the rule is
played instead>"`` in its schema; a property whose other values it cannot play carries
``"x-plays-only": [<the values it plays as>]``. Both are annotations (JSON Schema ignores keywords
it does not know), so validation is unchanged. After a document passes through the schema
check, this walk follows the document through its schema (``$ref``, ``properties``, pattern and
additional properties, ``items``, and every branch of ``allOf``/``anyOf``/``oneOf`` and
``if``/``then``/``else``) and reports each marked property the document sets:

- W120: the property is not played (the hint says why, and where the rule is written instead);
- W121: the value is not one the engine plays (the hint names the values it plays).

A designer who edits such a value, or a modder who sets it, is told at once that it changes
nothing, instead of finding out in play. tests/test_unplayed.py keeps every schema property
either read by the engine, marked here, or descriptive.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .diagnostics import Diagnostic
from .positions import locate_key, span_end, subject_at

NOT_PLAYED = "x-not-played"
PLAYS_ONLY = "x-plays-only"
MARKS = (NOT_PLAYED, PLAYS_ONLY)
BRANCHES = ("allOf", "anyOf", "oneOf")
CONDITIONALS = ("if", "then", "else")


class Marks:
    """The marked properties of one schema set: which subschemas lead to a mark (worked out
    once per subschema, so a document walks only the parts of its schema that have one).
    The memos are keyed by a subschema's identity: every schema given must live as long as
    this object (a schema made for one call and freed could leave its identity to another)."""

    def __init__(self) -> None:
        self._leads: dict[int, bool] = {}
        self._applies: dict[int, list] = {}  # a subschema's $ref resolved, and its branches

    def _applied(self, schema: Mapping, resolver: Any) -> list:
        """``_applied``, once per subschema (a subschema lies in one schema file, so its $ref
        resolves alike wherever it is reached from)."""
        found = self._applies.get(id(schema))
        if found is None:
            found = self._applies[id(schema)] = list(_applied(schema, resolver))
        return found

    def warnings(self, doc: Any, plain: Any, schema: Mapping, resolver: Any, file: str | None) -> list[Diagnostic]:
        """W120 and W121 for every marked property ``doc`` sets, in document order (``plain``:
        the document as plain data, which the schema check made)."""
        said: dict[tuple, Diagnostic] = {}  # one key shared through a YAML anchor is said once
        for path, mark in self.found(plain, schema, resolver).items():
            made = self.diagnostic(doc, plain, file, path, mark)
            said.setdefault((made.line, made.col, made.code), made)
        return list(said.values())

    def found(self, plain: Any, schema: Mapping, resolver: Any) -> dict[tuple, tuple]:
        """The marked properties ``plain`` sets: path -> (mark, what it says)."""
        found: dict[tuple, tuple] = {}
        self._walk(plain, schema, resolver, [], found)
        return found

    # ------------------------------------------------------------ the walk

    def _walk(self, value: Any, schema: Any, resolver: Any, path: list, found: dict) -> None:
        if not isinstance(schema, Mapping) or not self._leads_to_mark(schema, resolver, set()):
            return
        if NOT_PLAYED in schema:
            found.setdefault(tuple(path), (NOT_PLAYED, schema[NOT_PLAYED]))
            return
        if PLAYS_ONLY in schema and value not in schema[PLAYS_ONLY]:
            found.setdefault(tuple(path), (PLAYS_ONLY, schema[PLAYS_ONLY]))
            return
        for sub, sub_resolver in self._applied(schema, resolver):
            self._walk(value, sub, sub_resolver, path, found)
        if isinstance(value, Mapping):
            for key, item in value.items():
                sub = _property_schema(schema, key)
                if sub is not None:
                    self._walk(item, sub, resolver, path + [key], found)
        elif isinstance(value, list):
            prefix = schema.get("prefixItems") or []
            for index, item in enumerate(value):
                sub = prefix[index] if index < len(prefix) else schema.get("items")
                self._walk(item, sub, resolver, path + [index], found)

    def _leads_to_mark(self, schema: Mapping, resolver: Any, seen: set) -> bool:
        """Whether ``schema`` or any subschema it reaches carries a mark (memo by identity:
        the schemas live as long as their SchemaSet)."""
        return self._search(schema, resolver, seen)[0]

    def _search(self, schema: Mapping, resolver: Any, seen: set) -> tuple[bool, bool]:
        """(whether a mark is reached, whether a recursive $ref was cut on the way): a "no"
        found with a cut is not kept, since the cut part is decided where it started."""
        known = self._leads.get(id(schema))
        if known is not None:
            return known, False
        if id(schema) in seen:
            return False, True
        seen.add(id(schema))
        subs = self._applied(schema, resolver) + [(sub, resolver) for sub in _children(schema)]
        found, cut = any(mark in schema for mark in MARKS), False
        for sub, sub_resolver in subs:
            if found:
                break
            if isinstance(sub, Mapping):
                sub_found, sub_cut = self._search(sub, sub_resolver, seen)
                found, cut = found or sub_found, cut or sub_cut
        if found or not cut:
            self._leads[id(schema)] = found
        return found, cut

    @staticmethod
    def diagnostic(doc: Any, plain: Any, file: str | None, path: tuple, mark: tuple,
                   written: list | None = None) -> Diagnostic:
        """The warning for the property at ``path`` of ``plain``, located at ``written`` in
        ``doc`` (default: ``path``; a patch writes it elsewhere)."""
        kind, said = mark
        key = path[-1] if path else "document"
        at = list(path) if written is None else written
        line, col = locate_key(doc, at)
        where = {"subject": subject_at(doc, at), "severity": "warning", "end_col": span_end(key, col)}
        if kind == NOT_PLAYED:
            return Diagnostic("W120", f"'{key}' is not played by this engine", file, line, col, hint=said, **where)
        value = _shown(_value_at(plain, path), quoted=False)
        plays = ", ".join(_shown(v) for v in said)
        return Diagnostic("W121", f"'{key}: {value}' is not played by this engine", file, line, col, **where,
                          hint=f"this engine plays only {plays}: the game is played as if it said {_shown(said[0])}")


def _shown(value: Any, quoted: bool = True) -> str:
    """A value as a pack writes it: a string (quoted, or as it stands in 'key: value'), null, true."""
    if isinstance(value, str):
        return f"'{value}'" if quoted else value
    return json.dumps(value)


def _applied(schema: Mapping, resolver: Any):
    """The subschemas that apply to the same value: a $ref (resolved) and every branch."""
    ref = schema.get("$ref")
    if isinstance(ref, str) and resolver is not None:
        try:
            resolved = resolver.lookup(ref)
        except Exception:  # noqa: BLE001 - an unresolved $ref is the schema check's to report
            resolved = None
        if resolved is not None:
            yield resolved.contents, resolved.resolver
    for key in BRANCHES:
        for sub in schema.get(key) or ():
            yield sub, resolver
    for key in CONDITIONALS:
        if isinstance(schema.get(key), Mapping):
            yield schema[key], resolver


def _children(schema: Mapping):
    """The subschemas of a value's parts: properties, pattern and additional properties, items."""
    yield from (schema.get("properties") or {}).values()
    yield from (schema.get("patternProperties") or {}).values()
    for key in ("additionalProperties", "items"):
        if isinstance(schema.get(key), Mapping):
            yield schema[key]
    yield from schema.get("prefixItems") or ()


def _property_schema(schema: Mapping, key: str) -> Any:
    """The subschema of property ``key``: declared, else by pattern, else the additional one."""
    properties = schema.get("properties") or {}
    if key in properties:
        return properties[key]
    for pattern, sub in (schema.get("patternProperties") or {}).items():
        if re.search(pattern, key):
            return sub
    extra = schema.get("additionalProperties")
    return extra if isinstance(extra, Mapping) else None


def _value_at(plain: Any, path: tuple) -> Any:
    for step in path:
        plain = plain[step]
    return plain
