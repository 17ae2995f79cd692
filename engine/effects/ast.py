"""The typed syntax tree of the effect language.

One frozen dataclass per grammar rule, named after it. Every node carries the
span of text it came from; spans never take part in equality, so an effect
parsed from its canonical rendering compares equal to the original.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node's text lies inside the effect string (0-based offsets)."""

    start: int
    end: int


def _span() -> Span | None:
    return field(default=None, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Node:
    """Base of every node. (Slotted: a compiled interpreter reads a node's fields without a
    dictionary lookup; ``text`` keeps its rendering, see render.render.)"""

    span: Span | None = _span()
    text: str | None = field(default=None, init=False, compare=False, repr=False)


# ------------------------------------------------------------------ effects


@dataclass(frozen=True, slots=True)
class Effect(Node):
    sentences: tuple[Sentence, ...]


@dataclass(frozen=True, slots=True)
class Sentence(Node):
    steps: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Exchange(Node):
    cost: Node
    reward: Node


@dataclass(frozen=True, slots=True)
class Bound(Node):
    step: Node
    name: str


@dataclass(frozen=True, slots=True)
class May(Node):
    step: Node


@dataclass(frozen=True, slots=True)
class Poll(Node):
    players: str  # "opponent" or "player"
    step: Node
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Twice(Node):
    step: Node


@dataclass(frozen=True, slots=True)
class Let(Node):
    name: str
    value: Node


@dataclass(frozen=True, slots=True)
class LetAny(Node):
    """A number the player chooses in a range: "let Die be any value from 1 to 6"."""

    name: str
    low: Node
    high: Node


@dataclass(frozen=True, slots=True)
class Adjust(Node):
    """The player moves a named number inside a range, paying ``cost`` per step;
    with ``wrap`` the two ends of the range are neighbours."""

    name: str
    low: Node
    high: Node
    wrap: bool = False
    cost: Pay | None = None


@dataclass(frozen=True, slots=True)
class Set(Node):
    attribute: str
    name: str
    value: Node


@dataclass(frozen=True, slots=True)
class Choice(Node):
    count: int
    options: tuple[Sentence, ...]
    upgrade: Node | None = None


@dataclass(frozen=True, slots=True)
class Conditional(Node):
    condition: Node
    then: Sentence
    otherwise: Sentence | None = None


@dataclass(frozen=True, slots=True)
class IfPossible(Node):
    """Carry out the body if it can be done in full, else nothing (never impossible)."""

    body: Sentence


@dataclass(frozen=True, slots=True)
class OnlyIf(Node):
    condition: Node
    body: Sentence


@dataclass(frozen=True, slots=True)
class ForEach(Node):
    selector: Node
    body: Sentence


@dataclass(frozen=True, slots=True)
class ForEachOf(Node):
    item: Item
    name: str
    body: Sentence


@dataclass(frozen=True, slots=True)
class ForEachIn(Node):
    attribute: str
    owner: str
    name: str
    body: Sentence


@dataclass(frozen=True, slots=True)
class Repeat(Node):
    times: Node
    body: Sentence


@dataclass(frozen=True, slots=True)
class Obligation(Node):
    player: Node
    body: Sentence


# ------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class ItemsAction(Node):
    """An action made of a keyword verb and a list of items."""

    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Gain(ItemsAction):
    per: Node | None = None


@dataclass(frozen=True, slots=True)
class Lose(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Pay(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Give(Node):
    player: Node
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Draw(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Discard(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Take(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Reveal(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Play(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Pick(ItemsAction):
    pass


@dataclass(frozen=True, slots=True)
class Move(Node):
    name: str
    place: Node


@dataclass(frozen=True, slots=True)
class Perform(Node):
    name: str


@dataclass(frozen=True, slots=True)
class Pass(Node):
    pass


@dataclass(frozen=True, slots=True)
class Call(Node):
    """A pack verb: its first word, an optional quantity, then free words.

    The checker splits the words into verb, object and modifiers.
    """

    verb: str
    quantity: Quantity | None
    words: tuple[str | int, ...]


# ------------------------------------------------------------------ things


@dataclass(frozen=True, slots=True)
class Quantity(Node):
    mode: str  # exactly | up_to | at_least | at_most | more_than | less_than | all | every | any_number | passed
    value: int | str | None = None  # a number, or the name of a bound number (passed, up to Name)


@dataclass(frozen=True, slots=True)
class Filter(Node):
    attribute: str
    value: int | str  # a number, or the name of a bound number
    direction: str | None = None  # "more" | "less" | None


@dataclass(frozen=True, slots=True)
class OtherThan(Node):
    """A filter leaving out the things bound to ``name``: "other than Kept"."""

    name: str


@dataclass(frozen=True, slots=True)
class Yours(Node):
    """A filter keeping only the acting player's own things: "every worker of yours on Space"
    (things in a shared place are everybody's otherwise)."""


@dataclass(frozen=True, slots=True)
class Item(Node):
    quantity: Quantity
    noun: tuple[str, ...]
    filters: tuple[Filter | OtherThan | Yours, ...] = ()
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class BoundItem(Node):
    """A thing bound earlier with "as", used where items go: "discard Card"."""

    name: str


@dataclass(frozen=True, slots=True)
class Location(Node):
    preposition: str  # in | on | from
    place: Node


@dataclass(frozen=True, slots=True)
class OwnPlace(Node):
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EveryPlace(Node):
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VarPlace(Node):
    name: str


@dataclass(frozen=True, slots=True)
class PlaceOf(Node):
    attribute: str
    name: str


@dataclass(frozen=True, slots=True)
class PlayerSelector(Node):
    players: str  # opponent | player (singular or plural as written)
    who: Node | None = None


@dataclass(frozen=True, slots=True)
class WhoDid(Node):
    negated: bool = False


@dataclass(frozen=True, slots=True)
class WhoHas(Node):
    comparison: Comparison
    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class ThingSelector(Node):
    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class KindSelector(Node):
    """The different values of an attribute among the things: "kind of card in Made"
    (kinds: a card's definition), "type of card in your tableau"."""

    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None
    attribute: str = "kind"


# ------------------------------------------------------------------ players


@dataclass(frozen=True, slots=True)
class You(Node):
    pass


@dataclass(frozen=True, slots=True)
class PlayerVar(Node):
    name: str


@dataclass(frozen=True, slots=True)
class Neighbour(Node):
    side: str  # right | left


# ------------------------------------------------------------------ conditions


@dataclass(frozen=True, slots=True)
class AnyOf(Node):
    conditions: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class AllOf(Node):
    conditions: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Not(Node):
    condition: Node


@dataclass(frozen=True, slots=True)
class Has(Node):
    player: Node
    verb: str  # "have" | "has", kept for faithful rendering
    comparison: Comparison
    noun: tuple[str, ...]
    filters: tuple[Filter, ...] = ()
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class HasAllOf(Node):
    player: Node
    verb: str
    attribute: str
    name: str


@dataclass(frozen=True, slots=True)
class Compare(Node):
    left: Node
    comparison: Comparison


@dataclass(frozen=True, slots=True)
class Flag(Node):
    name: str


@dataclass(frozen=True, slots=True)
class Truth(Node):
    """A number or attribute used as a yes/no test: true when not 0."""

    value: Node


@dataclass(frozen=True, slots=True)
class Comparison(Node):
    op: str | None  # at least | at most | more than | less than | fewer than | exactly | None
    right: Node


# ------------------------------------------------------------------ numbers


@dataclass(frozen=True, slots=True)
class Number(Node):
    value: int


@dataclass(frozen=True, slots=True)
class Var(Node):
    name: str


@dataclass(frozen=True, slots=True)
class Attribute(Node):
    attribute: str
    name: str


@dataclass(frozen=True, slots=True)
class Count(Node):
    selector: Node


@dataclass(frozen=True, slots=True)
class Aggregate(Node):
    kind: str  # highest | lowest | total
    attribute: str
    selector: Node


@dataclass(frozen=True, slots=True)
class Plus(Node):
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Minus(Node):
    left: Node
    right: Node


COMPOUND_CONDITIONS = (AnyOf, AllOf)
