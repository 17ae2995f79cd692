"""Step 6 of validation: find, parse and check every effect of the loaded packs.

Effect text lives under keys named ``effect`` or ending in ``_effect``
(start rule ``effect``), under ``condition`` (start rule ``condition``) and
under ``expression`` or keys ending in ``_expression`` (a number; start rule
``expression``).
Inside a procedure's effect the caller's variables are bound; inside a
term's condition the variable ``It`` is; inside a place's set rule, ``Set``. Every problem becomes a Diagnostic
at the file position of the offending words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.diagnostics import Diagnostic, Report, SourceCache
from engine.effects import ast
from engine.effects.check import check
from engine.effects.parser import EffectSyntaxError, keywords, parse_condition, parse_effect, parse_expression
from engine.effects.spans import file_position
from engine.effects.vocabulary import Vocabulary, build_vocabulary
from engine.positions import locate, singular


PARSERS = {"effect": parse_effect, "condition": parse_condition, "expression": parse_expression}


@dataclass(frozen=True)
class EffectText:
    """One effect or condition string found in a document."""

    document: object  # engine.packs.Document
    path: tuple  # keys and indices from the document root
    start: str  # "effect" | "condition" | "expression"
    text: str

    @property
    def subject(self) -> str | None:
        if len(self.path) >= 2 and isinstance(self.path[1], int):
            item = self.document.data[self.path[0]][self.path[1]]
            item_id = item.get("id") if hasattr(item, "get") else None
            if item_id:
                return f"{singular(str(self.path[0]))} {item_id}"
        return None


def check_effects(table, documents: Sequence, report: Report) -> list[tuple[EffectText, ast.Node]]:
    """Parse and check every effect; add every problem to ``report``; return the parsed effects."""
    vocabulary = build_vocabulary({ns: {i: d.data for i, d in items.items()} for ns, items in table.items()})
    sources = SourceCache()
    _report_vocabulary(vocabulary, table, report)
    parsed = []
    for found in find_effects(documents):
        tree = _parse(found, sources, report)
        if tree is not None:
            parsed.append((found, tree))
            _check(found, tree, vocabulary, bound_names(found, vocabulary), sources, report)
    return parsed


def find_effects(documents: Sequence) -> Iterator[EffectText]:
    """Every effect and condition string of the documents, in file order."""
    for document in documents:
        yield from _walk(document, document.data, ())


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
    if key == "condition":
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


def _check(found, tree, vocabulary: Vocabulary, bound, sources, report: Report) -> None:
    problems, _calls = check(tree, vocabulary, bound)
    for problem in problems:
        start = problem.span.start if problem.span else 0
        length = (problem.span.end - problem.span.start) if problem.span else 1
        report.add(_diagnostic(found, sources, problem.code, problem.message, start, length, problem.hint))


def bound_names(found: EffectText, vocabulary: Vocabulary) -> frozenset[str]:
    namespace = found.path[0] if found.path else None
    if namespace == "terms":
        return frozenset({"It"})
    if namespace == "places" and "sets" in found.path:  # a set rule's completion effect
        return frozenset({"Set"})
    if namespace == "procedures" and len(found.path) >= 2:
        item = found.document.data["procedures"][found.path[1]]
        for procedures in vocabulary.procedures.values():
            for procedure in procedures:
                if procedure.id == item.get("id"):
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
