"""The grammar's ambiguities are exactly the known, documented greedy ones."""

import logging

from lark import Lark, logger

from engine.resources import data_dir

KNOWN = {
    ("OR_SEP", "choice"),  # a nested choose takes the "; or" options after it
    ("ELSE", "conditional"),  # "; otherwise" belongs to the nearest if
    ("WORD", "noun_words"),  # a run of words is one noun phrase
    ("WORD", "place"),
    ("OR", "filter"),  # "of value 7 or" expects "more" or "less"
}


def test_every_shift_reduce_conflict_is_a_known_greedy_one(caplog):
    logger.setLevel(logging.DEBUG)
    logger.propagate = True
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark((data_dir("grammar") / "effects.lark").read_text(), parser="lalr",
                 start=["effect", "condition", "expression"], debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    found = set()
    lines = caplog.text.splitlines()
    for line, rule in zip(lines, lines[1:]):
        if "Shift/Reduce conflict for terminal" in line:
            terminal = line.split("terminal ")[1].split(":")[0]
            found.add((terminal, rule.split("<")[1].split(" :")[0]))
    assert found == KNOWN
