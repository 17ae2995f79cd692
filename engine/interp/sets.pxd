# Declarations for the compiled build only (setup.py): the set rule of a kind or a place, read
# at every move into a place, as C functions of a typed game and World (their fields and C
# methods are reached without a lookup by name). The plain Python module ignores this file.
from engine.interp.game cimport Game
from engine.interp.world cimport World
cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T

cpdef object rule_at(World world, object place)
# Functions of a typed runtime, game or World (their fields read from the C struct)
cpdef object sets_in(World world, object place)
cpdef object value_of(World world, object tid, object by)
cpdef object _numbers(World world, object sets, object by)
cpdef object name(World world, object set_tid)
cpdef object _name(World world, object value)
cpdef object _plural(World world, object value)
cpdef object put(World world, object tid, object place, object plan)
cpdef object put_first(World world, object tid, object place)
