"""A mod pack written for a test: a manifest that builds on a shipped game, and its files."""

from __future__ import annotations

from pathlib import Path

from engine.validate import validate


def write_mod(folder: Path, files: dict[str, str], game: str = "viticulture") -> Path:
    """Write the pack ``folder`` (its name is its id): a mod of the shipped ``game``, whatever its
    version, listing ``files`` (name -> text) in pack.yaml. Returns ``folder``."""
    folder.mkdir(parents=True)
    listed = "".join(f"  - {name}\n" for name in files)
    (folder / "pack.yaml").write_text(
        f"id: {folder.name}\nname: Test mod {folder.name}\nversion: 1.0.0\nkind: mod\nengine: '>=0.1,<1'\n"
        f"dependencies:\n  - {{id: {game}, version: '>=0.1'}}\nfiles:\n{listed}", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def said_in(folder: Path, name: str) -> list[tuple]:
    """(code, line, col, message, hint) of what validating the pack ``folder`` says in its file ``name``."""
    wanted = (folder / name).resolve()
    return [(d.code, d.line, d.col, d.message, d.hint) for d in validate([folder]).report.diagnostics
            if d.file and Path(d.file).resolve() == wanted]
