# cython: nonecheck=True
"""Actions on lists of items: gain, lose, pay, give, draw, discard, take, reveal, play, choose.

An item is "QUANTITY NOUN [filters] [location]". A resource item is an
amount of a counter. A thing item is selected: the candidates are listed,
and when the player has a choice they pick one thing per decision ("done"
ends an "up to" or "at least" pick early). Equivalent candidates (two copies
of a card in one hand) are offered once. Taking from an ordered place (a deck,
a discard pile) takes the top, without a choice.

Slotted tokens (one per value, like dice faces on a track) are placed by the
place's slot rule: the highest free value not above the token's, inside the
zones that are open for its owner.
"""

from __future__ import annotations

from functools import partial

from engine.effects.ast import (
    BoundItem, Discard, Draw, EveryPlace, Gain, Give, Item, Location, Lose, OtherThan, OwnPlace, Pay, Pick, PlaceOf,
    Play, Quantity, Reveal, Take, VarPlace, Yours,
)
from engine.effects.render import render
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.errors import NOT_READ, Infeasible, RulesError
from engine.interp.frames import fill, first_off, forget_pick, take
from engine.interp.game import NO_ITEMS
from engine.interp.numbered import numeral, seat_name
from engine.interp.values import (
    EMPTY,
    Context,
    candidates,
    counter_amount,
    counter_owner,
    is_players,
    is_resource,
    noun_named,
    number,
    _place_kinds,
    places,
    player_of,
    select,
    test,
    variable_number,
)

DONE = ("done", "no more")


# ------------------------------------------------------------------ selection


def select_step(rt, f, item: Item, owner: int | None = None, ctx: Context | None = None) -> bool:
    """Advance the pick of ``item`` in frame ``f``; True while waiting for an answer.

    When it returns False, the frame's PICKED slot holds the chosen things (or seats), for the
    caller to take; while it asks, the pick's slots (CAND to KEYS, slots.py) hold what it keeps.
    ``ctx``: the frame's context, when the caller has made it already.
    """
    if f[F.CAND] is None:
        low, high, cand = _start_pick(rt, item, f[F.ACTOR] if owner is None else owner,
                                      rt.ctx(f) if ctx is None else ctx)
        f[F.LEAST], f[F.MOST], f[F.PICKED], f[F.CAND], f[F.KEYS] = low, high, [], cand, {}
    picked = f[F.PICKED]
    if f[F.ANS] is not None:
        answer = take(f, F.ANS)
        if answer == DONE[0]:
            return _finish_pick(f)
        chosen = f[F.KEYS][answer]
        picked.append(chosen)
        list.remove(f[F.CAND], chosen)
    taken = _taken_unasked(picked, f[F.CAND], f[F.LEAST], f[F.MOST])
    if taken is not None:
        f[F.PICKED] = taken
        return _finish_pick(f)
    options = _options(rt, f)
    if len(picked) >= f[F.LEAST]:
        options.append(DONE)
    rt.ask(f, f[F.ACTOR], partial(pick_prompt, rt, f, item), options)  # (no lambda: a C function, compiled)
    if f[F.ANS] is not None:  # a forced choice: taken without asking
        return select_step(rt, f, item, owner)
    return True


def _taken_unasked(picked: list, cand: list, least: int, most) -> list | None:
    """What a pick takes now without asking (``picked``, ``cand``, ``least``, ``most``: as the
    pick's slots hold them, slots.py): what it has when it is full or nothing is left, everything
    left when all of it is needed; None when the player must be asked."""
    if len(picked) >= most or not cand:
        return picked
    if len(picked) + len(cand) <= least:
        return picked + cand
    return None


def pick_prompt(rt, f, item: Item) -> str:
    """'Choose 2 order cards in your hand (1 of 2):' with numbers and names, never variable names."""
    low, high = f[F.LEAST], f[F.MOST]
    amount = numeral(high) if low == high else (f"up to {numeral(high)}" if low <= 1 else f"{numeral(low)} to {numeral(high)}")
    progress = f" ({numeral(len(f[F.PICKED]) + 1)} of {numeral(high)})" if high > 1 else ""
    return f"Choose {amount} {_item_words(rt, f, item)}{progress}:"


def _item_words(rt, f, item: Item) -> str:
    """The words of ``item`` after its amount: its noun, filters and place. Words that name no
    binding are the same at every pick of the item: worked out once per item (a memo of the
    game's, by the node's number); the others each time, with the frame's context."""
    number = item.number
    memo = rt.game.memo["item_words"]
    words = dict.get(memo, number) if number is not None else None
    if words is None:
        ctx = rt.ctx(f)
        parts = [" ".join(item.noun)] + [_filter_words(rt, ctx, flt) for flt in item.filters]
        if item.location is not None:
            parts.append(_place_words(rt, ctx, item.location))
        words = " ".join(parts)
        if number is not None and _fixed_words(item):
            memo[number] = words
    return words


def _fixed_words(item: Item) -> bool:
    """Whether the words of ``item`` name no binding (_filter_words, _place_words): no "other
    than" a bound thing, no value that is a variable, no place that is one."""
    filters = list(item.filters)
    place = item.location.place if item.location is not None else None
    if isinstance(place, VarPlace):
        return False
    if type(place) is EveryPlace:
        filters += place.filters
    for flt in filters:
        if isinstance(flt, OtherThan) or (type(flt) is not Yours and not isinstance(flt.value, int)):
            return False
    return True


def _filter_words(rt, ctx: Context, flt) -> str:
    """A filter's words with the number or the names it is bound to ("of value 3", "other than Kept's card")."""
    if isinstance(flt, OtherThan):
        return f"other than {_bound_words(rt, ctx, flt.name)}"
    if type(flt) is Yours:
        return "of yours"
    value = flt.value if isinstance(flt.value, int) else variable_number(ctx, flt.value)
    return f"of {flt.attribute} {value}" + (f" or {flt.direction}" if flt.direction else "")


def _bound_words(rt, ctx: Context, name: str) -> str:
    """The names of the things bound to ``name``, else the name itself."""
    bound = ctx.env.get(name)
    things = [t for t in (bound if isinstance(bound, list) else [bound]) if isinstance(t, str) and t in rt.s["things"]]
    return " and ".join(rt.world.name_of(t) for t in things) if things else name


def _place_words(rt, ctx: Context, location: Location) -> str:
    place = location.place
    if isinstance(place, VarPlace):
        bound = ctx.env.get(place.name)
        if isinstance(bound, str) and bound in rt.s["things"]:
            return f"{location.preposition} {rt.world.name_of(bound)}"
        return f"{location.preposition} {place.name}"  # a list: the name the designer gave it
    if isinstance(place, PlaceOf):
        return f"{location.preposition} its {place.attribute}"
    if type(place) is EveryPlace and place.filters:  # "on each row of value 3"
        filters = [_filter_words(rt, ctx, flt) for flt in place.filters]
        return " ".join([location.preposition, "each", *place.words, *filters])
    return _rendered(rt.game, location)


def _rendered(game, node) -> str:
    """The words of ``node``, worked out once per node (a memo of the game's, by the node's id,
    kept with the node: ids are reused)."""
    memo = game.memo["rendered"]
    known = dict.get(memo, id(node))
    if known is None or known[0] is not node:
        known = memo[id(node)] = (node, render(node))
    return known[1]


def _start_pick(rt, item: Item, owner: int | None, ctx: Context) -> tuple:
    """Begin a pick of ``item``: (the least it must pick, the most it may, its candidates), for
    the pick's slots (slots.py: a frame's, or the fields of the frame it will run on)."""
    pool = pick_pool(rt, ctx, item, owner)
    low, high = bounds(ctx, item.quantity, len(pool))
    if low > len(pool) and _refill_decks(rt, item, ctx):  # players are never taken from a deck
        pool = pick_pool(rt, ctx, item, owner)
        low, high = bounds(ctx, item.quantity, len(pool))
    if len(pool) < low:
        raise Infeasible(too_few(item, low, len(pool)))
    return low, high, pool if not is_ordered_source(rt, item, ctx) else top_first(pool, high)


def top_first(pool: list, high: int) -> list:
    """What a pick or a take from the top of ordered places offers of their things (``pool``,
    bottom first): the top ``high`` of them, the top one first."""
    return pool[-high:][::-1]


def _refill_decks(rt, item: Item, ctx: Context) -> bool:
    """Taking more cards from a deck than it holds: its discards are shuffled in first."""
    if item.location is None or item.location.preposition != "from":
        return False
    decks = decks_named(rt, item, ctx)
    for deck in decks:
        reshuffle(rt, deck)
    return bool(decks)


def decks_named(rt, item: Item, ctx: Context) -> list[str]:
    """The decks among the places ``item``'s location names (the ones a pick may refill)."""
    decks = rt.game.items("decks")
    return [place for place in places(ctx, item.location.place, ctx.actor) or [] if place in decks]


def restart_pick(f: list) -> bool:
    """Forget a pick that has not picked anything yet, so it is offered afresh (scenario
    staging changed the table under a pending question); False if there is none to forget."""
    if f[F.CAND] is None or f[F.PICKED]:
        return False
    forget_pick(f)
    return True


def _finish_pick(f: list) -> bool:
    """A pick done: its slots emptied, but PICKED, which holds what it picked until taken."""
    f[F.CAND] = f[F.LEAST] = f[F.MOST] = f[F.KEYS] = None
    return False


def bounds(ctx: Context, quantity: Quantity, available: int) -> tuple[int, int]:
    """(least, most) things a quantity asks for, given how many are available."""
    mode, value = quantity.mode, quantity.value
    if mode == "passed":
        passed = ctx.env.get(value)
        mode, value = (passed["mode"], passed["value"]) if isinstance(passed, dict) else ("exactly", passed or 0)
    if isinstance(value, str):
        value = variable_number(ctx, value)
    return mode_bounds(mode, value, available)


def mode_bounds(mode: str, value: int | None, available: int | None) -> tuple[int, int | None]:
    """(least, most) for a quantity's mode and number; ``available`` None means "no limit"
    (a repeat), and then an open quantity has no most (None)."""
    if mode == "exactly":
        return value, value
    if mode == "up_to":
        return min(1, value), value
    if mode == "at_least":
        return value, None if available is None else max(available, value)
    if mode == "all":
        return max(1, available), available
    if mode == "every":
        return available, available
    if mode == "at_most":
        return 0, value
    if mode == "any_number":
        return 0, available
    raise RulesError(f"unsupported quantity {mode}")


def _options(rt, f: list) -> list[tuple[str, str]]:
    options, seen, keys = [], set(), f[F.KEYS]
    probing = rt.probe_depth is not None  # a trial needs the keys only
    for entry in f[F.CAND]:
        key, label = _describe(rt, entry, probing)
        if key in seen:
            continue
        seen.add(key)
        keys[key] = entry
        options.append((key, label))
    return options


def _describe(rt, entry, probing: bool = False) -> tuple[str, str]:
    """The option key and label of a candidate (no label in a trial run)."""
    if isinstance(entry, dict):
        return f"player:{entry['player'] + 1}", f"player {entry['player'] + 1}"
    things = rt.world.thing_table
    if isinstance(entry, str) and entry in things:
        thing = things[entry]
        card = thing[T.CARD]
        if card is not None:  # a card's key and label: its card and place, and its card's name
            return _card_option(rt, entry, card, thing[T.AT])
        if "value" in thing[T.ATTRS] and thing[T.KIND] in rt.game.items("tokens"):
            key = f"{thing[T.KIND]}:{thing[T.ATTRS]['value']}"
        else:
            key = f"{thing[T.KIND]}:{entry}"
        return key, "" if probing else rt.world.name_of(entry)
    return str(entry), str(entry)


def _card_option(rt, tid: str, card: str, at) -> tuple[str, str]:
    """(key, label) of a card offered where it lies: worked out once per card and place (a
    memo of the game's), as a card's name is its definition's."""
    memo = rt.game.card_options
    where = (card, at)
    found = dict.get(memo, where)
    if found is None:
        found = memo[where] = (f"card:{card}@{at}", rt.world.name_of(tid))
    return found


def pick_pool(rt, ctx: Context, item: Item, owner: int | None) -> list:
    """The things (or players) a pick of ``item`` can take, in the order they are offered."""
    if is_players(item.noun):
        return players_pool(rt, item, ctx.you)
    return slot_order(rt, candidates(ctx, noun_named(ctx, item), item, owner))


def players_pool(rt, item: Item, you: int) -> list[dict]:
    """The seats a pick of players can take, in seat order ("opponents": all but you)."""
    seats = [p for p in range(rt.s["players"]) if not item.noun[0].startswith("opponent") or p != you]
    return [{"player": p} for p in seats]


def slot_order(rt, pool: list) -> list:
    """Slotted tokens highest value first (so moving them up never collides). (Loops, not
    all() over a generator: this runs for every pick.)"""
    if not pool:
        return pool
    things = rt.world.thing_table
    for tid in pool:
        if not isinstance(tid, str) or "value" not in things[tid][T.ATTRS]:
            return pool
    return _highest_first(things, pool)


def _highest_first(things: dict, pool: list) -> list:
    """The tokens by value, highest first (apart from slot_order, which is a C function in the
    compiled build and so may not hold a lambda)."""
    return sorted(pool, key=lambda t: -things[t][T.ATTRS]["value"])


def is_ordered_source(rt, item: Item, ctx: Context) -> bool:
    """Whether a pick "from" somewhere takes the top of ordered places (decks, piles kept in
    order): every place it names is one. "from your X" and "from each X" name places of X's
    kinds only, so when all of them are ordered that is known without listing the places."""
    location = item.location
    if location is None or location.preposition != "from":
        return False
    if type(location.place) in KIND_PLACES and _ordered_kinds(rt, _place_kinds(ctx, location.place)[0]):
        return True
    things = rt.world.thing_table
    for place in places(ctx, location.place, ctx.actor) or ():
        if isinstance(place, str) and place in things and not _ordered(rt, place):
            return False
    return True


def _ordered(rt, place: str) -> bool:
    return _ordered_kind(rt.game, rt.world.thing(place)[T.KIND])


def _ordered_kind(game, kind: str) -> bool:
    """Whether places of ``kind`` keep their things in order: decks, and places declared so."""
    item = dict.get(game.items("places"), kind) or dict.get(game.items("decks"), kind)
    return bool(item and (dict.get(item, "ordered") or kind in game.items("decks")))


def _ordered_kinds(rt, kinds) -> bool:
    """Whether places of every one of ``kinds`` keep their things in order (once per kinds)."""
    memo = rt.game.memo["ordered_kinds"]
    found = dict.get(memo, kinds)
    if found is None:
        found = True
        for kind in kinds:  # (a loop, not all() over a generator: a C function may hold none)
            found = found and _ordered_kind(rt.game, kind)
        memo[kinds] = found
    return found


KIND_PLACES = (OwnPlace, EveryPlace)  # places named by a noun: of its kinds, and only those


def too_few(item: Item, least: int, found: int) -> str:
    """Why a pick cannot be made, in words."""
    return f"needs {numeral(least)} {' '.join(item.noun)}, there {'is' if found == 1 else 'are'} {numeral(found)}"


def one_place(rt, f, place_node, ctx: Context | None = None) -> str:
    if f[F.ACTOR] is None and type(place_node) is OwnPlace:  # (fallible.py counts on an acting player here)
        raise RulesError(f"'{render(place_node)}' where nobody is acting")
    where = places(rt.ctx(f) if ctx is None else ctx, place_node, f[F.ACTOR])
    if not where:
        raise Infeasible(f"there is no {render(place_node)}")
    return where[0]


# ------------------------------------------------------------------ the item actions


def items_of(node) -> tuple:
    """The items of an item action: a field of ItemsAction, every one's base but a give's (a
    give names a player too). In the compiled build read from the C struct, not by name."""
    if type(node) is Give:
        given = node
        return given.items
    action = node
    return action.items


def items_action(rt, f, node) -> None:
    """The handler of every item action (HANDLERS): its items one after the other, in its frame
    ``f``, then the cards it plays, if any. (A function, not a closure over the verb: in the
    compiled build a C function whose runtime and frame are typed.)"""
    kept = f[F.MORE]
    dict.setdefault(kept, "i", 0)
    dict.setdefault(kept, "out", [])
    found = items_of(node)
    verb = VERBS[type(node)]
    while kept["i"] < len(found):
        if not _step_item(rt, f, node, found[kept["i"]], verb):
            return None  # waiting for a decision, or a pushed frame runs first
        kept["i"] += 1
    if dict.get(kept, "queue") or dict.get(kept, "playing"):
        return _play_next(rt, f)
    rt.done(f, kept["out"])
    return None


def _step_item(rt, f, node, item: Item, verb: str) -> bool:
    """Carry out one item; False while a decision or a pushed frame is pending."""
    kept = f[F.MORE]
    ctx = rt.ctx(f)
    if f[F.CAND] is None:  # (else a pick goes on)
        out = _item_now(rt, f, ctx, node, item, verb)
        if type(out) is list:
            kept["out"] += out
            return True
        if out is not None:  # a pick that asks, started
            fill(f, out)
    if isinstance(item, BoundItem):  # things to play
        things = ctx.env.get(item.name)
        return _apply(rt, f, node, verb, things if isinstance(things, list) else [things])
    if select_step(rt, f, item, f[F.ACTOR], ctx):
        return False
    return _apply(rt, f, node, verb, take(f, F.PICKED))


def _item_now(rt, f, ctx: Context, node, item: Item, verb: str) -> list | dict | None:
    """Carry out one item that needs no decision, and give what it produced (a list). A pick
    that asks, or any pick of cards to play, is only started: its fields (the pick's slots,
    slots.py) are given, for the frame that goes on with it. None, having done nothing, for
    things bound to play. ``f``: the frame whose player acts and whose context ``ctx`` is (only read)."""
    if isinstance(item, BoundItem):
        if verb == "play":
            return None
        things = ctx.env.get(item.name)
        return _apply_things(rt, f, node, verb, things if isinstance(things, list) else [things])
    noun = noun_named(ctx, item)
    if is_resource(noun):
        _resource(rt, f, node, verb, noun.id, amount(ctx, node, item))
        return []
    if verb == "draw":
        return draw(rt, f[F.ACTOR], noun, amount(ctx, node, item))
    if verb == "gain":
        return gain_things(rt, f, item, noun, amount(ctx, node, item))
    if verb in ("take", "reveal") and from_each(item):
        return _apply_things(rt, f, node, verb, take_from_each(rt, ctx, f[F.ACTOR], item))
    low, high, cand = _start_pick(rt, item, f[F.ACTOR], ctx)
    taken = None if verb == "play" else _taken_unasked([], cand, low, high)
    if taken is None:
        return {F.LEAST: low, F.MOST: high, F.PICKED: [], F.CAND: cand, F.KEYS: {}}
    return _apply_things(rt, f, node, verb, taken)


def items_now(rt, f, node) -> list | dict | None:
    """An item action as a leaf (handlers.LEAVES): one item that needs no decision, done at
    once in the frame ``f`` of its parent (only read). A pick that asks is given started, as
    the keys its frame starts with; None, having done nothing, otherwise."""
    found = items_of(node)
    if len(found) != 1:
        return None
    return _item_now(rt, f, rt.ctx(f), node, found[0], VERBS[type(node)])


def amount(ctx: Context, node, item: Item) -> int:
    """How many of ``item`` the action ``node`` gains, pays or draws for the acting player."""
    quantity = item.quantity
    if quantity.mode in ("every", "all"):
        noun = noun_named(ctx, item)
        amount = counter_amount(ctx, noun.id, ctx.actor) if is_resource(noun) else None
        if amount is None:
            raise RulesError(f"'{quantity.mode}' of {noun.name} is not an amount")
        if quantity.mode == "all" and amount == 0:
            raise Infeasible(f"you have no {noun.plural}")
        return amount
    low, _high = bounds(ctx, quantity, 0)
    per = node.per if type(node) is Gain else None  # (only a gain has "per": no failed lookup for the others)
    return low * (len(select(ctx, per)) if per is not None else 1)


def _resource(rt, f, node, verb: str, resource: str, amount: int) -> None:
    world, seat = rt.world, f[F.ACTOR]
    owner = counter_owner(rt.game, resource, seat)
    noun = rt.game.nouns[resource]
    name = noun.name if amount == 1 else noun.plural
    hidden = dict.get(rt.game.item("resources", resource), "hidden")
    if verb == "gain":
        added = world.add(owner, resource, amount)
        if added:  # nothing happened, nothing to tell
            world.event("gained", seat, f"{_who(owner)} gained {numeral(added)} {name}", _told(resource, added, hidden))
    elif verb in ("pay", "lose"):
        world.remove(owner, resource, amount, verb)
        past = "paid" if verb == "pay" else "lost"
        if amount:
            world.event(past, seat, f"{_who(seat)} {past} {numeral(amount)} {name}", _told(resource, amount, hidden))
    elif verb == "give":
        target = player_of(rt.ctx(f), node.player)
        world.remove(owner, resource, amount, "give")
        world.add(target, resource, amount)
        world.event("gave", seat, f"{_who(seat)} gave {numeral(amount)} {name} to {_who(target)}",
                    {"resource": resource, "amount": amount, "to": target})
    else:
        raise RulesError(f"cannot {verb} a resource")


def _told(resource: str, amount: int, hidden) -> dict:
    """What an event of a resource's amount tells besides its text (a hidden resource's is quiet:
    the log leaves it out)."""
    if hidden:
        return {"resource": resource, "amount": amount, "quiet": True}
    return {"resource": resource, "amount": amount}


def _who(seat) -> str:
    return seat_name(seat) if seat is not None else "the game"


# ------------------------------------------------------------------ applying to things


def _apply(rt, f, node, verb: str, things: list) -> bool:
    """Do ``verb`` to the things picked; False when cards to play are queued (the first one's
    effect runs first)."""
    kept = f[F.MORE]
    if verb != "play":
        kept["out"] += _apply_things(rt, f, node, verb, things)
        return True
    cards = [tid for tid in things if not isinstance(tid, dict)]
    if cards:
        kept.setdefault("queue", []).extend(cards)
    kept["out"] += cards
    if kept.get("queue"):
        kept["i"] += 1
        _play_next(rt, f)
        return False
    return True


def _apply_things(rt, f, node, verb: str, things: list) -> list:
    """Do ``verb`` (not a play) to ``things`` and give what it produced; ``f``: the frame whose
    player acts (only read)."""
    world, seat = rt.world, f[F.ACTOR]
    for tid in things:
        if isinstance(tid, dict):
            continue
        if verb in ("discard", "pay"):
            discard(rt, seat, tid)
        elif verb == "lose":
            lose(rt, seat, tid)
        elif verb == "give":
            target = player_of(rt.ctx(f), node.player)
            move_to_owner(rt, tid, target)
            world.event("gave", seat, f"{_who(seat)} gave {world.name_of(tid)} to {_who(target)}",
                        {"thing": tid, "to": target})
        elif verb == "take":
            move_to_owner(rt, tid, seat)
            world.thing_event("took", seat, f"{_who(seat)} took {world.name_of(tid)}", tid)
        elif verb == "reveal":
            reveal(rt, seat, tid)
        elif verb == "gain":
            gain_existing(rt, seat, tid)
    return [t for t in things if not isinstance(t, dict)] if verb != "pick" else list(things)


def _play_next(rt, f) -> None:
    """Play the queued cards one by one: each is set aside, its effect runs in full, then it is discarded."""
    kept = f[F.MORE]
    if kept.get("playing"):
        _finish_playing(rt, f[F.ACTOR], kept.pop("playing"))
    if not kept.get("queue"):
        kept.pop("queue", None)
        if kept["i"] >= len(rt.game.nodes[f[F.NODE]].items):
            rt.done(f, kept["out"])
        return
    tid = first_off(kept["queue"])
    card = rt.world.thing(tid)[T.CARD]
    play_card(rt, f[F.ACTOR], tid)
    root = rt.game.effect("cards", card)
    kept["playing"] = tid
    if root is not None:
        rt.push(f, root, {F.ENV: rt.new_env({}), F.YOU: f[F.ACTOR], F.STRICT: True, F.SRC: f"card:{card}", F.OWN: True})


def play_card(rt, seat: int, tid: str) -> None:
    """Set a played card aside while it resolves (nobody's card meanwhile); it is discarded after."""
    rt.world.set_owner(tid, None)
    rt.world.put(tid, playing_place(rt))
    rt.world.thing_event("played", seat, f"{_who(seat)} played {rt.world.name_of(tid)}", tid)


def playing_place(rt) -> str:
    if "playing" not in rt.s["things"]:
        rt.world.create("playing", "playing", None, None)
    return "playing"


def discard_played(rt, seat: int) -> None:
    """Discard every card set aside while it resolved."""
    for tid in list(rt.world.contents("playing")):
        discard(rt, seat, tid, resolved=True)


def _finish_playing(rt, seat: int, tid: str) -> None:
    if rt.world.thing(tid)[T.AT] == "playing":
        discard(rt, seat, tid, resolved=True)


def from_each(item) -> bool:
    """Whether ``item`` is taken from each of several places ("from each action deck")."""
    return item.location is not None and isinstance(item.location.place, EveryPlace)


def take_from_each(rt, ctx: Context, seat: int, item: Item) -> list[str]:
    """The top things of ``item``'s kind, as many as it says, from each place it names (a deck
    that is empty is first shuffled anew from its discard pile), in the order taken."""
    noun = noun_named(ctx, item)
    count = bounds(ctx, item.quantity, 0)[0]
    if count <= 0:
        return []
    kinds = rt.game.kinds(noun.id)
    taken = []
    for place in places(ctx, item.location.place, seat) or []:
        top = _top_of_kinds(rt, place, kinds, count)
        if not top and place in rt.game.items("decks"):
            reshuffle(rt, place)
            top = _top_of_kinds(rt, place, kinds, count)
        taken += top
    return taken


def _top_of_kinds(rt, place: str, kinds, count: int) -> list[str]:
    """The top ``count`` (at least 1) things of ``kinds`` in ``place``, the top one first. Read
    from the top down, stopping at the last one wanted: a deck is long, and only its top is taken."""
    things = rt.world.thing_table
    top: list = []
    for tid in reversed(rt.world.contents(place)):
        if things[tid][T.KIND] in kinds:
            top.append(tid)
            if len(top) == count:
                break
    return top


def reveal(rt, seat: int, tid: str) -> None:
    """Lay a thing face up where everybody sees it."""
    rt.world.put(tid, revealed_place(rt))
    rt.world.thing_event("revealed", seat, f"{_who(seat)} revealed {rt.world.name_of(tid)}", tid)


def discard(rt, seat, tid: str, played: bool = False, resolved: bool = False) -> None:
    world = rt.world
    thing = world.thing(tid)
    name = world.name_of(tid)
    pile = _discard_pile(rt, thing)
    if pile is not None:
        world.set_owner(tid, None)
        world.put(tid, pile)
    elif thing[T.HOME]:
        world.put(tid, thing[T.HOME])
    else:
        world.destroy(tid)
    if resolved:
        world.thing_event("discarded", seat, f"{name} went to the discard pile", tid)
    else:
        world.thing_event("played" if played else "discarded", seat,
                          f"{_who(seat)} {'played' if played else 'discarded'} {name}", tid)


def lose(rt, seat, tid: str) -> None:
    world = rt.world
    thing = world.thing(tid)
    name = world.name_of(tid)
    if thing[T.HOME]:
        world.put(tid, thing[T.HOME])
    elif thing[T.CARD] is not None:
        world.set_owner(tid, None)
        world.put(tid, _discard_pile(rt, thing))
    else:
        world.destroy(tid)
    world.thing_event("lost", seat, f"{_who(seat)} lost {name}", tid)


def _discard_pile(rt, thing: list) -> str | None:
    """The discard pile of a thing's kind (None: it has none), read once per kind."""
    memo = rt.game.discard_piles
    kind = thing[T.KIND]
    pile = dict.get(memo, kind, NOT_READ)
    if pile is NOT_READ:
        pile = memo[kind] = _kind_discard_pile(rt.game, kind)
    return pile


def _kind_discard_pile(game, kind: str) -> str | None:
    card_type = dict.get(game.items("card_types"), kind)
    if not card_type or not dict.get(card_type, "deck"):
        return None
    return dict.get(game.item("decks", card_type["deck"]), "discard_pile")


def move_to_owner(rt, tid: str, seat: int) -> None:
    rt.world.set_owner(tid, seat)
    rt.world.put(tid, _home_place(rt, rt.world.thing(tid)[T.KIND], seat))


def revealed_place(rt) -> str:
    if "revealed" not in rt.s["things"]:
        rt.world.create("revealed", "revealed", None, None)
    return "revealed"


# ------------------------------------------------------------------ drawing and gaining


def draw(rt, seat: int, noun, count: int) -> list[str]:
    decks = decks_for(rt, noun)
    if len(decks) != 1:
        raise RulesError(f"'draw' needs one deck for {noun.name}, found {len(decks)}")
    deck = decks[0]
    drawn = []
    for _ in range(count):
        if not rt.world.contents(deck):
            reshuffle(rt, deck)
        if not rt.world.contents(deck):
            raise Infeasible(f"the {rt.game.nouns[deck].name} is empty")
        tid = rt.world.contents(deck)[-1]
        move_to_owner(rt, tid, seat)
        drawn.append(tid)
        rt.world.event("drew", seat, f"{_who(seat)} drew 1 {rt.game.nouns[rt.world.thing(tid)[T.KIND]].name}",
                       {"thing": tid, "private": True})
    return drawn


def decks_for(rt, noun) -> tuple[str, ...]:
    """The decks a card noun is drawn from (worked out once per noun)."""
    memo = rt.game.memo["decks_of"]
    found = dict.get(memo, noun.id)
    if found is None:
        found = memo[noun.id] = _decks_for(rt.game, noun)
    return found


def _decks_for(game, noun) -> tuple[str, ...]:
    if noun.namespace == "decks":
        return (noun.id,)
    found = []
    for kind in sorted(game.kinds(noun.id)):
        card_type = game.items("card_types").get(kind)
        if card_type and card_type.get("deck") and card_type["deck"] not in found:
            found.append(card_type["deck"])
    return tuple(found)


def refill_pile(game, deck: str) -> str | None:
    """The pile that becomes ``deck`` again when it runs out: its discard pile, unless its
    reshuffle rule says never (support.py says which rules this engine does)."""
    item = game.item("decks", deck)
    rule = dict.get(item, "reshuffle")
    if rule and rule.get("when") == "never":
        return None
    return dict.get(item, "discard_pile")


def reshuffle(rt, deck: str) -> None:
    """Shuffle the deck's discard pile in under the cards still in the deck (none: refill_pile)."""
    pile = refill_pile(rt.game, deck)
    cards = list(rt.world.contents(pile)) if pile else []
    if not cards:
        return
    from engine import rng

    shuffled, rt.s["rng"] = rng.shuffle(rt.s["rng"], cards)
    rt.world.put_under(shuffled, pile, deck)
    rt.world.event("shuffled", None, f"the {rt.game.nouns[deck].name} was reshuffled", {"deck": deck})


def gain_things(rt, f, item: Item, noun, count: int) -> list[str]:
    """Gain ``count`` pieces: from the owner's reserve when the pieces have one, else new ones."""
    seat = f[F.ACTOR]
    kinds = sorted(rt.game.kinds(noun.id))
    destination = one_place(rt, f, item.location.place) if item.location is not None else None
    gained = []
    for _ in range(count):
        reserve = _from_reserve(rt, seat, kinds)
        if reserve is None and _has_reserve(rt, kinds):
            raise Infeasible(f"you have no {noun.name} left to gain")
        if reserve is not None:
            gain_existing(rt, seat, reserve, destination)
            gained.append(reserve)
        else:
            gained.append(_create(rt, f, item, kinds, seat, destination))
    return gained


def _from_reserve(rt, seat: int, kinds) -> str | None:
    things, inside = rt.world.thing_table, rt.world.contents_table
    for place in rt.s["reserves"]:
        owner = things[place][T.OWNER]
        if owner is not None and owner != seat:
            continue
        for tid in dict.get(inside, place, EMPTY):
            if things[tid][T.KIND] in kinds:
                return tid
    return None


def _has_reserve(rt, kinds) -> bool:
    """Whether pieces of ``kinds`` are kept in a reserve (worked out once per kinds)."""
    memo, key = rt.game.memo["has_reserve"], frozenset(kinds)
    found = dict.get(memo, key)
    if found is None:
        names = frozenset().union(*(_with_groups(rt, kind) for kind in kinds))
        found = memo[key] = any(item.get("reserve") and not names.isdisjoint(item.get("holds", []))
                                for item in rt.game.items("places").values())
    return found


def _with_groups(rt, kind: str) -> frozenset[str]:
    """The kind and the groups its noun belongs to (worked out once per kind)."""
    memo = rt.game.memo["groups_of"]
    found = dict.get(memo, kind)
    if found is None:
        noun = rt.game.nouns.get(kind)
        found = memo[kind] = frozenset({kind, *(noun.groups if noun else ())})
    return found


def gain_existing(rt, seat: int, tid: str, destination: str | None = None) -> None:
    world = rt.world
    thing = world.edit(tid)
    if thing[T.AT] is not None and world.is_reserve(thing[T.AT]):
        thing[T.HOME] = thing[T.AT]
    world.set_owner(tid, seat)
    world.put(tid, destination or _home_place(rt, thing[T.KIND], seat))
    world.thing_event("gained", seat, f"{_who(seat)} gained {world.name_of(tid)}", tid)


def _create(rt, f, item: Item, kinds: list[str], seat: int, destination: str | None) -> str:
    if len(kinds) != 1:
        raise RulesError(f"'gain' of {' '.join(item.noun)} needs one kind, found {', '.join(kinds)}")
    kind = kinds[0]
    ctx = rt.ctx(f)
    attrs = {}
    for flt in getattr(item, "filters", ()):
        if isinstance(flt, (OtherThan, Yours)):
            continue
        attrs[flt.attribute] = flt.value if isinstance(flt.value, int) else variable_number(ctx, flt.value)
    tid = rt.world.new_id(kind)
    rt.world.create(tid, kind, seat, None, attrs)
    place = destination or _home_place(rt, kind, seat)
    if place_token(rt, tid, place, seat):
        rt.world.thing_event("gained", seat, f"{_who(seat)} gained {rt.world.name_of(tid)}", tid)
    return tid


def _home_place(rt, kind: str, seat: int) -> str | None:
    """Where a thing of ``kind`` goes by default: its declared location, else the owner's hand."""
    for namespace in ("tokens", "workers", "structures"):
        item = dict.get(rt.game.items(namespace), kind)
        if item and dict.get(item, "location"):
            return rt.world.place_for(item["location"], seat)
    card_type = dict.get(rt.game.items("card_types"), kind)
    if card_type is not None:
        return rt.world.place_for(_hand_kind(rt), seat)
    return None


def _hand_kind(rt) -> str:
    found = rt.game.memo.get("hand_kind")
    if found is None:
        for place_id, item in rt.game.items("places").items():
            if "card" in item.get("holds", []) and item.get("visibility") == "owner":
                found = rt.game.memo["hand_kind"] = place_id
                break
        else:
            raise RulesError("no place holds the players' cards (a 'hand')")
    return found


# ------------------------------------------------------------------ slots


def place_token(rt, tid: str, place: str | None, seat: int) -> bool:
    """Put a token on ``place`` by its slot rule; False if it was lost for want of a slot."""
    world = rt.world
    thing = world.thing(tid)
    token = rt.game.items("tokens").get(thing[T.KIND], {})
    slots = token.get("slots")
    if place is None or not slots or slots.get("by") not in thing[T.ATTRS]:
        world.put(tid, place)
        return True
    attribute = slots["by"]
    value = _free_slot(rt, thing[T.KIND], thing[T.ATTRS][attribute], place, attribute, seat)
    if value is None:
        if rt.in_strict():
            raise Infeasible(f"no free slot for {world.name_of(tid)}")
        if slots.get("if_no_slot", "lost") == "lost":
            world.destroy(tid)
            world.event("lost", seat, f"{_who(seat)} had no free slot: the {thing[T.KIND].replace('_', ' ')} is lost")
            return False
        raise Infeasible(f"no free slot for {world.name_of(tid)}")
    world.set_attribute(tid, attribute, value)
    world.put(tid, place)
    return True


def slot_taken(world, tid: str, attribute: str, value) -> bool:
    """Whether moving a slotted token to ``value`` would land on another token of its kind."""
    thing = world.thing(tid)
    kind = thing[T.KIND]
    slots = dict.get(dict.get(world.game.items("tokens"), kind, NO_ITEMS), "slots")
    if not slots or dict.get(slots, "by") != attribute or thing[T.AT] is None:
        return False
    things = world.thing_table
    for other in world.contents(thing[T.AT]):
        if other != tid:
            held = things[other]
            if held[T.KIND] == kind and dict.get(held[T.ATTRS], attribute) == value:
                return True
    return False


def _free_slot(rt, kind: str, wanted: int, place: str, attribute: str, seat: int) -> int | None:
    things = rt.world.thing_table
    taken = {things[t][T.ATTRS].get(attribute) for t in rt.world.contents(place) if things[t][T.KIND] == kind}
    allowed = _allowed_values(rt, kind, place, seat)
    for value in range(min(wanted, max(allowed, default=0)), 0, -1):
        if value in allowed and value not in taken:
            return value
    return None


def _allowed_values(rt, kind: str, place: str, seat: int) -> set[int] | frozenset[int]:
    """The values a token of ``kind`` may take in ``place`` now: its zones' values, of the zones
    whose condition holds (every value of the token without zones)."""
    fixed, conditional = _zone_values(rt, kind, rt.world.thing(place)[T.KIND])
    if not conditional:
        return fixed
    allowed = set(fixed)
    ctx = Context(rt.world, seat, seat, {}, {})
    for root, values in conditional:
        if test(ctx, rt.game.nodes[root]):
            allowed |= values
    return allowed


def _zone_values(rt, kind: str, place_kind: str) -> tuple[frozenset[int], tuple]:
    """What the zones of a place of ``place_kind`` allow a token of ``kind``: the values of the
    zones without a condition, and (condition's node number, values) of the others (worked out
    once per pair of kinds)."""
    memo = rt.game.memo_for("zone_values", place_kind)
    found = dict.get(memo, kind)
    if found is None:
        place_item = rt.game.items("places").get(place_kind, {})
        zones = place_item.get("zones")
        if not zones:
            bounds_ = rt.game.items("tokens").get(kind, {}).get("value", {"min": 1, "max": 9})
            found = (frozenset(range(bounds_.get("min", 1), bounds_.get("max", 9) + 1)), ())
        else:
            fixed, conditional = set(), []
            for index, zone in enumerate(zones):
                if not _zone_holds(rt, zone, kind):
                    continue
                values = frozenset(range(zone["values"]["min"], zone["values"]["max"] + 1))
                root = rt.game.effects.get(f"places:{place_item['id']}:zones/{index}/condition")
                if zone.get("condition") and root is not None:
                    conditional.append((root, values))
                else:
                    fixed |= values
            found = (frozenset(fixed), tuple(conditional))
        memo[kind] = found
    return found


def _zone_holds(rt, zone: dict, kind: str) -> bool:
    holds = zone.get("holds")
    return not holds or not _with_groups(rt, kind).isdisjoint(holds)


VERBS = {Gain: "gain", Lose: "lose", Pay: "pay", Give: "give", Draw: "draw", Discard: "discard", Take: "take",
         Reveal: "reveal", Play: "play", Pick: "pick"}
LEAVES = dict.fromkeys(VERBS, items_now)  # (handlers.LEAVES)
BINDS_ITSELF = frozenset(VERBS) - {Play}  # the actions whose frame binds "as Name" itself (handlers._bound_now)

HANDLERS = dict.fromkeys(VERBS, items_action)
