"""tabula engine: a generic, data-driven rules interpreter.

The package holds no game knowledge; everything game-specific lives in content
packs. See docs/design.md for the contracts between the modules.
"""
