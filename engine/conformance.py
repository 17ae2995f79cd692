"""Conformance: the properties every game must keep, whatever its pack.

``check_game`` plays one game between random agents and checks, at every
decision: there is at least one option and the keys are distinct; a decision
that says it is a choice point has two legal options (every option is judged
here, the open ones too); no counter
is outside its resource's bounds; every card is in exactly one place and the
places agree with the things, as do the indexes of kinds and of owned things; applying an answer leaves the given state
unchanged; the state survives a JSON round trip. At the end: the game is over
within the decision limit, and replaying the same answers from the same seed
gives the same events, and undoing an answer (replaying all before it) gives
back the state before it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.agents import is_choice_point, random_agents
from engine.interp import tslots as T


@dataclass
class GameCheck:
    """What one checked game found."""

    players: int
    seed: int
    decisions: int = 0
    choice_points: int = 0
    finished: bool = False
    problems: list[str] = field(default_factory=list)


def check_game(engine, players: int, seed: int, options: dict | None = None, max_decisions: int = 20000,
               deep_every: int = 1) -> GameCheck:
    """Play one random game and check every property; ``deep_every``: check the costly ones
    (unchanged input, JSON round trip) at every n-th decision."""
    report = GameCheck(players, seed)
    agents = random_agents(seed, players)
    state = engine.new_game(players=players, seed=seed, options=options or {})
    cards = _card_count(state)
    answers = []
    while (decision := engine.decision(state)) is not None:
        if report.decisions >= max_decisions:
            report.problems.append(f"not over after {max_decisions} decisions")
            return report
        _check_decision(decision, report)
        _check_world(engine, state, cards, report)
        key = agents[decision.player].choose(engine.view(state, decision.player), decision)
        deep = report.decisions % deep_every == 0
        before = json.dumps(state) if deep else None
        new = engine.apply(state, key)
        if deep:
            _check_untouched(state, before, report)
            _check_json(new, report)
        answers.append(key)
        report.decisions += 1
        report.choice_points += len(decision.options) >= 2
        state = new
    report.finished = engine.is_over(state)
    if not report.finished:
        report.problems.append("no decision is pending but the game is not over")
    _check_replay(engine, players, seed, options, answers, state, report)
    _check_undo(engine, players, seed, options, answers, report)
    return report


def _check_decision(decision, report: GameCheck) -> None:
    keys = decision.keys()
    if not keys:
        report.problems.append(f"decision {decision.id} has no options: {decision.prompt}")
    if len(set(keys)) != len(keys):
        report.problems.append(f"decision {decision.id} repeats option keys: {keys}")
    if is_choice_point(decision) and len(keys) < 2:
        report.problems.append(f"decision {decision.id} is called a choice point but has {len(keys)} legal options")


def _check_world(engine, state: dict, cards: int, report: GameCheck) -> None:
    for seat, counters in enumerate(state["counters"]):
        for resource, value in counters.items():
            item = engine.game.item("resources", resource)
            low, high = item.get("min"), item.get("max")
            if (low is not None and value < low) or (high is not None and value > high):
                report.problems.append(f"player {seat + 1} has {value} {resource} (bounds {low}..{high})")
    if _card_count(state) != cards:
        report.problems.append(f"{cards} cards at the start, {_card_count(state)} now")
    for place, contents in state["in"].items():
        for tid in contents:
            if state["things"][tid][T.AT] != place:
                report.problems.append(f"{tid} is listed in {place} but says it is in {state['things'][tid][T.AT]}")
        if len(set(contents)) != len(contents):
            report.problems.append(f"{place} lists a thing twice")
    _check_indexes(state, report)


def _check_indexes(state: dict, report: GameCheck) -> None:
    """The indexes of kinds and of owned things list what the things say, in creation order."""
    kinds, owned = {}, {}
    for tid, thing in sorted(state["things"].items(), key=lambda item: item[1][T.MADE]):
        kinds.setdefault(thing[T.KIND], []).append(tid)
        if thing[T.OWNER] is not None:
            owned.setdefault((thing[T.KIND], thing[T.OWNER]), []).append(tid)
    if {kind: tids for kind, tids in state["kinds"].items() if tids} != kinds:
        report.problems.append("the index of kinds does not list the things of each kind")
    listed = {(kind, seat): tids for kind, seats in state["owned"].items() for seat, tids in enumerate(seats) if tids}
    if listed != owned:
        wrong = sorted(key for key in set(listed) | set(owned) if listed.get(key) != owned.get(key))
        report.problems.append(f"the index of owned things disagrees with the things' owners: {wrong[:3]}")


def _card_count(state: dict) -> int:
    return sum(1 for thing in state["things"].values() if "c" in thing)


def _check_untouched(state: dict, before: str, report: GameCheck) -> None:
    if json.dumps(state) != before:  # text, not marshal: marshal bytes depend on object sharing
        report.problems.append(f"applying an answer changed the given state (decision {report.decisions + 1})")


def _check_json(state: dict, report: GameCheck) -> None:
    if json.loads(json.dumps(state)) != state:
        report.problems.append(f"the state does not survive a JSON round trip (decision {report.decisions + 1})")


def _check_undo(engine, players: int, seed: int, options, answers: list[str], report: GameCheck) -> None:
    """Undoing the last answer (replaying all but it) gives back the state before it."""
    if not answers:
        return
    state = engine.new_game(players=players, seed=seed, options=options or {})
    middle = len(answers) // 2
    for key in answers[:middle]:
        state = engine.apply(state, key)
    before = json.dumps(state)
    after = engine.apply(state, answers[middle])
    undone = engine.new_game(players=players, seed=seed, options=options or {})
    for key in answers[:middle]:
        undone = engine.apply(undone, key)
    if json.dumps(undone) != before or after is state:
        report.problems.append(f"undoing answer {middle + 1} did not give back the state before it")


def _check_replay(engine, players: int, seed: int, options, answers: list[str], final: dict, report: GameCheck) -> None:
    state = engine.new_game(players=players, seed=seed, options=options or {})
    for key in answers:
        state = engine.apply(state, key)
    if [e["text"] for e in engine.events(state)] != [e["text"] for e in engine.events(final)]:
        report.problems.append("replaying the same answers from the same seed gave different events")
