"""One compiled engine per game for the whole test run.

Loading validates and compiles a pack (about 0.5 s for Viticulture); the
engine is never changed by play, so the test modules share it.
"""

from __future__ import annotations

import functools

from engine.interp import slots as F
from engine.interp.frames import effect_frame
from engine.interpreter import Engine


@functools.cache
def loaded(game: str) -> Engine:
    return Engine.load([game])


def begun(engine: Engine, state: dict, effect: str, **counters) -> tuple[int, dict]:
    """The player whose decision is pending, and the state once they begin ``effect`` (with
    their ``counters`` set first): a card's words tried at a turn of a real game."""
    seat = state["pending"]["player"]
    state = engine.edit(state, seat, counters=counters) if counters else state
    return seat, engine.begin(state, seat, effect=effect)


def legal(engine: Engine, state: dict) -> list[list[str]]:
    """The pending decision's legal options as [key, label] pairs (its open ones judged)."""
    return [[option.key, option.label] for option in engine.decision(state).options]


def choosing(number: int) -> list:
    """The frame of a "choose one" (node ``number``) about to ask, for seat 0, with the bindings
    "t", strict, nothing chosen yet."""
    frame = effect_frame(number, "t", 0, 0, "")
    frame[F.STEP], frame[F.STRICT] = 1, True
    frame[F.MORE]["chosen"] = []
    return frame
