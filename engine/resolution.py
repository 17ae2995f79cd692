"""Pack resolution: which packs load, and in which order.

The load set is the requested packs plus their required dependencies
(transitively). Optional dependencies only order packs when they are loaded
anyway. The order is topological (dependencies first), ties broken by pack
id, with `load_after` as soft edges that are dropped if they would close a
cycle. Errors point into pack.yaml at the offending entry:

E501 missing dependency, E502 version outside the range, E503 cycle,
E504 incompatible packs loaded together, E508 engine version unsupported,
E500 a range or version that cannot be parsed.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from .diagnostics import Diagnostic
from .packs import PackInfo
from .positions import get_at, locate, span_end
from .suggest import did_you_mean
from .version import ENGINE_VERSION


@dataclass
class Resolution:
    load_order: tuple[str, ...]
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _entries(info: PackInfo, key: str) -> list[tuple[int, dict]]:
    value = info.get(key)
    if not isinstance(value, list):
        return []
    return [(i, e) for i, e in enumerate(value) if hasattr(e, "get") and isinstance(e.get("id"), str)]


def _diag(info: PackInfo, code: str, message: str, path: list, hint: str | None = None) -> Diagnostic:
    line, col = locate(info.manifest, path)
    return Diagnostic(code, message, info.display, line, col, subject=f"pack {info.id}", hint=hint,
                      end_col=span_end(get_at(info.manifest, path), col))


def _spec(info: PackInfo, text: object, path: list, diags: list[Diagnostic]) -> SpecifierSet | None:
    try:
        return SpecifierSet(str(text))
    except InvalidSpecifier:
        diags.append(_diag(info, "E500", f"bad version range '{text}'", path, hint="write e.g. '>=1.0,<2'"))
        return None


def _version(text: str | None) -> Version | None:
    try:
        return Version(text) if text is not None else None
    except InvalidVersion:
        return None


def _load_set(requested: Sequence[str], known: Mapping[str, PackInfo], diags: list[Diagnostic]) -> set[str]:
    loaded: set[str] = set()
    queue = sorted(set(requested))
    while queue:
        pack_id = queue.pop(0)
        if pack_id in loaded or pack_id not in known:
            continue
        loaded.add(pack_id)
        info = known[pack_id]
        for i, dep in _entries(info, "dependencies"):
            if dep["id"] in known:
                if not dep.get("optional", False):
                    queue.append(dep["id"])
            elif not dep.get("optional", False):
                diags.append(_diag(info, "E501", f"missing dependency '{dep['id']}'", ["dependencies", i, "id"],
                                   hint=did_you_mean(dep["id"], known)))
    return loaded


def _check_versions(info: PackInfo, known: Mapping[str, PackInfo], loaded: set[str],
                    diags: list[Diagnostic]) -> None:
    for i, dep in _entries(info, "dependencies"):
        if dep["id"] not in loaded or dep.get("version") is None:
            continue
        spec = _spec(info, dep["version"], ["dependencies", i, "version"], diags)
        found = _version(known[dep["id"]].version)
        if spec is not None and found is not None and not spec.contains(found, prereleases=True):
            diags.append(_diag(info, "E502", f"dependency '{dep['id']}' must match '{dep['version']}' "
                               f"but version {found} is loaded", ["dependencies", i, "version"]))


def _check_engine(info: PackInfo, diags: list[Diagnostic], engine_version: str) -> None:
    text = info.get("engine")
    if text is None:
        return
    spec = _spec(info, text, ["engine"], diags)
    if spec is not None and not spec.contains(Version(engine_version), prereleases=True):
        diags.append(_diag(info, "E508", f"pack supports engine '{text}' but this is tabula {engine_version}",
                           ["engine"], hint="use a tabula version in that range or update the pack"))


def _check_incompatible(info: PackInfo, known: Mapping[str, PackInfo], loaded: set[str],
                        diags: list[Diagnostic]) -> None:
    for i, entry in _entries(info, "incompatible_with"):
        other = entry["id"]
        if other not in loaded or other == info.id:
            continue
        if entry.get("version") is not None:
            spec = _spec(info, entry["version"], ["incompatible_with", i, "version"], diags)
            found = _version(known[other].version)
            if spec is None or found is None or not spec.contains(found, prereleases=True):
                continue
        diags.append(_diag(info, "E504", f"pack '{info.id}' is incompatible with pack '{other}' "
                           f"{known[other].version or ''}".rstrip() + ", which is also loaded",
                           ["incompatible_with", i, "id"], hint=f"load only one of '{info.id}' and '{other}'"))


def _hard_edges(loaded: set[str], known: Mapping[str, PackInfo]) -> dict[str, list[tuple[str, int]]]:
    """pack -> [(dependency, entry index)] for dependencies that are loaded."""
    return {p: sorted((d["id"], i) for i, d in _entries(known[p], "dependencies") if d["id"] in loaded)
            for p in loaded}


def _find_cycles(deps: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """Each elementary cycle found by a DFS in id order, as [a, b, ..., a]."""
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for dep, _ in deps.get(node, []):
            if state.get(dep) == 1:
                cycles.append(stack[stack.index(dep):] + [dep])
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[node] = 2

    for node in sorted(deps):
        if node not in state:
            visit(node)
    return cycles


def _report_cycle(cycle: list[str], known: Mapping[str, PackInfo], deps: dict, diags: list[Diagnostic]) -> None:
    start = min(range(len(cycle) - 1), key=lambda k: cycle[k])
    ring = cycle[start:-1] + cycle[:start] + [cycle[start]]
    first, second = ring[0], ring[1]
    index = next(i for d, i in deps[first] if d == second)
    diags.append(_diag(known[first], "E503", "dependency cycle: " + " -> ".join(ring),
                       ["dependencies", index, "id"], hint="packs in a cycle cannot be ordered; remove one dependency"))


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def _order(loaded: set[str], known: Mapping[str, PackInfo], deps: dict) -> tuple[str, ...]:
    after: dict[str, set[str]] = {p: set() for p in loaded}   # x -> packs that must come after x
    for pack, entries in deps.items():
        for dep, _ in entries:
            if dep != pack:
                after[dep].add(pack)
    for pack in sorted(loaded):
        for soft in sorted(s for s in (known[pack].get("load_after") or []) if isinstance(s, str)):
            if soft in loaded and soft != pack and not _reaches(after, pack, soft):
                after[soft].add(pack)
    incoming = {p: 0 for p in loaded}
    for targets in after.values():
        for t in targets:
            incoming[t] += 1
    ready = [p for p, n in incoming.items() if n == 0]
    heapq.heapify(ready)
    order: list[str] = []
    while len(order) < len(loaded):
        if not ready:  # a cycle (already reported): release the smallest remaining id
            heapq.heappush(ready, min(p for p in loaded if p not in order and incoming[p] > 0))
            incoming[ready[0]] = 0
        pack = heapq.heappop(ready)
        if pack in order:
            continue
        order.append(pack)
        for nxt in sorted(after[pack]):
            incoming[nxt] -= 1
            if incoming[nxt] == 0:
                heapq.heappush(ready, nxt)
    return tuple(order)


def resolve(requested: Sequence[str], known: Mapping[str, PackInfo],
            engine_version: str = ENGINE_VERSION) -> Resolution:
    """Compute the load set and order for `requested` among `known` packs."""
    diags: list[Diagnostic] = []
    loaded = _load_set(requested, known, diags)
    for pack_id in sorted(loaded):
        info = known[pack_id]
        _check_engine(info, diags, engine_version)
        _check_versions(info, known, loaded, diags)
        _check_incompatible(info, known, loaded, diags)
    deps = _hard_edges(loaded, known)
    for cycle in _find_cycles(deps):
        _report_cycle(cycle, known, deps, diags)
    return Resolution(_order(loaded, known, deps), diags)
