"""Questions asked again and again are made once: a choice's options and prompt, a die
adjustment's, how many steps each value of an adjustment is from the current one, a card's
option key and label where it lies, the words of a pick's place, and the words of a card's move
(memos of the game's: handlers.py, needs.py, items.py, world.py).

What a memo gives must be what working it out afresh gives: the same decisions with the same
prompts, options and labels, and the same events, whether the memos are warm or emptied after
every answer.
"""

from __future__ import annotations

import re

import pytest

from engine.agents import random_agents
from engines import loaded

MEMOS = ("choice_options", "choice_names", "value_options", "value_steps", "card_options", "rendered",
         "moves_told")


def played(game: str, players: int, seed: int, fresh: bool) -> tuple[list, list]:
    """Every decision of a random game (id, player, prompt, candidates with labels) and its events;
    with ``fresh``, the question memos are emptied after every answer."""
    engine = loaded(game)
    agents, state, seen = random_agents(seed, players), engine.new_game(players=players, seed=seed), []
    while (decision := engine.decision(state)) is not None:
        seen.append((decision.id, decision.player, decision.prompt,
                     [(option.key, option.label) for option in decision.candidates]))
        state = engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)
        if fresh:
            for memo in MEMOS:
                engine.game.memo[memo].clear()
    return seen, engine.events(state)


@pytest.mark.parametrize("game, players, seed", [
    ("castles-of-burgundy-cards", 3, 1), ("castles-of-burgundy-cards", 2, 4), ("viticulture", 4, 2),
])
def test_questions_made_once_are_the_questions_made_afresh(game, players, seed):
    assert played(game, players, seed, fresh=False) == played(game, players, seed, fresh=True)


def test_a_choice_shows_the_die_value_bound_when_it_is_asked():
    """The six actions are one choice asked every turn; its labels write in the die value of
    that turn ("claim 1 action card from row 4"), never the value of the first turn it was asked."""
    seen, _events = played("castles-of-burgundy-cards", 3, 1, fresh=False)
    rows = set()
    for _id, _player, prompt, options in seen:
        labels = dict(options)
        claim = labels.get("claim_1_action_card_from_row_die", "")
        if prompt == "Choose one:" and claim.startswith("claim 1 action card from row"):
            row = re.fullmatch(r"claim 1 action card from row (\d)", claim).group(1)
            assert labels["place_1_project_with_die"] == f"place 1 project with die {row}"
            assert labels["sell_all_goods_with_die"] == f"sell all goods with die {row}"
            rows.add(row)
    assert len(rows) == 6  # every die value was asked with, each with its own words
