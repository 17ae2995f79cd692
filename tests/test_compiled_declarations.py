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
# A .pxd with no module beside it only declares C names for others to cimport (identity.pxd)
MODULE_DECLARATIONS = [pxd for pxd in DECLARATIONS if pxd.with_suffix(".py").is_file()]


def _own_fields() -> dict[str, tuple[str | None, set[str]]]:
    """Every ``cdef class`` of every .pxd file: its base class (or None) and the fields it
    declares itself (public or readonly)."""
    classes, current = {}, None
    for pxd in DECLARATIONS:
        for line in pxd.read_text().splitlines():
            if match := re.match(r"cdef class (\w+)(?:\((\w+)\))?", line):
                current = classes.setdefault(match.group(1), (match.group(2), set()))[1]
            elif current is not None and (match := re.match(r"\s+cdef (?:public|readonly) \w+ (.+)", line)):
                current.update(name.strip() for name in match.group(1).split(","))
    return classes


OWN_FIELDS = _own_fields()


def declared(pxd: Path) -> dict[str, set[str]]:
    """The fields each ``cdef class`` of a .pxd file declares, with those of its base classes
    (declared in any .pxd file)."""
    found = {}
    for line in pxd.read_text().splitlines():
        if match := re.match(r"cdef class (\w+)", line):
            name, fields = match.group(1), set()
            while name is not None:
                base, own = OWN_FIELDS[name]
                fields |= own
                name = base
            found[match.group(1)] = fields
    return found


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


@pytest.mark.parametrize("pxd", MODULE_DECLARATIONS, ids=lambda path: path.stem)
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


def declared_functions(pxd: Path) -> dict[str, list[str]]:
    """The parameter names of each ``cpdef`` function a .pxd file declares (a method as
    "Class.name", without ``self``; a default value is written ``=*``)."""
    found, current = {}, None
    for line in pxd.read_text().splitlines():
        if match := re.match(r"cdef class (\w+)", line):
            current = match.group(1)
        elif match := re.match(r"(\s*)cpdef \w+ (\w+)\(([^)]*)\)", line):
            parameters = [part.split()[-1].removesuffix("=*") for part in match.group(3).split(",") if part.strip()]
            if match.group(1):
                found[f"{current}.{match.group(2)}"] = parameters[1:]
            else:
                found[match.group(2)] = parameters
    return found


def defined_functions(module: Path) -> dict[str, list[str]]:
    """The parameter names of each module-level function and each method ("Class.name",
    without ``self``) of a module."""
    found = {}
    for node in ast.parse(module.read_text()).body:
        if isinstance(node, ast.FunctionDef):
            found[node.name] = [arg.arg for arg in node.args.args]
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    found[f"{node.name}.{item.name}"] = [arg.arg for arg in item.args.args][1:]
    return found


@pytest.mark.parametrize("pxd", MODULE_DECLARATIONS, ids=lambda path: path.stem)
def test_every_declared_function_is_its_module_function(pxd):
    """A function (or method) declared in a .pxd must be a function of the .py with the same
    parameters: otherwise the compiled build fails (and falls back to plain Python)."""
    functions = defined_functions(pxd.with_suffix(".py"))
    for name, parameters in declared_functions(pxd).items():
        assert name in functions, f"{pxd.name} declares {name}, which {pxd.stem}.py does not define"
        assert functions[name] == parameters, f"{name}: {pxd.name} says {parameters}, {pxd.stem}.py {functions[name]}"


def test_the_declarations_are_read():
    """The reader above finds declared functions and methods, defaults included (so the test
    above checks something)."""
    assert {"packs", "nodes", "memo", "_made"} <= declared(ENGINE / "interp" / "game.pxd")["Game"]  # readonly
    assert {"_ctx", "world", "game"} <= declared(ENGINE / "interp" / "verdict.pxd")["_Branch"]  # with its base's
    found = declared_functions(ENGINE / "interp" / "world.pxd")
    assert found["World.put"] == ["tid", "place", "top"]
    assert declared_functions(ENGINE / "interp" / "items.pxd")["_describe"] == ["rt", "entry", "probing"]


def test_a_missing_context_is_an_error_not_a_crash():
    """values.pxd types the Context of its readers; in the compiled build a None there would be
    read as a C struct unless the module checks for None (its first line): it must raise as
    plain Python does."""
    from engine.interp import values

    with pytest.raises(AttributeError):
        values.noun_of(None, ("card",))
    with pytest.raises(AttributeError):
        values.counter_amount(None, "silver", 0)


INTERPRETER_MODULES = sorted(f"engine.interp.{path.stem}" for path in (ENGINE / "interp").glob("*.py")
                             if path.stem != "__init__")


def test_every_interpreter_module_imports_first(tmp_path):
    """Each module imports on its own, first in a fresh process. A .pxd that cimports another
    module's class makes the compiled module import that one at once, which can close an
    import cycle that plain Python never meets (values and world did, through sets). (Run away
    from the checkout, so that the installed package is the one imported.)"""
    import subprocess
    import sys

    failures = []
    for module in INTERPRETER_MODULES:
        done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
                              cwd=tmp_path)
        if done.returncode:
            failures.append(f"{module}: {done.stderr.strip().splitlines()[-1]}")
    assert not failures, "\n".join(failures)


def test_a_game_cannot_be_changed_once_made():
    """Game is frozen in both builds: plain Python by its own __setattr__, the compiled build
    also by its readonly C fields (game.pxd). A changed copy is made with ``replaced``."""
    from engines import loaded

    game = loaded("viticulture").game
    with pytest.raises(AttributeError):
        game.memo = {}
    with pytest.raises(AttributeError):
        game.extra = 1
    changed = game.replaced(memo={})
    assert changed.nodes is game.nodes and changed.memo is not game.memo
    assert set(changed.memo) >= {"can_fail", "sets"}  # its memo tables made, as at load


def test_the_memo_tables_read_as_fields_are_the_memos_own():
    """game.FIELD_TABLES are fields of the game and tables of its memo: the same dicts, in a
    game made at load and in a changed copy made with a memo of its own."""
    from engines import loaded
    from engine.interp.game import FIELD_TABLES, MEMO_TABLES

    game = loaded("castles-of-burgundy-cards").game
    for made in (game, game.replaced(memo={})):
        for name in FIELD_TABLES:
            assert name in MEMO_TABLES
            assert getattr(made, name) is made.memo[name], name


def test_every_node_of_the_effect_language_is_declared_with_its_fields():
    """engine/effects/ast.pxd makes every node a C type in the compiled build: a node class or
    a field it leaves out (or one it names that the node lacks) fails that build alone."""
    import dataclasses

    from engine.effects import ast as nodes

    classes = {cls.__name__: cls for cls in vars(nodes).values()
               if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == nodes.__name__}
    found = declared(ENGINE / "effects" / "ast.pxd")
    assert set(found) == set(classes)
    for name, cls in classes.items():
        assert found[name] == {field.name for field in dataclasses.fields(cls)}, name


def test_a_node_is_equal_and_hashed_by_its_value_not_its_place():
    """Both builds: a node's span and rendering (set after it is made) take no part in its
    equality or its hash (the compiled build's dataclasses hash such a field unless told not
    to), and its fields cannot be changed."""
    from engine.effects import ast as nodes

    placed = nodes.at(nodes.Number(3), nodes.Span(0, 1))
    plain = nodes.Number(3)
    object.__setattr__(plain, "text", "3")
    assert placed == plain and hash(placed) == hash(plain) and placed.span == nodes.Span(0, 1)
    assert placed != nodes.Number(4)
    with pytest.raises(AttributeError):  # (FrozenInstanceError is one)
        placed.value = 4


def test_a_missing_node_is_an_error_not_a_crash():
    """The .pxd files type the nodes some functions read; in the compiled build a None there
    would be read as a C struct unless the module checks for None (its first line): it must
    raise as plain Python does."""
    from engine.interp import handlers, items

    with pytest.raises(AttributeError):
        items.bounds(None, None, 3)
    with pytest.raises(AttributeError):
        items.too_few(None, 1, 0)
    with pytest.raises(AttributeError):
        handlers._cost_text(None, None, 1)


def test_a_noun_and_a_procedure_are_declared_with_their_fields():
    """engine/effects/vocabulary.pxd makes nouns and procedures C types in the compiled build (the
    interpreter reads their fields from the C struct): a field it leaves out fails that build alone."""
    import dataclasses

    from engine.effects.vocabulary import Noun, Procedure

    found = declared(ENGINE / "effects" / "vocabulary.pxd")
    for cls in (Noun, Procedure):
        assert found[cls.__name__] == {field.name for field in dataclasses.fields(cls)}, cls.__name__


def _same_slots(pxd: str, prefix: str, module) -> dict:
    """The slots of ``module`` (slots.py, tslots.py), checked to have the same numbers as the
    C constants of ``pxd`` (named ``prefix`` and the slot's name): {name: number}."""
    text = (ENGINE / "interp" / pxd).read_text()
    numbers = {name: int(value) for name, value in re.findall(rf"{prefix}(\w+) = (\d+)", text)}
    names = dict(re.findall(rf"^\s+(\w+) \"{prefix}(\w+)\"$", text, re.M))
    python = {name: value for name, value in vars(module).items() if name.isupper() and isinstance(value, int)}
    assert numbers == python and set(names) == set(python) and all(names[n] == n for n in names)
    return python


def test_the_c_slots_of_a_frame_are_the_python_ones():
    """A compiled module reads a frame's slots by the C constants of engine/interp/cslots.pxd,
    a plain module (and a test) by the numbers of slots.py: every slot has the same number in
    both, and a frame made by frames.py has SIZE slots."""
    from engine.interp import slots
    from engine.interp.frames import effect_frame, routine_frame

    python = _same_slots("cslots.pxd", "ENGINE_SLOT_", slots)
    assert len(effect_frame(0, "root", 0, 0, "")) == len(routine_frame("step", "root", None, None, "")) == slots.SIZE
    assert sorted(value for name, value in python.items() if name != "SIZE") == list(range(slots.SIZE))


def test_the_c_slots_of_a_thing_are_the_python_ones():
    """Likewise a thing's slots: engine/interp/ctslots.pxd and tslots.py give every slot the
    same number, and a thing the World makes has SIZE slots."""
    from engine.interp import tslots
    from engines import loaded

    python = _same_slots("ctslots.pxd", "ENGINE_THING_", tslots)
    assert sorted(value for name, value in python.items() if name != "SIZE") == list(range(tslots.SIZE))
    state = loaded("castles-of-burgundy-cards").new_game(players=2, seed=1)
    assert {len(thing) for thing in state["things"].values()} == {tslots.SIZE}
