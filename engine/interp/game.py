"""The compiled game: every definition, effect tree and word of the loaded packs.

Built once from a clean validation. Frozen: nothing here changes during play.
Every node of every effect gets a small integer, so execution frames in the
(plain-data) state can point at nodes; the same packs always give the same
numbers, because effects are numbered in load order.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.effects.ast import Effect, Node, Sentence
from engine.effects.check import ResolvedCall, check
from engine.effects.pipeline import bound_names
from engine.effects.vocabulary import Vocabulary, build_vocabulary
from engine.positions import to_plain


# The memo's tables the interpreter's modules fill as they work facts out (per node, kind or
# call), each named by the module that owns it: fallible, handlers, items, needs, sets, verdict, world.
MEMO_TABLES = ("can_fail", "failing answers", "call env", "answer needs", "sets", "judging order", "weight",
               "seen by", "decks of", "has reserve", "groups of", "steps fail", "card names", "instance names",
               "triggers fail", "guards", "plain payments")


NO_ITEMS: dict = {}  # the items of a namespace no pack declares (never written to)


@dataclass(frozen=True, slots=True)
class Game:
    """Everything static about a game, indexed for the interpreter."""

    packs: tuple[dict, ...]
    table: MappingProxyType  # namespace -> id -> plain item data
    vocabulary: Vocabulary
    nodes: list  # every effect node, by number (extra effects are appended, see add_effect)
    effects: MappingProxyType  # "namespace:id:key/path" -> root node number
    calls: dict  # call node number -> ResolvedCall
    procedures: MappingProxyType  # procedure id -> root node number of its body
    node_numbers: dict = field(repr=False, compare=False)  # id(node) -> number
    parts: dict = field(default_factory=dict, repr=False, compare=False)  # sequence number -> its steps, flat
    entry: list = field(default_factory=list, repr=False, compare=False)  # number -> the node that really runs
    memo: dict = field(default_factory=dict, repr=False, compare=False)  # derived facts, computed once
    # id(node) -> (node, its compiled test or its place facts) (values.py)
    fast: dict = field(default_factory=dict, repr=False, compare=False)
    # Worked out from the table once (__post_init__), read at nearly every step:
    namespaces: dict = field(init=False, repr=False, compare=False)  # the table as a plain dict (read with no proxy)
    printed: dict = field(init=False, repr=False, compare=False)  # card id -> its printed attributes
    global_resources: frozenset = field(init=False, repr=False, compare=False)  # counted once for the game
    resource_bounds: dict = field(init=False, repr=False, compare=False)  # resource id -> (minimum, maximum)
    fixed_kinds: frozenset = field(init=False, repr=False, compare=False)  # places, spaces, decks: in nothing
    reserve_kinds: frozenset = field(init=False, repr=False, compare=False)  # places holding pieces not in play

    def __post_init__(self) -> None:
        """Facts read at nearly every step, worked out once: plain attribute reads after; and
        the memo's tables of facts per node or kind, made empty here so that a read of one
        never has to make it."""
        for name in MEMO_TABLES:
            self.memo.setdefault(name, {})
        items = self.table
        object.__setattr__(self, "namespaces", dict(items))
        cards, resources = items.get("cards", {}), items.get("resources", {})
        object.__setattr__(self, "printed", {card: item.get("attributes", {}) for card, item in cards.items()})
        object.__setattr__(self, "global_resources", frozenset(
            resource for resource, item in resources.items() if item.get("scope") == "global"))
        places = items.get("places", {})
        object.__setattr__(self, "fixed_kinds", frozenset(places) | frozenset(items.get("spaces", {}))
                           | frozenset(items.get("decks", {})))
        object.__setattr__(self, "reserve_kinds", frozenset(k for k, item in places.items() if item.get("reserve")))
        object.__setattr__(self, "resource_bounds", {resource: (item.get("min", 0), item.get("max"))
                                                     for resource, item in resources.items()})

    def item(self, namespace: str, item_id: str) -> dict:
        return self.namespaces[namespace][item_id]

    def items(self, namespace: str) -> dict:
        return dict.get(self.namespaces, namespace, NO_ITEMS)

    def number(self, node: Node) -> int:
        return self.node_numbers[id(node)]

    def effect(self, namespace: str, item_id: str, key: str = "effect") -> int | None:
        return self.effects.get(f"{namespace}:{item_id}:{key}")

    def add_effect(self, text: str) -> int:
        """Parse, check and number an effect that is not in the packs (a scenario's setup);
        its number is only valid in this process."""
        from engine.effects import parse_effect

        tree = parse_effect(text)
        problems, resolved = check(tree, self.vocabulary)
        if problems:
            raise ValueError(f"effect {text!r}: {problems[0].message}")
        _number(tree, self.nodes, self.node_numbers)
        _flatten(self.nodes, self.node_numbers, self.parts, self.entry)
        for node_id, call in resolved.items():
            self.calls[self.node_numbers[node_id]] = call
        return self.node_numbers[id(tree)]

    def noun(self, words) -> object:
        return self.vocabulary.noun(words)

    def triggers(self, what: str) -> tuple[tuple[str, str, int, dict, int | None], ...]:
        """The triggers of structures and workers that fire after ``what`` (a procedure or a
        space): (namespace, kind, index, trigger, effect root), in declaration order."""
        key = ("triggers", what)
        if key not in self.memo:
            self.memo[key] = tuple(
                (namespace, kind, index, trigger, self.effect(namespace, kind, f"triggers/{index}/effect"))
                for namespace in ("structures", "workers") for kind, item in self.items(namespace).items()
                for index, trigger in enumerate(item.get("triggers", [])) if trigger.get("after") == what)
        return self.memo[key]

    def kinds(self, noun_id: str) -> frozenset[str]:
        """The thing kinds a noun stands for (a group: its members; a term: its base)."""
        key = ("kinds", noun_id)
        if key not in self.memo:
            self.memo[key] = _kinds(self.vocabulary, noun_id)
        return self.memo[key]

    def terms_of(self, noun_id: str) -> tuple[str, ...]:
        """The term conditions a noun adds (a term's own, or none)."""
        noun = self.vocabulary.nouns.get(noun_id)
        return (noun_id,) if noun is not None and noun.namespace == "terms" else ()


def compile_game(result) -> Game:
    """Compile a clean ValidationResult into a Game."""
    table = {ns: {i: to_plain(d.data) for i, d in items.items()} for ns, items in result.table.items()}
    vocabulary = build_vocabulary(table)
    nodes: list[Node] = []
    numbers: dict[int, int] = {}
    effects: dict[str, int] = {}
    calls: dict[int, ResolvedCall] = {}
    for found, tree in result.effects:
        _number(tree, nodes, numbers)
        effects[_address(found)] = numbers[id(tree)]
        bound = bound_names(found, vocabulary)
        _problems, resolved = check(tree, vocabulary, bound)
        for node_id, call in resolved.items():
            calls[numbers[node_id]] = call
    procedures = {pid: effects[f"procedures:{pid}:effect"] for pid in table.get("procedures", {})}
    packs = tuple(
        {"id": pack.id, "version": str(pack.version), "hash": pack.content_hash} for pack in result.packs.values()
    )
    parts: dict[int, tuple[int, ...]] = {}
    entry: list[int] = []
    _flatten(nodes, numbers, parts, entry)
    return Game(
        packs=packs,
        table=MappingProxyType(table),
        vocabulary=vocabulary,
        nodes=nodes,
        effects=MappingProxyType(effects),
        calls=calls,
        procedures=MappingProxyType(procedures),
        node_numbers=numbers,
        parts=parts,
        entry=entry,
    )


def _number(node, nodes: list, numbers: dict) -> None:
    """Give ``node`` and all nodes below it a number, parents first."""
    if id(node) in numbers:
        return
    numbers[id(node)] = len(nodes)
    nodes.append(node)
    for item in dataclasses.fields(node):
        value = getattr(node, item.name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if isinstance(child, Node):
                _number(child, nodes, numbers)


def _flatten(nodes: list, numbers: dict, parts: dict, entry: list) -> None:
    """Number the steps of every sequence flat, and say which node really runs for each number.

    An effect is sentences of steps; running it is running its steps one after the
    other, and its result is the last step's. So a sequence runs as the flat list of
    the steps below it (``parts``), and a sequence of exactly one step runs as that
    step (``entry``): no execution frame is spent on the wrapping. ``numbers`` is the
    game's table of id(node) -> number; only the nodes numbered since the last call are new.
    """
    for number in range(len(entry), len(nodes)):
        parts_of = _flat_steps(nodes[number], numbers)
        entry.append(number)
        if parts_of is not None:
            parts[number] = parts_of
            if len(parts_of) == 1:
                entry[number] = parts_of[0]  # a step is never a sequence itself: see _flat_steps


def _flat_steps(node, numbers: dict) -> tuple[int, ...] | None:
    """The steps of a sequence (an effect or a sentence), nested sequences opened; None for a step."""
    if isinstance(node, Effect):
        children = node.sentences
    elif isinstance(node, Sentence):
        children = node.steps
    else:
        return None
    steps: list[int] = []
    for child in children:
        inner = _flat_steps(child, numbers)
        steps.extend(inner if inner is not None else (numbers[id(child)],))
    return tuple(steps)


def _address(found) -> str:
    """'namespace:id:key/path' of an effect string inside its item."""
    namespace, index, *rest = found.path
    item = found.document.data[namespace][index]
    return f"{namespace}:{item['id']}:" + "/".join(str(part) for part in rest)


def _kinds(vocabulary: Vocabulary, noun_id: str, seen=None) -> frozenset[str]:
    seen = seen or set()
    if noun_id in seen:
        return frozenset()
    seen.add(noun_id)
    noun = vocabulary.nouns.get(noun_id)
    if noun is None:
        return frozenset({noun_id})
    if noun.namespace == "terms":
        return _kinds(vocabulary, noun.base, seen)
    found = set()
    if noun.namespace != "groups":
        found.add(noun_id)
    for member in vocabulary.members.get(noun_id, ()):
        member_noun = vocabulary.nouns.get(member)
        if member_noun is not None and member_noun.namespace != "terms":
            found |= _kinds(vocabulary, member, seen)
    return frozenset(found)
