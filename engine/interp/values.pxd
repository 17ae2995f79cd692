# Declarations for the compiled build only (setup.py): Cython makes Context a C type whose
# fields are read without a dictionary lookup. The plain Python module ignores this file.
# Every attribute Context sets must be declared here (tests/test_compiled_declarations.py).
cdef class Context:
    cdef public object world, game, actor, you, env, subst
