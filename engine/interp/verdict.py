# cython: nonecheck=True
"""Feasibility read off the state: a sure yes, a sure no with its reason, or unsure.

Theory of operation
-------------------
A feasibility trial (runtime.py) copies the state and runs the effect, trying
every option of every decision on the way, until the region is finished or
fails. Most of what a trial does is reading: it lists the things a pick can
take, binds one, works out numbers and tests conditions. ``verdict`` walks
those steps straight over the effect tree, with no copy of the frames:

* the walk is a tuple of *segments*, each a sequence of steps still to run
  with where it runs (its bindings' key, the acting seat, "you", the nouns
  a procedure substitutes); the first segment runs first. ``answers`` makes
  the segments of a paused game from its frames, ``can_do`` from effects;
* ``let`` binds a number, ``only if`` and ``if`` test their condition, a
  pick of one thing tries each candidate in the order the player is offered
  them, "choose N" tries every order of N options (and "or both" last),
  "may" tries yes then no, a die adjustment tries each value (its cost once
  per step), a move into a place with sets tries each legal set, a repeat
  runs once (later runs are optional, or there is one; its "once more?" is
  the body and then a stop, or what is under it), and a procedure call runs
  its body with the bindings the call gives it (a body of lets and "only if"
  conditions before steps that cannot fail, with nothing fallible after the
  call, is read by its conditions alone: ``_guards``);
* gaining, paying and losing resources, drawing, discarding, taking,
  giving, moving and setting an attribute change a World of the branch's
  own, over a shallow copy of the state (counters, and things and
  contents lists when things move), with the engine's own item functions;
  the state a caller holds is read, never changed, but for the two changes
  made most: what ``can_do``'s ``prepare`` does first (a worker stood on its
  slot) and a card set aside to be played (``_playing``) are written to the
  tables the branch reads (the state's own, or a branch's) and undone once that
  way is walked (world.borrowing, Walk.borrowed), which costs a few entries
  where a copy costs every thing;
* the last step that could fail (a payment, a move, a draw) is checked without
  running it when nothing after it can fail; so an option of "choose one" that is a
  plain draw, with nothing after the choice that could fail, is a yes read off its deck
  and pile with no walk at all (``_option_draws``, once per choice), and an option that is a
  call read by its guards alone is read by them, with none of the walk's steps (``_option_guards``);
* the walk ends with a sure yes as soon as nothing left can fail
  (fallible.py), and with a sure no when every way fails: the reason is the
  one a trial tells (the first failure in the order a trial meets them, or a
  later one that misses less of the same thing: errors.nearer), in its words;
* since any way that works makes a yes, playing one of several cards,
  "choose one" and "may" try their ways lightest first (``_weight``: the
  effect's nodes, procedure bodies included; not doing what one may weighs
  nothing), so a way that is quick to confirm spares the costly ones; with
  none working every way has been tried, and the reason is still the one a
  trial tells;
* where only some ways can be read, a sure yes may still be found: a pick of
  several things tries picking none or one (or, when at least two must be
  picked, the first of them offered), a discard of several items the first
  things offered of each, a repeat that may stop tries stopping (STOPPABLE),
  a poll met on the way every polled player declining, and a way the walk is
  unsure of does not end the search. Without a yes, any unsure way makes the
  answer unsure (None), and the caller runs the trial. A pick of at least one
  thing whose body fails for each thing alone is a sure no (_a_few). A step
  of a shape the walk does not read at all (a gift of several items of
  things, a reveal of chosen things, a pick from the top of a deck, which may
  be refilled first) is unsure at once; a pick from the top of another ordered
  place (a pile) is offered its top things, as the pick handler offers them.
  A polled player's own answer is read: their step, then (when what
  follows could fail) the others all declining; a yes that way is sure; so
  is the next thing of a polled player's gift, the poll then binding what
  was given (_polled_step).

Bindings are never changed in place: a write copies the one binding dict it
changes, so the walk backs up to the next candidate for free. Every sure
answer is checked against full trials in real games by tests/test_verdict.py.
"""

from __future__ import annotations

from functools import partial
from itertools import chain, permutations
from math import perm

from engine.effects.ast import (
    Adjust, Bound, BoundItem, Call, Choice, Conditional, Discard, Draw, Exchange, ForEach, ForEachIn,
    ForEachOf, Gain, Give, IfPossible, Item, Let, Lose, May, Move, Obligation, OnlyIf, Pay, Perform,
    Pick, Play, Poll, Repeat, Reveal, Set, Take, Twice, Var, VarPlace,
)
from engine.effects.render import render
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.errors import Infeasible, nearer, nearest
from engine.interp.fallible import (can_fail, children, rest_fails, steps_fail, steps_fail_knowing,
                                    triggers_can_fail)
from engine.interp.frames import NO_NOUNS, Frames, bound_values, effect_frame
from engine.interp import items, sets
from engine.interp.calls import bindings, nouns_of, plan_of
from engine.interp.handlers import OPEN_QUANTITIES, adjust_range, adjust_steps, entries_of, repeat_bounds
from engine.interp.items import DONE, bounds, pick_pool, slot_taken
from engine.interp.labels import choice_indexes, choice_keys
from engine.interp.reads import reads
from engine.interp.values import (Context, context, counter_owner, is_resource, noun_named, number, places, player_of,
                                  polled_of, polled_seats, reads_as_bound, select, test, thing_value, unmet)
from engine.interp.world import World, borrowing

YES = True
UNKNOWN = -1  # a segment that could fail in ways the walk cannot read: unsure from here on
CHANGES = -2  # a segment that cannot fail but changes the state: YES if nothing after it can fail
BIND = -3  # a segment that binds values before the next one runs: its step is (bindings' key, values)
STOPPABLE = -4  # a repeat that may stop now or run again: stopping is a way (YES if it works, else unsure)
WORLD = object()  # the key of the bindings that holds the World a branch reads, once it has changed something
WALK_BUDGET = 2000  # steps one verdict may take before it gives up (unsure)
MOST_ORDERS = 24  # a pick of exactly N things is walked in every order up to this many orders
NOTHING = object()  # a memo entry not worked out yet (None is a value worked out)
PICKED = object()  # Walk.took's mark of a thing picked (the key is the question's own), else a key


def can_do(rt, roots: list[int], seat: int, prepare=None, took: list | None = None):
    """YES, the reason why not, or None (unsure): can ``seat`` carry out the effects ``roots``,
    one after the other and each with fresh bindings, in full now, after ``prepare(world)``
    (None: nothing; what it does may not move the cards of a deck)? ``prepare`` is done to the
    state itself, by a World that borrows its tables of things and contents (world.borrowing),
    and undone when the walk ends: a worker stood on a slot costs a few entries, not a copy of
    every thing. (An effect decided by one plain draw alone is a yes without a walk when the deck
    and its pile hold enough: _plain_draw.) On a yes, ``took`` (a list) gets what the way
    found took at the first question it met (Walk.took), if it is known. (Tests patch this
    function: its body, _can_do, is a C function of a typed runtime in the compiled build.)"""
    return _can_do(rt, roots, seat, prepare, took)


def _can_do(rt, roots: list[int], seat: int, prepare, took: list | None):
    if len(roots) == 1:
        plan = _plain_draw(rt, roots[0])
        if plan is not None and _drawable(rt.world, plan[0], plan[1]) >= plan[2]:
            return YES
    walk = Walk(rt, strict=True)
    envs, segments = {}, []
    for index, root in enumerate(roots):  # (a loop, not a generator: it runs at every placement judged)
        envs[index] = {}
        segments.append((index, seat, seat, NO_NOUNS, root, 0))
    if prepare is None:
        found = walk.verdict(envs, tuple(segments))
    else:  # done to the state itself and undone after the walk: no copy of its tables of things
        envs, world = walk.borrowed(envs)
        try:
            prepare(world)
            found = walk.verdict(envs, tuple(segments))
        finally:
            world.undo()
    if took is not None and found is YES and walk.took is not None:
        node, picked, value = walk.took  # as a frame asks it: the node's number, the key or the thing
        took.append((rt.game.entry_of(node), picked, value))
    return found


def _plain_draw(rt, root: int):
    """(deck, its discard pile or None, how many) when effect ``root`` is decided by its first
    step alone and that step draws a fixed number of one kind of card from one deck ("draw 1
    card"): what _draw then reads to say yes. None for any other effect. Worked out once per
    effect."""
    memo = rt.game.memo["plain_draws"]
    found = dict.get(memo, root, NOTHING)
    if found is NOTHING:
        found = memo[root] = _plain_draw_of(rt, root)
    return found


def _plain_draw_of(rt, root: int):
    game = rt.game
    fails = steps_fail(game, root)
    if len(fails) > 1 and fails[1]:
        return None  # something after the draw could fail: the walk decides
    node = _steps_of(game, root)[0]
    if type(node) is not Draw or len(node.items) != 1:
        return None
    item = node.items[0]
    if type(item) is not Item or item.filters or item.location is not None:
        return None
    quantity = item.quantity
    if quantity.mode != "exactly" or type(quantity.value) is not int:
        return None
    noun = game.phrases.get(item.noun)
    if noun is None or is_resource(noun):
        return None
    decks = items.decks_for(rt, noun)
    if len(decks) != 1:
        return None
    return decks[0], items.refill_pile(game, decks[0]), quantity.value


def _option_draws(rt, number: int) -> dict | None:
    """The options of the "choose one" ``number`` that are plain draws (_plain_draw: decided by
    the draw alone), by option key, with their plans; None when there are none (worked out once
    per choice). With nothing after the choice that could fail, such an option is a yes read
    off its deck and pile, as the walk's draw step reads it."""
    return _option_plans(rt, number, "option_draws", _draw_plan)


def _option_guards(rt, number: int) -> dict | None:
    """The options of the "choose one" ``number`` that are a call of a procedure read by its
    guards alone (_guards: lets and "only if" conditions before steps that cannot fail, and no
    effect triggered after it), by option key, as (the call's number, its guards); None when
    there are none (worked out once per choice). With nothing after the choice that could fail,
    such an option's verdict is its guards', read without the walk's steps (_guarded_call)."""
    return _option_plans(rt, number, "option_guards", _guard_plan)


def _option_plans(rt, number: int, table: str, planner) -> dict | None:
    """``planner(rt, option)`` for each option of the "choose one" ``number`` that has a plan,
    by option key; None when none has (kept in the game's memo ``table``, once per choice)."""
    memo = rt.game.memo[table]
    found = dict.get(memo, number, NOTHING)
    if found is NOTHING:
        node, found = rt.game.nodes[number], {}
        for index, option in enumerate(node.options if type(node) is Choice and node.count == 1 else ()):
            plan = planner(rt, option)
            if plan is not None:
                found[choice_keys(rt.game, number)[index]] = plan
        found = memo[number] = found or None
    return found


def _draw_plan(rt, option):
    """An option's plain draw (_plain_draw), or None."""
    return _plain_draw(rt, rt.game.number(option))


def _guard_plan(rt, option):
    """(the call's number, its procedure's guards) of an option that is one call of a procedure
    read by its guards and triggering nothing after it; else None. (No guards: a body that
    cannot fail, whose option is sure.)"""
    game = rt.game
    steps = _steps_of(game, game.number(option))
    if len(steps) != 1 or type(steps[0]) is not Call:
        return None
    call = game.number(steps[0])
    plan = plan_of(game, call)
    guards = None if plan.triggered else _guards(game, plan.body)
    return (call, guards) if guards else None


def _guarded_call(w, envs, head, call: int, guards: tuple):
    """What the walk gives a call whose body is read by its guards (_call, then _guarded), with
    nothing after it that could fail: YES, or the first condition that fails, in words."""
    plan = plan_of(w.game, call)
    try:
        return _guarded(w, envs, head, _bindings(w, envs, head, plan), nouns_of(plan, head[3]), guards)
    except Infeasible as failure:  # a number that cannot be worked out (as Walk.way reads it)
        return failure.reason


def _drawable(world, deck: str, pile: str | None) -> int:
    """How many cards can be drawn from ``deck``: its own and its discard pile's (shuffled in
    when it runs out)."""
    return len(world.contents(deck)) + (len(world.contents(pile)) if pile else 0)


def carried_out(rt, frame: list, number: int):
    """YES, the reason why not, or None (unsure): can effect ``number`` be carried out in full
    now where ``frame`` runs, with its bindings and players? (What Runtime.can_carry_out asks
    for an "if possible", read before a trial. Tests patch this function: its body, _carried_out,
    is a C function of a typed runtime in the compiled build.)"""
    return _carried_out(rt, frame, number)


def _carried_out(rt, frame: list, number: int):
    walk = Walk(rt, True)
    return walk.verdict(rt.env_table, (_segment(frame, number, 0),))


def answers(rt, depth: int):
    """A judge of the answers to the decision the top frame asks: ``judge(key)`` is the verdict
    on that answer (YES, the reason why not, or None: unsure) for finishing the region (the
    frames from ``depth - 1`` up). None when the decision is of a shape the walk does not read.
    (Tests patch this function: its body, _answers, is a C function of a typed runtime in the
    compiled build.)"""
    return _answers(rt, depth)


def _answers(rt, depth: int):
    frames = rt.stack
    number = frames[-1][F.NODE]
    if number is None:
        return None
    node = rt.game.nodes[number]
    shape = dict.get(ANSWERS, type(node))
    strict = type(node) in (Choice, May) or rt.in_strict()  # a chosen option runs strict
    return None if shape is None else shape(Walk(rt, strict), frames, depth, node)


def lightest_first(rt, options: list) -> list:
    """The options of the decision the top frame asks, the ones that look lightest to judge
    first (only the options of a choice differ by their weight); an order to judge them in,
    never to show them in. When every option of the choice is offered, in the order of its
    words (mostly), the order is read off by place, with no table of the labels made."""
    number = rt.stack[-1][F.NODE]
    if number is None:
        return options
    game = rt.game
    memo = game.judging_order
    order = dict.get(memo, number, False)
    if order is False:
        order = memo[number] = _judging_order(game, game.nodes[number])
    if order is None:
        return options
    shown, lightest, places = order
    if len(options) == len(shown):
        for index in range(len(shown)):
            if options[index][0] != shown[index]:
                break
        else:
            return [options[place] for place in places]
    labels = dict(options)
    return [(key, labels[key]) for key in lightest if key in labels]


def _judging_order(game, node) -> tuple | None:
    """(the keys of a choice's options in the order of its words, the same keys lightest first,
    the place of each of those among the first) ("both": every option and the upgrade, last);
    None for any other question (its options are judged in the order shown)."""
    if type(node) is not Choice:
        return None
    weights = _option_weights(game, node)
    last = sum(weights) + 1
    keys = list(zip(choice_keys(game, game.number(node)), weights))
    if node.upgrade is not None:
        keys.append(("both", last))
    shown = tuple(key for key, _weight in keys)
    lightest = tuple(key for key, _weight in sorted(keys, key=lambda pair: pair[1]))
    return shown, lightest, tuple(shown.index(key) for key in lightest)


def _below(rt, frames: list, depth: int):
    """The frames under the top one, from ``depth - 1`` up, as segments still to run; None when
    one of them has something left that the walk does not read."""
    game, runner = rt.game, rt.flow
    segments = []
    for frame in reversed(frames[depth - 1:-1]):
        number = frame[F.NODE]
        if number is None:  # a flow routine: what it has left either cannot fail, or is unknown
            if runner.rest_can_fail(frame):
                return None
            segments.append(_segment(frame, CHANGES, 0))
        elif number in game.parts:
            segments.append(_segment(frame, number, frame[F.STEP]))
        elif type(game.nodes[number]) is Exchange and frame[F.STEP] == 1:  # the reward is left
            segments.append(_segment(frame, game.number(game.nodes[number].reward), 0))
        elif type(game.nodes[number]) is Choice and frame[F.STEP] == 2:  # chosen options queued
            node = game.nodes[number]
            segments += [_segment(frame, game.number(node.upgrade if key == "upgrade" else node.options[int(key)]), 0)
                         for key in frame[F.MORE]["chosen"]]
        elif _stoppable(frame, game.nodes[number]):
            segments.append(_segment(frame, STOPPABLE, 0))
        elif not _finished(game, frame, game.nodes[number]):
            if rest_fails(game, frame):
                return None
            segments.append(_segment(frame, CHANGES, 0))  # something left that cannot fail
    return tuple(segments)


def _stoppable(frame: list, node) -> bool:
    """Whether a repeat's player may stop it once its running body is done (see handlers)."""
    kept = frame[F.MORE]
    return type(node) is Repeat and kept.get("optional", False) and kept["runs"] >= kept.get("least", 1)


def _finished(game, frame: list, node) -> bool:
    """Whether a frame has nothing left to do once its running child is done."""
    kind, step = type(node), frame[F.STEP]
    if kind in PASSED_AT:
        return step >= PASSED_AT[kind]
    if kind is Choice:
        return step == 2 and not frame[F.MORE].get("chosen")
    if kind in (ForEachOf, ForEachIn):
        return step == 1 and not frame[F.MORE].get("todo")
    if kind is Call:
        return step == 1 and not plan_of(game, frame[F.NODE]).triggered
    return False


# node -> the step from which it only hands its child's result up. (A conditional, "only if",
# an obligation, a "may" answered yes, an exchange's reward, the second run of "twice" and a
# sequence's last step take their frame over instead: Runtime.replace.)
PASSED_AT = {IfPossible: 1, Perform: 1}


def _choice_answers(w, frames, depth, node: Choice):
    """The next option of a "choose one" or "choose two": the options chosen so far and this
    one, in that order, then each order of the options still to choose (see _choice)."""
    top = frames[-1]
    below = _below(w.rt, frames, depth)
    if below is None:
        return None
    head, chosen = _head(top), [int(key) for key in dict.get(top[F.MORE], "chosen", ())]
    draws = guards = None
    if not head[3]:  # (the plans read the nouns as written)
        draws, guards = _option_draws(w.rt, top[F.NODE]), _option_guards(w.rt, top[F.NODE])
        if (draws is not None or guards is not None) and w.fallible(below):
            draws = guards = None
    return _ChoiceJudge(w, node, head, below, chosen, draws, guards, choice_indexes(w.game, top[F.NODE]))


class _ChoiceJudge:
    """What _choice_answers gives: ``judge(key)``. (An object, not a closure: in the compiled
    build a C type whose fields are read from the C struct, verdict.pxd.)"""

    __slots__ = ("w", "node", "envs", "head", "below", "chosen", "draws", "guards", "indexes")

    def __init__(self, w, node: Choice, head: tuple, below: tuple, chosen: list, draws, guards, indexes: dict) -> None:
        self.w, self.node, self.head, self.below, self.chosen = w, node, head, below, chosen
        self.envs = self.w.rt.env_table
        self.draws, self.guards = draws, guards  # the options that are plain draws, or read by guards
        self.indexes = indexes  # the options' places by their keys

    def __call__(self, key: str):
        return self.judge(key)

    def judge(self, key: str):
        w, node, envs, head, below = self.w, self.node, self.envs, self.head, self.below
        if key == "both":
            return w.verdict(envs, _both(w, head, node) + below)
        if node.count == 1:  # "choose one": the one way is this option, then what is left
            plan = dict.get(self.draws, key) if self.draws is not None else None
            if plan is not None and _drawable(w.rt.world, plan[0], plan[1]) >= plan[2]:
                return YES  # a plain draw from a deck that holds enough, with nothing after it that could fail
            guarded = dict.get(self.guards, key) if self.guards is not None else None
            if guarded is not None:  # a call read by its guards, with nothing after it that could fail
                return _guarded_call(w, envs, head, guarded[0], guarded[1])
            return w.verdict(envs, (w.then(head, node.options[self.indexes[key]]),) + below)
        return w.verdict_of(_choice_ways(w, envs, head, node, self.chosen + [self.indexes[key]], below))


def _adjust_answers(w, frames, depth, node: Adjust):
    """The new value of an adjustment: the cost once per step, then what is left."""
    top = frames[-1]
    below = _below(w.rt, frames, depth)
    if below is None or top[F.STEP] != 1:
        return None
    envs, head = w.rt.env_table, _head(top)
    return lambda key: w.verdict_of(_adjust_ways(w, envs, head, node, top[F.MORE]["from"], top[F.MORE]["span"],
                                                 [int(key.split(":", 1)[1])], below))


def _move_answers(w, frames, depth, node: Move):
    """Which set a thing goes into (sets.move_in asks): that set, then what is left."""
    top = frames[-1]
    kept = top[F.MORE]
    below = _below(w.rt, frames, depth)
    if below is None or top[F.STEP] != 1 or "plans" not in kept:
        return None
    envs, head = w.rt.env_table, _head(top)
    return lambda key: w.verdict_of([_set_way(w, envs, head, kept["t"], kept["to"], kept["plans"][key], below)])


def _may_answers(w, frames, depth, node: May):
    below = _below(w.rt, frames, depth)
    if below is None:
        return None
    envs, yes = w.rt.env_table, (w.then(_head(frames[-1]), node.step),) + below
    return lambda key: w.verdict(envs, yes if key == "yes" else below)


def _pick_answers(w, frames, depth, node):
    """A pick as Name (the frame under the pick binds it), or the pick of a 'for each of X as
    Name': each thing offered, or "no more". A thing that leaves the pick short of its least,
    or a no for a thing while more could still be picked, is left to a trial."""
    top = frames[-1]
    if top[F.KEYS] is None:
        return None
    envs, things = w.rt.env_table, w.rt.world.thing_table
    picked, least, most = list(top[F.PICKED]), top[F.LEAST], top[F.MOST]
    if type(node) is ForEachOf:
        below = _below(w.rt, frames, depth)
        if below is None:
            return None
        head = _head(top)
        finish = partial(_each_way, envs, head, node.name, w.then(head, node.body), below)  # as _for_each_of walks it
    elif top[F.AS] is not None:  # the pick binds what it takes itself (a Bound handed it the name)
        if type(node) is not Pick:
            return None
        below = _below(w.rt, frames, depth)
        if below is None:
            return None
        finish = partial(_bound_way, envs, top[F.ENV], things, top[F.AS], below)
    else:  # the Bound frame under the pick binds it; _below would call it unfinished
        binder = frames[-2] if len(frames) > 1 else None
        bound = w.game.nodes[binder[F.NODE]] if binder is not None and binder[F.NODE] is not None else None
        if type(bound) is not Bound or binder[F.STEP] != 1 or type(node) is not Pick:
            return None
        below = _below(w.rt, frames[:-1], depth)
        if below is None:
            return None
        finish = partial(_bound_way, envs, binder[F.ENV], things, bound.name, below)

    return _PickJudge(w, top, things, picked, least, most, finish)


class _PickJudge:
    """What _pick_answers gives: ``judge(key)``. (An object, not a closure: in the compiled
    build a C type whose fields are read from the C struct, verdict.pxd.)"""

    __slots__ = ("w", "top", "things", "picked", "least", "most", "finish")

    def __init__(self, w, top: list, things: dict, picked: list, least: int, most, finish) -> None:
        self.w, self.top, self.things, self.picked = w, top, things, picked
        self.least, self.most = least, most
        self.finish = finish  # (what is picked) -> (bindings, segments): the way on from the pick

    def __call__(self, key: str):
        return self.judge(key)

    def judge(self, key: str):
        w, top = self.w, self.top
        if key == DONE[0]:
            envs, segments = self.finish(self.picked)
            return w.verdict(envs, segments)
        chosen = dict.get(top[F.KEYS], key)
        if chosen is None or (isinstance(chosen, str) and chosen not in self.things):
            return None
        now = self.picked + [chosen]
        if len(now) < self.least:
            return None  # more must be picked: left to a trial
        envs, segments = self.finish(now)
        found = w.verdict(envs, segments)
        more = (self.most is None or len(now) < self.most) and len(top[F.CAND]) > 1
        return found if found is YES or not more else None


def _repeat_answers(w, frames, depth, node: Repeat):
    """Once more, or stop, when a repeat's later runs are optional: stopping leaves what is
    under the repeat; once more runs the body (strict, as the handler pushes it), after which
    stopping again is a way (STOPPABLE) while more runs are left."""
    top = frames[-1]
    if top[F.STEP] != 2:
        return None
    below = _below(w.rt, frames, depth)
    if below is None:
        return None
    envs, head, left = w.rt.env_table, _head(top), top[F.MORE].get("left")
    again = (_at(head, STOPPABLE, 0),) if left is None or left > 1 else ()
    once_more = (w.then(head, node.body),) + again + below
    return lambda key: Walk(w.rt, True).verdict(envs, once_more) if key == "yes" else w.verdict(envs, below)


def _poll_answers(w, frames, depth, node: Poll):
    """A polled player's yes or no. When nothing under the poll can fail, yes is their step
    (strict, as the handler pushes it) and no always works. Otherwise one way is read: the
    players still to answer all decline, and the poll binds who did; a yes that way is sure,
    anything else is left to a trial (what the others do might still make it work)."""
    top = frames[-1]
    kept = top[F.MORE]
    if top[F.STEP] != 2 or not kept.get("queue"):
        return None
    below = _below(w.rt, frames, depth)
    if below is None:
        return None
    envs, head, seat = w.rt.env_table, _head(top), kept["queue"][0]
    step = (head[0], seat, head[2], head[3], w.game.number(node.step), 0)
    if not w.fallible(below):
        rest = (_at(head, CHANGES, 0),) + below
        return lambda key: Walk(w.rt, True).verdict(envs, (step,) + rest) if key == "yes" else w.verdict(envs, rest)
    if node.name:  # what they gave is bound too, and the walk does not follow what a step hands on
        return None
    declined = partial(_declined, head, polled_of(kept, w.rt.s["players"]), below)

    def judge(key):
        if key == "yes":
            found = Walk(w.rt, True).verdict(envs, (step,) + declined(kept["did"] + [seat]))
        else:
            found = w.verdict(envs, declined(list(kept["did"])))
        return YES if found is YES else None
    return judge


def _moving_answers(w, frames, depth, node):
    """The next thing to discard, take or give (an action of one item, its things picked one at
    a time), or "no more": the things picked so far and this one moved as the handler moves
    them, then what is left of the region. Stopping after this thing is a way while more may
    still be picked, so its yes is sure; a thing that leaves the pick short of its least, or a
    no while more could still be picked, is left to a trial."""
    top = frames[-1]
    keys, cand = top[F.KEYS], top[F.CAND]
    if len(node.items) != 1 or keys is None:
        return None
    polled = _polled_step(w, frames, depth)
    below = _below(w.rt, frames, depth) if polled is None else polled[1]
    if below is None:
        return None
    envs, head, things = w.rt.env_table, _head(top), w.rt.world.thing_table
    picked, least, most = list(top[F.PICKED]), top[F.LEAST], top[F.MOST]
    kind = type(node)
    after = partial(_after_moving, below, polled, top)
    name = top[F.AS]  # the frame binds what it moves as Name itself (Frames.done)
    if kind is Discard:
        finish = partial(_discarding_way, w, envs, head, after, name)
    else:
        seat = player_of(w.ctx(envs, head), node.player) if kind is Give else head[1]
        finish = partial(_moving_way, w, envs, head, seat, after, name)
    others = polled is not None and polled[2]  # players still to answer the poll: one way read

    def judge(key):
        if key == DONE[0]:
            found = w.verdict(*finish(picked)) if len(picked) >= least else None
            return found if found is YES or not others else None
        chosen = dict.get(keys, key)
        if not isinstance(chosen, str) or chosen not in things:
            return None
        now = picked + [chosen]
        if len(now) < least:
            return None
        found = w.verdict(*finish(now))
        more = (most is None or len(now) < most) and len(cand) > 1
        return found if found is YES or not (more or others) else None
    return judge


# The ways on after a pick, made with partial() over these functions rather than as closures:
# in the compiled build, all the closures of one function share one scope object, so a closure
# that another closure (or a generator expression) of the same function reads refers to that
# scope, and the scope to it: a cycle that only the garbage collector frees
# (tests/test_reference_cycles.py).

def _each_way(envs, head, name: str, body, below: tuple, chosen: list):
    """The body once per thing chosen (as "for each of" runs it), then ``below``."""
    return envs, _once_each(head, name, body, chosen) + below


def _bound_way(envs, key, things: dict, name: str, below: tuple, chosen: list):
    """The things chosen bound as Name (with where each was), then ``below``."""
    return _bind(envs, key, bound_values(things, name, chosen)), below


def _declined(head, everybody: list, below: tuple, did: list) -> tuple:
    """The players still to answer a poll all say no; then the poll binds who did."""
    return (_at(head, BIND, (head[0], {"__did__": did, "__polled__": everybody})),) + below


def _after_moving(below: tuple, polled, top: list, chosen: list) -> tuple:
    """What is left after moving ``chosen``: a polled player's step hands what it moved to the poll."""
    return below if polled is None else (polled[0](list(top[F.MORE]["out"]) + chosen),) + below


def _discarding_way(w, envs, head, after, name, chosen: list):
    return _named(_discarding(w, envs, head, chosen, after(chosen)), head, name, chosen)


def _moving_way(w, envs, head, seat: int, after, name, chosen: list):
    return _named(_moving(w, envs, head, chosen, seat, after(chosen)), head, name, chosen)


def _named(way: tuple, head: tuple, name, chosen: list) -> tuple:
    """A way on after a move whose frame binds what it moved as ``name`` (None: no name), as
    Frames.done binds it when the frame finishes: the things, and where each is now."""
    if name is None:
        return way
    envs, rest = way
    return _bind(envs, head[0], bound_values(envs[WORLD].s["things"], name, chosen)), rest


def _polled_step(w, frames, depth):
    """When the top frame is a polled player's step (the poll under it waits for it): (the
    segment binding what the poll binds once the players still to answer all decline, given
    what this step hands on; the segments under the poll; whether any player is still to
    answer). None otherwise."""
    if len(frames) < 2 or len(frames) - 1 < depth:
        return None
    poll_frame = frames[-2]
    number = poll_frame[F.NODE]
    if number is None or poll_frame[F.STEP] != 3:
        return None
    poll = w.game.nodes[number]
    if type(poll) is not Poll or w.game.entry[w.game.number(poll.step)] != frames[-1][F.NODE]:
        return None
    under = _below(w.rt, frames[:-1], depth)
    if under is None:
        return None
    key, did, gave = poll_frame[F.ENV], list(poll_frame[F.MORE]["did"]), list(poll_frame[F.MORE]["gave"])
    everybody = list(range(w.rt.s["players"]))

    def bound(out: list) -> tuple:
        values = {"__did__": did, "__polled__": everybody}
        if poll.name:
            values[poll.name] = gave + out
        return _at(_head(poll_frame), BIND, (key, values))
    return bound, under, bool(poll_frame[F.MORE].get("queue"))


def _play_answers(w, frames, depth, node: Play):
    """Which card to play (of one): the card's effect, then what is left of the region."""
    top = frames[-1]
    keys = top[F.KEYS]
    if len(node.items) != 1 or keys is None or top[F.PICKED] or top[F.LEAST] != 1 or top[F.MOST] != 1 \
            or dict.get(top[F.MORE], "queue"):
        return None
    below = _below(w.rt, frames, depth)
    if below is None:
        return None
    envs, head, things = w.rt.env_table, _head(top), w.rt.world.thing_table

    def judge(key):
        card = dict.get(keys, key)
        if card not in things:
            return None
        way = _playing(w, envs, head, card, below)
        try:
            return w.verdict(*way)
        finally:
            way[0][WORLD].undo()
    return judge


def _head(frame: list) -> tuple:
    return (frame[F.ENV], frame[F.ACTOR], frame[F.YOU], frame[F.NOUNS] or NO_NOUNS)  # a routine's ENV is "root"


def _segment(frame: list, number: int, step) -> tuple:
    """The segment that runs ``number`` from ``step`` where ``frame`` runs."""
    return _at(_head(frame), number, step)


def _at(head: tuple, number: int, step) -> tuple:
    """The segment that runs ``number`` from ``step`` where ``head`` runs. Written out, not as
    ``(*head[:4], number, step)``: unpacking a slice into a tuple display costs the compiled build
    a slice and a list at each use (the walk's loop and Walk.then, the hottest, write it inline)."""
    return (head[0], head[1], head[2], head[3], number, step)


class Walk:
    """One verdict: the walk over segments (see the module's theory of operation)."""

    __slots__ = ("rt", "game", "left", "stuck", "strict", "_last", "_fails", "_checks", "took", "chose")

    def __init__(self, rt, strict: bool) -> None:
        self.rt = rt
        self.game = self.rt.game  # (read from the typed field: the C struct, in the compiled build)
        self._fails = self.game.fail_from  # steps_fail's memo by number, read at every step (fallible)
        self._checks = self.game.by_number("checks", CHECKS)  # each node's check, by its number
        self.left = WALK_BUDGET
        self.strict = strict  # whether the region must be completed (a full slot then fails)
        self._last = None  # (bindings, head, context) of the last context made (see ctx)
        self.took = None  # (the node asking, PICKED or None, the thing or the key) the way took first
        self.chose = 0  # the index of the way first_way or lightest_way found working last

    def verdict(self, envs: dict, segments: tuple):
        """YES, the reason why not, or None (unsure): can the segments be run to the end? (What
        verdict_of gives for this one way, without the loop over ways.)"""
        self.left = WALK_BUDGET
        self.took = None
        try:
            return self.way(envs, segments)
        except _GiveUp:  # the whole walk spent its budget
            return None

    def verdict_of(self, ways):
        """The verdict on a set of ways: YES if one works, else the reason to tell (first_way)."""
        self.left = WALK_BUDGET
        try:
            return self.first_way(ways)
        except Infeasible as failure:  # a number or condition that cannot even be worked out
            return failure.reason
        except _GiveUp:
            return None

    def walk(self, envs: dict, segments: tuple):
        game = self.game
        runs, entry, nodes, checks = game.runs, game.entry, game.nodes, self._checks
        self.left -= 1
        if self.left < 0:
            raise _GiveUp()
        while segments:
            head = segments[0]
            number, step = head[4], head[5]
            if number == BIND:  # (the key and values unpacked: a star call would be a Python call)
                envs, segments = _bind(envs, step[0], step[1]), segments[1:]
                continue
            if number == STOPPABLE:
                return YES if self.walk(envs, segments[1:]) is YES else None
            if number < 0:
                return YES if number == CHANGES and not self.fallible(segments[1:]) else None
            at = number  # (C indexes in the compiled build: the tuple's and lists' own reads)
            steps = runs[at]
            if step >= len(steps):
                segments = segments[1:]
                continue
            if not self.fallible(segments):
                return YES
            at = step
            at = steps[at]
            at = entry[at]
            node = nodes[at]
            check = checks[at]
            if check is None:
                return self.unsure(node)
            rest = ((head[0], head[1], head[2], head[3], number, step + 1),) + segments[1:]
            return check(self, envs, head, node, rest)
        return YES

    def fallible(self, segments: tuple) -> bool:
        """Whether something in the segments could still fail."""
        known = self._fails
        for head in segments:
            number = head[4]
            if number < 0:
                if number == UNKNOWN:
                    return True
                continue
            at = number  # (a C index in the compiled build: the list's own read)
            steps = known[at]
            if steps is None:
                steps = steps_fail(self.game, number)
            at = head[5]  # (a C index in the compiled build: the tuple's own read)
            if at < len(steps) and steps[at]:
                return True
        return False

    def ctx(self, envs: dict, head: tuple) -> Context:
        """The context of a step: the one made last when the bindings are the same and the step
        runs where the last one ran (steps one after the other mostly do; a Context is never
        changed once made)."""
        last = self._last
        if last is not None and last[0] is envs:
            was = last[1]  # (told apart by identity: a miss only makes a Context again)
            if was is head or (was[0] is head[0] and was[1] is head[1] and was[2] is head[2] and was[3] is head[3]):
                return last[2]
        made = context(dict.get(envs, WORLD) or self.rt.world, head[1], head[2], envs[head[0]], head[3])
        self._last = (envs, head, made)
        return made

    def changed(self, envs: dict):
        """The bindings with a World of their own, over a copy of the state's top level: the
        World copies its things, contents or counters before it first changes them (World._own),
        so the state the walk reads stays as it was, and a branch pays only for what it changes.
        The copy keeps no events: nothing the walk reads is told by them."""
        world = dict.get(envs, WORLD) or self.rt.world
        state = dict.copy(world.s)
        state["events"] = None
        mine = World(self.game, state, True)
        return {**envs, WORLD: mine}, mine

    def borrowed(self, envs: dict):
        """What changed makes, but a World that writes the tables of things and contents it
        reads (world.borrowing): cheaper than their copy, for a branch that is walked to its end
        before its parent or a sibling reads them again, and then undone (borrowed_way)."""
        mine = borrowing(self.game, (dict.get(envs, WORLD) or self.rt.world).s)
        return {**envs, WORLD: mine}, mine

    def borrowed_way(self, envs: dict, segments: tuple):
        """``way`` on a branch made by ``borrowed``, whose writes are then undone."""
        try:
            return self.way(envs, segments)
        finally:
            envs[WORLD].undo()

    def unsure(self, node) -> None:
        """Unsure, because of ``node`` (kept for tests and measurements)."""
        self.stuck = node
        return None

    def then(self, head: tuple, node) -> tuple:
        """A segment running ``node`` where ``head`` runs."""
        return (head[0], head[1], head[2], head[3], self.game.number(node), 0)

    def way(self, envs: dict, segments: tuple):
        """The verdict on one way: YES, the reason why not, or None (unsure); running out of
        steps ends the whole walk."""
        try:
            return self.walk(envs, segments)
        except Infeasible as failure:  # a number or condition that cannot be worked out here
            return failure.reason
        except _GiveUp:
            if self.left < 0:
                raise
            return None

    def first_way(self, ways):
        """YES if one of the ways works, else the reason to tell (errors.nearer, over the ways in
        their order). A way the walk is unsure of does not end the search, since a later way may
        still be a sure yes; but with no yes, the answer is unsure (a trial then finds out)."""
        first, unsure, index = None, False, 0
        for envs, segments in ways:
            found = self.way(envs, segments)
            if found is YES:
                self.took, self.chose = None, index  # (a caller that knows the question says what it took)
                return YES
            index += 1
            if found is None:
                unsure = True
            elif first is None:
                first = found
            else:
                first = nearer(first, found)
        if unsure:
            raise _GiveUp()
        return first

    def lightest_way(self, choices: list, weights: list, way_of, borrowed: bool = False):
        """What first_way finds on the ways ``way_of(choice)``, trying the lightest first: a way
        that works is a yes in any order, and with none, every way has been tried and the reason
        is still told over the ways in the order given (so a trial would give the same).
        ``borrowed``: each way's World borrows its tables (Walk.borrowed), undone once it is walked."""
        reasons, unsure = [None] * len(choices), False
        for index in sorted(range(len(choices)), key=weights.__getitem__):
            envs, segments = way_of(choices[index])  # (unpacked: a star call would be a Python call)
            found = self.borrowed_way(envs, segments) if borrowed else self.way(envs, segments)
            if found is YES:
                self.took, self.chose = None, index  # (as in first_way)
                return YES
            if found is None:
                unsure = True
            else:
                reasons[index] = found
        if unsure:
            raise _GiveUp()
        return nearest(reasons)  # (in the order given, as a trial meets them)


class _GiveUp(Exception):
    """The walk spent its budget."""


def _bind(envs: dict, key, values: dict) -> dict:
    """The bindings with ``values`` written into env ``key`` (a copy: the walk backs up)."""
    changed = dict(envs)
    env = changed[key] = dict.copy(envs[key])
    for name, value in values.items():  # (set one by one: a merge of a few keys costs more, compiled)
        env[name] = value
    return changed


# ------------------------------------------------------------------ the steps


def _let(w, envs, head, node: Let, rest):
    value = number(w.ctx(envs, head), node.value)
    if type(value) is int and _sure_knowing(w, rest, node.name, value):
        return YES
    return w.walk(_bind(envs, head[0], {node.name: value}), rest)


def _sure_knowing(w, rest: tuple, name: str, value: int) -> bool:
    """Whether the rest surely works once ``name`` holds ``value``, where the static reading
    says it could fail: the rest of the let's own sequence read knowing that number
    (fallible.steps_fail_knowing: "let Die be the die of Kept, then discard Kept, then act with
    die Die", whose adjustment cannot fail with Die inside its range), and nothing below it
    that could fail. Read once per sequence, step, name and value (a memo of the game's)."""
    if not rest or not w.fallible(rest) or w.fallible(rest[1:]):
        return False  # nothing to spare, or something below the sequence could fail anyway
    first = rest[0]
    number, step = first[4], first[5]
    if number < 0:
        return False
    memo = w.game.memo["sure_knowing"]
    key = (number, step, name, value)
    found = dict.get(memo, key)
    if found is None:
        found = memo[key] = not steps_fail_knowing(w.game, number, step, {name: value})
    return found


def _only_if(w, envs, head, node: OnlyIf, rest):
    ctx = w.ctx(envs, head)
    if not test(ctx, node.condition):
        return unmet(ctx, node.condition)
    return w.walk(envs, (w.then(head, node.body),) + rest)


def _conditional(w, envs, head, node: Conditional, rest):
    branch = node.then if test(w.ctx(envs, head), node.condition) else node.otherwise
    if branch is None:
        return w.walk(envs, rest)
    return w.walk(envs, (w.then(head, branch),) + rest)


def _choice(w, envs, head, node: Choice, rest):
    if node.count == 1 and node.upgrade is None:
        found = w.lightest_way(node.options, _option_weights(w.game, node),
                               lambda option: (envs, (w.then(head, option),) + rest))
        if found is YES:
            w.took = (node, None, choice_keys(w.game, w.game.number(node))[w.chose])
        return found
    ways = _choice_ways(w, envs, head, node, [], rest)
    if node.upgrade is not None:  # "or both if you ...", offered after the options
        ways = chain(ways, [(envs, _both(w, head, node) + rest)])
    return w.first_way(ways)


def _both(w, head, node: Choice) -> tuple:
    """The upgrade's price, then every option in order (as the handler runs "both")."""
    return tuple(w.then(head, part) for part in (node.upgrade, *node.options))


def _choice_ways(w, envs, head, node: Choice, chosen: list[int], rest):
    """The ways of "choose N": the options chosen so far, then every order of the ones still to
    choose (the order a trial tries them), each followed by ``rest``. The chosen options run
    in the order they were chosen."""
    first = tuple(w.then(head, node.options[index]) for index in chosen)
    left = [index for index in range(len(node.options)) if index not in chosen]
    for way in permutations(left, node.count - len(chosen)):
        yield envs, first + tuple(w.then(head, node.options[index]) for index in way) + rest


def _may(w, envs, head, node: May, rest):
    """Yes, then no, as a trial tries them; tried lightest first, which is mostly no."""
    yes = (w.then(head, node.step),)
    found = w.lightest_way([yes, ()], [_weight(w.game, w.game.number(node.step)), 0], lambda step: (envs, step + rest))
    if found is YES:
        w.took = (node, None, "no" if w.chose else "yes")
    return found


def _bound(w, envs, head, node: Bound, rest):
    """'choose 1 X as Name': each candidate bound in turn (the pick's output, and where it was);
    a pick of several: see _a_few."""
    step = node.step
    if type(step) is Reveal and len(step.items) == 1 and items.from_each(step.items[0]):
        return _revealed(w, envs, head, node, rest)
    if type(step) is Discard and len(step.items) == 1 and type(step.items[0]) is not BoundItem:
        return _discarded_as(w, envs, head, node, rest)
    if type(step) is not Pick or len(step.items) != 1:
        if not w.fallible(rest):  # nothing after can fail, so nothing needs what it binds: the step decides
            return w.walk(envs, (w.then(head, step),))
        return w.unsure(node)
    found = _pool(w, envs, head, step.items[0])
    if type(found) is not tuple:
        return found
    pool, low, high = found
    if low == high == 1 and not w.fallible(rest):  # nothing after needs what it binds: the first one will do
        w.took, w.chose = None, 0  # (as first_way leaves them on its first way's yes)
        return _took_one(w, YES, step, pool)
    ways = partial(_bound_way, envs, head[0], w.ctx(envs, head).world.s["things"], node.name, rest)
    if low == high == 1:
        return _took_one(w, _each_one(w, ways, pool), step, pool)
    return _a_few(w, node, pool, low, high, ways, rest)


def _take(w, envs, head, node: Take, rest):
    """Taking the top things of an ordered place ("take 1 card from Pile"), or from each of
    several places: nothing is chosen, so the handler's own functions take them on the
    branch's own copy. A pick among the things of an unordered place ("take 2 cards from
    Revealed") is read as a discard's pick is (_a_few). Too few where a deck could be refilled
    first, or a number left open, is left to a trial."""
    if len(node.items) != 1 or type(node.items[0]) is not Item or node.items[0].location is None:
        return w.unsure(node)
    item, seat, ctx = node.items[0], head[1], w.ctx(envs, head)
    if not items.from_each(item):
        reading = _Branch(ctx.world)
        if not items.is_ordered_source(reading, item, ctx):
            return _picked_and_moved(w, envs, head, item, rest, seat)
        pool = pick_pool(reading, ctx, item, seat)
        low, high = bounds(ctx, item.quantity, len(pool))
        if low != high:
            return w.unsure(node)
        if len(pool) < low:  # a deck is refilled first (items._refill_decks): the trial's to tell
            return w.unsure(node) if items.decks_named(reading, item, ctx) else items.too_few(item, low, len(pool))
        if not w.fallible(rest):
            return YES
    envs, world = w.changed(envs)
    ctx = w.ctx(envs, head)
    branch = _Branch(world, ctx, w.strict)
    taken = items.take_from_each(branch, ctx, seat, item) if items.from_each(item) else items.top_first(pool, high)
    for tid in taken:
        items.move_to_owner(branch, tid, seat)
    return w.walk(envs, rest)


def _picked_and_moved(w, envs, head, item, rest, seat: int):
    """Things picked and moved to ``seat``'s own (taken from an unordered place, or given to
    another player): each candidate in turn for a pick of one, else as _a_few reads a pick of
    several."""
    found = _pool(w, envs, head, item)
    if type(found) is not tuple:
        return found
    pool, low, high = found
    ways = partial(_moving_rest, w, envs, head, seat, rest)
    if low == high == 1:
        return _each_one(w, ways, pool)
    return _a_few(w, item, pool, low, high, ways, rest)


def _moving(w, envs, head, things: list, seat: int, rest):
    """The way on after moving ``things`` to ``seat``'s own, in order, as the take and give
    handlers do (on a branch copy)."""
    envs, world = w.changed(envs)
    branch = _Branch(world, w.ctx(envs, head), w.strict)
    for tid in things:
        items.move_to_owner(branch, tid, seat)
    return envs, rest


def _moving_rest(w, envs, head, seat: int, rest, chosen: list):
    return _moving(w, envs, head, chosen, seat, rest)


def _discarded_as(w, envs, head, node: Bound, rest):
    """'discard 1 X as Name': each candidate discarded in turn on the branch's own copy, then
    bound as the handler binds it (where it lies after the discard)."""
    found = _pool(w, envs, head, node.step.items[0])
    if type(found) is not tuple:
        return found
    pool, low, high = found
    if not low == high == 1:
        return w.unsure(node)
    return w.first_way(map(partial(_discarded_bound, w, envs, head, node.name, rest), pool))


def _discarded_bound(w, envs, head, name: str, rest, tid: str):
    """The way on after discarding ``tid`` and binding it as Name (where it lies now)."""
    return _named(_discarding(w, envs, head, [tid], rest), head, name, [tid])


def _revealed(w, envs, head, node: Bound, rest):
    """'reveal 1 X from each Y as Name': the top things of each place revealed on the branch's
    own copy (an empty deck shuffled anew by the state's own random state, as the handler
    does), then bound. When the pick right after it surely finds enough (_reveal_assures), yes
    without the copy."""
    if _reveal_assures(w, envs, head, node, rest):
        return YES
    envs, world = w.changed(envs)
    ctx = w.ctx(envs, head)
    branch, seat = _Branch(world, ctx, w.strict), head[1]
    taken = items.take_from_each(branch, ctx, seat, node.step.items[0])
    for tid in taken:
        items.reveal(branch, seat, tid)
    return w.walk(_bind(envs, head[0], bound_values(world.s["things"], node.name, taken)), rest)


def _reveal_assures(w, envs, head, node: Bound, rest) -> bool:
    """Whether a reveal "as Name" surely leaves the next step, "choose M X in Name", its M
    things, with nothing after that pick that could fail: "reveal 3 action cards from each
    action deck as Bought, then choose 1 action card in Bought as Kept, then <nothing that can
    fail>". The places' contents tell it without revealing: each gives its top things of the
    noun, as many as the reveal says or as it has. (A place that has none is shuffled anew
    first, which only adds to what is revealed; it is not counted.)"""
    pick = _segment_node(w, rest[0]) if rest else None
    if type(pick) is not Bound or type(pick.step) is not Pick or len(pick.step.items) != 1:
        return False
    item, shown = pick.step.items[0], node.step.items[0]
    if type(item) is not Item or item.filters or type(shown) is not Item or item.location is None:
        return False
    where, wanted = item.location, item.quantity
    if where.preposition != "in" or type(where.place) is not VarPlace or where.place.name != node.name \
            or wanted.mode != "exactly" or type(wanted.value) is not int:
        return False
    after = rest[0]
    if w.fallible(((after[0], after[1], after[2], after[3], after[4], after[5] + 1),) + rest[1:]):
        return False
    ctx = w.ctx(envs, head)
    noun = noun_named(ctx, item)
    if noun is None or noun_named(ctx, shown).id != noun.id or not reads_as_bound(w.game, noun.id):
        return False
    each = bounds(ctx, shown.quantity, 0)[0]
    if each < wanted.value:
        return False
    kinds, acting = w.game.kinds(noun.id), dict.get(ctx.world.s["flow"], "acting")
    reading, found = _Branch(ctx.world), 0
    for place in places(ctx, shown.location.place, head[1]) or ():
        for tid in items._top_of_kinds(reading, place, kinds, each):  # (what take_from_each takes there)
            found += tid != acting
        if found >= wanted.value:
            return True
    return False


def _segment_node(w, segment: tuple):
    """The node a segment runs next, or None (a mark, or a sequence run to its end)."""
    number, step = segment[4], segment[5]
    if number < 0:
        return None
    steps = w.game.runs[number]
    if step >= len(steps):
        return None
    return w.game.nodes[w.game.entry[steps[step]]]


def _for_each_of(w, envs, head, node: ForEachOf, rest):
    """'for each of 1 X as Name: body' (a pick of one thing): the body with each candidate in
    turn; 'for each of every X as Name' (or all, with no choice left): the body once per thing;
    a pick of several: see _a_few."""
    found = _pool(w, envs, head, node.item)
    if type(found) is not tuple:
        return found
    pool, low, high = found
    body = w.then(head, node.body)
    if (low == high == len(pool) or low == high == 1) and not w.fallible((body,) + rest):
        if low == high == 1:  # nothing after needs which one: the first one will do (as first_way leaves it)
            w.took, w.chose = None, 0
            return _took_one(w, YES, node, pool)
        return YES  # every one, and nothing the body or the rest does can fail
    ways = partial(_each_way, envs, head, node.name, body, rest)
    if low == high == len(pool):  # nothing to choose
        bindings, segments = ways(pool)
        return w.walk(bindings, segments)
    if low == high == 1:
        return _took_one(w, _each_one(w, ways, pool), node, pool)
    alone = partial(_each_way, envs, head, node.name, body, ())  # the body alone, nothing after
    return _a_few(w, node.item, pool, low, high, ways, (body,) + rest, alone, node)


def _each_one(w, ways, pool: list):
    """first_way over the ways on after picking each thing of ``pool`` alone (``ways([thing])``),
    made one at a time; a pool of one thing has its one way, with no generator to make (the one
    row of a value, the only card in a place)."""
    if len(pool) == 1:
        return w.first_way((ways([pool[0]]),))
    return w.first_way(ways([c]) for c in pool)


def _took_one(w, found, question, pool: list):
    """``found``, the verdict of a pick of one of ``pool`` asked by node ``question``; on a yes,
    the thing the way took is noted (Walk.took), unless there was one candidate only (taken
    unasked: there is no question to hand the answer on to)."""
    if found is YES and len(pool) > 1:
        w.took = (question, PICKED, pool[w.chose])
    return found


def _a_few(w, node, pool: list, low: int, high, ways, rest, alone=None, question=None):
    """A pick of several things (there are at least the least). When nothing after it can fail,
    yes. A pick of exactly N (N > 1) of a few things tries every order they can be picked in,
    as a trial does, so a no has the trial's reason (the first order's). Otherwise picking none
    (when allowed) or just one is a way, or, when at least two must be picked, the first of
    them offered: yes if one works; if none does, another pick might, so unsure. But when at
    least one must be picked and ``alone(chosen)`` (the body run for those things, and nothing
    after) fails for each thing by itself, every pick fails: the bodies run after the whole
    pick, in the order picked, and picking changes nothing, so the first thing's body fails as
    it does alone; a trial meets the first thing's failure first, so that is the reason.
    ``ways(chosen)`` is the way on after picking those. A yes by picking none or one thing tells
    what that way took at this pick when ``question`` is the node that asks it."""
    w.took = None  # (what a way tried below took, unless a yes says otherwise)
    if not w.fallible(rest):
        return YES
    if low == high and low > 1 and perm(len(pool), low) <= MOST_ORDERS:
        return w.first_way(ways(list(chosen)) for chosen in permutations(pool, low))
    few = [ways([])] if low == 0 else []
    if low <= 1 and (high is None or high >= 1):
        few += [ways([c]) for c in pool]
    elif len(pool) >= low:  # too many orders to try each: the first things offered, one way
        few.append(ways(pool[:low]))
    for index, (bindings, segments) in enumerate(few):
        if w.way(bindings, segments) is YES:
            w.took = None
            if question is not None and low <= 1 and len(pool) > low:  # none, or one thing, of a pick asked
                w.took = (question, None, DONE[0]) if low == 0 and index == 0 else \
                    (question, PICKED, pool[index - (low == 0)])
            return YES
    if alone is not None and low >= 1 and pool:  # each thing's body, alone: see below
        reasons = [w.way(*alone([thing])) for thing in pool]
        if all(type(reason) is str for reason in reasons):
            return nearest(reasons)
    return w.unsure(node)


def _for_each(w, envs, head, node: ForEach, rest):
    """'for each X: body': the body once per thing or player selected (counted first, as the
    handler does), by the same player."""
    count = len(select(w.ctx(envs, head), node.selector))
    return w.walk(envs, (w.then(head, node.body),) * count + rest)


def _poll(w, envs, head, node: Poll, rest):
    """A poll met on the way: one way is read, every polled player declining (a way always
    open, since saying no runs nothing); the poll then binds who did (nobody) and what they
    gave (nothing), as the handler binds them. A yes that way is sure; anything else is
    unsure (what the players do might still make it work)."""
    bound = {"__did__": [], "__polled__": polled_seats(w.ctx(envs, head), node)}
    if node.name:
        bound[node.name] = []
    found = w.walk(_bind(envs, head[0], bound), rest)
    return YES if found is YES else w.unsure(node)


def _obligation(w, envs, head, node: Obligation, rest):
    """'the player on your right must X': X, carried out by that player."""
    player = player_of(w.ctx(envs, head), node.player)
    return w.walk(envs, ((head[0], player, head[2], head[3], w.game.number(node.body), 0),) + rest)


def _for_each_in(w, envs, head, node: ForEachIn, rest):
    """'for each of the X of Name as Entry: body': the body once per entry, each bound in turn."""
    body = w.then(head, node.body)
    return w.walk(envs, _once_each(head, node.name, body, entries_of(w.ctx(envs, head), node)) + rest)


def _once_each(head: tuple, name: str, body: tuple, values) -> tuple:
    """Segments running ``body`` once per value, with ``name`` bound to each in turn."""
    loop = ()
    for value in values:
        loop += (_at(head, BIND, (head[0], {name: value})), body)
    return loop


def _one_of(w, envs, head, item):
    """The candidates of a pick of exactly one thing, in the order offered; a reason when there
    are none; None when the pick is of another shape."""
    found = _pool(w, envs, head, item)
    if type(found) is not tuple:
        return found
    pool, low, high = found
    return pool if low == high == 1 else w.unsure(item)


def _pool(w, envs, head, item):
    """(candidates in the order offered, least, most) of a pick; the reason when there are too
    few (in the pick's words); None when the pick is of a shape the walk does not read."""
    if type(item) is not Item:
        return w.unsure(item)
    ctx = w.ctx(envs, head)
    branch = _Branch(ctx.world)  # the branch's world, changed or not
    location = item.location
    ordered = False
    if location is not None and location.preposition == "from":
        if items.decks_named(branch, item, ctx):
            return w.unsure(item)  # a deck may be refilled from its discards first
        ordered = items.is_ordered_source(branch, item, ctx)
    pool = pick_pool(branch, ctx, item, head[1])
    low, high = bounds(ctx, item.quantity, len(pool))
    if len(pool) < low:
        return items.too_few(item, low, len(pool))
    if ordered:  # only the top ones are offered, the top one first (as items._start_pick offers them)
        pool = items.top_first(pool, high)
    return pool, low, high


def _adjust(w, envs, head, node: Adjust, rest):
    """Each value the player may choose, in the order offered (the current one first)."""
    current, low, high = adjust_range(w.ctx(envs, head), node)
    values = [current] + [value for value in range(low, high + 1) if value != current]
    return w.first_way(_adjust_ways(w, envs, head, node, current, high - low + 1, values, rest))


def _adjust_ways(w, envs, head, node: Adjust, current: int, span: int, values, rest):
    """For each value: the name bound to it, then the cost once per step from ``current``."""
    for value in values:
        steps = adjust_steps(current, value, span, node.wrap) if node.cost is not None else 0
        yield _bind(envs, head[0], {node.name: value}), (w.then(head, node.cost),) * steps + rest


def _call(w, envs, head, node: Call, rest):
    game = w.game
    plan = plan_of(game, game.number(node))
    subst = nouns_of(plan, head[3])
    env = _bindings(w, envs, head, plan)
    if not plan.triggered and not w.fallible(rest):  # the body decides alone: its guards, if that is all
        guards = _guards(game, plan.body)
        if guards is not None:
            return _guarded(w, envs, head, env, subst, guards)
    key = object()  # the call's own bindings
    envs = {**envs, key: env}
    body = (key, head[1], head[1], subst, plan.body, 0)
    after = ()
    if plan.triggered:  # they run after the body
        after = (_at(head, UNKNOWN if triggers_can_fail(game, plan.procedure) else CHANGES, 0),)
    return w.walk(envs, (body,) + after + rest)


def _bindings(w, envs, head, plan) -> dict:
    """The bindings a call's body starts with, read where ``head`` runs (a new dict)."""
    return bindings(plan, None if plan.plain else w.ctx(envs, head))


def _guards(game, number: int) -> tuple | None:
    """A body that only names numbers and tests conditions before steps that cannot fail
    ("let Missing be 2 minus the number of worker, then only if Missing is more than 0: gain
    Missing workers"): its lets and "only if" conditions in order, as (name, number) and
    (None, condition); None for any other body. Worked out once per body."""
    memo = game.memo["guards"]
    found = dict.get(memo, number, NOTHING)
    if found is NOTHING:
        found = memo[number] = _guard_steps(game, _steps_of(game, number))
    return found


def _steps_of(game, number: int) -> list:
    """The nodes a sequence runs one after the other (a node that is no sequence: itself)."""
    parts = game.parts.get(number)
    return [game.nodes[game.entry[part]] for part in parts] if parts else [game.nodes[game.entry[number]]]


def _guard_steps(game, queue: list) -> tuple | None:
    chain = []
    while queue:
        node, queue = queue[0], queue[1:]
        if type(node) is Let:
            chain.append((node.name, node.value))
        elif type(node) is OnlyIf:  # its body runs next
            chain.append((None, node.condition))
            queue = _steps_of(game, game.number(node.body)) + queue
        elif can_fail(game, game.number(node)) or any(can_fail(game, game.number(step)) for step in queue):
            return None
        else:
            break
    return tuple(chain)


def _guarded(w, envs, head, env: dict, subst: dict, guards: tuple):
    """The verdict on a body of guards (_guards), read as the walk reads its steps: each let
    binds its number (in ``env``, the call's own new dict), and the first condition that fails
    is the reason, in the trial's words."""
    ctx = context(dict.get(envs, WORLD) or w.rt.world, head[1], head[1], env, subst)
    for name, value in guards:
        if name is None:
            if not test(ctx, value):
                return unmet(ctx, value)
        else:
            ctx.env[name] = number(ctx, value)
    return YES


def _twice(w, envs, head, node: Twice, rest):
    """The step, then the step again (the handler runs it twice where it runs)."""
    step = w.then(head, node.step)
    return w.walk(envs, (step, step) + rest)


def _exchange(w, envs, head, node: Exchange, rest):
    return w.walk(envs, (w.then(head, node.cost), w.then(head, node.reward)) + rest)


def _move(w, envs, head, node: Move, rest):
    """Moving a bound thing to a place: it fails only when there is no such place (a place
    whose things lie in sets is left to a trial)."""
    ctx = w.ctx(envs, head)
    where = places(ctx, node.place, head[1])
    if not where:
        return f"there is no {render(node.place)}"
    if sets.rule_at(ctx.world, where[0]) is not None:
        return _into_sets(w, envs, head, thing_value(ctx, node.name), where[0], rest)
    if not w.fallible(rest):
        return YES
    envs, world = w.changed(envs)
    world.put(thing_value(ctx, node.name), where[0])
    return w.walk(envs, rest)


def _into_sets(w, envs, head, tid: str, place: str, rest):
    """Moving a thing into a place whose things lie in sets: each legal set in the order
    offered (sets.move_in), and the completion effect when it completes one."""
    world = w.ctx(envs, head).world
    if world.place_of(tid) == place:  # already there: it stays in its set
        return w.walk(envs, rest)
    options = sets.choices(world, tid, place, labels=False)
    if not options:
        return f"no set of the {world.name_of(place)} can take {world.name_of(tid)}"
    return w.first_way(_set_way(w, envs, head, tid, place, plan, rest) for _key, _label, plan in options)


def _set_way(w, envs, head, tid: str, place: str, plan: list, rest):
    """The way on after putting ``tid`` into a set by ``plan`` (on a branch copy)."""
    envs, world = w.changed(envs)
    completed = sets.put(world, tid, place, plan)
    root = w.game.effect("places", world.thing(place)[T.KIND], "sets/completion_effect")
    if completed is None or root is None:
        return envs, rest
    owner = world.thing(place)[T.OWNER]
    seat = head[1] if owner is None else owner
    key = object()  # the completion effect's own bindings
    envs[key] = {"Set": completed}
    return envs, ((key, seat, seat, NO_NOUNS, root, 0),) + rest


def _discard(w, envs, head, node: Discard, rest):
    """Discarding bound things, or one thing picked (each candidate in turn); several items:
    see _several_discarded."""
    if len(node.items) != 1:
        return _several_discarded(w, envs, head, node, rest)
    item = node.items[0]
    if type(item) is BoundItem:
        things = envs[head[0]].get(item.name)
        return _discarded(w, envs, head, things if isinstance(things, list) else [things], rest)
    found = _pool(w, envs, head, item)
    if type(found) is not tuple:
        return found
    pool, low, high = found
    ways = partial(_discarding_rest, w, envs, head, rest)
    if low == high == 1:
        return _each_one(w, ways, pool)
    return _a_few(w, item, pool, low, high, ways, rest)


def _discarding_rest(w, envs, head, rest, chosen: list):
    return _discarding(w, envs, head, chosen, rest)


def _several_discarded(w, envs, head, node: Discard, rest):
    """"discard 1 X and 3 Y": the items one after the other, as the handler picks and
    discards them. One way is read: the first things offered of each item (on the branch the
    earlier items left). Too few for the first item is a sure no (nothing before it changed
    its candidates); a yes that way is sure; anything else is unsure (other picks might work,
    or leave a later item too few)."""
    for index, item in enumerate(node.items):
        if type(item) is not Item:
            return w.unsure(node)
        found = _pool(w, envs, head, item)
        if type(found) is not tuple:
            return found if index == 0 or found is None else w.unsure(node)
        pool, low, _high = found
        envs, _rest = _discarding(w, envs, head, pool[:low], rest)
    return YES if w.walk(envs, rest) is YES else w.unsure(node)


def _discarding(w, envs, head, things: list, rest):
    """The way on after discarding ``things`` (as the discard handler does, on a branch copy)."""
    envs, world = w.changed(envs)
    branch = _Branch(world)
    for tid in things:
        if not isinstance(tid, dict):
            items.discard(branch, head[1], tid)
    return envs, rest


def _discarded(w, envs, head, things, rest):
    if not w.fallible(rest):
        return YES
    bindings, segments = _discarding(w, envs, head, things, rest)
    return w.walk(bindings, segments)


def _play(w, envs, head, node: Play, rest):
    """Playing one card picked from the candidates: each in turn is set aside and its effect
    must be carried out in full; after it, the card is discarded."""
    if len(node.items) != 1:
        return w.unsure(node)
    pool = _one_of(w, envs, head, node.items[0])
    if type(pool) is not list:
        return pool
    cards = w.ctx(envs, head).world.s["things"]
    effects = [w.game.effect("cards", cards[tid][T.CARD]) for tid in pool]
    found = w.lightest_way(pool, [0 if root is None else _weight(w.game, root) for root in effects],
                           lambda card: _playing(w, envs, head, card, rest), True)
    return _took_one(w, found, node, pool)


def _weight(game, number: int) -> int:
    """Roughly how much walking an effect takes: its nodes, with the bodies of the procedures
    it calls (worked out once per node). It only orders the ways of a pick, never decides."""
    memo = game.memo["weight"]
    found = dict.get(memo, number)
    if found is None:
        memo[number] = 1  # a procedure that calls itself
        node, found = game.nodes[number], 1
        for child in children(node):
            found += _weight(game, game.number(child))
        if type(node) is Call:
            found += _weight(game, plan_of(game, number).body)
        memo[number] = found
    return found


def _option_weights(game, node: Choice) -> list[int]:
    """The weight of each option of a choice, in order (worked out once per choice)."""
    memo, number = game.memo["option_weights"], game.number(node)
    found = dict.get(memo, number)
    if found is None:
        found = memo[number] = [_weight(game, game.number(option)) for option in node.options]
    return found


def _playing(w, envs, head, tid: str, rest):
    """The way of playing card ``tid``: set aside in a branch that borrows its tables
    (Walk.borrowed; the caller undoes it once the way is walked), its effect, then the rest."""
    envs, world = w.borrowed(envs)
    items.play_card(_Branch(world), head[1], tid)
    root = w.game.effect("cards", world.thing(tid)[T.CARD])
    key = object()  # the card's own bindings
    envs[key] = {}
    after = (_at(head, CHANGES, 0),)  # the card is discarded once its effect is done
    return envs, (((key, head[1], head[1], NO_NOUNS, root, 0),) if root is not None else ()) + after + rest


def _perform(w, envs, head, node: Perform, rest):
    """Carrying out the effect of a bound thing (a card, a space), with fresh bindings."""
    ctx = w.ctx(envs, head)
    root = w.rt.flow.effect_of_thing(_Branch(ctx.world), thing_value(ctx, node.name))
    if root is None:
        return w.walk(envs, rest)
    key = object()  # the effect's own bindings
    return w.walk({**envs, key: {}}, ((key, head[1], head[2], head[3], root, 0),) + rest)


class _Branch(Frames):
    """What the item actions read of a runtime, for a branch's own World (and the context and
    strictness of the step the walk is at). A frame stack (with no frames) only so that the
    item actions' runtime is one type, in the compiled build a C type (items.pxd)."""

    __slots__ = ("_ctx", "_strict")

    def __init__(self, world, ctx=None, strict: bool = True) -> None:
        self.world = world  # (typed: its game and state are then read from the C struct)
        self.game, self.s = self.world.game, self.world.s
        self._at_hand()
        self._ctx, self._strict = ctx, strict

    def ctx(self, frame) -> Context:
        return self._ctx

    def in_strict(self) -> bool:
        return self._strict


def _resources(w, envs, head, node, rest):
    """Gaining, paying, losing or giving amounts of resources: worked out on the branch's own
    counters (a gift of one item of things: _picked_and_moved; of several, left to a trial)."""
    ctx = w.ctx(envs, head)
    if type(node) is Gain:
        for item in node.items:
            if not _is_resource_item(ctx, item):
                return _gain_things(w, envs, head, node, rest)
    changes = []
    for item in node.items:
        if type(item) is not Item or item.filters or item.location is not None:
            return w.unsure(node)
        noun = noun_named(ctx, item)
        if not is_resource(noun):
            if type(node) is Give and len(node.items) == 1:  # a gift of things picked
                return _picked_and_moved(w, envs, head, item, rest, player_of(ctx, node.player))
            return w.unsure(node)
        changes.append((counter_owner(w.game, noun.id, head[1]), noun.id, items.amount(ctx, node, item)))
    verb = RESOURCE_VERBS[type(node)]
    target = player_of(ctx, node.player) if verb == "give" else None
    if verb != "gain":
        world = ctx.world
        owner, resource, amount = changes[0]  # (unpacked: a star call would be a Python call)
        short = world.shortfall(owner, resource, amount, verb)  # the first one is taken from the state as it is
        if short is not None:
            return short
        if not w.fallible(rest):  # the last thing that could fail: no copy needed
            if len(changes) == 1:
                return YES
            for owner, resource, amount in changes[1:]:
                short = world.shortfall(owner, resource, amount, verb)
                if short is not None:
                    return short
    if len(changes) == 1 and not _read_ahead(w, rest, changes[0][1]):
        return w.walk(envs, rest)  # (a payment: its shortfall read above; a gain cannot fail)
    envs, world = w.changed(envs)
    for owner, resource, amount in changes:
        if verb == "gain":
            world.add(owner, resource, amount)
        else:
            world.remove(owner, resource, amount, verb)
            if verb == "give":
                world.add(target, resource, amount)
    return w.walk(envs, rest)


def _read_ahead(w, segments: tuple, resource: str) -> bool:
    """Whether a step the walk can still reach in ``segments`` could read or change the counter
    of ``resource`` (reads.py): the steps up to the last one that could fail, since past it the
    walk answers yes without reading on. A mark is read as the walk reads it: bindings and a
    repeat that may stop read nothing; a change it cannot read (CHANGES, UNKNOWN) ends the
    walk's reading there, with yes or unsure."""
    game = w.game
    for index in range(len(segments)):
        head = segments[index]
        number = head[4]
        if number < 0:
            if number == BIND or number == STOPPABLE:
                continue
            return False
        steps, fails, later = game.runs[number], steps_fail(game, number), None
        for at in range(head[5], len(steps)):
            if not fails[at]:  # nothing left here could fail: only a later segment could
                if later is None:
                    later = w.fallible(segments[index + 1:])
                if not later:
                    return False
            if reads(game, game.entry[steps[at]], resource):
                return True
    return False


def _draw(w, envs, head, node: Draw, rest):
    """Drawing cards: the deck's top cards (the discard pile shuffled in when it runs out, by
    the state's own random state), taken on the branch's own copy as the draw handler does.
    When nothing after it can fail, enough cards in the deck and its pile is a yes."""
    ctx = w.ctx(envs, head)
    wanted = []
    for item in node.items:
        if type(item) is not Item or item.filters or item.location is not None:
            return w.unsure(node)
        noun = noun_named(ctx, item)
        decks = items.decks_for(w.rt, noun)
        if is_resource(noun) or len(decks) != 1:
            return w.unsure(node)
        wanted.append((noun, decks[0], items.amount(ctx, node, item)))
    if len(wanted) == 1 and not w.fallible(rest):
        _noun, deck, count = wanted[0]
        if _drawable(ctx.world, deck, items.refill_pile(w.game, deck)) >= count:
            return YES
    envs, world = w.changed(envs)
    branch = _Branch(world)
    for noun, _deck, count in wanted:
        items.draw(branch, head[1], noun, count)  # Infeasible (in the handler's words) when the deck runs out
    return w.walk(envs, rest)


def _is_resource_item(ctx, item) -> bool:
    return type(item) is Item and is_resource(noun_named(ctx, item))


def _gain_things(w, envs, head, node: Gain, rest):
    """Gaining pieces (from a reserve, or new tokens placed by their slot rule), bound things,
    and amounts of resources, item by item as the gain handler does, on the branch's own copy
    of the state."""
    ctx = w.ctx(envs, head)
    pieces = [item for item in node.items if type(item) is Item and not _is_resource_item(ctx, item)]
    if pieces and (node.per is not None or not w.strict):
        return w.unsure(node)  # only inside a region that must be completed does a full slot rule fail
    envs, world = w.changed(envs)
    ctx = w.ctx(envs, head)
    branch, seat = _Branch(world, ctx, w.strict), head[1]
    for item in node.items:
        if type(item) is BoundItem:
            things = ctx.env.get(item.name)
            for tid in things if isinstance(things, list) else [things]:
                if not isinstance(tid, dict):
                    items.gain_existing(branch, seat, tid)
        elif _is_resource_item(ctx, item):
            noun = noun_named(ctx, item)
            world.add(counter_owner(w.game, noun.id, seat), noun.id, items.amount(ctx, node, item))
        else:
            gaining = effect_frame(None, "root", seat, seat, "")  # (only its acting seat is read)
            items.gain_things(branch, gaining, item, noun_named(ctx, item), items.amount(ctx, node, item))
    return w.walk(envs, rest)


RESOURCE_VERBS = {kind: items.VERBS[kind] for kind in (Gain, Pay, Lose, Give)}


def _set(w, envs, head, node: Set, rest):
    """Setting an attribute of a thing, on the branch's own copy of the thing."""
    ctx = w.ctx(envs, head)
    tid = thing_value(ctx, node.name)
    value = number(ctx, node.value)
    if slot_taken(ctx.world, tid, node.attribute, value):
        return w.walk(envs, rest)
    envs, world = w.changed(envs)
    world.set_attribute(tid, node.attribute, value)
    return w.walk(envs, rest)


def _repeat(w, envs, head, node: Repeat, rest):
    """A repeat run once or not at all; or one whose runs after the first are optional: one run
    and a stop is then a way (STOPPABLE: when it fails, other numbers of runs might not)."""
    times = node.times
    quantity = envs[head[0]].get(times.name) if type(times) is Var else None
    body = w.then(head, node.body)
    if type(quantity) is dict:
        least, most = repeat_bounds(quantity)
        if quantity["mode"] in OPEN_QUANTITIES:
            if least != 1 or most == 0:
                return w.unsure(node)
            return w.walk(envs, (body, _at(head, STOPPABLE, 0)) + rest)
    else:
        most = number(w.ctx(envs, head), times)
    if most == 0:
        return w.walk(envs, rest)
    if most == 1:
        return w.walk(envs, (body,) + rest)
    return w.unsure(node)


ANSWERS = {  # the decisions whose answers the walk reads
    Adjust: _adjust_answers,
    Move: _move_answers,
    Choice: _choice_answers,
    May: _may_answers,
    Pick: _pick_answers,
    ForEachOf: _pick_answers,
    Play: _play_answers,
    Repeat: _repeat_answers,
    Poll: _poll_answers,
    Discard: _moving_answers,
    Take: _moving_answers,
    Give: _moving_answers,
}

CHECKS = {  # the steps the walk sees through; any other step that could fail makes it unsure
    Adjust: _adjust,
    Let: _let,
    OnlyIf: _only_if,
    Conditional: _conditional,
    Choice: _choice,
    May: _may,
    Bound: _bound,
    ForEach: _for_each,
    Obligation: _obligation,
    Poll: _poll,
    ForEachOf: _for_each_of,
    ForEachIn: _for_each_in,
    Call: _call,
    Gain: _resources,
    Pay: _resources,
    Lose: _resources,
    Give: _resources,
    Set: _set,
    Repeat: _repeat,
    Draw: _draw,
    Exchange: _exchange,
    Twice: _twice,
    Move: _move,
    Discard: _discard,
    Take: _take,
    Play: _play,
    Perform: _perform,
}
