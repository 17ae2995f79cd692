# Declarations for the compiled build only (setup.py): Cython makes the walk's classes C
# types whose fields are read without a dictionary lookup, and the step budget a C integer.
# The plain Python module ignores this file. Every attribute these classes set must be
# declared here (tests/test_compiled_declarations.py).
cdef class Walk:
    cdef public object rt, game, stuck, strict
    cdef public long left

cdef class _Branch:
    cdef public object world, game, s, _ctx, _strict
