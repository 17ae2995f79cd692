"""What a game's content declares that this engine cannot do yet.

The schemas admit a few values for content written ahead of the engine: built-in steps it does
not have (``builtin: reveal_bot_card``) and reshuffle rules other than "when the deck is empty"
and "never" (``when: end_of_round``, ``if_nothing_to_shuffle: game_ends``). A game that would
meet one is refused at setup with everything it needs named (Engine.check_setup), never played
as another game. A step counts only when it applies at the player count and options asked.
"""

from __future__ import annotations

RESHUFFLES = {"when": ("empty", "never"), "if_nothing_to_shuffle": ("unavailable",)}  # the rules the engine does


def unplayable(game, flow, players: int, options: dict) -> list[str]:
    """Why this engine cannot play a game of ``players`` with ``options`` through: a sentence
    naming everything it needs and does not have, or nothing when it can."""
    needs = [f"the built-in '{builtin}' (step{'s' if len(steps) > 1 else ''} {', '.join(steps)})"
             for builtin, steps in flow.missing_builtins(players, options).items()]
    for deck_id, deck in game.items("decks").items():
        rule = deck.get("reshuffle") or {}
        for key, done in RESHUFFLES.items():
            if key in rule and rule[key] not in done:
                needs.append(f"the reshuffle rule '{key}: {rule[key]}' (deck {deck_id})")
    if not needs:
        return []
    options_said = "".join(f", {key}={value}" for key, value in sorted(options.items()))
    return [f"{game.settings.name} cannot be played with {players} player{'' if players == 1 else 's'}{options_said} "
            f"yet: it needs {'; '.join(needs)}, which this engine does not have"]
