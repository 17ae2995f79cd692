"""Simulation: many games between random bots, and their statistics.

Game i of a run with seed S is played from `game_seed(S, i)` by `random_agents` of
that game seed, so a game's result depends only on (S, i): never on how the games
are split between worker processes. Records are summed in game order, so the
statistics are the same bytes for any number of jobs. Timing is the caller's
business (nothing here reads a clock).
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable

from engine import rng
from engine.agents import random_agents
from engine.runner import play

Factory = Callable[..., Any]   # factory(*pack_ids) -> engine; must be picklable for jobs > 1

_worker_engine: Any = None


def game_seed(seed: int, index: int) -> int:
    return rng.derive_seed(seed, 0, index)


def play_one(engine: Any, index: int, players: int, seed: int, options: dict, max_decisions: int) -> dict:
    """Game `index` of a run: a small record of what happened."""
    this_seed = game_seed(seed, index)
    result = play(engine, random_agents(this_seed, players), players, this_seed, options, max_decisions,
                  in_place=True)  # nobody keeps a state of a simulated game
    outcome = result.outcome or {}
    return {"index": index, "seed": this_seed, "decisions": result.decisions,
            "choice_points": result.choice_points, "finished": result.finished,
            "scores": outcome.get("scores"), "winners": outcome.get("winners", []),
            "opponent": (outcome.get("opponent") or {}).get("score")}


def run(factory: Factory, packs: list[str], games: int, players: int, seed: int, options: dict,
        max_decisions: int, jobs: int = 1, progress: Callable[[int], None] | None = None,
        engine: Any = None) -> list[dict]:
    """Records of games 0..games-1, in order. `progress(n)` is told when n more games are done."""
    tick = progress or (lambda n: None)
    if jobs <= 1:
        engine = engine if engine is not None else factory(*packs)
        records = []
        for index in range(games):
            records.append(play_one(engine, index, players, seed, options, max_decisions))
            tick(1)
        return records
    return _run_parallel(factory, packs, games, (players, seed, options, max_decisions), jobs, tick)


def _run_parallel(factory: Factory, packs: list[str], games: int, args: tuple, jobs: int,
                  tick: Callable[[int], None]) -> list[dict]:
    records: list[dict] = []
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(factory, packs)) as pool:
        futures = [pool.submit(_play_chunk, chunk, *args) for chunk in chunks(games, jobs)]
        for future in as_completed(futures):
            done = future.result()
            records.extend(done)
            tick(len(done))
    return sorted(records, key=lambda r: r["index"])


def chunks(games: int, jobs: int) -> list[range]:
    """Contiguous ranges of game indices, about four per job (for a smooth progress bar)."""
    size = max(1, -(-games // (jobs * 4)))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _init_worker(factory: Factory, packs: list[str]) -> None:
    global _worker_engine
    _worker_engine = factory(*packs)


def _play_chunk(indices: range, players: int, seed: int, options: dict, max_decisions: int) -> list[dict]:
    return [play_one(_worker_engine, i, players, seed, options, max_decisions) for i in indices]


def summarize(records: list[dict], players: int) -> dict:
    """Games, decisions, choice points, win rate and mean score per seat, mean score of winners;
    in a solo game against a scored opponent, its win rate and mean score too."""
    done = [r for r in records if r["finished"]]
    winner_scores = [r["scores"][s] for r in done for s in r["winners"]]
    opponent = [r for r in done if r.get("opponent") is not None]
    extra = {"opponent": {"win_rate": _mean([not r["winners"] for r in opponent]),
                          "mean_score": _mean([r["opponent"] for r in opponent])}} if opponent else {}
    return extra | {
        "games": len(records),
        "finished": len(done),
        "decisions": _spread([r["decisions"] for r in records]),
        "choice_points": _spread([r["choice_points"] for r in records]),
        "win_rate": [_mean([seat in r["winners"] for r in done]) for seat in range(players)],
        "mean_score": [_mean([r["scores"][seat] for r in done]) for seat in range(players)],
        "mean_winner_score": _mean(winner_scores),
    }


def _mean(values: list) -> float:
    return sum(values) / len(values) if values else 0.0


def _spread(values: list[int]) -> dict:
    return {"mean": _mean(values), "min": min(values, default=0), "max": max(values, default=0)}
