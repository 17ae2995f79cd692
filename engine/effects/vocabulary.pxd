# Declarations for the compiled build only (setup.py): a noun is a C type (a frozen dataclass all
# the same), so the interpreter's functions whose .pxd types a noun read its fields from the C
# struct instead of by name. The plain Python module ignores this file.

cdef class Noun:
    cdef readonly str id, namespace
    cdef readonly object name, plural, groups, base
