# Declarations for the compiled build only (setup.py): the frame stack, Runtime's base, is a C
# type whose fields are read from the C struct (Runtime itself stays a Python class, so that
# tests can patch its methods; handlers.pxd types its handlers' runtime as Frames). The plain
# Python module ignores this file. Every attribute Frames sets must be declared here
# (tests/test_compiled_declarations.py).
cdef class Frames:
    cdef public object game, world, last_out
    cdef public dict s
