"""Playing makes no reference cycles: what a step makes is freed as soon as it is dropped.

Python frees an object at once when the last reference to it goes, except for objects in a
cycle: those wait for the garbage collector, and each time the collector runs it goes through
every object the process holds. In the compiled build the walk's closures made such cycles, and
the collector cost 4.4% of a Viticulture choice point's instructions (docs/speed-history.md, stop 26).

The cause is particular to Cython: all the closures of one function share one scope object. So
a closure that another closure (or a generator expression) of the same function reads is held
by that scope, and holds it: a cycle there, though not in plain Python. A closure that calls
itself is a cycle in both. The first test finds either shape in the source of every compiled
module; the second plays games with the collector off and asks it what was left behind.
"""

from __future__ import annotations

import ast
import gc
from pathlib import Path

import pytest

from engine.agents import random_agents

from engines import loaded

ROOT = Path(__file__).resolve().parents[1]


def compiled_modules() -> list[Path]:
    """The modules setup.py compiles (its COMPILED patterns, read from its source)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    patterns = next(ast.literal_eval(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets))
    return sorted(path for pattern in patterns for path in ROOT.glob(pattern) if path.name != "__init__.py")


def closures_held_by_their_scope(source: str) -> list[str]:
    """"line: function: name" for each closure of a function that an inner scope of the same
    function reads (another closure, a lambda, a generator expression, or itself)."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        inner = _inner_scopes(function)
        closures = {scope.name for scope in inner if isinstance(scope, ast.FunctionDef)}
        closures |= {target.id for node in ast.walk(function) if isinstance(node, ast.Assign)
                     and isinstance(node.value, ast.Lambda) for target in node.targets if isinstance(target, ast.Name)}
        for scope in inner:
            read = {node.id for node in ast.walk(scope)
                    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
            found += [f"{scope.lineno}: {function.name}: {name}" for name in sorted(read & closures)]
    return found


def _inner_scopes(function) -> list:
    """The scopes right inside ``function``: its closures, lambdas and generator expressions.
    (List, set and dict comprehensions are not closures in the compiled build.)"""
    found, todo = [], list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.GeneratorExp)):
            found.append(node)
        else:
            todo += ast.iter_child_nodes(node)
    return found


def test_the_compiled_modules_are_found():
    names = {path.name for path in compiled_modules()}
    assert {"verdict.py", "handlers.py", "interpreter.py", "rng.py"} <= names


@pytest.mark.parametrize("module", compiled_modules(), ids=lambda path: path.stem)
def test_no_closure_is_held_by_the_scope_it_holds(module):
    found = closures_held_by_their_scope(module.read_text())
    assert not found, f"{module.name}: closures read by an inner scope of their own function: {found}"


def test_the_reader_finds_each_shape_of_cycle():
    source = '''
def read_by_a_closure(pool):
    def way(thing):
        return [thing]
    def judge(key):
        return way(key)
    return judge

def read_by_a_generator(pool):
    way = lambda thing: [thing]
    return list(way(thing) for thing in pool)

def calls_itself(n):
    def down(k):
        return 0 if k == 0 else down(k - 1)
    return down(n)

def fine(pool):
    way = lambda thing: [thing]
    return [way(thing) for thing in pool]
'''
    assert [entry.split(": ", 1)[1] for entry in closures_held_by_their_scope(source)] == [
        "read_by_a_closure: way", "read_by_a_generator: way", "calls_itself: down"]


@pytest.mark.parametrize("game, players", [("viticulture", 4), ("castles-of-burgundy-cards", 3)])
def test_a_game_played_leaves_nothing_for_the_garbage_collector(game, players):
    engine = loaded(game)
    agents = random_agents(11, players)
    gc.collect()
    gc.disable()
    try:
        state = engine.new_game(players=players, seed=11)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0, f"{left} objects in reference cycles after a game of {game}"
