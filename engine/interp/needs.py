"""What an effect must pay before anything in it can add to what it pays.

A payment that every way through an effect meets before any step could raise
that counter is a *need*: with less than that now, the effect cannot be
carried out, whatever is chosen on the way. Needs are read once per node from
the tree alone: a sequence's steps in order, into "only if" bodies, exchanges
and procedure bodies (with the nouns the call substitutes), up to the first
step the reading does not follow (a condition's branches, a pick, a procedure
with effects that trigger after it, anything but a resource counter
changing). Gaining a resource ends the needs of that resource only; paying or
losing others, binding a number and testing a condition change nothing here.

A *ceiling* is the other side: "only if you have less than 1 purchase" in a
procedure's body (where "you" is the one acting), met before any step could
lower that counter, fails with the counter at the limit or over it now (a gain
before the test can only raise it). A way keeps it as (resource, -limit).

A "choose one" splits the reading into one *way* per option, each read on
with its own needs ("pay 3 silver to gain 1 vp; or pay 3 workers to gain 1
vp": two ways); an answer is refused only when every way lacks something. A
repeat whose least number of runs is known (a plain number, or the Count the
call gives: "convert at least 1 ...") is read through its body once. The ways
are capped (MOST_WAYS): a choice that would make more is where the reading
stops, which keeps every way sound.

``refusal(rt)`` applies them to the decision the top frame asks: the answers
that surely fail for want of a counter ("yes" to a "may", an option of a
"choose one", a value of an adjustment that costs per step). The option
judges refuse those at once; the reason in words, which only a decision that
is really asked shows, is then worked out by the full judge (runtime.py).
``paid_for(rt, depth)`` is the other side, for an adjustment whose price per
step is a plain payment with nothing after it in the region that could fail:
a value the player can pay for is then surely legal, without a walk, and one they
cannot pay for is worded by ``plain_shortfall``, its price paid step by step off the
counter as the handler pays it, in World.shortfall's words: again without a walk.
It reads a "choose one" asked with nothing after it that could fail the same way:
an option whose needs *decide* it (every way through it exact: the only steps on
it that could fail are the payments and ceilings the reading counted, and where
the reading stopped nothing after could fail) is legal when some way has all it
needs ("only if you have less than 2 workers: ...", "pay 3 silver to gain 1 vp").
"""

from __future__ import annotations

from engine.effects.ast import (
    Adjust, Call, Choice, Effect, Exchange, Gain, Has, Item, Let, Lose, May, Number, OnlyIf, Pay, Repeat, Sentence,
    Var, You,
)
from engine.interp import slots as F
from engine.interp.fallible import below_top_fails, can_fail
from engine.interp.calls import nouns_of, plan_of
from engine.interp.handlers import adjust_steps, repeat_bounds
from engine.interp.labels import choice_indexes, choice_keys
from engine.interp.values import counter_owner, is_resource

NONE: tuple = ()
NOT_MADE = object()  # a refusal not made yet (_Decided)
CEILINGS = {"less than": 0, "fewer than": 0, "at most": 1}  # a comparison -> what its number adds to the limit
MOST_WAYS = 8  # ways one reading may split into (a "choose one" that would make more is not followed)


class _Way:
    """One way through the effect being read: what it surely pays so far, the resources a
    step has raised (their later payments are not needs), the ceilings it surely meets (a
    counter that must be below a number), the resources a step has lowered (a later test of
    them is no ceiling), whether the reading goes on, and whether it is *exact*: every step
    that could fail on it so far is a payment or a ceiling it counted, and where its reading
    stopped nothing after could fail (then having what it needs is all the way takes)."""

    __slots__ = ("need", "raised", "ceiling", "lowered", "going", "exact")

    def __init__(self, need: dict, raised: set, ceiling: dict, lowered: set, exact: bool = True) -> None:
        self.need, self.raised, self.ceiling, self.lowered, self.going = need, raised, ceiling, lowered, True
        self.exact = exact

    def split(self) -> "_Way":
        return _Way(dict(self.need), set(self.raised), dict(self.ceiling), set(self.lowered), self.exact)

    def entries(self) -> tuple:
        """What the way needs, as ``short`` reads it: (resource, amount) to pay, then
        (resource, -limit) for a counter that must be below ``limit``; each part sorted."""
        return tuple(sorted(self.need.items())) + tuple(sorted((r, -limit) for r, limit in self.ceiling.items()))


def needs(game, number: int) -> tuple:
    """The ways through node ``number``, each as what it surely pays before it could raise it,
    and the ceilings it surely meets before it could lower them (((resource, amount), ...,
    (resource, -limit), ...), ...: _Way.entries); empty when some way needs nothing."""
    memo = game.memo.setdefault("needs", {})
    found = memo.get(number)
    if found is None:
        ways = _read(game, game.nodes[number], {}, [_Way({}, set(), {}, set())], frozenset(), None, False)
        found = tuple(dict.fromkeys(way.entries() for way in ways))
        if () in found:  # a way that needs nothing: no answer is refused
            found = ()
        memo[number] = found
        game.memo["needs_exact"][number] = all(way.exact for way in ways)
    return found


def decided(game, number: int) -> bool:
    """Whether what node ``number`` needs decides it: it can be carried out exactly when some
    way through it has what it needs (needs), every way being exact (_Way)."""
    exact = game.memo["needs_exact"]
    if number not in exact:
        needs(game, number)
    return exact[number]


def _read(game, node, subst: dict, ways: list, calls: frozenset, count: int | None, after: bool) -> list:
    """The ways after reading ``node`` on each going way; ``count`` is the least Count the
    procedure being read was called with (None: unknown); ``after``: whether a step after
    ``node`` in the effect being read could fail (a way whose reading stops here is then no
    longer exact)."""
    kind = type(node)
    if kind is Effect or kind is Sentence:
        parts = node.sentences if kind is Effect else node.steps
        fails = [can_fail(game, game.number(part)) for part in parts]
        for index in range(len(parts)):
            later = after or any(fails[index + 1:])
            ways = _read(game, parts[index], subst, ways, calls, count, later)
        return ways
    going = [way for way in ways if way.going]
    if not going:
        return ways
    if kind is Let:
        if node.name == "Count":  # the body names its own Count: the call's is no longer read
            return _stop(ways, not after)
        return ways
    if kind is OnlyIf:  # the test changes nothing; failing it is a no as well
        for way in going:  # in a procedure's body, "you" is the actor whose counters are read
            if not (calls and _ceiling(game, node.condition, subst, way)):
                way.exact = False
        return _read(game, node.body, subst, ways, calls, count, after)
    if kind is Exchange:
        cost = _read(game, node.cost, subst, ways, calls, count, after or can_fail(game, game.number(node.reward)))
        return _read(game, node.reward, subst, cost, calls, count, after)
    if kind is Gain or kind is Pay or kind is Lose:
        for way in going:
            _counters(game, node, subst, way)
        return ways
    if kind is Call:
        return _call(game, node, subst, ways, calls, after)
    if kind is Choice:
        return _split(game, node, subst, ways, going, calls, count, after)
    if kind is Repeat:
        least = _least_runs(node, count)
        if least >= 1:  # the body runs once at least: read it once (runs past the first one are
            # read only when they must run: none more, or more that the player may stop)
            exact = least == 1 and not after
            return _stop(_read(game, node.body, subst, ways, calls, count, after or least > 1), exact)
    return _stop(ways, not after and not can_fail(game, game.number(node)))


def _stop(ways: list, exact: bool) -> list:
    """The reading ends on each way; ``exact``: whether a way still exact stays so (nothing it
    has not read could fail)."""
    for way in ways:
        if way.going and not exact:
            way.exact = False
        way.going = False
    return ways


def _call(game, node: Call, subst: dict, ways: list, calls: frozenset, after: bool) -> list:
    plan = plan_of(game, game.number(node))
    procedure = plan.procedure
    if procedure in calls:  # a procedure that calls itself
        return _stop(ways, False)
    body = game.nodes[plan.body]
    ways = _read(game, body, nouns_of(plan, subst), ways, calls | {procedure}, _least_count(plan),
                 after or plan.triggered)
    return _stop(ways, False) if plan.triggered else ways  # what triggers after it is not read


def _least_count(plan) -> int | None:
    """The least Count a call gives its body, when its words fix it (calls.CallPlan)."""
    count = plan.fixed["Count"]
    return None if count is None else repeat_bounds(count)[0]


def _least_runs(node: Repeat, count: int | None) -> int:
    times = node.times
    if type(times) is Number:
        return times.value
    if type(times) is Var and times.name == "Count" and count is not None:
        return count
    return 0


def _split(game, node: Choice, subst: dict, ways: list, going: list, calls: frozenset, count, after: bool) -> list:
    """A "choose one": each going way splits into one way per option (read on with it)."""
    if node.count != 1 or node.upgrade is not None:
        return _stop(ways, not after and not can_fail(game, game.number(node)))
    split = [way for way in ways if not way.going]
    for option in node.options:
        split += _read(game, option, subst, [way.split() for way in going], calls, count, after)
    return split if len(split) <= MOST_WAYS else _stop(ways, False)


def _counters(game, node, subst: dict, way: _Way) -> None:
    """A gain, payment or loss of resources: a payment of a fixed amount adds to the need of a
    resource nothing has raised yet; a gain raises it. Anything else ends the way's reading,
    and a loss or a payment that is no need leaves it no longer exact."""
    for item in node.items:
        if type(item) is not Item or item.filters or item.location is not None:
            way.going = way.exact = False
            return
        noun = game.noun(item.noun)
        if noun is not None and noun.id in subst:
            noun = game.nouns[subst[noun.id]]
        if noun is None or not is_resource(noun):
            way.going = way.exact = False
            return
        resource, quantity = noun.id, item.quantity
        if type(node) is Gain:
            way.raised.add(resource)
            continue
        way.lowered.add(resource)
        if type(node) is Pay and resource not in way.raised:
            if quantity.mode == "exactly" and type(quantity.value) is int:
                way.need[resource] = way.need.get(resource, 0) + quantity.value
            else:  # an amount known only then: later payments of it are not added up
                way.raised.add(resource)
                way.exact = False
        else:
            way.exact = False


def _ceiling(game, condition, subst: dict, way: _Way) -> bool:
    """A test "you have less than N R" (or "fewer than", "at most") of a resource counter that no
    step before it has lowered: the way meets it only with R below the limit now (a gain before
    the test can only raise R). Any other test adds nothing. Whether the test is exactly that
    (R neither raised nor lowered before it: below the limit now, it holds)."""
    if type(condition) is not Has or type(condition.player) is not You or condition.filters \
            or condition.location is not None:
        return False
    comparison = condition.comparison
    limit = comparison.right
    if type(limit) is not Number or comparison.op not in CEILINGS:
        return False
    noun = game.noun(condition.noun)
    if noun is not None and noun.id in subst:
        noun = game.nouns[subst[noun.id]]
    if noun is None or not is_resource(noun) or noun.id in way.lowered:
        return False
    below = limit.value + CEILINGS[comparison.op]
    way.ceiling[noun.id] = min(below, way.ceiling.get(noun.id, below))
    return noun.id not in way.raised


def short(rt, wanted: tuple, seat: int, times: int = 1) -> bool:
    """Whether ``seat`` lacks something on every way of ``wanted`` (``times`` over) now, or has
    too much of a counter that must be below a limit (a negative amount: its first run fails).
    Paid several times, an effect of several ways may take a different way each time: not read."""
    if not wanted or (times > 1 and len(wanted) > 1):  # no way needs anything, or not read
        return False
    world, game = rt.world, rt.game
    for way in wanted:
        for resource, amount in way:
            if amount < 0:  # a ceiling: the way fails with -amount or more
                if world.counter(counter_owner(game, resource, seat), resource) >= -amount:
                    break
            elif world.lacks(counter_owner(game, resource, seat), resource, amount * times):
                break
        else:
            return False  # this way has all it needs
    return True


# ------------------------------------------------------------------ a pending question


def refusal(rt):
    """``refused(key)``: whether answering the top frame's decision with ``key`` surely fails for
    want of a counter; None when the decision is of a shape this does not read, or its answers
    need nothing."""
    frame = rt.stack[-1]
    number = frame[F.NODE]
    if number is None or frame[F.NOUNS]:  # nouns substituted here: the needs were read without
        return None
    game = rt.game
    node = game.nodes[number]
    shape = dict.get(REFUSALS, type(node))
    if shape is None:
        return None
    wanted = _answer_needs(game, number, node, shape[0])
    return None if wanted is None else shape[1](rt, frame, node, wanted)


def _answer_needs(game, number: int, node, read) -> tuple | None:
    """What the answers of decision ``node`` need (``read``: its shape's reader), read once
    per node."""
    memo = game.answer_needs
    wanted = dict.get(memo, number, NONE)
    if wanted is NONE:
        wanted = memo[number] = read(game, node)
    return wanted


def _may_needs(game, node: May):
    return needs(game, game.number(node.step)) or None


def unaffordable(rt, node, seat: int) -> bool:
    """Whether every answer of ``node`` but the free one surely fails for want of a counter:
    a "may" whose yes, or an adjustment whose every step, ``seat`` cannot pay. What ``refusal``
    reads of the node's frame, read before that frame is made (Steps.unasked). An adjustment
    paid in more than one way is not read (two steps may be paid each its own way)."""
    game = rt.game
    wanted = _answer_needs(game, game.number(node), node, REFUSALS[type(node)][0])
    if wanted is None or (len(wanted) > 1 and type(node) is not May):
        return False
    return short(rt, wanted, seat)


def _choice_needs(game, node: Choice):
    if node.count != 1 or node.upgrade is not None:
        return None
    wanted = tuple(needs(game, game.number(option)) for option in node.options)
    return wanted if any(wanted) else None


def _adjust_needs(game, node: Adjust):
    if node.cost is None:
        return None
    return needs(game, game.number(node.cost)) or None


def _may(rt, frame: list, node: May, wanted: tuple):
    lacks = short(rt, wanted, frame[F.ACTOR])  # (read now: "yes" is the one answer asked about, at once)
    return lambda key: lacks and key == "yes"


def _choice(rt, frame: list, node: Choice, wanted: tuple):
    if dict.get(frame[F.MORE], "chosen"):
        return None
    indexes, seat = choice_indexes(rt.game, frame[F.NODE]), frame[F.ACTOR]
    return lambda key: key in indexes and short(rt, wanted[indexes[key]], seat)


def _adjust(rt, frame: list, node: Adjust, wanted: tuple):
    if frame[F.STEP] != 1:
        return None
    start, span, seat = frame[F.MORE]["from"], frame[F.MORE]["span"], frame[F.ACTOR]
    apart = _steps_by_key(rt.game, start, span, node.wrap)
    shorts: dict = {}  # steps -> whether the player is short of them (values the same steps away ask alike)

    def refused(key: str) -> bool:
        steps = dict.get(apart, key)  # key: "value:N"
        if steps is None:
            steps = adjust_steps(start, int(key[6:]), span, node.wrap)
        if steps <= 0:
            return False
        found = dict.get(shorts, steps)
        if found is None:
            found = shorts[steps] = short(rt, wanted, seat, steps)
        return found
    return refused


def _steps_by_key(game, start: int, span: int, wrap: bool) -> dict:
    """The steps each value of an adjustment is from ``start``, by its key ("value:N"), for the
    values from ``start - span`` to ``start + span``: worked out once per start, span and wrap
    (a memo of the game's; never changed), not at every answer refused."""
    memo = game.memo["value_steps"]
    key = (start, span, wrap)
    found = dict.get(memo, key)
    if found is None:
        found = memo[key] = {f"value:{value}": adjust_steps(start, value, span, wrap)
                             for value in range(start - span, start + span + 1)}
    return found


def paid_for(rt, depth: int, refused=None):
    """``enough(key)``: whether answering the top frame's question with ``key`` surely works,
    when what decides it is what it needs and nothing after it in the region (the frames from
    ``depth - 1`` up) could fail: then having enough is all it takes. A die adjustment whose
    price per step is a plain payment (fixed amounts of counters, nothing else that could
    fail: _plain_refusal), or an option of a "choose one" whose needs decide it (decided: a
    body guarded by a ceiling, an exchange of fixed amounts of counters). None for any
    other question. ``refused``: the question's refusal if made already (``refusal(rt)``: it
    reads the same needs, so what it worked out is not worked out again). (Tests patch this
    function; what it reads is read by C functions of a typed runtime in the compiled build.)"""
    choice = _decided_refusal(rt, depth, refused)
    if choice is not None:
        return choice
    refused = _plain_refusal(rt, depth, refused)
    return None if refused is None else (lambda key: not refused(key))


def _decided_refusal(rt, depth: int, refused):
    """paid_for of a "choose one" asked with nothing after it in the region that could fail:
    ``enough(key)``, true for an option whose needs decide it and that the player has what
    it needs for; None for any other question, or when no option is decided by its needs."""
    frames = rt.stack
    frame = frames[-1]
    number = frame[F.NODE]
    if number is None or frame[F.NOUNS] or dict.get(frame[F.MORE], "chosen"):
        return None
    game = rt.game
    node = game.nodes[number]
    if type(node) is not Choice:
        return None
    keys = _decided_options(game, number, node)
    if not keys or below_top_fails(game, frames, depth, rt.flow.rest_fails):
        return None
    return _Decided(rt, keys, NOT_MADE if refused is None else refused)


class _Decided:
    """What _decided_refusal gives: ``enough(key)``. The question's refusal is made at the first
    option decided by its needs (an option judged for a player who draws it is mostly one the
    walk reads). (An object, not a closure: its fields are kept between calls.)"""

    __slots__ = ("rt", "keys", "refused")

    def __init__(self, rt, keys: frozenset, refused) -> None:
        self.rt, self.keys, self.refused = rt, keys, refused

    def __call__(self, key: str) -> bool:
        if key not in self.keys:
            return False
        if self.refused is NOT_MADE:
            self.refused = refusal(self.rt)
        refused = self.refused
        return refused is None or not refused(key)  # (none: no option needs anything)


def _decided_options(game, number: int, node) -> frozenset:
    """The keys of the options of the "choose one" ``node`` that their needs decide (decided),
    but not those that cannot fail at all (sure_options passes them where this reads them),
    worked out once per node."""
    memo = game.memo["decided_options"]
    found = dict.get(memo, number)
    if found is None:
        found = frozenset()
        if node.count == 1 and node.upgrade is None:
            keys, options = choice_keys(game, number), [game.number(option) for option in node.options]
            found = frozenset(keys[index] for index in range(len(options))
                              if can_fail(game, options[index]) and decided(game, options[index]))
        memo[number] = found
    return found


def plain_shortfall(rt, key: str) -> str | None:
    """The words a trial gives for the value ``key`` of the top frame's die adjustment, where
    paid_for read its price as a plain payment and the player lacks it: the price paid step by
    step from the counter as it is, the first step that cannot be paid said as World.shortfall
    says it (as the walk and the handler pay it). None for a price of several counters (the
    walk words it) or a value that can be paid."""
    frame = rt.stack[-1]
    number = frame[F.NODE]
    wanted = dict.get(rt.game.memo["plain_payments"], number)  # (none for a choice's option: its walk words it)
    if wanted is None or len(wanted) != 1 or len(wanted[0]) != 1:
        return None
    resource, amount = wanted[0][0]
    steps = adjust_steps(frame[F.MORE]["from"], int(key[6:]), frame[F.MORE]["span"], rt.game.nodes[number].wrap)
    owner = counter_owner(rt.game, resource, frame[F.ACTOR])
    for step in range(steps):
        words = rt.world.shortfall(owner, resource, amount, "pay", step * amount)
        if words is not None:
            return words
    return None


def _plain_refusal(rt, depth: int, refused):
    """The refusal of the top frame's die adjustment whose cost is a plain payment, with nothing
    after it in the region that could fail (``refused``, if made already); None for any other
    question."""
    frames = rt.stack
    frame = frames[-1]
    number = frame[F.NODE]
    if number is None or frame[F.NOUNS] or frame[F.STEP] != 1:
        return None
    game = rt.game
    node = game.nodes[number]
    if type(node) is not Adjust or node.cost is None:
        return None
    memo = game.memo["plain_payments"]
    wanted = dict.get(memo, number, NONE)
    if wanted is NONE:
        wanted = memo[number] = _plain_payment(game, node.cost)
    if wanted is None or below_top_fails(game, frames, depth, rt.flow.rest_fails):
        return None
    if refused is None:
        refused = _adjust(rt, frame, node, wanted)  # a plain payment: not refused is enough
    return refused


def _plain_payment(game, cost) -> tuple | None:
    """What a cost needs, as its one way, when it is a plain payment: "pay 1 worker" (fixed
    amounts of counters, with no filter, place or "per"); else None."""
    if type(cost) is not Pay or getattr(cost, "per", None) is not None:
        return None
    for item in cost.items:
        noun = game.noun(item.noun) if type(item) is Item else None
        if noun is None or not is_resource(noun) or item.filters or item.location is not None \
                or item.quantity.mode != "exactly" or type(item.quantity.value) is not int:
            return None
    wanted = needs(game, game.number(cost))
    return wanted if len(wanted) == 1 else None


REFUSALS = {  # decision node -> (what its answers need, read once per node; its refusal)
    May: (_may_needs, _may),
    Choice: (_choice_needs, _choice),
    Adjust: (_adjust_needs, _adjust),
}
