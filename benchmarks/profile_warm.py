"""A callgrind profile of random games on a warm engine: the played games alone, inclusive costs.

Run from the repository root after installing, under valgrind with the instrumentation off:
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=warm.out \\
        python benchmarks/profile_warm.py [GAMES] [--game ID] [--players N] [--warm W]
    callgrind_annotate --inclusive=yes warm.out | grep engine/ | head -60
    callgrind_annotate --inclusive=yes --tree=calling warm.out > calling.txt   # who calls what

It loads the game, plays W warm-up games (default 3, seeds 101 on: what every node needs worked
out once is then known), switches callgrind's instrumentation on for this process
(``callgrind_control -i on``), plays GAMES random games (default 3, seeds 1 on) as bench_play
plays them, and switches it off. So the file holds what the measured games cost and nothing of
the loading or of the memos' first filling: a function's inclusive cost there is what it costs
in play (``bench_instructions.py`` gives the total per choice point; this, where it goes). The
engine's compiled functions are named as Cython names them (``__pyx_f_..._ask_option``).
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys

try:
    from bench_play import one_game  # run as a script: python benchmarks/...
    from options import take
except ImportError:
    from benchmarks.bench_play import one_game
    from benchmarks.options import take
from engine.interpreter import Engine

WARM_SEEDS = 101  # the first seed of the warm-up games (never one of the measured games)


def instrument(on: bool) -> None:
    """Switch callgrind's instrumentation of this process on or off (nothing outside valgrind)."""
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], capture_output=True,
                   check=False)


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "castles-of-burgundy-cards")
    players = int(take(args, "players", "3"))
    warm = int(take(args, "warm", "3"))
    games = int(args[0]) if args else 3
    engine = Engine.load([game])
    gc.freeze()  # as bench_play and `tabula sim` do
    for seed in range(WARM_SEEDS, WARM_SEEDS + warm):
        one_game(engine, players, seed)
    instrument(True)
    choice_points = sum(one_game(engine, players, seed)[2] for seed in range(1, games + 1))
    instrument(False)
    print(f"{game}, {players} players: {games} games after {warm} warm-up games, {choice_points} choice points")


if __name__ == "__main__":
    main()
