"""Packaging hook: ship the root data folders inside the `engine` package.

The data folders content/, schemas/ and grammar/ live at the repository root
(where editors, designers and the docs expect them). A plain `pip install .`
must install them with the code, inside the package, so that
engine/resources.py finds them at engine/_data/<name>/ when there is no
checkout beside engine/.

How: each folder is declared as a data-only package `engine._data.<name>`
whose source directory is the root folder (`package_dir`), and every file
below it is package data (`**/*`). setuptools' build_py then copies
content/** to build/lib/engine/_data/content/** and so on, for wheels and
plain installs alike. No symlinks, no build_py subclass, nothing installed
outside the package. Everything else (metadata, dependencies, the console
script) is in pyproject.toml.

The interpreter compiled: a regular install (a wheel) also compiles the
interpreter's modules (engine/interp/, engine/interpreter.py, the bots and
the random numbers) to C with Cython, unchanged: the same source, about 30 to 50%
faster play (docs/design.md, "Speed"). Each compiled module is optional: if
Cython or a C compiler is missing, or a module fails to build, the install
goes on with the plain Python module, which behaves the same. An editable
install (`pip install -e .`) never compiles, so an edit to a module always
takes effect; nor does any install with TABULA_PURE=1 set. The C files go to
build/cython/, never beside the sources. A few .pxd files beside the modules
(engine/interp/*.pxd) declare the fields of the classes made most often
(Context, World, the walk), so the compiled build keeps them as C structs;
tests/test_compiled_declarations.py keeps those declarations complete.
"""

import os
import sys
from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = [name for name in ("content", "schemas", "grammar") if (ROOT / name).is_dir()]
COMPILED = ["engine/interp/*.py", "engine/interpreter.py", "engine/agents.py", "engine/rng.py"]


def compiled_modules() -> list:
    """The extension modules Cython makes of the interpreter, or none (pure Python)."""
    if os.environ.get("TABULA_PURE") or {"editable_wheel", "develop"} & set(sys.argv):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    sources = sorted(str(path.relative_to(ROOT)) for pattern in COMPILED for path in ROOT.glob(pattern)
                     if path.name != "__init__.py")
    directives = {"language_level": "3", "binding": True, "annotation_typing": False}
    extensions = cythonize(sources, compiler_directives=directives, build_dir="build/cython", quiet=True)
    for extension in extensions:
        extension.optional = True  # a module that fails to build stays plain Python
    return extensions


setup(
    packages=find_packages(include=["engine", "engine.*"]) + [f"engine._data.{n}" for n in DATA_FOLDERS],
    package_dir={f"engine._data.{n}": n for n in DATA_FOLDERS},
    package_data={f"engine._data.{n}": ["**/*"] for n in DATA_FOLDERS},
    exclude_package_data={f"engine._data.{n}": ["**/__pycache__/*", "**/*.pyc"] for n in DATA_FOLDERS},
    ext_modules=compiled_modules(),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
