# Declarations for the compiled build only (setup.py): ``id(x)`` as the C expression it is. In a
# compiled module, a call of the builtin id() goes through Python's calling convention (some
# 160 instructions); the memos keyed by the identity of a node call it at every read. A module
# whose .pxd cimports this name compiles id(x) to PyLong_FromVoidPtr, the same number the
# builtin gives. The plain Python modules ignore this file and call the builtin.
cdef extern from *:
    """
    #define engine_identity(o) PyLong_FromVoidPtr((void *)(o))
    """
    object id "engine_identity"(object o)
