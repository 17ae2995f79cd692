"""Regenerate the golden transcripts (the explicit command; tests never rewrite them).

Run from the repository root:  python tests/golden/regenerate.py
Each golden game is played by random agents seeded from the game's seed; its
transcript (answers) and its log are written next to this file. Review the
diff before committing: a changed golden file is a changed game.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = [("viticulture", 2, 1), ("viticulture", 4, 2), ("viticulture", 6, 3),
         ("castles-of-burgundy-cards", 1, 1), ("castles-of-burgundy-cards", 2, 2), ("castles-of-burgundy-cards", 3, 3),
         ("castles-of-burgundy-cards", 4, 4)]


def golden_name(game: str, players: int, seed: int) -> Path:
    return HERE / game / f"p{players}_seed{seed}"


def play_golden(engine, players: int, seed: int):
    from engine.agents import random_agents
    from engine.runner import play

    return play(engine, random_agents(seed, players), players, seed)


def log_text(engine, state, result) -> str:
    from engine.log import lines, outcome_lines

    return "\n".join(lines(engine.events(state), engine.phase_names()) + outcome_lines(engine.result(state))) + "\n"


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))
    from engine.interpreter import Engine

    engines = {}
    for game, players, seed in GAMES:
        engine = engines.setdefault(game, Engine.load([game]))
        result = play_golden(engine, players, seed)
        base = golden_name(game, players, seed)
        base.parent.mkdir(parents=True, exist_ok=True)
        base.with_suffix(".json").write_text(result.transcript.to_json() + "\n", encoding="utf-8")
        base.with_suffix(".log").write_text(log_text(engine, result.state, result), encoding="utf-8")
        print(f"wrote {base.name}: {len(result.transcript.answers)} answers")


if __name__ == "__main__":
    main()
