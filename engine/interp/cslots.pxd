# Declarations for the compiled build only (setup.py): the slots of a frame (slots.py) as C
# constants. A compiled module's .pxd cimports this file as ``F``, where its .py imports slots.py
# as ``F``: ``frame[F.STEP]`` is then a list's item at an index the C compiler knows. The plain
# Python modules ignore this file. Its numbers must be slots.py's
# (tests/test_compiled_declarations.py).
cdef extern from *:
    """
    enum {
        ENGINE_SLOT_NODE = 0, ENGINE_SLOT_STEP = 1, ENGINE_SLOT_ENV = 2, ENGINE_SLOT_ACTOR = 3,
        ENGINE_SLOT_YOU = 4, ENGINE_SLOT_SRC = 5, ENGINE_SLOT_NOUNS = 6, ENGINE_SLOT_STRICT = 7,
        ENGINE_SLOT_OWN = 8, ENGINE_SLOT_SOFT = 9, ENGINE_SLOT_QUIET = 10, ENGINE_SLOT_AS = 11,
        ENGINE_SLOT_ROUTINE = 12, ENGINE_SLOT_ANS = 13, ENGINE_SLOT_CAND = 14, ENGINE_SLOT_PICKED = 15,
        ENGINE_SLOT_LEAST = 16, ENGINE_SLOT_MOST = 17, ENGINE_SLOT_KEYS = 18, ENGINE_SLOT_MORE = 19,
        ENGINE_SLOT_SIZE = 20
    };
    """
    enum:
        NODE "ENGINE_SLOT_NODE"
        STEP "ENGINE_SLOT_STEP"
        ENV "ENGINE_SLOT_ENV"
        ACTOR "ENGINE_SLOT_ACTOR"
        YOU "ENGINE_SLOT_YOU"
        SRC "ENGINE_SLOT_SRC"
        NOUNS "ENGINE_SLOT_NOUNS"
        STRICT "ENGINE_SLOT_STRICT"
        OWN "ENGINE_SLOT_OWN"
        SOFT "ENGINE_SLOT_SOFT"
        QUIET "ENGINE_SLOT_QUIET"
        AS "ENGINE_SLOT_AS"
        ROUTINE "ENGINE_SLOT_ROUTINE"
        ANS "ENGINE_SLOT_ANS"
        CAND "ENGINE_SLOT_CAND"
        PICKED "ENGINE_SLOT_PICKED"
        LEAST "ENGINE_SLOT_LEAST"
        MOST "ENGINE_SLOT_MOST"
        KEYS "ENGINE_SLOT_KEYS"
        MORE "ENGINE_SLOT_MORE"
        SIZE "ENGINE_SLOT_SIZE"
