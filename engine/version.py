"""The engine version packs declare compatibility with (pack.yaml `engine`), and how the
installed interpreter runs: compiled by Cython (a regular install, see setup.py) or as
plain Python (an editable install, TABULA_PURE=1, or no C compiler)."""

from __future__ import annotations

import importlib

ENGINE_VERSION = "0.1.0"
# The modules a regular install compiles (setup.py), a few that tell which build this is.
COMPILED_PROBES = ("engine.effects.ast", "engine.effects.vocabulary", "engine.interp.verdict", "engine.interp.runtime", "engine.interp.values",
                   "engine.interp.world", "engine.interp.flow", "engine.interp.handlers", "engine.interp.items")


def build() -> str:
    """How this install runs the interpreter: "compiled" when its modules are extension
    modules, "pure Python" when none is, "partly compiled" after some failed to build."""
    compiled = [not importlib.import_module(name).__file__.endswith(".py") for name in COMPILED_PROBES]
    return "compiled" if all(compiled) else "partly compiled" if any(compiled) else "pure Python"
