"""The layout of a thing: a list of fixed slots, read by index.

Every card, token, worker, structure, space and place is a *thing* (world.py): a plain list,
so the state stays plain data (copied, compared and written as JSON like the rest), and a
field is read at C speed in the compiled build, a list's item at a fixed index, where a dict's
key took a lookup. Read as ``thing[T.KIND]`` with this module imported as ``T``.

In the compiled build a module's .pxd cimports ctslots.pxd as ``T`` instead: the same numbers
as C constants (tests/test_compiled_declarations.py checks that the two agree).
"""

from __future__ import annotations

KIND = 0  # its kind (a card type, a token, a place's kind, ...)
OWNER = 1  # the seat that owns it, or None
AT = 2  # the id of the thing (a place, a set) it lies in, or None: out of the game, or a place itself
ATTRS = 3  # its attributes (a dict: attribute -> value), its own or the game's defaults
MADE = 4  # its creation number: things are listed in creation order
CARD = 5  # the card definition it is a copy of (a card's id), or None
HOME = 6  # the reserve it was brought into play from (it goes back there when lost), or None
SIZE = 7
