"""Every game keeps the engine's promises: it ends, always offers a legal answer,
never breaks a counter's bounds, conserves its cards, never changes a state a
caller holds, survives JSON, and replays identically from seed and answers.

CI plays one game per player count here; benchmarks/conformance.py plays many.
"""

import pytest

from engine.conformance import check_game
from engines import loaded


@pytest.fixture(scope="module")
def viticulture():
    return loaded("viticulture")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_random_game_keeps_every_promise(viticulture, players):
    report = check_game(viticulture, players, seed=100 + players, deep_every=10)
    assert report.problems == []
    assert report.finished
    assert report.choice_points > 100


def test_a_game_with_the_variants_on_keeps_every_promise(viticulture):
    # (this game found a walk that read a discarded wine's name before its frame had bound it:
    # the friendly variant judges a bonus slot by trying the action and the bonus one after the other)
    report = check_game(viticulture, 3, seed=19, options={"friendly_variant": True, "advanced_draft": True},
                        deep_every=10)
    assert report.problems == []
    assert report.finished


@pytest.fixture(scope="module")
def castles():
    return loaded("castles-of-burgundy-cards")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_random_castles_game_keeps_every_promise(castles, players):
    report = check_game(castles, players, seed=200 + players, deep_every=5)
    assert report.problems == []
    assert report.finished
    assert report.choice_points > 10
