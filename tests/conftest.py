"""Shared helpers: run the pipeline on the test packs and describe diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.validate import validate

TESTS = Path(__file__).resolve().parent
PACKS = TESTS / "packs"
BROKEN = PACKS / "broken"
TEST_SCHEMAS = PACKS / "schemas"


def run_case(folder: Path):
    """Validate one test folder hermetically (no installed content, test schemas added)."""
    return validate([folder], search_roots=[], extra_schema_dirs=[TEST_SCHEMAS])


def where(diag, base: Path) -> str:
    """`relative/file:line:col` of a diagnostic, relative to `base`."""
    rel = Path(diag.file).resolve().relative_to(base.resolve()).as_posix()
    parts = [rel] + [str(p) for p in (diag.line, diag.col) if p is not None]
    return ":".join(parts)


@pytest.fixture
def case():
    """`case(name)` -> (result, [(code, where, message, hint), ...]) for tests/packs/broken/<name>."""
    def run(name: str):
        folder = BROKEN / name
        result = run_case(folder)
        return result, [(d.code, where(d, folder), d.message, d.hint) for d in result.report.diagnostics]
    return run
