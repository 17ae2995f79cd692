"""Find the data folders (content/, schemas/, grammar/).

In a checkout they sit at the repository root beside engine/. After a plain
`pip install .` they are installed as package data under engine/_data/ (see
setup.py). Code never uses the working directory to find them.
"""

from __future__ import annotations

from pathlib import Path

DATA_NAMES = ("content", "schemas", "grammar")

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder for `name` ("content", "schemas" or "grammar")."""
    if name not in DATA_NAMES:
        raise ValueError(f"unknown data folder {name!r}; expected one of {', '.join(DATA_NAMES)}")
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    return _PACKAGE_DIR / "_data" / name
