# Declarations for the compiled build only (setup.py): which counters an effect reads, asked at
# a walk's gain or payment, as C functions of a typed game (its tables are C fields). The plain
# Python module ignores this file.
cimport cython
from engine.interp.game cimport Game
from engine.interp.calls cimport CallPlan, plan_of

cpdef object counters_read(Game game, object number)
cpdef object reads(Game game, object number, object resource)
@cython.locals(plan=CallPlan)
cpdef object _read(Game game, object root)
cpdef object _resources_named(Game game, object words)
