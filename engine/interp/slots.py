"""The layout of a frame: a list of fixed slots, read by index.

A frame (runtime.py's theory of operation says what it holds) is a plain list, so the state
stays plain data (copied, compared and written as JSON like the rest), and a slot is read or
written at C speed in the compiled build: a list's item at a fixed index, where a dict's key
took a lookup (some 100 to 200 instructions) and a frame's every key took a write to make.

The slots every frame has are named here, read as ``frame[F.STEP]`` with this module imported
as ``F``. What a handler keeps between its steps (the candidates of a pick, what is left to do)
lives in the frame's ``MORE`` dict under names of the handler's own, but for a pick's, which
has slots of its own (CAND to KEYS): a pick reads them at every option it offers. A frame
pushed or handed over is given its fields as a dict (frames.fill): a slot's number for a
slot (``{F.ENV: key, F.STRICT: True}``), a name for what goes into MORE. Frames.py makes, fills and
empties frames.

In the compiled build a module's .pxd cimports cslots.pxd as ``F`` instead: the same numbers as
C constants, so ``frame[F.STEP]`` is an index the C compiler knows (tests/test_compiled_declarations.py
checks that the two agree).
"""

from __future__ import annotations

NODE = 0  # the number of the effect node the frame runs (None: a flow routine's frame)
STEP = 1  # the handler's step (0 when it starts)
ENV = 2  # the key of its bindings in state["envs"]
ACTOR = 3  # the acting seat ("p")
YOU = 4  # the seat the effect belongs to ("you")
SRC = 5  # what started it, in words ("card:...", "space:...")
NOUNS = 6  # the nouns a procedure's body substitutes (a dict), or None
STRICT = 7  # True: a region that must be carried out in full begins here
OWN = 8  # True: its bindings are its own, and go when it finishes
SOFT = 9  # True: a boundary where failure is allowed (a flow step)
QUIET = 10  # True: what it produced is not handed on ("as Name" after it binds nothing)
AS = 11  # the name it binds what it produced to when it finishes, or None
ROUTINE = 12  # the flow routine it runs (a frame with no node), or None
ANS = 13  # the answer to the question it asked, until its handler takes it; else None
# A pick of things or players under way (items.select_step), read at every option it offers:
CAND = 14  # what is still on offer (a list), or None when no pick is under way
PICKED = 15  # what was picked so far (a list); when the pick is done, all it picked, until taken
LEAST = 16  # the least it must pick
MOST = 17  # the most it may pick (None: no most)
KEYS = 18  # each option key it offered, to the thing (or seat) the key stands for (a dict)
MORE = 19  # a dict: what its handler keeps between steps, by names of the handler's own
SIZE = 20
