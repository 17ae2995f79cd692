# Declarations for the compiled build only (setup.py): the labels of options, worked out at
# every question asked, as C functions, so that the handlers' calls (handlers.pxd) skip
# Python's calling convention. The plain Python module ignores this file. (A function with a
# closure, a lambda or a generator expression cannot be cpdef.)
from engine.interp.identity cimport id  # (a C expression: identity.pxd)
from engine.interp.game cimport Game, memo_part
cpdef object with_values(object text, dict env)
cpdef object label_names(object text)
cpdef object option_label(object option)
# of a typed game: its memo's table read from the C struct
cpdef object choice_indexes(Game game, object number)
