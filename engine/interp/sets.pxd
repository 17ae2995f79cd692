# Declarations for the compiled build only (setup.py): the set rule of a kind or a place, read
# at every move into a place, as C functions of a typed game and World (their fields and C
# methods are reached without a lookup by name). The plain Python module ignores this file.
from engine.interp.game cimport Game
from engine.interp.world cimport World

cpdef object rule_at(World world, object place)
