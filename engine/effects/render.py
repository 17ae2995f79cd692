"""Render a syntax tree back to canonical effect text.

The canonical text is what a card shows: lower case, steps joined by
", then", options by "; or", sentences by ". ". Parsing the rendered text
gives back an equal tree (tests/effects/test_roundtrip.py checks every
shipped effect).
"""

from __future__ import annotations

from engine.effects import ast

COUNT_WORDS = {1: "one", 2: "two", 3: "three"}

ITEM_VERBS = {
    ast.Lose: "lose",
    ast.Pay: "pay",
    ast.Draw: "draw",
    ast.Discard: "discard",
    ast.Take: "take",
    ast.Reveal: "reveal",
    ast.Play: "play",
    ast.Pick: "choose",
}


def render(node: ast.Node) -> str:
    """The canonical text of any node. Nodes never change, so each keeps its text once
    rendered (in its ``text`` field, written past the frozen dataclass's guard); feasibility
    checks give the text of a failed condition as their reason many times a game."""
    known = node.text
    if known is None:
        known = RENDERERS[type(node)](node)
        object.__setattr__(node, "text", known)
    return known


def card_text(node: ast.Node) -> str:
    """The text a person reads on the card: sentences capitalised, each ending with a period."""
    sentences = node.sentences if isinstance(node, ast.Effect) else (node,)
    return " ".join(_capitalised(render(s)) + "." for s in sentences)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(parts) -> str:
    return " ".join(p for p in parts if p)


# ------------------------------------------------------------------ effects


def _effect(node: ast.Effect) -> str:
    return ". ".join(render(s) for s in node.sentences)


def _sentence(node: ast.Sentence) -> str:
    return ", then ".join(render(s) for s in node.steps)


def _exchange(node: ast.Exchange) -> str:
    return f"{render(node.cost)} to {render(node.reward)}"


def _bound(node: ast.Bound) -> str:
    return f"{render(node.step)} as {node.name}"


def _may(node: ast.May) -> str:
    return f"you may {render(node.step)}"


def _poll(node: ast.Poll) -> str:
    tail = f" as {node.name}" if node.name else ""
    who = f" {render(node.who)}" if node.who is not None else ""
    return f"each {node.players}{who} may {render(node.step)}{tail}"


def _twice(node: ast.Twice) -> str:
    return f"{render(node.step)} twice"


def _let(node: ast.Let) -> str:
    return f"let {node.name} be {render(node.value)}"


def _let_any(node: ast.LetAny) -> str:
    return f"let {node.name} be any value from {render(node.low)} to {render(node.high)}"


def _adjust(node: ast.Adjust) -> str:
    text = f"adjust {node.name} within {render(node.low)} to {render(node.high)}"
    if node.wrap:
        text += ", wrapping around"
    if node.cost is not None:
        text += f", paying {_items(node.cost.items)} per step"
    return text


def _if_possible(node: ast.IfPossible) -> str:
    return f"if possible: {render(node.body)}"


def _set(node: ast.Set) -> str:
    return f"set the {node.attribute} of {node.name} to {render(node.value)}"


def _for_each_in(node: ast.ForEachIn) -> str:
    return f"for each of the {node.attribute} of {node.owner} as {node.name}: {render(node.body)}"


def _repeat(node: ast.Repeat) -> str:
    return f"repeat {render(node.times)} times: {render(node.body)}"


def _bound_item(node: ast.BoundItem) -> str:
    return node.name


def _truth(node: ast.Truth) -> str:
    return render(node.value)


def _choice(node: ast.Choice) -> str:
    upgrade = f", or both if you {render(node.upgrade)}" if node.upgrade else ""
    options = "; or ".join(render(o) for o in node.options)
    return f"choose {COUNT_WORDS[node.count]}{upgrade}: {options}"


def _conditional(node: ast.Conditional) -> str:
    text = f"if {render(node.condition)}: {render(node.then)}"
    if node.otherwise is not None:
        text += f"; otherwise: {render(node.otherwise)}"
    return text


def _only_if(node: ast.OnlyIf) -> str:
    return f"only if {render(node.condition)}: {render(node.body)}"


def _for_each(node: ast.ForEach) -> str:
    return f"for each {render(node.selector)}: {render(node.body)}"


def _for_each_of(node: ast.ForEachOf) -> str:
    return f"for each of {render(node.item)} as {node.name}: {render(node.body)}"


def _obligation(node: ast.Obligation) -> str:
    return f"{render(node.player)} must {render(node.body)}"


# ------------------------------------------------------------------ actions


def _items(items) -> str:
    texts = [render(i) for i in items]
    if len(texts) == 1:
        return texts[0]
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def _items_action(node: ast.ItemsAction) -> str:
    return f"{ITEM_VERBS[type(node)]} {_items(node.items)}"


def _gain(node: ast.Gain) -> str:
    per = f" for each {render(node.per)}" if node.per is not None else ""
    return f"gain {_items(node.items)}{per}"


def _give(node: ast.Give) -> str:
    return f"give {render(node.player)} {_items(node.items)}"


def _move(node: ast.Move) -> str:
    return f"move {node.name} to {render(node.place)}"


def _perform(node: ast.Perform) -> str:
    return f"perform {node.name}"


def _pass(node: ast.Pass) -> str:
    return "pass"


def _call(node: ast.Call) -> str:
    quantity = render(node.quantity) if node.quantity is not None else ""
    return _join([node.verb, quantity, *(str(w) for w in node.words)])


# ------------------------------------------------------------------ things


def _quantity(node: ast.Quantity) -> str:
    if node.mode == "exactly":
        return str(node.value)
    if node.mode in ("all", "every"):
        return node.mode
    if node.mode == "any_number":
        return "any number of"
    if node.mode == "passed":
        return str(node.value)
    return f"{node.mode.replace('_', ' ')} {node.value}"


def _filter(node: ast.Filter) -> str:
    direction = f" or {node.direction}" if node.direction else ""
    return f"of {node.attribute} {node.value}{direction}"


def _other_than(node: ast.OtherThan) -> str:
    return f"other than {node.name}"


def _yours(node: ast.Yours) -> str:
    return "of yours"


def _tail(filters, location) -> list[str]:
    parts = [render(f) for f in filters]
    if location is not None:
        parts.append(render(location))
    return parts


def _item(node: ast.Item) -> str:
    return _join([render(node.quantity), *node.noun, *_tail(node.filters, node.location)])


def _location(node: ast.Location) -> str:
    return f"{node.preposition} {render(node.place)}"


def _own_place(node: ast.OwnPlace) -> str:
    return "your " + " ".join(node.words)


def _every_place(node: ast.EveryPlace) -> str:
    return _join(["each", *node.words, *_tail(node.filters, None)])


def _var_place(node: ast.VarPlace) -> str:
    return node.name


def _place_of(node: ast.PlaceOf) -> str:
    return f"the {node.attribute} of {node.name}"


def _player_selector(node: ast.PlayerSelector) -> str:
    return _join([node.players, render(node.who) if node.who is not None else ""])


def _who_did(node: ast.WhoDid) -> str:
    return "who did not" if node.negated else "who did"


def _who_passed(node: ast.WhoPassed) -> str:
    return "who has not passed" if node.negated else "who has passed"


def _who_has(node: ast.WhoHas) -> str:
    return _join(["who has", render(node.comparison), *node.noun, *_tail(node.filters, node.location)])


def _thing_selector(node: ast.ThingSelector) -> str:
    return _join([*node.noun, *_tail(node.filters, node.location)])


def _kind_selector(node: ast.KindSelector) -> str:
    return _join([node.attribute, "of", *node.noun, *_tail(node.filters, node.location)])


# ------------------------------------------------------------------ players


def _you(node: ast.You) -> str:
    return "you"


def _player_var(node: ast.PlayerVar) -> str:
    return node.name


def _neighbour(node: ast.Neighbour) -> str:
    return f"the player on your {node.side}"


# ------------------------------------------------------------------ conditions


def _operand(node: ast.Node) -> str:
    text = render(node)
    return f"({text})" if isinstance(node, ast.COMPOUND_CONDITIONS) else text


def _any_of(node: ast.AnyOf) -> str:
    return " or ".join(_operand(c) for c in node.conditions)


def _all_of(node: ast.AllOf) -> str:
    return " and ".join(_operand(c) for c in node.conditions)


def _not(node: ast.Not) -> str:
    return f"not {_operand(node.condition)}"


def _has(node: ast.Has) -> str:
    return _join(
        [render(node.player), node.verb, render(node.comparison), *node.noun, *_tail(node.filters, node.location)]
    )


def _has_all_of(node: ast.HasAllOf) -> str:
    return f"{render(node.player)} {node.verb} the {node.attribute} of {node.name}"


def _compare(node: ast.Compare) -> str:
    return f"{render(node.left)} is {render(node.comparison)}"


def _flag(node: ast.Flag) -> str:
    return node.name


def _comparison(node: ast.Comparison) -> str:
    return _join([node.op or "", render(node.right)])


# ------------------------------------------------------------------ numbers


def _number(node: ast.Number) -> str:
    return str(node.value)


def _var(node: ast.Var) -> str:
    return node.name


def _attribute(node: ast.Attribute) -> str:
    return f"the {node.attribute} of {node.name}"


def _count(node: ast.Count) -> str:
    return f"the number of {render(node.selector)}"


def _aggregate(node: ast.Aggregate) -> str:
    return f"the {node.kind} {node.attribute} of {render(node.selector)}"


def _plus(node: ast.Plus) -> str:
    return f"{render(node.left)} plus {render(node.right)}"


def _minus(node: ast.Minus) -> str:
    return f"{render(node.left)} minus {render(node.right)}"


RENDERERS = {
    ast.Effect: _effect,
    ast.Sentence: _sentence,
    ast.Exchange: _exchange,
    ast.Bound: _bound,
    ast.May: _may,
    ast.Poll: _poll,
    ast.Twice: _twice,
    ast.Let: _let,
    ast.LetAny: _let_any,
    ast.Adjust: _adjust,
    ast.IfPossible: _if_possible,
    ast.Set: _set,
    ast.ForEachIn: _for_each_in,
    ast.Repeat: _repeat,
    ast.BoundItem: _bound_item,
    ast.Truth: _truth,
    ast.Choice: _choice,
    ast.Conditional: _conditional,
    ast.OnlyIf: _only_if,
    ast.ForEach: _for_each,
    ast.ForEachOf: _for_each_of,
    ast.Obligation: _obligation,
    ast.Gain: _gain,
    ast.Give: _give,
    ast.Move: _move,
    ast.Perform: _perform,
    ast.Pass: _pass,
    ast.Call: _call,
    ast.Quantity: _quantity,
    ast.Filter: _filter,
    ast.OtherThan: _other_than,
    ast.Yours: _yours,
    ast.Item: _item,
    ast.Location: _location,
    ast.OwnPlace: _own_place,
    ast.EveryPlace: _every_place,
    ast.VarPlace: _var_place,
    ast.PlaceOf: _place_of,
    ast.PlayerSelector: _player_selector,
    ast.WhoDid: _who_did,
    ast.WhoHas: _who_has,
    ast.WhoPassed: _who_passed,
    ast.ThingSelector: _thing_selector,
    ast.KindSelector: _kind_selector,
    ast.You: _you,
    ast.PlayerVar: _player_var,
    ast.Neighbour: _neighbour,
    ast.AnyOf: _any_of,
    ast.AllOf: _all_of,
    ast.Not: _not,
    ast.Has: _has,
    ast.HasAllOf: _has_all_of,
    ast.Compare: _compare,
    ast.Flag: _flag,
    ast.Comparison: _comparison,
    ast.Number: _number,
    ast.Var: _var,
    ast.Attribute: _attribute,
    ast.Count: _count,
    ast.Aggregate: _aggregate,
    ast.Plus: _plus,
    ast.Minus: _minus,
    **{cls: _items_action for cls in ITEM_VERBS},
}
