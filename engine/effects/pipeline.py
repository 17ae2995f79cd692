"""Step 6 of validation: find, parse and check every effect of the loaded packs.

Effect text lives under keys named ``effect`` or ending in ``_effect``
(start rule ``effect``), under ``condition`` or keys ending in ``_condition`` (start rule
``condition``) and under ``expression`` or keys ending in ``_expression`` (a number; start
rule ``expression``): every property the schemas give an effect's, a condition's or an
expression's format (tests/test_schema_descriptions.py).
Inside a procedure's effect the caller's variables are bound; inside a
term's condition the variable ``It`` is; inside a place's set rule, ``Set``. Every problem becomes a Diagnostic
at the file position of the offending words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engine.diagnostics import Diagnostic, Report, SourceCache
from engine.effects import ast
from engine.effects.check import check
from engine.effects.parser import EffectSyntaxError, keywords, parse_condition, parse_effect, parse_expression
from engine.effects.spans import file_position
from engine.effects.vocabulary import Vocabulary, build_vocabulary
from engine.layering import PATCH_KIND
from engine.positions import get_at, locate, singular


PARSERS = {"effect": parse_effect, "condition": parse_condition, "expression": parse_expression}


@dataclass(frozen=True)
class EffectText:
    """One effect or condition string: where its words are written (a document and the path to
    them), and whose it is (``item``: namespace and id; ``key``: its path inside the item).
    ``live``: it is the text the game plays; an effect that a later pack overrode or patched is
    not live: it is parsed where it is written, and not checked (``superseded``)."""

    document: object  # engine.packs.Document
    path: tuple  # keys and indices from the document root
    start: str  # "effect" | "condition" | "expression"
    text: str
    item: tuple | None = None  # (namespace, id)
    key: tuple = ()
    live: bool = True

    @property
    def subject(self) -> str | None:
        return f"{singular(str(self.item[0]))} {self.item[1]}" if self.item else None

    @property
    def address(self) -> str:
        """'namespace:id:key/path', the name the compiled game knows the effect by."""
        return f"{self.item[0]}:{self.item[1]}:" + "/".join(str(part) for part in self.key)


def table_vocabulary(table) -> Vocabulary:
    """The vocabulary of a layered table (namespace -> id -> Definition)."""
    return build_vocabulary({ns: {i: d.data for i, d in items.items()} for ns, items in table.items()})


def check_effects(table, documents: Sequence, report: Report,
                  vocabulary: Vocabulary | None = None) -> list[tuple[EffectText, ast.Node]]:
    """Parse and check every effect; add every problem to ``report``; return the parsed effects.
    ``vocabulary``: the table's, when the caller has made it already."""
    vocabulary = vocabulary or table_vocabulary(table)
    sources = SourceCache()
    _report_vocabulary(vocabulary, table, report)
    parsed = []
    for found in find_effects(documents, table):
        tree = _parse(found, sources, report)
        if tree is not None:
            parsed.append((found, tree))
            if not superseded(found):
                _check(found, tree, vocabulary, bound_names(found, vocabulary), sources, report, table)
    return parsed


def superseded(found: EffectText) -> bool:
    """Whether ``found`` is an item's text that a later pack replaced (an override of the item,
    or a patch of that text). Nothing plays it, so it is parsed (its syntax is its own pack's)
    but not checked against the names of the packs that replaced it: those belong to the new
    text. ("make" overridden without its modifiers would otherwise report the old body's
    names as unbound.) Its own pack, validated alone, checks it in full."""
    return found.item is not None and not found.live


def find_effects(documents: Sequence, table: dict | None = None) -> Iterator[EffectText]:
    """Every effect and condition string of the documents' items, in file order; then, with the
    layered ``table``, those that patches wrote into items (located in the patch, and live).
    A patch document's own strings are found only so, through the item each patches."""
    for document in documents:
        if getattr(document, "kind", None) == PATCH_KIND:
            continue
        for found in _walk(document, document.data, ()):
            yield _owned(found, table)
    for items in (table or {}).values():
        for definition in items.values():
            if definition.sites:
                yield from _patched(definition)


def _owned(found: EffectText, table: dict | None) -> EffectText:
    """``found`` with its item and key, and whether it is the text the game plays."""
    if len(found.path) < 3 or not isinstance(found.path[1], int):
        return replace(found, live=False)  # (not inside an item: nothing plays it)
    namespace, index, *key = found.path
    item = found.document.data[namespace][index]
    item_id = str(item.get("id"))
    definition = (table or {}).get(namespace, {}).get(item_id)
    live = table is None or (definition is not None and definition.document is found.document
                             and definition.index == index and _unpatched(definition, key, found.text))
    return replace(found, item=(namespace, item_id), key=tuple(key), live=live)


def _unpatched(definition, key: list, text: str) -> bool:
    """Whether the string at ``key`` of a definition is still the one its own document wrote."""
    if not definition.sites:
        return True
    document, _path = definition.written_at(key)
    return document is definition.document and get_at(definition.data, key) == text


def _patched(definition) -> Iterator[EffectText]:
    """The strings of a patched definition that a patch wrote: found in the item as patched,
    located where the patch writes them."""
    for found in _walk(None, definition.data, ()):
        document, path = definition.written_at(found.path)
        if document is not definition.document:
            yield EffectText(document, tuple(path), found.start, found.text, (definition.namespace,
                             str(definition.data.get("id"))), tuple(found.path), True)


def _walk(document, node, path) -> Iterator[EffectText]:
    if hasattr(node, "items"):
        for key, value in node.items():
            start = _start_rule(str(key))
            if start and isinstance(value, str):
                yield EffectText(document, path + (key,), start, str(value))
            else:
                yield from _walk(document, value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(document, value, path + (index,))


def _start_rule(key: str) -> str | None:
    if key == "effect" or key.endswith("_effect"):
        return "effect"
    if key == "condition" or key.endswith("_condition"):
        return "condition"
    if key == "expression" or key.endswith("_expression"):
        return "expression"
    return None


def _parse(found: EffectText, sources: SourceCache, report: Report):
    try:
        return PARSERS[found.start](found.text)
    except EffectSyntaxError as error:
        report.add(_diagnostic(found, sources, "E300", error.message, error.offset, error.length, error.hint))
        return None


def _check(found, tree, vocabulary: Vocabulary, bound, sources, report: Report, table: dict | None = None) -> None:
    problems, _calls = check(tree, vocabulary, bound)
    for problem in problems:
        start = problem.span.start if problem.span else 0
        length = (problem.span.end - problem.span.start) if problem.span else 1
        hint = _with_changes(problem.hint, _changed_by_others(found, problem.about or found.item, table))
        report.add(_diagnostic(found, sources, problem.code, problem.message, start, length, hint))


def _changed_by_others(found: EffectText, about: tuple | None, table: dict | None) -> str | None:
    """Where another pack than the effect's own replaced or patched the item a problem is about
    (the item whose words it misuses, else the effect's own item): a base game's card that no
    longer fits a procedure a mod overrode, or a body that no longer fits its patched
    procedure, is shown where its words are, and this says which pack changed the item, and
    where ("procedure make: pack remake overrides it at remake/procedures.yaml:3"). None when
    nobody else changed it."""
    definition = (table or {}).get(about[0], {}).get(about[1]) if about else None
    own = getattr(found.document, "pack_id", None)
    if definition is None:
        return None
    changes = []
    if definition.overrides and definition.pack_id != own:
        changes.append(f"pack {definition.pack_id} overrides it at {definition.path}:{definition.position[0]}")
    for site in definition.sites:
        if site.document.pack_id != own:
            line, _col = locate(site.document.data, ("patches", site.index))
            changes.append(f"pack {site.document.pack_id} patches it at {site.document.display}:{line}")
    return f"{singular(about[0])} {about[1]}: " + "; ".join(changes) if changes else None


def _with_changes(hint: str | None, changes: str | None) -> str | None:
    if changes is None:
        return hint
    return f"{hint} ({changes})" if hint else changes


def bound_names(found: EffectText, vocabulary: Vocabulary) -> frozenset[str]:
    namespace = found.item[0] if found.item else None
    if namespace == "terms":
        return frozenset({"It"})
    if namespace == "places" and "sets" in found.key:  # a set rule's completion effect
        return frozenset({"Set"})
    if namespace == "procedures":
        for procedures in vocabulary.procedures.values():
            for procedure in procedures:
                if procedure.id == found.item[1]:
                    return procedure.variables()
    return frozenset()


def _diagnostic(found: EffectText, sources: SourceCache, code, message, offset, length, hint) -> Diagnostic:
    path = found.document.display
    line, col = locate(found.document.data, found.path)
    lines = [sources.line(path, n) or "" for n in range(1, line + 40)]
    line, col = file_position(lines, line, col, offset)
    return Diagnostic(
        code=code,
        message=message,
        file=path,
        line=line,
        col=col,
        subject=found.subject,
        hint=hint,
        end_col=col + max(length, 1),
    )


def _report_vocabulary(vocabulary: Vocabulary, table, report: Report) -> None:
    for message, namespace, item_id in vocabulary.conflicts:
        report.add(_at_definition(table[namespace][item_id], namespace, item_id, "E304", message, "rename one of them"))
    reserved = keywords()
    for procedures in vocabulary.procedures.values():
        for procedure in procedures:
            if procedure.verb[0] in reserved:
                message = f"the verb {procedure.verb[0]!r} is a keyword of the effect language"
                hint = "choose another verb; keywords: " + ", ".join(sorted(reserved))
                definition = table["procedures"][procedure.id]
                report.add(_at_definition(definition, "procedures", procedure.id, "E303", message, hint))


def _at_definition(definition, namespace: str, item_id: str, code: str, message: str, hint: str) -> Diagnostic:
    return Diagnostic(
        code=code,
        message=message,
        file=definition.path,
        line=definition.position[0],
        col=definition.position[1],
        subject=f"{singular(namespace)} {item_id}",
        hint=hint,
    )
