# Declarations for the compiled build only (setup.py): copy_data calls itself for every
# dict and list inside a state, so the compiled build makes it a C function whose recursive
# calls skip Python's calling convention. The plain Python module ignores this file.
cimport cython
from engine.interp.game cimport Game

cpdef object copy_data(object value)

# Run's loop, of typed arguments: the state, frames and tables read as a dict and lists
@cython.locals(frame=dict, at=Py_ssize_t)
cpdef object _steps(object rt, dict state, list frames, list nodes, dict table, dict routines)

# The fallibility readers the loop calls at every step, as C functions (settled and
# sure_options stay Python calls: tests patch them in this module).
from engine.interp.fallible cimport can_fail, fresh

# A decision's prompt in words (made by its function only for a decision really asked)
cpdef object _words(object prompt)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _explore(Game game, object state, object flow, object depth, object budget, object nesting=*)
