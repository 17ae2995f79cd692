"""Readable lines from engine events, final results and player views.

An event (engine.events(state)) is a dict with `type`, usually `player`, the line
`text`, and optionally `round` and `phase`. Its log line is

    round 1 · move · p2: moved 2 to 5

A `round` that is an int is written "round N"; a string is written as given (so an
engine may say "year 1"). Seats are 0-based in the engine and written p1, p2... here.
Nothing here reads a clock: the same events always give the same lines.
"""

from __future__ import annotations

from typing import Any, Iterable

SEP = " · "


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def line(event: dict) -> str:
    """One event as one line."""
    parts = []
    if event.get("round") is not None:
        round_ = event["round"]
        parts.append(f"round {round_}" if isinstance(round_, int) else str(round_))
    if event.get("phase"):
        parts.append(str(event["phase"]))
    text = event.get("text") or _fallback_text(event)
    if isinstance(event.get("player"), int):
        parts.append(f"{seat_name(event['player'])}: {text}")
    else:
        parts.append(text)
    return SEP.join(parts)


def _fallback_text(event: dict) -> str:
    fields = ", ".join(f"{k}={event[k]}" for k in sorted(event) if k not in ("type", "player", "round", "phase"))
    return f"{event.get('type', 'event')}" + (f" ({fields})" if fields else "")


def lines(events: Iterable[dict]) -> list[str]:
    return [line(event) for event in events]


def outcome_lines(outcome: dict) -> list[str]:
    """Final scores, one seat a line: `p1: 12  rank 1  winner`."""
    scores, ranks = outcome.get("scores", []), outcome.get("ranks", [])
    winners = set(outcome.get("winners", []))
    width = max((len(str(s)) for s in scores), default=0)
    out = ["final scores:"]
    for seat, score in enumerate(scores):
        rank = f"  rank {ranks[seat]}" if seat < len(ranks) else ""
        out.append(f"  {seat_name(seat)}: {str(score).ljust(width)}{rank}{'  winner' if seat in winners else ''}")
    return out


def view_lines(view: Any, seat: int) -> list[str]:
    """A compact view for `seat`: its own entry of `view["players"]`, one line a field."""
    players = view.get("players") if isinstance(view, dict) else None
    mine = players[seat] if isinstance(players, list) and seat < len(players) else None
    if not isinstance(mine, dict):
        return []
    return [f"  {key}: {_compact(value)}" for key, value in mine.items()]


def _compact(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_compact(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(_compact(v) for v in value) or "-"
    return str(value)
