"""The compiled modules come from one library (engine/extensions.py, setup.py): a regular install
loads every module the library holds from it; without a library, the .py files are imported."""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import ExtensionFileLoader, PathFinder

from engine import extensions
from engine.version import COMPILED_PROBES, build

LIBRARY_PATH = "/nowhere/_extensions.cpython-311-x86_64-linux-gnu.so"


def test_the_finder_finds_only_the_modules_the_library_holds():
    finder = extensions.LibraryFinder(["engine.interp.frames", "engine.rng"], LIBRARY_PATH)
    assert finder.find_spec("engine.interp.scoring") is None  # compiled too, but not listed here
    assert finder.find_spec("engine.runner") is None


def test_a_module_the_library_holds_is_loaded_from_the_library_file():
    spec = extensions.LibraryFinder(["engine.interp.frames"], LIBRARY_PATH).find_spec("engine.interp.frames")
    assert spec.name == "engine.interp.frames"
    assert spec.origin == LIBRARY_PATH
    assert isinstance(spec.loader, ExtensionFileLoader)
    assert (spec.loader.name, spec.loader.path) == ("engine.interp.frames", LIBRARY_PATH)


def test_installing_twice_puts_one_finder_on_the_path():
    first, second = extensions.install(), extensions.install()
    assert first is second
    assert sum(isinstance(finder, extensions.LibraryFinder) for finder in sys.meta_path) == (first is not None)


def test_every_module_of_a_built_library_comes_from_it_and_none_without_one():
    finder = extensions.install()
    if finder is None:  # an editable or plain install: no library, the sources run
        assert build() == "pure Python"
        assert all(importlib.import_module(name).__file__.endswith(".py") for name in COMPILED_PROBES)
        return
    index = importlib.import_module("engine._extensions")
    names = index.MODULES.split()
    assert "engine.interp.runtime" in names and "engine.interpreter" in names
    assert all(importlib.import_module(name).__file__ == index.__file__ for name in names)
    assert sys.meta_path.index(finder) < sys.meta_path.index(PathFinder)  # before the .py files are looked for
    assert build() == "compiled"
