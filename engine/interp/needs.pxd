# Declarations for the compiled build only (setup.py): what a question's answers need, read at
# every question, as C functions, so that a call inside this module skips Python's calling
# convention (a call from another module still goes through the Python function). The plain
# Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.)

cpdef object short(object rt, object wanted, object seat, object times=*)
cpdef dict _steps_by_key(object game, object start, object span, object wrap)

# The values' readers and the handlers' helpers this module calls, as C functions (none of them
# is patched by a test).
from engine.interp.values cimport counter_owner, is_resource
from engine.interp.handlers cimport adjust_steps, call_nouns
