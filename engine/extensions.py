"""Where the compiled modules are loaded from: the one library a regular install links them into.

setup.py compiles the interpreter's modules to C (Cython) and links all of them, but the nodes'
module, into one shared library, ``engine/_extensions``, rather than a library a module: the
games play a few percent quicker (docs/speed-history.md, stop 62). The import system looks for
a module's extension under the module's own file name, so ``install`` puts a finder first on
``sys.meta_path`` that loads each module the library holds from it, the way any extension is
loaded (the library's ``PyInit_<name>``). The library's own module, ``engine._extensions``, is
its index: ``MODULES`` names the modules it holds. Without the library (an editable install,
TABULA_PURE=1, no C compiler, a build that failed) nothing is installed, and the modules' .py
files are imported as usual.
"""

from __future__ import annotations

import importlib.util
import sys
from importlib.machinery import ExtensionFileLoader


class LibraryFinder:
    """Finds each module of ``names`` in the library at ``path``; any other module is left to
    the finders after it."""

    def __init__(self, names, path: str) -> None:
        self.names = frozenset(names)
        self.path = path

    def find_spec(self, name: str, path=None, target=None):
        if name not in self.names:
            return None
        return importlib.util.spec_from_file_location(name, self.path, loader=ExtensionFileLoader(name, self.path))


def install() -> LibraryFinder | None:
    """The library's finder, first on ``sys.meta_path`` (put there once); None when no library
    was built."""
    for finder in sys.meta_path:
        if isinstance(finder, LibraryFinder):
            return finder
    try:
        from engine import _extensions
    except ImportError:
        return None
    finder = LibraryFinder(_extensions.MODULES.split(), _extensions.__file__)
    sys.meta_path.insert(0, finder)
    return finder
