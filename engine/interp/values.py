# cython: nonecheck=True
"""What effect words mean in a given state: things, places, numbers and tests.

``Context`` is the view one frame has: the world, the acting player ("p"),
the player the effect belongs to ("you"), the bound names and the nouns a
procedure call substitutes. Functions here never change the state.
"""

from __future__ import annotations

import operator
import re
from operator import eq as EXACTLY  # (a module constant: read without a lookup in the operator module)

from engine.effects.ast import (
    Aggregate, AllOf, AnyOf, Attribute, Compare, Comparison, Count, EveryPlace, Filter, Flag, Has, HasAllOf,
    KindSelector, Minus, Neighbour, Node, Not, Number, OtherThan, OwnPlace, PlaceOf, PlayerSelector,
    PlayerVar, Plus, ThingSelector, Truth, Var, VarPlace, WhoDid, WhoPassed, You, Yours,
)
from engine.effects.render import render
from engine.interp import tslots as T
from engine.interp.errors import RulesError

EMPTY: list = []


class Context:
    """What one frame sees (made for every step, so kept to plain slots)."""

    __slots__ = ("world", "game", "actor", "you", "env", "subst")

    def __init__(self, world, actor: int | None, you: int | None, env: dict, subst: dict) -> None:
        self.world = world  # World
        self.game = self.world.game  # (read through the field: typed in the compiled build)
        self.actor = actor
        self.you = you
        self.env = env
        self.subst = subst  # procedure object noun id -> the noun id the caller named


def context(world, actor: int | None, you: int | None, env: dict, subst: dict) -> Context:
    """A Context, as ``Context(...)`` makes it, without calling the class: the compiled build
    then makes it and sets its C fields directly, where the class's call would parse five
    arguments (a Context is made at nearly every step)."""
    ctx = Context.__new__(Context)
    ctx.world = world
    ctx.game = world.game
    ctx.actor = actor
    ctx.you = you
    ctx.env = env
    ctx.subst = subst
    return ctx


# ------------------------------------------------------------------ nouns


def noun_of(ctx: Context, words: tuple) -> object:
    """The noun ``words`` name, as the procedure running substitutes it."""
    noun = dict.get(ctx.game.phrases, words)
    if noun is None:
        return named_noun(ctx.game, words)  # raises: unknown
    return _substituted(ctx, noun)


def noun_named(ctx: Context, node: Node) -> object:
    """The noun ``node.noun`` names (an item's, a selector's or a count's words), as noun_of
    reads it: the words' noun kept by the node's number (a lookup by the words hashes the tuple
    and compares it, each time)."""
    game = ctx.game
    number = node.number
    if number is None:  # (a node the engine made itself)
        return noun_of(ctx, node.noun)
    noun = dict.get(game.word_nouns, number)
    if noun is None:
        noun = game.word_nouns[number] = named_noun(game, node.noun)
    return _substituted(ctx, noun)


def _substituted(ctx: Context, noun) -> object:
    """``noun``, or the noun the procedure running substitutes for it."""
    subst = ctx.subst
    if subst and noun.id in subst:
        return ctx.game.nouns[subst[noun.id]]
    return noun


def named_noun(game, words: tuple) -> object:
    """The noun ``words`` name, before any substitution."""
    noun = game.vocabulary.phrases.get(words)
    if noun is None:
        raise RulesError(f"unknown noun {' '.join(words)!r}")
    return noun


def is_resource(noun) -> bool:
    return noun.namespace == "resources"


def is_players(words) -> bool:
    return len(words) == 1 and words[0] in PLAYER_WORDS


PLAYER_WORDS = frozenset({"opponent", "opponents", "player", "players"})  # a pick of these picks seats


# ------------------------------------------------------------------ places


def places(ctx: Context, place: Node | None, owner: int | None) -> list[str] | None:
    """The container things a location names (None: no location given)."""
    if place is None:
        return None
    if type(place) is OwnPlace:  # "your ...": the acting player's
        facts, actor = _place_kinds(ctx, place), ctx.actor
        if facts[2] is not None and actor is not None:  # one kind: read off the index of owned things
            seats = dict.get(ctx.world.owned_table, facts[2], EMPTY)  # (never changed in place)
            at = actor  # (a C index in the compiled build: the list's own read)
            return seats[at] if at < len(seats) else []
        kinds, things = facts[0], ctx.world.thing_table
        return [p for p in ctx.world.places_of(kinds, actor) if things[p][T.OWNER] == actor]
    if type(place) is EveryPlace:
        found = ctx.world.places_of(_place_kinds(ctx, place)[0])
        for flt in place.filters:  # "each row of value N": the places that pass every filter
            found = [p for p in found if _passes(ctx, p, flt)]
        return found
    if type(place) is VarPlace:
        value = ctx.env.get(place.name)
        return value if isinstance(value, list) else [value]
    if type(place) is PlaceOf:
        return [ctx.world.thing(thing_value(ctx, place.name))[T.AT]]
    raise RulesError(f"unknown place {place!r}")


def _place_kinds(ctx: Context, place) -> tuple:
    """The facts of the place kinds that "your X" or "every X" names (_kind_facts), read once
    per node (unless the procedure running substitutes X)."""
    game = ctx.game
    known = _place_facts(game, place)
    if ctx.subst and known[1] in ctx.subst:
        return _kind_facts(game, game.kinds(noun_of(ctx, place.words).id))
    return known[2]


def _place_facts(game, place) -> tuple:
    """(the node, its noun, the facts of its kinds: _kind_facts), once per node."""
    key = game.key_of(place)
    known = dict.get(game.fast, key)
    if known is None or known[0] is not place:  # (the node is kept with its facts: ids are reused)
        noun = named_noun(game, place.words)
        known = game.fast[key] = (place, noun.id, _kind_facts(game, game.kinds(noun.id)))
    return known


def _kind_facts(game, kinds: frozenset) -> tuple:
    """(the kinds, whether things lie loose in all of them: no sets, the one kind or None)."""
    return kinds, not any(game.sets_rule(kind) for kind in kinds), next(iter(kinds)) if len(kinds) == 1 else None


# ------------------------------------------------------------------ things


def candidates(ctx: Context, noun, node, owner: int | None) -> list[str]:
    """The things an item or selector ``node`` can mean (its filters and location, with the
    noun ``noun``, which a procedure may substitute for the node's own), in a stable order: by
    the reader compiled for the shape of its words at their first use (compiled_candidates),
    kept by the node's number and the noun's id, else the general way."""
    number = node.number
    if number is None:  # (a node the engine made itself: read anew)
        read = compiled_candidates(ctx.game, noun, node.filters, node.location)
    else:
        readers = ctx.game.candidate_readers
        known = dict.get(readers, number)
        if known is None:
            known = readers[number] = {}
        read = dict.get(known, noun.id, UNREAD)
        if read is UNREAD:
            read = known[noun.id] = compiled_candidates(ctx.game, noun, node.filters, node.location)
    if read is None:
        return general_candidates(ctx, noun, node.filters, node.location, owner)
    return read(ctx, owner)


def general_candidates(ctx: Context, noun, filters, location, owner: int | None, acting_too: bool = False) -> list[str]:
    """The things an item or selector can mean, in a stable order, read from the words each
    time: what every compiled reader must give. The piece carrying out the current action is
    left out (it cannot take itself back), unless ``acting_too`` (a count: _things_count)."""
    world = ctx.world
    kinds, private, terms, everybodys = _noun_facts(world.game, noun.id)
    place = location.place if location is not None else None
    if place is None:
        found = world.things(kinds, None if everybodys else owner)
    elif type(place) is VarPlace:
        found = _in_bound(ctx, place.name, kinds)
    else:
        found = [t for t in world.things(kinds, None, places(ctx, place, owner)) if _reachable(ctx, t, owner)]
        found = list(dict.fromkeys(found))
    if private:
        found = [t for t in found if _usable(ctx, t, owner)]
    elif not acting_too:  # only the acting piece is ruled out
        acting = dict.get(world.s["flow"], "acting")
        if acting in found:
            found = [t for t in found if t != acting]
    if terms:
        found = _with_terms(ctx, terms, found)
    for flt in filters or ():  # each thing meets every filter: the same tests as thing by thing
        found = [t for t in found if _passes(ctx, t, flt)]
    return found


def compiled_candidates(game, noun, filters, location):
    """A function ``read(ctx, owner)`` that gives what general_candidates gives for these
    words, with what the words fix read now, once: the noun's kinds and facts, the place's
    kinds, each filter's attribute and bound. None for a shape it does not know (then the
    general way reads it): a noun with terms, or whose things may be private spaces, and
    places other than "your X" (things loose in one kind of place), "in Name" and none."""
    kinds, private, terms, everybodys = _noun_facts(game, noun.id)
    place = location.place if location is not None else None
    if private or type(place) not in _READ_PLACES or (terms and place is not None):
        return None
    keep = _compiled_filters(filters)
    if place is None and terms:
        with_terms = _compiled_terms(game, terms)
        return lambda ctx, owner: _anywhere_with_terms(keep, with_terms, kinds, everybodys, ctx, owner)
    if place is None:
        return lambda ctx, owner: _anywhere(keep, kinds, everybodys, ctx, owner)
    if type(place) is VarPlace:
        name = place.name
        return lambda ctx, owner: keep(ctx, _not_acting(ctx, _in_bound(ctx, name, kinds)))
    _place, place_noun, (_kinds, loose, place_kind) = _place_facts(game, place)
    if not loose or place_kind is None:
        return None
    if type(place) is EveryPlace:
        kept = _compiled_filters(place.filters)  # the places' own filters
        return lambda ctx, owner: _in_every_place(noun, filters, location, keep, kinds, place_noun, place_kind, kept,
                                                  ctx, owner)
    return lambda ctx, owner: _in_your_place(noun, filters, location, keep, kinds, place_noun, place_kind, ctx, owner)


# What the readers compiled_candidates makes do, as functions of what the words fix and the
# Context: in the compiled build C functions whose Context is typed (values.pxd), so that its
# fields are read from the C struct, which a closure's argument cannot be. (Each reader is a
# lambda calling one: a functools.partial of so many arguments costs more than the lambda.)

def _anywhere(keep, kinds, everybodys: bool, ctx: Context, owner):
    """No place named: the things of the noun's kinds (``owner``'s, unless they are everybody's)."""
    return keep(ctx, _not_acting(ctx, ctx.world.things(kinds, None if everybodys else owner)))


def _anywhere_with_terms(keep, with_terms, kinds, everybodys: bool, ctx: Context, owner):
    """No place named, a noun with terms: the things of its kinds that meet them."""
    found = ctx.world.things(kinds, None if everybodys else owner)
    return keep(ctx, with_terms(ctx, _not_acting(ctx, found)) if found else found)


def _in_every_place(noun, filters, location, keep, kinds, place_noun: str, place_kind: str, kept, ctx: Context,
                    owner):
    """As "each X" is read: in every place of X that passes its filters (``kept``), in creation
    order; in a shared one only your things or nobody's."""
    if ctx.subst and place_noun in ctx.subst:
        return general_candidates(ctx, noun, filters, location, owner)
    s = ctx.world.s
    things, inside = s["things"], s["in"]
    found = []
    for p in kept(ctx, dict.get(s["kinds"], place_kind, EMPTY)):
        anyone = owner is None or things[p][T.OWNER] is not None
        for t in dict.get(inside, p, EMPTY):
            thing = things[t]
            if thing[T.KIND] in kinds and (anyone or thing[T.OWNER] is None or thing[T.OWNER] == owner):
                found.append(t)
    return keep(ctx, _not_acting(ctx, found))


def _in_your_place(noun, filters, location, keep, kinds, place_noun: str, place_kind: str, ctx: Context, owner):
    """As "your X" is read: in the acting player's places of X."""
    actor = ctx.actor
    if actor is None or (ctx.subst and place_noun in ctx.subst):
        return general_candidates(ctx, noun, filters, location, owner)
    s = ctx.world.s
    things, inside = s["things"], s["in"]
    seats = dict.get(s["owned"], place_kind)  # the actor's places of the kind, in creation order
    found = []
    if seats is not None and actor < len(seats):
        at = actor  # (a C index in the compiled build: the list's own read)
        for p in seats[at]:
            for t in dict.get(inside, p, EMPTY):
                if things[t][T.KIND] in kinds:
                    found.append(t)
    return keep(ctx, _not_acting(ctx, found))


_READ_PLACES = (type(None), VarPlace, OwnPlace, EveryPlace)  # the places compiled_candidates reads


def _compiled_terms(game, terms):
    """``with_terms(ctx, found)``: the things that meet every term's condition (It is the thing
    tested), as _with_terms keeps them, with each condition's test made once."""
    tests = tuple(compiled_test(game, game.nodes[game.effect("terms", term, "condition")]) for term in terms)

    def with_terms(ctx: Context, found: list[str]) -> list[str]:
        inner = context(ctx.world, ctx.actor, ctx.you, dict(ctx.env), ctx.subst)  # one for all: only It changes
        env = inner.env
        for passes in tests:
            kept = []
            for tid in found:
                env["It"] = tid
                if passes(inner):
                    kept.append(tid)
            found = kept
        return found
    return with_terms


def _not_acting(ctx: Context, found: list[str]) -> list[str]:
    """The things without the piece carrying out the current action."""
    acting = dict.get(ctx.world.s["flow"], "acting")
    if acting is not None and acting in found:
        return [t for t in found if t != acting]
    return found


def _compiled_filters(filters):
    """A function keeping the things that meet every filter (``keep(ctx, found)``)."""
    keeps = tuple(_compiled_filter(flt) for flt in filters or ())
    if not keeps:
        return _keep_all
    if len(keeps) == 1:
        return keeps[0]

    def keep(ctx: Context, found: list[str]) -> list[str]:
        for keep_one in keeps:
            found = keep_one(ctx, found)
        return found
    return keep


def _keep_all(ctx: Context, found: list[str]) -> list[str]:
    return found


def _compiled_filter(flt):
    """``keep(ctx, found)``: the things of ``found`` that pass what _passes tests, with the
    filter's words read once and its bound value worked out once per list (where _passes
    works it out for each thing: it is the same for all of them, and it is worked out at the
    same point, after the first thing's attribute, so that any error is the same too)."""
    other = _OTHER_FILTERS.get(type(flt))
    if other is not None:
        return lambda ctx, found: [t for t in found if other(ctx, t, flt)] if found else found
    name, direction = flt.attribute, flt.direction
    fixed = flt.value if isinstance(flt.value, int) else None
    var = Var(flt.value) if fixed is None else None
    compare = DIRECTIONS.get(direction, EXACTLY)

    def keep(ctx: Context, found: list[str]) -> list[str]:
        kept, limit = [], NOT_YET
        for tid in found:
            value = attribute(ctx, tid, name)
            if limit is NOT_YET:
                limit = fixed if var is None else number(ctx, var)
            if value is not None and compare(value, limit):
                kept.append(tid)
        return kept
    return keep


NOT_YET = object()  # a filter's bound value not worked out yet


def _in_bound(ctx: Context, name: str, kinds) -> list[str]:
    """"in Name": the things of ``kinds`` that Name holds, then those lying in what it holds."""
    world = ctx.world
    things = ctx.world.thing_table
    bound = ctx.env.get(name)
    members = [m for m in (bound if isinstance(bound, list) else [bound]) if isinstance(m, str)]
    were = ctx.env.get(name + "@")
    if were:  # "in Revealed": the members still where they were when bound
        members = [m for m in members if m not in were or things[m][T.AT] == were[m]]
    found = [t for t in members if t in things and things[t][T.KIND] in kinds]
    found += world.things(kinds, None, members)
    return list({tid: None for tid in found}) if len(found) > 1 else found  # (in order, once each)


def _noun_facts(game, noun_id: str) -> tuple:
    """What candidates needs to know about a noun, worked out once per game: its kinds, whether
    one may be a private space, the terms it adds, and whether its things are everybody's."""
    memo = game.memo["noun_facts"]
    facts = dict.get(memo, noun_id)
    if facts is None:
        kinds = game.kinds(noun_id)
        facts = memo[noun_id] = (kinds, _may_be_private(game, kinds), game.terms_of(noun_id),
                                  all(is_global_kind(game, kind) for kind in kinds))
    return facts


def reads_as_bound(game, noun_id: str) -> bool:
    """Whether "N <noun> in Name" offers every thing of the noun's kinds that Name holds, as it
    lies: the noun adds no terms and is no private space (the acting piece aside, see
    general_candidates)."""
    _kinds, private, terms, _everybodys = _noun_facts(game, noun_id)
    return not private and not terms


def _may_be_private(game, kinds: frozenset) -> bool:
    """Whether some of ``kinds`` is a space private to a structure (see _usable)."""
    key = ("private", kinds)
    if key not in game.memo:
        spaces = game.items("spaces")
        game.memo[key] = any(spaces.get(kind, {}).get("private_to_structure") for kind in kinds)
    return game.memo[key]


def _usable(ctx: Context, tid: str, owner) -> bool:
    """A space private to a structure exists only for the structure's owner, and the piece
    carrying out the current action cannot be picked by that action."""
    thing = ctx.world.thing(tid)
    if tid == dict.get(ctx.world.s["flow"], "acting"):
        return False
    space = dict.get(ctx.game.items("spaces"), thing[T.KIND])
    structure = dict.get(space, "private_to_structure") if space else None
    return not structure or owner is None or bool(ctx.world.things({structure}, owner))


def _reachable(ctx: Context, tid: str, owner) -> bool:
    """In a shared place (a space, a discard pile) only your own or unowned things count."""
    thing = ctx.world.thing(tid)
    place = thing[T.AT]
    shared = place is not None and ctx.world.thing(place)[T.OWNER] is None
    return not shared or owner is None or thing[T.OWNER] in (owner, None)


def is_global_kind(game, kind: str) -> bool:
    """Whether things of ``kind`` belong to nobody (spaces, decks, global places)."""
    if kind in game.items("spaces") or kind in game.items("decks"):
        return True
    place = game.items("places").get(kind)
    return place is not None and place.get("scope") == "global"


def _with_terms(ctx: Context, terms, found: list[str]) -> list[str]:
    """The things that meet every term's condition (the thing tested is named "It")."""
    game = ctx.game
    inner = context(ctx.world, ctx.actor, ctx.you, dict(ctx.env), ctx.subst)  # one for all: only It changes
    env = inner.env
    memo = game.memo["terms"]
    for term in terms:
        node = dict.get(memo, term)
        if node is None:
            node = memo[term] = game.nodes[game.effect("terms", term, "condition")]
        kept = []
        for tid in found:
            env["It"] = tid
            if test(inner, node):
                kept.append(tid)
        found = kept
    return found


def _passes(ctx: Context, tid: str, flt: Filter) -> bool:
    other = dict.get(_OTHER_FILTERS, type(flt))
    if other is not None:
        return other(ctx, tid, flt)
    value = attribute(ctx, tid, flt.attribute)
    bound = flt.value if isinstance(flt.value, int) else variable_number(ctx, flt.value)
    return value is not None and DIRECTIONS.get(flt.direction, EXACTLY)(value, bound)


DIRECTIONS = {"more": operator.ge, "less": operator.le}  # a filter's "or more", "or less"; none: exactly


def _other_than(ctx: Context, tid: str, flt: OtherThan) -> bool:
    """"other than Kept": not one of the things bound to Kept."""
    bound = ctx.env.get(flt.name)
    return tid not in (bound if isinstance(bound, list) else [bound])


def _yours(ctx: Context, tid: str, flt: Yours) -> bool:
    """"of yours": the acting player's own, wherever it lies."""
    return ctx.world.thing(tid)[T.OWNER] == ctx.actor


_OTHER_FILTERS = {OtherThan: _other_than, Yours: _yours}  # the filters on no attribute


def attribute(ctx: Context, subject, name: str):
    """An attribute of a thing id, a plain entry (a requirement), or the game."""
    if isinstance(subject, dict):
        return subject.get(name)
    if subject == "Game":
        return ctx.world.s["flow"].get("phase_number" if name == "phase" else name)
    thing = ctx.world.thing(subject)
    if name == "kind":
        return thing[T.KIND]
    value = dict.get(thing[T.ATTRS], name, UNREAD)  # (read once: the walk reads attributes at most steps)
    if value is not UNREAD:
        return value
    card = thing[T.CARD]
    if card is not None:  # a card's printed attributes live in its definition
        value = dict.get(ctx.game.printed[card], name, UNREAD)
        if value is not UNREAD:
            return value
    if name == "phase":
        return _space_phase(ctx, thing[T.KIND])
    noun = dict.get(ctx.game.nouns, name)
    if noun is not None:  # "the box of Card": the container of that kind
        place = ctx.world.place_of(subject)
        return place if place is not None and ctx.world.thing(place)[T.KIND] in ctx.game.kinds(noun.id) else None
    value = _definition_attribute(ctx, thing, name)
    if value is None and name == "type":  # builtin: the thing's own kind, unless it adopted another (sets)
        return thing[T.KIND]
    return value


def _definition_attribute(ctx: Context, thing: list, name: str):
    """An attribute the definition of the thing's kind gives (worked out once per kind and name:
    definitions never change)."""
    kind = thing[T.KIND]
    memo = ctx.game.memo_for("defined", kind)
    found = dict.get(memo, name, UNREAD)
    if found is UNREAD:
        found = memo[name] = _defined(ctx.game, kind, name)
    return found


UNREAD = object()  # a memo entry not worked out yet (None is a value worked out)


def _defined(game, kind: str, name: str):
    for namespace in ("structures", "workers", "tokens", "card_types"):
        item = game.items(namespace).get(kind)
        if item is not None:
            if name in item.get("attributes", {}) and not isinstance(item["attributes"][name], dict):
                return item["attributes"][name]
            return item.get(name)
    return None


def _space_phase(ctx: Context, kind: str):
    space = dict.get(ctx.game.items("spaces"), kind)
    if not space or not dict.get(space, "phases"):
        return None
    return dict.get(ctx.world.s["phase_numbers"], space["phases"][0])


def thing_value(ctx: Context, name: str):
    value = dict.get(ctx.env, name)
    if isinstance(value, list) and len(value) == 1:
        return value[0]
    return value


# ------------------------------------------------------------------ selectors


def select(ctx: Context, selector) -> list:
    """What a 'for each' selector counts: player seats, things, or kinds of things (each of
    the grammar's three selectors read by a function of its class: typed, compiled)."""
    kind = type(selector)
    if kind is PlayerSelector:
        return players_selected(ctx, selector)
    if kind is ThingSelector:
        return _things_selected(ctx, selector)
    return _kinds_selected(ctx, selector)


def _things_selected(ctx: Context, selector: ThingSelector) -> list:
    return _things_of(ctx, noun_named(ctx, selector), selector)


def _kinds_selected(ctx: Context, selector: KindSelector) -> list:
    noun = noun_named(ctx, selector)
    found = _things_of(ctx, noun, selector)
    if is_resource(noun):
        return found
    if selector.attribute == "kind":  # "kind of card": two copies of a card are one kind
        kinds = [ctx.world.thing(t)[T.CARD] or ctx.world.thing(t)[T.KIND] for t in found]
    else:  # "type of card in Row": the different values of that attribute
        values = [attribute(ctx, t, selector.attribute) for t in found]
        kinds = [value for value in values if value is not None]
    return list(dict.fromkeys(kinds))


def _things_of(ctx: Context, noun, selector) -> list:
    """The things of ``noun`` a selector's filters and location name (of a resource, its id
    once for each one the actor has)."""
    if is_resource(noun):
        return [noun.id] * counter_amount(ctx, noun.id, ctx.actor)
    return candidates(ctx, noun, selector, ctx.actor)


def players_selected(ctx: Context, selector: PlayerSelector) -> list[int]:
    return seats_named(ctx, selector.players, selector.who)


def seats_named(ctx: Context, players: str, who) -> list[int]:
    """The seats that ``players`` ("player(s)" or "opponent(s)") and ``who`` (None, or a WhoDid,
    WhoPassed or WhoHas node) name, in seat order: what a "for each" counts, and whom a poll asks."""
    seats = list(range(ctx.world.s["players"]))
    if players.startswith("opponent"):
        seats = [p for p in seats if p != ctx.you]
    if who is None:
        return seats
    if isinstance(who, WhoDid):
        did = ctx.env.get("__did__", [])
        return [p for p in seats if (p in did) != who.negated and p in ctx.env.get("__polled__", seats)]
    if isinstance(who, WhoPassed):  # (in the phase under way: the flow's list, emptied as a phase starts)
        passed = dict.get(ctx.world.s["flow"], "passed", ())
        return [p for p in seats if (p in passed) != who.negated]
    inner = context(ctx.world, None, ctx.you, ctx.env, ctx.subst)
    return [p for p in seats if _has_count(inner, p, who) is not None and _compare(
        _has_count(inner, p, who), who.comparison, inner, at_least=True)]


def polled_seats(ctx: Context, poll) -> list[int]:
    """The seats a poll counts as asked, for a later "who did not": every player but those its
    "who" leaves out (the effect's owner too, in a poll of opponents, as it always was)."""
    return seats_named(ctx, "players", poll.who)


def polled_of(kept: dict, players: int) -> list[int]:
    """The seats a poll under way counts as asked (``kept``: what its handler keeps in its
    frame); every player for a poll whose frame keeps none."""
    polled = dict.get(kept, "polled")
    return list(range(players)) if polled is None else polled


def counter_amount(ctx: Context, resource: str, owner: int | None) -> int:
    return ctx.world.counter(counter_owner(ctx.game, resource, owner), resource)


def counter_owner(game, resource: str, seat: int | None) -> int | None:
    """Whose counter of ``resource`` a seat's gain or payment changes: its own, or the
    global one (None) for a resource of global scope."""
    return None if resource in game.global_resources else seat


# ------------------------------------------------------------------ numbers


def number(ctx: Context, node) -> int:
    """The value of a number expression (NUMBERS; a number or a name, the most read, with no
    lookup in the table: in the compiled build a C call with no call through the table)."""
    kind = type(node)
    if kind is Number:
        return _number_value(ctx, node)
    if kind is Var:
        return _var_number(ctx, node)
    reader = dict.get(NUMBERS, kind)
    if reader is None:
        raise RulesError(f"not a number: {node!r}")
    return reader(ctx, node)


def variable_number(ctx: Context, name: str) -> int:
    """The number ``name`` holds in the bindings (0 when unbound): what the expression Var(name)
    reads, for a caller that has the name only (no node is made for it)."""
    return _as_number(dict.get(ctx.env, name, 0))


def _attribute_number(ctx: Context, node: Attribute) -> int:
    return _as_number(_attribute_value(ctx, node))


def _aggregate_number(ctx: Context, node: Aggregate) -> int:
    values = [_as_number(attribute(ctx, t, node.attribute)) for t in select(ctx, node.selector)]
    return _aggregate(node.kind, values)


def _number_value(ctx: Context, node: Number) -> int:
    return node.value


def _var_number(ctx: Context, node: Var) -> int:
    return variable_number(ctx, node.name)


def _count_number(ctx: Context, node: Count) -> int:
    return len(select(ctx, node.selector))


def _plus_number(ctx: Context, node: Plus) -> int:
    return number(ctx, node.left) + number(ctx, node.right)


def _minus_number(ctx: Context, node: Minus) -> int:
    return number(ctx, node.left) - number(ctx, node.right)


NUMBERS = {  # number node -> how its value is read (named functions, not lambdas: values.pxd types their nodes)
    Number: _number_value,
    Var: _var_number,
    Attribute: _attribute_number,
    Count: _count_number,
    Aggregate: _aggregate_number,
    Plus: _plus_number,
    Minus: _minus_number,
}


def _aggregate(kind: str, values: list[int]) -> int:
    if kind == "total":
        return sum(values)
    if not values:
        return 0
    return max(values) if kind == "highest" else min(values)


def _as_number(value) -> int:
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and "value" in value:
        return value["value"] or 0
    if value is None:
        return 0
    if isinstance(value, list):
        return len(value)
    return 1  # a bound thing counts as present


# ------------------------------------------------------------------ conditions


def test(ctx: Context, node) -> bool:
    """Whether a condition holds, by the node's compiled test (made at its first test)."""
    game = ctx.game
    key = game.key_of(node)
    known = dict.get(game.fast, key)
    if known is None or known[0] is not node:  # (the node is kept with its test: ids are reused)
        known = game.fast[key] = (node, compiled_test(game, node))
    return known[1](ctx)


def unmet(ctx: Context, condition) -> str:
    """What a condition that does not hold lacks, in words a player reads ("needs: ..."): of an
    "and", the first part that does not hold (and of that part, likewise); of an "or", its
    parts but the yes/no names the step was not given (a modifier left out); a name bound to
    one thing by the thing's name, and after "the ATTRIBUTE of" with the value read (stop 48).
    The walk and the trial word a failure alike with it, so a reason read off the state is the
    trial's. (Its words and names are worked out once per node, and the numbers a comparison
    compared are not said: a walk words every way that fails, and saying them cost 0.45% of a
    choice point, stop 47.)"""
    part = condition
    while True:
        kind = type(part)
        if kind is AllOf:
            inner = _failed_part(ctx, part)
            if inner is None:
                break
            part = inner
        elif kind is AnyOf:
            reduced = _wording(ctx.game, part)[3]
            if reduced is part:
                break
            part = reduced
        else:
            break
    _part, words, pieces, _reduced, reads = _wording(ctx.game, part)
    if len(pieces) > 1:  # (names in the words: a name bound to one thing is said by the thing's name)
        words = "".join([_name_of_bound(ctx, piece, reads[index]) if index % 2 else piece
                         for index, piece in enumerate(pieces)])
    return words


def _failed_part(ctx: Context, node: AllOf):
    """The first part of an "and" that does not hold: the one its test just met (FAILED), or
    found by testing the parts again (an "and" inside another)."""
    failed = FAILED[0]
    for inner in node.conditions:
        if inner is failed:
            return failed
    for inner in node.conditions:
        if not test(ctx, inner):
            return inner
    return None


def _wording(game, node) -> tuple:
    """(the node, "needs: " and its words, the words split at the names in them (the names at
    odd places), the node without the yes/no names of an "or" (itself for any other node), and
    at each name's place the attribute read of it ("the ATTRIBUTE of Name"), else None), once
    per node."""
    memo = game.memo["wording"]
    key = game.key_of(node)
    found = dict.get(memo, key)
    if found is None or found[0] is not node:  # (the node is kept with its words: ids are reused)
        reduced = node
        if type(node) is AnyOf:
            kept = tuple([inner for inner in node.conditions if type(inner) is not Flag])  # (no generator: C)
            if kept and len(kept) < len(node.conditions):
                reduced = kept[0] if len(kept) == 1 else AnyOf(kept)
        words = f"needs: {render(node)}"
        pieces = tuple(NAME.split(words))
        reads = tuple([_attribute_before(pieces[index - 1]) if index % 2 else None for index in range(len(pieces))])
        found = memo[key] = (node, words, pieces, reduced, reads)
    return found


NAME = re.compile(r"\b([A-Z][A-Za-z0-9]*)\b")  # a name in rendered words (split keeps it: odd pieces)


def _attribute_before(words: str) -> str | None:
    """The attribute that words ending in "the ATTRIBUTE of" read of the name after them."""
    read = ATTRIBUTE_OF.search(words)
    return None if read is None else read.group(1)


def _name_of_bound(ctx: Context, name: str, read: str | None) -> str:
    """The name of the one thing ``name`` is bound to (a card's own name), else the name itself;
    with the value of the attribute ``read`` of it, if any ("the needs of Picked (a and b)",
    "the value of Picked (5)")."""
    value = dict.get(ctx.env, name)
    if type(value) is list and len(value) == 1:
        value = value[0]
    if type(value) is not str or value not in ctx.world.s["things"]:
        return name
    said = ctx.world.name_of(value)
    if read is None:
        return said
    shown = _value_words(ctx.game, attribute(ctx, value, read))
    return said if shown is None else f"{said} ({shown})"


def _value_words(game, value) -> str | None:
    """An attribute's value in words: a number, a word's name, or a list of them (None: nothing
    a player would read)."""
    if type(value) is int:
        return str(value)
    if type(value) is str:
        noun = dict.get(game.nouns, value)
        return noun.name if noun is not None else value.replace("_", " ")
    if type(value) is list:
        said = [_value_words(game, item) for item in value]
        return " and ".join([item for item in said if item is not None]) or "none"
    return None


ATTRIBUTE_OF = re.compile(r"\bthe (\w+) of $")  # words that end in "the ATTRIBUTE of", before a name


def compiled_test(game, node):
    """A function of a Context that tests ``node``. What the condition's words fix (which
    counter, the comparison and its number, the parts of an "and", the sides of a comparison)
    is read now, once; a shape COMPILED_TESTS does not know is tested by its general test
    (TESTS: what every compiled test must give)."""
    make = COMPILED_TESTS.get(type(node))
    if make is not None:
        return make(game, node)
    return _general_test(node)


def _general_test(node):
    check = TESTS.get(type(node))
    if check is None:
        raise RulesError(f"not a condition: {node!r}")
    return lambda ctx: check(ctx, node)


TESTS = {  # condition node -> how it is tested (the general way, reading the node each time)
    AllOf: lambda ctx, node: all(test(ctx, c) for c in node.conditions),
    AnyOf: lambda ctx, node: any(test(ctx, c) for c in node.conditions),
    Not: lambda ctx, node: not test(ctx, node.condition),
    Flag: lambda ctx, node: bool(_as_number(dict.get(ctx.env, node.name, 0))),
    Truth: lambda ctx, node: bool(_value(ctx, node.value)),
    Compare: lambda ctx, node: _compare(_value(ctx, node.left), node.comparison, ctx, at_least=False),
    Has: lambda ctx, node: _compare(_has_count(ctx, player_of(ctx, node.player), node), node.comparison, ctx,
                                        at_least=True),
    HasAllOf: lambda ctx, node: _has_all_of(ctx, player_of(ctx, node.player), node),
}


def _all_of(game, node: AllOf):
    parts = tuple(compiled_test(game, condition) for condition in node.conditions)

    def all_of(ctx: Context) -> bool:
        for part in parts:
            if not part(ctx):
                FAILED[0] = node.conditions[parts.index(part)]  # (what unmet words: no test again)
                return False
        return True
    return all_of


FAILED: list = [None]  # the part of the "and" tested last that did not hold (read by unmet)


def _any_of(game, node: AnyOf):
    parts = tuple(compiled_test(game, condition) for condition in node.conditions)

    def any_of(ctx: Context) -> bool:
        for part in parts:
            if part(ctx):
                return True
        return False
    return any_of


def _not(game, node: Not):
    inner = compiled_test(game, node.condition)
    return lambda ctx: not inner(ctx)


def _flag(game, node: Flag):
    name = node.name
    return lambda ctx: bool(_as_number(dict.get(ctx.env, name, 0)))


def _compare_number(game, node: Compare):
    """"<number> is <comparison> <N>" with a counted or computed number on the left (a name
    or an attribute compares its raw value, its sides read once)."""
    comparison, left = node.comparison, node.left
    right = comparison.right
    if type(right) is not Number or type(left) in (Var, Attribute) or type(left) not in NUMBERS:
        return lambda ctx: _compare(_value(ctx, left), comparison, ctx, False)
    read, value = NUMBERS[type(left)], right.value
    compare = _comparison(comparison, at_least=False)
    return lambda ctx: compare(read(ctx, left), value)


def _truth(game, node: Truth):
    value = node.value
    return lambda ctx: bool(_value(ctx, value))


def _has_all_of_test(game, node: HasAllOf):
    player = node.player
    return lambda ctx: _has_all_of(ctx, player_of(ctx, player), node)


def _has_general(node: Has):
    player, comparison = node.player, node.comparison
    return lambda ctx: _compare(_has_count(ctx, player_of(ctx, player), node), comparison, ctx, True)


def _has_compiled(game, node: Has):
    """"you have <comparison> <N> <noun>": a resource is one counter read (_has_shortcut),
    things are counted with the noun read once; any other shape is counted at each test, its
    player and comparison read once (_has_general)."""
    general = _has_general(node)
    fast = _has_shortcut(game, node)
    if fast is not None:
        resource, scope_global, compare, right = fast
        return lambda ctx: _has_resource(general, resource, scope_global, compare, right, ctx)
    noun = game.noun(node.noun)
    if noun is None or is_resource(noun) or type(node.player) is not You \
            or type(node.comparison.right) is not Number:
        return general
    compare, right = _comparison(node.comparison, at_least=True), node.comparison.right.value
    return lambda ctx: _has_things(general, noun, node, compare, right, ctx)


# What the tests _has_compiled makes do, as functions of what the words fix and the Context:
# in the compiled build C functions whose Context is typed (values.pxd), as for the readers of
# compiled_candidates.

def _has_resource(general, resource: str, scope_global: bool, compare, right: int, ctx: Context) -> bool:
    """"you have ... <resource>": one counter read (whose: counter_owner's rule)."""
    if ctx.subst and resource in ctx.subst:
        return general(ctx)
    return compare(ctx.world.counter(None if scope_global else ctx.you, resource), right)


def _has_things(general, noun, node, compare, right: int, ctx: Context) -> bool:
    """"you have ... <things>": the things counted, with the noun read once."""
    if ctx.subst and noun.id in ctx.subst:
        return general(ctx)
    return compare(_things_count(ctx, ctx.you, noun, node), right)


COMPILED_TESTS = {  # condition node -> what compiles its shape (else TESTS tests it)
    AllOf: _all_of, AnyOf: _any_of, Not: _not, Flag: _flag, Compare: _compare_number,
    Has: _has_compiled, Truth: _truth, HasAllOf: _has_all_of_test,
}


def _value(ctx: Context, node):
    """A number, or for names and attributes the raw value (ids compare with 'is')."""
    kind = type(node)  # (node classes have no subclasses: a type test, not isinstance's search)
    if kind is Var:
        return _var_value(ctx, node)
    if kind is Attribute:
        return _attribute_value(ctx, node)
    return number(ctx, node)


def _var_value(ctx: Context, node: Var):
    return thing_value(ctx, node.name)


def _attribute_value(ctx: Context, node: Attribute):
    subject = "Game" if node.name == "Game" else thing_value(ctx, node.name)
    return attribute(ctx, subject, node.attribute)


def _compare(left, comparison: Comparison, ctx: Context, at_least: bool) -> bool:
    right = _value(ctx, comparison.right)
    compare = _comparison(comparison, at_least)
    if compare is EXACTLY:  # "exactly" compares the raw values (ids too)
        return left == right
    return compare(_as_number(left), _as_number(right))


def _comparison(comparison: Comparison, at_least: bool):
    """The function comparing two numbers as ``comparison`` says (no word: "at least" for a
    count one has, "exactly" otherwise)."""
    op = comparison.op or ("at least" if at_least else "exactly")
    return EXACTLY if op == "exactly" else COMPARISONS[op]


COMPARISONS = {"at least": operator.ge, "at most": operator.le, "more than": operator.gt,
               "less than": operator.lt, "fewer than": operator.lt}


def _has_shortcut(game, node: Has) -> tuple | None:
    """What "you have <comparison> <number> <resource>" needs, read once per game: the
    resource, whether its counter is global, the comparison and the number. None for any
    other shape (another player, a thing, filters, a place, a bound number)."""
    noun = game.noun(node.noun)
    right = node.comparison.right
    if noun is None or not is_resource(noun) or type(node.player) is not You or node.filters \
            or node.location is not None or type(right) is not Number:
        return None
    return noun.id, counter_owner(game, noun.id, 0) is None, _comparison(node.comparison, at_least=True), right.value


def holder(world, node, seats) -> int | None:
    """The first of ``seats`` for whom condition ``node`` holds, each one acting and "you", with
    no bindings; None when it holds for none. "you have at least 20 vp" (its shortcut's shape,
    read once per node) is read off each seat's counter with no Context made; any other
    condition by its test. (A game's immediate end conditions are asked so after every turn.)"""
    memo = world.game.memo["counter_conditions"]
    key = world.game.key_of(node)
    known = dict.get(memo, key)
    if known is None or known[0] is not node:  # (the node is kept with its reading: ids are reused)
        known = memo[key] = (node, _has_shortcut(world.game, node) if type(node) is Has else None)
    fast = known[1]
    for seat in seats:
        if fast is not None:
            if fast[2](world.counter(None if fast[1] else seat, fast[0]), fast[3]):
                return seat
        elif test(context(world, seat, seat, NO_BINDINGS, NO_BINDINGS), node):
            return seat
    return None


NO_BINDINGS: dict = {}  # a condition only reads its bindings (never written to)


def _has_count(ctx: Context, seat: int, node) -> int:
    noun = noun_named(ctx, node)
    if is_resource(noun):
        return counter_amount(ctx, noun.id, seat)
    return _things_count(ctx, seat, noun, node)


def _things_count(ctx: Context, seat: int, noun, node) -> int:
    """How many of the noun's things ``seat`` has (``seat`` acts; "you" stays). The piece
    carrying out the current action is counted: it is still the player's, only a pick leaves
    it out (candidates), so it is counted by the general reading when it is of the noun's kinds."""
    inner = ctx if ctx.actor == seat else context(ctx.world, seat, ctx.you, ctx.env, ctx.subst)
    world = ctx.world
    acting = dict.get(world.s["flow"], "acting")
    if acting is not None and ctx.world.thing_table[acting][T.KIND] in _noun_facts(world.game, noun.id)[0]:
        return len(general_candidates(inner, noun, node.filters, node.location, seat, True))
    return len(candidates(inner, noun, node, seat))


def _has_all_of(ctx: Context, seat: int, node: HasAllOf) -> bool:
    needed = attribute(ctx, thing_value(ctx, node.name), node.attribute) or []
    for kind in needed if isinstance(needed, list) else [needed]:
        if not ctx.world.things({kind}, seat):
            return False
    return True


def player_of(ctx: Context, node) -> int:
    """The seat a player reference names."""
    kind = type(node)
    if kind is You:
        return ctx.you
    if kind is PlayerVar:
        value = ctx.env.get(node.name)
        return value["player"] if isinstance(value, dict) else value
    if kind is Neighbour:
        count = ctx.world.s["players"]
        step = -1 if node.side == "right" else 1
        return (ctx.you + step) % count
    raise RulesError(f"not a player: {node!r}")
