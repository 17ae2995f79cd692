# Declarations for the compiled build only (setup.py): the random bot draws with the random
# numbers' C function (rng.pxd), so a draw skips the lookup of the name and Python's calling
# convention. The plain Python module ignores this file.
cimport cython
from engine.rng cimport below
from engine.interp.decisions cimport Decision

# The bot's test of each option it draws: a C call, and on the engine's own Decision, its C method
cpdef object is_legal(object decision, object key)
cpdef object _legal(Decision decision, object key)
# The keys the bot draws from: on the engine's own Decision, read by its C method
cpdef object _candidate_keys(object decision)
cpdef tuple _keys_of(Decision decision)

# The random bot: a C type whose stream's words are C numbers (a Python class may still inherit
# from it, as a test's bot that looks at its view does)
ctypedef unsigned int word  # (a word of a stream, rng.py)

cdef class RandomAgent:
    cdef public word s0, s1, s2, s3
    @cython.locals(s0=cython.uint, s1=cython.uint, s2=cython.uint, s3=cython.uint, index=cython.uint, pool=list)
    cpdef object draw(self, object decision)
