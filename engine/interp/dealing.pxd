# Declarations for the compiled build only (setup.py): the dealing steps as C functions of a
# typed run (Frames), so their reads and changes of the World are C calls (the set-up of every
# game and the refill of every display run them). The plain Python module ignores this file.
# (A function with a closure, a lambda or a generator expression cannot be cpdef: refill_displays
# and keep_routine stay Python functions.)
from engine.interp.frames cimport Frames, take
cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T

cpdef object setup_routine(Frames rt, list f)
cpdef object _first_player(Frames rt, dict step)
cpdef list _receivers(Frames rt, dict step)
cpdef list _deal_receivers(Frames rt, dict deal, list receivers)
cpdef object _deal(Frames rt, object seat, dict deal)
cpdef object _noun(Frames rt, dict deal, object count)
cpdef object _source(Frames rt, dict deal)
cpdef list _targets(Frames rt, object seat, dict deal)
cpdef object _printed(Frames rt, object tid, object attribute)
cpdef object dealt_place(Frames rt, object seat)
cpdef object _resolve_dealt(Frames rt, object seat, object card_type)
cpdef object _fill(Frames rt, object deck, list rows, object wanted, list queue, object attribute,
                   object card_attribute)
cpdef object _display_size(Frames rt, dict display)
cpdef object _passes(Frames rt, dict deal)
cpdef object _row_for(Frames rt, list rows, object attribute, object card_attribute, object tid)
