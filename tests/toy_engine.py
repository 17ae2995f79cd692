"""A toy game behind the interpreter's one door (docs/design.md, "The interpreter").

It stands in for `engine.interpreter.Engine` in the tests of the runner, the agents,
the log and the `tabula play/replay/sim` commands, with exactly the same interface:
`ToyEngine.load(packs)`, `.packs`, `check_setup`, `new_game`, `decision`, `apply`, `events`,
`view`, `result`, and the Decision / Option / IllegalAnswer / SetupError shapes.

The game, "race": 2-4 players take turns. On your turn move 1, 2 or 3 spaces, or
play a card from your hidden hand (move its value, then draw a new card). After each
move the state's generator rolls a die: on a 1 you slip back one space. A player one
space short of the goal may only step 1 (a decision with one option, not a choice
point). The first to reach the goal (option "goal", default 10) ends the game; the
highest position wins.
"""

from __future__ import annotations

import copy

from engine import rng
from engine.interp.decisions import Decision, IllegalAnswer, Option
from engine.interp.settings import SetupError
from engine.suggest import did_you_mean
from engine.validate import UsageError

PACK = {"id": "race", "version": "1.0.0", "hash": "sha256:" + "0123456789abcdef" * 4}




class ToyEngine:
    """The toy game; frozen after load like the real engine."""

    def __init__(self, packs: list[dict]):
        self.packs = packs

    @classmethod
    def load(cls, packs: list[str]) -> "ToyEngine":
        unknown = [p for p in packs if p != PACK["id"]]
        if unknown:
            raise UsageError(f"unknown pack {unknown[0]!r}", hint=f"did you mean {PACK['id']!r}?")
        return cls([dict(PACK)])

    # --- the door -------------------------------------------------------------------

    def check_setup(self, players: int, options: dict | None = None) -> None:
        problems = [] if 2 <= players <= 4 else [f"race is for 2 to 4 players, not {players}"]
        for key in options or {}:
            if key != "goal":
                hint = did_you_mean(key, ["goal"])
                problems.append(f"unknown option '{key}'" + (f" ({hint})" if hint else ""))
        if problems:
            raise SetupError("; ".join(problems))

    def new_game(self, players: int, seed: int, options: dict | None = None) -> dict:
        self.check_setup(players, options)
        data = rng.seed_state(seed)
        deck, data = rng.shuffle(data, [1, 2, 3, 4] * 6)
        hands = [deck[2 * i:2 * i + 2] for i in range(players)]
        return {"rng": data, "deck": deck[2 * players:], "turn": 0, "asked": 0, "over": False,
                "goal": int((options or {}).get("goal", 10)), "events": [],
                "players": [{"position": 0, "hand": hand} for hand in hands]}

    def decision(self, state: dict) -> Decision | None:
        if state["over"]:
            return None
        seat = state["turn"] % len(state["players"])
        return Decision(id=f"d{state['asked'] + 1}", player=seat, kind="choose_one", prompt="Move how far?",
                        options=tuple(self._options(state, seat)), source="rule:turn")

    def apply(self, state: dict, key: str) -> dict:
        decision = self.decision(state)
        legal = tuple(o.key for o in decision.options) if decision else ()
        if key not in legal:
            raise IllegalAnswer(f"{key!r} is not an option of {decision.id if decision else 'a finished game'}",
                                legal)
        state = copy.deepcopy(state)
        state["asked"] += 1
        self._move(state, decision.player, key)
        state["turn"] += 1
        return state

    def events(self, state: dict) -> list[dict]:
        return copy.deepcopy(state["events"])

    def view(self, state: dict, player: int) -> dict:
        view = copy.deepcopy(state)
        del view["rng"], view["deck"]
        view["deck_size"] = len(state["deck"])
        for seat, other in enumerate(view["players"]):
            if seat != player:
                other["hand"] = len(other["hand"])
        return view

    def result(self, state: dict) -> dict:
        scores = [p["position"] for p in state["players"]]
        ranks = [1 + sum(other > score for other in scores) for score in scores]
        winners = [seat for seat, rank in enumerate(ranks) if rank == 1] if state["over"] else []
        return {"scores": scores, "ranks": ranks, "winners": winners,
                "tie_breaks": [len(p["hand"]) for p in state["players"]]}

    # --- the rules ------------------------------------------------------------------

    def _options(self, state: dict, seat: int) -> list[Option]:
        player = state["players"][seat]
        if player["position"] == state["goal"] - 1:
            return [Option("move:1", "step 1 to the goal")]
        moves = [Option(f"move:{n}", f"move {n}") for n in (1, 2, 3)]
        cards = [Option(f"card:{value}#{i + 1}", f"play card {value}") for i, value in enumerate(player["hand"])]
        return moves + cards

    def _move(self, state: dict, seat: int, key: str) -> None:
        player = state["players"][seat]
        kind, _, rest = key.partition(":")
        self._event(state, seat, "decided", f"chose {key}", key=key)
        steps = player["hand"].pop(int(rest.split("#")[1]) - 1) if kind == "card" else int(rest)
        player["position"] += steps
        self._event(state, seat, "moved", f"moved {steps} to {player['position']}", amount=steps)
        if kind == "card":
            self._draw(state, seat)
        roll, state["rng"] = rng.next_int(state["rng"], 6)
        if roll == 0 and player["position"] > 0:
            player["position"] -= 1
            self._event(state, seat, "lost", f"slipped back to {player['position']}", amount=1)
        if player["position"] >= state["goal"]:
            state["over"] = True
            self._event(state, seat, "scored", f"reached the goal at {player['position']}")

    def _draw(self, state: dict, seat: int) -> None:
        if state["deck"]:
            state["players"][seat]["hand"].append(state["deck"].pop())
            self._event(state, seat, "drew", "drew a card")

    @staticmethod
    def _event(state: dict, seat: int, kind: str, text: str, **fields) -> None:
        players = len(state["players"])
        state["events"].append({"type": kind, "player": seat, "text": text,
                                "round": state["turn"] // players + 1, "phase": "move", **fields})


def load(*packs: str) -> ToyEngine:
    """The stand-in for `cli._load_engine`."""
    return ToyEngine.load(list(packs))
