"""What an effect must pay before anything in it can add to what it pays.

A payment that every way through an effect meets before any step could raise
that counter is a *need*: with less than that now, the effect cannot be
carried out, whatever is chosen on the way. Needs are read once per node from
the tree alone: a sequence's steps in order, into "only if" bodies, exchanges
and procedure bodies (with the nouns the call substitutes), up to the first
step the reading does not follow (a choice, a condition's branches, a pick, a
repeat, a procedure with effects that trigger after it, anything but a
resource counter changing). Gaining a resource ends the needs of that
resource only; paying or losing others, binding a number and testing a
condition change nothing here.

``refusal(rt)`` applies them to the decision the top frame asks: the answers
that surely fail for want of a counter ("yes" to a "may", an option of a
"choose one", a value of an adjustment that costs per step). The option
judges refuse those at once; the reason in words, which only a decision that
is really asked shows, is then worked out by the full judge (runtime.py).
"""

from __future__ import annotations

from engine.effects.ast import Adjust, Call, Choice, Effect, Exchange, Gain, Item, Let, Lose, May, OnlyIf, Pay, Sentence
from engine.interp.handlers import adjust_steps, call_nouns
from engine.interp.values import counter_owner, is_resource

NONE: tuple = ()


def needs(game, number: int) -> tuple:
    """((resource, amount), ...): what node ``number`` surely pays before it could raise it."""
    memo = game.memo.setdefault("needs", {})
    found = memo.get(number)
    if found is None:
        need: dict = {}
        _read(game, game.nodes[number], {}, need, set(), frozenset())
        found = memo[number] = tuple(need.items())
    return found


def _read(game, node, subst: dict, need: dict, raised: set, calls: frozenset) -> bool:
    """Add what ``node`` surely pays to ``need``; False where the reading stops."""
    kind = type(node)
    if kind is Effect or kind is Sentence:
        parts = node.sentences if kind is Effect else node.steps
        return all(_read(game, part, subst, need, raised, calls) for part in parts)
    if kind is Let:
        return True
    if kind is OnlyIf:  # the test changes nothing; failing it is a no as well
        return _read(game, node.body, subst, need, raised, calls)
    if kind is Exchange:
        return _read(game, node.cost, subst, need, raised, calls) and _read(game, node.reward, subst, need, raised,
                                                                             calls)
    if kind is Gain or kind is Pay or kind is Lose:
        return _counters(game, node, subst, need, raised)
    if kind is Call:
        resolved = game.calls[game.number(node)]
        procedure = resolved.procedure.id
        if procedure in calls:  # a procedure that calls itself
            return False
        body = game.nodes[game.procedures[procedure]]
        read_on = _read(game, body, call_nouns(resolved, subst), need, raised, calls | {procedure})
        return read_on and not game.triggers(procedure)  # what triggers after it is not read
    return False


def _counters(game, node, subst: dict, need: dict, raised: set) -> bool:
    """A gain, payment or loss of resources: a payment of a fixed amount adds to the need of a
    resource nothing has raised yet; a gain raises it."""
    for item in node.items:
        if type(item) is not Item or item.filters or item.location is not None:
            return False
        noun = game.noun(item.noun)
        if noun is not None and noun.id in subst:
            noun = game.vocabulary.nouns[subst[noun.id]]
        if noun is None or not is_resource(noun):
            return False
        resource, quantity = noun.id, item.quantity
        if type(node) is Gain:
            raised.add(resource)
        elif type(node) is Pay and resource not in raised:
            if quantity.mode == "exactly" and type(quantity.value) is int:
                need[resource] = need.get(resource, 0) + quantity.value
            else:  # an amount known only then: later payments of it are not added up
                raised.add(resource)
    return True


def short(rt, wanted: tuple, seat: int, times: int = 1) -> bool:
    """Whether ``seat`` lacks one of ``wanted`` (``times`` over) now."""
    world, game = rt.world, rt.game
    for resource, amount in wanted:
        if world.lacks(counter_owner(game, resource, seat), resource, amount * times):
            return True
    return False


# ------------------------------------------------------------------ a pending question


def refusal(rt):
    """``refused(key)``: whether answering the top frame's decision with ``key`` surely fails for
    want of a counter; None when the decision is of a shape this does not read, or its answers
    need nothing."""
    frame = rt.s["frames"][-1]
    number = dict.get(frame, "n")
    if number is None or dict.get(frame, "x"):  # nouns substituted here: the needs were read without
        return None
    game = rt.game
    node = game.nodes[number]
    shape = dict.get(REFUSALS, type(node))
    if shape is None:
        return None
    memo = game.memo["answer needs"]
    wanted = dict.get(memo, number, NONE)
    if wanted is NONE:
        wanted = memo[number] = shape[0](game, node)
    return None if wanted is None else shape[1](rt, frame, node, wanted)


def _may_needs(game, node: May):
    return needs(game, game.number(node.step)) or None


def _choice_needs(game, node: Choice):
    if node.count != 1 or node.upgrade is not None:
        return None
    wanted = tuple(needs(game, game.number(option)) for option in node.options)
    return wanted if any(wanted) else None


def _adjust_needs(game, node: Adjust):
    if node.cost is None:
        return None
    return needs(game, game.number(node.cost)) or None


def _may(rt, frame: dict, node: May, wanted: tuple):
    return lambda key: key == "yes" and short(rt, wanted, frame["p"])


def _choice(rt, frame: dict, node: Choice, wanted: tuple):
    if frame.get("chosen"):
        return None
    return lambda key: key.isdigit() and short(rt, wanted[int(key)], frame["p"])


def _adjust(rt, frame: dict, node: Adjust, wanted: tuple):
    if frame.get("s") != 1:
        return None
    start, span = frame["from"], frame["span"]

    def refused(key: str) -> bool:
        steps = adjust_steps(start, int(key.split(":", 1)[1]), span, node.wrap)
        return steps > 0 and short(rt, wanted, frame["p"], steps)
    return refused


REFUSALS = {  # decision node -> (what its answers need, read once per node; its refusal)
    May: (_may_needs, _may),
    Choice: (_choice_needs, _choice),
    Adjust: (_adjust_needs, _adjust),
}
