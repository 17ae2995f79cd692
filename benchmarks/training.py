"""The workload the compiled interpreter is trained on: a few random games of every game pack.

setup.py builds the interpreter's C modules twice when the compiler is GCC: once
instrumented (``-fprofile-generate``), then, after this script has played on that build, once
more with what it recorded (``-fprofile-use``): profile-guided optimisation, the way CPython
itself is built. The compiler then lays out the paths the games take as the straight line and
the error checks out of the way; the code and what it does are the same.
(docs/speed-history.md, stop 35: about 10 to 17% more choice points a second.)

Run by setup.py as ``python benchmarks/training.py`` with the instrumented build first on the
path. It finds the games itself: every pack in the content folder that loads as a game, at
each player count from 1 to 4 that it sets up. Exit status 0 when at least one game was
played (the profile is then worth using), 1 otherwise. Deterministic: fixed seeds.
"""

from __future__ import annotations

import sys

from engine.agents import random_agents
from engine.interpreter import Engine
from engine.resources import data_dir
from engine.runner import play as run

GAMES_PER_COUNT = 2
PLAYER_COUNTS = (1, 2, 3, 4)
MOST_DECISIONS = 20_000  # a game that runs longer than this stops there (the profile is what matters)


def play(engine: Engine, players: int, seed: int) -> int:
    """One random game answered in place, as ``tabula sim`` plays it (engine.runner.play); the
    decisions it took."""
    return run(engine, random_agents(seed, players), players, seed, {}, MOST_DECISIONS, in_place=True).decisions


def train() -> int:
    """Play every game pack at every player count it sets up; the number of games played."""
    played = 0
    for folder in sorted(path for path in data_dir("content").iterdir() if (path / "pack.yaml").is_file()):
        try:
            engine = Engine.load([folder.name])
        except Exception:  # not a game on its own (an expansion), or not valid: nothing to train on
            continue
        for players in PLAYER_COUNTS:
            for seed in range(1, GAMES_PER_COUNT + 1):
                try:
                    play(engine, players, seed)
                except Exception:  # a player count the game does not set up
                    break
                played += 1
    return played


if __name__ == "__main__":
    sys.exit(0 if train() else 1)
