# Declarations for the compiled build only (setup.py): copy_data calls itself for every
# dict and list inside a state, so the compiled build makes it a C function whose recursive
# calls skip Python's calling convention. The plain Python module ignores this file.
cpdef object copy_data(object value)

# Runtime's base: the frame stack's operations, whose fields are read from the C struct (Runtime
# itself stays a Python class, so that tests can patch its methods). Every attribute Frames sets
# must be declared here (tests/test_compiled_declarations.py).
cdef class Frames:
    cdef public object game, world, last_out
    cdef public dict s
