"""Map an offset inside an effect string to its line and column in the YAML file.

The YAML value may be plain, quoted, or a block scalar (``>-`` or ``|``), on
one line or folded over several. For each style we walk the source lines the
way YAML joins them (one character per line break), so a caret lands under
the right word in the file, not only inside the string. Escapes inside
double-quoted strings are rare in effect text and are not unfolded.
"""

from __future__ import annotations

BLOCK_INDICATORS = "|>"
QUOTES = "'\""


def file_position(lines: list[str], line: int, col: int, offset: int) -> tuple[int, int]:
    """The 1-based (line, col) in the file of ``offset`` in the value starting at (line, col)."""
    if not 1 <= line <= len(lines):
        return line, col
    source = lines[line - 1]
    indicator = source[col - 1] if 0 < col <= len(source) else ""
    if indicator in BLOCK_INDICATORS and indicator:
        return _block(lines, line, offset) or (line, col)
    start = col + (1 if indicator in QUOTES and indicator else 0)
    return _flow(lines, line, start, offset)


def _block(lines: list[str], line: int, offset: int) -> tuple[int, int] | None:
    indent = None
    remaining = offset
    for index in range(line, len(lines)):
        raw = lines[index]
        if not raw.strip():
            remaining -= 1
            continue
        if indent is None:
            indent = len(raw) - len(raw.lstrip())
        content = raw[indent:]
        if remaining <= len(content):
            return index + 1, indent + max(remaining, 0) + 1
        remaining -= len(content) + 1
    return None


def _flow(lines: list[str], line: int, start_col: int, offset: int) -> tuple[int, int]:
    index, first = line - 1, start_col - 1
    remaining = offset
    content = lines[index][first:].rstrip()
    while remaining > len(content) and index + 1 < len(lines):
        remaining -= len(content) + 1
        index += 1
        raw = lines[index]
        first = len(raw) - len(raw.lstrip())
        content = raw[first:].rstrip()
    return index + 1, first + remaining + 1
