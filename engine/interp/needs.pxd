# Declarations for the compiled build only (setup.py): what a question's answers need, read at
# every question, as C functions, so that a call inside this module skips Python's calling
# convention (a call from another module still goes through the Python function). The plain
# Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.)
cimport cython
from engine.interp.frames cimport Frames
cimport engine.interp.cslots as F
from engine.interp.game cimport Game

cpdef object short(Frames rt, object wanted, object seat, object times=*)
# (tests patch refusal in this module: the runtime calls it through the module, as needs.refusal)
cpdef object refusal(Frames rt)
# (and paid_for: what it reads is read by this C function of a typed runtime)
cpdef object _plain_refusal(Frames rt, object depth, object refused)
cpdef object _decided_refusal(Frames rt, object depth, object refused)

# paid_for's judge of a "choose one", made at every question it reads: a C type of fields
cdef class _Decided:
    cdef public object rt, keys, refused
# (and the words of a value it refuses, read off the counter: runtime.OptionJudge calls it through the module)
cpdef object plain_shortfall(Frames rt, object key)
cpdef dict _steps_by_key(Game game, object start, object span, object wrap)
# (and what a question lacks before its frame is made: the runtime calls it through the module)
cpdef object unaffordable(Frames rt, object node, object seat)

# The values' readers and the handlers' helpers this module calls, as C functions (none of them
# is patched by a test).
from engine.interp.values cimport counter_owner, is_resource
from engine.interp.handlers cimport adjust_steps
from engine.interp.calls cimport CallPlan, nouns_of, plan_of
from engine.interp.fallible cimport below_top_fails, can_fail
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _read(Game game, object node, object subst, object ways, object calls, object count, object after)
@cython.locals(plan=CallPlan)
cpdef object _call(Game game, object node, object subst, object ways, object calls, object after)
cpdef object _split(Game game, object node, object subst, object ways, object going, object calls, object count,
                    object after)
cpdef object _counters(Game game, object node, object subst, object way)
cpdef object _ceiling(Game game, object condition, object subst, object way)
cpdef object _may_needs(Game game, object node)
cpdef object _answer_needs(Game game, object number, object node, object read)
cpdef object _adjust_needs(Game game, object node)
cpdef object _plain_payment(Game game, object cost)
