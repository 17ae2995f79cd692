"""Read one YAML file safely, with positions, into a round-trip document.

Rules (docs/design.md step 2):
- the ruamel round-trip loader keeps a position for every key and item;
- timestamps stay strings (`2024-01-02` is text, and bad dates cannot crash);
- duplicate keys are errors (E101) naming both positions, each of them; the first value is
  kept and the document is read on, so every other check runs in the same pass;
- tags that would build objects (`!!python/object`, `!foo`, `!!set`, ...) are
  refused (E102); only the plain core tags are allowed;
- syntax errors are E100; unreadable, oversized or non-UTF-8 files are E103.

Speed: the pure-Python round-trip loader spends most of its time scanning and
composing. When the C extension is installed, libyaml composes the nodes and
ruamel's own round-trip constructor (our safe subclass) builds the document
from them, about five times faster, with the same values, scalar types and
positions (tests/test_yamlread.py compares both on every shipped file). Any
document the fast path is not sure of (a libyaml error, which includes YAML
1.2 forms libyaml does not accept; a duplicate key; a tag; a merge key) is
read again by the pure loader, which gives the diagnostics.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import RoundTripConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.resolver import VersionedResolver

try:
    from ruamel.yaml.cyaml import CParser
except ImportError:  # pragma: no cover - no C extension: the pure loader does everything
    CParser = None

from .diagnostics import Diagnostic, SourceCache, display_path

MAX_BYTES = 5 * 1024 * 1024

_CORE = "tag:yaml.org,2002:"
ALLOWED_TAGS = frozenset(
    _CORE + name for name in ("null", "bool", "int", "float", "str", "seq", "map", "merge", "timestamp")
)


class _RefusedTag(Exception):
    def __init__(self, tag: str, mark: Any) -> None:
        super().__init__(tag)
        self.tag, self.mark = tag, mark


class _DuplicateKey:
    """A duplicate key met while constructing: the key and the marks of both places (a record,
    not an error raised: the document is read on)."""

    def __init__(self, key: Any, first: Any, second: Any) -> None:
        self.key, self.first, self.second = key, first, second


def _tag_text(tag: Any) -> str:
    value = getattr(tag, "value", None)
    return str(value if value is not None else tag)


class SafeRoundTripConstructor(RoundTripConstructor):
    """Round-trip constructor: timestamps as str, object tags refused, duplicates marked."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.duplicates: list[_DuplicateKey] = []  # the duplicate keys met, in document order

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        tag = _tag_text(node.tag)
        if tag not in ALLOWED_TAGS:
            raise _RefusedTag(tag, node.start_mark)
        return super().construct_object(node, deep)

    def check_mapping_key(self, node: Any, key_node: Any, mapping: Any, key: Any, value: Any) -> bool:
        """Whether to keep this key: a key already in the mapping is noted (``duplicates``: the
        first value stays) and left out."""
        if key in mapping:
            first = next(
                (k.start_mark for k, _ in node.value if k is not key_node and getattr(k, "value", None) == key_node.value),
                node.start_mark,
            )
            self.duplicates.append(_DuplicateKey(key, first, key_node.start_mark))
            return False
        return True


SafeRoundTripConstructor.add_constructor(_CORE + "timestamp", RoundTripConstructor.construct_yaml_str)


def _new_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.Constructor = SafeRoundTripConstructor
    yaml.preserve_quotes = True
    yaml.allow_duplicate_keys = False
    return yaml


def _diag(code: str, message: str, file: str | None, mark: Any = None, hint: str | None = None) -> Diagnostic:
    line = mark.line + 1 if mark is not None else None
    col = mark.column + 1 if mark is not None else None
    return Diagnostic(code, message, file, line, col, hint=hint)


def _decode(data: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        message = f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})"
        return None, [Diagnostic("E103", message, file, line, col, hint="save the file as UTF-8")]


def _mapped_error(exc: Exception | _DuplicateKey, file: str) -> Diagnostic:
    if isinstance(exc, _DuplicateKey):
        f, s = exc.first, exc.second
        message = (
            f"duplicate key '{exc.key}': first at line {f.line + 1}, column {f.column + 1}, "
            f"again at line {s.line + 1}, column {s.column + 1}"
        )
        diag = _diag("E101", message, file, s, hint="remove or rename one of them")
        return replace(diag, end_col=diag.col + len(str(exc.key)))
    if isinstance(exc, _RefusedTag):
        tag = exc.tag.replace(_CORE, "!!", 1) if exc.tag.startswith(_CORE) else exc.tag
        return _diag("E102", f"YAML tag '{tag}' is not allowed", file, exc.mark,
                     hint="content files may only use plain YAML values: remove the tag")
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        context = (exc.context or "").strip()
        if problem.startswith("but ") and context:
            problem, context = f"{context}, {problem}", ""
        hint = context if context and context != problem else None
        if problem == "mapping values are not allowed here":
            hint = ("a value that contains ': ' (like 'choose one: ...') must be quoted, "
                    "or written as a block: 'effect: >-' with the text on the next lines")
        cm = exc.context_mark
        if hint and cm is not None and mark is not None and (cm.line, cm.column) != (mark.line, mark.column):
            hint = f"{hint} started at line {cm.line + 1}, column {cm.column + 1}"
        return _diag("E100", problem, file, mark, hint=hint)
    return _diag("E100", f"invalid YAML: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file)


# Text the fast path leaves to the pure loader: tags and merge keys.
_UNUSUAL = re.compile(r"(^|[\s\[{,:-])!|<<")


def _fast_load(text: str) -> Any:
    """The document via libyaml, or None when only the pure loader may be trusted."""
    if CParser is None or _UNUSUAL.search(text):
        return None
    try:
        node = _CComposer(text).get_single_node()
        if node is None:
            return None
        constructor = SafeRoundTripConstructor(preserve_quotes=True, loader=_new_yaml())
        document = constructor.construct_document(node)
        return None if constructor.duplicates else document  # (the pure loader says where)
    except Exception:  # noqa: BLE001 - any doubt: the pure loader decides and reports
        return None


if CParser is not None:

    class _CComposer(CParser, VersionedResolver):
        """libyaml's scanner, parser and composer, resolving scalars by YAML 1.2 rules."""

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            VersionedResolver.__init__(self)


def parse_yaml(text: str, file: str) -> tuple[Any, list[Diagnostic]]:
    """Parse YAML text; `file` is the path shown in diagnostics."""
    fast = _fast_load(text)
    if fast is not None:
        return fast, []
    try:
        yaml = _new_yaml()
        document = yaml.load(text)
        return document, [_mapped_error(duplicate, file) for duplicate in yaml.constructor.duplicates]
    except (_RefusedTag, YAMLError) as exc:
        return None, [_mapped_error(exc, file)]
    except (ValueError, TypeError, RecursionError) as exc:
        return None, [_mapped_error(exc, file)]


def read_yaml_bytes(data: bytes, file: str, sources: SourceCache | None = None) -> tuple[Any, list[Diagnostic]]:
    """Parse file bytes already read (size-checked by the caller)."""
    text, diags = _decode(data, file)
    if text is None:
        return None, diags
    if sources is not None:
        sources.put(file, text)
    return parse_yaml(text, file)


def read_bytes(path: str | os.PathLike[str]) -> tuple[bytes | None, list[Diagnostic]]:
    """Read a file's bytes, refusing missing, unreadable and oversized files (E103)."""
    file = display_path(path)
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            return None, [Diagnostic("E103", f"file is too large ({size} bytes; the limit is {MAX_BYTES})", file, None, None)]
        return p.read_bytes(), []
    except FileNotFoundError:
        return None, [Diagnostic("E103", "file not found", file, None, None)]
    except OSError as exc:
        return None, [Diagnostic("E103", f"cannot read file: {exc.strerror or exc}", file, None, None)]


def read_yaml(path: str | os.PathLike[str], sources: SourceCache | None = None) -> tuple[Any, list[Diagnostic]]:
    """Read and parse one YAML file: `(document or None, diagnostics)`."""
    data, diags = read_bytes(path)
    if data is None:
        return None, diags
    return read_yaml_bytes(data, display_path(path), sources)
