"""The interpreter: runs a compiled game's flow and effects over plain-data state."""
