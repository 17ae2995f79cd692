"""JSON Schema checks of documents, with every error mapped to a position.

Every `*.schema.json` of the schema folders is registered in one in-memory
`referencing` Registry under its absolute `$id`
(https://tabula.dev/schemas/<kind>.schema.json). One Draft 2020-12 validator is
built per kind, lazily, and cached. References between items use the format
`ref:<namespace>`; a per-run format checker turns an unknown id into E400.
The formats `effect` and `condition` are left to the effect pipeline.

Codes: E104 unknown kind, E200 type/other, E201 required, E202 unknown
property, E203 enum/const, E400 unknown reference; and the warnings W120 and W121
for properties the engine does not play (engine/unplayed.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import FormatError, ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .diagnostics import Diagnostic
from .positions import get_at, locate, locate_key, span_end, subject_at, to_plain
from .resources import data_dir
from .suggest import did_you_mean, suggest
from .unplayed import Marks

SCHEMA_BASE = "https://tabula.dev/schemas/"
ANY_NAMESPACE = "any"  # the format ref:any: an item of any namespace, or namespace:id
# Formats of a game's words, and where the known ids keep them (names no namespace can have):
# "attribute" names an attribute some item declares; "noun" a kind of thing, or a group; "tag" a
# tag some item carries.
ATTRIBUTES, NOUNS, TAGS = "@attributes", "@nouns", "@tags"
WORDS = {"attribute": ATTRIBUTES, "noun": NOUNS, "tag": TAGS}
NOT_DOCUMENT_KINDS = frozenset({"common", "pack", "scenario"})  # scenario: test files, not pack content
RefIds = Mapping[str, Iterable[str]]


class SchemaError(Exception):
    """A schema file is broken: a bug in tabula or its schema folder, not in content."""


def schema_id(kind: str) -> str:
    return f"{SCHEMA_BASE}{kind}.schema.json"


class RefFormatChecker(FormatChecker):
    """Checks `ref:<namespace>` formats against the ids known in this run."""

    def __init__(self, ref_ids: RefIds | None) -> None:
        super().__init__(formats=())
        self.ref_ids = {ns: set(ids) for ns, ids in (ref_ids or {}).items()} if ref_ids is not None else None

    def check(self, instance: object, format: str) -> None:
        if format in WORDS:
            format = f"ref:{WORDS[format]}"
        if not format.startswith("ref:"):
            return super().check(instance, format)
        if self.ref_ids is None or not isinstance(instance, str):
            return None
        looked_for, ids = self.known(format[4:], instance)
        if looked_for not in ids:
            raise FormatError(f"unknown {format[4:]} id '{instance}'")
        return None

    def known(self, namespace: str, instance: str) -> tuple[str, set | Iterable[str]]:
        """What a ``ref:<namespace>`` value may name: (the id looked for, the ids it may be).
        ``ref:a|b`` names an item of either namespace; ``ref:any`` an item of any namespace (an
        option among them), or writes the namespace first (``cards:broker``)."""
        ref_ids = self.ref_ids or {}
        if "|" in namespace:  # (ref:a|b: an id of either)
            return instance, set().union(*(ref_ids.get(one, ()) for one in namespace.split("|")))
        if namespace != ANY_NAMESPACE:
            return instance, ref_ids.get(namespace, ())
        space, _, item_id = instance.rpartition(":")
        if space:
            return item_id, ref_ids.get(space, ())
        return instance, set().union(*(ids for space, ids in ref_ids.items() if space not in WORDS.values()))


class SchemaSet:
    """The schemas of one or more folders, keyed by kind."""

    def __init__(self, folders: Sequence[Path] | None = None) -> None:
        folders = list(folders) if folders is not None else [data_dir("schemas")]
        shipped = data_dir("schemas").resolve()
        self._schemas: dict[str, dict] = {}
        resources = []
        for folder in folders:
            # shipped schemas are checked against the meta-schema by the test suite
            # (tests/test_schema_descriptions.py); other folders are checked here
            trusted = Path(folder).resolve() == shipped
            for file in sorted(Path(folder).glob("*.schema.json")):
                kind = file.name[: -len(".schema.json")]
                schema = self._load(file, check=not trusted)
                uri = schema.get("$id", schema_id(kind))
                self._schemas[kind] = schema
                resources.append((uri, Resource.from_contents(schema, default_specification=DRAFT202012)))
        self.registry = Registry().with_resources(resources)
        self._validators: dict[str, Draft202012Validator] = {}
        self.marks = Marks()  # the properties this engine does not play (engine/unplayed.py)
        self._item_schemas: dict[tuple, dict] = {}  # (kind's $id, namespace) -> the schema of one item

    @staticmethod
    def _load(file: Path, check: bool = True) -> dict:
        try:
            schema = json.loads(file.read_text(encoding="utf-8"))
            if check:
                Draft202012Validator.check_schema(schema)
        except Exception as exc:  # noqa: BLE001 - any failure: say which file
            raise SchemaError(f"schema {file} is invalid: {exc}") from exc
        return schema

    @property
    def kinds(self) -> list[str]:
        """Kinds that have a schema (including "pack")."""
        return sorted(k for k in self._schemas if k != "common")

    @property
    def document_kinds(self) -> list[str]:
        """Kinds a content document may declare."""
        return sorted(k for k in self._schemas if k not in NOT_DOCUMENT_KINDS)

    def schema(self, kind: str) -> dict:
        return self._schemas[kind]

    def validator(self, kind: str) -> Draft202012Validator:
        if kind not in self._validators:
            self._validators[kind] = Draft202012Validator(self._schemas[kind], registry=self.registry)
        return self._validators[kind]

    def check_document(self, doc: Any, kind: str, path: str | None, ref_ids: RefIds | None = None) -> list[Diagnostic]:
        """Validate `doc` against the schema of `kind`; diagnostics at the offending keys."""
        checker = RefFormatChecker(ref_ids)
        validator = self.validator(kind).evolve(format_checker=checker)
        ctx = _Context(doc, path, checker, self, kind)
        diags: list[Diagnostic] = []
        plain = to_plain(doc)
        for error in validator.iter_errors(plain):
            diags.extend(ctx.map(best_match([error]) or error))
        return diags + self.marks.warnings(doc, plain, self._schemas[kind], ctx.resolver, path)

    def check_patched(self, definition: Any, ref_ids: RefIds | None = None) -> list[Diagnostic]:
        """Check an item as patches left it against the schema of its kind: each problem that
        the item did not have as its own document wrote it is said where the patch that
        brought it is written (engine.layering: Definition.written_at); and a property that a
        patch sets and the engine does not play is warned there."""
        document = definition.document
        kind_schema = self._schemas.get(getattr(document, "kind", None) or "", {})
        if "items" not in kind_schema.get("properties", {}).get(definition.namespace, {}):
            return []  # (not an item of its kind's lists: its document's check says why)
        base = kind_schema.get("$id", schema_id(document.kind))
        schema = self._item_schemas.setdefault((base, definition.namespace), {  # (kept: Marks memoizes by id)
            "$ref": f"{base}#/properties/{definition.namespace}/items"})
        target = f"patch {definition.namespace}:{definition.data.get('id')}"
        found = self._patch_errors(definition, schema, ref_ids) + self._patch_marks(definition, schema, base)
        return [replace(diagnostic, subject=target) for diagnostic in found]

    def _patch_errors(self, definition: Any, schema: dict, ref_ids: RefIds | None) -> list[Diagnostic]:
        validator = Draft202012Validator(schema, registry=self.registry, format_checker=RefFormatChecker(ref_ids))
        source = definition.source
        before = {_said(error) for error in validator.iter_errors(to_plain(source))} if source is not None else set()
        return self._said_where_written(definition, validator, definition.data, (), before, patched=True)

    def check_attributes(self, definition: Any, schema: dict, ref_ids: RefIds | None = None) -> list[Diagnostic]:
        """Check an item's `attributes` against ``schema``, made of the attribute definitions of
        its kind (engine/attributes.py), each problem said where its words are written."""
        validator = Draft202012Validator(schema, format_checker=RefFormatChecker(ref_ids))
        value = definition.data.get("attributes", {})
        return self._said_where_written(definition, validator, value, ("attributes",), set(), patched=False)

    def _said_where_written(self, definition: Any, validator: Any, value: Any, prefix: tuple, before: set,
                            patched: bool) -> list[Diagnostic]:
        """The diagnostics of ``value`` (the part of ``definition`` at ``prefix``), each where its
        words are written; ``before``: what its own document's check says already."""
        found = []
        for error in validator.iter_errors(value):
            error = best_match([error]) or error
            if _said(error) in before:
                continue
            written, path = definition.written_at([*prefix, *error.absolute_path])
            if patched and written is definition.document:  # (a patch took away what was there: said at the last one)
                written, path = _last_patch(definition)
            if written is None:
                continue
            context = _Context(written.data, written.display, validator.format_checker, self, definition.document.kind)
            found += context.map(error, path)
        return found

    def _patch_marks(self, definition: Any, schema: dict, base: str) -> list[Diagnostic]:
        resolver = self.registry.resolver(base_uri=base)
        found = []
        for key, mark in self.marks.found(definition.data, schema, resolver).items():
            written, path = definition.written_at(list(key))
            if written is not definition.document:  # (else its own document's check warns)
                found.append(self.marks.diagnostic(written.data, definition.data, written.display, key, mark, path))
        return found

    def check_kind(self, doc: Any, path: str | None) -> tuple[str | None, list[Diagnostic]]:
        """The document's `kind`, or E104 when it is missing or unknown."""
        kinds = self.document_kinds
        if not isinstance(doc, Mapping):
            return None, [Diagnostic("E104", "document is not a mapping with a 'kind'", path, 1, 1,
                                     hint=f"start the file with 'kind: <one of {', '.join(kinds)}>'")]
        kind = doc.get("kind")
        if kind is None:
            return None, [Diagnostic("E104", "document has no 'kind'", path, *locate(doc, []),
                                     hint=f"expected one of: {', '.join(kinds)}")]
        if not isinstance(kind, str) or kind not in kinds:
            line, col = locate(doc, ["kind"])
            hint = did_you_mean(str(kind), kinds) or f"expected one of: {', '.join(kinds)}"
            return None, [Diagnostic("E104", f"unknown document kind '{kind}'", path, line, col,
                                     hint=hint, end_col=span_end(kind, col))]
        return kind, []


def _said(error: ValidationError) -> tuple:
    """What a schema error says, wherever its document is: the same problem before a patch and
    after it is one problem."""
    return tuple(error.absolute_path), error.validator, error.message


def _last_patch(definition: Any) -> tuple[Any, list]:
    """The last patch applied to a definition, and the path to its operation."""
    site = definition.sites[-1]
    return site.document, ["patches", site.index, "op"]


_CACHE: dict[tuple, SchemaSet] = {}


def schema_set(folders: Sequence[Path] | None = None) -> SchemaSet:
    """A SchemaSet for `folders` (default: the installed schema folder), cached per
    folder list and file modification times, so repeated runs reuse the validators."""
    folders = [Path(f).resolve() for f in (folders if folders is not None else [data_dir("schemas")])]
    stamp = tuple((str(f), tuple((p.name, p.stat().st_mtime_ns) for p in sorted(f.glob("*.schema.json"))))
                  for f in folders)
    if stamp not in _CACHE:
        _CACHE[stamp] = SchemaSet(folders)
    return _CACHE[stamp]


def default_schemas() -> SchemaSet:
    """The SchemaSet of the installed schema folder (cached)."""
    return schema_set()


def check_document(doc: Any, kind: str, path: str | None, ref_ids: RefIds | None = None,
                   schemas: SchemaSet | None = None) -> list[Diagnostic]:
    """Module-level shortcut for `SchemaSet.check_document`."""
    return (schemas or default_schemas()).check_document(doc, kind, path, ref_ids)


_REQUIRED = re.compile(r"^'(.*)' is a required property$")
_JSON_TYPES = {dict: "mapping", list: "list", str: "string", bool: "boolean", int: "integer", float: "number",
               type(None): "null"}


def _describe(value: Any) -> str:
    kind = _JSON_TYPES.get(type(value), type(value).__name__)
    if isinstance(value, (dict, list)):
        return f"a {kind}"
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{kind} {text}"


def _field(path: Sequence[Any]) -> str:
    names = [p for p in path if isinstance(p, str)]
    return names[-1] if names else "document"


def _allowed_list(values: Iterable[Any], limit: int = 12) -> str:
    items = [str(v) for v in values]
    shown = ", ".join(items[:limit])
    return shown + (", ..." if len(items) > limit else "")


class _Context:
    """Maps jsonschema errors of one document to diagnostics."""

    def __init__(self, doc: Any, file: str | None, checker: RefFormatChecker, schemas: SchemaSet, kind: str) -> None:
        self.doc, self.file, self.checker, self.schemas = doc, file, checker, schemas
        self.resolver = schemas.registry.resolver(base_uri=schemas.schema(kind).get("$id", schema_id(kind)))
        self.name_path: list = []  # where the error being mapped is, in its own document (map)

    def _named(self, _path: Sequence[Any]) -> str:
        """The property an error is about, named as its own document names it."""
        return _field(self.name_path)

    def _diag(self, code: str, message: str, path: Sequence[Any], *, key: bool = False, hint: str | None = None,
              end: bool = True) -> Diagnostic:
        line, col = locate_key(self.doc, path) if key else locate(self.doc, path)
        end_col = None
        if end:
            target = path[-1] if key and path else get_at(self.doc, path)
            if not (key and isinstance(target, int)):
                end_col = span_end(target, col)
        return Diagnostic(code, message, self.file, line, col, subject=subject_at(self.doc, path), hint=hint,
                          end_col=end_col)

    def map(self, error: ValidationError, path: list | None = None) -> list[Diagnostic]:
        """The diagnostics of ``error``, at ``path`` in this document (default: where the
        error is; elsewhere, its messages still name the property as the error does)."""
        self.name_path = list(error.absolute_path)
        path = list(self.name_path) if path is None else path
        handler = getattr(self, f"_on_{error.validator}", None)
        if handler is not None:
            return handler(error, path)
        return [self._diag("E200", self._generic_message(error, path), path)]

    def _generic_message(self, error: ValidationError, path: list) -> str:
        message = error.message
        if len(message) > 160:
            message = message[:157] + "..."
        return f"{self._named(path)}: {message}"

    def _on_type(self, error: ValidationError, path: list) -> list[Diagnostic]:
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        expected = {"object": "mapping", "array": "list"}.get(expected, expected)
        message = f"{self._named(path)}: expected {expected}, found {_describe(error.instance)}"
        return [self._diag("E200", message, path)]

    def _on_required(self, error: ValidationError, path: list) -> list[Diagnostic]:
        match = _REQUIRED.match(error.message)
        names = [match.group(1)] if match else [n for n in error.validator_value if n not in error.instance]
        parent_is_key = bool(path) and isinstance(path[-1], str)
        return [self._diag("E201", f"missing required property '{name}'", path, key=parent_is_key, end=False)
                for name in names]

    def _on_additionalProperties(self, error: ValidationError, path: list) -> list[Diagnostic]:
        schema = error.schema
        allowed = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        extras = [k for k in error.instance if k not in allowed and not any(re.search(p, k) for p in patterns)]
        return self._unknown(extras, allowed, path)

    def _on_unevaluatedProperties(self, error: ValidationError, path: list) -> list[Diagnostic]:
        allowed = sorted(_property_names(error.schema, self.resolver))
        extras = [k for k in error.instance if k not in allowed]
        return self._unknown(extras, allowed, path)

    def _unknown(self, extras: list[str], allowed: list[str], path: list) -> list[Diagnostic]:
        if not extras:
            return [self._diag("E202", f"{self._named(path)}: unknown property", path)]
        out = []
        for key in extras:
            hint = did_you_mean(key, allowed) or (f"allowed: {_allowed_list(sorted(allowed))}" if allowed else None)
            out.append(self._diag("E202", f"unknown property '{key}'", path + [key], key=True, hint=hint))
        return out

    def _on_enum(self, error: ValidationError, path: list) -> list[Diagnostic]:
        allowed = [v for v in error.validator_value]
        value = error.instance
        shown = f"'{value}'" if isinstance(value, str) else _describe(value)
        hint = f"expected one of: {_allowed_list(allowed)}"
        match = suggest(str(value), [str(a) for a in allowed]) if isinstance(value, str) else None
        if match is not None:
            hint = f"did you mean '{match}'? {hint}"
        return [self._diag("E203", f"{self._named(path)}: {shown} is not one of the allowed values", path, hint=hint)]

    def _on_const(self, error: ValidationError, path: list) -> list[Diagnostic]:
        expected = error.validator_value
        value = error.instance
        shown = f"'{value}'" if isinstance(value, str) else _describe(value)
        return [self._diag("E203", f"{self._named(path)}: {shown} is not allowed here", path,
                           hint=f"expected '{expected}'")]

    def _on_format(self, error: ValidationError, path: list) -> list[Diagnostic]:
        fmt = error.validator_value
        if fmt in WORDS:
            _looked_for, known = self.checker.known(WORDS[fmt], str(error.instance))
            hint = did_you_mean(str(error.instance), known)
            return [self._diag("E400", f"unknown {fmt} '{error.instance}'", path, hint=hint)]
        if isinstance(fmt, str) and fmt.startswith("ref:"):
            namespace = fmt[4:]
            looked_for, known = self.checker.known(namespace, str(error.instance))
            hint = did_you_mean(looked_for, known)
            what = "item" if namespace == ANY_NAMESPACE else f"{' or '.join(namespace.split('|'))} id"
            return [self._diag("E400", f"unknown {what} '{error.instance}'", path, hint=hint)]
        return [self._diag("E200", self._generic_message(error, path), path)]


def _property_names(schema: Any, resolver: Any, depth: int = 0) -> set[str]:
    """Every property name a schema (and its applicators and $refs) could evaluate."""
    if not isinstance(schema, Mapping) or depth > 12:
        return set()
    names = set(schema.get("properties", {}))
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, []):
            names |= _property_names(sub, resolver, depth + 1)
    for key in ("if", "then", "else", "not"):
        names |= _property_names(schema.get(key), resolver, depth + 1)
    for sub in schema.get("dependentSchemas", {}).values():
        names |= _property_names(sub, resolver, depth + 1)
    ref = schema.get("$ref")
    if isinstance(ref, str):
        try:
            resolved = resolver.lookup(ref)
            names |= _property_names(resolved.contents, resolved.resolver, depth + 1)
        except Exception:  # noqa: BLE001 - unresolved refs are reported by validation itself
            pass
    return names
