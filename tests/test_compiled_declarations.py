"""The compiled build's declarations (engine/**/*.pxd) keep up with the Python classes.

A regular install compiles the interpreter with Cython (setup.py), and a class declared in
a .pxd file beside its module becomes a C type with exactly the fields declared there: an
attribute the Python code sets but the .pxd leaves out works in an editable install and
fails in a compiled one. So every attribute a declared class sets on ``self`` must be
declared, and every declared class must exist.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "engine"
DECLARATIONS = sorted(ENGINE.rglob("*.pxd"))


def declared(pxd: Path) -> dict[str, set[str]]:
    """The fields each ``cdef class`` of a .pxd file declares."""
    classes, current = {}, None
    for line in pxd.read_text().splitlines():
        if match := re.match(r"cdef class (\w+)", line):
            current = classes.setdefault(match.group(1), set())
        elif current is not None and (match := re.match(r"\s+cdef public \w+ (.+)", line)):
            current.update(name.strip() for name in match.group(1).split(","))
    return classes


def set_on_self(module: Path) -> dict[str, set[str]]:
    """The attributes each class of a module assigns on ``self``."""
    found = {}
    for node in ast.parse(module.read_text()).body:
        if isinstance(node, ast.ClassDef):
            targets = [target for item in ast.walk(node) if isinstance(item, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                       for target in (item.targets if isinstance(item, ast.Assign) else [item.target])]
            targets = [inner for target in targets for inner in (target.elts if isinstance(target, ast.Tuple) else [target])]
            found[node.name] = {target.attr for target in targets if isinstance(target, ast.Attribute)
                                and isinstance(target.value, ast.Name) and target.value.id == "self"}
    return found


def test_there_are_declarations_to_check():
    assert DECLARATIONS, "no .pxd files: is the compiled build gone?"


@pytest.mark.parametrize("pxd", DECLARATIONS, ids=lambda path: path.stem)
def test_every_attribute_a_declared_class_sets_is_declared(pxd):
    classes = set_on_self(pxd.with_suffix(".py"))
    for name, fields in declared(pxd).items():
        assert name in classes, f"{pxd.name} declares {name}, which {pxd.stem}.py does not define"
        missing = classes[name] - fields
        assert not missing, f"{name} sets {sorted(missing)}: declare them in {pxd.name}"


def test_a_compiled_install_has_every_module_compiled():
    """A module whose build failed (a .pxd that no longer fits its module, say) would quietly
    stay plain Python: the install goes on, only slower. So an install that compiled some
    modules must have compiled them all."""
    from engine.version import build

    assert build() != "partly compiled"
