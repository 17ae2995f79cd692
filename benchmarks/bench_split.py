"""Benchmark: how a game's time splits between feasibility trials and everything else.

Run from the repository root:  python benchmarks/bench_split.py [GAMES] [--game ID] [--players N]
Each game is played twice by the same random agents: once as usual, recording every
feasibility verdict (Runtime.can_do, and each verdict on an option of a decision that
Runtime.option_judge gives, by reading the state or by trials), then again with those verdicts handed back. The second game is the same game (its events are checked
equal), so the difference is what the trials cost, and the second time is the most any
cheaper feasibility could give. CPU seconds, summed over GAMES seeds (default 5). The games
are answered in place, as bench_play and `tabula sim` play them.
"""

from __future__ import annotations

import sys
import time
from unittest import mock

from engine.agents import random_agents
from engine.interp.runtime import Runtime
from engine.interpreter import Engine
from engine.version import build
try:
    from options import take  # run as a script: python benchmarks/...
except ImportError:
    from benchmarks.options import take

CLOCK = time.process_time


def play(engine, players: int, seed: int) -> tuple[float, int, list]:
    agents = random_agents(seed, players)
    start = CLOCK()
    state = engine.new_game(players=players, seed=seed)
    choice_points = 0
    while (decision := engine.decision(state)) is not None:
        state = engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)  # as bench_play
        choice_points += decision.is_choice_point
    return CLOCK() - start, choice_points, state["events"]


def recorded(method, verdicts: list):
    def record(self, *args):
        verdict = method(self, *args)
        verdicts.append(verdict)
        return verdict
    return record


def recorded_judge(method, verdicts: list):
    """Runtime.option_judge, each verdict of the judge it returns recorded in order."""
    def make(self, *args):
        judge = method(self, *args)

        def record(*key, **how):  # how: settle, words (runtime.option_judge)
            verdict = judge(*key, **how)
            verdicts.append(verdict)
            return verdict
        return record
    return make


def split(engine, players: int, seed: int) -> tuple[float, float, int]:
    """(seconds with trials, seconds with the verdicts replayed, choice points) of one game."""
    checks, options = [], []
    with mock.patch.object(Runtime, "can_do", recorded(Runtime.can_do, checks)), \
            mock.patch.object(Runtime, "option_judge", recorded_judge(Runtime.option_judge, options)):
        full, choice_points, events = play(engine, players, seed)
    checks_left, options_left = iter(checks), iter(options)
    with mock.patch.object(Runtime, "can_do", lambda self, *args: next(checks_left)), \
            mock.patch.object(Runtime, "option_judge", lambda self, *args: lambda *key, **how: next(options_left)):
        replayed, _same, again = play(engine, players, seed)
    if again != events:
        raise SystemExit(f"seed {seed}: the replayed game differs from the played one")
    return full, replayed, choice_points


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "viticulture")
    players = int(take(args, "players", "4"))
    games = int(args[0]) if args else 5
    engine = Engine.load([game])
    full = replayed = choice_points = 0
    for seed in range(1, games + 1):
        with_trials, without, points = split(engine, players, seed)
        full, replayed, choice_points = full + with_trials, replayed + without, choice_points + points
    print(f"{game} ({build()}), {players} players, {games} games: {choice_points / full:.0f} choice points/s; "
          f"with feasibility verdicts given: {choice_points / replayed:.0f} choice points/s; "
          f"feasibility takes {100 * (full - replayed) / full:.0f}% of the time")


if __name__ == "__main__":
    main()
