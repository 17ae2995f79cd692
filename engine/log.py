"""Readable lines from engine events, final results and player views.

An event (engine.events(state)) is a dict with `type`, usually `player`, the line
`text`, and optionally `round` and `phase` (the phase's id; a log given the game's
phase names, engine.phase_names(), writes the name instead). Its log line is

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


def line(event: dict, phase_names: dict | None = None) -> str:
    """One event as one line; ``phase_names``: phase id -> the name a player reads."""
    parts = []
    if event.get("round") is not None:
        round_ = event["round"]
        parts.append(f"round {round_}" if isinstance(round_, int) else str(round_))
    if event.get("phase"):
        parts.append(str((phase_names or {}).get(event["phase"], event["phase"])))
    text = event.get("text") or _fallback_text(event)
    if isinstance(event.get("player"), int):
        parts.append(f"{seat_name(event['player'])}: {text}")
    else:
        parts.append(text)
    return SEP.join(parts)


def _fallback_text(event: dict) -> str:
    fields = ", ".join(f"{k}={event[k]}" for k in sorted(event) if k not in ("type", "player", "round", "phase"))
    return f"{event.get('type', 'event')}" + (f" ({fields})" if fields else "")


def lines(events: Iterable[dict], phase_names: dict | None = None) -> list[str]:
    """The log: one line per event, leaving out quiet ones (a hidden bookkeeping counter)."""
    return [line(event, phase_names) for event in events if not event.get("quiet")]


def outcome_lines(outcome: dict) -> list[str]:
    """Final scores, one seat a line: `p1: 12  rank 1  winner`."""
    scores, ranks = outcome.get("scores", []), outcome.get("ranks", [])
    winners = set(outcome.get("winners", []))
    width = max((len(str(s)) for s in scores), default=0)
    out = ["final scores:"]
    for seat, score in enumerate(scores):
        rank = f"  rank {ranks[seat]}" if seat < len(ranks) else ""
        out.append(f"  {seat_name(seat)}: {str(score).ljust(width)}{rank}{'  winner' if seat in winners else ''}")
    opponent = outcome.get("opponent")
    if opponent:  # a solo game: the bot's score, and whether the player beat it
        out.append(f"  {opponent['name']}: {opponent['score']}{'' if winners else '  winner'}")
    return out


def view_lines(view: Any, seat: int) -> list[str]:
    """A compact view for `seat`: its own entries of the view's per-seat lists.

    A per-seat list is a top-level list with one mapping per seat (its length is the
    number of players: `view["players"]` as a count or as that list). The entries of
    a `players` list are shown field by field; others as one line under their key.
    """
    out = []
    for key, mine in _own_entries(view, seat):
        if key == "players":
            out += [f"  {field}: {_compact(value)}" for field, value in mine.items()]
        else:
            out.append(f"  {key}: {_compact(mine)}")
    return out


def _own_entries(view: Any, seat: int) -> list[tuple[str, dict]]:
    if not isinstance(view, dict):
        return []
    players = view.get("players")
    count = len(players) if isinstance(players, list) else players
    if not isinstance(count, int) or not 0 <= seat < count:
        return []
    return [(key, value[seat]) for key, value in view.items()
            if isinstance(value, list) and len(value) == count and all(isinstance(v, dict) for v in value)]


def _compact(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_compact(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(_compact(v) for v in value) or "-"
    return str(value)
