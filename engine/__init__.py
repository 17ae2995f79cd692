"""tabula engine: a generic, data-driven rules interpreter.

The package holds no game knowledge; everything game-specific lives in content
packs. See docs/design.md for the contracts between the modules. A regular install
compiles the interpreter's modules into one library, which ``extensions`` loads them
from before any of them is imported.
"""

from engine import extensions

extensions.install()
