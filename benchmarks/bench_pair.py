"""Benchmark: two builds' seconds compared game by game, on a machine whose speed drifts.

Run from the repository root:
    python benchmarks/bench_pair.py A B [--game ID] [--players N] [--pairs N] [--seeds N] [--cpu K]
A and B are two checkouts or installs of tabula: a folder with ``.venv/bin/python`` is run by
that Python (an install); any other folder by this Python with the folder on ``PYTHONPATH`` (a
build made in place). Each is loaded once, in its own process, and both processes are held on
one core (``taskset``, where there is one). Then they play the same seeded random game in
turn, A then B, then B then A (so a drift in the machine's speed falls on both alike), and
each pair gives the ratio of B's CPU seconds to A's. It prints the median ratio with its
quartiles, and each build's choice points a second over all its games.

Why: on a shared machine, runs taken minutes apart differed by up to three times, so two
`bench_play.py` runs cannot show a change of a few percent. Game-by-game pairs can: comparing a
build with itself (A and B the same folder twice) gave a median of 0.98, quartiles 0.91 and
1.06 (300 pairs), so a median off 1.00 by more than some 3% is the change's own.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

try:
    from options import take  # run as a script: python benchmarks/...
except ImportError:
    from benchmarks.options import take

HERE = Path(__file__).resolve()


def worker(game: str) -> None:
    """Load ``game`` and play each "players seed" line read, writing "seconds choice_points"."""
    import gc

    sys.path.insert(0, str(HERE.parent))
    from bench_play import one_game
    from engine.interpreter import Engine

    engine = Engine.load([game])
    gc.freeze()
    print("ready", flush=True)
    for line in sys.stdin:
        players, seed = map(int, line.split())
        seconds, _, choice_points = one_game(engine, players, seed)
        print(seconds, choice_points, flush=True)


def start(folder: Path, game: str, cpu: str) -> subprocess.Popen:
    """A worker process for the build in ``folder``, held on core ``cpu``."""
    env = dict(os.environ)
    python = folder / ".venv" / "bin" / "python"
    if not python.exists():
        python = Path(sys.executable)
        env["PYTHONPATH"] = str(folder)
    command = [str(python), str(HERE), "--worker", game]
    if shutil.which("taskset"):
        command = ["taskset", "-c", cpu] + command
    process = subprocess.Popen(command, cwd=folder, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    if process.stdout.readline().strip() != "ready":
        sys.exit(f"{folder}: the worker did not start")
    return process


def play(process: subprocess.Popen, players: int, seed: int) -> tuple[float, int]:
    process.stdin.write(f"{players} {seed}\n")
    process.stdin.flush()
    seconds, choice_points = process.stdout.readline().split()
    return float(seconds), int(choice_points)


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--worker"]:
        return worker(args[1])
    game = take(args, "game", "viticulture")
    players = int(take(args, "players", "4" if game == "viticulture" else "3"))
    pairs = int(take(args, "pairs", "100"))
    seeds = int(take(args, "seeds", "10"))
    cpu = take(args, "cpu", "0")
    a, b = (Path(folder).resolve() for folder in args)
    first, second = start(a, game, cpu), start(b, game, cpu)
    ratios, seconds_a, seconds_b, choice_points = [], 0.0, 0.0, 0
    for index in range(pairs):
        seed = 1 + index % seeds
        if index % 2:
            time_b, _ = play(second, players, seed)
            time_a, count = play(first, players, seed)
        else:
            time_a, count = play(first, players, seed)
            time_b, _ = play(second, players, seed)
        ratios.append(time_b / time_a)
        seconds_a, seconds_b, choice_points = seconds_a + time_a, seconds_b + time_b, choice_points + count
    low, _, high = statistics.quantiles(ratios, n=4)
    print(f"{game}, {players} players, {pairs} pairs of games (seeds 1 to {seeds})")
    print(f"B/A seconds: median {statistics.median(ratios):.3f} (quartiles {low:.3f} and {high:.3f})")
    print(f"A {a}: {choice_points / seconds_a:7.0f} choice points/s")
    print(f"B {b}: {choice_points / seconds_b:7.0f} choice points/s")


if __name__ == "__main__":
    main()
