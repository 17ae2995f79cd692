# Declarations for the compiled build only (setup.py): Cython makes World a C type whose
# fields are read without a dictionary lookup. The plain Python module ignores this file.
# Every attribute World sets must be declared here (tests/test_compiled_declarations.py).
cdef class World:
    cdef public object game, s, _things, _lists, _indexes
