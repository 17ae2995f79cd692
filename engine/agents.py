"""Agents: whoever answers a decision, by the rule `choose(view, decision) -> key`.

An agent sees only `engine.view(state, seat)` and the Decision (its `prompt` and
`options`, each an Option with `key` and `label`), and returns one option key.
The runner (engine/runner.py) is the only code that asks agents. An agent whose
`reads_view` is False never looks at the view, so the runner hands it None and
spares making one (the bots here).

An agent may also raise an AgentRequest instead of answering: `Undo` (take back
this seat's last answer) or `SaveRequest(path)` (save the game so far). The runner
handles the request, then asks again. An agent that has a `tell(text)` method is
told the outcome ("saved to ...", "nothing to undo").

HumanAgent lives in cli.py: it does I/O.
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol

from engine import rng
from engine.interp.decisions import Decision
from engine.rng import below


class Agent(Protocol):
    def choose(self, view: Any, decision: Any) -> str:
        """The key of one of `decision.options`."""


class AgentRequest(Exception):
    """Raised by an agent, instead of answering, to ask the runner for something."""


class Undo(AgentRequest):
    """Take back the asking seat's last answer (and everything after it)."""


class SaveRequest(AgentRequest):
    """Save the transcript so far to `path`."""

    def __init__(self, path: str):
        super().__init__(f"save to {path}")
        self.path = path


class ScriptError(Exception):
    """A ScriptedAgent cannot answer: its script is exhausted or names a key that is not an option."""


def option_keys(decision: Any) -> list[str]:
    return [option.key for option in decision.options]


def is_legal(decision: Any, key: str) -> bool:
    """Whether ``key`` answers ``decision``, judging only that option where the decision can."""
    if type(decision) is Decision:  # the engine's own (its C method, in the compiled build)
        return _legal(decision, key)
    legal = getattr(decision, "legal", None)  # (one lookup: this runs at every draw of the random bot)
    if legal is not None:
        return legal(key)
    if hasattr(decision, "reason"):
        return decision.reason(key) is None
    return key in option_keys(decision)


def _candidate_keys(decision: Any) -> list[str]:
    """The keys a random draw draws from (a new list): every candidate's where the decision
    tells them (the engine's own, read by its C method in the compiled build), else the
    options'."""
    if type(decision) is Decision:
        return list(_keys_of(decision))
    keys = getattr(decision, "candidate_keys", None)
    return list(keys) if keys is not None else option_keys(decision)


def _keys_of(decision: Decision) -> tuple[str, ...]:
    return decision.keys_of_candidates()


def _legal(decision: Decision, key: str) -> bool:
    """The engine's own Decision's test (typed in the compiled build: a call of its C method)."""
    return decision.legal(key)


def is_choice_point(decision: Any) -> bool:
    """Two or more legal options, judging no more than needed where the decision can."""
    if hasattr(decision, "is_choice_point"):
        return decision.is_choice_point
    return len(decision.options) >= 2


def describe_decision(decision: Any) -> str:
    """`decision d3 for p1 'Move how far?' (options: move:1, move:2)`: for error messages."""
    return (f"decision {decision.id} for p{decision.player + 1} {decision.prompt!r} "
            f"(options: {', '.join(option_keys(decision))})")


def random_agents(seed: int, players: int) -> list["RandomAgent"]:
    """One RandomAgent a seat, each with its own stream derived from (seed, seat)."""
    return [RandomAgent(rng.derive_seed(seed, 1, seat)) for seat in range(players)]


class RandomAgent:
    """Uniform over the legal options, from its own engine.rng stream (never the game's).

    It draws candidates without putting them back until one is legal, so it judges only
    the candidates it draws (decisions.py). The first legal one in a uniformly random
    order is uniform over the legal ones. With nothing left to judge, that is one draw."""

    reads_view = False

    def __init__(self, seed: int):
        # its stream's four words (rng.py): in the compiled build C numbers, fields of a C type
        # (agents.pxd), drawn from with no list made and no check of them a draw
        self.s0, self.s1, self.s2, self.s3 = rng.seed_state(seed)

    def choose(self, view: Any, decision: Any) -> str:
        return self.draw(decision)

    def draw(self, decision: Any) -> str:
        """The key of the first legal candidate in a random order (choose)."""
        pool = _candidate_keys(decision)
        if not pool:
            raise ValueError(f"nothing to choose from: {describe_decision(decision)}")
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        while True:
            index, s0, s1, s2, s3 = below(s0, s1, s2, s3, len(pool))
            key = list.pop(pool, index)
            if not pool or is_legal(decision, key):
                self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3  # (moved on by every draw this choice took)
                return key


class FirstOptionAgent:
    """Always the first option."""

    reads_view = False

    def choose(self, view: Any, decision: Any) -> str:
        return decision.options[0].key


class ScriptedAgent:
    """Answers with the given keys, in order; one script may serve several seats."""

    reads_view = False

    def __init__(self, keys: Iterable[str]):
        self.keys = list(keys)
        self.step = 0  # how many keys were used

    def choose(self, view: Any, decision: Any) -> str:
        step = self.step + 1
        if self.step >= len(self.keys):
            raise ScriptError(f"script step {step}: the script is exhausted after {len(self.keys)} "
                              f"answers, but the game asks {describe_decision(decision)}")
        key = self.keys[self.step]
        if not is_legal(decision, key):
            raise ScriptError(f"script step {step}: {key!r} is not an option of {describe_decision(decision)}")
        self.step = step
        return key
