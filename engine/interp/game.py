"""The compiled game: every definition, effect tree and word of the loaded packs.

Built once from a clean validation. Frozen: nothing here changes during play.
Every node of every effect gets a small integer, so execution frames in the
(plain-data) state can point at nodes; the same packs always give the same
numbers, because effects are numbered in load order.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from engine.effects.ast import Effect, Node, Sentence
from engine.effects.check import ResolvedCall, check
from engine.effects.pipeline import bound_names
from engine.effects.vocabulary import Vocabulary, build_vocabulary
from engine.interp.settings import NO_SETTINGS, settings_of
from engine.positions import to_plain


# The memo's tables the interpreter's modules fill as they work facts out (per node, kind or
# call), each named by the module that owns it: fallible, handlers, items, needs, sets, values, verdict,
# world. Their names are identifiers: Python and Cython intern a constant that is one, so a read of
# a table finds its name at the identity test (a name with a space is compared letter by letter).
MEMO_TABLES = ("can_fail", "failing_answers", "answer_needs", "sets", "judging_order", "weight",
               "seen_by", "decks_of", "has_reserve", "groups_of", "card_names", "fixed_names",
               "triggers_fail", "guards", "plain_payments", "triggers", "kinds", "noun_facts", "terms", "defined",
               "slot_effects", "placement_rows", "zone_values", "option_weights", "plain_draws", "value_keys",
               "placement_keys", "value_steps", "choice_options", "choice_keys", "choice_indexes", "choice_names",
               "value_options",
               "option_draws", "option_guards", "ordered_kinds",
               "counter_conditions", "wording", "row_labels", "deciding", "deciding_parts", "candidate_readers",
               "discard_piles", "sure_knowing", "card_options", "rendered", "moves_told", "counters_read", "needs_exact",
               "decided_options", "sure_choice_keys", "item_words")


# The memo's tables read at nearly every choice point, kept as fields of the game too (the same
# dicts): in the compiled build a field is read from the C struct, where a table read by its name
# is a lookup in the memo (game.pxd).
FIELD_TABLES = ("candidate_readers", "answer_needs", "card_names", "judging_order", "choice_indexes",
                "card_options", "moves_told", "failing_answers", "discard_piles", "fixed_names")

NO_ITEMS: dict = {}  # the items of a namespace no pack declares (never written to)
NOT_READ = object()  # a memo entry not worked out yet (the sets rule's memo also holds None)


# The fields a Game is made with, in order (Game.replaced reads them); the rest are worked out.
MADE_WITH = ("packs", "table", "vocabulary", "nodes", "effects", "calls", "procedures", "node_numbers", "parts",
             "entry", "memo", "fast", "settings")


class Game:
    """Everything static about a game, indexed for the interpreter. Frozen: every field is set
    when it is made, and setting one after raises AttributeError. (The compiled build makes it
    a C type, game.pxd: the interpreter reads its fields and calls its methods without a
    lookup by name.)"""

    __slots__ = MADE_WITH + ("runs", "fail_from", "dispatch", "namespaces", "printed", "global_resources",
                             "resource_bounds", "fixed_kinds", "reserve_kinds", "set_kinds", "phrases", "nouns",
                             "word_nouns", "call_plans", "_made") + FIELD_TABLES

    def __init__(self, packs: tuple, table: MappingProxyType, vocabulary: Vocabulary, nodes: list,
                 effects: MappingProxyType, calls: dict, procedures: MappingProxyType, node_numbers: dict,
                 parts: dict | None = None, entry: list | None = None, memo: dict | None = None,
                 fast: dict | None = None, settings=None) -> None:
        self.packs = packs
        self.settings = NO_SETTINGS if settings is None else settings  # player counts and options (settings.py)
        self.table = table  # namespace -> id -> plain item data
        self.vocabulary = vocabulary
        self.nodes = nodes  # every effect node, by number (extra effects are appended, see add_effect)
        self.effects = effects  # "namespace:id:key/path" -> root node number
        self.calls = calls  # call node number -> ResolvedCall
        self.procedures = procedures  # procedure id -> root node number of its body
        self.node_numbers = node_numbers  # id(node) -> number, at load (play reads node.number)
        self.parts = {} if parts is None else parts  # sequence number -> its steps, flat
        self.entry = [] if entry is None else entry  # number -> the node that really runs
        # number -> what runs, one step after the other: a sequence's flat steps, else the number
        # itself; and whether the rest can fail from each of them (fallible.steps_fail, None until
        # worked out). Lists read by the number, at every step of a walk.
        self.runs, self.fail_from = [], []
        _runs_extended(self.runs, self.fail_from, self.parts, len(self.entry))
        self.dispatch: dict = {}  # name -> (a table by node type, the list by number read off it): by_number
        self.memo = {} if memo is None else memo  # derived facts, computed once
        self.fast = {} if fast is None else fast  # id(node) -> (node, its compiled test or place facts) (values.py)
        # the memo's tables, made empty here so that a read of one never has to make it
        for name in MEMO_TABLES:
            self.memo.setdefault(name, {})
        memo = self.memo  # (FIELD_TABLES, one by one: a C type's fields are set by their names)
        self.candidate_readers, self.answer_needs, self.card_names = (
            memo["candidate_readers"], memo["answer_needs"], memo["card_names"])
        self.judging_order, self.choice_indexes, self.card_options = (
            memo["judging_order"], memo["choice_indexes"], memo["card_options"])
        self.moves_told, self.failing_answers, self.discard_piles, self.fixed_names = (
            memo["moves_told"], memo["failing_answers"], memo["discard_piles"], memo["fixed_names"])
        # Worked out from the table once, read at nearly every step:
        items = self.namespaces = dict(table)  # the table as a plain dict (read with no proxy)
        cards, resources, places = items.get("cards", {}), items.get("resources", {}), items.get("places", {})
        self.printed = {card: item.get("attributes", {}) for card, item in cards.items()}  # card id -> attributes
        self.global_resources = frozenset(  # counted once for the game
            resource for resource, item in resources.items() if item.get("scope") == "global")
        self.resource_bounds = {resource: (item.get("min", 0), item.get("max"))  # resource id -> (least, most)
                                for resource, item in resources.items()}
        self.fixed_kinds = (frozenset(places) | frozenset(items.get("spaces", {}))  # places, spaces, decks: in nothing
                            | frozenset(items.get("decks", {})))
        self.reserve_kinds = frozenset(k for k, item in places.items() if item.get("reserve"))  # pieces not in play
        self.set_kinds = frozenset(k for k, item in places.items() if item.get("sets"))  # things lie in sets there
        self.phrases = vocabulary.phrases  # words -> noun (the vocabulary's, read without its lookup by name)
        self.nouns = vocabulary.nouns  # noun id -> noun (likewise)
        self.word_nouns: dict = {}  # node number -> the noun its words name (values.noun_named)
        self.call_plans: dict = {}  # call node number -> what it runs, as its words fix it (calls.plan_of)
        self._made = True

    def __setattr__(self, name: str, value) -> None:
        if getattr(self, "_made", False):
            raise AttributeError(f"a Game is frozen: {name} cannot be set")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"Game(packs={self.packs!r})"

    def replaced(self, **changes) -> Game:
        """A new Game made with the same fields but ``changes`` (the rest worked out again)."""
        return Game(**{name: changes.get(name, getattr(self, name)) for name in MADE_WITH})

    def item(self, namespace: str, item_id: str) -> dict:
        items = self.namespaces[namespace]  # (typed in the compiled build: the dict's own read)
        return items[item_id]

    def items(self, namespace: str) -> dict:
        return dict.get(self.namespaces, namespace, NO_ITEMS)

    def phase_name(self, phase: str) -> str:
        """The name a player reads for a phase (its id when it has none)."""
        return dict.get(self.items("phases").get(phase) or {}, "name", phase)

    def number(self, node: Node) -> int:
        return node.number

    def key_of(self, node: Node) -> int:
        """A memo's key for ``node``: its number, or for a node the engine made itself (not
        numbered) its id. (A memo keeps the node with what it knows of it, since ids are reused.)"""
        number = node.number
        return id(node) if number is None else number

    def entry_of(self, node) -> int:
        """The number of the node that runs for ``node`` (a node, or its number)."""
        at = node if type(node) is int else self.number(node)  # (a C index in the compiled build)
        return self.entry[at]

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
        _runs_extended(self.runs, self.fail_from, self.parts, len(self.entry))
        for table, listed in self.dispatch.values():
            _by_number_extended(table, listed, self.nodes)
        for node_id, call in resolved.items():
            self.calls[self.node_numbers[node_id]] = call
        return self.node_numbers[id(tree)]

    def by_number(self, name: str, table: dict) -> list:
        """``table`` (node type -> what handles it: the handlers, the leaves) read by node number:
        each node's entry, None where it has none, in a list as long as the nodes (add_effect
        extends it). Made at its first need, once per game and table; a list read by number
        costs a few instructions where a table read by type costs a dictionary lookup."""
        found = dict.get(self.dispatch, name)
        if found is None:
            found = self.dispatch[name] = (table, [])
            _by_number_extended(table, found[1], self.nodes)
        elif found[0] is not table:  # (one name, one table: else a list read off another would be handed out)
            raise ValueError(f"the table read by number as {name!r} is another table")
        return found[1]

    def noun(self, words) -> object:
        return self.vocabulary.noun(words)

    def triggers(self, what: str) -> tuple[tuple[str, str, int, dict, int | None], ...]:
        """The triggers of structures and workers that fire after ``what`` (a procedure or a
        space): (namespace, kind, index, trigger, effect root), in declaration order."""
        memo = self.memo["triggers"]
        found = dict.get(memo, what)
        if found is None:  # (a list made into a tuple: a generator would be a closure, and this a C method)
            found = memo[what] = tuple([
                (namespace, kind, index, trigger, self.effect(namespace, kind, f"triggers/{index}/effect"))
                for namespace in ("structures", "workers") for kind, item in self.items(namespace).items()
                for index, trigger in enumerate(item.get("triggers", [])) if trigger.get("after") == what])
        return found

    def kinds(self, noun_id: str) -> frozenset[str]:
        """The thing kinds a noun stands for (a group: its members; a term: its base)."""
        memo = self.memo["kinds"]
        found = dict.get(memo, noun_id)
        if found is None:
            found = memo[noun_id] = _kinds(self.vocabulary, noun_id)
        return found

    def sets_rule(self, kind: str) -> dict | None:
        """The ``sets`` rule of the place kind ``kind`` (None: its things lie loose; sets.py),
        read once per kind."""
        memo = self.memo["sets"]
        found = dict.get(memo, kind, NOT_READ)
        if found is NOT_READ:
            item = dict.get(self.items("places"), kind)
            found = memo[kind] = dict.get(item, "sets") if item else None
        return found

    def memo_for(self, table: str, key) -> dict:
        """The part of the memo table ``table`` for ``key``, made empty at its first need: the
        facts that two values fix, read by the first and then the second."""
        return memo_part(self.memo[table], key)

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
        if not found.live:  # (overridden or patched by a later pack: checked, not played)
            continue
        _number(tree, nodes, numbers)
        effects[found.address] = numbers[id(tree)]
        bound = bound_names(found, vocabulary)
        _problems, resolved = check(tree, vocabulary, bound)
        for node_id, call in resolved.items():
            calls[numbers[node_id]] = call
    procedures = {pid: effects[f"procedures:{pid}:effect"] for pid in table.get("procedures", {})}
    packs = tuple(
        {"id": pack.id, "version": str(pack.version), "hash": pack.content_hash} for pack in result.packs.values()
    )
    settings = settings_of([to_plain(result.packs[pack_id].manifest) for pack_id in result.load_order])
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
        settings=settings,
    )


def _number(node, nodes: list, numbers: dict) -> None:
    """Give ``node`` and all nodes below it a number, parents first. The node keeps its number
    (``node.number``: what play reads, a field, where ``numbers``, id(node) -> number, is a
    dictionary lookup of a new int); a node is numbered by one game only."""
    if id(node) in numbers:
        return
    if node.number is not None:
        raise ValueError(f"node {node!r} is numbered by another game already")
    object.__setattr__(node, "number", len(nodes))
    numbers[id(node)] = node.number
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


def _runs_extended(runs: list, fail_from: list, parts: dict, count: int) -> None:
    """Extend the lists read by number (Game.runs, Game.fail_from) to ``count`` numbers."""
    for number in range(len(runs), count):
        runs.append(dict.get(parts, number) or (number,))
        fail_from.append(None)


def _by_number_extended(table: dict, listed: list, nodes: list) -> None:
    """Extend a table read by number (Game.by_number) to every node."""
    for at in range(len(listed), len(nodes)):
        listed.append(dict.get(table, type(nodes[at])))


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


def memo_part(table: dict, key) -> dict:
    """The part of a memo's ``table`` for ``key``, made empty at its first need (Game.memo_for)."""
    part = dict.get(table, key)
    if part is None:
        part = table[key] = {}
    return part
