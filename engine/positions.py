"""Positions of keys and items in round-trip YAML documents, and plain copies.

ruamel's `lc` data is 0-based; everything returned here is 1-based. Scalars
carry no positions, so each step asks the parent collection. Keys that came
from a merge (`<<: *anchor`) have no entry; we fall back to the nearest parent.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    SingleQuotedScalarString,
)

Path = Sequence[str | int]


def _own_position(node: Any) -> tuple[int, int] | None:
    lc = getattr(node, "lc", None)
    if lc is None or lc.line is None:
        return None
    return lc.line + 1, lc.col + 1


def _find_key(node: Mapping, key: Any) -> Any:
    """Return the real key in `node` for `key` (plain copies turn keys into str)."""
    if key in node:
        return key
    for real in node:
        if _plain_key(real) == key:
            return real
    raise KeyError(key)


def _step(node: Any, step: str | int, want_key: bool) -> tuple[Any, tuple[int, int] | None]:
    """Descend one step; return (child, position of the child or its key)."""
    lc = getattr(node, "lc", None)
    if isinstance(node, Mapping):
        real = _find_key(node, step)
        pos = None
        if lc is not None:
            try:
                line, col = lc.key(real) if want_key else lc.value(real)
                pos = (line + 1, col + 1)
            except (KeyError, TypeError, AttributeError):
                pos = None
        return node[real], pos
    if isinstance(node, Sequence) and not isinstance(node, str) and isinstance(step, int):
        child = node[step]
        pos = None
        if lc is not None:
            try:
                line, col = lc.item(step)
                pos = (line + 1, col + 1)
            except (KeyError, TypeError, AttributeError, IndexError):
                pos = None
        return child, pos
    raise KeyError(step)


def _walk(doc: Any, path: Path, key_at_end: bool) -> tuple[int, int]:
    best = _own_position(doc) or (1, 1)
    node = doc
    for i, step in enumerate(path):
        want_key = key_at_end and i == len(path) - 1
        try:
            node, pos = _step(node, step, want_key)
        except (KeyError, IndexError, TypeError):
            break
        if pos is None:
            pos = _own_position(node)
        if pos is not None:
            best = pos
    return best


def locate(doc: Any, path: Path) -> tuple[int, int]:
    """1-based (line, col) of the value at `path` (keys and list indices)."""
    return _walk(doc, list(path), key_at_end=False)


def locate_key(doc: Any, path: Path) -> tuple[int, int]:
    """1-based (line, col) of the key that ends `path` (the item, for an index)."""
    return _walk(doc, list(path), key_at_end=True)


def get_at(doc: Any, path: Path, default: Any = None) -> Any:
    """The value at `path`, or `default` when the path does not exist."""
    node = doc
    for step in path:
        try:
            node, _ = _step(node, step, False)
        except (KeyError, IndexError, TypeError):
            return default
    return node


def span_end(value: Any, col: int) -> int | None:
    """Exclusive end column of a one-line scalar starting at `col`, if known."""
    if isinstance(value, (LiteralScalarString, FoldedScalarString)) or isinstance(value, (Mapping, list)):
        return None
    if isinstance(value, bool) or value is None:
        return None
    text = str(value)
    if "\n" in text:
        return None
    quotes = 2 if isinstance(value, (SingleQuotedScalarString, DoubleQuotedScalarString)) else 0
    return col + len(text) + quotes


def _plain_key(key: Any) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    if isinstance(key, (str, int, float)):
        return sys.intern(str(key))
    return sys.intern(str(to_plain(key)))


def to_plain(node: Any) -> Any:
    """Convert ruamel types to plain dict/list/str/int/float/bool/None (keys become str).
    Strings are interned: an id read from one file and the same id read from another are one
    object, so the interpreter's dict and set lookups on ids match at the identity test."""
    if isinstance(node, Mapping):
        return {_plain_key(k): to_plain(v) for k, v in node.items()}
    if isinstance(node, (list, tuple)):
        return [to_plain(v) for v in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, str):
        return sys.intern(str(node))
    if isinstance(node, int):
        if type(node).__name__ == "ScalarBoolean":
            return bool(node)
        return int(node)
    if isinstance(node, float):
        return float(node)
    return sys.intern(str(node))


def singular(namespace: str) -> str:
    """A rough singular of a namespace name, for messages ("things" -> "thing")."""
    if namespace.endswith("ies") and len(namespace) > 3:
        return namespace[:-3] + "y"
    if namespace.endswith("s") and not namespace.endswith("ss"):
        return namespace[:-1]
    return namespace


def subject_at(doc: Any, path: Path) -> str | None:
    """"thing alpha" when `path` lies inside item `alpha` of namespace `things`."""
    if len(path) < 2 or not isinstance(path[0], str) or not isinstance(path[1], int):
        return None
    item = get_at(doc, path[:2])
    if isinstance(item, Mapping) and isinstance(item.get("id"), str):
        return f"{singular(path[0])} {item['id']}"
    return None
