# Declarations for the compiled build only (setup.py): the helpers of worker placement, run at
# every placement asked, as C functions, so that a call inside this module skips Python's
# calling convention (a call from another module still goes through the Python function). The
# plain Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.) Their runtime is typed (a Runtime is a Frames), so its game,
# state and World, and their C methods, are reached without a lookup by name.
cimport cython
from engine.interp.numbered cimport numeral, seat_name

from engine.interp.game cimport Game
from engine.interp.frames cimport Frames, effect_frame, first_off, routine_frame, take
cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T
from engine.interp.values cimport Context, holder, test
from engine.interp.fallible cimport can_fail, deciding_part, triggers_can_fail
from engine.interp.world cimport World

# The flow of a game: a C type (nothing subclasses it) whose methods are C methods, called
# without a lookup by name where the caller's flow is typed (a local declared Flow below)
@cython.final
cdef class Flow:
    cdef public Game game
    cdef public object steps, rounds, phases, ROUTINES, _ends, rest_fails
    cpdef object rest_can_fail(self, list frame)
    cpdef object advance(self, Frames rt)
    cpdef object _first_from_token(self, Frames rt)
    cpdef object _last_round(self, Frames rt)
    cpdef object turn_order(self, Frames rt)
    cpdef object pass_turn(self, Frames rt, object seat)
    cpdef object effect_of_thing(self, Frames rt, object tid)
    cpdef object triggers_after(self, Frames rt, object seat, object what)
    cpdef object _immediate_ends(self, Frames rt)
    cpdef object check_end(self, Frames rt)

cpdef object _check_ends(Frames rt, list ends)
@cython.locals(runner=Flow)
cpdef object _next_placer(Frames rt, list f)
@cython.locals(things=dict, found=set)
cpdef object _waiting_kinds(Frames rt, object seat)
cpdef object _supplies(Game game)
@cython.locals(things=dict, found=list, unsure=list, options=dict, made=dict, inside=dict)  # (read and written as dicts)
cpdef object placement_candidates(Frames rt, object seat, list order)
cpdef object _placement_rows(Game game, object phase, object players)
cpdef object _used_this_round(Frames rt)
cpdef object _round_key(Frames rt)
@cython.locals(things=dict, thing=list, occupied=list)
cpdef object _free_of(World world, object seat, object held, object private, object open_slots)
cpdef object _kind_slots(Frames rt, object kind, object free, object open_slots)
cpdef object _action_reason(Frames rt, object seat, object space_id, object slot, object kind, object took=*)
cpdef object _slot_effect(Frames rt, object space_id, object slot)
cpdef object _sure_slot(Frames rt, object space_id, object slot)
@cython.locals(options=list, why_not=dict, unjudged=list)
cpdef object _sorted_out(list candidates, dict verdicts)
@cython.locals(things=dict)
cpdef object _worker_of(Frames rt, object seat, object kind)
@cython.locals(found=list)
cpdef list _supply_places(Frames rt, object seat)
cpdef object _slot_label(object space_id, object space, object slot)
cpdef object _is_bonus_slot(Frames rt, object space_id, object slot)
# Functions of a typed runtime (a Runtime or a walk's branch, both Frames): its game, state
# and World are read from the C struct (and likewise a typed game)
cpdef object _push_effect(Frames rt, object root, object seat, object source, object strict=*)
@cython.locals(runner=Flow)
cpdef object _enter_phase(Frames rt, dict flow, object phase, object number)
cpdef object _round(Frames rt, list f)
cpdef object _phase(Frames rt, list f)
@cython.locals(runner=Flow)
cpdef object _step(Frames rt, list f)
@cython.locals(runner=Flow)
cpdef object _turns(Frames rt, list f)
@cython.locals(runner=Flow)
cpdef object _order(Frames rt, object step)
cpdef object seat_order(Frames rt)
@cython.locals(runner=Flow)
cpdef object _chart(Frames rt, list f)
cpdef object _row_label(Frames rt, object chart, object row)
cpdef object _label_of_row(object chart, object position)
cpdef object _marker_of(Frames rt, object seat, object chart)
cpdef object _update_chart_order(Frames rt, object chart)
@cython.locals(runner=Flow)
cpdef object _placement(Frames rt, list f)
cpdef object _blocking(Frames rt, object option, object seat, object space_id, object slot, object kind)
cpdef object _bonus_owed(Frames rt, object option, object seat, object space_id, object slot, object kind)
cpdef object _declared_bonus(Frames rt, object space_id, object slot)
cpdef object _free_slots(Frames rt, object seat, object space_id, object space, object kind)
cpdef object _space_slots(Frames rt, object seat, object space_id, object space)
cpdef object _stand(Frames rt, World world, object seat, object space_id, object slot, object kind)
cpdef object _stand_acting(Frames rt, object seat, object space_id, object slot, object kind, World world)
cpdef object _find_slot_effect(Frames rt, object space_id, object slot)
cpdef object _bonus_effect(Frames rt, object space_id, object slot)
cpdef object _place(Frames rt, object seat, object key, object unblocked)
@cython.locals(runner=Flow)
cpdef object _action(Frames rt, list f)
cpdef object _push_child(Frames rt, list parent, object root, object src=*)
cpdef object _discard_played(Frames rt, list f)
cpdef object _reask(Frames rt, list f)
cpdef object _builtin(Frames rt, list f)
cpdef object _not_built_in(Frames rt, list f)
cpdef object _return_workers(Frames rt, list f)
cpdef object _clear_chart(Frames rt, list f)
cpdef object _applies(Frames rt, object item)
cpdef object _trigger_allowed(Frames rt, object seat, object tid, object trigger, object index, object namespace,
                              object kind)
cpdef object _applies_to(Game game, object players, object options, object item)

# The judge of a worker's placements, whose fields are read from the C struct at every placement judged
@cython.final  # (no subclass: its C methods are called directly, with no test for an override)
cdef class PlacementJudge:
    cdef public Frames rt
    cdef public object seat, unblocked, took, own_slot
    cdef public dict checked, parsed

    @cython.locals(rt=Frames, game=Game, checked=dict)
    cpdef object judge(self, object key)
