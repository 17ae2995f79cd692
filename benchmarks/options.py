"""Command-line options shared by the benchmark scripts: `--name VALUE` pairs taken out of argv."""

from __future__ import annotations


def take(args: list[str], name: str, default: str) -> str:
    """The value after ``--name`` in ``args`` (removed from it), else ``default``."""
    flag = f"--{name}"
    if flag not in args:
        return default
    at = args.index(flag)
    value = args[at + 1]
    del args[at:at + 2]
    return value
