"""The world: counters, things and places, read and changed on a working copy.

Every card, token, worker, structure, space and place is a *thing*: a list of
fixed slots (tslots.py), read as ``thing[T.KIND]``: its kind, owner seat or
None, container thing id or None, attributes (a dict), creation number, card
definition (for cards, else None) and home reserve (or None).
Places are things too, so a plot can hold cards and have a limit.
``state["in"]`` lists each container's contents in order (a deck's last
item is its top). Counters (the pack's resources) are numbers per seat.
Two indexes, kept by the writes here: ``state["kinds"]`` lists the things of
each kind, and ``state["owned"]`` the owned things of each kind, one list per
seat, both in creation order. Copies of the state share the index dicts; a
World copies them before its first write, and a list in them is replaced,
never changed in place. "Your cards" is then read from the few cards a
player owns, not from the whole deck's worth of a kind.

Copies share: a copy of the state (runtime.clone) shares the things and
the contents lists with the original, and the World copies one the first
time it writes to it (``edit``, ``_writable``). Every write goes through
here; ``forget`` is called when the state this World writes to is copied
again, since everything is then shared once more. A walk's branch copies
only the state's top level: its World is *lent* the tables of things,
contents and counters too, and copies each before its first write (``_own``).
A *borrowing* World (``borrowing``) writes the tables of things and contents of
the state it was made over themselves, keeping each entry a write replaces (a
trail), and ``undo`` puts them back: a short change that is undone before
anything else reads that state, where a copy of the whole table would cost more.

A place marked ``reserve`` holds pieces a player owns but has not brought
into play (unbuilt structures, untrained workers): gaining such a piece takes
it from the reserve, losing it puts it back, and "you have" does not count it.
"""

from __future__ import annotations

from engine.interp import sets
from engine.interp import tslots as T
from engine.interp.errors import Infeasible
from engine.interp.game import memo_part
from engine.interp.numbered import numeral

# Containers the engine makes itself: the pile a deck-less card type is dealt from,
# the public area revealed cards go to, a player's cards dealt at setup, and where a
# played card waits while it resolves.
ENGINE_PLACES = frozenset({"pool", "revealed", "dealt", "playing"})
EMPTY: list = []
MISSING = object()  # a trail's mark of an entry that was not there before the write
LENT = ("things", "in", "counters", "global")  # the tables a branch's World copies at its first write


def roomy(keys: tuple) -> dict:
    """A dict of ``keys`` (each None) to copy and fill in, whose table has room for four keys more:
    made with one key more, then that key taken out. (A dict is made with a table of eight places,
    room for five keys, and grown when a sixth is added, some 300 instructions more; a copy keeps
    its table. A dict display of up to eight keys is made small in the compiled build too.)"""
    made = dict.fromkeys(keys + ("",))
    del made[""]
    return made


EVENT = roomy(("type", "player", "text", "round", "phase"))  # an event's own keys, in order (World.event)


def _within(kinds, fixed: frozenset) -> bool:
    """Whether every one of ``kinds`` is one of ``fixed`` (a loop: a subset test of a set that
    may be a list goes through the generic protocols)."""
    for kind in kinds:
        if kind not in fixed:
            return False
    return True


def _merged(lists: list[list[str]], things: dict) -> list[str]:
    """Lists of things each in creation order, as one in creation order (never in the order of
    the set of kinds they were asked by). One list is returned as it is."""
    if len(lists) <= 1:
        return lists[0] if lists else EMPTY
    keyed = [(things[tid][T.MADE], tid) for found in lists for tid in found]  # (a list, and no lambda: a C function)
    keyed.sort()  # (creation numbers are unique: the ids are never compared)
    return [tid for _n, tid in keyed]


class World:
    """Reads and changes one working state (never a state a caller holds)."""

    __slots__ = ("game", "s", "_things", "_lists", "_indexes", "_lent", "_trail", "thing_table", "contents_table",
                 "kinds_table", "owned_table", "counters_table", "global_table", "_stage")

    def __init__(self, game, state: dict, lent: bool = False) -> None:
        self.game = game
        self.s = state
        self._at_hand()
        self._things: set[str] = set()  # things this World has its own copy of
        self._lists: set[str] = set()  # contents lists likewise
        self._indexes = False  # whether the index dicts (kinds, owned) are this World's own copies
        # With ``lent``, the state's tables of things, contents and counters are still another
        # state's (a copy of its top level only: a walk's branch), each copied at its first write
        # (_own). So a function that keeps one of them must not write in between.
        self._lent = set(LENT) if lent else set()
        self._trail = None  # a borrowing World's (table, key, entry replaced) of each write (borrowing)
        self._stage = None  # an event's keys that the round and phase fix, made at the first need (_entry)

    def _at_hand(self) -> None:
        """Keep the state's tables at hand, read at every thing, index or counter read: its
        things, contents, indexes of kinds and of owned things, and counters. A World replaces
        the state's entries for them only when it copies one (_own, _own_indexes), which then
        reads them again."""
        s = self.s
        self.thing_table, self.contents_table = s["things"], s["in"]
        self.kinds_table, self.owned_table = s["kinds"], s["owned"]
        self.counters_table, self.global_table = s["counters"], s["global"]

    def undo(self) -> None:
        """A borrowing World's writes to the tables of things and contents, taken back: each
        entry it replaced is put back, and each it added is removed."""
        trail, self._trail = self._trail, []
        for table, key, entry in reversed(trail):
            if entry is MISSING:
                del table[key]
            else:
                table[key] = entry
        self._things.clear()
        self._lists.clear()

    def _trailed(self, table: dict, key: str) -> None:
        """Keep the entry ``key`` of ``table`` as it is before a borrowing World replaces it."""
        self._trail.append((table, key, dict.get(table, key, MISSING)))

    def forget(self) -> None:
        """The state was copied: every thing and list is shared again."""
        self._things.clear()
        self._lists.clear()
        self._indexes = False

    def _own(self, table: str) -> None:
        """Make one of the lent tables (LENT) this state's own copy, before its first write."""
        if table in self._lent:
            self._lent.discard(table)
            if table == "counters":
                self.s[table] = [dict.copy(bucket) for bucket in self.s[table]]
            else:
                self.s[table] = dict.copy(self.s[table])
            self._at_hand()

    def _own_indexes(self) -> None:
        """Make the state's index dicts (kinds, owned) its own before the first write to them:
        copies of a state share them (runtime.clone), and most copies never write them."""
        if not self._indexes:
            self.s["kinds"] = dict(self.s["kinds"])
            self.s["owned"] = dict(self.s["owned"])
            self._indexes = True
            self._at_hand()

    def edit(self, tid: str) -> list:
        """The thing, as this state's own copy, for changing it."""
        if tid not in self._things:
            if self._lent:
                self._own("things")
            things = self.thing_table
            thing = things[tid]
            if self._trail is not None:
                self._trailed(things, tid)
            thing = things[tid] = list(thing)
            thing[T.ATTRS] = dict(thing[T.ATTRS])
            set.add(self._things, tid)
            return thing
        return self.thing(tid)

    def _writable(self, place: str) -> list[str]:
        if place not in self._lists:
            if self._lent:
                self._own("in")
            inside = self.contents_table
            if self._trail is not None:
                self._trailed(inside, place)
            held = inside[place] = list(dict.get(inside, place, ()))
            set.add(self._lists, place)
            return held
        inside = self.contents_table
        return inside[place]

    # ------------------------------------------------------------ counters

    def counter(self, owner: int | None, resource: str) -> int:
        bucket = self._bucket(owner)
        return dict.get(bucket, resource, 0)

    def add(self, owner: int | None, resource: str, amount: int) -> int:
        """Add up to the resource's maximum; returns what was really added."""
        bucket = self._bucket_to_write(owner)
        limit = self.game.resource_bounds[resource][1]
        before = dict.get(bucket, resource, 0)
        after = before + amount if limit is None else min(before + amount, limit)
        bucket[resource] = after
        return after - before

    def remove(self, owner: int | None, resource: str, amount: int, verb: str = "pay") -> None:
        """Remove exactly ``amount``, or raise Infeasible (never below the minimum)."""
        short = self.shortfall(owner, resource, amount, verb)
        if short is not None:
            raise Infeasible(short)
        bucket = self._bucket_to_write(owner)
        bucket[resource] = dict.get(bucket, resource, 0) - amount

    def _bucket_to_write(self, owner: int | None) -> dict:
        """The counters of ``owner`` (None: the global ones), as this state's own, for changing."""
        if self._lent:
            self._own("global" if owner is None else "counters")
        return self._bucket(owner)

    def _bucket(self, owner: int | None) -> dict:
        """The counters of ``owner`` (None: the global ones), to read."""
        if owner is None:
            return self.global_table
        counters = self.counters_table
        at = owner  # (a C index in the compiled build: the list's own read)
        return counters[at]

    def lacks(self, owner: int | None, resource: str, amount: int) -> bool:
        """Whether removing ``amount`` would take the counter below its least (shortfall's
        test, without the words)."""
        bucket = self._bucket(owner)
        floor = self.game.resource_bounds[resource][0]
        return floor is not None and dict.get(bucket, resource, 0) - amount < floor

    def shortfall(self, owner: int | None, resource: str, amount: int, verb: str = "pay", spent: int = 0) -> str | None:
        """Why ``amount`` cannot be removed (in words), or None when it can; ``spent``: as if that
        much had been removed first (a price paid step by step, read without paying it)."""
        if not self.lacks(owner, resource, amount + spent):
            return None
        bucket = self._bucket(owner)
        floor = self.game.resource_bounds[resource][0]
        have = dict.get(bucket, resource, 0) - spent
        noun = self.game.nouns[resource]
        name = noun.name if amount == 1 else noun.plural  # "needs 1 worker", "needs 2 workers"
        if floor == 0:
            return f"needs {numeral(amount)} {name}, you have {numeral(have)}"
        return f"cannot {verb} {numeral(amount)} {name}: you have {numeral(have)} and may not go below {numeral(floor)}"

    # ------------------------------------------------------------ things

    def thing(self, tid: str) -> list:
        things = self.thing_table  # (typed in the compiled build: the dict's own read)
        return things[tid]

    def contents(self, place: str) -> list[str]:
        """What ``place`` holds (read only: change it with put)."""
        return dict.get(self.contents_table, place, EMPTY)

    def create(self, tid: str, kind: str, owner: int | None, place: str | None, attrs=None, card=None) -> str:
        if self._lent:
            self._own("things")
        thing = [kind, owner, None, dict(attrs or {}), len(self.thing_table), card, None]  # (tslots.py)
        if kind in self.game.fixed_kinds or kind in ENGINE_PLACES:
            self.s["places"] = self.s["places"] + [tid]
        if self._trail is not None:
            self._trailed(self.thing_table, tid)
        self.thing_table[tid] = thing
        self._things.add(tid)
        self._own_indexes()
        index = self.kinds_table
        index[kind] = index.get(kind, EMPTY) + [tid]  # replaced, never changed in place
        if owner is not None:
            self._index_owner(tid, kind, owner, True)
        if place is not None:
            self.put(tid, place)
        return tid

    def new_id(self, prefix: str) -> str:
        self.s["serial"] += 1
        return f"{prefix}#{self.s['serial']}"

    def put(self, tid: str, place: str | None, top: bool = True) -> None:
        """Move a thing into ``place`` (None: out of the game). Into a place whose things
        lie in sets, it goes to the first legal set (sets.py; ``move`` asks instead)."""
        if self.sets_rule_at(place) and self.thing(tid)[T.KIND] != sets.SET_KIND:
            return sets.put_first(self, tid, place)
        thing = self.edit(tid)
        was = thing[T.AT]
        if was is not None:
            held = self._writable(was)
            if held and held[-1] == tid:  # mostly the top of a pile: no search from the bottom
                held.pop()
            else:
                held.remove(tid)
        thing[T.AT] = place
        if place is not None:
            contents = self._writable(place)
            contents.append(tid) if top else contents.insert(0, tid)
        if was is not None and not held:
            self._split_into(was)

    def put_under(self, tids: list[str], was: str, place: str) -> None:
        """Move every thing in ``was`` into ``place``, under what it holds, in the order of
        ``tids`` (the things of ``was``, in any order; the first one at the bottom): what a
        ``put`` of each, then an order of the contents, gives, in one pass over the lists
        rather than a search of ``was`` for each thing."""
        if self.sets_rule_at(place):
            for tid in tids:
                self.put(tid, place)
            return
        for tid in tids:
            self.edit(tid)[T.AT] = place
        self.set_contents(place, tids + self.contents(place))
        self.set_contents(was, [])
        self._split_into(was)

    def sets_rule_at(self, place: str | None) -> dict | None:
        """The sets rule of the place thing ``place`` (None: its things lie loose, or no place)."""
        if place is None or not self.game.set_kinds:  # (most games have none: no lookup)
            return None
        kind = self.thing(place)[T.KIND]
        return self.game.sets_rule(kind) if kind in self.game.set_kinds else None

    def _split_into(self, empty: str) -> None:
        """A place of a kind that ``split_when_empty`` takes the bottom half of its fullest sibling."""
        thing = self.thing(empty)
        kind, owner = thing[T.KIND], thing[T.OWNER]
        place = dict.get(self.game.items("places"), kind)
        if place is None or not dict.get(place, "split_when_empty"):
            return
        fullest, most = None, 1  # (the first of the fullest siblings, if it holds two or more)
        for sibling in self.places_of({kind}, owner):
            if sibling != empty and self.thing_table[sibling][T.OWNER] == owner and len(self.contents(sibling)) > most:
                fullest, most = sibling, len(self.contents(sibling))
        if fullest is None:
            return
        moved = list(self.contents(fullest))[:len(self.contents(fullest)) // 2]  # the bottom half
        for tid in moved:
            self.put(tid, empty)
        self.event("split", None, f"{self.name_of(fullest)} was split: {len(moved)} to {self.name_of(empty)}",
                   {"place": fullest, "to": empty, "count": len(moved)})

    def destroy(self, tid: str) -> None:
        """Take a thing out of the game. Its record stays, so an effect that bound it
        ("discard 1 token as Sold ... the value of Sold") still reads what it was."""
        self.put(tid, None)

    def set_owner(self, tid: str, owner: int | None) -> None:
        thing = self.edit(tid)
        was = thing[T.OWNER]
        if was == owner:
            return
        thing[T.OWNER] = owner
        if was is not None:
            self._index_owner(tid, thing[T.KIND], was, False)
        if owner is not None:
            self._index_owner(tid, thing[T.KIND], owner, True)

    def _index_owner(self, tid: str, kind: str, owner: int, add: bool) -> None:
        """Add ``tid`` to (or take it from) ``owner``'s list of its kind in the index of owned
        things, kept in creation order; every list changed is replaced, never changed in place."""
        self._own_indexes()
        owned = self.owned_table
        seats = list(dict.get(owned, kind, EMPTY))
        while len(seats) <= owner:
            seats.append(EMPTY)
        mine = seats[owner]
        seats[owner] = [other for other in mine if other != tid] if not add else _inserted(mine, tid, self.thing_table)
        owned[kind] = seats

    def set_attribute(self, tid: str, name: str, value) -> None:
        attributes = self.edit(tid)[T.ATTRS]  # (typed in the compiled build: the dict's own write)
        attributes[name] = value

    def drop_attribute(self, tid: str, name: str) -> None:
        if name in self.thing_table[tid][T.ATTRS]:
            dict.pop(self.edit(tid)[T.ATTRS], name)

    def set_contents(self, place: str, contents: list[str]) -> None:
        if self._lent:
            self._own("in")
        if self._trail is not None:
            self._trailed(self.contents_table, place)
        self.contents_table[place] = list(contents)
        self._lists.add(place)

    def in_play(self, tid: str) -> bool:
        """Placed somewhere that counts: not out of the game, not in a reserve.
        Places, spaces and decks have no container and are always in play."""
        thing = self.thing_table[tid]
        place = thing[T.AT]
        if place is None:
            return thing[T.KIND] in self.game.fixed_kinds
        return not self.is_reserve(place)

    def is_reserve(self, place: str) -> bool:
        return self.thing(place)[T.KIND] in self.game.reserve_kinds

    def seen_by(self, place: str) -> str:
        """Who sees the faces of what lies in ``place``: "all", "owner" or "nobody"."""
        kind = self.thing(place)[T.KIND]
        memo = self.game.memo["seen_by"]
        found = dict.get(memo, kind)
        if found is None:
            if kind in self.game.items("decks"):
                found = "nobody"
            else:
                visibility = self.game.items("places").get(kind, {}).get("visibility", "public")
                found = {"hidden": "nobody", "owner": "owner"}.get(visibility, "all")
            memo[kind] = found
        return found

    def things(self, kinds, owner=None, places=None, include_reserve: bool = False) -> list[str]:
        """Things of ``kinds``, optionally only ``owner``'s and only inside ``places``, in a stable order."""
        things = self.thing_table
        if places is not None:
            pool = [tid for place in places for tid in self._inside(place) if things[tid][T.KIND] in kinds]
        else:  # from an index, each list already of one of ``kinds`` (and ``owner``'s) in creation order
            pool = _merged(self._indexed(kinds, owner), things)
        if owner is None and (places is not None or include_reserve):
            return list(pool)
        fixed, reserves = self.game.fixed_kinds, self.game.reserve_kinds
        check_play = places is None and not include_reserve
        check_owner = owner is not None and places is not None  # (an index of owned things holds only theirs)
        if check_play and not check_owner and _within(kinds, fixed):  # places, spaces, decks: always in play
            return list(pool)
        found = []
        for tid in pool:
            thing = things[tid]
            if check_owner and thing[T.OWNER] != owner:
                continue
            if check_play:  # in play: not out of the game, not in a reserve (see in_play)
                at = thing[T.AT]
                if (thing[T.KIND] not in fixed) if at is None else (things[at][T.KIND] in reserves):
                    continue
            found.append(tid)
        return found  # creation order: deterministic, and the same after a copy

    def _indexed(self, kinds, owner) -> list[list[str]]:
        """The non-empty lists of ``kinds`` in the index of owned things (``owner``'s), or in the
        index of kinds (everybody's)."""
        if owner is None:
            index = self.kinds_table
            return [index[kind] for kind in kinds if dict.get(index, kind)]
        owned, lists = self.owned_table, []
        at = owner  # (a C index in the compiled build: the list's own reads)
        for kind in kinds:
            seats = dict.get(owned, kind)
            if seats is not None and at < len(seats) and seats[at]:
                lists.append(seats[at])
        return lists

    def _inside(self, place: str):
        """What ``place`` holds; for a place whose things lie in sets, the things of its sets."""
        if not self.game.set_kinds or self.thing(place)[T.KIND] not in self.game.set_kinds:
            return self.contents(place)
        things = self.thing_table
        return [tid for held in self.contents(place)
                for tid in (self.contents(held) if things[held][T.KIND] == sets.SET_KIND else (held,))]

    def place_of(self, tid: str) -> str | None:
        """The place a thing lies in (for a thing in a set, the place of the set)."""
        place = self.thing(tid)[T.AT]
        if place is not None:
            held_in = self.thing(place)
            if held_in[T.KIND] == sets.SET_KIND:
                return held_in[T.AT]
        return place

    def places_of(self, kinds, owner=None) -> list[str]:
        """Place things of ``kinds`` (owned by ``owner`` when it is a per-player place)."""
        things = self.thing_table
        if len(kinds) == 1:  # one kind: its index lists its places in creation order
            pool = dict.get(self.kinds_table, next(iter(kinds)), EMPTY)
        else:
            pool = [tid for tid in self.s["places"] if things[tid][T.KIND] in kinds]
        return [tid for tid in pool if owner is None or things[tid][T.OWNER] in (owner, None)]

    def place_for(self, kind: str, owner: int | None) -> str | None:
        """The first place of ``kind`` belonging to ``owner`` (or the global one)."""
        every = dict.get(self.kinds_table, kind, EMPTY)
        if owner is not None:  # the first of the owner's, read off the index of owned things when no place
            seats = dict.get(self.owned_table, kind)  # of the kind is global (then none comes before it)
            if seats is not None and owner < len(seats) and seats[owner]:
                owned = 0
                for mine in seats:
                    owned += len(mine)
                if owned == len(every):
                    return seats[owner][0]
        things = self.thing_table
        for tid in every:  # (places_of for one kind, stopping at the first)
            if owner is None or things[tid][T.OWNER] in (owner, None):
                return tid
        return None

    # ------------------------------------------------------------ events

    def event(self, kind: str, player: int | None, text: str, fields: dict | None = None) -> None:
        """Record an event; ``fields``: what it tells besides (a thing, a place, an amount). A state
        whose ``events`` is None keeps none: a walk's branch."""
        events = self.s["events"]
        if events is None:
            return
        entry = self._entry(kind, player, text)
        if fields:
            for key, value in fields.items():  # (set one by one: a method call costs more, compiled)
                entry[key] = value
        events.append(entry)

    def thing_event(self, kind: str, player: int | None, text: str, tid: str) -> None:
        """Record an event that tells of one thing and nothing else besides (``event`` with the
        fields {"thing": tid}, with no dict made for them: events told most, as ``moved``)."""
        events = self.s["events"]
        if events is None:
            return
        entry = self._entry(kind, player, text)
        entry["thing"] = tid
        events.append(entry)

    def _entry(self, kind: str, player: int | None, text: str) -> dict:
        """An event's own keys (EVENT's, in order), with room for what it tells besides (roomy):
        a copy of the stage's, the round and phase filled in already."""
        stage = self._stage
        if stage is None:
            stage = self._stage = self._stage_now()
        entry = dict.copy(stage)
        entry["type"] = kind
        entry["player"] = player
        entry["text"] = text
        return entry

    def _stage_now(self) -> dict:
        """EVENT's keys with the flow's round and phase (the stage every event tells)."""
        flow = self.s["flow"]
        stage = dict.copy(EVENT)
        stage["round"] = dict.get(flow, "round")
        stage["phase"] = dict.get(flow, "phase")
        return stage

    def restage(self) -> None:
        """The flow's round or phase changed (or may have, as at an answer): the next event reads
        them again."""
        self._stage = None

    def moved(self, player: int | None, tid: str, was: str | None, place: str) -> None:
        """Tell that ``tid`` moved from ``was`` to ``place``. A card nobody could see before and
        not everybody sees now is not named (its owner may still look it up, unless nobody may).
        (The event's keys are written into it at once, as World.event writes its fields: a move
        is the event told most.)"""
        events = self.s["events"]
        if events is None:
            return
        text, public, secret = self._move_told(tid, was, place)
        entry = self._entry("moved", player, text)
        entry["thing"] = tid
        entry["to"] = place
        if not public:
            entry["private"] = True
            entry["secret"] = secret
        events.append(entry)

    def _move_told(self, tid: str, was: str | None, place: str) -> tuple:
        """(words, whether everybody sees it, whether nobody does) of a move: worked out once per
        card, the place it left and the place it reached, where these fix them: a card's name is
        its definition's, who sees into a place is its kind's, and the name of a declared place
        (a place, a space, a deck) is fixed. Else each time (a set's name changes with its
        members)."""
        card = self.thing_table[tid][T.CARD]
        there = dict.get(self.thing_table, place)
        if card is None or there is None or there[T.KIND] not in self.game.fixed_kinds:
            return self._told(tid, was, place)
        memo = self.game.moves_told
        key = (card, was, place)
        found = dict.get(memo, key)
        if found is None:
            found = memo[key] = self._told(tid, was, place)
        return found

    def _told(self, tid: str, was: str | None, place: str) -> tuple:
        seen_by = self.seen_by(place)
        public = seen_by == "all" or (was is not None and self.seen_by(was) == "all")
        what = self.name_of(tid) if public else "a card"
        return f"{what} moved to {self.name_of(place)}", public, seen_by == "nobody"

    def _fixed_name(self, kind: str, tid: str) -> str | None:
        """The name a thing's kind and id fix (a place's declared instance's, or its kind's
        noun's), or None for a set or a token without an instance name: theirs may change with
        their members or value (worked out once per kind and id)."""
        names = memo_part(self.game.fixed_names, kind)
        found = dict.get(names, tid, False)
        if found is False:
            found = names[tid] = self._instance_name(kind, tid)
            if found is None and kind != sets.SET_KIND and kind not in self.game.items("tokens"):
                found = names[tid] = self._kind_name(kind)
        return found

    def _instance_name(self, kind: str, tid: str) -> str | None:
        """The name a place's declared instance gives the thing, or None."""
        place = self.game.items("places").get(kind)
        for instance in (place or {}).get("instances", []):
            if tid.endswith(instance["id"]) and instance.get("name"):
                return instance["name"]
        return None

    def _kind_name(self, kind: str) -> str:
        """The name of the noun of ``kind`` (the kind itself where no noun names it)."""
        noun = dict.get(self.game.nouns, kind)
        return noun.name if noun else kind

    def name_of(self, tid: str) -> str:
        thing = self.thing_table[tid]
        card = thing[T.CARD]
        if card is not None:  # a card's name is its definition's: kept once per card
            names = self.game.card_names
            name = dict.get(names, card)
            if name is None:
                name = names[card] = str(self.game.item("cards", card).get("name", card))
            return name
        kind = thing[T.KIND]
        name = self._fixed_name(kind, tid)
        if name is not None:
            return name
        if kind == sets.SET_KIND:
            return sets.name(self, tid)
        name = self._kind_name(kind)
        if "value" in thing[T.ATTRS]:  # (a token: others have fixed names)
            return f"{name} ({thing[T.ATTRS]['value']})"
        return name


def _inserted(tids: list[str], tid: str, things: dict) -> list[str]:
    """A new list of ``tids`` (in creation order) with ``tid`` in its place among them: after
    the last one made before it (most often at the end; an older thing gained later, a card
    drawn from a shuffled deck, goes further in)."""
    made = things[tid][T.MADE]
    at = len(tids)
    while at and things[tids[at - 1]][T.MADE] > made:
        at -= 1
    return tids[:at] + [tid] + tids[at:]


def borrowing(game, state: dict) -> World:
    """A World over a copy of ``state``'s top level that writes ``state``'s own tables of things
    and contents, keeping what each write replaced (``World.undo`` puts it back); the counters
    are lent, and copied at a first write, as a walk's branch's are, and the copy keeps no
    events. For a change made and undone before anything else reads ``state``."""
    top = dict.copy(state)
    top["events"] = None
    world = World(game, top, True)
    world._lent.discard("things")
    world._lent.discard("in")
    world._trail = []
    return world
