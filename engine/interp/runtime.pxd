# Declarations for the compiled build only (setup.py): copy_data calls itself for every
# dict and list inside a state, so the compiled build makes it a C function whose recursive
# calls skip Python's calling convention. The plain Python module ignores this file.
cpdef object copy_data(object value)

# The fallibility readers the loop calls at every step, as C functions (settled and
# sure_options stay Python calls: tests patch them in this module).
from engine.interp.fallible cimport can_fail, fresh
