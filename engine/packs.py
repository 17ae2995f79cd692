"""Find packs and read them: the manifest first, the listed documents later.

A pack is a folder with `pack.yaml`. Reading happens in two stages so that
resolution can look at every findable manifest while only the packs that are
actually loaded get their documents read:

- `discover(roots)` reads the manifests of every pack below the roots;
- `load_pack(info)` reads the files the manifest lists. A listed file that is
  missing, and a YAML file in the folder that is not listed, are E507 (but a scenario:
  a pack may keep the tests of its cards beside them).

content_hash = sha256 over the manifest bytes, then for each listed file in
listed order its relative path, a NUL byte and its bytes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, SourceCache, display_path
from .positions import locate, span_end
from .schemas import SchemaSet
from .suggest import did_you_mean
from .yamlread import read_bytes, read_yaml_bytes

MANIFEST = "pack.yaml"
PACK_ID = re.compile(r"^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$")


@dataclass(frozen=True)
class Document:
    path: Path
    kind: str | None
    data: Any
    pack_id: str

    @property
    def display(self) -> str:
        """The path as shown in diagnostics."""
        return display_path(self.path) or str(self.path)


@dataclass(frozen=True)
class PackInfo:
    """A pack's manifest, read and schema-checked, before its documents are read."""

    id: str
    version: str | None
    kind: str | None
    root: Path
    manifest: Any
    manifest_bytes: bytes

    @property
    def manifest_path(self) -> Path:
        return self.root / MANIFEST

    @property
    def display(self) -> str:
        return display_path(self.manifest_path) or str(self.manifest_path)

    def get(self, key: str, default: Any = None) -> Any:
        return self.manifest.get(key, default) if hasattr(self.manifest, "get") else default


@dataclass(frozen=True)
class Pack:
    id: str
    version: str | None
    kind: str | None
    root: Path
    manifest: Any
    documents: tuple[Document, ...]
    content_hash: str

    @property
    def short_hash(self) -> str:
        return self.content_hash[:16]


def is_pack_dir(path: Path) -> bool:
    return (Path(path) / MANIFEST).is_file()


def find_pack_dirs(folder: Path) -> list[Path]:
    """The folder itself when it is a pack, else its sub-folders that are packs."""
    folder = Path(folder)
    if is_pack_dir(folder):
        return [folder]
    if not folder.is_dir():
        return []
    return sorted(child for child in folder.iterdir() if child.is_dir() and is_pack_dir(child))


def read_manifest(folder: Path, schemas: SchemaSet, sources: SourceCache | None = None
                  ) -> tuple[PackInfo | None, list[Diagnostic]]:
    """Read and schema-check `folder/pack.yaml`; None when the pack cannot be used."""
    path = Path(folder) / MANIFEST
    file = display_path(path)
    data, diags = read_bytes(path)
    if data is None:
        return None, diags
    doc, diags = read_yaml_bytes(data, file, sources)
    if doc is None:
        if not diags:
            diags = [Diagnostic("E500", "pack.yaml is empty", file, 1, 1)]
        return None, diags
    if not hasattr(doc, "get") or not hasattr(doc, "lc"):
        return None, [Diagnostic("E500", "pack.yaml must be a mapping", file, 1, 1)]
    diags = list(diags) + schemas.check_document(doc, "pack", file) + _option_defaults(doc, file)
    pack_id = doc.get("id")
    if not isinstance(pack_id, str) or not PACK_ID.match(pack_id):
        if not any(d.code.startswith("E2") for d in diags):
            diags.append(Diagnostic("E500", "pack.yaml has no usable 'id'", file, *locate(doc, ["id"])))
        return None, diags
    version, kind = doc.get("version"), doc.get("kind")
    info = PackInfo(str(pack_id), str(version) if version is not None else None,
                    str(kind) if isinstance(kind, str) else None, Path(folder), doc, data)
    return info, diags


def _option_defaults(doc: Any, file: str) -> list[Diagnostic]:
    """E203 for an option whose default is not one of its choices (a misspelt default would
    set the option to nothing a game knows)."""
    found = []
    options = doc.get("options")
    for index, option in enumerate(options if isinstance(options, list) else []):
        if not hasattr(option, "get") or "default" not in option or not isinstance(option.get("choices"), list):
            continue
        choices = [str(choice.get("id")) for choice in option["choices"] if hasattr(choice, "get")]
        default = option["default"]
        if str(default) not in choices:
            line, col = locate(doc, ["options", index, "default"])
            hint = did_you_mean(str(default), choices) or f"expected one of: {', '.join(choices)}"
            found.append(Diagnostic("E203", f"default: '{default}' is not one of the option's choices", file, line, col,
                                    subject=f"option {option.get('id')}", hint=hint, end_col=span_end(default, col)))
    return found


def discover(roots: Iterable[Path], schemas: SchemaSet, sources: SourceCache | None = None,
             preferred: Iterable[Path] = ()) -> tuple[dict[str, PackInfo], list[Diagnostic]]:
    """Read every manifest below `roots`; packs in `preferred` folders win id clashes."""
    preferred = {Path(p).resolve() for p in preferred}
    folders: list[Path] = []
    seen: set[Path] = set()
    for root in roots:
        for folder in find_pack_dirs(Path(root)):
            if folder.resolve() not in seen:
                seen.add(folder.resolve())
                folders.append(folder)
    folders.sort(key=lambda f: (f.resolve() not in preferred, str(f)))
    found: dict[str, PackInfo] = {}
    diags: list[Diagnostic] = []
    for folder in folders:
        info, more = read_manifest(folder, schemas, sources)
        diags.extend(more)
        if info is None:
            continue
        if info.id in found:
            first = found[info.id]
            if first.root.resolve() in preferred and folder.resolve() not in preferred:
                continue
            line, col = locate(info.manifest, ["id"])
            diags.append(Diagnostic("E500", f"pack id '{info.id}' is also used by {first.display}", info.display,
                                    line, col, subject=f"pack {info.id}", hint="pack ids must be globally unique"))
            continue
        found[info.id] = info
    return found, diags


def _listed_files(info: PackInfo) -> list[tuple[int, str]]:
    files = info.get("files")
    if not isinstance(files, list):
        return []
    return [(i, str(name)) for i, name in enumerate(files) if isinstance(name, str)]


def _inside(root: Path, path: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def _yaml_files(root: Path) -> list[Path]:
    """YAML files of the pack folder, skipping hidden folders and nested packs."""
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.suffix not in (".yaml", ".yml") or not path.is_file():
            continue
        if any(part.startswith(".") for part in rel.parts):
            continue
        if any(is_pack_dir(root.joinpath(*rel.parts[:n])) for n in range(1, len(rel.parts))):
            continue
        if rel.parts == (MANIFEST,):
            continue
        out.append(path)
    return out


SCENARIO_KEY = re.compile(rb"^scenario:", re.MULTILINE)


def is_scenario(path: Path) -> bool:
    """Whether a YAML file is a scenario (a test of the pack, `tabula test`: a top-level
    `scenario:` key), which may lie in the pack's folder without being listed as content."""
    try:
        return SCENARIO_KEY.search(path.read_bytes()) is not None
    except OSError:
        return False


def _entry_diag(info: PackInfo, index: int, message: str, hint: str | None = None) -> Diagnostic:
    line, col = locate(info.manifest, ["files", index])
    value = info.manifest["files"][index]
    return Diagnostic("E507", message, info.display, line, col, subject=f"pack {info.id}", hint=hint,
                      end_col=span_end(value, col))


def _read_document(info: PackInfo, path: Path, schemas: SchemaSet, sources: SourceCache | None
                   ) -> tuple[bytes | None, Document | None, list[Diagnostic]]:
    data, diags = read_bytes(path)
    if data is None:
        return None, None, diags
    file = display_path(path)
    doc, diags = read_yaml_bytes(data, file, sources)
    if doc is None:
        if not diags:
            diags = [Diagnostic("E104", "document is empty", file, 1, 1,
                                hint=f"start it with 'kind: <one of {', '.join(schemas.document_kinds)}>'")]
        return data, None, diags
    kind, more = schemas.check_kind(doc, file)
    return data, Document(path, kind, doc, info.id), list(diags) + more


def load_pack(info: PackInfo, schemas: SchemaSet, sources: SourceCache | None = None
              ) -> tuple[Pack, list[Diagnostic]]:
    """Read every listed document of a pack; report missing and unlisted files (E507)."""
    diags: list[Diagnostic] = []
    digest = hashlib.sha256(info.manifest_bytes)
    documents: list[Document] = []
    listed: set[Path] = set()
    for index, name in _listed_files(info):
        path = info.root / name
        if not _inside(info.root, path):
            diags.append(_entry_diag(info, index, f"listed file '{name}' is outside the pack folder"))
            continue
        listed.add(path.resolve())
        if not path.is_file():
            candidates = [str(p.relative_to(info.root)) for p in _yaml_files(info.root)]
            diags.append(_entry_diag(info, index, f"listed file '{name}' does not exist",
                                     hint=did_you_mean(name, candidates)))
            continue
        data, document, more = _read_document(info, path, schemas, sources)
        diags.extend(more)
        if data is not None:
            digest.update(name.encode("utf-8") + b"\0" + data)
        if document is not None:
            documents.append(document)
    for path in _yaml_files(info.root):
        if path.resolve() not in listed and not is_scenario(path):
            rel = path.relative_to(info.root).as_posix()
            diags.append(Diagnostic("E507", f"file '{rel}' is not listed in pack.yaml", display_path(path), None, None,
                                    subject=f"pack {info.id}", hint=f"add '{rel}' to 'files' in {info.display}"))
    pack = Pack(info.id, info.version, info.kind, info.root, info.manifest, tuple(documents), digest.hexdigest())
    return pack, diags

