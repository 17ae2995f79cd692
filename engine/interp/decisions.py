"""Decisions: the one door between the engine and every kind of player.

A decision is one choice among enumerated options, in a stable order, with
stable readable keys. Larger choices are split into a sequence of decisions.

Options are judged when they are needed. When the engine asks, it judges
options only until it knows the decision is a real one (two legal options, or
one besides passing); the candidates it has not judged yet are *open*.
``Decision.options`` judges every open candidate the first time it is read,
so it is always the complete list of legal answers; ``reason(key)`` judges one
candidate only. A random bot that draws candidates until it finds a legal one
therefore judges few of them, and its answer is still uniform over the legal
options (see agents.RandomAgent).
"""

from __future__ import annotations

from functools import partial
from typing import Callable, NamedTuple, Sequence


class Option(NamedTuple):
    """One answer: a readable key and a label for people. (A named tuple: as unchangeable as
    a frozen dataclass, and made many times faster, for every option of every decision.)"""

    key: str
    label: str


_option = partial(tuple.__new__, Option)  # an Option of a [key, label] pair, made in C
NOTHING_OPEN: tuple = ()


class Decision:
    """A pending choice of one player.

    ``candidates``: every option that may be legal, in the stable order (the legal ones
    and the open ones); ``candidate_keys``: their keys; ``options``: the legal ones, in that
    order. ``judge(key)`` gives the reason an open candidate is not legal (None: legal), and
    ``judge(key, words=False)`` may give any other sure no instead of words; the engine
    supplies it. The Options are made when first read (a bot needs the keys only).
    """

    __slots__ = ("id", "player", "kind", "prompt", "source", "_pairs", "_candidates", "_keys", "_open", "_judge",
                 "_why_not", "_verdicts", "_options")

    def __init__(self, id: str, player: int, kind: str, prompt: str, options: tuple[Option, ...], source: str,
                 open: Sequence[str] = NOTHING_OPEN, judge: Callable[[str], str | None] | None = None,
                 why_not: dict | None = None) -> None:
        self._made(id, player, kind, prompt, options, source, open, judge, why_not)

    def _made(self, id: str, player: int, kind: str, prompt: str, options, source: str, open, judge,
              why_not: dict | None) -> None:
        """Its fields set (__init__'s; decision_from_data's on a Decision made with no call of
        __init__, whose arguments a C type parses by name)."""
        self.id = id
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.source = source
        self._pairs = options  # Options, or the [key, label] pairs of the state's pending decision
        self._candidates = self._keys = None
        # (the keys as given, a list or tuple, not a set: an answer tested is mostly one of them, found at
        # once by identity, and a set of them cost more to make than the tests it spared)
        self._open = open if judge is not None and open else NOTHING_OPEN
        self._judge = judge
        self._why_not = why_not or {}
        self._verdicts: dict[str, str | None] = {}
        self._options = None

    @property
    def candidates(self) -> tuple[Option, ...]:
        """Every option that may be legal (the legal ones and the open ones), in order."""
        if self._candidates is None:
            self._candidates = tuple(map(_option, self._pairs))
        return self._candidates

    @property
    def candidate_keys(self) -> tuple[str, ...]:
        """The keys of the candidates, in order."""
        return self.keys_of_candidates()

    def keys_of_candidates(self) -> tuple[str, ...]:
        """``candidate_keys``, as a method (in the compiled build a C method: a bot's every draw,
        and every test of an answer, read them)."""
        if self._keys is None:
            self._keys = tuple([pair[0] for pair in self._pairs])  # (a list first: no generator to resume)
        return self._keys

    @property
    def options(self) -> tuple[Option, ...]:
        """Every legal answer, in the stable order (open candidates are judged now)."""
        if self._options is None:
            self._options = (tuple(option for option in self.candidates if self.legal(option.key))
                             if self._open else self.candidates)
        return self._options

    @property
    def open(self) -> frozenset:
        """The candidates not judged yet."""
        return frozenset(self._open).difference(self._verdicts)

    @property
    def is_choice_point(self) -> bool:
        """Two or more legal options (a decision asked with open candidates had two legal ones
        already), told without judging the open ones."""
        return bool(self._open) or len(self._pairs) >= 2

    def keys(self) -> tuple[str, ...]:
        return tuple(option.key for option in self.options)

    @property
    def refused(self) -> tuple[str, ...]:
        """The keys of the answers judged not legal (``reason(key)`` says why), judged when
        asked or since: every open candidate once ``options`` has been read. In the order they
        were judged in; for a player who asks why an answer is missing."""
        judged = [key for key, why in self._verdicts.items() if why is not None]
        return tuple(self._why_not) + tuple(key for key in judged if key not in self._why_not)

    def legal(self, key: str) -> bool:
        """Whether ``key`` is a legal answer, judging only this one and not putting a reason in
        words that nobody reads (``judge(key, words=False)`` may give a sure no without one)."""
        if key in self._open:
            if key in self._verdicts:
                return self._verdicts[key] is None
            why = self._judge(key, words=False)
            if why is None or type(why) is str:  # a no without words is not kept: reason() words it
                self._verdicts[key] = why
            return why is None
        return key in self.keys_of_candidates()

    def reason(self, key: str) -> str | None:
        """None if ``key`` is a legal answer; else why not, in words (judging only this one)."""
        if key in self._open:
            if key not in self._verdicts:
                self._verdicts[key] = self._judge(key)
            why = self._verdicts[key]
            return None if why is None else f"not allowed: {why}"
        if key in self.keys_of_candidates():
            return None
        why = self._why_not.get(key)
        return f"not allowed: {why}" if why else f"{key!r} is not an option of: {self.prompt}"

    def __repr__(self) -> str:
        return (f"Decision(id={self.id!r}, player={self.player}, prompt={self.prompt!r}, "
                f"candidates={[o.key for o in self.candidates]}, open={sorted(self.open)})")


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


def decision_from_data(data: dict, judge: Callable[[str], str | None] | None = None) -> Decision:
    """The Decision kept as plain data in the state; ``judge`` judges its open candidates.
    (Made with no call of __init__, its fields set by the C method _made, and the open keys
    given as found, the state's list: Decision only reads it. This runs at every answer.)"""
    decision = Decision.__new__(Decision)
    decision._made(data["id"], data["player"], "choose_one", data["prompt"], data["options"], data["source"],
                   dict.get(data, "open", ()), judge, dict.get(data, "why_not"))
    return decision
