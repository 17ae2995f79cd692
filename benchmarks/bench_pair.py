"""Benchmark: two builds' seconds compared game by game, on a machine whose speed drifts.

Run from the repository root:
    python benchmarks/bench_pair.py A B [--game ID] [--players N] [--pairs N] [--seeds N] [--rounds N] [--cpu K]
A and B are two checkouts or installs of tabula: a folder with ``.venv/bin/python`` is run by
that Python (an install); any other folder by this Python with the folder on ``PYTHONPATH`` (a
build made in place). Each is loaded in a process of its own, and both processes are held on
one core (``taskset``, where there is one). Then they play the same seeded random game in
turn, A then B, then B then A (so a drift in the machine's speed falls on both alike; each
seed too is played both ways in turn), and each pair gives the ratio of B's CPU seconds to
A's. The pairs are played in ROUNDS (default 4), each by two new processes, started in turn A
first and B first: a process's luck in where its objects lie in memory is not the build's. It
prints the median ratio with its quartiles, and each build's choice points a second over all
its games.

Why: on a shared machine, runs taken minutes apart differed by up to three times, so two
`bench_play.py` runs cannot show a change of a few percent. Game-by-game pairs can: comparing a
build with itself (A and B the same folder twice) gave a median of 0.997, quartiles 0.944 and
1.052 (Castles, 400 pairs in 4 rounds), so a median off 1.00 by more than some 2% is the
change's own.
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
    said = process.stdout.readline().split()
    if len(said) != 2:
        sys.exit(f"a worker stopped at {players} players, seed {seed}")
    return float(said[0]), int(said[1])


def one_round(a: Path, b: Path, game: str, players: int, indexes: range, seeds: int, cpu: str,
              a_first: bool) -> list[tuple[float, float, int]]:
    """The pairs ``indexes`` played by two new processes (A's started first, or B's): for each,
    A's seconds, B's seconds and the game's choice points."""
    if a_first:
        first = start(a, game, cpu)
        second = start(b, game, cpu)
    else:
        second = start(b, game, cpu)
        first = start(a, game, cpu)
    pairs = []
    for index in indexes:
        seed = 1 + index % seeds
        if (index % seeds + index // seeds) % 2:  # (each seed, too, is played A first and B first in turn)
            time_b, _ = play(second, players, seed)
            time_a, count = play(first, players, seed)
        else:
            time_a, count = play(first, players, seed)
            time_b, _ = play(second, players, seed)
        pairs.append((time_a, time_b, count))
    for process in (first, second):
        process.stdin.close()
        process.wait()
    return pairs


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--worker"]:
        return worker(args[1])
    game = take(args, "game", "viticulture")
    players = int(take(args, "players", "4" if game == "viticulture" else "3"))
    pairs = int(take(args, "pairs", "100"))
    seeds = int(take(args, "seeds", "10"))
    rounds = int(take(args, "rounds", "4"))
    cpu = take(args, "cpu", "0")
    if len(args) != 2:
        sys.exit(__doc__)
    a, b = (Path(folder).resolve() for folder in args)
    played = []
    for round_ in range(rounds):
        indexes = range(round_ * pairs // rounds, (round_ + 1) * pairs // rounds)
        played += one_round(a, b, game, players, indexes, seeds, cpu, a_first=round_ % 2 == 0)
    ratios = [time_b / time_a for time_a, time_b, _ in played]
    low, _, high = statistics.quantiles(ratios, n=4)
    choice_points = sum(count for _, _, count in played)
    print(f"{game}, {players} players, {pairs} pairs of games (seeds 1 to {seeds}, {rounds} rounds)")
    print(f"B/A seconds: median {statistics.median(ratios):.3f} (quartiles {low:.3f} and {high:.3f})")
    print(f"A {a}: {choice_points / sum(p[0] for p in played):7.0f} choice points/s")
    print(f"B {b}: {choice_points / sum(p[1] for p in played):7.0f} choice points/s")


if __name__ == "__main__":
    main()
