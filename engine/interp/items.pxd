# Declarations for the compiled build only (setup.py): the item actions' helpers that call one
# another most, as C functions, so that a call inside this module skips Python's calling
# convention (a call from another module still goes through the Python function). The plain
# Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.) Their runtime is typed: a Runtime, or the walk's branch (a Frames
# too), so its game, state and World, and their C methods, are reached without a lookup by name.
cimport cython
from engine.effects.ast cimport Item, Quantity

from engine.interp.frames cimport Frames
# The values' readers this module calls most, as C functions: the call skips the lookup of the
# name and Python's calling convention (none of them is patched by a test).
from engine.interp.values cimport (_place_kinds, candidates, counter_amount, counter_owner, is_players, is_resource,
                                   noun_of, number, places, player_of, select, test, variable_number)

cpdef object _start_pick(Frames rt, dict f, Item item, object owner, object ctx=*)
cpdef object _finish_pick(dict f)
cpdef object _taken_unasked(dict f)
cpdef object bounds(object ctx, Quantity quantity, object available)
cpdef object mode_bounds(object mode, object value, object available)
cpdef object _options(Frames rt, dict f)
cpdef object _describe(Frames rt, object entry, object probing=*)
cpdef object pick_prompt(Frames rt, dict f, Item item)
cpdef object too_few(Item item, object least, object found)
cpdef object pick_pool(Frames rt, object ctx, Item item, object owner)
cpdef object is_ordered_source(Frames rt, Item item, object ctx)
cpdef object _ordered_kind(object game, object kind)
cpdef object _ordered_kinds(Frames rt, object kinds)
cpdef object slot_order(Frames rt, list pool)
cpdef object _step_item(Frames rt, dict f, object node, Item item, object verb)
cpdef object _item_now(Frames rt, dict f, object ctx, object node, object item, object verb)
cpdef object items_now(Frames rt, dict f, object node)
cpdef object amount(object ctx, object node, Item item)
cpdef object _resource(Frames rt, dict f, object node, object verb, object resource, object amount)
cpdef object _who(object seat)
cpdef object _apply(Frames rt, dict f, object node, object verb, object things)
cpdef object _apply_things(Frames rt, dict f, object node, object verb, object things)
cpdef object from_each(Item item)
cpdef object reveal(Frames rt, object seat, object tid)
cpdef object discard(Frames rt, object seat, object tid, object played=*, object resolved=*)
cpdef object move_to_owner(Frames rt, object tid, object seat)
cpdef object revealed_place(Frames rt)
@cython.locals(things=dict, inside=dict)
cpdef object _from_reserve(Frames rt, object seat, object kinds)
cpdef object gain_existing(Frames rt, object seat, object tid, object destination=*)
