"""Diagnostics: the one record every checker produces, a collector, and renderers.

Text form (see docs/design.md):

    content/x/things.yaml:12:15: error[E300]: thing alpha: unexpected word 'gian'
       12 |     effect: gian 2 coins
          |             ^^^^
          = hint: did you mean 'gain'?

`end_col` is exclusive (the first column after the span, as Lark reports it);
the caret covers `col .. end_col - 1`, or one column when end_col is missing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True)
class Diagnostic:
    code: str            # "E300"; catalogue in docs/design.md
    message: str         # one line, no trailing period
    file: str | None     # path as given / relative to the working directory
    line: int | None     # 1-based
    col: int | None      # 1-based
    subject: str | None = None   # "thing alpha", "pack base"
    hint: str | None = None      # "did you mean 'gain'?", "expected one of: ..."
    severity: str = "error"      # "error" | "warning"
    end_col: int | None = None   # for a caret span (^^^^), exclusive


def display_path(path: str | os.PathLike[str] | None) -> str | None:
    """Return `path` relative to the working directory when it lies below it."""
    if path is None:
        return None
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def _sort_key(d: Diagnostic) -> tuple:
    return (d.file or "", d.line or 0, d.col or 0, d.code, d.message)


class Report:
    """Collects diagnostics; hands them back sorted by file, line and column."""

    def __init__(self) -> None:
        self._items: list[Diagnostic] = []
        self._seen: set[Diagnostic] = set()

    def add(self, diag: Diagnostic) -> None:
        if diag not in self._seen:
            self._seen.add(diag)
            self._items.append(diag)

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        for diag in diags:
            self.add(diag)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return sorted(self._items, key=_sort_key)

    @property
    def error_count(self) -> int:
        return sum(1 for d in self._items if d.severity == "error")

    @property
    def warning_count(self) -> int:
        return sum(1 for d in self._items if d.severity == "warning")

    @property
    def has_errors(self) -> bool:
        return self.error_count > 0

    def counts(self) -> dict[str, int]:
        return {"errors": self.error_count, "warnings": self.warning_count}

    def __len__(self) -> int:
        return len(self._items)


class SourceCache:
    """Source lines by path, read at most once (readers may prime it)."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def put(self, path: str, text: str) -> None:
        self._lines[path] = text.splitlines()

    def line(self, path: str | None, line: int | None) -> str | None:
        if path is None or line is None or line < 1:
            return None
        if path not in self._lines:
            self._lines[path] = self._read(path)
        lines = self._lines[path]
        return lines[line - 1] if line <= len(lines) else None

    @staticmethod
    def _read(path: str) -> list[str]:
        try:
            return Path(path).read_text(encoding="utf-8-sig").splitlines()
        except (OSError, UnicodeDecodeError):
            return []


def _location(d: Diagnostic) -> str:
    parts = [p for p in (d.file, d.line, d.col) if p is not None]
    return ":".join(str(p) for p in parts)


def format_header(d: Diagnostic, style=lambda text, **_: text) -> str:
    """The first line of a diagnostic: `file:line:col: error[E123]: subject: message`."""
    colour = "red" if d.severity == "error" else "yellow"
    head = style(f"{d.severity}[{d.code}]", fg=colour, bold=True)
    subject = f"{d.subject}: " if d.subject else ""
    location = _location(d)
    prefix = f"{location}: " if location else ""
    return f"{prefix}{head}: {subject}{d.message}"


SHOWN = 100  # the columns of a source line shown; a longer line is cut around its caret


def _snippet(d: Diagnostic, sources: SourceCache, style) -> list[str]:
    text = sources.line(d.file, d.line)
    if text is None:
        return []
    text = text.expandtabs(1)
    gutter = f"{d.line:>5} | "
    blank = " " * 5 + " | "
    start = 0 if d.col is None else d.col - 1
    width = 1 if d.col is None else max(1, (d.end_col or 0) - d.col)
    shown, start, width = _window(text, start, width)
    out = [gutter + shown]
    if d.col is not None:
        out.append(blank + " " * start + style("^" * width, fg="red", bold=True))
    return out


def _window(text: str, start: int, width: int) -> tuple[str, int, int]:
    """The part of a source line to show, and where the caret falls in it, and how wide: the
    whole line when it is short; else SHOWN columns around the caret (some words before it),
    cut with '…' at either end (an effect of a dozen sentences is one long line)."""
    if len(text) <= SHOWN:
        return text, start, width
    first = max(0, min(start - SHOWN // 4, len(text) - SHOWN))
    last = first + SHOWN
    before = "…" if first > 0 else ""
    after = "…" if last < len(text) else ""
    return before + text[first:last] + after, start - first + len(before), max(1, min(width, last - start))


def render_text(diags: Iterable[Diagnostic], sources: SourceCache | None = None, color: bool = False) -> str:
    """Render diagnostics for people: header, source line with caret, hint."""
    import click

    def style(text: str, **kw) -> str:
        return click.style(text, **kw) if color else text

    sources = sources or SourceCache()
    blocks = []
    for d in diags:
        lines = [format_header(d, style)]
        lines.extend(_snippet(d, sources, style))
        if d.hint:
            lines.append(" " * 6 + "= hint: " + d.hint)
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def render_json(diags: Iterable[Diagnostic], summary: Mapping[str, object]) -> str:
    """One JSON object `{"diagnostics": [...], "summary": {...}}`."""
    payload = {"diagnostics": [asdict(d) for d in diags], "summary": dict(summary)}
    return json.dumps(payload, indent=2, sort_keys=False)


def _gh_escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def render_github(diags: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=CODE::message`."""
    out = []
    for d in diags:
        level = "error" if d.severity == "error" else "warning"
        props = []
        if d.file is not None:
            props.append(f"file={_gh_escape(d.file, True)}")
        if d.line is not None:
            props.append(f"line={d.line}")
        if d.col is not None:
            props.append(f"col={d.col}")
        props.append(f"title={_gh_escape(d.code, True)}")
        message = f"{d.subject}: {d.message}" if d.subject else d.message
        if d.hint:
            message += f" ({d.hint})"
        out.append(f"::{level} {','.join(props)}::{_gh_escape(message)}")
    return "\n".join(out)
