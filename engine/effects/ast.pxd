# Declarations for the compiled build only (setup.py): Cython makes every node of the effect
# language a C type (a dataclass all the same: made, compared, hashed and shown as the plain
# module's). A function whose .pxd types a node's parameter by its class then reads the node's
# fields from the C struct, without a lookup by name. The plain Python module ignores this file.
# Every field of every node is declared here (tests/test_compiled_declarations.py); ``span``,
# ``text`` and ``number`` are set once after the node is made (ast.at, render, game._number), so
# they are public.

cdef class Span:
    cdef readonly object start, end
cdef class Node:
    cdef public object span, text, number
cdef class Effect(Node):
    cdef readonly object sentences
cdef class Sentence(Node):
    cdef readonly object steps
cdef class Exchange(Node):
    cdef readonly object cost, reward
cdef class Bound(Node):
    cdef readonly object step, name
cdef class May(Node):
    cdef readonly object step
cdef class Poll(Node):
    cdef readonly object players, step, name, who
cdef class Twice(Node):
    cdef readonly object step
cdef class Let(Node):
    cdef readonly object name, value
cdef class LetAny(Node):
    cdef readonly object name, low, high
cdef class Adjust(Node):
    cdef readonly object name, low, high, wrap, cost
cdef class Set(Node):
    cdef readonly object attribute, name, value
cdef class Choice(Node):
    cdef readonly object count, options, upgrade
cdef class Conditional(Node):
    cdef readonly object condition, then, otherwise
cdef class IfPossible(Node):
    cdef readonly object body
cdef class OnlyIf(Node):
    cdef readonly object condition, body
cdef class ForEach(Node):
    cdef readonly object selector, body
cdef class ForEachOf(Node):
    cdef readonly object item, name, body
cdef class ForEachIn(Node):
    cdef readonly object attribute, owner, name, body
cdef class Repeat(Node):
    cdef readonly object times, body
cdef class Obligation(Node):
    cdef readonly object player, body
cdef class ItemsAction(Node):
    cdef readonly object items
cdef class Gain(ItemsAction):
    cdef readonly object per
cdef class Lose(ItemsAction):
    pass
cdef class Pay(ItemsAction):
    pass
cdef class Give(Node):
    cdef readonly object player, items
cdef class Draw(ItemsAction):
    pass
cdef class Discard(ItemsAction):
    pass
cdef class Take(ItemsAction):
    pass
cdef class Reveal(ItemsAction):
    pass
cdef class Play(ItemsAction):
    pass
cdef class Pick(ItemsAction):
    pass
cdef class Move(Node):
    cdef readonly object name, place
cdef class Perform(Node):
    cdef readonly object name
cdef class Pass(Node):
    pass
cdef class Call(Node):
    cdef readonly object verb, quantity, words
cdef class Quantity(Node):
    cdef readonly object mode, value
cdef class Filter(Node):
    cdef readonly object attribute, value, direction
cdef class OtherThan(Node):
    cdef readonly object name
cdef class Yours(Node):
    pass
cdef class Item(Node):
    cdef readonly object quantity, noun, filters, location
cdef class BoundItem(Node):
    cdef readonly object name
cdef class Location(Node):
    cdef readonly object preposition, place
cdef class OwnPlace(Node):
    cdef readonly object words
cdef class EveryPlace(Node):
    cdef readonly object words, filters
cdef class VarPlace(Node):
    cdef readonly object name
cdef class PlaceOf(Node):
    cdef readonly object attribute, name
cdef class PlayerSelector(Node):
    cdef readonly object players, who
cdef class WhoDid(Node):
    cdef readonly object negated
cdef class WhoPassed(Node):
    cdef readonly object negated
cdef class WhoHas(Node):
    cdef readonly object comparison, noun, filters, location
cdef class ThingSelector(Node):
    cdef readonly object noun, filters, location
cdef class KindSelector(Node):
    cdef readonly object noun, filters, location, attribute
cdef class You(Node):
    pass
cdef class PlayerVar(Node):
    cdef readonly object name
cdef class Neighbour(Node):
    cdef readonly object side
cdef class AnyOf(Node):
    cdef readonly object conditions
cdef class AllOf(Node):
    cdef readonly object conditions
cdef class Not(Node):
    cdef readonly object condition
cdef class Has(Node):
    cdef readonly object player, verb, comparison, noun, filters, location
cdef class HasAllOf(Node):
    cdef readonly object player, verb, attribute, name
cdef class Compare(Node):
    cdef readonly object left, comparison
cdef class Flag(Node):
    cdef readonly object name
cdef class Truth(Node):
    cdef readonly object value
cdef class Comparison(Node):
    cdef readonly object op, right
cdef class Number(Node):
    cdef readonly object value
cdef class Var(Node):
    cdef readonly object name
cdef class Attribute(Node):
    cdef readonly object attribute, name
cdef class Count(Node):
    cdef readonly object selector
cdef class Aggregate(Node):
    cdef readonly object kind, attribute, selector
cdef class Plus(Node):
    cdef readonly object left, right
cdef class Minus(Node):
    cdef readonly object left, right
