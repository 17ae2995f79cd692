"""The paired benchmark (benchmarks/bench_pair.py) plays each seed once on each build, in turn:
A then B, then B then A, so a drift of the machine's speed falls on both alike; and each round
starts its two processes anew, A's first, then B's first."""

from __future__ import annotations

from pathlib import Path

from benchmark_scripts import script


def _bench_pair():
    return script("bench_pair")


class FakeWorker:
    """A worker process that logs what it is asked and takes a build's own time a game."""

    def __init__(self, name: str, log: list, seconds: float):
        self.name, self.log, self.seconds = name, log, seconds
        self.stdin = self

    def close(self):
        self.log.append(("closed", self.name))

    def wait(self):
        return 0


def _faked(monkeypatch, seconds: dict):
    module = _bench_pair()
    log = []

    def start(folder, game, cpu):
        log.append(("started", folder.name))
        return FakeWorker(folder.name, log, seconds[folder.name])

    def play(process, players, seed):
        log.append((process.name, seed))
        return process.seconds, 100

    monkeypatch.setattr(module, "start", start)
    monkeypatch.setattr(module, "play", play)
    return module, log


def test_a_pair_plays_one_seed_on_both_builds_in_alternating_order(monkeypatch):
    module, log = _faked(monkeypatch, {"a": 1.0, "b": 1.0})
    module.one_round(Path("a"), Path("b"), "game", 2, range(4), 10, "0", a_first=True)
    played = [entry for entry in log if entry[0] in ("a", "b")]
    assert played == [("a", 1), ("b", 1), ("b", 2), ("a", 2), ("a", 3), ("b", 3), ("b", 4), ("a", 4)]


def test_each_seed_is_played_a_first_and_b_first_in_turn(monkeypatch):
    module, log = _faked(monkeypatch, {"a": 1.0, "b": 1.0})
    module.one_round(Path("a"), Path("b"), "game", 2, range(6), 3, "0", a_first=True)
    played = [entry for entry in log if entry[0] in ("a", "b")]
    firsts = [played[at] for at in range(0, len(played), 2)]
    assert firsts == [("a", 1), ("b", 2), ("a", 3), ("b", 1), ("a", 2), ("b", 3)]


def test_each_round_starts_new_processes_in_turn(monkeypatch):
    module, log = _faked(monkeypatch, {"a": 1.0, "b": 1.0})
    module.one_round(Path("a"), Path("b"), "game", 2, range(0), 10, "0", a_first=False)
    assert log == [("started", "b"), ("started", "a"), ("closed", "a"), ("closed", "b")]


def test_the_ratio_is_b_s_seconds_over_a_s(monkeypatch, capsys):
    module, _ = _faked(monkeypatch, {"a": 2.0, "b": 1.0})
    monkeypatch.setattr("sys.argv", ["bench_pair.py", "a", "b", "--pairs", "8", "--rounds", "2"])
    module.main()
    said = capsys.readouterr().out
    assert "8 pairs of games (seeds 1 to 10, 2 rounds)" in said
    assert "B/A seconds: median 0.500" in said
    assert said.count("choice points/s") == 2 and "50 choice points/s" in said
