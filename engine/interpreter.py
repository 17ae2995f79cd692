"""The engine: the one door through which every kind of player drives a game.

``Engine.load(["some-game"])`` validates and compiles the packs once;
``new_game`` gives the first state; ``decision`` tells what is asked;
``apply`` answers it and returns a new state (the old one is untouched).
Humans, bots, tests, replays and learning environments all use only this.
"""

from __future__ import annotations

from engine.interp.decisions import Decision, IllegalAnswer, decision_from_data
from engine.interp.errors import RulesError
from engine.interp.flow import Flow, score
from engine.interp import staging
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
        runtime = self._runtime(clone(state))
        rows = []
        for seat in range(state["players"]):
            rows.append({"player": seat, "score": self._score(runtime, seat),
                         "tie_breaks": [self._expression(runtime, seat, "tie_breaks", t) for t in self._tie_breaks()]})
        ordered = sorted(rows, key=lambda r: [-r["score"]] + [-v for v in r["tie_breaks"]])
        best = ordered[0]
        winners = [r["player"] for r in rows if r["score"] == best["score"] and r["tie_breaks"] == best["tie_breaks"]]
        ranks = {r["player"]: index + 1 for index, r in enumerate(ordered)}
        return {"scores": [r["score"] for r in rows], "tie_breaks": [r["tie_breaks"] for r in rows],
                "ranks": [ranks[seat] for seat in range(state["players"])], "winners": winners}

    # ------------------------------------------------------------ staging (scenario tests)

    def skip_to(self, state: dict, phase: str, round_: int = 1, passing: bool = False) -> dict:
        """Play first options (or pass, with ``passing``) until ``phase`` of round ``round_``
        has a pending decision."""
        return staging.skip_to(self, state, phase, round_, passing=passing)

    def edit(self, state: dict, seat: int, counters=None, cards=None, effect=None) -> dict:
        """A copy with ``seat``'s counters set, cards placed, and a choice-free effect carried out."""
        return staging.edit(self, state, seat, counters, cards, effect)

    def begin(self, state: dict, seat: int, card=None, effect=None) -> dict:
        """A copy where ``seat`` starts playing ``card`` from hand, or carrying out ``effect``."""
        return staging.begin(self, state, seat, card, effect)

    # ------------------------------------------------------------ helpers

    def _runtime(self, state: dict) -> Runtime:
        return Runtime(self.game, state, self.flow)

    def _score(self, runtime: Runtime, seat: int) -> int:
        return sum(self._rule_score(runtime, seat, rule_id, rule) for rule_id, rule in self.game.items("scoring").items())

    def _rule_score(self, runtime: Runtime, seat: int, rule_id: str, rule: dict) -> int:
        """A rule's ``expression``, or its ``parts`` combined (sum, min, max, or the best split
        of the parts' counts into sets of different kinds, scored by ``set_points``)."""
        if not rule.get("parts"):
            return self._expression(runtime, seat, "scoring", rule_id)
        values = [self._expression(runtime, seat, "scoring", rule_id, f"parts/{index}/expression")
                  for index in range(len(rule["parts"]))]
        combine = rule.get("combine", "sum")
        if combine == "sets_of_different_kinds":
            points = {entry["kinds"]: entry["points"] for entry in rule.get("set_points", [])}
            return best_sets(values, points)
        return {"sum": sum, "min": min, "max": max}[combine](values)

    def _tie_breaks(self) -> list[str]:
        breaks = sorted(self.game.items("tie_breaks").items(), key=lambda kv: kv[1].get("position", 0))
        return [tid for tid, item in breaks if item.get("expression")]

    def _expression(self, runtime: Runtime, seat: int, namespace: str, item_id: str, key: str = "expression") -> int:
        root = self.game.effect(namespace, item_id, key)
        return score(runtime, seat, root) if root is not None else 0


def best_sets(counts: list[int], points: dict[int, int]) -> int:
    """The most points from splitting things of several kinds (``counts[i]`` of kind i) into
    sets of different kinds, a set of k kinds scoring ``points[k]`` (0 if not listed); things
    left over score nothing. Searched exactly over the sorted counts, so any table works."""
    memo: dict[tuple[int, ...], int] = {}

    def best(state: tuple[int, ...]) -> int:
        if state not in memo:
            present = [index for index, count in enumerate(state) if count > 0]
            found = 0
            for mask in range(1, 1 << len(present)):
                chosen = [present[bit] for bit in range(len(present)) if mask >> bit & 1]
                value = points.get(len(chosen), 0)
                if value <= 0:
                    continue
                rest = list(state)
                for index in chosen:
                    rest[index] -= 1
                found = max(found, value + best(tuple(sorted(rest, reverse=True))))
            memo[state] = found
        return memo[state]

    return best(tuple(sorted((max(0, c) for c in counts), reverse=True)))
