# Declarations for the compiled build only (setup.py): the random bot draws with the random
# numbers' C function (rng.pxd), so a draw skips the lookup of the name and Python's calling
# convention. The plain Python module ignores this file.
from engine.rng cimport next_int
