"""Which effects can fail: a static answer that spares feasibility trials.

An option needs a trial (runtime.py) only if something still to run in its
region could turn out infeasible. ``can_fail(game, number)`` answers from
the effect tree alone, once per node: paying, selecting things that must be
there, drawing, "only if", moving to a place (but to one of the player's own
whose things lie loose, or in sets that take every thing: _sets_fail) and
playing a card can fail; gaining a resource, discarding what was picked, a
"may" (the answer "no" always works), "if possible" (it does nothing when the
body cannot be done), polling the other players and setting a value cannot. A
choice fails only if every option can; a pick under a condition that counts
enough of the same things cannot (_assured). A call is read knowing what its
words fix (a modifier's flag, a number written out): a condition on them runs
the branch it picks, and adjusting such a number inside its range cannot fail
(_fails_knowing). The walk reads the rest of a sequence the same way, knowing
the number a "let" has just bound (steps_fail_knowing). Performing a thing
fails only if an effect that a thing of the kinds its name is picked from
carries could (_performed_fails). The answer
is conservative: True when unsure, so a wrong answer can only cost a trial,
never allow a move.

``sure_options`` applies it to a pending question: the options whose whole
rest of the region cannot fail are legal without a trial.
"""

from __future__ import annotations

import dataclasses

from engine.effects import ast
from engine.effects.ast import (
    Adjust, Bound, BoundItem, Call, Choice, Compare, Conditional, Count, Discard, Draw, Effect, Exchange, Flag, ForEach,
    ForEachIn, ForEachOf, Give, Has, IfPossible, Item, ItemsAction, Let, LetAny, May, Move, Node, Number, Obligation,
    OnlyIf, OtherThan, OwnPlace, Pass, Perform, Pick, Play, Poll, Repeat, Sentence, Set, ThingSelector, Twice, Var, You,
)
from engine.interp import sets
from engine.interp import slots as F
from engine.interp.calls import fixed_numbers, plan_of
from engine.interp.labels import choice_keys
from engine.interp.numbered import value_key

NEVER_FAIL = (Let, Set, Pass, May, Poll, IfPossible)
ALWAYS_MAY_FAIL = (OnlyIf, Draw, Play)
SAFE_SELECTIONS = ("at_most", "every", "any_number")  # quantities that accept whatever is there
def fresh(frame: list) -> bool:
    """Whether a frame holds nothing a handler kept between its steps: no routine's name, no
    answer, no pick, nothing in its MORE (slots.py; a frame pushed and not yet run)."""
    return frame[F.ROUTINE] is None and frame[F.ANS] is None and frame[F.CAND] is None and not frame[F.MORE]


def can_fail(game, number: int) -> bool:
    """Whether running node ``number`` could raise an infeasibility, for some state."""
    memo = game.memo["can_fail"]
    found = dict.get(memo, number)
    if found is None:
        memo[number] = True  # a procedure that calls itself: unsure while it is worked out
        found = memo[number] = _node(game, game.nodes[number])
    return found


def _fails(game, node) -> bool:
    return can_fail(game, game.number(node))


def _node(game, node) -> bool:
    if isinstance(node, NEVER_FAIL):
        return False
    if isinstance(node, ALWAYS_MAY_FAIL):
        return True
    if isinstance(node, Move):
        return _move_fails(game, node)
    if isinstance(node, (Effect, Sentence)):
        parts = node.sentences if isinstance(node, Effect) else node.steps
        return any(_fails(game, part) for part in parts)
    if isinstance(node, Exchange):
        return _fails(game, node.cost) or _fails(game, node.reward)
    if isinstance(node, (Bound, Twice)):
        return _fails(game, node.step)
    if isinstance(node, (Obligation, ForEach, ForEachIn, Repeat)):
        return _fails(game, node.body)
    if isinstance(node, Conditional):
        then = _fails(game, node.then) and not _assured(game, node)
        return then or (node.otherwise is not None and _fails(game, node.otherwise))
    if isinstance(node, Choice):
        return node.count > 1 or all(_fails(game, option) for option in node.options)
    if isinstance(node, ForEachOf):
        return _item_fails(game, "pick", node.item) or _fails(game, node.body)
    if isinstance(node, Call):
        return _call_fails(game, game.number(node))
    if isinstance(node, Perform):
        return _performed_fails(game, game.number(node), node.name)
    if isinstance(node, LetAny):  # fails only for an empty range
        low, high = node.low, node.high
        return not (isinstance(low, Number) and isinstance(high, Number) and low.value <= high.value)
    if isinstance(node, (ItemsAction, Give)):
        verb = VERBS[type(node)]
        return any(_item_fails(game, verb, item) for item in node.items)
    return True


# ------------------------------------------------------------------ a condition that assures its step

# "you have N X in P" counted as the pick of "M X in P" offers them: at least, more than, exactly.
ASSURING = {None: 0, "at least": 0, "more than": 1, "exactly": 0}


def _assured(game, node: Conditional) -> bool:
    """Whether the condition guarantees its step's pick, so that the step (and a sentence that
    starts with it and has nothing fallible after) cannot fail: "if you have 4 action cards in
    your project area: discard 1 action card other than Kept in your project area", "if the
    number of first player card on each first player spot is at least 1: choose 1 first player
    card on each first player spot as Marker, then move Marker to ...". The count and the pick
    read the same things (one noun, the same filters and place, the same candidate reading)
    for the same player: "the number of" counts the acting player's, as the pick offers them;
    "you have" counts "you"'s, the same player inside a procedure body outside a poll or an
    obligation (a call makes its actor "you": _self_region). The pick then has at least N
    minus what its "other than" names leave out (names bound to one thing each in that body)
    and takes no more than that."""
    then = game.number(node.then)
    steps = dict.get(game.parts, then)
    if steps is not None and len(steps) > 1 and sequence_rest_fails(game, then, 1):
        return False
    step = game.nodes[game.entry[steps[0] if steps else then]]
    if type(step) is Bound:  # binding what the pick takes adds nothing that could fail
        step = step.step
    return assures(game, node.condition, step, _self_region(game).get(game.number(node)))


def assures(game, condition, step, body: int | None) -> bool:
    """Whether ``condition``, where it holds, leaves ``step`` enough things to pick; ``body``:
    the procedure body it runs in where the acting player is "you", else None (see _assured)."""
    counted = _counted(condition, body)
    if counted is None or type(step) not in (Discard, Pick) or len(step.items) != 1 or type(step.items[0]) is not Item:
        return False
    (words, filters, location), item, comparison = counted, step.items[0], condition.comparison
    if comparison.op not in ASSURING or type(comparison.right) is not Number:
        return False
    if item.quantity.mode != "exactly" or type(item.quantity.value) is not int:
        return False
    noun, named = game.noun(words), game.noun(item.noun)
    if noun is None or named is None or noun.id != named.id or noun.namespace == "resources" \
            or item.location != location:
        return False
    left_out = [f.name for f in item.filters if type(f) is OtherThan]
    if tuple(f for f in item.filters if type(f) is not OtherThan) != tuple(filters):
        return False
    if left_out and (body is None or not all(_binds_one(game, body, name) for name in left_out)):
        return False
    return item.quantity.value + len(left_out) <= comparison.right.value + ASSURING[comparison.op]


def _counted(condition, body: int | None) -> tuple | None:
    """What a condition counts for the acting player: (noun words, filters, location), or None."""
    if type(condition) is Has and type(condition.player) is You and body is not None:
        return condition.noun, condition.filters, condition.location
    if type(condition) is Compare and type(condition.left) is Count and type(condition.left.selector) is ThingSelector:
        selector = condition.left.selector
        return selector.noun, selector.filters, selector.location
    return None


def children(node) -> list:
    """The nodes right under ``node``, in field order."""
    found = []
    for item in dataclasses.fields(node):
        value = getattr(node, item.name)
        found += [child for child in (value if isinstance(value, tuple) else (value,)) if isinstance(child, Node)]
    return found


def _self_region(game) -> dict:
    """The nodes that run with the acting player as "you", each with the procedure body it is
    in: a procedure body's nodes (a call makes its actor "you"), short of the steps of a poll or
    an obligation (they hand the step to another player). Worked out once per game."""
    found = game.memo.get("self_region")
    if found is None:
        found = game.memo["self_region"] = {}
        for root in game.procedures.values():
            todo = [game.nodes[root]]
            while todo:
                node = todo.pop()
                found[game.number(node)] = root
                if type(node) not in (Poll, Obligation):
                    todo += children(node)
    return found


def _binds_one(game, body: int, name: str) -> bool:
    """Whether every binding of ``name`` in a procedure body holds one thing: a pick of exactly
    1 "as Name", or the thing a "for each of" is at."""
    binders = _binders(game, body, name)
    for node in binders:
        if type(node) is ForEachOf:
            continue
        step = node.step if type(node) is Bound else None
        if type(step) is not Pick or len(step.items) != 1 or type(step.items[0]) is not Item \
                or step.items[0].quantity.mode != "exactly" or step.items[0].quantity.value != 1:
            return False
    return bool(binders)


def _binders(game, body: int, name: str) -> list:
    """The nodes of procedure body ``body`` that bind ``name`` (BINDERS)."""
    found, todo = [], [game.nodes[body]]
    while todo:
        node = todo.pop()
        todo += children(node)
        if isinstance(node, BINDERS) and getattr(node, "name", None) == name:
            found.append(node)
    return found


def _move_fails(game, node: Move) -> bool:
    """A move fails when there is no such place, or the place's sets refuse the thing. Into
    "your X", where X is a place every player gets at setup (they never leave the game), it
    cannot fail: the acting player has one, and things lie loose in it, or in sets that take
    every thing whose completion effect cannot fail (_sets_fail)."""
    noun = game.noun(node.place.words) if type(node.place) is OwnPlace else None
    if noun is None:
        return True
    kinds, places = game.kinds(noun.id), game.items("places")
    return not kinds or any(kind not in places or places[kind].get("scope", "player") != "player"
                            or _sets_fail(game, kind) for kind in kinds)


def _sets_fail(game, kind: str) -> bool:
    """Whether moving a thing into a place of ``kind`` could fail for its sets: its rule may
    offer a thing no set (sets.takes_every_thing), or completing a set runs a completion effect
    that may fail in its turn."""
    rule = game.sets_rule(kind)
    if rule is None:
        return False
    if not sets.takes_every_thing(rule):
        return True
    root = game.effect("places", kind, "sets/completion_effect")
    return root is not None and can_fail(game, root)


def _item_fails(game, verb: str, item) -> bool:
    if isinstance(item, BoundItem):
        return verb == "play"  # the things are already chosen: only a played card's effect can fail
    noun = game.noun(item.noun)
    if noun is not None and noun.namespace == "resources":
        return verb != "gain"
    if verb in ("gain", "draw", "play"):
        return True  # a reserve can run out, a deck can be empty, a card's effect can fail
    return item.quantity.mode not in SAFE_SELECTIONS


def _call_fails(game, number: int) -> bool:
    """Whether a call could fail: its procedure's body, read knowing the numbers the call's words
    fix (each modifier's flag and the values written as numbers: calls.fixed_numbers), or what
    triggers after it."""
    return _call_fails_knowing(game, number, {}, frozenset())


# ------------------------------------------------------------------ what a call's words fix


def _fails_knowing(game, node, known: dict, calls: frozenset = frozenset()) -> bool:
    """can_fail, knowing the numbers some names hold where ``node`` starts: a condition on them
    ("if AnyDie: ...", "if Die is 0: ...") runs the one branch it picks, an adjustment of a
    known number inside its range ("adjust Die within 1 to 6") cannot fail (keeping it is one
    answer), and a call passes on what it fixes and the known numbers it reads ("act with die
    Die"). A name bound again on the way is no longer known. Every other node is read as
    can_fail reads it (conservative). ``calls``: the procedures being read (one that calls
    itself is not read again)."""
    number = game.number(node)
    if not known or not can_fail(game, number):
        return can_fail(game, number)
    kind = type(node)
    if kind is Effect or kind is Sentence:
        return _parts_fail_knowing(game, node.sentences if kind is Effect else node.steps, known, calls)
    if kind is Call:
        return _call_fails_knowing(game, number, known, calls)
    if kind is Conditional:
        picked = _decided(node.condition, known)
        if picked is None:
            return True
        if picked:
            return _fails_knowing(game, node.then, known, calls)
        return node.otherwise is not None and _fails_knowing(game, node.otherwise, known, calls)
    if kind is Adjust:
        value, low, high = known.get(node.name), node.low, node.high
        return not (type(value) is int and type(low) is Number and type(high) is Number
                    and low.value <= value <= high.value)
    return True


def _call_fails_knowing(game, number: int, known: dict, calls: frozenset) -> bool:
    """Whether call ``number`` could fail, knowing the numbers of the caller's names in
    ``known``: its body read knowing what its words fix and the values it reads of them."""
    plan = plan_of(game, number)
    if plan.procedure in calls or triggers_can_fail(game, plan.procedure):
        return True
    inner = fixed_numbers(plan)
    for name, var in plan.reads:
        value = dict.get(known, var.name)
        if type(value) is int:
            inner[name] = value
    return _fails_knowing(game, game.nodes[plan.body], inner, calls | {plan.procedure})


def steps_fail_knowing(game, number: int, step: int, known: dict) -> bool:
    """Whether the steps of ``number`` from ``step`` on (game.runs) could fail, knowing the
    numbers some names hold there (_fails_knowing)."""
    steps = [game.nodes[game.entry[part]] for part in game.runs[number][step:]]
    return _parts_fail_knowing(game, steps, known, frozenset())


def _parts_fail_knowing(game, parts, known: dict, calls: frozenset) -> bool:
    """Whether steps run one after the other could fail, knowing what ``known`` holds where
    they start (_fails_knowing); a name a step binds is no longer known after it."""
    known = dict(known)
    for part in parts:
        if _fails_knowing(game, part, known, calls):
            return True
        for name in _names_bound(part):
            known.pop(name, None)
    return False


def _decided(condition, known: dict) -> bool | None:
    """What a condition gives, when the names it reads are known: a flag ("if AnyDie"), or a
    known number equal to a number ("if Die is 0"); None otherwise."""
    if type(condition) is Flag and condition.name in known:
        return known[condition.name] != 0
    if type(condition) is Compare and type(condition.left) is Var and condition.left.name in known \
            and condition.comparison.op in (None, "exactly") and type(condition.comparison.right) is Number:
        return known[condition.left.name] == condition.comparison.right.value
    return None


BINDERS = (Let, LetAny, Adjust, Bound, ForEachOf, ForEachIn, Poll)  # the nodes that bind a name (their ``name``)


def _names_bound(node) -> list:
    """The names ``node`` or a node under it binds."""
    found, todo = [], [node]
    while todo:
        here = todo.pop()
        if isinstance(here, BINDERS) and getattr(here, "name", None):
            found.append(here.name)
        todo += children(here)
    return found


# ------------------------------------------------------------------ performing a thing


def _performed_fails(game, number: int, name: str) -> bool:
    """Whether "perform Name" could fail: whether an effect that a thing Name can hold carries
    could. Name's things are known where the procedure body that performs it binds Name only by
    picks of things of given nouns ("choose 1 action card ... as Card"): the effects of the
    cards of those kinds, and of those kinds' spaces. Unknown (True) otherwise, or when a
    chart's rows could be performed."""
    kinds = _held_kinds(game, number, name)
    if kinds is None or any(dict.get(chart, "place") in kinds for chart in game.items("charts").values()):
        return True
    roots = [game.effect("cards", card_id) for card_id, card in game.items("cards").items()
             if card.get("type") in kinds]
    roots += [game.effect("spaces", kind) for kind in kinds if kind in game.items("spaces")]
    return any(root is not None and can_fail(game, root) for root in roots)


def _held_kinds(game, number: int, name: str) -> frozenset | None:
    """The kinds of thing Name can hold where node ``number`` runs: the nouns of the picks that
    bind it in the procedure body the node is in; None when a binding of another sort, or none,
    is found there (a name the caller gives), or the node is in no procedure body."""
    body = _self_region(game).get(number)
    if body is None:
        return None
    kinds = set()
    for node in _binders(game, body, name):
        step = node.step if type(node) is Bound else node
        items = step.items if type(step) is Pick else (step.item,) if type(step) is ForEachOf else None
        if not items or any(type(item) is not Item for item in items):
            return None
        for item in items:
            noun = game.noun(item.noun)
            if noun is None:
                return None
            kinds |= game.kinds(noun.id)
    return frozenset(kinds) if kinds else None


def triggers_can_fail(game, what: str) -> bool:
    """Whether an effect that triggers after ``what`` (a procedure, a space) could fail (worked
    out once per procedure or space)."""
    memo = game.memo["triggers_fail"]
    found = dict.get(memo, what)
    if found is None:
        found = memo[what] = _triggers_fail(game, what)
    return found


def _triggers_fail(game, what: str) -> bool:
    return any(root is not None and can_fail(game, root) for *_where, root in game.triggers(what))


# ------------------------------------------------------------------ a pending question


def sure_options(game, frames: list, depth: int, options, routine_rest_fails) -> set[str] | frozenset[str]:
    """The keys of ``options`` (asked by the top frame) that surely lead to finishing the
    region (the frames from ``depth - 1`` up): nothing that could fail is left to run. (Read
    only: of a "choose one" offered in full, the choice's own frozenset.)
    ``routine_rest_fails(frame)`` answers for the frames of flow routines."""
    if below_top_fails(game, frames, depth, routine_rest_fails):
        return set()
    top = frames[-1]
    if top[F.NODE] is None:
        return set()
    number = at = top[F.NODE]  # (a C index in the compiled build: the list's own read)
    node = game.nodes[at]
    if type(node) in KEYED:
        failing = _failing_answers(game, number, node)
        if failing is True:
            return set()
        if failing == "keep":  # keeping the value costs nothing; any other value may not be paid
            keep = value_key(top[F.MORE]["from"])
            return {key for key, _label in options if key == keep}
        if type(node) is Choice and node.upgrade is None and len(options) == len(node.options):  # all offered
            return _sure_choice_keys(game, number, failing)
        return {key for key, _label in options if key not in failing}
    return set() if _answer_fails(game, top, node) else {key for key, _label in options}


def _sure_choice_keys(game, number: int, failing: frozenset) -> frozenset:
    """The keys of the options of the "choose one" ``number`` that are not ``failing``: what
    sure_options gives when every option is offered (worked out once per node)."""
    memo = game.memo["sure_choice_keys"]
    found = dict.get(memo, number)
    if found is None:
        found = memo[number] = frozenset([key for key in choice_keys(game, number) if key not in failing])
    return found


def _failing_answers(game, number: int, node):
    """What _answer_fails says of the answers to a keyed question, worked out once per node:
    the keys that could leave something fallible (a frozenset; an answer not in it is sure),
    True when every answer could, or "keep" for an adjustment whose kept value alone is sure."""
    memo = game.failing_answers
    found = dict.get(memo, number)
    if found is None:
        if isinstance(node, (May, Poll)):
            found = frozenset({"yes"}) if _fails(game, node.step) else frozenset()
        elif isinstance(node, Repeat):
            found = frozenset({"yes"}) if _fails(game, node.body) else frozenset()
        elif isinstance(node, Adjust):
            found = "keep" if node.cost is not None and _fails(game, node.cost) else frozenset()
        elif node.count > 1:  # a choice of several
            found = True
        else:
            keys = choice_keys(game, number)
            found = frozenset({"both"} | {keys[index] for index, option in enumerate(node.options)
                                          if _fails(game, option)})
        memo[number] = found
    return found


def below_top_fails(game, frames: list, depth: int, routine_rest_fails) -> bool:
    """Whether the frames of the region under the top one (from ``depth - 1``) still have
    something to do that could fail."""
    return frames_fail(game, frames[depth - 1:-1], routine_rest_fails)


def frames_fail(game, frames: list, routine_rest_fails) -> bool:
    """Whether any of ``frames`` still has something to do that could fail."""
    for frame in frames:
        if routine_rest_fails(frame) if frame[F.NODE] is None else rest_fails(game, frame):
            return True
    return False


def settled(game, frames: list, depth: int, routine_rest_fails) -> bool:
    """Whether nothing left in the region can fail: the top frame has not started yet and
    runs a node that cannot fail, and the frames under it have nothing fallible left. A
    trial that gets here has found its way to finish the region."""
    top = frames[-1]
    number = top[F.NODE]
    if number is None or can_fail(game, number) or not fresh(top):
        return False
    return not below_top_fails(game, frames, depth, routine_rest_fails)


def rest_fails(game, frame: list) -> bool:
    """Whether what a frame still has to do (its running child aside) could fail. (The node's
    class is looked up, not tested with isinstance against a tuple: this runs for every frame
    under a question, at every question, and node classes are never subclassed further.)"""
    kept = frame[F.MORE]
    number, step = frame[F.NODE], frame[F.STEP]
    at = number  # (a C index in the compiled build: the list's own read)
    node = game.nodes[at]
    if number in game.parts:
        return sequence_rest_fails(game, number, step)
    kind = type(node)
    if kind is Exchange:
        return step == 1 and _fails(game, node.reward)
    if kind in FINISH_WITH_CHILD:
        return False  # they finish when their child does
    if kind is Twice:
        return step < 2 and _fails(game, node.step)
    if kind is ForEach or kind is Repeat:
        left = dict.get(kept, "left", 1)
        return (left is None or left > 0) and _fails(game, node.body)
    if kind is Adjust:
        return dict.get(kept, "left", 0) > 0 and _fails(game, node.cost)
    if kind is ForEachOf or kind is ForEachIn:
        return bool(dict.get(kept, "todo", True)) and _fails(game, node.body)
    if kind is Choice:
        for key in dict.get(kept, "chosen", ()):
            if key == "upgrade" or _fails(game, node.options[int(key)]):
                return True
        return False
    if kind is Call:
        return step == 1 and triggers_can_fail(game, plan_of(game, frame[F.NODE]).procedure)
    if kind in ITEM_ACTIONS:
        return _items_rest_fails(game, frame, node, dict.get(kept, "i", 0))
    return True


FINISH_WITH_CHILD = frozenset({Bound, Conditional, OnlyIf, Obligation, May, Perform, Poll, IfPossible})


# The item actions' classes (Gain, Pay, ...), as the grammar's module names them, and Give.
ITEM_ACTIONS = frozenset(cls for cls in vars(ast).values() if isinstance(cls, type) and issubclass(cls, ItemsAction)
                         ) | {Give}
VERBS = {cls: cls.__name__.lower() for cls in ITEM_ACTIONS}  # each one's verb ("gain"), read once


def sequence_rest_fails(game, number: int, step: int) -> bool:
    """Whether a step of sequence ``number`` from ``step`` on can fail."""
    fails = steps_fail(game, number)
    return step < len(fails) and fails[step]


def steps_fail(game, number: int) -> tuple[bool, ...]:
    """Whether running node ``number`` can fail from each of its steps on: a sequence's steps,
    else the node as one step (from a step past the end nothing is left: it cannot). Worked
    out once per node."""
    known = game.fail_from
    at = number  # (a C index in the compiled build: the list's own read)
    found = known[at]
    if found is None:
        found = known[at] = _steps_fail(game, number)
    return found


def _steps_fail(game, number: int) -> tuple[bool, ...]:
    parts = dict.get(game.parts, number)
    if parts is None:
        return (can_fail(game, number),)
    return tuple(any(can_fail(game, part) for part in parts[step:]) for step in range(len(parts)))


def deciding_part(game, number: int) -> int:
    """A number naming what decides whether effect ``number`` can be carried out: a sequence's
    steps up to its last one that can fail (what follows can always be done), else the node.
    Two effects whose deciding parts are equal (as text, not as objects) get the same number,
    so a check of one answers for the other in the same state ("draw 1 card" and "draw 1
    card, then you may draw 1 card"); a "choose one" is decided by its options' deciding
    parts. Worked out once per effect."""
    memo = game.memo["deciding"]
    found = dict.get(memo, number)
    if found is None:
        found = memo[number] = _deciding_part(game, number)
    return found


def _deciding_part(game, number: int) -> int:
    steps = game.parts.get(number)
    if steps is None:
        part = (game.nodes[number],)
    else:
        end = next((index for index in range(len(steps)) if not sequence_rest_fails(game, number, index)),
                   len(steps))
        part = tuple(game.nodes[step] for step in steps[:end])
    if len(part) == 1 and type(part[0]) is Choice and part[0].count == 1 and part[0].upgrade is None:
        part = ("choose one", tuple(deciding_part(game, game.number(option)) for option in part[0].options))
    names = game.memo["deciding_parts"]
    return names.setdefault(part, len(names))


def _items_rest_fails(game, frame: list, node, start: int) -> bool:
    if dict.get(frame[F.MORE], "queue"):
        return True
    verb = VERBS[type(node)]
    for item in node.items[start:]:
        if _item_fails(game, verb, item):
            return True
    return False


# The questions whose answers differ in what they leave to run (_failing_answers); for any
# other question every answer leaves the same (the rest of a pick, the body of a "for each
# of"): _answer_fails.
KEYED = frozenset({May, Poll, Repeat, Adjust, Choice})  # (looked up by class at every question: see rest_fails)


def _answer_fails(game, frame: list, node) -> bool:
    """Whether, after the top frame (a question that is not KEYED) gets any answer, something
    could still fail."""
    kind = type(node)
    if kind is LetAny:
        return False
    if kind is ForEachOf and frame[F.CAND] is not None:
        return _fails(game, node.body)
    if kind in ITEM_ACTIONS and frame[F.CAND] is not None:
        verb = VERBS[type(node)]
        if verb == "play":
            return True
        return _items_rest_fails(game, frame, node, frame[F.MORE]["i"] + 1)
    if kind is Move:  # which set: each answer offered puts the thing there, then completes the set
        return can_fail(game, game.number(node))
    return True
