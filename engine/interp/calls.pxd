# Declarations for the compiled build only (setup.py): a call's plan as a C type, its fields read
# from the C struct by the handlers and the walk, and its functions as C functions. The plain
# Python module ignores this file. Every attribute CallPlan sets must be declared here
# (tests/test_compiled_declarations.py).
cimport cython
from engine.interp.game cimport Game
from engine.interp.values cimport Context, number


@cython.final  # (no subclass: its fields are read with no test for an override)
cdef class CallPlan:
    cdef readonly object procedure, result, count, mode, noun, narrower
    cdef readonly Py_ssize_t body
    cdef readonly bint triggered, plain
    cdef readonly dict fixed
    cdef readonly tuple reads


@cython.locals(plans=dict, plan=CallPlan)
cpdef CallPlan plan_of(Game game, Py_ssize_t number)
cpdef dict bindings(CallPlan plan, Context ctx)
cpdef dict nouns_of(CallPlan plan, dict nouns)
cpdef dict fixed_numbers(CallPlan plan)
cpdef tuple _bindings_fixed(object resolved)
