# Declarations for the compiled build only (setup.py): Cython makes World a C type whose
# fields are read without a dictionary lookup. The plain Python module ignores this file.
# Every attribute World sets must be declared here (tests/test_compiled_declarations.py).
# The methods World's own methods call are C methods (cpdef): a call on ``self`` skips
# Python's calling convention; a call from outside still goes through the Python method.
# (A method with a lambda, a generator expression or ``**keywords`` cannot be cpdef.)
cimport cython

from engine.interp.game cimport Game

cdef class World:
    cdef public Game game
    # typed sets: a test of whether a thing or list is this World's own is the set's own test
    cdef public set _things, _lists, _lent
    cdef public object _indexes
    # the state: typed as a dict, so that its reads are the dict's own
    cdef public dict s

    cpdef object _own(self, object table)
    cpdef dict _bucket_to_write(self, object owner)
    cpdef object _own_indexes(self)
    @cython.locals(things=dict, thing=dict)
    cpdef object edit(self, object tid)
    @cython.locals(inside=dict)
    cpdef list _writable(self, object place)
    cpdef object lacks(self, object owner, object resource, object amount)
    cpdef object shortfall(self, object owner, object resource, object amount, object verb=*)
    @cython.locals(things=dict)
    cpdef object thing(self, object tid)
    cpdef object contents(self, object place)
    @cython.locals(thing=dict, held=list, contents=list)  # (the types' own reads)
    cpdef object put(self, object tid, object place, object top=*)
    cpdef object sets_rule_at(self, object place)
    cpdef object seen_by(self, object place)
    cpdef object _indexed(self, object kinds, object owner)
    cpdef object _inside(self, object place)
    cpdef object places_of(self, object kinds, object owner=*)
    @cython.locals(things=dict)
    cpdef object place_for(self, object kind, object owner)
    cpdef object _instance_name(self, object kind, object tid)
    @cython.locals(thing=dict)
    cpdef object name_of(self, object tid)
    cpdef object counter(self, object owner, object resource)
    @cython.locals(things=dict, thing=dict)
    cpdef object things(self, object kinds, object owner=*, object places=*, object include_reserve=*)
    cpdef object place_of(self, object tid)
    cpdef object event(self, object kind, object player, object text, dict fields=*)
    cpdef object moved(self, object player, object tid, object was, object place)

cpdef list _merged(list lists, dict things)
