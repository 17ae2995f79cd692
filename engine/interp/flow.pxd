# Declarations for the compiled build only (setup.py): the helpers of worker placement, run at
# every placement asked, as C functions, so that a call inside this module skips Python's
# calling convention (a call from another module still goes through the Python function). The
# plain Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.) Their runtime is typed (a Runtime is a Frames), so its game,
# state and World, and their C methods, are reached without a lookup by name.
cimport cython

from engine.interp.game cimport Game
from engine.interp.frames cimport Frames
from engine.interp.values cimport Context, holder, test
from engine.interp.world cimport World

cpdef object _check_ends(Frames rt, list ends)
cpdef object _next_placer(Frames rt, dict f)
@cython.locals(things=dict)
cpdef object _workers(Frames rt, object seat)
cpdef object _supplies(Game game)
@cython.locals(things=dict, found=list, unsure=list, options=dict, made=dict)  # (read and written as dicts)
cpdef object placement_candidates(Frames rt, object seat, list order)
cpdef object _placement_rows(Game game, object phase, object players)
cpdef object _used_this_round(Frames rt)
@cython.locals(things=dict, thing=dict)
cpdef object _free_of(World world, object seat, object space_id, object private, object open_slots)
cpdef object _kind_slots(Frames rt, object kind, object free, object open_slots)
cpdef object _action_reason(Frames rt, object seat, object space_id, object slot, object kind, object took=*)
cpdef object _slot_effect(Frames rt, object space_id, object slot)
cpdef object _sure_slot(Frames rt, object space_id, object slot)
@cython.locals(options=list, why_not=dict, unjudged=list)
cpdef object _sorted_out(list candidates, dict verdicts)
@cython.locals(things=dict)
cpdef object _worker_of(Frames rt, object seat, object kind)
cpdef object _slot_label(object space_id, object space, object slot)
cpdef object _is_bonus_slot(Frames rt, object space_id, object slot)
