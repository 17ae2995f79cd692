"""Benchmark: where a random game's time goes, by the kind of question asked.

Run from the repository root after installing:
    python benchmarks/bench_questions.py [GAMES] [--game ID] [--players N] [--top K]
Plays GAMES random games (seeds 1 to GAMES, default 10) as bench_play plays them (answered in
place, the bots judging only the options they draw) and sorts the CPU time by the question
each decision asked: its prompt with every number written as N ("Choose N action card in your
die hand"). For each kind it prints its share of the time, how many a game asks, and the time
of one in two parts: the bot's choice (judging the options it draws) and the answer (running
on to the next question, which judges that question's options until two are legal). A kind
that takes a large share is where a cheaper step, or a cheaper verdict, pays the most.
The clock is read around every call, so the total is a little above bench_play's.
"""

from __future__ import annotations

import gc
import re
import sys
import time
from collections import Counter

from engine.agents import random_agents
from engine.interpreter import Engine
try:
    from machine import python  # run as a script: python benchmarks/...
    from options import take
except ImportError:
    from benchmarks.machine import python
    from benchmarks.options import take

CLOCK = time.process_time
NUMBER = re.compile(r"\d+")


def kind_of(prompt: str) -> str:
    """A question's kind: its prompt up to a colon, each number written as N."""
    return NUMBER.sub("N", prompt.split(":", 1)[0]).strip()


def timed(engine, players: int, seeds: range) -> tuple[Counter, Counter, Counter]:
    """The CPU seconds of choosing and of answering, and the count, by kind of question."""
    choosing, answering, asked = Counter(), Counter(), Counter()
    for seed in seeds:
        agents = random_agents(seed, players)
        state = engine.new_game(players=players, seed=seed)
        while (decision := engine.decision(state)) is not None:
            kind = kind_of(decision.prompt)
            start = CLOCK()
            key = agents[decision.player].choose(None, decision)
            chosen = CLOCK()
            state = engine.apply(state, key, in_place=True)
            choosing[kind] += chosen - start
            answering[kind] += CLOCK() - chosen
            asked[kind] += 1
    return choosing, answering, asked


def report(choosing: Counter, answering: Counter, asked: Counter, games: int, top: int) -> list[str]:
    """The kinds that took the most time, most first: share, per game, and microseconds each."""
    total = sum(choosing.values()) + sum(answering.values()) or 1.0
    kinds = sorted(asked, key=lambda kind: -(choosing[kind] + answering[kind]))[:top]
    lines = [f"{'share':>6}  {'a game':>7}  {'choose':>8}  {'answer':>8}  question"]
    for kind in kinds:
        share = 100 * (choosing[kind] + answering[kind]) / total
        lines.append(f"{share:5.1f}%  {asked[kind] / games:7.1f}  {1e6 * choosing[kind] / asked[kind]:6.0f}us  "
                     f"{1e6 * answering[kind] / asked[kind]:6.0f}us  {kind}")
    return lines


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "viticulture")
    players = int(take(args, "players", "4"))
    top = int(take(args, "top", "12"))
    games = int(args[0]) if args else 10
    engine = Engine.load([game])
    gc.freeze()  # as `tabula sim` does after loading
    choosing, answering, asked = timed(engine, players, range(1, games + 1))
    print(f"{game}, {players} players, {games} random games: CPU time by question (on {python()})")
    print("\n".join(report(choosing, answering, asked, games, top)))


if __name__ == "__main__":
    main()
