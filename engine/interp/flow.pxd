# Declarations for the compiled build only (setup.py): the helpers of worker placement, run at
# every placement asked, as C functions, so that a call inside this module skips Python's
# calling convention (a call from another module still goes through the Python function). The
# plain Python module ignores this file. (A function with a closure, a lambda or a generator
# expression cannot be cpdef.)

cpdef object _next_placer(object rt, object f)
cpdef object _workers(object rt, object seat)
cpdef object _supplies(object game)
cpdef object placement_candidates(object rt, object seat)
cpdef object _placement_rows(object game, object phase, object players)
cpdef object _used_this_round(object rt, object seat)
cpdef object _free_of(object world, object seat, object space_id, object private, object open_slots)
cpdef object _kind_slots(object rt, object kind, object free, object open_slots)
cpdef object _action_reason(object rt, object seat, object space_id, object slot)
cpdef object _slot_effect(object rt, object space_id, object slot)
cpdef object _slot_label(object space_id, object space, object slot)
cpdef object _is_bonus_slot(object rt, object space_id, object slot)
