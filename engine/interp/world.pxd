# Declarations for the compiled build only (setup.py): Cython makes World a C type whose
# fields are read without a dictionary lookup. The plain Python module ignores this file.
# Every attribute World sets must be declared here (tests/test_compiled_declarations.py).
# The methods World's own methods call are C methods (cpdef): a call on ``self`` skips
# Python's calling convention; a call from outside still goes through the Python method.
# (A method with a lambda, a generator expression or ``**keywords`` cannot be cpdef.)
cimport cython
cimport engine.interp.ctslots as T
from engine.interp.numbered cimport numeral

from engine.interp.game cimport Game, memo_part

@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class World:
    cdef public Game game
    # typed sets: a test of whether a thing or list is this World's own is the set's own test
    cdef public set _things, _lists, _lent
    cdef public object _indexes
    cdef public list _trail
    # an event's keys the round and phase fix (_entry)
    cdef public dict _stage
    # the state: typed as a dict, so that its reads are the dict's own
    cdef public dict s
    # the state's tables, at hand (World._at_hand)
    cdef public dict thing_table, contents_table, kinds_table, owned_table, global_table
    cdef public list counters_table

    cpdef object _at_hand(self)
    cpdef object _own(self, object table)
    @cython.locals(trail=list, table=dict)
    cpdef object undo(self)
    cpdef object _trailed(self, dict table, object key)
    cpdef dict _bucket_to_write(self, object owner)
    @cython.locals(counters=list, at=Py_ssize_t)
    cpdef dict _bucket(self, object owner)
    cpdef object _own_indexes(self)
    @cython.locals(thing=list)
    cpdef object set_owner(self, object tid, object owner)
    @cython.locals(owned=dict, seats=list, mine=list)
    cpdef object _index_owner(self, object tid, object kind, object owner, bint add)
    @cython.locals(attributes=dict)
    cpdef object set_attribute(self, object tid, object name, object value)
    cpdef object drop_attribute(self, object tid, object name)
    @cython.locals(things=dict, thing=list)
    cpdef list edit(self, object tid)
    @cython.locals(inside=dict)
    cpdef list _writable(self, object place)
    @cython.locals(bucket=dict)
    cpdef object add(self, object owner, object resource, object amount)
    @cython.locals(bucket=dict)
    cpdef object remove(self, object owner, object resource, object amount, object verb=*)
    cpdef object lacks(self, object owner, object resource, object amount)
    cpdef object shortfall(self, object owner, object resource, object amount, object verb=*, object spent=*)
    @cython.locals(things=dict)
    cpdef list thing(self, object tid)  # (a list: a caller's read of a field is the list's own)
    cpdef object contents(self, object place)
    @cython.locals(thing=list, held=list, contents=list)  # (the types' own reads)
    cpdef object put(self, object tid, object place, object top=*)
    cpdef object put_under(self, list tids, object was, object place)
    cpdef object sets_rule_at(self, object place)
    cpdef object _split_into(self, object empty)
    cpdef object seen_by(self, object place)
    @cython.locals(seats=list, lists=list, at=Py_ssize_t)
    cpdef object _indexed(self, object kinds, object owner)
    cpdef object _inside(self, object place)
    @cython.locals(things=dict)
    cpdef object places_of(self, object kinds, object owner=*)
    @cython.locals(things=dict, every=list, seats=list, mine=list, owned=Py_ssize_t)
    cpdef object place_for(self, object kind, object owner)
    cpdef object _fixed_name(self, object kind, object tid)
    cpdef object _instance_name(self, object kind, object tid)
    cpdef object _kind_name(self, object kind)
    @cython.locals(thing=list)
    cpdef object name_of(self, object tid)
    cpdef object counter(self, object owner, object resource)
    @cython.locals(things=dict, thing=list)
    cpdef object things(self, object kinds, object owner=*, object places=*, object include_reserve=*)
    cpdef object place_of(self, object tid)
    @cython.locals(entry=dict, events=list)  # (the dict's own writes, the list's own append)
    cpdef object event(self, object kind, object player, object text, dict fields=*)
    @cython.locals(entry=dict, events=list)
    cpdef object thing_event(self, object kind, object player, object text, object tid)
    @cython.locals(entry=dict, stage=dict)
    cpdef dict _entry(self, object kind, object player, object text)
    @cython.locals(stage=dict, flow=dict)
    cpdef dict _stage_now(self)
    cpdef object restage(self)
    @cython.locals(entry=dict, events=list)
    cpdef object moved(self, object player, object tid, object was, object place)
    @cython.locals(memo=dict)
    cpdef tuple _move_told(self, object tid, object was, object place)
    cpdef tuple _told(self, object tid, object was, object place)

cpdef object _within(object kinds, frozenset fixed)
cpdef list _merged(list lists, dict things)
@cython.locals(at=Py_ssize_t)
cpdef list _inserted(list tids, object tid, dict things)
@cython.locals(top=dict, world=World)
cpdef World borrowing(Game game, dict state)
