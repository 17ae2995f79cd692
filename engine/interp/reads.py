"""Which resource counters an effect reads: a static answer that spares a walk's copies.

A walk (verdict.py) works out a gain or a payment of resources on a branch of its own, a copy
of the state, so that the steps after it read the counters as they would be. When no step the
walk can still reach reads those counters, the copy is not needed: the walk reads on from the
state as it is. ``counters_read(game, number)`` answers from the effect tree alone, once per
node: the resources its words name (a noun, its members and the terms built on them, so a
noun a procedure's caller narrows is counted too), and those of the bodies of the procedures
it calls. It is None, "any", for a node whose reading is not followed: a call of a procedure
that something triggers after, performing or playing a card, a poll or an obligation (other
players' steps), a move where things may lie in sets (the completion effect), and any node
this reading does not know. The answer is conservative: None when unsure, so a wrong answer
can only cost a copy, never a verdict.
"""

from __future__ import annotations

from engine.effects.ast import (
    Adjust, Aggregate, AllOf, AnyOf, Attribute, Bound, BoundItem, Call, Choice, Compare, Comparison, Conditional,
    Count, Discard, Draw, Effect, EveryPlace, Exchange, Filter, Flag, ForEach, ForEachOf, Gain, Give, Has, IfPossible,
    Item, KindSelector, Let, LetAny, Location, Lose, May, Minus, Move, Neighbour, Not, Number, OnlyIf, OtherThan,
    OwnPlace, Pass, Pay, Pick, PlaceOf, PlayerSelector, PlayerVar, Plus, Quantity, Repeat, Reveal, Sentence, Set, Take,
    ThingSelector, Truth, Twice, Var, VarPlace, WhoHas, WhoPassed, You, Yours,
)
from engine.interp.calls import plan_of
from engine.interp.fallible import children
from engine.interp.values import is_players, is_resource

# The nodes whose own reading reads no counter (the counters their nouns name aside); a call
# reads its body's. Every other node type reads "any" (a card performed or played, a poll...).
FOLLOWED = frozenset({
    Effect, Sentence, Exchange, Bound, May, Twice, Let, LetAny, Adjust, Set, Choice, Conditional, IfPossible, OnlyIf,
    ForEach, ForEachOf, Repeat, Gain, Lose, Pay, Give, Draw, Discard, Take, Reveal, Pick, Move, Pass, Quantity,
    Filter, OtherThan, Yours, Item, BoundItem, Location, OwnPlace, EveryPlace, VarPlace, PlaceOf, PlayerSelector,
    WhoPassed, WhoHas, ThingSelector, KindSelector, You, PlayerVar, Neighbour, AnyOf, AllOf, Not, Has, Compare, Flag,
    Truth, Comparison, Number, Var, Attribute, Count, Aggregate, Plus, Minus,
})
NAMING = (Item, Has, WhoHas, ThingSelector, KindSelector)  # the nodes whose ``noun`` words name what they read
NOT_READ = object()  # a memo entry not worked out yet (None is an answer: "any")


def counters_read(game, number: int) -> frozenset | None:
    """The ids of the resources whose counters running node ``number`` could read or change,
    or None when that is not known (any). Worked out once per node."""
    memo = game.memo["counters_read"]
    found = dict.get(memo, number, NOT_READ)
    if found is NOT_READ:
        memo[number] = None  # a procedure that calls itself: any, while it is worked out
        found = memo[number] = _read(game, game.nodes[number])
    return found


def reads(game, number: int, resource: str) -> bool:
    """Whether node ``number`` could read or change the counter of ``resource``."""
    found = counters_read(game, number)
    return found is None or resource in found


def _read(game, root) -> frozenset | None:
    """counters_read of node ``root``, worked out: its nodes and theirs, down to the leaves."""
    found, todo = set(), [root]
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind is Call:  # its body's, unless something triggers after it
            plan = plan_of(game, game.number(node))
            body = None if plan.triggered else counters_read(game, plan.body)
            if body is None:
                return None
            found |= body
            continue
        if kind not in FOLLOWED or (kind is Move and game.set_kinds):
            return None
        if isinstance(node, NAMING):
            named = _resources_named(game, node.noun)
            if named is None:
                return None
            found |= named
        todo += children(node)
    return frozenset(found)


def _resources_named(game, words) -> frozenset | None:
    """The resources among the nouns ``words`` may stand for (the noun, its members and their
    terms: vocabulary.family); none for the players (a pick of seats), None for words that name
    no noun."""
    if is_players(words):
        return frozenset()
    noun = game.noun(words)
    if noun is None:
        return None
    nouns, found = game.nouns, set()
    for member in game.vocabulary.family(noun.id):  # (a loop: a generator would be a closure, and this a C function)
        if member in nouns and is_resource(nouns[member]):
            found.add(member)
    return frozenset(found)
