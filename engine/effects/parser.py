"""Parse effect text into the typed syntax tree, with errors designers can read.

The Lark parser is built once from grammar/effects.lark (LALR, contextual
lexer) with the transformer inside it, so the typed nodes are built while
parsing and no intermediate tree exists. Lark cannot pass positions to such
a transformer, so each node's span is computed from the tokens and nodes
it was built from (keywords are dropped, so a span starts at the first
kept token: "gain 2 coins" spans "2 coins"). A syntax error becomes an
``EffectSyntaxError`` carrying the offset inside the text, what was found,
what would have been accepted, and a did-you-mean.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass

from lark import Lark, Token, Transformer

try:  # the compiled LALR parser and lexer: same grammar, same trees, about 1.5x faster
    import lark_cython
except ImportError:  # pragma: no cover - the pure-Python parser is the fallback
    lark_cython = None

TOKEN_TYPES = (Token,) + ((lark_cython.Token,) if lark_cython else ())
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from engine.effects import ast
from engine.resources import data_dir
from engine.suggest import suggest

SEPARATORS = {"THEN", "OR_SEP", "ELSE"}

# How terminals are named in "expected ..." messages.
TERMINAL_WORDS = {
    "WORD": "a word",
    "VAR": "a Name (capitalised)",
    "INT": "a number",
    "THEN": "', then'",
    "OR_SEP": "'; or'",
    "ELSE": "'; otherwise'",
    "COUNT_WORD": "'one', 'two' or 'three'",
    "PLAYERS": "'opponent' or 'player'",
    "HAVE": "'have'",
    "LOC_WORD": "'in', 'on' or 'from'",
    "SIDE": "'right' or 'left'",
    "MORE_LESS": "'more' or 'less'",
    "CMP": "'at least', 'at most', 'more than', 'less than' or 'exactly'",
    "AGGREGATE": "'highest', 'lowest' or 'total'",
    "$END": "the end of the text",
}


@dataclass
class EffectSyntaxError(Exception):
    """A syntax error at ``offset`` inside the effect text."""

    offset: int
    message: str
    hint: str | None = None
    length: int = 1

    def __str__(self) -> str:
        return self.message


@functools.lru_cache(maxsize=None)
def _lark() -> Lark:
    text = (data_dir("grammar") / "effects.lark").read_text(encoding="utf-8")
    plugins = {"_plugins": lark_cython.plugins} if lark_cython else {}
    return Lark(
        text,
        parser="lalr",
        start=["effect", "condition", "expression"],
        transformer=_ToAst(),
        **plugins,
    )


def parse_effect(text: str) -> ast.Effect:
    """Parse a whole effect; raises EffectSyntaxError."""
    return _parse(text, "effect")


def parse_condition(text: str) -> ast.Node:
    """Parse a yes/no condition; raises EffectSyntaxError."""
    return _parse(text, "condition")


def parse_expression(text: str) -> ast.Node:
    """Parse a number expression; raises EffectSyntaxError."""
    return _parse(text, "expression")


def keywords() -> frozenset[str]:
    """Every literal keyword of the grammar (for did-you-mean and reserved words)."""
    words = set()
    for terminal in _lark().terminals:
        pattern = terminal.pattern
        if pattern.type == "str" and pattern.value.isalpha():
            words.add(pattern.value)
    return frozenset(words)


def _parse(text: str, start: str):
    try:
        return _lark().parse(text, start=start)
    except UnexpectedInput as error:
        raise _syntax_error(text, error) from None


# ------------------------------------------------------------------ errors


def _syntax_error(text: str, error: UnexpectedInput) -> EffectSyntaxError:
    if isinstance(error, UnexpectedToken):
        return _unexpected_token(text, error)
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        expected = _expected_words(error.allowed or set())
        return EffectSyntaxError(
            error.pos_in_stream,
            f"unexpected character {char!r}",
            hint=f"expected {expected}" if expected else None,
        )
    return EffectSyntaxError(getattr(error, "pos_in_stream", 0) or 0, str(error).splitlines()[0])


def _unexpected_token(text: str, error: UnexpectedToken) -> EffectSyntaxError:
    token = error.token
    expected = _expected_words(error.expected)
    if token.type == "$END":
        return EffectSyntaxError(
            len(text.rstrip()), "the effect ends too early", hint=f"expected {expected}", length=1
        )
    capital = _capitalised_keyword(text, token.start_pos)
    if capital is not None:
        start, word = capital
        return EffectSyntaxError(start, f"unexpected name {word}", length=len(word),
                                 hint=f"the effect language's words are lowercase: write {word.lower()!r} "
                                      "(a capitalised word is a name, as in 'as Name')")
    found = _text(token)
    hint = f"expected {expected}"
    guess = suggest(found, _expected_literals(error.expected)) or _misspelt_step_verb(text, token.start_pos)
    if found in NUMBER_WORDS and "INT" in error.expected:
        hint = f"write numbers as digits ({NUMBER_WORDS[found]}, not {found})"
    elif guess:
        hint = f"did you mean {guess!r}? ({hint})"
    return EffectSyntaxError(
        token.start_pos, f"unexpected {_describe(token)}", hint=hint, length=max(1, len(found))
    )


NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
STEP_BREAKS = (", then", "; or", "; otherwise", ".", ":")


def _capitalised_keyword(text: str, offset: int) -> tuple[int, str] | None:
    """(where, the word) when the step around ``offset`` begins with a keyword written with a
    capital ("Gain 2 ..."): a capitalised word is a name, so the parse failed later on."""
    start = _step_start(text, offset)
    words = text[start:offset].split()
    if not words or not words[0][:1].isupper() or words[0].lower() not in keywords():
        return None
    return text.index(words[0], start), words[0]


def _step_start(text: str, offset: int) -> int:
    """Where the step around ``offset`` begins: after the last step break before it."""
    return max(text.rfind(mark, 0, offset) + len(mark) if mark in text[:offset] else 0 for mark in STEP_BREAKS)


def _misspelt_step_verb(text: str, offset: int) -> str | None:
    """The keyword the step around ``offset`` probably meant to start with."""
    first = text[_step_start(text, offset):offset].split()[:1]
    if not first or first[0] in keywords():
        return None
    return suggest(first[0], keywords())


def _describe(token: Token) -> str:
    if token.type == "INT":
        return f"number {_text(token)}"
    if token.type == "VAR":
        return f"name {_text(token)}"
    text = _text(token)
    return f"word {text}" if text.isalpha() else text


def _expected_literals(names) -> list[str]:
    literals = []
    for name in names:
        try:
            pattern = _lark().get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            literals.append(pattern.value)
    return literals


def _expected_words(names) -> str:
    words = sorted({_terminal_word(name) for name in names})
    if len(words) > 10:
        words = words[:10] + ["..."]
    return ", ".join(words)


def _terminal_word(name: str) -> str:
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    try:
        pattern = _lark().get_terminal(name).pattern
    except KeyError:
        return name
    return repr(pattern.value) if pattern.type == "str" else name


# ------------------------------------------------------------------ tree building


def _bounds(child) -> tuple[int, int] | None:
    span = getattr(child, "span", None)
    if span is not None:  # a node
        return span.start, span.end
    start = getattr(child, "start_pos", None)
    if start is not None:  # a token
        return start, child.end_pos
    if isinstance(child, (tuple, list)):
        first = last = None
        for part in child:
            first = _bounds(part)
            if first:
                break
        for part in reversed(child):
            last = _bounds(part)
            if last:
                break
        return (first[0], last[1]) if first else None
    if isinstance(child, _Upgrade):
        return _bounds(child.step)
    return None


def _cover(children) -> ast.Span | None:
    """The span from the first to the last positioned child (keywords are not kept)."""
    found = _bounds(children)
    return ast.Span(*found) if found else None


def _text(token) -> str:
    """A token's text, interned: the words of an effect and of the vocabulary are then one object
    each, and the interpreter's lookups by words match at the identity test."""
    return sys.intern(token.value if isinstance(token, TOKEN_TYPES) else str(token))


def _words(tokens) -> tuple[str, ...]:
    return tuple(_text(t) for t in tokens)


def _split_tail(children):
    """Split ``filter* location?`` children into (filters, location)."""
    filters = tuple(c for c in children if isinstance(c, (ast.Filter, ast.OtherThan, ast.Yours)))
    locations = [c for c in children if isinstance(c, ast.Location)]
    return filters, (locations[0] if locations else None)


def _normalise(text: str) -> str:
    return " ".join(str(text).split())


class _ToAst(Transformer):
    """Turns each grammar rule into its node; one method per rule."""

    # -- effects
    def effect(self, children):
        return ast.at(ast.Effect(tuple(children)), _cover(children))

    def sentence(self, children):
        steps = tuple(c for c in children if not (isinstance(c, TOKEN_TYPES) and c.type in SEPARATORS))
        return ast.at(ast.Sentence(steps), _cover(children))

    def exchange(self, children):
        return ast.at(ast.Exchange(children[0], children[1]), _cover(children))

    def bound(self, children):
        return ast.at(ast.Bound(children[0], _text(children[1])), _cover(children))

    def may(self, children):
        return ast.at(ast.May(children[0]), _cover(children))

    def poll(self, children):
        players, *rest = children
        who = rest.pop(0) if isinstance(rest[0], (ast.WhoDid, ast.WhoHas, ast.WhoPassed)) else None
        name = _text(rest[1]) if len(rest) > 1 else None
        return ast.at(ast.Poll(_text(players), rest[0], name, who), _cover(children))

    def let(self, children):
        return ast.at(ast.Let(_text(children[0]), children[1]), _cover(children))

    def let_any(self, children):
        name, low, high = children
        return ast.at(ast.LetAny(_text(name), low, high), _cover(children))

    def adjust(self, children):
        name, low, high, *rest = children
        wrap = any(isinstance(c, _Wrapping) for c in rest)
        cost = next((c for c in rest if isinstance(c, ast.Pay)), None)
        return ast.at(ast.Adjust(_text(name), low, high, wrap, cost), _cover(children))

    def wrapping(self, children):
        return _Wrapping()

    def per_step(self, children):
        return ast.at(ast.Pay(children[0]), _cover(children[0]))

    def if_possible(self, children):
        return ast.at(ast.IfPossible(children[0]), _cover(children))

    def set(self, children):
        attribute, name, value = children
        return ast.at(ast.Set(_text(attribute), _text(name), value), _cover(children))

    def for_each_in(self, children):
        attribute, owner, name, body = children
        return ast.at(ast.ForEachIn(_text(attribute), _text(owner), _text(name), body), _cover(children))

    def repeat(self, children):
        return ast.at(ast.Repeat(children[0], children[1]), _cover(children))

    def twice(self, children):
        return ast.at(ast.Twice(children[0]), _cover(children))

    def choice(self, children):
        count = {"one": 1, "two": 2, "three": 3}[_text(children[0])]
        upgrade = next((c.step for c in children if isinstance(c, _Upgrade)), None)
        options = tuple(c for c in children if isinstance(c, ast.Sentence))
        return ast.at(ast.Choice(count, options, upgrade), _cover(children))

    def upgrade(self, children):
        return _Upgrade(children[0])

    def conditional(self, children):
        sentences = [c for c in children if isinstance(c, ast.Sentence)]
        otherwise = sentences[1] if len(sentences) > 1 else None
        return ast.at(ast.Conditional(children[0], sentences[0], otherwise), _cover(children))

    def only_if(self, children):
        return ast.at(ast.OnlyIf(children[0], children[1]), _cover(children))

    def for_each(self, children):
        return ast.at(ast.ForEach(children[0], children[1]), _cover(children))

    def for_each_of(self, children):
        quantity, noun, *rest = children
        body = rest.pop()
        name = _text(rest.pop())
        filters, location = _split_tail(rest)
        item = ast.at(ast.Item(quantity, _words(noun), filters, location), _cover(children))
        return ast.at(ast.ForEachOf(item, name, body), _cover(children))

    def obligation(self, children):
        return ast.at(ast.Obligation(children[0], children[1]), _cover(children))

    # -- actions
    def gain(self, children):
        per = children[1] if len(children) > 1 else None
        return ast.at(ast.Gain(children[0], per), _cover(children))

    def per(self, children):
        return children[0]

    def give(self, children):
        return ast.at(ast.Give(children[0], children[1]), _cover(children))

    def move(self, children):
        return ast.at(ast.Move(_text(children[0]), children[1]), _cover(children))

    def perform(self, children):
        return ast.at(ast.Perform(_text(children[0])), _cover(children))

    def pass_turn(self, children):
        return ast.Pass()

    def call(self, children):
        verb, quantity, *words = children
        return ast.at(ast.Call(_text(verb), quantity, _call_words(words)), _cover(children))

    def call_bare(self, children):
        verb, *words = children
        return ast.at(ast.Call(_text(verb), None, _call_words(words)), _cover(children))

    # -- things
    def items(self, children):
        return tuple(children)

    def item(self, children):
        quantity, noun, *rest = children
        filters, location = _split_tail(rest)
        return ast.at(ast.Item(quantity, _words(noun), filters, location), _cover(children))

    def bound_item(self, children):
        return ast.at(ast.BoundItem(_text(children[0])), _cover(children))

    def every(self, children):
        return ast.at(ast.Quantity("every", None), _cover(children))

    def exactly(self, children):
        return ast.at(ast.Quantity("exactly", int(_text(children[0]))), _cover(children))

    def up_to(self, children):
        value = _text(children[0])
        value = int(value) if value.isdigit() else value
        return ast.at(ast.Quantity("up_to", value), _cover(children))

    def any_number(self, children):
        return ast.at(ast.Quantity("any_number", None), _cover(children))

    def compared(self, children):
        mode = _normalise(_text(children[0])).replace(" ", "_")
        return ast.at(ast.Quantity(mode, int(_text(children[1]))), _cover(children))

    def all(self, children):
        return ast.at(ast.Quantity("all", None), _cover(children))

    def passed(self, children):
        return ast.at(ast.Quantity("passed", _text(children[0])), _cover(children))

    def noun_words(self, children):
        return tuple(children)  # tokens, so the caller can cover them

    def filter(self, children):
        direction = children[2] if len(children) > 2 else None
        value = _text(children[1])
        value = int(value) if value.isdigit() else value
        return ast.at(ast.Filter(_text(children[0]), value, direction), _cover(children))

    def other_than(self, children):
        return ast.at(ast.OtherThan(_text(children[0])), _cover(children))

    def yours(self, children):
        return ast.at(ast.Yours(), _cover(children))

    def bound_dir(self, children):
        return _text(children[0])

    def location(self, children):
        return ast.at(ast.Location(_text(children[0]), children[1]), _cover(children))

    def own_place(self, children):
        return ast.at(ast.OwnPlace(_words(children)), _cover(children))

    def every_place(self, children):
        filters, _none = _split_tail(children)
        words = [child for child in children if isinstance(child, TOKEN_TYPES)]
        return ast.at(ast.EveryPlace(_words(words), filters), _cover(children))

    def bound_place(self, children):
        return ast.at(ast.VarPlace(_text(children[0])), _cover(children))

    def place_of(self, children):
        return ast.at(ast.PlaceOf(_text(children[0]), _text(children[1])), _cover(children))

    def player_selector(self, children):
        who = children[1] if len(children) > 1 else None
        return ast.at(ast.PlayerSelector(_text(children[0]), who), _cover(children))

    def who_did(self, children):
        return ast.at(ast.WhoDid(False), _cover(children))

    def who_did_not(self, children):
        return ast.at(ast.WhoDid(True), _cover(children))

    def who_passed(self, children):
        return ast.at(ast.WhoPassed(False), _cover(children))

    def who_not_passed(self, children):
        return ast.at(ast.WhoPassed(True), _cover(children))

    def who_has(self, children):
        _have, comparison, noun, *rest = children
        filters, location = _split_tail(rest)
        return ast.at(ast.WhoHas(comparison, _words(noun), filters, location), _cover(children))

    def thing_selector(self, children):
        noun, *rest = children
        filters, location = _split_tail(rest)
        return ast.at(ast.ThingSelector(_words(noun), filters, location), _cover(children))

    def kind_selector(self, children):
        noun, *rest = children
        filters, location = _split_tail(rest)
        return ast.at(ast.KindSelector(_words(noun), filters, location), _cover(children))

    def values_selector(self, children):
        attribute, noun, *rest = children
        filters, location = _split_tail(rest)
        return ast.at(ast.KindSelector(_words(noun), filters, location, " ".join(_words(attribute))), _cover(children))

    # -- players
    def you(self, children):
        return ast.at(ast.You(), _cover(children))

    def player_var(self, children):
        return ast.at(ast.PlayerVar(_text(children[0])), _cover(children))

    def neighbour(self, children):
        return ast.at(ast.Neighbour(_text(children[0])), _cover(children))

    # -- conditions
    def any_of(self, children):
        if len(children) == 1:
            return children[0]
        return ast.at(ast.AnyOf(tuple(children)), _cover(children))

    def all_of(self, children):
        if len(children) == 1:
            return children[0]
        return ast.at(ast.AllOf(tuple(children)), _cover(children))

    def negation(self, children):
        return ast.at(ast.Not(children[0]), _cover(children))

    def has(self, children):
        player, have, comparison, noun, *rest = children
        filters, location = _split_tail(rest)
        return ast.at(ast.Has(player, _text(have), comparison, _words(noun), filters, location), _cover(children))

    def has_all_of(self, children):
        player, have, attribute, name = children
        return ast.at(ast.HasAllOf(player, _text(have), _text(attribute), _text(name)), _cover(children))

    def compare(self, children):
        return ast.at(ast.Compare(children[0], children[1]), _cover(children))

    def truth(self, children):
        value = children[0]
        if isinstance(value, ast.Var):
            return ast.at(ast.Flag(value.name), value.span)
        return ast.at(ast.Truth(value), _cover(children))

    def comparison(self, children):
        op = _normalise(_text(children[0])) if len(children) > 1 else None
        return ast.at(ast.Comparison(op, children[-1]), _cover(children))

    # -- numbers
    def number(self, children):
        return ast.at(ast.Number(int(_text(children[0]))), _cover(children))

    def var(self, children):
        return ast.at(ast.Var(_text(children[0])), _cover(children))

    def attribute(self, children):
        return ast.at(ast.Attribute(_text(children[0]), _text(children[1])), _cover(children))

    def count(self, children):
        return ast.at(ast.Count(children[0]), _cover(children))

    def aggregate(self, children):
        kind, attribute, selector = children
        return ast.at(ast.Aggregate(_text(kind), _text(attribute), selector), _cover(children))

    def expression(self, children):
        return children[0]

    def plus(self, children):
        return ast.at(ast.Plus(children[0], children[1]), _cover(children))

    def minus(self, children):
        return ast.at(ast.Minus(children[0], children[1]), _cover(children))


def _items_rule(node_class):
    def build(self, children):
        return ast.at(node_class(children[0]), _cover(children))

    return build


for _name, _class in {
    "lose": ast.Lose,
    "pay": ast.Pay,
    "draw": ast.Draw,
    "discard": ast.Discard,
    "take": ast.Take,
    "reveal": ast.Reveal,
    "play": ast.Play,
    "pick": ast.Pick,
}.items():
    setattr(_ToAst, _name, _items_rule(_class))


@dataclass(frozen=True)
class _Upgrade:
    step: ast.Node


@dataclass(frozen=True)
class _Wrapping:
    """The words ", wrapping around" of an adjust step (no node of their own)."""


def _call_words(tokens) -> tuple[str | int, ...]:
    return tuple(int(_text(t)) if t.type == "INT" else _text(t) for t in tokens)
