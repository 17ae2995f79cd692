# Declarations for the compiled build only (setup.py): the item actions' helpers that call one
# another most, as C functions, so that a call inside this module skips Python's calling
# convention (a call from another module still goes through the Python function). The plain
# Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.) Their runtime is typed: a Runtime, or the walk's branch (a Frames
# too), so its game, state and World, and their C methods, are reached without a lookup by name.
cimport cython
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
from engine.effects.vocabulary cimport Noun
from engine.interp.numbered cimport numeral, seat_name
from engine.interp.game cimport Game
from engine.effects.ast cimport Give, Item, ItemsAction, Location, Quantity

from engine.interp.frames cimport Frames, first_off, forget_pick, take
cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T
from engine.interp.world cimport World
# The values' readers this module calls most, as C functions: the call skips the lookup of the
# name and Python's calling convention (none of them is patched by a test).
from engine.interp.values cimport (Context, _place_kinds, candidates, counter_amount, counter_owner, is_players,
                                   is_resource, noun_named, number, places, player_of, select, test, variable_number)

@cython.locals(picked=list)
cpdef object select_step(Frames rt, list f, Item item, object owner=*, Context ctx=*)
cpdef tuple _start_pick(Frames rt, Item item, object owner, Context ctx)
cpdef list top_first(list pool, object high)
cpdef object _finish_pick(list f)
cpdef object _taken_unasked(list picked, list cand, object least, object most)
cpdef object bounds(Context ctx, Quantity quantity, object available)
cpdef object mode_bounds(object mode, object value, object available)
@cython.locals(keys=dict)
cpdef object _options(Frames rt, list f)
@cython.locals(things=dict, thing=list)
cpdef object _describe(Frames rt, object entry, object probing=*)
@cython.locals(memo=dict)
cpdef tuple _card_option(Frames rt, object tid, object card, object at)
cpdef object pick_prompt(Frames rt, list f, Item item)
@cython.locals(memo=dict)
cpdef object _item_words(Frames rt, list f, Item item)
cpdef object _fixed_words(Item item)
@cython.locals(memo=dict)
cpdef object _rendered(Game game, object node)
cpdef object too_few(Item item, object least, object found)
cpdef object pick_pool(Frames rt, Context ctx, Item item, object owner)
@cython.locals(location=Location)
cpdef object is_ordered_source(Frames rt, Item item, Context ctx)
cpdef object _ordered_kind(Game game, object kind)
cpdef object _ordered_kinds(Frames rt, object kinds)
cpdef object slot_order(Frames rt, list pool)
@cython.locals(given=Give, action=ItemsAction)
cpdef object items_of(object node)
@cython.locals(found=tuple, kept=dict)
cpdef object items_action(Frames rt, list f, object node)
@cython.locals(kept=dict)
cpdef object _step_item(Frames rt, list f, object node, Item item, object verb)
@cython.locals(noun=Noun)
cpdef object _item_now(Frames rt, list f, Context ctx, object node, object item, object verb)
cpdef object items_now(Frames rt, list f, object node)
@cython.locals(noun=Noun, quantity=Quantity)
cpdef object amount(Context ctx, object node, Item item)
@cython.locals(noun=Noun)
cpdef object _resource(Frames rt, list f, object node, object verb, object resource, object amount)
cpdef object _who(object seat)
@cython.locals(kept=dict)
cpdef object _apply(Frames rt, list f, object node, object verb, object things)
cpdef object _apply_things(Frames rt, list f, object node, object verb, object things)
cpdef object from_each(Item item)
cpdef object reveal(Frames rt, object seat, object tid)
cpdef object discard(Frames rt, object seat, object tid, object played=*, object resolved=*)
cpdef object move_to_owner(Frames rt, object tid, object seat)
cpdef object revealed_place(Frames rt)
@cython.locals(things=dict, inside=dict)
cpdef object _from_reserve(Frames rt, object seat, object kinds)
cpdef object gain_existing(Frames rt, object seat, object tid, object destination=*)
# Functions of a typed runtime (a Runtime or a walk's branch, both Frames): its game, state
# and World are read from the C struct
cpdef object _place_words(Frames rt, Context ctx, object location)
cpdef object _filter_words(Frames rt, Context ctx, object flt)
cpdef object _refill_decks(Frames rt, object item, Context ctx)
cpdef object decks_named(Frames rt, object item, Context ctx)
cpdef object players_pool(Frames rt, object item, object you)
cpdef object _ordered(Frames rt, object place)
cpdef object one_place(Frames rt, list f, object place_node, Context ctx=*)
@cython.locals(kept=dict)
cpdef object _play_next(Frames rt, list f)
cpdef object play_card(Frames rt, object seat, object tid)
cpdef object playing_place(Frames rt)
cpdef object discard_played(Frames rt, object seat)
cpdef object _finish_playing(Frames rt, object seat, object tid)
cpdef object take_from_each(Frames rt, Context ctx, object seat, object item)
cpdef object _top_of_kinds(Frames rt, object place, object kinds, object count)
cpdef object lose(Frames rt, object seat, object tid)
@cython.locals(memo=dict)
cpdef object _discard_pile(Frames rt, object thing)
cpdef object _kind_discard_pile(Game game, object kind)
cpdef object draw(Frames rt, object seat, Noun noun, object count)
cpdef object decks_for(Frames rt, Noun noun)
cpdef object reshuffle(Frames rt, object deck)
cpdef object gain_things(Frames rt, object f, object item, Noun noun, object count)
cpdef object _with_groups(Frames rt, object kind)
cpdef object _create(Frames rt, object f, object item, object kinds, object seat, object destination)
cpdef object _home_place(Frames rt, object kind, object seat)
cpdef object _hand_kind(Frames rt)
cpdef object place_token(Frames rt, object tid, object place, object seat)
cpdef object _free_slot(Frames rt, object kind, object wanted, object place, object attribute, object seat)
cpdef object _allowed_values(Frames rt, object kind, object place, object seat)
cpdef object _zone_values(Frames rt, object kind, object place_kind)
cpdef object _zone_holds(Frames rt, object zone, object kind)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object _decks_for(Game game, Noun noun)
cpdef object refill_pile(Game game, object deck)
@cython.locals(thing=list, things=dict, held=list)
cpdef object slot_taken(World world, object tid, object attribute, object value)
