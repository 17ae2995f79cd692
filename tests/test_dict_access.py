"""A dictionary read or write of the interpreter (a test of a set, a compare of strings) does
what CPython's own does.

The compiled build reads and writes dicts through engine/interp/dictread.h: a probe of the table
that answers at once when it meets the very key, or an empty slot with no key of the same hash
on the way, and writes a new value in place for a key found so (a new key in its free place);
every other read and write goes to CPython. These tests read dicts of every shape through compiled functions (``Game.item``, a
subscript; ``Game.memo_for``, ``dict.get`` and a write) and compare each answer with the test's
own read, which is CPython's; and they write over values the way play does, and ask what
CPython keeps with a dict (its keys, the collector's tracking, its version, the old value's
release). Tests of sets and compares of strings are asked of World's methods. In a plain
install those functions are plain Python and the same is asked of them."""

from __future__ import annotations

import copy
import gc
import weakref

import pytest

from engine.interp.world import World
from engine.interpreter import Engine


@pytest.fixture(scope="module")
def game():
    """A game of its own: the probes add memo tables to it."""
    return Engine.load(["castles-of-burgundy-cards"]).game


@pytest.fixture(scope="module")
def started():
    """The game's engine and a state of it, to copy: Worlds of play read and write it."""
    engine = Engine.load(["castles-of-burgundy-cards"])
    return engine, engine.new_game(players=2, seed=1)


def held_value(key) -> dict:
    """A value a read can only have found in the dict (memo_for makes an empty one for a missing
    key, and keeps dicts only)."""
    return {"key": key}


class Seven:
    """Not an int, hashed as 7 and equal to 7: a read must compare it by value."""

    def __hash__(self):
        return 7

    def __eq__(self, other):
        return other == 7 or isinstance(other, Seven)


class Word(str):
    """A string of a subclass: hashed and compared as its text."""


def read(game, table: dict, key):
    """What the compiled reads of ``key`` in ``table`` give, the same by both ways: the value, or
    None for a key they found missing (memo_for then stores an empty dict: taken out again)."""
    game.namespaces["probe"] = game.memo["probe"] = table
    try:
        subscript = game.item("probe", key)
    except KeyError as error:
        assert error.args == (key,)
        subscript = None
    got = game.memo_for("probe", key)
    if got == {}:
        del table[key]
        got = None
    assert got is subscript
    return got


def answers_as_cpython(game, table: dict, keys) -> None:
    for key in keys:
        expected = dict.get(table, key)
        assert read(game, table, key) is expected, key


def test_a_key_that_is_the_object_the_dict_holds_is_found(game):
    keys = ["s", "n", "thing 12", 0, 5, 2**29, 2**47 + 5, -1, -7, -(2**40)]
    table = {key: held_value(key) for key in keys}
    answers_as_cpython(game, table, keys)


def test_an_equal_key_that_is_another_object_is_found(game):
    table = {"thing 12": held_value(1), 2**40: held_value(2), 70000: held_value(3), -5: held_value(4), 1: held_value(5)}
    held = next(iter(table))
    made = "".join(["thing ", "12"])  # (made at run time: another object, its hash not yet worked out)
    assert made == held and made is not held
    answers_as_cpython(game, table, [made, 2**40 + 0 * len(made), int("70000"), -5, True, Word("thing 12")])


def test_a_missing_key_is_missing(game):
    table = {"a": held_value(1), 3: held_value(2)}
    answers_as_cpython(game, table, ["b", "".join(["c", "d"]), 4, -1, -2, 2**50, 2**70, ("a",)])


def test_keys_of_the_same_hash_are_compared_by_value(game):
    mersenne = 2**61 - 1  # (an int and that much more hash the same; -1 hashes as -2)
    table = {3: held_value(1), 3 + mersenne: held_value(2), Seven(): held_value(3), -2: held_value(4)}
    answers_as_cpython(game, table, [3, 3 + mersenne, 7, Seven(), 3 + 2 * mersenne, -1, -2, -2 - mersenne])
    assert read(game, {7: held_value(7)}, Seven()) == {"key": 7}


def test_a_read_walks_past_keys_taken_out(game):
    table = {f"k{n}": held_value(n) for n in range(40)} | {n: held_value(n) for n in range(40)}
    for n in range(0, 40, 2):
        del table[f"k{n}"], table[n]
    answers_as_cpython(game, table, [f"k{n}" for n in range(40)] + list(range(40)))


@pytest.mark.parametrize("size", [300, 70_000])
def test_large_tables_are_read_as_small_ones(game, size):
    table = {f"key {n}": held_value(n) for n in range(size)} | {n * 7: held_value(n) for n in range(size)}
    keys = list(table)[:: max(1, size // 500)]
    answers_as_cpython(game, table, keys + ["key -1", -7, size * 7 + 7])


def test_the_dict_of_an_object_is_read_by_cpython(game):
    class Holder:
        pass

    holder = Holder()
    holder.a, holder.b = held_value(1), held_value(2)  # (an instance's dict: its keys shared by its class)
    answers_as_cpython(game, vars(holder), ["a", "b", "".join("b"), "c"])


def test_a_missing_table_is_a_key_error(game):
    with pytest.raises(KeyError, match="no such table"):
        game.memo_for("no such table", 1)
    with pytest.raises(KeyError, match="no such namespace"):
        game.item("no such namespace", "x")


def written(game, table: dict, key) -> dict:
    """The dict memo_for writes for ``key``: over a value None the table holds, or as a new key
    (then filled, so that a read finds it)."""
    game.memo["probe"] = table
    made = game.memo_for("probe", key)
    assert made == {} and table[key] is made
    made["key"] = key
    return made


def test_a_key_the_dict_holds_takes_its_new_value_in_place(game):
    held = ["field", 5, 2**40]
    table = dict.fromkeys(held)
    assert not gc.is_tracked(table)  # (it holds None only: the collector need not see it)
    for key in held:
        written(game, table, key)
    for key in ["".join(["fie", "ld"]), 2**40 + 0 * len(held)]:  # equal keys, other objects
        table[key] = None
        written(game, table, key)
    assert len(table) == 3 and all(kept is key for kept, key in zip(table, held))
    assert gc.is_tracked(table)  # it holds dicts now


def test_a_write_gives_the_dict_a_version_it_never_had(game):
    versions = pytest.importorskip("_testcapi").dict_get_version
    table = {"field": None, "other": []}
    seen = {versions(table)}
    for _ in range(3):
        table["field"] = None
        written(game, table, "field")
        assert versions(table) not in seen
        seen.add(versions(table))


def test_a_value_written_over_is_released(started):
    engine, state = started
    world = World(engine.game, copy.deepcopy(state))
    tid = next(iter(world.thing_table))

    class Probe:
        pass

    first, second = Probe(), Probe()
    world.set_attribute(tid, "probe", first)
    world.set_attribute(tid, "probe", second)  # (the key the thing's attributes hold)
    gone = weakref.ref(first)
    del first
    assert gone() is None and world.thing(tid)["a"]["probe"] is second


def test_new_keys_go_where_cpython_puts_them(game):
    table = {f"k{n}": held_value(n) for n in range(20)} | {n: held_value(n) for n in range(20)}
    for n in range(0, 20, 3):
        del table[f"k{n}"], table[n]  # (places taken out: a new key may take one)
    copied = dict(table)
    new = [f"n{n}" for n in range(12)] + [30, 2**45, -3, "k3", 3]
    for key in new:
        copied[key] = written(game, table, key)
    assert list(table.items()) == list(copied.items())
    answers_as_cpython(game, table, list(copied) + ["k0", 0, "n12"])


def test_a_new_key_of_another_kind_or_a_full_table_is_cpython_s(game):
    table = {"a": held_value(1)}
    written(game, table, 5)  # (a table of string keys made general)
    for n in range(100):  # (grown as it fills)
        written(game, table, f"key {n}")
    assert list(table) == ["a", 5] + [f"key {n}" for n in range(100)]
    answers_as_cpython(game, table, list(table))


def test_a_dict_that_holds_what_the_collector_sees_is_tracked(game):
    table = {"a": 1}
    assert not gc.is_tracked(table)
    written(game, table, "b")
    assert gc.is_tracked(table)


def test_a_new_key_makes_stale_what_python_kept_of_the_keys(game):
    namespace: dict = {}
    exec("def shadowed():\n    return len\n", namespace)
    for _ in range(20):  # (the read of a global is specialised to the builtin it finds)
        assert namespace["shadowed"]() is len
    made = written(game, namespace, "len")
    assert namespace["shadowed"]() is made


def held_by(started, own: set, tid: str) -> bool:
    """Whether a compiled test of membership finds ``tid`` in the set ``own``: World.edit hands
    back the thing itself when the World holds it as its own already, else a copy it makes."""
    engine, state = started
    world = World(engine.game, copy.deepcopy(state))
    world._things = own
    original = world.thing_table[tid]
    return world.edit(tid) is original


def test_a_set_holds_what_cpython_finds_in_it(started):
    tids = list(started[1]["things"])
    tid, other = tids[0], tids[1]
    made = "".join([tid[:1], tid[1:]])  # (equal, another object)
    many = {f"x{n}" for n in range(2000)}

    def taken() -> set:  # (made anew for each test: a copy of a set leaves its places taken out behind)
        held = set(tids[:60])
        held -= set(tids[2:60:2])
        return held

    sets = [lambda: {tid}, lambda: {made}, set, lambda: set(many), lambda: many | {tid}, lambda: many | {made},
            taken, lambda: {0, 1, -1, 2**45, other}]
    for make in sets:
        for key in (tid, made, other, tids[4], tids[2]):
            assert held_by(started, make(), key) is (key in make()), (key, len(make()))


def test_words_compare_as_cpython_compares_them(started):
    """World._own copies a lent table by its kind: the counters (a list of dicts) or a dict. A
    word equal to "counters" is copied as the list, any other word as a dict, which a list is
    not."""
    engine, state = started
    words = ["counters", "".join(["coun", "ters"]), "counter", "counters!", "countera", "Counters", "",
             "cöunters", "counterś", "c€unters", "z", "a"]
    for word in words:
        world = World(engine.game, copy.deepcopy(state))
        world._lent = {word}
        buckets = world.s[word] = [{"silver": 1}]
        if word == "counters":
            world._own(word)
            assert world.s[word] == buckets and world.s[word][0] is not buckets[0]
        else:
            with pytest.raises(TypeError):
                world._own(word)
