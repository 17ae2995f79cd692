"""Benchmark: full random games per second and decisions per second, single process.

Run from the repository root after installing:
    python benchmarks/bench_play.py [GAMES] [--game ID] [--rounds R] [--profile ENTRIES] [--options all]
        [--states each]
A decision here is a choice point with two or more legal options (so engines
compare); every decision the engine asks is one. The random bots judge only the options
they draw; with ``--options all`` every option of every decision is judged as well (what a
player shown the whole list, or a learning environment's action mask, costs). The games are
played as `tabula sim` plays them, answering on the one state of the game
(``engine.apply(..., in_place=True)``); with ``--states each`` every answer makes a new state
and leaves the old one as it was (what a caller that keeps states pays: a search, an undo
history). Medians over
GAMES games per player count (default 5), each with its own seed; the engine is loaded once.
Times are CPU seconds of this process; the loaded game is kept out of the garbage collector's
full passes, as `tabula sim` keeps it (``gc.freeze``). Targets (issue 3): 20,000 decisions/s and 20
four-player games/s. With ``--rounds R`` the whole sweep is played R times, the player counts in
turn, and each count's line gives the median of the R rounds' figures with the lowest and
highest round: on a shared machine, whose speed moves by a quarter or more from minute to
minute, one round can fall in a slow minute. With ``--profile ENTRIES`` it then plays the
first seed at the middle player count once more under cProfile and prints that many entries,
by own time (the figures above are taken without it).
"""

from __future__ import annotations

import cProfile
import gc
import pstats
import statistics
import sys
import time

# CPU time of this process: the figure does not depend on what else the machine runs.
CLOCK = time.process_time

from engine.agents import random_agents
from engine.interpreter import Engine
from engine.version import build
try:
    from machine import python  # run as a script: python benchmarks/...
    from options import take
except ImportError:
    from benchmarks.machine import python
    from benchmarks.options import take


def one_game(engine, players: int, seed: int, every_option: bool = False,
             in_place: bool = True) -> tuple[float, int, int]:
    agents = random_agents(seed, players)
    start = CLOCK()
    state = engine.new_game(players=players, seed=seed)
    decisions = choice_points = 0
    while (decision := engine.decision(state)) is not None:
        if every_option:
            decision.options  # noqa: B018 (judges every open option)
        state = engine.apply(state, agents[decision.player].choose(None, decision), in_place=in_place)
        decisions += 1
        choice_points += decision.is_choice_point
    return CLOCK() - start, decisions, choice_points


PLAYER_COUNTS = {"viticulture": (2, 4, 6), "castles-of-burgundy-cards": (2, 3, 4)}


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "viticulture")
    entries = int(take(args, "profile", "0"))
    every_option = take(args, "options", "drawn") == "all"
    in_place = take(args, "states", "one") != "each"
    rounds = int(take(args, "rounds", "1"))
    games = int(args[0]) if args else 5
    engine = Engine.load([game])
    gc.freeze()  # as `tabula sim` does after loading (cli._long_run_engine)
    counts = PLAYER_COUNTS.get(game, (2, 3, 4))
    judged = "every option judged" if every_option else "options judged as drawn"
    states = "one state answered in place" if in_place else "a new state each answer"
    each = f" in each of {rounds} rounds" if rounds > 1 else ""
    print(f"{game}, {games} random games per player count{each}, medians (interpreter: {build()}; {judged}; {states})")
    print(f"on {python()}")
    measured: dict[int, list[tuple[float, float]]] = {players: [] for players in counts}
    for _round in range(rounds):  # (the player counts in turn, so a slow minute falls on all of them)
        for players in counts:
            runs = [one_game(engine, players, seed, every_option, in_place) for seed in range(1, games + 1)]
            seconds = statistics.median(r[0] for r in runs)
            measured[players].append((1 / seconds, statistics.median(r[2] / r[0] for r in runs)))
            if rounds == 1:
                print(f"{players} players: {1 / seconds:6.2f} games/s  {measured[players][0][1]:7.0f} choice points/s  "
                      f"(median game {seconds:.2f} s, {statistics.median(r[2] for r in runs):.0f} choice points)")
    if rounds > 1:
        for players in counts:
            print(over_rounds(players, measured[players]))
    if entries:
        profiled(engine, counts[1], entries)


def over_rounds(players: int, figures: list[tuple[float, float]]) -> str:
    """One player count's line over several rounds: the median of the rounds' figures (games a
    second, choice points a second), and the lowest and highest round."""
    games = sorted(figure[0] for figure in figures)
    points = sorted(figure[1] for figure in figures)
    return (f"{players} players: {statistics.median(games):6.2f} games/s ({games[0]:.2f} to {games[-1]:.2f})  "
            f"{statistics.median(points):7.0f} choice points/s ({points[0]:.0f} to {points[-1]:.0f})  "
            f"median of {len(figures)} rounds")


def profiled(engine, players: int, entries: int) -> None:
    """The top ``entries`` functions by own time in one game (seed 1) at ``players``."""
    print(f"\nprofile: one game at {players} players, seed 1, top {entries} by own time")
    profile = cProfile.Profile()
    profile.enable()
    one_game(engine, players, 1)
    profile.disable()
    pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(entries)


if __name__ == "__main__":
    main()
