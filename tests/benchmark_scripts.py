"""A script of benchmarks/ loaded as a module, afresh for each test that asks (the scripts are
not a package: they are run by path, and import their neighbours by name)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def script(name: str) -> ModuleType:
    """benchmarks/NAME.py, loaded as the module NAME, with its folder on the path while it loads
    (as when it is run: `from options import take`)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module
