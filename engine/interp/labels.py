"""Words for options: an option of a choice as a short label, with bound numbers written in,
and as the key a player answers it by.

A long option is cut to its first real step and what it finally gains ("choose 1
red token on your board ... gain 1 blue gem"); a name bound to a number is written
as the number ("take 1 card from row Die" reads "take 1 card from row 3"). An option's key
is its label's words, joined by "_" ("take_1_card_from_row_die"): readable, and stable while
the option's words are (not its place in the list).
"""

from __future__ import annotations

import re

from engine.effects.ast import Bound, ForEach, ForEachOf, Gain, IfPossible, Item, Node, OnlyIf, Repeat, Sentence
from engine.effects.render import render
from engine.interp.game import memo_part

LABEL_LENGTH = 80
KEY_LENGTH = 48  # an option's key is cut at a word to at most this many letters
RESERVED_KEYS = ("both",)  # the answers a choice has besides its options


def with_values(text: str, env: dict) -> str:
    """Text with each bound number written for its name ("from row Die" reads "from row 3")."""
    names = label_names(text)
    if not names:  # (most texts: then nothing more is made)
        return text
    numbers = []  # (a loop, not a generator: this runs for every option of every choice asked)
    for name in names:
        value = dict.get(env, name)
        if type(value) is int:  # not a bool
            numbers.append((name, value))
    if not numbers:
        return text
    key = (text, tuple(numbers))
    found = dict.get(_WRITTEN, key)
    if found is None:
        found = _WRITTEN[key] = _written(text, dict(numbers))
    return found


def _written(text: str, values: dict) -> str:
    """The text with the numbers written for their names (apart from with_values, a C function
    in the compiled build, which may not hold a lambda)."""
    return NAME.sub(lambda m: str(values.get(m.group(0), m.group(0))), text)


def label_names(text: str) -> tuple[str, ...]:
    """The names in a text (words with a capital first letter), found once per text: the names
    with_values may write a bound number for."""
    found = dict.get(_NAMES, text)
    if found is None:
        found = _NAMES[text] = tuple(dict.fromkeys(NAME.findall(text)))
    return found


NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*\b")
_NAMES: dict[str, tuple[str, ...]] = {}  # text -> its names (texts come from the packs: a bounded set)
_WRITTEN: dict[tuple, str] = {}  # (text, its bound numbers) -> the text with the numbers written in


def option_label(option: Sentence) -> str:
    """An option as its text; a long one as its first real step and what it finally gains
    ("choose 1 red token on your board ... gain 1 blue gem"). Made once per option (kept
    with the option, since ids are reused): a choice labels its options at every question."""
    known = dict.get(_LABELS, id(option))
    if known is None or known[0] is not option:
        known = _LABELS[id(option)] = (option, _label(option))
    return known[1]


_LABELS: dict[int, tuple] = {}  # id(option) -> (the option, its label): options come from the packs


def choice_keys(game, number: int) -> tuple[str, ...]:
    """The keys of the options of the choice ``number``, by option: each its label's words
    joined by "_" ("sell_at_least_1_grape"; a long option's by what it finally gains:
    "gain_1_red_wine"; a word said twice in a row once), cut at a word to KEY_LENGTH letters,
    with "_2", "_3" on a key met before in the same choice. Worked out once per choice."""
    memo = game.memo["choice_keys"]
    found = dict.get(memo, number)
    if found is None:
        found = memo[number] = _keys([option_label(option) for option in game.nodes[number].options])
    return found


def choice_index(game, number: int, key: str) -> int | None:
    """The place of the option of the choice ``number`` whose key is ``key``; None for a key
    that names none of its options ("both", say)."""
    return dict.get(choice_indexes(game, number), key)


def choice_indexes(game, number: int) -> dict:
    """The choice ``number``'s options' places by their keys (worked out once per choice)."""
    found = memo_part(game.choice_indexes, number)
    if not found:
        for index, key in enumerate(choice_keys(game, number)):
            found[key] = index
    return found


def _keys(labels: list[str]) -> tuple[str, ...]:
    found: list[str] = []
    for index, label in enumerate(labels):
        headline, _cut, outcome = label.partition(" ... ")  # (a long option's label: _label)
        words = _said_once(re.sub(r"[^a-z0-9]+", "_", (outcome or headline).lower()).strip("_"))
        if len(words) > KEY_LENGTH:
            words = words[:KEY_LENGTH + 1].rsplit("_", 1)[0]
        if not words or words.isdigit():
            words = f"option_{index + 1}"
        key, count = words, 1
        while key in found or key in RESERVED_KEYS:
            count += 1
            key = f"{words}_{count}"
        found.append(key)
    return tuple(found)


def _said_once(words: str) -> str:
    """Words joined by "_", a word said twice in a row said once: "with die Die" (a name bound
    to the die) is keyed "with_die"."""
    parts = words.split("_")
    return "_".join(part for at, part in enumerate(parts) if at == 0 or part != parts[at - 1])


def _label(option: Sentence) -> str:
    text = render(option)
    if len(text) <= LABEL_LENGTH:
        return text
    gains = [node for node in _walk(option) if isinstance(node, Gain)]
    outcome = f" ... gain {_items_words(gains[-1].items)}" if gains else " ..."
    return _headline(option) + outcome


def _walk(node):
    """Every node of a tree, parents first."""
    yield node
    for name in node.__dataclass_fields__:
        value = getattr(node, name)
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, Node):
                yield from _walk(child)


def _items_words(items) -> str:
    """Items without filters that name variables ("1 blue gem", not "... of value Total")."""
    words = []
    for item in items:
        if isinstance(item, Item):
            amount = str(item.quantity.value) if item.quantity.mode == "exactly" else render(item.quantity)
            words.append(f"{amount} {' '.join(item.noun)}")
    return " and ".join(words)


def _headline(node) -> str:
    while True:
        if isinstance(node, Sentence):
            node = node.steps[0]
        elif isinstance(node, (OnlyIf, IfPossible, ForEach, ForEachOf, Repeat)):
            node = node.body
        elif isinstance(node, Bound):
            node = node.step
        else:
            return render(node)
