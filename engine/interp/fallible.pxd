# Declarations for the compiled build only (setup.py): the fallibility readers that call one
# another at every question, as C functions, so that a call inside this module skips Python's
# calling convention (a call from another module still goes through the Python function). The
# plain Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.) Their game is typed (game.pxd): its tables are C fields.
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
cimport cython
from engine.interp.numbered cimport value_key

from engine.interp.game cimport Game
from engine.interp.calls cimport CallPlan, fixed_numbers, plan_of

cimport engine.interp.cslots as F

cpdef bint fresh(list frame)

cpdef object can_fail(Game game, object number)
cpdef object deciding_part(Game game, object number)
cpdef object _fails(Game game, object node)
cpdef object _item_fails(Game game, object verb, object item)
@cython.locals(at=Py_ssize_t)
cpdef object sure_options(Game game, list frames, object depth, object options, object routine_rest_fails)
cpdef object _failing_answers(Game game, object number, object node)
cpdef object _sure_choice_keys(Game game, object number, object failing)
cpdef object below_top_fails(Game game, list frames, object depth, object routine_rest_fails)
@cython.locals(frame=list)
cpdef object frames_fail(Game game, list frames, object routine_rest_fails)
cpdef object settled(Game game, list frames, object depth, object routine_rest_fails)
@cython.locals(at=Py_ssize_t, kept=dict)
cpdef object rest_fails(Game game, list frame)
cpdef object sequence_rest_fails(Game game, object number, object step)
@cython.locals(known=list, at=Py_ssize_t)
cpdef object steps_fail(Game game, object number)
cpdef object steps_fail_knowing(Game game, object number, object step, object known)
cpdef object _parts_fail_knowing(Game game, object parts, dict known, frozenset calls)
cpdef object triggers_can_fail(Game game, object what)
cpdef object _items_rest_fails(Game game, list frame, object node, object start)
cpdef object _answer_fails(Game game, list frame, object node)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _assured(Game game, object node)
cpdef object _self_region(Game game)
cpdef object _binds_one(Game game, object body, object name)
cpdef object _call_fails(Game game, object number)
@cython.locals(plan=CallPlan, inner=dict)
cpdef object _call_fails_knowing(Game game, object number, dict known, frozenset calls)
