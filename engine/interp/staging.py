"""Staging a situation for a scenario test: skip to a phase, change the state, start an effect.

These are how a designer's scenario sets the table: "in round 1's summer, give
player 1 five coins and that card, then let them play it". They only use the
same world operations and frames as the game itself.
"""

from __future__ import annotations

from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.errors import RulesError
from engine.interp.frames import effect_frame, routine_frame
from engine.interp.items import restart_pick
from engine.interp.numbered import env_key
from engine.interp.runtime import Runtime, clone
from engine.suggest import did_you_mean


def skip_to(engine, state: dict, phase: str, round_: int = 1, limit: int = 2000, passing: bool = False) -> dict:
    """Answer every decision with its first option (or "pass" when it is an option and
    ``passing``) until ``phase`` of round ``round_`` has begun and a decision is pending in it."""
    for _ in range(limit):
        flow = state["flow"]
        if flow["round"] == round_ and flow["phase"] == phase and state["pending"]:
            return state
        if flow["round"] > round_ or state["pending"] is None:
            break
        keys = engine.decision(state).keys()
        state = engine.apply(state, "pass" if passing and "pass" in keys else keys[0])
    raise RulesError(f"round {round_} never reached {phase!r} (now round {state['flow']['round']}, "
                     f"{state['flow']['phase']})")


def edit(engine, state: dict, seat: int, counters=None, cards=None, effect: str | None = None,
         refresh: bool = True) -> dict:
    """A copy of ``state`` with ``seat``'s counters set, cards moved, and an effect carried out.

    ``cards`` maps a place kind (hand, field_1, ...) to card ids; each card is taken from
    wherever it is. The effect must not ask anything (write it without choices). A pending
    flow decision is worked out again for the changed table; so is a pending pick that has
    picked nothing yet, with ``refresh`` (leave it off for all but the last of several edits).
    """
    state = clone(state)
    runtime = Runtime(engine.game, state, engine.flow)
    for resource, value in (counters or {}).items():
        if resource not in engine.game.items("resources"):
            raise RulesError(f"unknown resource {resource!r}")
        state["counters"][seat][resource] = value
    moved: set[str] = set()  # a copy placed by this edit is never moved again by it
    for place, card_ids in (cards or {}).items():
        target = _place(engine, state, seat, place)
        for card_id in card_ids:
            moved.add(_move_card(runtime, seat, card_id, target, moved))
    if effect:
        pending = state["pending"]
        state["pending"] = None
        _run_now(engine, state, seat, effect)
        state["pending"] = pending
    top = state["frames"][-1] if state["frames"] else None
    if state["pending"] is not None and top is not None and (top[F.ROUTINE] is not None
                                                             or (refresh and restart_pick(top))):
        state["pending"] = None  # a flow decision or a fresh pick is worked out again for the changed table
        Runtime(engine.game, state, engine.flow).run()
    return state


def begin(engine, state: dict, seat: int, card: str | None = None, effect: str | None = None) -> dict:
    """A copy of ``state`` where ``seat`` starts playing ``card`` from hand (or carrying out
    ``effect``) as if a space had let them; the game goes on from there once it is done."""
    state = clone(state)
    if state["pending"] is not None:  # asked again once the card or effect is done
        reask = routine_frame("reask", "root", None, None, "scenario")
        reask[F.MORE]["pending"] = state["pending"]
        state["frames"].append(reask)
    state["pending"] = None
    runtime = Runtime(engine.game, state, engine.flow)
    if card is not None:
        tid = _card_in(state, seat, card, _place(engine, state, seat, "hand"))
        root = engine.game.effect("cards", card)
        reason = runtime.can_do(root, seat, f"card:{card}") if root is not None else None
        if reason is not None:
            raise RulesError(f"{card} cannot be played: {reason}")
        from engine.interp.items import play_card

        play_card(runtime, seat, tid)
        state["frames"].append(routine_frame("discard_played", "root", seat, seat, card))
        _push(state, root, seat, f"card:{card}")
    else:
        _push(state, _compile(engine, effect), seat, "scenario")
    runtime.run()
    return state


def _run_now(engine, state: dict, seat: int, text: str) -> None:
    depth = len(state["frames"])
    _push(state, _compile(engine, text), seat, "scenario setup")
    runtime = Runtime(engine.game, state, engine.flow)
    runtime.probe_depth = depth + 1
    runtime.run()
    if state["pending"] is not None or len(state["frames"]) > depth:
        raise RulesError(f"the setup effect {text!r} asked a question; write it without choices")


def _compile(engine, text: str) -> int:
    try:
        return engine.game.add_effect(text)
    except ValueError as error:
        raise RulesError(str(error)) from None


def _push(state: dict, root: int, seat: int, source: str) -> None:
    state["serial"] += 1
    env = env_key(state["serial"])
    state["envs"][env] = {}
    frame = effect_frame(root, env, seat, seat, source)
    frame[F.STRICT] = frame[F.SOFT] = frame[F.OWN] = True
    state["frames"].append(frame)


def _place(engine, state: dict, seat: int, place: str) -> str:
    for tid in (f"p{seat}.{place}", place):
        if tid in state["things"]:
            return tid
    kinds = [k for k, item in engine.game.items("places").items() if item.get("name") == place or k == place]
    for tid, thing in sorted(state["things"].items()):
        if thing[T.KIND] in kinds and thing[T.OWNER] in (seat, None):
            return tid
    raise RulesError(f"player {seat + 1} has no place {place!r}")


def _card_in(state: dict, seat: int, card: str, place: str) -> str:
    inside = state["in"].get(place, [])
    for tid in inside:
        if state["things"][tid][T.CARD] == card:
            return tid
    held = [str(c) for c in (state["things"][tid][T.CARD] for tid in inside) if c]  # (read only to say why)
    guess = did_you_mean(card, held)
    shown = ", ".join(held) or "nothing"
    raise RulesError(f"player {seat + 1} has no {card!r} in their hand" + (f": {guess}" if guess else
                                                                           f" (it holds {shown})"))


def _move_card(runtime, seat: int, card: str, target: str, moved: set[str]) -> str:
    """Move one copy of ``card`` to ``target``: one still in a deck or pile if possible."""
    copies = [tid for tid, thing in sorted(runtime.s["things"].items())
              if thing[T.CARD] == card and tid not in moved and thing[T.AT] != target
              and thing[T.OWNER] in (None, seat)]
    copies.sort(key=lambda tid: runtime.s["things"][tid][T.OWNER] is not None)  # unowned copies first
    if not copies:
        known = runtime.game.items("cards")
        if card not in known:
            guess = did_you_mean(card, known)
            raise RulesError(f"there is no card {card!r}" + (f": {guess}" if guess else ""))
        raise RulesError(f"no card {card!r} is left to move")
    tid = copies[0]
    runtime.world.set_owner(tid, seat if runtime.s["things"][target][T.OWNER] is not None else None)
    runtime.world.put(tid, target)
    return tid
