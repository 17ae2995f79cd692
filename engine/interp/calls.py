"""A procedure call's plan: what the call's words and its procedure fix, worked out once.

A call ("buy 3 action cards", "claim Count silver") runs its procedure's body with bindings of
its own: Count, and each modifier's flag and values. Most of what that takes is fixed by the
words and the game, not by play: the body's number, the result the call gathers, whether
something triggers after it, the bindings whose values are written as numbers, the names
whose values come from the caller, and the noun the body's object stands for. A plan holds
them, made at a call's first run (``plan_of``) and kept in the game's ``call_plans``; each run
then copies the fixed bindings and reads only the caller's names (``bindings``).
"""

from __future__ import annotations

from engine.effects.ast import Var
from engine.interp.values import number


class CallPlan:
    """What call node ``number`` runs, as its words fix it (read-only once made):

    - ``procedure``: the procedure's id; ``body``: the number of its body's root;
    - ``result``: the noun of the things the call gathers from what the body did (the
      procedure's result), or None;
    - ``triggered``: whether anything triggers after the procedure (game.triggers);
    - ``fixed``: the bindings the words fix, every name in its place (copied at each run);
    - ``count``: the name Count's number is read from (a Var), or None; ``mode`` its mode;
    - ``reads``: (name, the Var its value is read from), for values the caller's names hold;
    - ``plain``: whether every binding is fixed by the words (none read from the caller);
    - ``noun`` and ``narrower``: the body's object noun and the narrower noun the call named
      (a call on one kind of piece: the body's object means it), or None and None.
    """

    __slots__ = ("procedure", "body", "result", "triggered", "fixed", "count", "mode", "reads", "plain", "noun",
                 "narrower")

    def __init__(self, game, resolved) -> None:
        procedure = resolved.procedure
        self.procedure = procedure.id
        self.body = game.procedures[procedure.id]
        self.result = procedure.result or None
        self.triggered = bool(game.triggers(procedure.id))
        self.fixed, self.count, self.mode, self.reads = _bindings_fixed(resolved)
        self.plain = self.count is None and not self.reads
        narrows = procedure.object and resolved.object and resolved.object != procedure.object
        self.noun = procedure.object if narrows else None
        self.narrower = resolved.object if narrows else None


def plan_of(game, number: int) -> CallPlan:
    """The plan of call node ``number``, made at its first need."""
    plans = game.call_plans
    plan = dict.get(plans, number)
    if plan is None:
        plan = plans[number] = CallPlan(game, game.calls[number])
    return plan


def bindings(plan: CallPlan, ctx) -> dict:
    """A new dict of the bindings the body starts with; ``ctx`` (the caller's Context) is read
    only for the names whose values come from the caller (it may be None for a plain plan).
    The values are only read, never changed in place, so the fixed ones are shared."""
    env = dict(plan.fixed)
    if plan.count is not None:  # "claim Count ...": the quantity's number read from a name
        env["Count"] = {"mode": plan.mode, "value": number(ctx, plan.count)}
    for name, var in plan.reads:
        env[name] = number(ctx, var)
    return env


def nouns_of(plan: CallPlan, nouns: dict | None) -> dict | None:
    """The nouns the body substitutes: the caller's (None: none), and the body's object noun as
    the narrower noun the call named."""
    if plan.narrower is None:
        return nouns
    return {**nouns, plan.noun: plan.narrower} if nouns else {plan.noun: plan.narrower}


def fixed_numbers(plan: CallPlan) -> dict:
    """The numbers the words fix for the body: each modifier's flag and the values written as
    numbers; not those read from the caller's names, nor Count."""
    read = {name for name, _value in plan.reads}
    return {name: value for name, value in plan.fixed.items() if type(value) is int and name not in read}


def _bindings_fixed(resolved) -> tuple:
    """(the bindings the words fix, with every name in its place; the Var Count's number is read
    from, or None; that quantity's mode; (name, the Var its value is read from), ...)."""
    quantity = resolved.quantity
    count, mode = None, None
    if quantity is None:
        fixed = {"Count": {"mode": "exactly", "value": 1}}
    elif isinstance(quantity.value, str):
        fixed, count, mode = {"Count": None}, Var(quantity.value), quantity.mode
    else:
        fixed = {"Count": {"mode": quantity.mode, "value": quantity.value}}
    reads = []
    values = dict(resolved.modifiers)
    for modifier in resolved.procedure.modifiers:
        fixed[modifier.variable] = 1 if modifier.id in values else 0
        for name in modifier.placeholders:
            fixed.setdefault(name, 0)
        for name, value in zip(modifier.placeholders, values.get(modifier.id, ())):
            if isinstance(value, int):
                fixed[name] = value
            else:
                reads.append((name, Var(value)))
    return fixed, count, mode, tuple(reads)
