"""Layer the definitions of all loaded packs into one table.

A namespace is any top-level list of mappings that carry an `id` (see
docs/design.md). Documents are visited in load order; then every `patches`
document is applied, again in load order. Rules:

- an id defined twice inside one pack is E401 (the first stays);
- redefining another pack's id needs `override: true`, else E505;
- `override: true` with nothing to override is E509;
- a patch whose target or JSON pointer does not exist is E506 unless the
  patch says `optional: true`.

Every override and patch is recorded as a `LayerEvent` for `--explain`. A definition also
remembers the document that defines it and each patch applied to it (`PatchSite`), so the
checks that follow can say where any of its words are written (`Definition.written_at`): the
item as patched is checked again, and its problems are shown in the patch.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .diagnostics import Diagnostic, display_path
from .packs import Document
from .positions import get_at, locate, locate_key, singular, span_end, to_plain
from .suggest import did_you_mean, suggest

PATCH_KIND = "patches"


@dataclass(frozen=True)
class PatchSite:
    """One patch operation applied to a definition: where it is written, and where in the item
    its value went (``at``: keys and list indices; for an append, the new item's index too)."""

    document: Document
    index: int                      # the operation's index in the document's `patches`
    op: str
    at: tuple                       # the path inside the item that the value was written to


MISSING = object()


@dataclass(frozen=True)
class Definition:
    data: Any                       # plain dict (patched copy when patches applied)
    pack_id: str
    path: str                       # document path as shown in diagnostics
    position: tuple[int, int]       # 1-based (line, col) of the item
    overrides: tuple[str, ...] = ()  # pack ids whose definitions it replaced, oldest first
    patched_by: tuple[str, ...] = ()  # pack ids whose patches changed it, in order
    source: Any = None               # the round-trip item (positions); None after a whole-item replace
    document: Document | None = None  # the document that defines it, and where: namespace, index
    namespace: str = ""
    index: int = 0
    sites: tuple[PatchSite, ...] = ()  # the patch operations applied to it, in order

    def written_at(self, key: Sequence) -> tuple[Document | None, list]:
        """Where the words at ``key`` (keys and indices inside the item) are written: in the last
        patch whose value holds them (the document, and the path to them in it), else in the
        document that defines the item."""
        key = list(key)
        for site in reversed(self.sites):
            if site.op == "remove" or key[:len(site.at)] != list(site.at):
                continue
            inside = ["patches", site.index, "value", *key[len(site.at):]]
            if get_at(site.document.data, inside, MISSING) is not MISSING:
                return site.document, inside
        return self.document, [self.namespace, self.index, *key]


@dataclass(frozen=True)
class LayerEvent:
    action: str        # "override" | "patch" | "patch-skipped"
    namespace: str
    id: str
    pack_id: str       # the pack that won / patched
    over: tuple[str, ...]  # the packs it won over
    where: str         # "file:line"
    detail: str = ""   # patch op and path


@dataclass
class Layering:
    table: dict[str, dict[str, Definition]] = field(default_factory=dict)
    events: list[LayerEvent] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def ref_ids(self) -> dict[str, set[str]]:
        """{namespace: set of ids}, for reference checks."""
        return {ns: set(items) for ns, items in self.table.items()}

    @property
    def definition_count(self) -> int:
        return sum(len(items) for items in self.table.values())


def namespaces_of(data: Any) -> list[str]:
    """Top-level keys whose value is a list of mappings carrying an `id`."""
    if not isinstance(data, Mapping):
        return []
    out = []
    for key, value in data.items():
        if key == "kind" or not isinstance(key, str) or not isinstance(value, list) or not value:
            continue
        if all(isinstance(item, Mapping) for item in value) and any("id" in item for item in value):
            out.append(key)
    return out


def _where(defn: Definition) -> str:
    return f"{defn.path}:{defn.position[0]}"


def _define(layer: Layering, ns: str, item: Mapping, doc: Document, index: int, file: str) -> None:
    item_id = item.get("id")
    if not isinstance(item_id, str):
        return
    items = layer.table.setdefault(ns, {})
    line, col = locate(doc.data, [ns, index, "id"])
    new = Definition(to_plain(item), doc.pack_id, file, (line, col), source=item, document=doc, namespace=ns,
                     index=index)
    wants_override = item.get("override") is True
    old = items.get(item_id)
    subject = f"{singular(ns)} {item_id}"

    def diag(code: str, message: str, hint: str | None = None, path: Sequence = ("id",)) -> None:
        p = [ns, index, *path]
        l, c = locate(doc.data, p) if path == ("id",) else locate_key(doc.data, p)
        layer.diagnostics.append(Diagnostic(code, message, file, l, c, subject=subject, hint=hint,
                                            end_col=span_end(item_id, c) if path == ("id",) else None))

    if old is None:
        if wants_override:
            diag("E509", f"'override: true' but no earlier pack defines {ns} '{item_id}'",
                 hint=did_you_mean(item_id, items) or "remove 'override: true'", path=("override",))
        items[item_id] = new
    elif old.pack_id == doc.pack_id:
        diag("E401", f"duplicate {ns} id '{item_id}' (first defined at {_where(old)})")
    elif not wants_override:
        diag("E505", f"{ns} '{item_id}' is already defined by pack '{old.pack_id}' ({_where(old)})",
             hint="add 'override: true' if you mean to replace it")
    else:
        over = old.overrides + (old.pack_id,)
        items[item_id] = replace(new, overrides=over)
        layer.events.append(LayerEvent("override", ns, item_id, doc.pack_id, over, f"{file}:{line}"))


def _define_document(layer: Layering, doc: Document) -> None:
    file = display_path(doc.path) or str(doc.path)
    for ns in namespaces_of(doc.data):
        for index, item in enumerate(doc.data[ns]):
            _define(layer, ns, item, doc, index, file)


# ---- patches ---------------------------------------------------------------------------------

class _PatchError(Exception):
    """A patch that cannot be applied: why, and a hint (a did-you-mean) or None."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


def _pointer(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise _PatchError(f"path '{path}' must start with '/'")
    return [part.replace("~1", "/").replace("~0", "~") for part in path[1:].split("/")]


def _step(node: Any, part: str, path: str) -> tuple[Any, Any]:
    if isinstance(node, dict):
        if part not in node:
            raise _PatchError(f"path '{path}': no key '{part}'", did_you_mean(part, node))
        return node, part
    if isinstance(node, list):
        if not part.isdigit() or int(part) >= len(node):
            raise _PatchError(f"path '{path}': no item '{part}' (the list has {len(node)} items)")
        return node, int(part)
    raise _PatchError(f"path '{path}': '{part}' is inside a value that is neither a mapping nor a list")


def _resolve(data: Any, parts: list[str], path: str) -> tuple[Any, Any]:
    """(container, key) of the last step of `parts`."""
    node = data
    for part in parts[:-1]:
        container, key = _step(node, part, path)
        node = container[key]
    return _step(node, parts[-1], path)


def _deep_merge(base: Any, value: Any) -> Any:
    if isinstance(base, dict) and isinstance(value, dict):
        merged = dict(base)
        for key, val in value.items():
            merged[key] = _deep_merge(base.get(key), val) if key in base else copy.deepcopy(val)
        return merged
    return copy.deepcopy(value)


def _apply(data: dict, op: str, parts: list[str], value: Any, path: str, target_id: str) -> dict | None:
    """Return the patched item (None when removed)."""
    if not parts:
        if op == "remove":
            return None
        if not isinstance(value, dict):
            raise _PatchError(f"{op} of a whole item needs a mapping value")
        new = _deep_merge(data, value) if op == "merge" else copy.deepcopy(value)
        if new.get("id", target_id) != target_id:
            raise _PatchError(f"{op} may not change the item's id")
        new["id"] = target_id
        return new
    if parts[0] == "id":
        raise _PatchError("a patch may not change the item's id")
    data = copy.deepcopy(data)
    container, key = _resolve(data, parts, path)
    if op == "replace":
        container[key] = copy.deepcopy(value)
    elif op == "remove":
        del container[key]
    elif op == "merge":
        if not isinstance(container[key], dict) or not isinstance(value, dict):
            raise _PatchError(f"merge at '{path}' needs a mapping there and a mapping value")
        container[key] = _deep_merge(container[key], value)
    elif op == "append":
        if not isinstance(container[key], list):
            raise _PatchError(f"append at '{path}' needs a list there")
        container[key].append(copy.deepcopy(value))
    return data


def _target_hint(namespace: str, item_id: str, table: dict) -> str | None:
    """A did-you-mean for a patch target, written as a target is ("cards:broker")."""
    if namespace in table:
        match = suggest(item_id, table[namespace])
        return f"did you mean '{namespace}:{match}'?" if match else None
    match = suggest(namespace, table)
    return f"did you mean '{match}:{item_id}'?" if match else None


def _patch_one(layer: Layering, doc: Document, index: int, patch: Mapping, file: str) -> None:
    line, col = locate(doc.data, ["patches", index, "target"])
    target = patch.get("target")
    op = patch.get("op")
    if not isinstance(target, str) or op not in ("replace", "merge", "remove", "append"):
        return  # the schema check reports these
    where = f"{file}:{line}"

    def fail(message: str, hint: str | None = None, at: str = "target") -> None:
        l, c = locate(doc.data, ["patches", index, at])
        end = span_end(patch.get(at), c)
        layer.diagnostics.append(Diagnostic("E506", message, file, l, c, subject=f"patch {target}", hint=hint,
                                            end_col=end))

    ns, _, item_id = target.partition(":")
    items = layer.table.get(ns, {})
    if item_id not in items:
        if patch.get("optional") is True:
            layer.events.append(LayerEvent("patch-skipped", ns, item_id, doc.pack_id, (), where, f"{op} (optional)"))
            return
        fail(f"patch target '{target}' does not exist", hint=_target_hint(ns, item_id, layer.table))
        return
    path = patch.get("path", "")
    try:
        parts = _pointer(str(path))
        if op == "append" and not parts:
            raise _PatchError("append needs a 'path' to a list")
        new = _apply(items[item_id].data, op, parts, to_plain(patch.get("value")), str(path), item_id)
    except _PatchError as exc:
        fail(str(exc), exc.hint, at="path" if "path" in patch else "op")  # (the subject names the patch)
        return
    old = items[item_id]
    if new is None:
        del items[item_id]
    else:
        site = PatchSite(doc, index, op, _written(new, parts, op))
        items[item_id] = replace(old, data=new, patched_by=old.patched_by + (doc.pack_id,),
                                 source=None if not parts else old.source, sites=old.sites + (site,))
    detail = f"{op} {path}".strip()
    layer.events.append(LayerEvent("patch", ns, item_id, doc.pack_id, (old.pack_id,), where, detail))


def _written(data: Any, parts: list[str], op: str) -> tuple:
    """The path inside the patched item that an operation's value went to: its JSON pointer's
    parts, a list's indices as numbers, and for an append the index of the item it added."""
    at, node = [], data
    for part in parts:
        key = int(part) if isinstance(node, list) else part
        at.append(key)
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):  # (what a remove took away)
            return tuple(at)
    if op == "append" and isinstance(node, list):
        at.append(len(node) - 1)
    return tuple(at)


def _patch_document(layer: Layering, doc: Document) -> None:
    file = display_path(doc.path) or str(doc.path)
    patches = doc.data.get("patches") if isinstance(doc.data, Mapping) else None
    if not isinstance(patches, list):
        return
    for index, patch in enumerate(patches):
        if isinstance(patch, Mapping):
            _patch_one(layer, doc, index, patch, file)


def layer(documents: Iterable[Document], load_order: Sequence[str] | None = None) -> Layering:
    """Merge the namespaces of `documents` (grouped by pack in `load_order`)."""
    docs = list(documents)
    if load_order is not None:
        rank = {pack_id: n for n, pack_id in enumerate(load_order)}
        docs = [d for d in docs if d.pack_id in rank]
        docs.sort(key=lambda d: rank[d.pack_id])  # stable: keeps listed order inside a pack
    result = Layering()
    for doc in docs:
        if doc.kind not in (None, PATCH_KIND):
            _define_document(result, doc)
    for doc in docs:
        if doc.kind == PATCH_KIND:
            _patch_document(result, doc)
    return result
