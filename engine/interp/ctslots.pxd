# Declarations for the compiled build only (setup.py): the slots of a thing (tslots.py) as C
# constants. A compiled module's .pxd cimports this file as ``T``, where its .py imports tslots.py
# as ``T``: ``thing[T.KIND]`` is then a list's item at an index the C compiler knows. The plain
# Python modules ignore this file. Its numbers must be tslots.py's
# (tests/test_compiled_declarations.py).
cdef extern from *:
    """
    enum {
        ENGINE_THING_KIND = 0, ENGINE_THING_OWNER = 1, ENGINE_THING_AT = 2, ENGINE_THING_ATTRS = 3,
        ENGINE_THING_MADE = 4, ENGINE_THING_CARD = 5, ENGINE_THING_HOME = 6, ENGINE_THING_SIZE = 7
    };
    """
    enum:
        KIND "ENGINE_THING_KIND"
        OWNER "ENGINE_THING_OWNER"
        AT "ENGINE_THING_AT"
        ATTRS "ENGINE_THING_ATTRS"
        MADE "ENGINE_THING_MADE"
        CARD "ENGINE_THING_CARD"
        HOME "ENGINE_THING_HOME"
        SIZE "ENGINE_THING_SIZE"
