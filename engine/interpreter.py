"""The engine: the one door through which every kind of player drives a game.

``Engine.load(["some-game"])`` validates and compiles the packs once;
``new_game`` gives the first state; ``decision`` tells what is asked;
``apply`` answers it and returns a new state (the old one is untouched).
Humans, bots, tests, replays and learning environments all use only this.
"""

from __future__ import annotations

from engine.effects.ast import Choice
from engine.interp.decisions import Decision, IllegalAnswer, decision_from_data
from engine.interp.errors import RulesError
from engine.interp import scoring, staging
from engine.interp import slots as F
from engine.interp.flow import Flow
from engine.interp.game import compile_game
from engine.interp.labels import choice_keys
from engine.interp.runtime import Runtime, clone
from engine.interp.settings import SetupError, checked
from engine.interp.setup import initial_state
from engine.interp.support import unplayable
from engine.interp.views import describe, view_of

__all__ = ["ContentError", "Decision", "Engine", "IllegalAnswer", "RulesError", "SetupError"]


class ContentError(Exception):
    """The packs did not validate; the message lists the problems."""


class Engine:
    """A compiled game and the rules to play it."""

    def __init__(self, game) -> None:
        self.game = game
        self.flow = Flow(game)
        self.packs = [dict(p) for p in game.packs]
        self._last: tuple | None = None  # (state, its Decision): apply reuses what was judged
        self._kept: Runtime | None = None  # the runtime that last made or answered a state in place (_in_place)

    @classmethod
    def load(cls, targets, search_roots=None) -> Engine:
        from engine.diagnostics import render_text
        from engine.validate import validate

        result = validate(list(targets), search_roots=search_roots)
        if result.report.has_errors:  # (the errors only: warnings do not stop a game)
            errors = [d for d in result.report.diagnostics if d.severity == "error"]
            raise ContentError(render_text(errors, result.sources))
        return cls(compile_game(result))

    # ------------------------------------------------------------ the door

    def check_setup(self, players: int, options: dict | None = None) -> dict:
        """The options, as given, when a game of ``players`` with them can be set up; else SetupError
        naming every problem: a player count the packs do not allow, an option they do not
        declare (with a did-you-mean), a value the option cannot take (settings.py); and, when
        those are right, what the game would need that this engine does not have yet: a built-in
        step, a reshuffle rule (support.py)."""
        return checked(self.game.settings, players, options or {}, self._unplayable)

    def _unplayable(self, players: int, options: dict) -> list[str]:
        """What the game would need that this engine does not have yet (support.py)."""
        return unplayable(self.game, self.flow, players, options)

    def new_game(self, players: int, seed: int, options: dict | None = None) -> dict:
        """The first state of a game, with its first decision pending. ``players`` and ``options``
        must be what the packs allow (``check_setup``)."""
        options = self.check_setup(players, options)
        state = initial_state(self.game, players, seed, options)
        runtime = self._runtime(state)
        runtime.run()
        self._hand_on(state, runtime)
        self._kept = runtime  # a new state: nobody holds an earlier copy of it (_in_place answers it so)
        return state

    def decision(self, state: dict) -> Decision | None:
        """The pending decision, or None when the game is over. Its open candidates are
        judged on demand, against this state (which, as always, must not be changed)."""
        pending = dict.get(state, "pending")
        if not pending:
            return None
        last = self._last
        if last is not None and last[0] is state:
            known = last[1]
            if known.id == pending["id"]:
                return known
        decision = decision_from_data(pending, self._open_judge(state) if dict.get(pending, "open") else None)
        self._last = (state, decision)
        return decision

    applies_in_place = True  # apply takes in_place (runner.play asks for it where nobody keeps a state)

    def apply(self, state: dict, key: str, in_place: bool = False) -> dict:
        """The state after answering ``key``; ``state`` stays as it was.

        ``in_place=True`` answers on ``state`` itself and returns it, sparing the copy: for a
        runner that holds no earlier state of the game (a simulation), nor any part of it but
        through this engine (a view, a copy made by apply or staging). An illegal answer is
        refused before anything changes; a decision read from ``state`` before is spent."""
        pending = dict.get(state, "pending")
        if pending is None:
            raise IllegalAnswer("no decision is pending: the game is over")
        decision = self.decision(state)
        why = decision.reason(key)
        if why is not None:
            raise IllegalAnswer(why, decision.keys())
        if in_place:
            new, self._last = state, None  # the decision read from it is spent
            runtime = self._in_place(state)
        else:
            self._sharing(state)  # the copy shares its things and lists
            new = clone(state)
            runtime = self._runtime(new)
        runtime.answer(key)
        self._hand_on(new, runtime)
        return new

    def _hand_on(self, state: dict, runtime: Runtime) -> None:
        """The decision the run stopped at, with the judge that judged its options so far."""
        judge, runtime.open_judge = runtime.open_judge, None  # the judge refers to the runtime: no cycle left
        if judge is not None and state["pending"]:
            self._last = (state, decision_from_data(state["pending"], judge))

    def _open_judge(self, state: dict):
        """Judges the open candidates of ``state``'s decision (reading it only), made at the
        first need."""
        judge = None

        def judge_one(key: str, words: bool = True):
            nonlocal judge
            if judge is None:
                judge = self._runtime(state).judge_open()
            return judge(key, words=words)

        return judge_one

    def key_by_place(self, state: dict, key: str) -> str:
        """The key of the option at place ``key`` ("0": the first) of the "choose one" pending in
        ``state``: how a transcript of format 1 answered one, before options had keys of their
        own words. Any other key, or an answer to any other question, is ``key`` as it is."""
        frames = state["frames"]
        number = frames[-1][F.NODE] if frames and state["pending"] else None
        if number is None or not key.isdigit() or type(self.game.nodes[number]) is not Choice:
            return key
        keys = choice_keys(self.game, number)
        return keys[int(key)] if int(key) < len(keys) else key

    def is_over(self, state: dict) -> bool:
        return state["flow"]["over"]

    def events(self, state: dict) -> list[dict]:
        return state["events"]

    def phase_names(self) -> dict[str, str]:
        """Each phase's name by its id (an event names its phase by id; a log line by name)."""
        return {key: self.game.phase_name(key) for key in self.game.items("phases")}

    def view(self, state: dict, player: int) -> dict:
        self._sharing(state)
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
        self._sharing(state)
        return staging.skip_to(self, state, phase, round_, passing=passing)

    def edit(self, state: dict, seat: int, counters=None, cards=None, effect=None, refresh: bool = True) -> dict:
        """A copy with ``seat``'s counters set, cards placed, and a choice-free effect carried out
        (``refresh``: work a pending pick out again for the changed table)."""
        self._sharing(state)
        return staging.edit(self, state, seat, counters, cards, effect, refresh)

    def begin(self, state: dict, seat: int, card=None, effect=None) -> dict:
        """A copy where ``seat`` starts playing ``card`` from hand, or carrying out ``effect``."""
        self._sharing(state)
        return staging.begin(self, state, seat, card, effect)

    # ------------------------------------------------------------ helpers

    def _runtime(self, state: dict) -> Runtime:
        return Runtime(self.game, state, self.flow)

    def _in_place(self, state: dict) -> Runtime:
        """The runtime to answer ``state`` in place: the one that answered it last, or made it
        (new_game), if any, with its World. Nobody holds an earlier copy of a state answered in
        place, nor of a new one, so the things and lists that World copied for itself are still
        its own, and it writes them without copying them again (a copy of the state made by a
        trial makes it forget them)."""
        kept = self._kept
        if kept is None or kept.s is not state:
            kept = self._kept = self._runtime(state)
        kept.last_out = []
        return kept

    def _sharing(self, state: dict) -> None:
        """``state``'s things and lists are about to be shared (a view reads them without copying
        them): the runtime kept to answer it in place no longer owns any of them."""
        kept = self._kept
        if kept is not None and kept.s is state:
            kept.world.forget()
