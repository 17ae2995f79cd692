"""A compiled condition must read exactly what the general test reads.

A condition is compiled once per node (values.compiled_test): what its words fix is read
then, once. "you have at least 20 vp" is tested after every placement for every seat, so its
shape becomes one counter read (values._has_shortcut). These tests compare the compiled
conditions with the general tests over the states of real games, for every seat and for
nobody's turn (no "you")."""

from __future__ import annotations

import pytest

from engine.agents import random_agents
from engine.effects import ast
from engine.interp import tslots as T
from engine.interp import values
from engine.interp.values import Context

from engines import loaded


def _general(ctx: Context, node: ast.Has) -> bool:
    return values._compare(values._has_count(ctx, values.player_of(ctx, node.player), node), node.comparison,
                           ctx, at_least=True)


def _states(engine, players: int, seed: int, every: int = 25):
    agents = random_agents(seed, players)
    state = engine.new_game(players=players, seed=seed)
    count = 0
    while (decision := engine.decision(state)) is not None:
        if count % every == 0:
            yield state
        state = engine.apply(state, agents[decision.player].choose(None, decision))
        count += 1
    yield state


@pytest.mark.parametrize("game, players", [("viticulture", 3), ("castles-of-burgundy-cards", 2)])
def test_a_count_of_a_resource_reads_the_same_through_its_shortcut(game, players):
    engine = loaded(game)
    nodes = [node for node in engine.game.nodes if type(node) is ast.Has]
    shortcuts = [node for node in nodes if values._has_shortcut(engine.game, node) is not None]
    assert shortcuts, "the game has conditions of the shortcut's shape"
    outcomes = set()
    for state in _states(engine, players, seed=3):
        world = engine._runtime(state).world
        for node in shortcuts:
            for seat in range(players):
                ctx = Context(world, seat, seat, {}, {})
                outcome = values.test(ctx, node)
                assert outcome == _general(ctx, node), (node, seat)
                outcomes.add(outcome)
            nobody = Context(world, None, None, {}, {})
            assert values.test(nobody, node) == _general(nobody, node), node
    assert outcomes == {True, False}, "the states tried hold both answers"


def test_a_count_of_another_shape_takes_the_general_path():
    engine = loaded("viticulture")
    for text in ("you have at least 2 vine cards", "you have at least Needed lira"):
        condition = _condition(text)
        assert values._has_shortcut(engine.game, condition) is None, text


def _condition(text: str) -> ast.Has:
    from engine.effects import parse_effect

    tree = parse_effect(f"only if {text}: gain 1 lira")
    return tree.sentences[0].steps[0].condition


@pytest.mark.parametrize("game, players", [("viticulture", 3), ("castles-of-burgundy-cards", 2)])
def test_every_condition_compiled_tests_what_its_general_test_tests(game, players):
    """Each condition node of the game, compiled (values.compiled_test), against the general
    test of its node type (values.TESTS) over real states, for every seat: the same answer, or
    the same error (a condition about a name nothing has bound here)."""
    engine = loaded(game)
    conditions = [node for node in engine.game.nodes if type(node) in values.TESTS]
    compiled = [(node, values.compiled_test(engine.game, node)) for node in conditions]
    answers = set()
    for state in _states(engine, players, seed=5, every=40):
        world = engine._runtime(state).world
        for node, test in compiled:
            for seat in (*range(players), None):
                ctx = Context(world, seat, seat, {}, {})
                assert _outcome(test, ctx) == _outcome(lambda c: values.TESTS[type(node)](c, node), ctx), node
                answers.add(_outcome(test, ctx))
    assert {True, False} <= answers


def _outcome(test, ctx):
    try:
        return test(ctx)
    except Exception as error:  # noqa: BLE001 (the same failure either way)
        return type(error).__name__


def _env_as_written(ctx, resolved) -> list:
    """The bindings a call gives its body, read from its words each time (what its plan's
    bindings must give, in the same order): Count, then each modifier's flag and its placeholders'
    values (0 when the call does not use the modifier)."""
    from engine.effects.ast import Var
    from engine.interp.values import number

    quantity = resolved.quantity
    value = 1 if quantity is None else quantity.value
    env = {"Count": {"mode": "exactly" if quantity is None else quantity.mode,
                     "value": number(ctx, Var(value)) if isinstance(value, str) else value}}
    used = dict(resolved.modifiers)
    for modifier in resolved.procedure.modifiers:
        env[modifier.variable] = 1 if modifier.id in used else 0
        for name in modifier.placeholders:
            env.setdefault(name, 0)
        for name, value in zip(modifier.placeholders, used.get(modifier.id, ())):
            env[name] = number(ctx, Var(value)) if isinstance(value, str) else value
    return list(env.items())


@pytest.mark.parametrize("game", ["viticulture", "castles-of-burgundy-cards"])
def test_a_call_starts_with_the_bindings_its_words_give_read_where_it_runs(game):
    """A call's plan works out once what the words of "build 1 medium cellar for free" fix;
    each call gets bindings of its own, equal to the words read each time (in the same order),
    and a call naming a value reads it where it runs. A plan that reads no name is plain (its
    bindings are made with no Context)."""
    from engine.interp.calls import bindings, plan_of
    from engine.interp.world import World

    engine = loaded(game)
    state = engine.new_game(players=2, seed=1)
    ctx = Context(World(engine.game, state), 0, 0, {name: 2 for name in ("Discount", "Price", "Amount")}, {})
    kept = read = 0
    for number, resolved in engine.game.calls.items():
        plan = plan_of(engine.game, number)
        assert plan_of(engine.game, number) is plan
        names = {value for _id, values in resolved.modifiers for value in values if isinstance(value, str)}
        if resolved.quantity is not None and isinstance(resolved.quantity.value, str):
            names.add(resolved.quantity.value)
        first, second = bindings(plan, ctx), bindings(plan, ctx)
        assert list(first.items()) == list(second.items()) == _env_as_written(ctx, resolved)
        assert first is not second
        assert plan.plain == (not names)
        if not names:
            assert bindings(plan, None) == first
            kept += 1
            continue
        other = Context(ctx.world, 0, 0, {**ctx.env, **{name: 3 for name in names}}, {})
        assert list(bindings(plan, other).items()) == _env_as_written(other, resolved)
        assert bindings(plan, other) != first
        read += 1
    assert kept > 10 and read > 0


@pytest.mark.parametrize("game", ["viticulture", "castles-of-burgundy-cards"])
def test_the_lookups_worked_out_once_say_what_the_definitions_say(game):
    """Printed card attributes, which resources are global and each resource's bounds are read
    from tables made once per game; they must say what the definitions say."""
    from engine.interp.world import World

    engine = loaded(game)
    compiled = engine.game
    for card, item in compiled.items("cards").items():
        assert compiled.printed[card] == item.get("attributes", {})
    for resource, item in compiled.items("resources").items():
        assert (resource in compiled.global_resources) == (item.get("scope", "player") == "global")
        assert compiled.resource_bounds[resource] == (item.get("min", 0), item.get("max"))
    world = World(compiled, engine.new_game(players=2, seed=1))
    for place in world.s["places"]:
        kind = world.thing(place)[T.KIND]
        visibility = compiled.items("places").get(kind, {}).get("visibility", "public")
        expected = "nobody" if kind in compiled.items("decks") else {"hidden": "nobody", "owner": "owner"}.get(
            visibility, "all")
        assert world.seen_by(place) == world.seen_by(place) == expected


def test_the_node_classes_values_tells_apart_by_type_have_no_subclasses():
    """values reads a value, a player and a selector by the node's exact type (a type test is a
    pointer comparison; isinstance searches further when it fails): a subclass of one of these
    would be read as something else, so there is none."""
    told_by_type = (ast.Var, ast.Attribute, ast.You, ast.PlayerVar, ast.Neighbour, ast.PlayerSelector,
                    ast.KindSelector)
    assert all(not cls.__subclasses__() for cls in told_by_type)


@pytest.mark.parametrize("game, players", [("viticulture", 3), ("castles-of-burgundy-cards", 2)])
def test_a_pick_from_your_ordered_places_takes_their_top_as_reading_them_one_by_one_would(game, players):
    """"choose 1 action card from your die stack": a pick "from" places named by a noun ("your
    X", "each X") names places of X's kinds only, so when every one of those kinds keeps its
    things in order the pick takes the top without listing the places (items._ordered_kinds).
    Over the states of real games, for every seat, it says what reading each place says."""
    from engine.interp import items

    engine = loaded(game)
    picks = [item for node in engine.game.nodes if type(node) in (ast.Pick, ast.Discard, ast.Take)
             for item in node.items if type(item) is ast.Item and item.location is not None
             and item.location.preposition == "from" and type(item.location.place) in items.KIND_PLACES]
    assert picks, "the game picks from places named by a noun"
    outcomes = set()
    for state in _states(engine, players, seed=3):
        rt = engine._runtime(state)
        for item in picks:
            for seat in range(players):
                ctx = Context(rt.world, seat, seat, {}, {})
                named = values.places(ctx, item.location.place, seat)
                one_by_one = all(items._ordered(rt, place) for place in named)
                assert items.is_ordered_source(rt, item, ctx) == one_by_one, (item, seat)
                outcomes.add(one_by_one)
    read = engine.game.memo["ordered_kinds"]
    if game == "castles-of-burgundy-cards":  # the die stacks and the decks: the top, at once
        assert outcomes == {True} and True in read.values(), read
    else:  # "from your hand": a hand keeps no order, so its places are read one by one
        assert outcomes == {False} and False in read.values(), read


@pytest.mark.parametrize("text, shortcut", [("you have at least 9 vp", True), ("you have at least 2 vines", False)])
def test_the_seat_a_condition_holds_for_is_the_one_its_test_finds(text, shortcut):
    """Viticulture's end ("you have at least 20 vp") is asked of every seat after every turn:
    values.holder reads a counter's condition off the seats' counters, with no Context made,
    and any other condition by its test. Over the states of real games it names the first
    seat the test names, in any order of seats, or none."""
    engine = loaded("viticulture")
    node = engine.game.nodes[engine.game.entry_of(engine.game.add_effect(f"only if {text}: gain 1 lira."))].condition
    assert (values._has_shortcut(engine.game, node) is not None) is shortcut
    found = set()
    for state in _states(engine, 3, seed=5, every=10):
        world = engine._runtime(state).world
        for seats in ([0, 1, 2], [2, 0, 1]):
            by_test = next((seat for seat in seats if values.test(Context(world, seat, seat, {}, {}), node)), None)
            assert values.holder(world, node, seats) == by_test, (text, seats)
            found.add(by_test is None)
    assert found == {True, False}, "the states tried hold both answers"


@pytest.mark.parametrize("game, players", [("viticulture", 4), ("castles-of-burgundy-cards", 3)])
def test_your_places_read_off_the_index_of_owned_things_are_the_ones_each_place_says(game, players):
    """"your die hand", "your vineyard": the acting player's places of the noun's kind are read
    off the index of owned things, kept in creation order. Over the states of real games, for
    every "your X" of the game's effects and every seat, they are the places of the kind that
    the seat owns, in the order the places were made."""
    engine = loaded(game)
    own_places = {node for node in engine.game.nodes if type(node) is ast.OwnPlace}
    assert own_places
    for state in _states(engine, players, seed=2, every=40):
        rt = engine._runtime(state)
        things = rt.world.thing_table
        for place in own_places:
            kinds = values._place_kinds(Context(rt.world, 0, 0, {}, {}), place)[0]
            for seat in range(players):
                ctx = Context(rt.world, seat, seat, {}, {})
                each = [tid for tid in rt.world.places_of(kinds) if things[tid][T.OWNER] == seat]
                assert list(values.places(ctx, place, seat)) == each, (place, seat)
