# Declarations for the compiled build only (setup.py): a noun and a procedure are C types
# (frozen dataclasses all the same), so the interpreter's functions whose .pxd types one read its
# fields from the C struct instead of by name. The plain Python module ignores this file.

cdef class Noun:
    cdef readonly str id, namespace
    cdef readonly object name, plural, groups, base

cdef class Procedure:
    cdef readonly object id, verb, object, object_words, modifiers, result
