"""The validation pipeline, in the order of docs/design.md.

1. find packs (engine/packs.py)          2. read YAML (engine/yamlread.py)
3+5. schema and reference checks (engine/schemas.py), run once the ids are known
4. resolve packs (engine/resolution.py) and layer definitions (engine/layering.py)
6. effect language (engine/effects/pipeline.py, hook below)
7. report: all diagnostics, sorted by file and position
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .effects import pipeline as effects_pipeline
from .diagnostics import Diagnostic, Report, SourceCache, display_path
from .layering import Definition, LayerEvent, Layering, layer
from .packs import PACK_ID, Document, Pack, PackInfo, discover, find_pack_dirs, load_pack
from .resolution import resolve
from .resources import data_dir
from .attributes import attributes_schema
from .schemas import ATTRIBUTES, NOUNS, TAGS, schema_set
from .suggest import did_you_mean

def check_effects(table: dict[str, dict[str, Definition]], documents: Sequence[Document], report: Report,
                  vocabulary=None) -> list:
    """Step 6: parse and check every effect against the layered vocabulary; the parsed effects."""
    return effects_pipeline.check_effects(table, documents, report, vocabulary)


class UsageError(Exception):
    """A bad command-line target (exit code 2), not a content error."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint

    def __str__(self) -> str:
        return self.message + (f" ({self.hint})" if self.hint else "")


@dataclass
class ValidationResult:
    report: Report
    packs: dict[str, Pack]                       # in load order
    load_order: tuple[str, ...]
    tables: list[dict[str, dict[str, Definition]]]  # one layered table per group of packs (see _groups)
    explain_lines: list[str]
    sources: SourceCache = field(default_factory=SourceCache)
    file_count: int = 0
    layerings: list[Layering] = field(default_factory=list)
    effects: list = field(default_factory=list)  # (EffectText, tree) of every parsed effect
    hidden_warnings: int = 0  # warnings in the packs the ones asked for build on, not reported

    @property
    def table(self) -> dict[str, dict[str, Definition]]:
        """The layered table of the one game validated (a game is compiled on its own)."""
        if len(self.tables) != 1:
            raise ValueError(f"{len(self.tables)} separate games were validated together; load one at a time")
        return self.tables[0]

    @property
    def layering(self) -> Layering | None:
        return self.layerings[0] if len(self.layerings) == 1 else None

    @property
    def definition_count(self) -> int:
        return sum(len(items) for table in self.tables for items in table.values())

    def summary(self) -> dict:
        return {"packs": len(self.packs), "files": self.file_count, "definitions": self.definition_count,
                **self.report.counts(), "hidden_warnings": self.hidden_warnings, "load_order": list(self.load_order)}

    def summary_line(self) -> str:
        s = self.summary()
        hidden = f" (and {s['hidden_warnings']} in the packs it builds on)" if s["hidden_warnings"] else ""
        return (f"checked {_n(s['packs'], 'pack')}, {_n(s['files'], 'file')}, {_n(s['definitions'], 'definition')}: "
                f"{_n(s['errors'], 'error')}, {_n(s['warnings'], 'warning')}{hidden}")


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _classify(targets: Sequence[str | os.PathLike[str]]) -> tuple[list[Path], list[str]]:
    """Split targets into pack folders (or folders of packs) and pack ids."""
    folders, ids = [], []
    for target in targets:
        path = Path(target)
        if path.exists():
            folder = path.parent if path.is_file() and path.name == "pack.yaml" else path
            if not folder.is_dir():
                raise UsageError(f"'{target}' is not a pack folder")
            if not find_pack_dirs(folder):
                raise UsageError(f"no packs found in '{target}'", "a pack is a folder with pack.yaml")
            folders.append(folder)
        elif PACK_ID.match(str(target)):
            ids.append(str(target))
        else:
            raise UsageError(f"'{target}' is neither a folder nor a pack id")
    return folders, ids


def _requested(folders: list[Path], ids: list[str], known: dict[str, PackInfo]) -> list[str]:
    by_root = {info.root.resolve(): pack_id for pack_id, info in known.items()}
    requested = [by_root[d.resolve()] for f in folders for d in find_pack_dirs(f) if d.resolve() in by_root]
    for pack_id in ids:
        if pack_id not in known:
            raise UsageError(f"unknown pack '{pack_id}'", did_you_mean(pack_id, known))
        requested.append(pack_id)
    return requested


def _listed_count(info: PackInfo) -> int:
    files = info.get("files")
    names = [f for f in files if isinstance(f, str)] if isinstance(files, list) else []
    return 1 + sum(1 for name in names if (info.root / name).is_file())


def _event_text(e: LayerEvent) -> str:
    if e.action == "override":
        return f"{e.pack_id} won over {', '.join(e.over)}"
    if e.action == "patch":
        return f"{e.detail} by {e.pack_id}, on the definition from {', '.join(e.over)}"
    return f"{e.detail} by {e.pack_id} skipped: target missing"


def explain(packs: dict[str, Pack], load_order: Sequence[str], layering: Layering) -> list[str]:
    """The resolution report: load order, versions, hashes, overrides and patches."""
    lines = ["load order:"]
    for n, pack_id in enumerate(load_order, 1):
        pack = packs[pack_id]
        lines.append(f"  {n}. {pack_id} {pack.version or '?'} ({pack.kind or '?'}) "
                     f"sha256:{pack.short_hash} {display_path(pack.root)}")
    for action, title in (("override", "overrides"), ("patch", "patches"), ("patch-skipped", "skipped patches")):
        events = [e for e in layering.events if e.action == action]
        if not events and action == "patch-skipped":
            continue
        lines.append(f"{title}:" if events else f"{title}: none")
        lines.extend(f"  {e.namespace}:{e.id}: {_event_text(e)} ({e.where})" for e in events)
    return lines


def validate(targets: Sequence[str | os.PathLike[str]] = (), search_roots: Sequence[Path] | None = None,
             extra_schema_dirs: Sequence[Path] = ()) -> ValidationResult:
    """Run the whole non-interactive pipeline; raises UsageError for bad targets."""
    schemas = schema_set([data_dir("schemas"), *map(Path, extra_schema_dirs)])
    sources, report = SourceCache(), Report()
    folders, ids = _classify(list(targets) or [data_dir("content")])
    roots = [Path(r) for r in (search_roots if search_roots is not None else [data_dir("content")])]
    known, manifest_diags = discover(roots + folders, schemas, sources, preferred=folders)
    requested = _requested(folders, ids, known)
    resolution = resolve(requested, known)
    relevant = {known[p].display for p in resolution.load_order}
    relevant |= {display_path(d / "pack.yaml") for f in folders for d in find_pack_dirs(f)}
    report.extend(d for d in manifest_diags if d.file in relevant)
    report.extend(resolution.diagnostics)

    packs: dict[str, Pack] = {}
    for pack_id in resolution.load_order:
        pack, diags = load_pack(known[pack_id], schemas, sources)
        packs[pack_id] = pack
        report.extend(diags)
    tables, layerings, effects, explained = [], [], [], []
    unreadable = {d.file for d in report.diagnostics if d.code in UNREADABLE}
    for group in _groups(resolution.load_order, known):
        documents = [doc for pack_id in group for doc in packs[pack_id].documents]
        layering = layer(documents, group)
        report.extend(layering.diagnostics)
        roots = [(display_path(packs[p].root) or str(packs[p].root)).rstrip("/") + "/" for p in group]
        broken = sorted(f for f in unreadable if f and any(f.startswith(root) for root in roots))
        broken = broken if documents else []  # nothing else to check: the error says it all
        ref_ids = None if broken else layering.ref_ids()  # ids and words of an unread file would all look unknown
        vocabulary = None if broken else effects_pipeline.table_vocabulary(layering.table)  # (made once: steps 5, 6)
        if ref_ids is not None:
            ref_ids.setdefault("options", set()).update(_option_ids(packs[p].manifest for p in group))
            ref_ids.update(_words(vocabulary, layering.table))
        for doc in documents:
            if doc.kind is not None:
                report.extend(schemas.check_document(doc.data, doc.kind, doc.display, ref_ids))
        for items in layering.table.values():  # items as patches left them: checked where the patches are written
            for definition in items.values():
                if definition.sites:
                    report.extend(schemas.check_patched(definition, ref_ids))
        if not broken:
            report.extend(_check_card_attributes(layering.table, schemas, ref_ids))
        if broken:
            report.extend([_skipped_note(broken[0], len(broken))])
        else:
            effects += check_effects(layering.table, documents, report, vocabulary)
        tables.append(layering.table)
        layerings.append(layering)
        explained += explain(packs, group, layering)
    report, hidden = _own_warnings(report, [packs[p] for p in requested if p in packs])
    return ValidationResult(
        effects=effects, report=report, packs=packs, load_order=resolution.load_order, tables=tables,
        explain_lines=explained, sources=sources,
        file_count=sum(_listed_count(known[p]) for p in resolution.load_order), layerings=layerings,
        hidden_warnings=hidden,
    )


def _own_warnings(report: Report, requested: list[Pack]) -> tuple[Report, int]:
    """The report with the warnings of the packs asked for only: a mod's author is not told the
    warnings of the game it builds on (their errors stay: the mod could not be played). With
    how many warnings were left out."""
    roots = [(display_path(pack.root) or str(pack.root)).rstrip("/") + "/" for pack in requested]
    kept, hidden = Report(), 0
    for diagnostic in report.diagnostics:
        if diagnostic.severity == "warning" and diagnostic.file and not any(
                diagnostic.file.startswith(root) for root in roots):
            hidden += 1
        else:
            kept.add(diagnostic)
    return kept, hidden


UNREADABLE = ("E100", "E103")  # a document that could not be read at all


def _skipped_note(file: str, count: int) -> Diagnostic:
    more = f" and {count - 1} other file{'s' if count > 2 else ''}" if count > 1 else ""
    return Diagnostic("W110", f"references and effects were not checked: {file}{more} could not be read",
                      file, None, None, hint="fix the YAML error first; the remaining checks run once it reads",
                      severity="warning")


def _check_card_attributes(table: dict, schemas, ref_ids) -> list[Diagnostic]:
    """Every card's attributes against its card type's definitions (engine/attributes.py)."""
    made: dict[str, dict] = {}  # card type -> the schema of its cards' attributes
    found = []
    for definition in table.get("cards", {}).values():
        card_type = table.get("card_types", {}).get(definition.data.get("type"))
        declared = card_type.data.get("attributes") if card_type is not None else None
        if not isinstance(declared, dict):
            continue  # (an unknown type is the schema check's E400; a type that declares none, unchecked)
        schema = made.get(card_type.data["id"])
        if schema is None:
            schema = made[card_type.data["id"]] = attributes_schema(declared)
        found += schemas.check_attributes(definition, schema, ref_ids)
    return found


def _words(vocabulary, table) -> dict[str, set[str]]:
    """The game's words that values may name (formats "attribute", "noun" and "tag": schemas.py)."""
    groups = {group for noun in vocabulary.nouns.values() for group in noun.groups}
    tags = {tag for items in table.values() for definition in items.values()
            if isinstance(definition.data, dict) and isinstance(definition.data.get("tags"), list)
            for tag in definition.data["tags"] if isinstance(tag, str)}
    return {ATTRIBUTES: set(vocabulary.attributes), NOUNS: set(vocabulary.nouns) | groups, TAGS: tags}


def _option_ids(manifests) -> set[str]:
    """The options the manifests declare, and their choices: what `when_option` and the like
    may name (a choice stands for "that option is set to this choice")."""
    found = set()
    for manifest in manifests:
        for option in (manifest.get("options") if isinstance(manifest, dict) else None) or ():
            if isinstance(option, dict) and isinstance(option.get("id"), str):
                found.add(option["id"])
                found.update(choice["id"] for choice in option.get("choices") or ()
                             if isinstance(choice, dict) and isinstance(choice.get("id"), str))
    return found


def _groups(load_order: Sequence[str], known: dict[str, PackInfo]) -> list[tuple[str, ...]]:
    """The packs split into groups that share nothing: each game with the packs built on it.

    Packs that do not depend on each other, directly or through a third pack, are
    layered and checked apart, so two games may use the same ids and words.
    Each group keeps the load order.
    """
    group_of = {pack_id: pack_id for pack_id in load_order}

    def root(pack_id: str) -> str:
        while group_of[pack_id] != pack_id:
            pack_id = group_of[pack_id]
        return pack_id

    for pack_id in load_order:
        dependencies = known[pack_id].get("dependencies")
        for dependency in dependencies if isinstance(dependencies, list) else []:
            other = dependency.get("id") if hasattr(dependency, "get") else None
            if other in group_of:
                group_of[root(pack_id)] = root(other)
    groups: dict[str, list[str]] = {}
    for pack_id in load_order:
        groups.setdefault(root(pack_id), []).append(pack_id)
    return [tuple(group) for group in groups.values()]


__all__ = ["UsageError", "ValidationResult", "check_effects", "explain", "validate"]
