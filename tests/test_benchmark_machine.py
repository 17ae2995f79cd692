"""Every benchmark names the Python it ran on (benchmarks/machine.py): the figures depend on
how CPython was built, so two figures are compared only when their Pythons agree."""

from __future__ import annotations

import platform
import sys
from pathlib import Path

from benchmark_scripts import script


def _machine():
    return script("machine")


def test_the_python_is_named_by_its_version_and_executable():
    said = _machine().python()
    assert said.startswith(f"{platform.python_implementation()} {platform.python_version()} at {sys.executable}")


def test_where_the_core_lives_is_read_off_the_process(monkeypatch):
    machine = _machine()
    monkeypatch.setattr(machine, "_shared_core", lambda: True)
    assert machine.python().endswith(", core in a shared libpython")
    monkeypatch.setattr(machine, "_shared_core", lambda: False)
    assert machine.python().endswith(", core in the executable")
    monkeypatch.setattr(machine, "_shared_core", lambda: None)
    assert machine.python().endswith(sys.executable)


def test_a_shared_core_is_seen_in_the_memory_maps():
    shared = _machine()._shared_core()
    maps = Path("/proc/self/maps")
    if not maps.exists():
        assert shared is None
    else:
        assert shared == ("libpython" in maps.read_text())
