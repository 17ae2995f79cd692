"""Benchmark: full random games per second and decisions per second, single process.

Run from the repository root after installing:  python benchmarks/bench_play.py [GAMES] [--game ID]
A decision here is a choice point with two or more legal options (so engines
compare). Medians over GAMES games per player count (default 5), each with its
own seed; the engine is loaded once. Times are CPU seconds of this process. Targets (issue 3): 20,000 decisions/s
and 20 four-player games/s.
"""

from __future__ import annotations

import statistics
import sys
import time

# CPU time of this process: the figure does not depend on what else the machine runs.
CLOCK = time.process_time

from engine.agents import random_agents
from engine.interpreter import Engine
try:
    from options import take  # run as a script: python benchmarks/...
except ImportError:
    from benchmarks.options import take


def one_game(engine, players: int, seed: int) -> tuple[float, int, int]:
    agents = random_agents(seed, players)
    start = CLOCK()
    state = engine.new_game(players=players, seed=seed)
    decisions = choice_points = 0
    while (decision := engine.decision(state)) is not None:
        state = engine.apply(state, agents[decision.player].choose(None, decision))
        decisions += 1
        choice_points += len(decision.options) >= 2
    return CLOCK() - start, decisions, choice_points


PLAYER_COUNTS = {"viticulture": (2, 4, 6), "castles-of-burgundy-cards": (2, 3, 4)}


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "viticulture")
    games = int(args[0]) if args else 5
    engine = Engine.load([game])
    print(f"{game}, {games} random games per player count, medians")
    for players in PLAYER_COUNTS.get(game, (2, 3, 4)):
        runs = [one_game(engine, players, seed) for seed in range(1, games + 1)]
        seconds = statistics.median(r[0] for r in runs)
        rates = [r[2] / r[0] for r in runs]
        print(f"{players} players: {1 / seconds:6.2f} games/s  {statistics.median(rates):7.0f} choice points/s  "
              f"(median game {seconds:.2f} s, {statistics.median(r[2] for r in runs):.0f} choice points)")


if __name__ == "__main__":
    main()
