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
"""

from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = [name for name in ("content", "schemas", "grammar") if (ROOT / name).is_dir()]

setup(
    packages=find_packages(include=["engine", "engine.*"]) + [f"engine._data.{n}" for n in DATA_FOLDERS],
    package_dir={f"engine._data.{n}": n for n in DATA_FOLDERS},
    package_data={f"engine._data.{n}": ["**/*"] for n in DATA_FOLDERS},
    exclude_package_data={f"engine._data.{n}": ["**/__pycache__/*", "**/*.pyc"] for n in DATA_FOLDERS},
)
