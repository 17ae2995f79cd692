"""Plays real games and checks every option the static analysis calls sure with a real trial.

A wrong "cannot fail" would offer a move that cannot be carried out, so the
tests of fallible.py's answers use this on whole games of each pack.
"""

from __future__ import annotations

from engine.agents import random_agents
from engine.interp import runtime, verdict


def checked_sure_options(engine, monkeypatch, players: int, seeds) -> list[str]:
    """Play random games; every option called sure where a decision is really asked must
    survive a trial (an assertion fails otherwise). Returns the keys checked."""
    def real(rt, game, frames, depth, options, rest):  # inside a trial: checked where asked for real
        return depth if frames is rt.s["frames"] else None
    return _checked_keys(engine, monkeypatch, "sure_options", real, players, seeds)


def _checked_keys(engine, monkeypatch, name: str, real, players: int, seeds) -> list[str]:
    """Wrap ``runtime.<name>`` (it returns keys it lets through untried) so each key it returns
    at a real decision (``real`` gives the region depth there, else None) is tried in full."""
    checked = []
    original, judge = getattr(runtime, name), runtime.Runtime.option_judge
    forced = runtime.Runtime.forced_answer  # a forced question reads sure_options before any judge

    def verified(*args):
        keys = original(*args)
        depth = real(verified.rt, *args)
        for key in keys if depth is not None else ():
            checked.append(key)
            assert verified.rt.try_option(key, depth) is None, f"{key} was let through untried but fails"
        return keys

    def remember(self, options, *way):
        verified.rt = self
        return judge(self, options, *way)

    def remember_forced(self, options):
        verified.rt = self
        return forced(self, options)

    monkeypatch.setattr(runtime, name, verified)
    monkeypatch.setattr(runtime.Runtime, "option_judge", remember)
    monkeypatch.setattr(runtime.Runtime, "forced_answer", remember_forced)
    play_random_games(engine, players, seeds)
    return checked


def checked_settled_trials(engine, monkeypatch, players: int, seeds) -> int:
    """Play random games; wherever a trial stops early because nothing left can fail
    (fallible.settled), a full trial from that point must also succeed (an assertion fails
    otherwise). Returns how many early stops were checked."""
    checked = []
    original = runtime.settled
    checking = []  # non-empty while a full trial runs: it may not stop early itself

    def verified(game, frames, depth, rest):
        if checking or not original(game, frames, depth, rest):
            return False
        state = next(state for state in reversed(running) if state["frames"] is frames)
        checking.append(True)
        try:
            reason = runtime._explore(game, runtime.clone(state), engine.flow, depth, [runtime.PROBE_BUDGET])
        finally:
            checking.pop()
        assert reason is None, f"a trial stopped as settled, but a full trial fails: {reason}"
        checked.append(depth)
        return True

    running = []
    run = runtime.Runtime.run

    def tracked(self):
        running.append(self.s)
        try:
            return run(self)
        finally:
            running.pop()

    monkeypatch.setattr(runtime, "settled", verified)
    monkeypatch.setattr(runtime.Runtime, "run", tracked)
    without_verdicts(monkeypatch)  # every question goes to a trial, so early stops are many
    play_random_games(engine, players, seeds)
    return len(checked)


def without_verdicts(monkeypatch) -> None:
    """Turn off the feasibility read off the state (verdict.py): every check runs a trial."""
    monkeypatch.setattr(verdict, "answers", lambda rt, depth: None)
    monkeypatch.setattr(verdict, "can_do", lambda rt, roots, seat, prepare=None, took=None: None)


def play_random_games(engine, players: int, seeds) -> None:
    """Play one game between random agents for each seed, to its end, judging every option of
    every decision (not only the ones needed), so the checks above see them all."""
    for seed in seeds:
        agents = random_agents(seed, players)
        state = engine.new_game(players=players, seed=seed)
        while (decision := engine.decision(state)) is not None:
            decision.options  # noqa: B018 (judges the open options)
            state = engine.apply(state, agents[decision.player].choose(None, decision))
