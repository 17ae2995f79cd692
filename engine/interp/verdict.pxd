# Declarations for the compiled build only (setup.py): Cython makes the walk's classes C
# types whose fields are read without a dictionary lookup, and the step budget a C integer.
# The plain Python module ignores this file. Every attribute these classes set must be
# declared here (tests/test_compiled_declarations.py).
cdef class Walk:
    cdef public object rt, game, stuck, strict
    cdef public long left
    # The walk's own steps call each other as C methods (not looked up by name).
    cpdef object walk(self, object envs, object segments)
    cpdef object fallible(self, object segments)
    cpdef object way(self, object envs, object segments)
    cpdef object first_way(self, object ways)
    cpdef object verdict_of(self, object ways)
    cpdef object ctx(self, object envs, object head)
    cpdef object then(self, object head, object node)

cdef class _Branch:
    cdef public object world, game, s, _ctx, _strict
