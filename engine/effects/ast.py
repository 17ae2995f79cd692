"""The typed syntax tree of the effect language.

One frozen dataclass per grammar rule, named after it. Every node carries the
span of text it came from; spans never take part in equality, so an effect
parsed from its canonical rendering compares equal to the original.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    """Where a node's text lies inside the effect string (0-based offsets)."""

    start: int
    end: int


@dataclass(frozen=True)
class Node:
    """Base of every node. (In the compiled build a C type, ast.pxd: a function that types a
    node's class reads its fields from the C struct. ``text`` keeps its rendering, ``number``
    its number in the game that numbered it.)"""

    # Outside the node's value: set once after the node is made (``at``, render.render, the
    # game's numbering: game._number), never compared, hashed or shown. (Written out here, not
    # made by a helper, and not a keyword of the constructor: the compiled build's dataclasses
    # read ``field`` only as written, and take no keyword-only fields.)
    span: Span | None = field(default=None, init=False, compare=False, repr=False, hash=False)
    text: str | None = field(default=None, init=False, compare=False, repr=False, hash=False)
    number: int | None = field(default=None, init=False, compare=False, repr=False, hash=False)


def at(node: Node, span: Span | None) -> Node:
    """``node``, placed at ``span`` of its effect's text (the parser's last word on a node)."""
    object.__setattr__(node, "span", span)
    return node


# ------------------------------------------------------------------ effects


@dataclass(frozen=True)
class Effect(Node):
    sentences: tuple[Sentence, ...]


@dataclass(frozen=True)
class Sentence(Node):
    steps: tuple[Node, ...]


@dataclass(frozen=True)
class Exchange(Node):
    cost: Node
    reward: Node


@dataclass(frozen=True)
class Bound(Node):
    step: Node
    name: str


@dataclass(frozen=True)
class May(Node):
    step: Node


@dataclass(frozen=True)
class Poll(Node):
    players: str  # "opponent" or "player"
    step: Node
    name: str | None = None
    who: Node | None = None  # which of them are asked (WhoHas, WhoPassed); None: all


@dataclass(frozen=True)
class Twice(Node):
    step: Node


@dataclass(frozen=True)
class Let(Node):
    name: str
    value: Node


@dataclass(frozen=True)
class LetAny(Node):
    """A number the player chooses in a range: "let Die be any value from 1 to 6"."""

    name: str
    low: Node
    high: Node


@dataclass(frozen=True)
class Adjust(Node):
    """The player moves a named number inside a range, paying ``cost`` per step;
    with ``wrap`` the two ends of the range are neighbours."""

    name: str
    low: Node
    high: Node
    wrap: bool = False
    cost: Pay | None = None


@dataclass(frozen=True)
class Set(Node):
    attribute: str
    name: str
    value: Node


@dataclass(frozen=True)
class Choice(Node):
    count: int
    options: tuple[Sentence, ...]
    upgrade: Node | None = None


@dataclass(frozen=True)
class Conditional(Node):
    condition: Node
    then: Sentence
    otherwise: Sentence | None = None


@dataclass(frozen=True)
class IfPossible(Node):
    """Carry out the body if it can be done in full, else nothing (never impossible)."""

    body: Sentence


@dataclass(frozen=True)
class OnlyIf(Node):
    condition: Node
    body: Sentence


@dataclass(frozen=True)
class ForEach(Node):
    selector: Node
    body: Sentence


@dataclass(frozen=True)
class ForEachOf(Node):
    item: Item
    name: str
    body: Sentence


@dataclass(frozen=True)
class ForEachIn(Node):
    attribute: str
    owner: str
    name: str
    body: Sentence


@dataclass(frozen=True)
class Repeat(Node):
    times: Node
    body: Sentence


@dataclass(frozen=True)
class Obligation(Node):
    player: Node
    body: Sentence


# ------------------------------------------------------------------ actions


@dataclass(frozen=True)
class ItemsAction(Node):
    """An action made of a keyword verb and a list of items."""

    items: tuple[Item, ...]


@dataclass(frozen=True)
class Gain(ItemsAction):
    per: Node | None = None


@dataclass(frozen=True)
class Lose(ItemsAction):
    pass


@dataclass(frozen=True)
class Pay(ItemsAction):
    pass


@dataclass(frozen=True)
class Give(Node):
    player: Node
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Draw(ItemsAction):
    pass


@dataclass(frozen=True)
class Discard(ItemsAction):
    pass


@dataclass(frozen=True)
class Take(ItemsAction):
    pass


@dataclass(frozen=True)
class Reveal(ItemsAction):
    pass


@dataclass(frozen=True)
class Play(ItemsAction):
    pass


@dataclass(frozen=True)
class Pick(ItemsAction):
    pass


@dataclass(frozen=True)
class Move(Node):
    name: str
    place: Node


@dataclass(frozen=True)
class Perform(Node):
    name: str


@dataclass(frozen=True)
class Pass(Node):
    pass


@dataclass(frozen=True)
class Call(Node):
    """A pack verb: its first word, an optional quantity, then free words.

    The checker splits the words into verb, object and modifiers.
    """

    verb: str
    quantity: Quantity | None
    words: tuple[str | int, ...]


# ------------------------------------------------------------------ things


@dataclass(frozen=True)
class Quantity(Node):
    mode: str  # exactly | up_to | at_least | at_most | more_than | less_than | all | every | any_number | passed
    value: int | str | None = None  # a number, or the name of a bound number (passed, up to Name)


@dataclass(frozen=True)
class Filter(Node):
    attribute: str
    value: int | str  # a number, or the name of a bound number
    direction: str | None = None  # "more" | "less" | None


@dataclass(frozen=True)
class OtherThan(Node):
    """A filter leaving out the things bound to ``name``: "other than Kept"."""

    name: str


@dataclass(frozen=True)
class Yours(Node):
    """A filter keeping only the acting player's own things: "every worker of yours on Space"
    (things in a shared place are everybody's otherwise)."""


@dataclass(frozen=True)
class Item(Node):
    quantity: Quantity
    noun: tuple[str, ...]
    filters: tuple[Filter | OtherThan | Yours, ...] = ()
    location: Location | None = None


@dataclass(frozen=True)
class BoundItem(Node):
    """A thing bound earlier with "as", used where items go: "discard Card"."""

    name: str


@dataclass(frozen=True)
class Location(Node):
    preposition: str  # in | on | from
    place: Node


@dataclass(frozen=True)
class OwnPlace(Node):
    words: tuple[str, ...]


@dataclass(frozen=True)
class EveryPlace(Node):
    words: tuple[str, ...]
    filters: tuple[Node, ...] = ()  # "each row of value N": only the places that pass them


@dataclass(frozen=True)
class VarPlace(Node):
    name: str


@dataclass(frozen=True)
class PlaceOf(Node):
    attribute: str
    name: str


@dataclass(frozen=True)
class PlayerSelector(Node):
    players: str  # opponent | player (singular or plural as written)
    who: Node | None = None


@dataclass(frozen=True)
class WhoDid(Node):
    negated: bool = False


@dataclass(frozen=True)
class WhoPassed(Node):
    """The players who have passed in the phase under way (or, negated, who have not)."""
    negated: bool = False


@dataclass(frozen=True)
class WhoHas(Node):
    comparison: Comparison
    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None


@dataclass(frozen=True)
class ThingSelector(Node):
    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None


@dataclass(frozen=True)
class KindSelector(Node):
    """The different values of an attribute among the things: "kind of card in Made"
    (kinds: a card's definition), "type of card in your tableau"."""

    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None
    attribute: str = "kind"


# ------------------------------------------------------------------ players


@dataclass(frozen=True)
class You(Node):
    pass


@dataclass(frozen=True)
class PlayerVar(Node):
    name: str


@dataclass(frozen=True)
class Neighbour(Node):
    side: str  # right | left


# ------------------------------------------------------------------ conditions


@dataclass(frozen=True)
class AnyOf(Node):
    conditions: tuple[Node, ...]


@dataclass(frozen=True)
class AllOf(Node):
    conditions: tuple[Node, ...]


@dataclass(frozen=True)
class Not(Node):
    condition: Node


@dataclass(frozen=True)
class Has(Node):
    player: Node
    verb: str  # "have" | "has", kept for faithful rendering
    comparison: Comparison
    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None


@dataclass(frozen=True)
class HasAllOf(Node):
    player: Node
    verb: str
    attribute: str
    name: str


@dataclass(frozen=True)
class Compare(Node):
    left: Node
    comparison: Comparison


@dataclass(frozen=True)
class Flag(Node):
    name: str


@dataclass(frozen=True)
class Truth(Node):
    """A number or attribute used as a yes/no test: true when not 0."""

    value: Node


@dataclass(frozen=True)
class Comparison(Node):
    op: str | None  # at least | at most | more than | less than | fewer than | exactly | None
    right: Node


# ------------------------------------------------------------------ numbers


@dataclass(frozen=True)
class Number(Node):
    value: int


@dataclass(frozen=True)
class Var(Node):
    name: str


@dataclass(frozen=True)
class Attribute(Node):
    attribute: str
    name: str


@dataclass(frozen=True)
class Count(Node):
    selector: Node


@dataclass(frozen=True)
class Aggregate(Node):
    kind: str  # highest | lowest | total
    attribute: str
    selector: Node


@dataclass(frozen=True)
class Plus(Node):
    left: Node
    right: Node


@dataclass(frozen=True)
class Minus(Node):
    left: Node
    right: Node


COMPOUND_CONDITIONS = (AnyOf, AllOf)
