# Declarations for the compiled build only (setup.py): Cython makes Context a C type whose
# fields are read without a dictionary lookup. The plain Python module ignores this file.
# Every attribute Context sets must be declared here (tests/test_compiled_declarations.py).
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
cimport cython
cimport engine.interp.ctslots as T
from engine.effects.vocabulary cimport Noun
from engine.effects.ast cimport (Aggregate, AllOf, Attribute, Comparison, Count, HasAllOf, KindSelector, Minus, Node,
                                 Number, OtherThan, PlayerSelector, Plus, ThingSelector, Var)

from engine.interp.game cimport Game
from engine.interp.world cimport World

@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class Context:
    # typed: its fields and C methods are reached without a lookup by name
    cdef public World world
    cdef public Game game
    cdef public object actor, you
    cdef public dict env, subst

# The functions that read a Context most, as C functions whose ``ctx`` is typed: its fields are
# read from the C struct, and calls between them inside this module skip Python's calling
# convention. A typed argument may still be None: values.py's first line switches on Cython's
# None checks, so that a None raises AttributeError as in plain Python. (A function with a
# closure or a generator expression cannot be cpdef.)

@cython.locals(ctx=Context)  # (its fields set in the C struct)
cpdef Context context(World world, object actor, object you, dict env, dict subst)
@cython.locals(noun=Noun)
cpdef object noun_of(Context ctx, object words)
@cython.locals(game=Game, noun=Noun)
cpdef object noun_named(Context ctx, Node node)
cpdef object _substituted(Context ctx, Noun noun)
@cython.locals(facts=tuple, at=Py_ssize_t)
cpdef object places(Context ctx, object place, object owner)
cpdef object candidates(Context ctx, Noun noun, Node node, object owner)
cpdef object counter_amount(Context ctx, object resource, object owner)
cpdef object number(Context ctx, object node)
cpdef object variable_number(Context ctx, object name)
@cython.locals(game=Game)
cpdef object test(Context ctx, object node)
cpdef object _reachable(Context ctx, object tid, object owner)
@cython.locals(thing=list)
cpdef object attribute(Context ctx, object subject, object name)
cpdef object thing_value(Context ctx, object name)
cpdef object _place_kinds(Context ctx, object place)
cpdef object general_candidates(Context ctx, Noun noun, object filters, object location, object owner,
                                 bint acting_too=*)
cpdef object _not_acting(Context ctx, object found)
cpdef object _keep_all(Context ctx, object found)
cpdef object _in_bound(Context ctx, object name, object kinds)
cpdef object reads_as_bound(Game game, object noun_id)
cpdef object _usable(Context ctx, object tid, object owner)
cpdef object _with_terms(Context ctx, object terms, object found)
cpdef object _passes(Context ctx, object tid, object flt)
cpdef object _other_than(Context ctx, object tid, OtherThan flt)
cpdef object _yours(Context ctx, object tid, object flt)
cpdef object _definition_attribute(Context ctx, object thing, object name)
cpdef object players_selected(Context ctx, PlayerSelector selector)
cpdef object seats_named(Context ctx, object players, object who)
cpdef object polled_seats(Context ctx, object poll)
cpdef object polled_of(dict kept, object players)
cpdef object select(Context ctx, object selector)
cpdef object _things_selected(Context ctx, ThingSelector selector)
cpdef object _kinds_selected(Context ctx, KindSelector selector)
cpdef object _things_of(Context ctx, Noun noun, object selector)
cpdef object is_players(object words)
cpdef object _attribute_number(Context ctx, Attribute node)
cpdef object _aggregate_number(Context ctx, Aggregate node)
cpdef object _value(Context ctx, object node)
# The readers of one node type each, their node typed: its fields are read from the C struct
cpdef object _number_value(Context ctx, Number node)
cpdef object _var_number(Context ctx, Var node)
cpdef object _count_number(Context ctx, Count node)
cpdef object _plus_number(Context ctx, Plus node)
cpdef object _minus_number(Context ctx, Minus node)
cpdef object _var_value(Context ctx, Var node)
cpdef object _attribute_value(Context ctx, Attribute node)
cpdef object _compare(object left, Comparison comparison, Context ctx, object at_least)
cpdef object _comparison(Comparison comparison, object at_least)
@cython.locals(fast=tuple)
cpdef object holder(World world, object node, object seats)
cpdef object _has_count(Context ctx, object seat, object node)
cpdef object _things_count(Context ctx, object seat, Noun noun, object node)
cpdef object _has_all_of(Context ctx, object seat, HasAllOf node)
cpdef object player_of(Context ctx, object node)
cpdef object _anywhere(object keep, object kinds, object everybodys, Context ctx, object owner)
cpdef object _anywhere_with_terms(object keep, object with_terms, object kinds, object everybodys, Context ctx,
                                  object owner)
cpdef object _in_every_place(object noun, object filters, object location, object keep, object kinds, object place_noun,
                             object place_kind, object kept, Context ctx, object owner)
@cython.locals(things=dict, inside=dict, s=dict, seats=list, at=Py_ssize_t)
cpdef object _in_your_place(object noun, object filters, object location, object keep, object kinds, object place_noun,
                            object place_kind, Context ctx, object owner)
cpdef object _has_resource(object general, object resource, object scope_global, object compare, object right,
                           Context ctx)
cpdef object _has_things(object general, Noun noun, object node, object compare, object right, Context ctx)
cpdef object _as_number(object value)
cpdef object counter_owner(Game game, object resource, object seat)
cpdef object is_resource(Noun noun)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object named_noun(Game game, object words)
cpdef object _place_facts(Game game, object place)
cpdef object is_global_kind(Game game, object kind)
cpdef object _defined(Game game, object kind, object name)
# A condition's unmet words (a walk words every way that fails with them), of a typed Context
cpdef object unmet(Context ctx, object condition)
cpdef object _failed_part(Context ctx, AllOf node)
cpdef object _name_of_bound(Context ctx, object name, object read)
cpdef object _space_phase(Context ctx, object kind)
cpdef tuple _wording(Game game, object node)
cpdef object _value_words(Game game, object value)
cpdef object compiled_test(Game game, object node)
cpdef object _has_shortcut(Game game, object node)
