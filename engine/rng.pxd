# Declarations for the compiled build only (setup.py): the generator's words are C unsigned
# 32-bit ints in the compiled build, so a draw is C arithmetic (a product or a shift past 32
# bits wraps, which is what the masks of the Python code do). The plain Python module ignores
# this file; tests/test_rng.py pins the same outputs for both.
cimport cython

cdef unsigned int M32
cdef unsigned long long MAX_BOUND  # (a draw's limit worked out in C)

# One step of the generator, on C words, with its output and new words returned as a C tuple.
@cython.locals(x=cython.uint, value=cython.uint, t=cython.uint)
cdef (unsigned int, unsigned int, unsigned int, unsigned int, unsigned int) _advance(
    unsigned int s0, unsigned int s1, unsigned int s2, unsigned int s3)
@cython.locals(s0=cython.uint, s1=cython.uint, s2=cython.uint, s3=cython.uint, value=cython.uint)
cpdef tuple next_u32(object data)
# A shuffle's draws with the words kept in C variables between them
@cython.locals(s0=cython.uint, s1=cython.uint, s2=cython.uint, s3=cython.uint, i=Py_ssize_t, j=Py_ssize_t,
               out=list)
cpdef tuple shuffle(object data, object items)
# A draw below a bound on C words: the words and the int drawn returned as a C tuple (a caller
# that cimports it, the random bot, keeps its stream in C numbers: no list and no check a draw)
@cython.locals(value=cython.uint, limit=cython.ulonglong)
cpdef (unsigned int, unsigned int, unsigned int, unsigned int, unsigned int) below(
    unsigned int s0, unsigned int s1, unsigned int s2, unsigned int s3, unsigned long long bound)

# The check of the generator's data, run at every draw: C functions, so a draw makes no Python call.
cpdef object _check(object data)
cpdef bint _words(object s0, object s1, object s2, object s3)
@cython.locals(wide=cython.ulonglong)
cpdef bint _word(object w)

# A draw of an int below a bound, as a C function: a caller that cimports it (agents.pxd) skips
# the lookup of the name and Python's calling convention.
@cython.locals(s0=cython.uint, s1=cython.uint, s2=cython.uint, s3=cython.uint, value=cython.uint)
cpdef tuple next_int(object data, object bound)
