"""What runs a benchmark: the Python, where it lives, and whether its core is a shared library.

The figures depend on how CPython itself was built, not only on the engine. A CPython built
without profile-guided and link-time optimisation, with its core in a shared libpython (what
`pyenv install` makes by default), ran the engine's play loop in 14% more instructions a choice
point than Debian's own python3.11 (built with both, its core inside the executable) on the
same machine, and made about 11% fewer choice points a second in runs taken in turns
(docs/speed-history.md, stop 47). So every benchmark names the Python it ran on, for figures
to be compared like with like.
"""

from __future__ import annotations

import platform
import sys


def python() -> str:
    """"CPython 3.11.2 at /usr/bin/python3.11, core in the executable" (or "..., core in a
    shared libpython"; nothing about it where the process's maps cannot be read)."""
    words = f"{platform.python_implementation()} {platform.python_version()} at {sys.executable}"
    shared = _shared_core()
    if shared is None:
        return words
    return f"{words}, core in {'a shared libpython' if shared else 'the executable'}"


def _shared_core() -> bool | None:
    """Whether the interpreter's core is loaded from a shared libpython (Linux: read off the
    process's memory maps); None where that cannot be told."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            return any("libpython" in line for line in maps)
    except OSError:
        return None
