# Declarations for the compiled build only (setup.py): copy_data calls itself for every
# dict and list inside a state, so the compiled build makes it a C function whose recursive
# calls skip Python's calling convention. The plain Python module ignores this file.
cimport cython
from engine.interp.numbered cimport decision_id, env_key
from engine.interp.frames cimport Frames, effect_frame
cimport engine.interp.cslots as F
from engine.interp.game cimport Game
from engine.interp.flow cimport Flow

cpdef object copy_data(object value)

# The patched functions' modules' dicts (runtime.py), read as dicts
cdef dict NEEDS, VERDICT

# Run's loop, of typed arguments: the state, frames and tables read as a dict and lists
@cython.locals(frame=list, at=Py_ssize_t)
cpdef object _steps(Frames rt, dict state, list frames, list nodes, list handlers, dict routines)

# The fallibility readers the loop calls at every step, as C functions (settled and
# sure_options stay Python calls: tests patch them in this module).
from engine.interp.fallible cimport can_fail, frames_fail, fresh
from engine.interp.verdict cimport lightest_first
from engine.interp.needs cimport unaffordable  # (no test patches it: a C call)

# A decision's prompt in words (made by its function only for a decision really asked)
cpdef object _words(object prompt)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _explore(Game game, object state, object flow, object depth, object budget, object nesting=*)

# The steps run at every handler call or question, and the feasibility checks: C methods of
# Runtime's C base (those Frames declares too override its own, frames.pxd). Runtime stays a
# Python class: a method a test patches there is found by the C method, and called instead.
cdef class OptionJudge  # (declared below: a question's judge)

cdef class Steps(Frames):
    @cython.locals(runner=Flow)
    cpdef object run(self)
    @cython.locals(pending=dict, s=dict)
    cpdef object ask(self, list frame, object player, object prompt, object options, object source=*,
                     object checked=*, object why_not=*, object open=*, object judged_by=*, object judge=*,
                     object ways=*)
    cpdef object forced_answer(self, object options)
    @cython.locals(frames=list, depth=Py_ssize_t, region=list)
    cpdef bint unasked(self, list frame, object node)
    cpdef object answer(self, object key)
    @cython.locals(verdicts=dict, shown=list, excluded=dict, unjudged=list, judging=OptionJudge)
    cpdef object _judge_enough(self, object options, object way=*)
    cpdef object option_judge(self, object options, object way=*)
    cpdef object can_do(self, object root, object seat, object source, object prepare=*, object took=*)
    cpdef object can_do_by_trial(self, object roots, object seat, object source, object prepare=*)
    cpdef object can_carry_out(self, list frame, object node)
    cpdef object carry_out_by_trial(self, list frame, object number)
    cpdef dict _trial_copy(self, object keep)
    cpdef object try_option(self, object key, object depth)

@cython.locals(handlers=list, nodes=list)
cpdef object _run_probe(Frames rt)
cpdef object _unwind(Frames rt, object failure)

# The judge of a question's options, whose fields are read from the C struct at every option judged
@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class OptionJudge:
    cdef public Steps rt
    cdef public object options, sure, given, refused, paid, walk
    cdef public Py_ssize_t depth
    cdef public dict read

    cpdef object of(self, object key, object settle, object words)
