"""Places whose things lie in sets of N, with jokers that adopt the type of their set.

A place may declare ``sets`` (components.schema.json, place): ``size`` (a set with
that many things is complete; the next thing of its type starts a new set), ``by``
(the attribute that groups things; ``type`` is builtin: a thing's kind, unless it
adopted another), ``jokers`` (``kinds`` that may lie with things of another type;
``own_sets``: they may also form sets of their own type; ``adopt``: a joker takes the
type of the set it lies in, for good; ``convertible``: another thing may go on an
incomplete set made only of jokers, which then all take its type) and
``completion_effect``, run for the place's owner with ``Set`` bound to the set just
completed.

The model: a set is a thing of the engine kind ``set`` lying in the place, and the
things of the set lie in it (their ``at`` is the set). So the place's contents are
its sets, in the order they were started, and a set's contents are its things in
the order they came. The set carries the ``by`` attribute (``the type of Set``) and
``complete`` (1 once complete). Things never move from one set to another.

* Reading: ``World.things`` looks one level into the sets of such a place, so "the
  number of tower in your tableau", "every card in your tableau" and "the tableau
  of Card" read as if the things lay in the place itself; ``in Set`` names the
  things of one set. A joker that adopts a type gets the ``by`` attribute written
  on it (``the type of Card``, "the number of type of card in your tableau"); every
  other thing keeps its own value (for ``type``, its kind).
* Entering: ``move X to <place>`` (``handlers._move``) asks the place's owner where
  it goes when more than one set is legal; the option keys are ``set:<type>:<n>``
  (the n-th set of that type in the place, counted in the order the sets were
  started) and ``new set:<type>``. Completing a set runs the completion effect.
  Any other way in (scenario staging, a gain into the place) puts the thing in the
  first legal set without asking and without the completion effect.

Legal sets for a thing of type T (its ``by`` value): an incomplete set of type T, a
new set of type T (with ``fill_first``: only when no set of type T is incomplete), and
(``convertible``) an incomplete set made only of jokers of another type. For a joker of its
own type J: (``adopt``) an incomplete set of any other type, or a new set of a type some set
of the place already has; and (``own_sets``) an incomplete set of type J, or a new set of
type J.
"""

from __future__ import annotations

from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.errors import Infeasible
from engine.interp import values  # (the module, not its names: values and world import each other through here)

SET_KIND = "set"  # the engine's kind of a set thing (never a pack noun)


def rule_at(world, place: str | None) -> dict | None:
    """The sets rule of the place thing ``place``."""
    return world.sets_rule_at(place)


def sets_in(world, place: str) -> list[str]:
    """The sets lying in ``place`` that hold something, in the order they were started."""
    return [t for t in world.contents(place) if world.thing(t)[T.KIND] == SET_KIND and world.contents(t)]


def value_of(world, tid: str, by: str):
    """The thing's grouping value (a joker's adopted type once it has one)."""
    return values.attribute(values.Context(world, None, None, {}, {}), tid, by)


# ------------------------------------------------------------------ where a thing may go


def choices(world, tid: str, place: str, labels: bool = True) -> list[tuple[str, str, list]]:
    """The legal places of ``tid`` in ``place``: (key, label, plan), plan being
    ``["join", set id]`` or ``["new", type]``; labels are left empty when not needed."""
    config = rule_at(world, place)
    size, by = config["size"], config.get("by", "type")
    jokers = config.get("jokers") or {}
    joker_kinds = set(jokers.get("kinds", ()))
    own = value_of(world, tid, by)
    is_joker = world.thing(tid)[T.KIND] in joker_kinds
    sets = sets_in(world, place)
    numbers = _numbers(world, sets, by)
    open_sets = [s for s in sets if len(world.contents(s)) < size]
    found: list[tuple[str, str, list]] = []
    fill_first = config.get("fill_first", False)

    def may_start(kind) -> bool:  # with fill_first, a type's open set is filled before a new one starts
        return not fill_first or all(world.thing(s)[T.ATTRS][by] != kind for s in open_sets)

    def join(set_tid: str, note: str = "") -> None:
        kind = world.thing(set_tid)[T.ATTRS][by]
        count = len(world.contents(set_tid)) + 1
        text = ""
        if labels:
            text = f"on the {_plural(world, kind)} ({count} of {size}"
            text += ", completes the set" if count == size else ""
            text += f"{note})"
        found.append((f"set:{kind}:{numbers[set_tid]}", text, ["join", set_tid]))

    def new(kind, note: str = "") -> None:
        text = ""
        if labels:
            text = f"a new set of {_plural(world, kind)} (1 of {size}"
            text += ", completes the set" if size == 1 else ""
            text += f"{note})"
        found.append((f"new set:{kind}", text, ["new", kind]))

    if not is_joker:
        for s in open_sets:
            if world.thing(s)[T.ATTRS][by] == own:
                join(s)
        if jokers.get("convertible"):
            for s in open_sets:
                kind = world.thing(s)[T.ATTRS][by]
                if kind != own and _only_jokers(world, s, joker_kinds, by):
                    join(s, f", they become {_plural(world, own)}" if labels else "")
        if may_start(own):
            new(own)
        return found
    adopt = jokers.get("adopt", True)
    own_sets = jokers.get("own_sets", True)
    if adopt:
        for s in open_sets:
            kind = world.thing(s)[T.ATTRS][by]
            if kind != own:
                join(s, f", counts as a {_name(world, kind)}" if labels else "")
    if own_sets:
        for s in open_sets:
            if world.thing(s)[T.ATTRS][by] == own:
                join(s)
    if adopt:
        present = list(dict.fromkeys(world.thing(s)[T.ATTRS][by] for s in sets))
        for kind in present:
            if kind != own and may_start(kind):
                new(kind, f", counts as a {_name(world, kind)}" if labels else "")
    if own_sets and may_start(own):
        new(own)
    return found


def takes_every_thing(rule: dict) -> bool:
    """Whether ``choices`` offers every thing at least one set under this rule: a thing that is
    not a joker can always join or start a set of its type, and so can a joker whose kinds may
    form sets of their own (``own_sets``); a joker that may only join another type's set may
    find none."""
    jokers = rule.get("jokers") or {}
    return not jokers.get("kinds") or jokers.get("own_sets", True)


def _numbers(world, sets: list[str], by: str) -> dict[str, int]:
    """Each set's number among the sets of its type (1, 2, ...)."""
    seen: dict = {}
    numbers = {}
    for s in sets:
        kind = world.thing(s)[T.ATTRS][by]
        seen[kind] = seen.get(kind, 0) + 1
        numbers[s] = seen[kind]
    return numbers


def _only_jokers(world, set_tid: str, joker_kinds: set, by: str) -> bool:
    """Whether the set holds only jokers that still have their own type."""
    kind = world.thing(set_tid)[T.ATTRS][by]
    return all(world.thing(t)[T.KIND] in joker_kinds and value_of(world, t, by) == kind
               for t in world.contents(set_tid))


def name(world, set_tid: str) -> str:
    """'set of towers' (by the set's type)."""
    thing = world.thing(set_tid)
    config = rule_at(world, thing[T.AT]) if thing[T.AT] is not None else None
    value = thing[T.ATTRS].get((config or {}).get("by", "type"))
    return f"set of {_plural(world, value)}"


def _name(world, value) -> str:
    noun = world.game.nouns.get(value) if isinstance(value, str) else None
    return noun.name if noun else str(value)


def _plural(world, value) -> str:
    noun = world.game.nouns.get(value) if isinstance(value, str) else None
    return noun.plural if noun else str(value)


# ------------------------------------------------------------------ putting it there


def put(world, tid: str, place: str, plan: list) -> str | None:
    """Put ``tid`` into a set of ``place`` by ``plan`` (see ``choices``); the jokers take
    their set's type. Returns the set's id if this completed it, else None."""
    config = rule_at(world, place)
    by, size = config.get("by", "type"), config["size"]
    joker_kinds = set((config.get("jokers") or {}).get("kinds", ()))
    adopt = (config.get("jokers") or {}).get("adopt", True)
    own = value_of(world, tid, by)
    if plan[0] == "new":
        set_tid = world.new_id(SET_KIND)
        world.create(set_tid, SET_KIND, world.thing(place)[T.OWNER], place, {by: plan[1], "complete": 0})
    else:
        set_tid = plan[1]
    kind = world.thing(set_tid)[T.ATTRS][by]
    if world.thing(tid)[T.KIND] not in joker_kinds and kind != own:  # a thing converts a set of jokers
        world.set_attribute(set_tid, by, own)
        for member in world.contents(set_tid):
            world.set_attribute(member, by, own)
        kind = own
    elif kind != own and adopt:  # a joker takes the set's type
        world.set_attribute(tid, by, kind)
    world.put(tid, set_tid)
    if len(world.contents(set_tid)) >= size and not world.thing(set_tid)[T.ATTRS].get("complete"):
        world.set_attribute(set_tid, "complete", 1)
        return set_tid
    return None


def put_first(world, tid: str, place: str) -> None:
    """Put ``tid`` where it goes without asking and without the completion effect
    (staging a table, a gain straight into the place): on the first incomplete set of
    its own type, else a new set of its type, else the first legal set."""
    options = choices(world, tid, place, labels=False)
    if not options:
        raise Infeasible(f"no set of the {world.name_of(place)} can take {world.name_of(tid)}")
    by = rule_at(world, place).get("by", "type")
    own = value_of(world, tid, by)
    plans = [plan for _key, _label, plan in options]
    natural = [plan for plan in plans if (plan[1] if plan[0] == "new" else world.thing(plan[1])[T.ATTRS][by]) == own]
    put(world, tid, place, (natural or plans)[0])


# ------------------------------------------------------------------ moving a thing in (handlers._move)


def move_in(rt, f, tid: str, place: str) -> None:
    """Frame ``f`` moves ``tid`` into ``place``, which has sets: step 0 asks where,
    step 1 puts it there and starts the completion effect, step 2 finishes."""
    world = rt.world
    if f[F.STEP] == 0 and world.place_of(tid) == place:  # already there: it stays in its set
        return rt.done(f, [tid])
    if f[F.STEP] == 0:
        owner = world.thing(place)[T.OWNER]
        options = choices(world, tid, place, labels=rt.probe_depth is None)
        if not options:
            raise Infeasible(f"no set of the {world.name_of(place)} can take {world.name_of(tid)}")
        f[F.STEP] = 1
        kept = f[F.MORE]
        kept["t"], kept["to"], kept["plans"] = tid, place, {key: plan for key, _label, plan in options}
        name = world.name_of(tid)
        asked = f[F.ACTOR] if owner is None else owner
        rt.ask(f, asked, lambda: f"Where does {name} go in the {world.name_of(place)}?",
               [(key, label) for key, label, _plan in options])
        return
    if f[F.STEP] == 1:
        plan = f[F.MORE].pop("plans")[f[F.ANS]]
        f[F.ANS] = None  # (the answer taken: frames.take, which this module cannot import)
        was = world.thing(tid)[T.AT]
        completed = put(world, tid, place, plan)
        world.moved(f[F.ACTOR], tid, was, place)
        f[F.STEP] = 2
        if completed is not None:
            owner = world.thing(place)[T.OWNER]
            seat = f[F.ACTOR] if owner is None else owner
            by = rule_at(world, place).get("by", "type")
            kinds = _plural(world, world.thing(completed)[T.ATTRS][by])
            who = f"player {seat + 1}" if owner is not None else f"the {world.name_of(place)}"
            world.event("completed", seat, f"{who} completed a set of {kinds}", {"set": completed})
            root = rt.game.effect("places", world.thing(place)[T.KIND], "sets/completion_effect")
            if root is not None:
                rt.push(f, root, {F.ENV: rt.new_env({"Set": completed}), F.ACTOR: seat, F.YOU: seat, F.STRICT: True})
                return
    rt.done(f, [tid])
