"""A quick, certain "yes" for effects that can obviously be carried out.

Trials on copies of the state decide feasibility exactly but cost time. For
the simplest effects the answer is plain from the state: gaining a resource
always works, drawing works while the deck and its discard pile hold enough
cards, paying works with enough of the resource. ``certainly_feasible``
answers True only when that is certain; anything else (None) goes to a trial.
It never says no: the reasons for a no come from the trial. ``certain_options`` does the
same for the options of a pending "choose one".
"""

from __future__ import annotations

from engine.effects import ast
from engine.interp.fallible import below_top_fails
from engine.interp.values import Context, counter_amount, is_resource, noun_of, test


def certainly_feasible(rt, root: int, seat: int) -> bool:
    """True only if ``seat`` can surely carry out effect ``root`` in full right now."""
    ctx = Context(rt.world, seat, seat, {}, {})
    return _sure(rt, ctx, rt.game.nodes[root])


def certain_options(rt, depth: int, options) -> set[str]:
    """The keys of ``options`` of a pending "choose one" (the top frame) that surely finish the
    region: the option can surely be carried out now, and nothing after it in the region can fail."""
    frames = rt.s["frames"]
    top = frames[-1]
    number = top.get("n")
    node = rt.game.nodes[number] if number is not None else None
    if node.__class__ is not ast.Choice or node.count != 1 or top.get("chosen"):
        return set()
    if below_top_fails(rt.game, frames, depth, rt.flow.rest_can_fail):
        return set()
    ctx = rt.ctx(top)
    return {key for key, _label in options if key.isdigit() and _sure(rt, ctx, node.options[int(key)])}


def _sure(rt, ctx: Context, node) -> bool:
    check = SURE.get(type(node))
    return bool(check and check(rt, ctx, node))


def _steps(rt, ctx, node) -> bool:
    parts = node.sentences if isinstance(node, ast.Effect) else node.steps
    return all(_sure(rt, ctx, part) for part in parts) and not _changes_resources(parts)


def _changes_resources(parts) -> bool:
    """Several steps that pay or draw could use up what the first ones saw: stay unsure."""
    spending = [p for p in parts if isinstance(p, (ast.Pay, ast.Lose, ast.Draw, ast.Sentence))]
    return len(spending) > 1


def _gain(rt, ctx, node: ast.Gain) -> bool:
    return all(_is_amount(item) and is_resource(noun_of(ctx, item.noun)) for item in node.items)


def _pay(rt, ctx, node) -> bool:
    for item in node.items:
        if not _is_amount(item):
            return False
        noun = noun_of(ctx, item.noun)
        if not is_resource(noun):
            return False
        floor = rt.game.item("resources", noun.id).get("min", 0) or 0
        if counter_amount(ctx, noun.id, ctx.actor) - item.quantity.value < floor:
            return False
    return len(node.items) == 1


def _draw(rt, ctx, node: ast.Draw) -> bool:
    if len(node.items) != 1 or not _is_amount(node.items[0]):
        return False
    item = node.items[0]
    noun = noun_of(ctx, item.noun)
    card_type = rt.game.items("card_types").get(noun.id)
    if not card_type or not card_type.get("deck"):
        return False
    deck = card_type["deck"]
    pile = rt.game.item("decks", deck).get("discard_pile")
    available = len(rt.world.contents(deck)) + (len(rt.world.contents(pile)) if pile else 0)
    return available >= item.quantity.value


def _choice(rt, ctx, node: ast.Choice) -> bool:
    return node.count == 1 and any(_sure(rt, ctx, option) for option in node.options)


def _conditional(rt, ctx, node: ast.Conditional) -> bool:
    if test(ctx, node.condition):
        return _sure(rt, ctx, node.then)
    return node.otherwise is None or _sure(rt, ctx, node.otherwise)


def _is_amount(item) -> bool:
    return isinstance(item, ast.Item) and item.quantity.mode == "exactly" and isinstance(item.quantity.value, int) \
        and not item.filters and item.location is None


SURE = {
    ast.Effect: _steps,
    ast.Sentence: _steps,
    ast.Gain: _gain,
    ast.Pay: _pay,
    ast.Lose: _pay,
    ast.Draw: _draw,
    ast.Choice: _choice,
    ast.May: lambda rt, ctx, node: True,
    ast.Conditional: _conditional,
}
