"""Strings of a word and a number ("e12", "d3", "player 2", "3"), each made once per process.

Writing a number in digits costs Python some four hundred instructions, and the interpreter
makes such strings at nearly every step (the key of a frame's bindings, a decision's id, a
seat's name in an event) from a few thousand numbers. Each is made at its first need and
kept in the list of its word, by number, up to KEPT: a number beyond (a pack's "gain 1000000
coins") is written out each time, so no pack can make the lists grow without bound.
"""

from __future__ import annotations

KEPT = 1 << 16  # the numbers whose strings are kept (a game's serials stay under two thousand)
ENV_KEYS: list[str] = []  # "e1", "e2", ...: the keys of bindings in state["envs"]
DECISION_IDS: list[str] = []  # "d1", "d2", ...: the ids of decisions asked
SEAT_NAMES: list[str] = []  # "player 1", "player 2", ...: a seat's name, by its number (seat + 1)
NUMERALS: list[str] = []  # "0", "1", ...: an amount in an event or a reason, a round's key
VALUE_KEYS: list[str] = []  # "value:0", "value:1", ...: the keys of a value's options


def numbered(made: list[str], word: str, number: int) -> str:
    """``word`` followed by ``number`` in digits: the one in ``made`` (the list of that word),
    made and kept there at its first need."""
    if 0 <= number < len(made):
        return made[number]
    if number < 0 or number >= KEPT:
        return f"{word}{number}"
    while len(made) <= number:
        made.append(f"{word}{len(made)}")
    return made[number]


def env_key(serial: int) -> str:
    return numbered(ENV_KEYS, "e", serial)


def decision_id(count: int) -> str:
    return numbered(DECISION_IDS, "d", count)


def seat_name(seat: int) -> str:
    """How an event names a seat: "player 1" for seat 0."""
    return numbered(SEAT_NAMES, "player ", seat + 1)


def numeral(number: int) -> str:
    """``number`` in digits (str(number))."""
    return numbered(NUMERALS, "", number)


def value_key(number: int) -> str:
    """The key of the option of a value: "value:3"."""
    return numbered(VALUE_KEYS, "value:", number)
