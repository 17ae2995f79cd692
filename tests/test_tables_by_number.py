"""The tables of handlers, leaves and the walk's checks are read by node number.

HANDLERS, LEAVES and the walk's CHECKS say, by a node's type, what runs or checks it. The run,
the frames and the walk read them by the node's number instead (Game.by_number): a list made
once per game from the table. These tests hold the lists to the tables they are read off."""

from __future__ import annotations

import pytest

from engine.interp.handlers import HANDLERS, LEAVES
from engine.interp.verdict import CHECKS
from engine.interpreter import Engine

TABLES = {"handlers": HANDLERS, "leaves": LEAVES, "checks": CHECKS}


@pytest.fixture(scope="module")
def game():
    """A game of its own (the shared engines' nodes are added to by other tests' effects)."""
    return Engine.load(["viticulture"]).game


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_node_is_read_by_its_number_as_its_type_says(game, name):
    listed = game.by_number(name, TABLES[name])
    assert len(listed) == len(game.nodes)
    assert listed == [TABLES[name].get(type(node)) for node in game.nodes]


def test_an_effect_added_later_is_read_by_its_number_too(game):
    handlers = game.by_number("handlers", HANDLERS)
    root = game.add_effect("gain 2 lira")
    assert len(handlers) == len(game.nodes)  # the same list, extended
    assert handlers[game.entry_of(root)] is HANDLERS[type(game.nodes[game.entry_of(root)])]


def test_one_name_reads_one_table(game):
    game.by_number("leaves", LEAVES)
    with pytest.raises(ValueError, match="another table"):
        game.by_number("leaves", HANDLERS)
