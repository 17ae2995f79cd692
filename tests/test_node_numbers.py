"""A node keeps the number its game gave it.

The game numbers every node of the effect language when it loads (game._number), and play
reads a node's number from the node itself (``node.number``), not from a table keyed by the
node's id: a field read, where the table's lookup made a new int and compared it by value. The
memos of a node are keyed by that number (Game.key_of). A node belongs to one game."""

from __future__ import annotations

import pytest

from engine.effects import parse_condition
from engine.interp.game import _number
from engine.interpreter import Engine


@pytest.fixture(scope="module")
def game():
    """A game of its own (the shared engines' nodes are added to by other tests' effects)."""
    return Engine.load(["castles-of-burgundy-cards"]).game


def test_every_node_keeps_the_number_its_game_gave_it(game):
    assert [node.number for node in game.nodes] == list(range(len(game.nodes)))
    assert all(game.node_numbers[id(node)] == node.number for node in game.nodes)


def test_an_effect_added_later_is_numbered_on_from_the_last(game):
    count = len(game.nodes)
    root = game.add_effect("gain 1 silver")
    assert root == count and game.nodes[root].number == count
    assert game.number(game.nodes[-1]) == len(game.nodes) - 1


def test_a_node_of_one_game_is_refused_by_another(game):
    with pytest.raises(ValueError, match="numbered by another game"):
        _number(game.nodes[0], [], {})


def test_a_node_the_engine_makes_itself_is_kept_in_memos_by_its_id(game):
    made = parse_condition("you have at least 2 silver")  # (parsed, never numbered by a game)
    assert made.number is None
    assert game.key_of(made) == id(made)
    assert game.key_of(game.nodes[5]) == 5
