# Declarations for the compiled build only (setup.py): the engine, the door every player goes
# through at every answer, is a C type whose fields are read from the C struct, and the methods
# apply calls are C methods (cpdef): a call on ``self`` skips Python's lookup by name and calling
# convention. The plain Python module ignores this file. Every attribute Engine sets must be
# declared here (tests/test_compiled_declarations.py). (A method with a closure, like
# _open_judge, cannot be cpdef.)
cimport cython
from engine.interp.runtime cimport Steps  # (a run: its steps are C methods)
from engine.interp.game cimport Game
from engine.interp.decisions cimport Decision, decision_from_data

@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class Engine:
    cdef public Game game
    cdef public object flow, packs, _last
    cdef public Steps _kept
    cdef dict __dict__  # (a caller may still set an attribute of its own: a test wraps view)

    @cython.locals(known=Decision)
    cpdef object decision(self, object state)
    @cython.locals(decision=Decision, runtime=Steps)  # (its reason read by its C method; the run answers by its own)
    cpdef object apply(self, object state, object key, object in_place=*)
    cpdef object _hand_on(self, object state, Steps runtime)
    cpdef object _runtime(self, object state)
    @cython.locals(kept=Steps)
    cpdef object _in_place(self, object state)
    cpdef object _sharing(self, object state)
