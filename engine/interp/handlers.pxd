# Declarations for the compiled build only (setup.py): the handlers' helpers, as C functions,
# so that a call inside this module skips Python's calling convention (the handlers themselves
# are called through the table, and a call from another module goes through the Python
# function). The plain Python module ignores this file. (A function with a closure, a lambda
# or a generator expression cannot be cpdef.)
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
cimport cython
from engine.interp.numbered cimport seat_name
from engine.interp.values cimport Context
from engine.effects.ast cimport (Adjust, Bound, Choice, Conditional, Exchange, ForEach, ForEachIn, ForEachOf,
                                 IfPossible, Let, May, Move, Obligation, OnlyIf, Pay, Perform, Repeat, Set, Twice)

cpdef object adjust_range(Context ctx, Adjust node)
cpdef object adjust_steps(object start, object end, object span, object wrap)

# The handlers (the table calls them as Python functions) and their helpers that have no
# closure, as C functions of a typed runtime and frame: the runtime's fields (Frames) and the
# frame's keys are read without a lookup by name.
from engine.interp.frames cimport Frames, bind_into, first_off, take
cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T
from engine.interp.game cimport Game
# The values' readers this module calls most, as C functions: the call skips the lookup of the
# name and Python's calling convention (none of them is patched by a test).
from engine.interp.values cimport (number, player_of, polled_of, polled_seats, seats_named, select, test,
                                   thing_value, unmet, variable_number)
from engine.interp.labels cimport label_names, option_label, with_values
from engine.interp.items cimport slot_taken
from engine.interp.flow cimport Flow
from engine.interp.calls cimport CallPlan, bindings, nouns_of, plan_of
# (the modules as the .py imports them: a call ``items.name(...)`` of a function declared
# there is a C call, not a read by name of the module's attribute and a Python call)
cimport engine.interp.items as items
cimport engine.interp.sets as sets

@cython.locals(parts=tuple, step=Py_ssize_t, last=Py_ssize_t)  # (a sequence's steps: read from the tuple itself)
cpdef object _sequence(Frames rt, list f, object node)
cpdef object _exchange(Frames rt, list f, Exchange node)
cpdef object _bound(Frames rt, list f, Bound node)
cpdef object _may(Frames rt, list f, May node)
cpdef object _may_now(Frames rt, list f, May node)
cpdef object _adjust_now(Frames rt, list f, Adjust node)
@cython.locals(kept=dict)
cpdef object _repeat(Frames rt, list f, Repeat node)
cpdef object _bound_now(Frames rt, list f, Bound node)
cpdef object _twice(Frames rt, list f, Twice node)
cpdef object _let(Frames rt, list f, object node)
cpdef object _let_now(Frames rt, list f, Let node)
@cython.locals(kept=dict)
cpdef object _adjust(Frames rt, list f, Adjust node)
cpdef object _value_keys(Game game, object current, object low, object high)
cpdef list _values(object current, object low, object high)
cpdef object _adjust_label(Frames rt, Adjust node, object value, object steps)
cpdef object _ask_value(Frames rt, list f, object node, object current, object low, object high)
cpdef tuple _value_asked(Frames rt, Adjust node, object current, object low, object high, object probing)
cpdef object _cost_words(Frames rt, object cost, object times)
cpdef object _cost_text(Frames rt, Pay cost, object times)
cpdef object _set(Frames rt, list f, object node)
cpdef object _set_now(Frames rt, list f, Set node)
cpdef object _choice(Frames rt, list f, Choice node)
cpdef object _ask_option(Frames rt, list f, object node)
cpdef tuple _choice_asked(Choice node, tuple keys, object probing, list chosen, dict env)
cpdef tuple _label_names(Game game, object number)
cpdef object _shown_number(object value)
cpdef object _run_chosen(Frames rt, list f, Choice node)
cpdef object _conditional(Frames rt, list f, object node)
cpdef object _conditional_now(Frames rt, list f, Conditional node)
cpdef object _if_possible(Frames rt, list f, IfPossible node)
cpdef object _only_if(Frames rt, list f, object node)
cpdef object _only_if_now(Frames rt, list f, OnlyIf node)
@cython.locals(kept=dict)
cpdef object _for_each(Frames rt, list f, ForEach node)
cpdef object _for_each_of(Frames rt, list f, ForEachOf node)
cpdef object _for_each_in(Frames rt, list f, ForEachIn node)
cpdef object _next_iteration(Frames rt, list f, object name, object body)
cpdef object _obligation(Frames rt, list f, Obligation node)
cpdef object _move(Frames rt, list f, Move node)
cpdef object _move_now(Frames rt, list f, Move node)
@cython.locals(runner=Flow)
cpdef object _perform(Frames rt, list f, Perform node)
@cython.locals(runner=Flow)
cpdef object _pass(Frames rt, list f, object node)
@cython.locals(runner=Flow, plan=CallPlan, kept=dict)
cpdef object _call(Frames rt, list f, object node)
@cython.locals(plan=CallPlan, fields=dict)
cpdef object _call_now(Frames rt, list f, object node)
cpdef dict _call_fields(Frames rt, list f, CallPlan plan)
cpdef object _call_result(Frames rt, list f)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object entries_of(Context ctx, object node)
