"""Decisions: the one door between the engine and every kind of player.

A decision is one choice among enumerated options, in a stable order, with
stable readable keys. Larger choices are split into a sequence of decisions.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    """One legal answer: a readable key and a label for people."""

    key: str
    label: str


@dataclass(frozen=True)
class Decision:
    """A pending choice of one player."""

    id: str
    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    source: str

    def keys(self) -> tuple[str, ...]:
        return tuple(option.key for option in self.options)


class IllegalAnswer(Exception):
    """An answer that is not one of the decision's options; says why in words."""

    def __init__(self, reason: str, legal: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.legal = legal

    def __str__(self) -> str:
        if not self.legal:
            return self.reason
        shown = ", ".join(self.legal[:12]) + (", ..." if len(self.legal) > 12 else "")
        return f"{self.reason} (legal: {shown})"


def decision_from_data(data: dict) -> Decision:
    """The Decision kept as plain data in the state."""
    return Decision(
        id=data["id"],
        player=data["player"],
        kind="choose_one",
        prompt=data["prompt"],
        options=tuple(Option(key, label) for key, label in data["options"]),
        source=data["source"],
    )
