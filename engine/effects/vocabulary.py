"""The words a pack gives the effect language: nouns, groups, terms, verbs.

Built once per loaded game from the layered definitions (any mapping of
namespace -> id -> item data). The checker asks it to resolve the words of
an effect; it never looks at the effect itself.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import cached_property

NOUN_NAMESPACES = (
    "resources",
    "groups",
    "card_types",
    "decks",
    "tokens",
    "places",
    "structures",
    "workers",
    "spaces",
    "terms",
)

# Attributes every thing has, whatever the pack declares: "kind" is the id of its
# noun; "phase" of a space is the position of its phase in the round (1, 2, ...);
# "type" is the kind too, unless the thing took another type (a joker in a set,
# engine/interp/sets.py) or declares its own attribute "type".
# The name Game is always bound: "the round of Game", "the phase of Game".
BUILTIN_ATTRIBUTES = frozenset({"kind", "phase", "round", "type"})
BUILTIN_NAMES = frozenset({"Game"})

PLACEHOLDER = re.compile(r"^\{([A-Z][A-Za-z0-9]*)\}$")


@dataclass(frozen=True)
class Noun:
    """A thing effect text can name, in singular and plural. (In the compiled build a C type,
    vocabulary.pxd: the interpreter's functions that type a noun read its fields from the C
    struct. So not slotted: Cython takes no ``slots=True``.)"""

    id: str
    namespace: str
    name: str
    plural: str
    groups: tuple[str, ...] = ()
    base: str | None = None  # for terms: the noun they filter


@dataclass(frozen=True)
class Modifier:
    """A phrase a call may add after its object, e.g. "at a discount of {Discount} coins"."""

    id: str
    phrases: tuple[tuple[str, ...], ...]
    variable: str

    @cached_property
    def placeholders(self) -> tuple[str, ...]:
        """The names the phrases bind, in order (worked out once: a call reads them every time)."""
        names = []
        for phrase in self.phrases:
            names += [m.group(1) for m in map(PLACEHOLDER.match, phrase) if m]
        return tuple(dict.fromkeys(names))


@dataclass(frozen=True)
class Procedure:
    """A compound verb of the pack. (A C type in the compiled build, as Noun is.)"""

    id: str
    verb: tuple[str, ...]
    object: str | None
    object_words: tuple[str, ...]
    modifiers: tuple[Modifier, ...]
    result: str | None

    def variables(self) -> frozenset[str]:
        names = {"Count"}
        for modifier in self.modifiers:
            names.add(modifier.variable)
            names.update(modifier.placeholders)
        return frozenset(names)


@dataclass(slots=True)
class Vocabulary:
    """Every word of a loaded game, indexed for the checker."""

    nouns: dict[str, Noun] = field(default_factory=dict)  # by id
    phrases: dict[tuple[str, ...], Noun] = field(default_factory=dict)  # singular and plural words
    members: dict[str, set[str]] = field(default_factory=dict)  # group or base id -> member ids
    procedures: dict[str, list[Procedure]] = field(default_factory=dict)  # by first verb word
    attributes: set[str] = field(default_factory=lambda: set(BUILTIN_ATTRIBUTES))
    conflicts: list[tuple[str, str, str]] = field(default_factory=list)  # (message, namespace, id)

    def noun(self, words) -> Noun | None:
        return self.phrases.get(tuple(words))

    def longest_noun(self, words, allowed: set[str] | None = None) -> tuple[Noun, int] | None:
        """The longest prefix of ``words`` naming a noun (among ``allowed`` ids, if given)."""
        for length in range(len(words), 0, -1):
            noun = self.phrases.get(tuple(str(w) for w in words[:length]))
            if noun and (allowed is None or noun.id in allowed):
                return noun, length
        return None

    def family(self, noun_id: str) -> set[str]:
        """The noun, its members (transitively) and the terms built on any of them."""
        found, todo = set(), [noun_id]
        while todo:
            current = todo.pop()
            if current not in found:
                found.add(current)
                todo.extend(self.members.get(current, ()))
        return found

    def phrase_texts(self) -> list[str]:
        return [" ".join(words) for words in self.phrases]

    def verbs(self) -> list[str]:
        return sorted({" ".join(p.verb) for ps in self.procedures.values() for p in ps})


def camel(identifier: str) -> str:
    """snake_case id -> CamelCase variable name."""
    return "".join(part.capitalize() for part in identifier.split("_"))


def attribute_names(table) -> set[str]:
    """The attribute words of ``table`` (namespace -> id -> item): what "the X of Y" may read,
    and what a display, a sort or a set rule may order things by."""
    vocabulary = Vocabulary()
    for namespace in table:
        for item in table[namespace].values():
            _collect_attributes(vocabulary, item)
    return vocabulary.attributes


def build_vocabulary(table) -> Vocabulary:
    """Build the vocabulary from ``table``: namespace -> id -> item mapping."""
    vocabulary = Vocabulary()
    for namespace in NOUN_NAMESPACES:
        for item_id, item in sorted(table.get(namespace, {}).items()):
            _add_noun(vocabulary, namespace, item_id, item)
    for item_id, item in sorted(table.get("procedures", {}).items()):
        _add_procedure(vocabulary, item_id, item)
    vocabulary.attributes = attribute_names(table)
    return vocabulary


def _add_noun(vocabulary: Vocabulary, namespace: str, item_id: str, item) -> None:
    name = str(item.get("name", item_id.replace("_", " "))).lower()
    plural = str(item.get("plural") or name + "s").lower()
    base = item.get("noun") if namespace == "terms" else None
    noun = Noun(item_id, namespace, name, plural, tuple(item.get("groups") or ()), base)
    if item_id in vocabulary.nouns:
        other = vocabulary.nouns[item_id]
        message = f"the id {item_id!r} names both a {other.namespace} item and a {namespace} item"
        vocabulary.conflicts.append((message, namespace, item_id))
    vocabulary.nouns[item_id] = noun
    for words in {words_of(name), words_of(plural)}:
        if words in vocabulary.phrases and vocabulary.phrases[words].id != item_id:
            message = f"the words {' '.join(words)!r} name both {vocabulary.phrases[words].id!r} and {item_id!r}"
            vocabulary.conflicts.append((message, namespace, item_id))
        vocabulary.phrases[words] = noun
    for group in noun.groups:
        vocabulary.members.setdefault(group, set()).add(item_id)
    if base:
        vocabulary.members.setdefault(base, set()).add(item_id)


def _add_procedure(vocabulary: Vocabulary, item_id: str, item) -> None:
    modifiers = tuple(_modifier(m) for m in item.get("modifiers") or ())
    procedure = Procedure(
        id=item_id,
        verb=words_of(str(item.get("verb", item_id))),
        object=item.get("object"),
        object_words=words_of(str(item.get("object_words") or "")),
        modifiers=modifiers,
        result=item.get("result"),
    )
    vocabulary.procedures.setdefault(procedure.verb[0], []).append(procedure)


def words_of(text: str) -> tuple[str, ...]:
    """The words of a name or phrase, interned as the parser interns an effect's words: a lookup
    by an effect's words then matches each word at the identity test."""
    return tuple([sys.intern(word) for word in text.split()])


def _modifier(item) -> Modifier:
    phrases = item.get("phrase") or ()
    if isinstance(phrases, str):
        phrases = [phrases]
    return Modifier(
        id=item["id"],
        phrases=tuple(words_of(str(p)) for p in phrases),
        variable=camel(item["id"]),
    )


def _collect_attributes(vocabulary: Vocabulary, item) -> None:
    if not hasattr(item, "items"):
        return
    for key, value in item.items():
        if key == "attributes" and hasattr(value, "keys"):
            vocabulary.attributes.update(str(k) for k in value.keys())
        elif key == "instances" and isinstance(value, list):
            for instance in value:
                _collect_attributes(vocabulary, instance)
        elif isinstance(value, int) and not isinstance(value, bool):
            vocabulary.attributes.add(str(key))
