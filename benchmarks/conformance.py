"""Conformance over many games: every property of engine/conformance.py, per player count.

Run:  python benchmarks/conformance.py GAMES [PLAYERS ...] [--first SEED] [--game ID] [--option KEY=VALUE ...]
Prints, for each player count, how many games were checked and every problem found.
Seeds run from SEED (default 1), so a long run can be split into parts. A game that crashes is
one problem of the run (its seed, the error and where it was raised), and the run goes on. ``--option`` (repeatable)
sets a game option as `tabula play` does (``--option friendly_variant=true``): a variant's
games are checked too.
The costly checks (input unchanged, JSON round trip) run at every 10th decision.
"""

from __future__ import annotations

import json
import sys
import time
import traceback

from engine.conformance import check_game
from engine.interpreter import Engine
try:
    from options import take  # run as a script: python benchmarks/...
except ImportError:
    from benchmarks.options import take


def game_options(args: list[str]) -> dict:
    """The ``--option KEY=VALUE`` pairs taken out of ``args``: a value is read as JSON when it
    can be (true, 3), else as text."""
    options = {}
    while "--option" in args:
        key, _, value = take(args, "option", "").partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "viticulture")
    first = int(take(args, "first", "1"))
    options = game_options(args)
    games = int(args[0]) if args else 10
    counts = [int(p) for p in args[1:]] or [2, 3, 4, 5, 6]
    engine = Engine.load([game])
    for players in counts:
        start, problems, finished = time.perf_counter(), [], 0
        for seed in range(first, first + games):
            try:
                report = check_game(engine, players, seed, options=options, deep_every=10)
            except Exception as error:  # a crash is a problem of that game: the run goes on
                where = traceback.extract_tb(error.__traceback__)[-1]
                problems.append(f"seed {seed}: crashed: {type(error).__name__}: {error} ({where.filename}:{where.lineno})")
                print(f"  {players}p seed {seed}: CRASHED, {problems[-1]}", flush=True)
                continue
            finished += report.finished
            problems += [f"seed {seed}: {p}" for p in report.problems]
            print(f"  {players}p seed {seed}: {report.decisions} decisions, "
                  f"{'finished' if report.finished else 'NOT finished'}, {len(report.problems)} problems", flush=True)
        print(f"{players} players{_with(options)}: {games} games, {finished} finished, {len(problems)} problems, "
              f"{time.perf_counter() - start:.0f} s")
        for problem in problems[:20]:
            print("   ", problem)


def _with(options: dict) -> str:
    """The options a run set, as words (nothing when none)."""
    return "".join(f", {key}={json.dumps(value)}" for key, value in sorted(options.items()))


if __name__ == "__main__":
    main()
