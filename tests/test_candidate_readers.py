"""A compiled candidate reader must give exactly the things the general reading gives.

The things an item or selector can mean ("1 action card in your project area", "every
good in Stock of shade 2") are read by a function compiled once per shape of words
(values.compiled_candidates). These tests play real games with every compiled reader
checked, at every call, against values.general_candidates in the same context: the same
things in the same order."""

from __future__ import annotations

import collections

import pytest

from engine.agents import random_agents
from engine.effects import ast
from engine.interp import values
from engine.interpreter import Engine


def _checked_readers(monkeypatch) -> collections.Counter:
    """Every reader compiled from now on is checked at each call; the count is by the shape
    of the place ("OwnPlace", "VarPlace", "EveryPlace", "NoneType"; "EveryPlace+filters" for
    "each display row of die Row"), whether there are filters, and whether the noun adds terms
    ("empty field": a field with no vine)."""
    calls: collections.Counter = collections.Counter()
    compile_reader = values.compiled_candidates

    def checked(game, noun, filters, location, *rest):
        read = compile_reader(game, noun, filters, location, *rest)
        if read is None:
            return None
        place = location.place if location is not None else None
        shape = (type(place).__name__ + ("+filters" if getattr(place, "filters", ()) else ""), bool(filters),
                 bool(game.terms_of(noun.id)))

        def both(ctx, owner):
            found = read(ctx, owner)
            assert found == values.general_candidates(ctx, noun, filters, location, owner), (noun.id, shape)
            calls[shape] += 1
            return found
        return both

    monkeypatch.setattr(values, "compiled_candidates", checked)
    return calls


def _play(engine: Engine, players: int, seed: int) -> None:
    agents = random_agents(seed, players)
    state = engine.new_game(players=players, seed=seed)
    while (decision := engine.decision(state)) is not None:
        state = engine.apply(state, agents[decision.player].choose(None, decision))


@pytest.mark.parametrize("game, players", [("viticulture", 4), ("castles-of-burgundy-cards", 3)])
def test_every_compiled_reader_gives_what_the_words_mean_in_real_games(monkeypatch, game, players):
    calls = _checked_readers(monkeypatch)
    engine = Engine.load([game])  # a fresh one: no reader compiled before the check was in place
    for seed in (1, 2):
        _play(engine, players, seed)
    shapes = {place for place, _filtered, _terms in calls}
    assert {"OwnPlace", "VarPlace", "NoneType"} <= shapes, calls
    assert any(filtered for _place, filtered, _terms in calls), "some reader with filters was checked"
    if game == "viticulture":  # nouns with terms: "planted field", "empty field", "unsold field"
        assert any(terms for _place, _filtered, terms in calls), calls
    else:  # "from each action deck", "on each first player spot", "on each display row of die Row"
        assert {"EveryPlace", "EveryPlace+filters"} <= shapes, calls


def test_a_shape_the_readers_do_not_know_is_read_the_general_way():
    """A noun whose things may be spaces private to a structure ("space": a space exists only
    for the owner of its structure) has no reader: candidates reads it the general way."""
    game = Engine.load(["viticulture"]).game
    spaces = [node for node in game.nodes if type(node) is ast.Item and tuple(node.noun) == ("space",)]
    assert spaces, "the game has items naming any space"
    node = spaces[0]
    noun = game.vocabulary.phrases[("space",)]
    assert values.compiled_candidates(game, noun, node.filters, node.location) is None
