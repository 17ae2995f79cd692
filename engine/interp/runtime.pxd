# Declarations for the compiled build only (setup.py): copy_data calls itself for every
# dict and list inside a state, so the compiled build makes it a C function whose recursive
# calls skip Python's calling convention. The plain Python module ignores this file.
cimport cython
from engine.interp.numbered cimport decision_id, env_key
from engine.interp.frames cimport Frames
from engine.interp.game cimport Game

cpdef object copy_data(object value)

# Run's loop, of typed arguments: the state, frames and tables read as a dict and lists
@cython.locals(frame=dict, at=Py_ssize_t)
cpdef object _steps(Frames rt, dict state, list frames, list nodes, dict table, dict routines)

# The fallibility readers the loop calls at every step, as C functions (settled and
# sure_options stay Python calls: tests patch them in this module).
from engine.interp.fallible cimport can_fail, fresh
from engine.interp.verdict cimport lightest_first

# A decision's prompt in words (made by its function only for a decision really asked)
cpdef object _words(object prompt)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _explore(Game game, object state, object flow, object depth, object budget, object nesting=*)

# The steps run at every handler call or question, of a typed runtime (bound to Runtime as its
# methods, where tests patch them)
cpdef object _run(Frames rt)
cpdef object _run_probe(Frames rt)
cpdef object _unwind(Frames rt, object failure)
cpdef object _ask(Frames rt, dict frame, object player, object prompt, object options, object source=*,
                  object checked=*, object why_not=*, object open=*, object judged_by=*, object judge=*,
                  object ways=*)
cpdef object _forced_answer(Frames rt, object options)
cpdef object _answer(Frames rt, object key)
@cython.locals(verdicts=dict, shown=list, excluded=dict, unjudged=list)
cpdef object _judge_enough(Frames rt, object options, object way=*)
cpdef object _option_judge(Frames rt, object options, object way=*)

# The judge of a question's options, whose fields are read from the C struct at every option judged
@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class OptionJudge:
    cdef public Frames rt
    cdef public object options, sure, given
    cdef public Py_ssize_t depth
    cdef public dict made, read
