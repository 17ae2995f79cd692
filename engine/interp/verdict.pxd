# Declarations for the compiled build only (setup.py): Cython makes the walk's classes C
# types whose fields are read without a dictionary lookup, and the step budget a C integer.
# The plain Python module ignores this file. Every attribute these classes set must be
# declared here (tests/test_compiled_declarations.py).
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
cimport cython

from engine.effects.ast cimport (Bound, Choice, Conditional, Discard, Draw, Exchange, ForEach, ForEachIn, Gain, Item,
                                 Let, Location, Move, Obligation, OnlyIf, Perform, Poll, Repeat, Set, Take, Twice)

from engine.interp.frames cimport Frames, bound_values, effect_frame
cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T
from engine.interp.game cimport Game
from engine.interp.world cimport World, borrowing
# The values' readers and the handlers' helpers this module calls most, as C functions: the call
# skips the lookup of the name and Python's calling convention (none of them is patched by a test).
from engine.interp.handlers cimport adjust_range, adjust_steps, entries_of
from engine.interp.calls cimport CallPlan, bindings, nouns_of, plan_of
from engine.interp.items cimport bounds, pick_pool, slot_taken
from engine.interp.reads cimport reads
from engine.interp.fallible cimport can_fail, rest_fails, steps_fail, steps_fail_knowing, triggers_can_fail
from engine.interp.flow cimport Flow
# (the modules as the .py imports them: a call ``items.name(...)`` of a function declared
# there is a C call, not a read by name of the module's attribute and a Python call)
cimport engine.interp.items as items
cimport engine.interp.sets as sets
from engine.interp.values cimport (Context, context, counter_owner, is_resource, noun_named, number, places, player_of,
                                   polled_of, polled_seats, reads_as_bound, select, test, thing_value, unmet)

cdef class Walk:
    cdef public Game game
    cdef public Frames rt
    cdef public object stuck, strict, _last, took, chose
    cdef public list _fails, _checks
    cdef public long left

    cpdef object verdict(self, dict envs, tuple segments)
    cpdef object verdict_of(self, object ways)
    # typed locals: a segment's head and a sequence's steps are read from the tuple itself
    @cython.locals(head=tuple, steps=tuple, runs=list, entry=list, nodes=list, checks=list, at=Py_ssize_t)
    cpdef object walk(self, dict envs, tuple segments)
    @cython.locals(head=tuple, steps=tuple, at=Py_ssize_t)
    cpdef object fallible(self, tuple segments)
    cpdef Context ctx(self, dict envs, tuple head)
    @cython.locals(world=World, state=dict)  # (the copy made by the dict's own copy)
    cpdef object changed(self, dict envs)
    @cython.locals(mine=World)
    cpdef object borrowed(self, dict envs)
    cpdef object borrowed_way(self, dict envs, tuple segments)
    cpdef object then(self, tuple head, object node)
    cpdef object way(self, dict envs, tuple segments)
    cpdef object first_way(self, object ways)

cdef class _Branch(Frames):
    cdef public object _ctx, _strict

    cpdef Context ctx(self, list frame)
    cpdef object in_strict(self)

# The walk's helpers that its steps call most, as C functions, so that a call inside this
# module skips Python's calling convention (a call from another module still goes through the
# Python function). (A function with a closure, a lambda or a generator expression cannot be
# cpdef.)
@cython.locals(shown=tuple, lightest=tuple, places=tuple, index=Py_ssize_t, game=Game, memo=dict)
cpdef object lightest_first(Frames rt, object options)
# the bodies of the functions tests patch (can_do, carried_out, answers), of a typed runtime and walk
@cython.locals(walk=Walk)
cpdef object _can_do(Frames rt, list roots, object seat, object prepare, object took)
@cython.locals(walk=Walk)
cpdef object _carried_out(Frames rt, list frame, object number)
cpdef object _answers(Frames rt, object depth)
cpdef object _head(list frame)
cpdef object _at(tuple head, object number, object step)
@cython.locals(changed=dict, env=dict)
cpdef object _bind(dict envs, object key, dict values)
cpdef object _once_each(tuple head, object name, object body, object values)
cpdef object _weight(Game game, object number)
cpdef object _option_weights(Game game, Choice node)
cpdef object _is_resource_item(Context ctx, object item)
cpdef object _plain_draw(Frames rt, object root)
cpdef object _drawable(World world, object deck, object pile)
cpdef object _option_draws(Frames rt, object number)
cpdef object _option_guards(Frames rt, object number)
cpdef object _option_plans(Frames rt, object number, object table, object planner)
cpdef object _draw_plan(Frames rt, object option)
@cython.locals(plan=CallPlan)
cpdef object _guard_plan(Frames rt, object option)

# The walk's steps (its table, CHECKS, calls them as Python functions) and their helpers that
# have no closure, as C functions of a typed walk: its fields and C methods are reached without
# a lookup by name, and the calls among them skip Python's calling convention.
cpdef object _let(Walk w, dict envs, tuple head, Let node, tuple rest)
@cython.locals(first=tuple, memo=dict)
cpdef object _sure_knowing(Walk w, tuple rest, object name, object value)
cpdef object _only_if(Walk w, dict envs, tuple head, OnlyIf node, tuple rest)
cpdef object _conditional(Walk w, dict envs, tuple head, Conditional node, tuple rest)
cpdef object _take(Walk w, dict envs, tuple head, Take node, tuple rest)
cpdef object _moving(Walk w, dict envs, tuple head, object things, object seat, tuple rest)
cpdef object _revealed(Walk w, dict envs, tuple head, Bound node, tuple rest)
@cython.locals(found=Py_ssize_t, each=Py_ssize_t)
cpdef object _reveal_assures(Walk w, dict envs, tuple head, Bound node, tuple rest)
@cython.locals(steps=tuple)
cpdef object _segment_node(Walk w, tuple segment)
cpdef object _for_each(Walk w, dict envs, tuple head, ForEach node, tuple rest)
cpdef object _poll(Walk w, dict envs, tuple head, Poll node, tuple rest)
cpdef object _obligation(Walk w, dict envs, tuple head, Obligation node, tuple rest)
cpdef object _for_each_in(Walk w, dict envs, tuple head, ForEachIn node, tuple rest)
cpdef object _one_of(Walk w, dict envs, tuple head, object item)
@cython.locals(location=Location)
cpdef object _pool(Walk w, dict envs, tuple head, Item item)
cpdef object _adjust(Walk w, dict envs, tuple head, object node, tuple rest)
@cython.locals(plan=CallPlan)
cpdef object _call(Walk w, dict envs, tuple head, object node, tuple rest)
cpdef dict _bindings(Walk w, dict envs, tuple head, CallPlan plan)
cpdef object _guarded(Walk w, dict envs, tuple head, dict env, object subst, object guards)
@cython.locals(plan=CallPlan)
cpdef object _guarded_call(Walk w, dict envs, tuple head, object call, object guards)
cpdef object _twice(Walk w, dict envs, tuple head, Twice node, tuple rest)
cpdef object _exchange(Walk w, dict envs, tuple head, Exchange node, tuple rest)
cpdef object _move(Walk w, dict envs, tuple head, Move node, tuple rest)
cpdef object _set_way(Walk w, dict envs, tuple head, object tid, object place, object plan, tuple rest)
cpdef object _several_discarded(Walk w, dict envs, tuple head, Discard node, tuple rest)
cpdef object _discarding(Walk w, dict envs, tuple head, object things, tuple rest)
cpdef object _discarded(Walk w, dict envs, tuple head, object things, tuple rest)
cpdef object _playing(Walk w, dict envs, tuple head, object tid, tuple rest)
cpdef object _perform(Walk w, dict envs, tuple head, Perform node, tuple rest)
@cython.locals(ctx=Context, world=World)
cpdef object _resources(Walk w, dict envs, tuple head, object node, tuple rest)
@cython.locals(game=Game, index=Py_ssize_t, at=Py_ssize_t)
cpdef object _read_ahead(Walk w, tuple segments, object resource)
cpdef object _draw(Walk w, dict envs, tuple head, Draw node, tuple rest)
cpdef object _gain_things(Walk w, dict envs, tuple head, Gain node, tuple rest)
cpdef object _set(Walk w, dict envs, tuple head, Set node, tuple rest)
cpdef object _repeat(Walk w, dict envs, tuple head, Repeat node, tuple rest)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _plain_draw_of(Frames rt, object root)
@cython.locals(runner=Flow)
cpdef object _below(Frames rt, object frames, object depth)
cpdef object _finished(Game game, object frame, object node)
cpdef object _guards(Game game, object number)
cpdef object _steps_of(Game game, object number)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _discarding_way(Walk w, object envs, object head, object after, object name, object chosen)
cpdef object _moving_way(Walk w, object envs, object head, object seat, object after, object name, object chosen)
cpdef object _moving_rest(Walk w, object envs, object head, object seat, object rest, object chosen)
cpdef object _discarded_as(Walk w, object envs, object head, object node, object rest)
cpdef object _discarded_bound(Walk w, object envs, object head, object name, object rest, object tid)
cpdef object _took_one(Walk w, object found, object question, object pool)
cpdef object _discarding_rest(Walk w, object envs, object head, object rest, object chosen)

# The judge of a choice's options the walk reads, whose fields are read from the C struct at
# every option judged (_choice_answers makes it)
cpdef object _choice_answers(Walk w, list frames, object depth, Choice node)
@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class _ChoiceJudge:
    cdef public Walk w
    cdef public Choice node
    cdef public dict envs
    cdef public tuple head, below
    cdef public list chosen
    cdef public object draws, guards
    cdef public dict indexes

    @cython.locals(w=Walk, node=Choice, envs=dict, head=tuple, below=tuple)
    cpdef object judge(self, object key)

# Likewise the judge of a pick's answers (_pick_answers makes it)
cpdef object _pick_answers(Walk w, list frames, object depth, object node)
@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class _PickJudge:
    cdef public Walk w
    cdef public list top
    cdef public dict things
    cdef public list picked
    cdef public object least, most, finish

    @cython.locals(w=Walk, top=list)
    cpdef object judge(self, object key)
