# Declarations for the compiled build only (setup.py): Cython makes Decision a C type whose
# fields are read from the C struct (a player's or a bot's every question reads them). The plain
# Python module ignores this file. Every attribute Decision sets must be declared here
# (tests/test_compiled_declarations.py).
cimport cython

@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class Decision:
    cdef public object id, player, kind, prompt, source
    cdef public object _pairs, _candidates, _keys, _open, _judge, _options
    cdef public dict _why_not, _verdicts

    cpdef object _made(self, object id, object player, object kind, object prompt, object options, object source,
                       object open, object judge, object why_not)
    cpdef tuple keys_of_candidates(self)
    cpdef object legal(self, object key)
    cpdef object reason(self, object key)

# The Decision of the state's pending one (made at every answer: a C function the engine cimports)
@cython.locals(decision=Decision)  # (its fields set by its C method)
cpdef Decision decision_from_data(dict data, object judge=*)
