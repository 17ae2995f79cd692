"""Plays real games and checks every option the static analysis calls sure with a real trial.

A wrong "cannot fail" would offer a move that cannot be carried out, so the
tests of fallible.py's answers use this on whole games of each pack.
"""

from __future__ import annotations

from engine.agents import random_agents
from engine.interp import runtime


def checked_sure_options(engine, monkeypatch, players: int, seeds) -> list[str]:
    """Play random games; every option called sure where a decision is really asked must
    survive a trial (an assertion fails otherwise). Returns the keys checked."""
    checked = []
    original, feasible = runtime.sure_options, runtime.Runtime._feasible_options

    def verified(game, frames, depth, options, rest):
        sure = original(game, frames, depth, options, rest)
        if frames is not verified.rt.s["frames"]:
            return sure  # asked inside a trial: the same analysis, checked where it is asked for real
        for key in sure:
            checked.append(key)
            assert verified.rt.try_option(key, depth) is None, f"{key} was called sure but fails"
        return sure

    def remember(self, options):
        verified.rt = self
        return feasible(self, options)

    monkeypatch.setattr(runtime, "sure_options", verified)
    monkeypatch.setattr(runtime.Runtime, "_feasible_options", remember)
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
    play_random_games(engine, players, seeds)
    return len(checked)


def play_random_games(engine, players: int, seeds) -> None:
    """Play one game between random agents for each seed, to its end."""
    for seed in seeds:
        agents = random_agents(seed, players)
        state = engine.new_game(players=players, seed=seed)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision))
