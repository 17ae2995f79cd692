"""The engine: the one door through which every kind of player drives a game.

``Engine.load(["some-game"])`` validates and compiles the packs once;
``new_game`` gives the first state; ``decision`` tells what is asked;
``apply`` answers it and returns a new state (the old one is untouched).
Humans, bots, tests, replays and learning environments all use only this.
"""

from __future__ import annotations

from engine.interp.decisions import Decision, IllegalAnswer, decision_from_data
from engine.interp.errors import RulesError
from engine.interp import scoring, staging
from engine.interp.flow import Flow
from engine.interp.game import compile_game
from engine.interp.runtime import Runtime, clone
from engine.interp.setup import initial_state
from engine.interp.views import describe, view_of

__all__ = ["ContentError", "Decision", "Engine", "IllegalAnswer", "RulesError"]


class ContentError(Exception):
    """The packs did not validate; the message lists the problems."""


class Engine:
    """A compiled game and the rules to play it."""

    def __init__(self, game) -> None:
        self.game = game
        self.flow = Flow(game)
        self.packs = [dict(p) for p in game.packs]

    @classmethod
    def load(cls, targets, search_roots=None) -> Engine:
        from engine.diagnostics import render_text
        from engine.validate import validate

        result = validate(list(targets), search_roots=search_roots)
        if result.report.has_errors:
            raise ContentError(render_text(result.report.diagnostics, result.sources))
        return cls(compile_game(result))

    # ------------------------------------------------------------ the door

    def new_game(self, players: int, seed: int, options: dict | None = None) -> dict:
        state = initial_state(self.game, players, seed, options or {})
        self._runtime(state).run()
        return state

    def decision(self, state: dict) -> Decision | None:
        pending = state.get("pending")
        return decision_from_data(pending) if pending else None

    def apply(self, state: dict, key: str) -> dict:
        pending = state.get("pending")
        if pending is None:
            raise IllegalAnswer("no decision is pending: the game is over")
        keys = tuple(option[0] for option in pending["options"])
        if key not in keys:
            why = pending.get("why_not", {}).get(key)
            if why:
                raise IllegalAnswer(f"not allowed: {why}", keys)
            raise IllegalAnswer(f"{key!r} is not an option of: {pending['prompt']}", keys)
        new = clone(state)
        self._runtime(new).answer(key)
        return new

    def is_over(self, state: dict) -> bool:
        return state["flow"]["over"]

    def events(self, state: dict) -> list[dict]:
        return state["events"]

    def view(self, state: dict, player: int) -> dict:
        return view_of(self.game, state, player)

    def describe(self, view: dict, seat: int) -> list[str]:
        """A compact text of what ``seat`` has, from their view (for the terminal)."""
        return describe(self.game, view, seat)

    def result(self, state: dict) -> dict:
        """Scores, tie-break values, ranks and winners (ties broken as the pack says)."""
        return scoring.result(self._runtime(clone(state)))

    # ------------------------------------------------------------ staging (scenario tests)

    def skip_to(self, state: dict, phase: str, round_: int = 1, passing: bool = False) -> dict:
        """Play first options (or pass, with ``passing``) until ``phase`` of round ``round_``
        has a pending decision."""
        return staging.skip_to(self, state, phase, round_, passing=passing)

    def edit(self, state: dict, seat: int, counters=None, cards=None, effect=None, refresh: bool = True) -> dict:
        """A copy with ``seat``'s counters set, cards placed, and a choice-free effect carried out
        (``refresh``: work a pending pick out again for the changed table)."""
        return staging.edit(self, state, seat, counters, cards, effect, refresh)

    def begin(self, state: dict, seat: int, card=None, effect=None) -> dict:
        """A copy where ``seat`` starts playing ``card`` from hand, or carrying out ``effect``."""
        return staging.begin(self, state, seat, card, effect)

    # ------------------------------------------------------------ helpers

    def _runtime(self, state: dict) -> Runtime:
        return Runtime(self.game, state, self.flow)
