# Declarations for the compiled build only (setup.py): Cython makes Game a C type whose fields
# are read from the C struct, and whose methods the interpreter calls most are C methods
# (cpdef), wherever the game is typed (frames.pxd, world.pxd, values.pxd, verdict.pxd). Its
# fields are readonly: Python code reads them, only Game itself sets them. The plain Python
# module ignores this file. Every attribute Game sets must be declared here
# (tests/test_compiled_declarations.py).
from engine.effects.ast cimport Node
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
cimport cython


@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class Game:
    cdef readonly object packs, table, vocabulary, effects, procedures, settings
    cdef readonly list nodes, entry, runs, fail_from
    cdef readonly dict calls, node_numbers, parts, memo, fast, dispatch, namespaces, printed, resource_bounds, phrases
    cdef readonly dict nouns, word_nouns, call_plans
    # the memo's tables read at nearly every choice point (game.FIELD_TABLES)
    cdef readonly dict candidate_readers, answer_needs, card_names, judging_order, choice_indexes
    cdef readonly dict card_options, moves_told, failing_answers, discard_piles, fixed_names
    cdef readonly frozenset global_resources, fixed_kinds, reserve_kinds, set_kinds
    cdef readonly bint _made

    @cython.locals(items=dict)
    cpdef object item(self, object namespace, object item_id)
    cpdef object items(self, object namespace)
    cpdef object number(self, Node node)
    cpdef object key_of(self, Node node)
    @cython.locals(at=Py_ssize_t)
    cpdef object entry_of(self, object node)
    cpdef object effect(self, object namespace, object item_id, object key=*)
    cpdef object triggers(self, object what)
    cpdef object kinds(self, object noun_id)
    cpdef object sets_rule(self, object kind)
    @cython.locals(memo=dict)  # (its read and write the dict's own)
    cpdef dict memo_for(self, object table, object key)
    cpdef list by_number(self, object name, dict table)


@cython.locals(part=dict)
cpdef dict memo_part(dict table, object key)
