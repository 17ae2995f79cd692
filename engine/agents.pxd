# Declarations for the compiled build only (setup.py): the random bot draws with the random
# numbers' C function (rng.pxd), so a draw skips the lookup of the name and Python's calling
# convention. The plain Python module ignores this file.
from engine.rng cimport next_int
from engine.interp.decisions cimport Decision

# The bot's test of each option it draws: a C call, and on the engine's own Decision, its C method
cpdef object is_legal(object decision, object key)
cpdef object _legal(Decision decision, object key)
# The keys the bot draws from: on the engine's own Decision, read by its C method
cpdef object _candidate_keys(object decision)
cpdef tuple _keys_of(Decision decision)
