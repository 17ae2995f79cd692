"""The static check: resolve every word of an effect against the pack.

Walks the tree in text order, keeping the set of bound variable names, and
reports every problem it finds (unknown verb, noun, modifier, attribute or
variable; "who did" with no poll before it). Each problem carries the span
inside the effect text; the pipeline turns it into a file position.

A call's free words are split here: verb words, an optional quantity, the
object noun (longest match among the nouns the procedure accepts), then
modifier phrases, each matched against the procedure's declarations.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

from engine.effects import ast
from engine.effects.parser import keywords
from engine.effects.vocabulary import BUILTIN_NAMES, PLACEHOLDER, Procedure, Vocabulary
from engine.suggest import suggest


@dataclass(frozen=True)
class Problem:
    """One check error, located by offsets inside the effect text."""

    code: str
    message: str
    span: ast.Span | None
    hint: str | None = None
    about: tuple[str, str] | None = None  # (namespace, id) of the item whose words were misused


@dataclass(frozen=True, slots=True)
class ResolvedCall:
    """What a call means once its words are split."""

    procedure: Procedure
    quantity: ast.Quantity | None
    object: str | None
    modifiers: tuple[tuple[str, tuple[int, ...]], ...]  # (modifier id, placeholder values)


@dataclass
class _Scope:
    vocabulary: Vocabulary
    bound: set[str]
    problems: list[Problem] = field(default_factory=list)
    polls: int = 0
    calls: dict[int, ResolvedCall] = field(default_factory=dict)

    def report(self, code: str, message: str, node: ast.Node | None, hint: str | None = None) -> None:
        self.problems.append(Problem(code, message, node.span if node is not None else None, hint))


def check(node: ast.Node, vocabulary: Vocabulary, bound=()) -> tuple[list[Problem], dict[int, ResolvedCall]]:
    """Check ``node`` with the variables ``bound`` already known.

    Returns the problems and, for each call node (by id), what it resolved to.
    """
    scope = _Scope(vocabulary, set(bound) | BUILTIN_NAMES)
    _visit(node, scope)
    return scope.problems, scope.calls


def _visit(node, scope: _Scope) -> None:
    """Check ``node``: its own rule from CHECKS, else each of its children in order."""
    if node is None:
        return
    handler = CHECKS.get(type(node))
    if handler is not None:
        handler(node, scope)
    else:
        _children(node, scope)


def _children(node: ast.Node, scope: _Scope) -> None:
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, tuple):
            _visit_all(value, scope)
        elif isinstance(value, ast.Node):
            _visit(value, scope)


@functools.lru_cache(maxsize=None)
def _child_fields(node_type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(node_type) if f.name not in ("span", "text", "number"))


def _visit_all(nodes, scope: _Scope) -> None:
    for node in nodes:
        if isinstance(node, ast.Node):
            _visit(node, scope)


# ------------------------------------------------------------------ structure





def _bound(node: ast.Bound, scope):
    _visit(node.step, scope)
    scope.bound.add(node.name)


def _poll(node: ast.Poll, scope):
    if isinstance(node.who, ast.WhoDid):  # (the poll's own players: nobody has answered it yet)
        scope.report("E304", "'who did' has nothing to refer to", node.who,
                     "a poll's 'who' names the players it asks, as 'who has at least ...' or 'who has not passed'")
    else:
        _visit(node.who, scope)
    _visit(node.step, scope)
    scope.polls += 1
    if node.name:
        scope.bound.add(node.name)


def _let(node: ast.Let, scope):
    _visit(node.value, scope)
    scope.bound.add(node.name)


def _let_any(node: ast.LetAny, scope):
    _visit(node.low, scope)
    _visit(node.high, scope)
    scope.bound.add(node.name)


def _adjust(node: ast.Adjust, scope):
    _use(node.name, node, scope)
    _visit(node.low, scope)
    _visit(node.high, scope)
    _visit(node.cost, scope)


def _set(node: ast.Set, scope):
    _attribute_name(node.attribute, node, scope)
    _use(node.name, node, scope)
    _visit(node.value, scope)


def _for_each_in(node: ast.ForEachIn, scope):
    _attribute_name(node.attribute, node, scope)
    _use(node.owner, node, scope)
    scope.bound.add(node.name)
    _visit(node.body, scope)



def _choice(node: ast.Choice, scope):
    _visit(node.upgrade, scope)
    if node.count > len(node.options):
        scope.report("E304", f"choose {node.count} needs at least {node.count} options", node)
    _visit_all(node.options, scope)





def _for_each_of(node: ast.ForEachOf, scope):
    if node.item.noun not in {("opponent",), ("opponents",), ("player",), ("players",)}:
        _visit(node.item, scope)
    else:
        _visit(node.item.quantity, scope)
    scope.bound.add(node.name)
    _visit(node.body, scope)



# ------------------------------------------------------------------ actions





def _move(node: ast.Move, scope):
    _use(node.name, node, scope)
    _visit(node.place, scope)


def _call(node: ast.Call, scope):
    _visit(node.quantity, scope)
    for word in node.words:
        if isinstance(word, str) and word[:1].isupper():
            _use(word, node, scope)
    resolved = _resolve_call(node, scope)
    if resolved is not None:
        scope.calls[id(node)] = resolved


# ------------------------------------------------------------------ things


def _quantity(node: ast.Quantity, scope):
    if isinstance(node.value, str):  # "Count", "up to Most"
        _use(node.value, node, scope)


def _item(node: ast.Item, scope):
    _visit(node.quantity, scope)
    _noun(node.noun, node, scope)
    _visit_all(node.filters, scope)
    _visit(node.location, scope)


def _filter(node: ast.Filter, scope):
    _attribute_name(node.attribute, node, scope)
    if isinstance(node.value, str):
        _use(node.value, node, scope)



def _named_place(node, scope):
    _noun(node.words, node, scope)


def _every_place(node: ast.EveryPlace, scope):
    _named_place(node, scope)
    _visit_all(node.filters, scope)


def _var_place(node: ast.VarPlace, scope):
    _use(node.name, node, scope)


def _place_of(node: ast.PlaceOf, scope):
    if scope.vocabulary.noun((node.attribute,)) is None:
        _attribute_name(node.attribute, node, scope)
    _use(node.name, node, scope)



def _who_did(node: ast.WhoDid, scope):
    if scope.polls == 0:
        scope.report(
            "E304",
            "'who did' has nothing to refer to",
            node,
            "put an 'each opponent may ...' or 'each player may ...' step before it",
        )


def _with_noun(node, scope):
    _visit(getattr(node, "comparison", None), scope)
    _noun(node.noun, node, scope)
    _visit_all(node.filters, scope)
    _visit(node.location, scope)


def _kind_selector(node: ast.KindSelector, scope):
    if node.attribute != "kind":
        _attribute_name(node.attribute, node, scope)
    _with_noun(node, scope)


def _player_var(node: ast.PlayerVar, scope):
    _use(node.name, node, scope)


# ------------------------------------------------------------------ conditions and numbers



def _has(node: ast.Has, scope):
    _visit(node.player, scope)
    _with_noun(node, scope)


def _has_all_of(node: ast.HasAllOf, scope):
    _visit(node.player, scope)
    _attribute_name(node.attribute, node, scope)
    _use(node.name, node, scope)



def _named(node, scope):
    _use(node.name, node, scope)


def _nothing_to_check(node, scope):
    """A node with no names or words of its own ("of yours")."""


def _attribute(node: ast.Attribute, scope):
    if scope.vocabulary.noun((node.attribute,)) is None:
        _attribute_name(node.attribute, node, scope)
    _use(node.name, node, scope)


def _aggregate(node: ast.Aggregate, scope):
    _attribute_name(node.attribute, node, scope)
    _visit(node.selector, scope)



# ------------------------------------------------------------------ resolution


def _use(name: str, node, scope: _Scope) -> None:
    if name not in scope.bound:
        guess = suggest(name, scope.bound)
        hint = f"did you mean {guess!r}?" if guess else "bind it first with 'as Name'"
        scope.report("E304", f"the name {name} is not bound here", node, hint)


def _noun(words, node, scope: _Scope) -> None:
    if scope.vocabulary.noun(words) is None:
        text = " ".join(words)
        guess = _known_start(words, scope.vocabulary) or suggest(text, scope.vocabulary.phrase_texts())
        hint = f"did you mean {guess!r}?" if guess else "declare it in the pack's components"
        scope.problems.append(Problem("E302", f"unknown noun {text!r}", _noun_span(node, text), hint))


def _known_start(words, vocabulary: Vocabulary) -> str | None:
    """A known noun that the words begin with, followed by one word that only says what kind of
    thing it is (the noun, then "card" or "tokens"): that noun, the likeliest meaning. None
    otherwise (the spelling suggestion then guesses)."""
    if len(words) < 2 or str(words[-1]) not in KIND_WORDS:
        return None
    found = vocabulary.noun(words[:-1])
    return " ".join(str(word) for word in words[:-1]) if found is not None else None


# Words a designer may add after a noun to say what kind of thing it is.
KIND_WORDS = frozenset({"card", "cards", "token", "tokens", "coin", "coins", "piece", "pieces", "tile", "tiles"})


def _noun_span(node, text: str) -> ast.Span | None:
    """The span of the noun words: just after the quantity when there is one."""
    quantity = getattr(node, "quantity", None)
    if quantity is not None and quantity.span is not None:
        start = quantity.span.end + 1
        return ast.Span(start, start + len(text))
    return node.span


def _attribute_name(name: str, node, scope: _Scope) -> None:
    if name not in scope.vocabulary.attributes:
        guess = suggest(name, scope.vocabulary.attributes)
        hint = f"did you mean {guess!r}?" if guess else "declare it in the attributes of a card type, token or place"
        scope.report("E302", f"unknown attribute {name!r}", node, hint)


def _resolve_call(node: ast.Call, scope: _Scope) -> ResolvedCall | None:
    candidates = scope.vocabulary.procedures.get(node.verb, [])
    matching = [p for p in candidates if list(node.words[: len(p.verb) - 1]) == list(p.verb[1:])]
    if not matching:
        _unknown_verb(node, scope)
        return None
    failures = []
    for procedure in sorted(matching, key=lambda p: -len(p.verb)):
        resolved, problem = _match_call(node, procedure, scope)
        if resolved is not None:
            return resolved
        failures.append(problem)
    scope.problems.append(failures[0])
    return None


def _unknown_verb(node: ast.Call, scope: _Scope) -> None:
    choices = scope.vocabulary.verbs() + sorted(keywords())
    guess = suggest(node.verb, choices)
    hint = f"did you mean {guess!r}?" if guess else "known verbs: " + ", ".join(scope.vocabulary.verbs())
    span = ast.Span(node.span.start, node.span.start + len(node.verb)) if node.span else None
    scope.problems.append(Problem("E301", f"unknown verb {node.verb!r}", span, hint))


def _match_call(node: ast.Call, procedure: Procedure, scope: _Scope):
    words = list(node.words[len(procedure.verb) - 1 :])
    quantity = node.quantity
    if quantity is None and words and isinstance(words[0], int):
        quantity = ast.Quantity("exactly", words.pop(0))
    verb = " ".join(procedure.verb)
    object_id = None
    if procedure.object:
        allowed = scope.vocabulary.family(procedure.object)
        found = scope.vocabulary.longest_noun(words, allowed)
        if found is None:
            noun = scope.vocabulary.nouns.get(procedure.object)
            wanted = noun.name if noun else procedure.object
            return None, _misfit(f"'{verb}' needs a {wanted} after its quantity", node, procedure, _rest_hint(words))
        object_id, length = found[0].id, found[1]
        words = words[length:]
        if quantity is None:
            return None, _misfit(f"'{verb}' needs a quantity, like '{verb} 1 {found[0].name}'", node, procedure)
    elif procedure.object_words:
        if tuple(words[: len(procedure.object_words)]) != procedure.object_words:
            expected = " ".join(procedure.object_words)
            return None, _misfit(f"'{verb}' is written '{verb} {expected}'", node, procedure)
        words = words[len(procedure.object_words) :]
    modifiers, problem = _match_modifiers(words, procedure, node)
    if problem:
        return None, problem
    return ResolvedCall(procedure, quantity, object_id, modifiers), None


def _misfit(message: str, node: ast.Call, procedure: Procedure, hint: str | None = None) -> Problem:
    """E303: a call whose words do not fit its procedure (the problem is about that procedure)."""
    return Problem("E303", message, node.span, hint, ("procedures", procedure.id))


def _match_modifiers(words, procedure: Procedure, node):
    found = []
    while words:
        best = _longest_modifier(words, procedure)
        if best is None:
            text = " ".join(str(w) for w in words)
            phrases = [" ".join(p) for m in procedure.modifiers for p in m.phrases]
            guess = suggest(text, phrases)
            verb = " ".join(procedure.verb)
            if guess:
                hint = f"did you mean {guess!r}?"
            elif phrases:
                hint = f"'{verb}' accepts: " + "; ".join(repr(p) for p in phrases)
            else:
                hint = f"'{verb}' takes no modifiers"
            return (), _misfit(f"'{verb}' does not understand {text!r}", node, procedure, hint)
        modifier, length, values = best
        found.append((modifier.id, values))
        words = words[length:]
    return tuple(found), None


def _longest_modifier(words, procedure: Procedure):
    best = None
    for modifier in procedure.modifiers:
        for phrase in modifier.phrases:
            values = _phrase_match(words, phrase)
            if values is not None and (best is None or len(phrase) > best[1]):
                best = (modifier, len(phrase), values)
    return best


def _phrase_match(words, phrase):
    if len(words) < len(phrase):
        return None
    values = []
    for word, expected in zip(words, phrase):
        if PLACEHOLDER.match(expected):
            if not (isinstance(word, int) or str(word)[:1].isupper()):
                return None
            values.append(word)
        elif str(word) != expected:
            return None
    return tuple(values)


def _rest_hint(words) -> str | None:
    return f"found {' '.join(str(w) for w in words)!r}" if words else None


# Only the nodes that bind or use names, or name things of the pack, have a rule;
# every other node is checked by checking its children in order.
CHECKS = {
    ast.Bound: _bound,
    ast.Poll: _poll,
    ast.Let: _let,
    ast.LetAny: _let_any,
    ast.Adjust: _adjust,
    ast.Set: _set,
    ast.ForEachIn: _for_each_in,
    ast.ForEachOf: _for_each_of,
    ast.Choice: _choice,
    ast.Move: _move,
    ast.Perform: _named,
    ast.Call: _call,
    ast.Quantity: _quantity,
    ast.Item: _item,
    ast.BoundItem: _named,
    ast.Filter: _filter,
    ast.OtherThan: _named,
    ast.Yours: _nothing_to_check,
    ast.OwnPlace: _named_place,
    ast.EveryPlace: _every_place,
    ast.VarPlace: _var_place,
    ast.PlaceOf: _place_of,
    ast.WhoDid: _who_did,
    ast.WhoHas: _with_noun,
    ast.ThingSelector: _with_noun,
    ast.KindSelector: _kind_selector,
    ast.PlayerVar: _player_var,
    ast.Has: _has,
    ast.HasAllOf: _has_all_of,
    ast.Flag: _named,
    ast.Var: _named,
    ast.Attribute: _attribute,
    ast.Aggregate: _aggregate,
}
