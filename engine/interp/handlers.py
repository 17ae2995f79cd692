# cython: nonecheck=True
"""One handler per effect node: what each construct of the language does.

A handler is ``handler(rt, frame, node)``. It looks at ``frame[F.STEP]`` (its
step) and either runs a child (``rt.child``: at once when it is a leaf, else on
a frame pushed for it), finishes with ``rt.done``, hands its frame over to the
last child it only passes the result of (``rt.tail``), asks with ``rt.ask``
(the answer comes back as ``frame[F.ANS]``), or raises ``Infeasible``. The
table at the bottom is the whole language; LEAVES below it says which steps a
parent runs at once, in its own frame.
"""

from __future__ import annotations

from functools import partial

from engine.effects.ast import (
    Adjust, Bound, Call, Choice, Conditional, Effect, Exchange, ForEach, ForEachIn, ForEachOf, IfPossible,
    Item, Let, LetAny, May, Move, Obligation, OnlyIf, Pass, Pay, Perform, Poll, Repeat, Sentence, Set, Twice,
    Var,
)
from engine.effects.render import render
from engine.interp import items, sets
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.calls import bindings, nouns_of, plan_of
from engine.interp.errors import Infeasible
from engine.interp.frames import bind_into, first_off, take
from engine.interp.items import BINDS_ITSELF, slot_taken
from engine.interp.labels import choice_index, choice_keys, label_names, option_label, with_values
from engine.interp.numbered import seat_name
from engine.interp.values import (number, player_of, polled_of, polled_seats, seats_named, select, test, thing_value,
                                  unmet, variable_number)

YES_NO = [("yes", "yes"), ("no", "no")]


# ------------------------------------------------------------------ sequences


def _sequence(rt, f, node):
    """An effect or a sentence: its steps, flat (game.runs), one after the other (the leaves
    among them at once: Frames.child)."""
    parts = rt.game.runs[f[F.NODE]]
    step = f[F.STEP]
    last = len(parts) - 1
    while step < last:
        f[F.STEP] = step + 1
        if not rt.child(f, parts[step]):
            return None  # its frame runs first
        step += 1
    if step == last:  # the last step hands on what it produces: it takes the frame over
        rt.tail(f, parts[step])
    else:
        rt.done(f, rt.last_out)


def _exchange(rt, f, node: Exchange):
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        if not rt.child(f, node.cost):
            return None
    rt.tail(f, node.reward)


def _bound(rt, f, node: Bound):
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        if not rt.child(f, node.step):
            return None
    bind_into(rt.env(f), rt.s["things"], node.name, rt.last_out)
    rt.done(f, rt.last_out)


def _bound_now(rt, f, node: Bound):
    """'X as Name' where X is an item action other than a play: done at once, bound, when it
    needs no decision; a pick that asks is handed the name, and binds what it takes when its
    frame finishes (Frames.done), so the Bound spends no frame. None for any other step."""
    step = node.step
    if type(step) not in BINDS_ITSELF:
        return None
    out = items.items_now(rt, f, step)
    if type(out) is dict:
        out[F.AS] = node.name
        return step, out
    if out is not None:
        bind_into(rt.env(f), rt.s["things"], node.name, out)
    return out


def _may(rt, f, node: May):
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        forced = rt.forced_answer(YES_NO)  # what asking would take at once, with no judges made
        if forced is None:
            return rt.ask(f, f[F.ACTOR], partial(_may_prompt, node.step), YES_NO)  # (no lambda: a C function, compiled)
        f[F.ANS] = forced
    if take(f, F.ANS) == "yes":
        rt.replace(f, node.step, {F.STRICT: True})
    else:
        rt.done(f)


def _may_now(rt, f, node: May):
    """A "may" declined at once, in its parent's frame and with nothing asked, where asking
    would surely take "no" (Steps.unasked): its "yes" lacks a price. None otherwise: it
    runs on a frame of its own (_may)."""
    return [] if rt.unasked(f, node) else None


def _may_prompt(step) -> str:
    return f"You may {render(step)}."


def _twice(rt, f, node: Twice):
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        if not rt.child(f, node.step):
            return None
    rt.tail(f, node.step)


def _let(rt, f, node: Let):
    rt.done(f, _let_now(rt, f, node))


def _let_now(rt, f, node: Let) -> list:
    rt.env(f)[node.name] = number(rt.ctx(f), node.value)
    return []


def _let_any(rt, f, node: LetAny):
    """One decision: the player names any value of the range (keys "value:N")."""
    if f[F.STEP] == 0:
        ctx = rt.ctx(f)
        low, high = number(ctx, node.low), number(ctx, node.high)
        f[F.STEP] = 1
        options = [(f"value:{value}", str(value)) for value in range(low, high + 1)]
        return rt.ask(f, f[F.ACTOR], lambda: f"Choose a value for {node.name} ({low} to {high}):", options)
    rt.env(f)[node.name] = int(take(f, F.ANS).split(":", 1)[1])
    rt.done(f)


def _adjust(rt, f, node: Adjust):
    """One decision lists every value the player can reach and pay for (keys "value:N"), the
    current value first; then the cost is paid once per step and the name holds the new value."""
    kept = f[F.MORE]
    if f[F.STEP] == 0:
        current, low, high = adjust_range(rt.ctx(f), node)
        f[F.STEP], kept["from"], kept["span"] = 1, current, high - low + 1
        forced = rt.forced_answer(_value_keys(rt.game, current, low, high))  # asking would take it
        if forced is None:
            return _ask_value(rt, f, node, current, low, high)
        f[F.ANS] = forced
    if f[F.STEP] == 1:
        value = int(take(f, F.ANS).split(":", 1)[1])
        start, span = kept.pop("from"), kept.pop("span")
        kept["left"] = adjust_steps(start, value, span, node.wrap) if node.cost is not None else 0
        rt.env(f)[node.name] = value
        f[F.STEP] = 2
    while kept["left"] > 0:
        kept["left"] -= 1
        if not rt.child(f, node.cost):
            return None
    rt.done(f)


def _adjust_now(rt, f, node: Adjust):
    """An adjustment that keeps its value at once, in its parent's frame and with nothing
    asked, where asking would surely keep it (Steps.unasked): the player cannot pay a single
    step. None otherwise: it runs on a frame of its own (_adjust)."""
    if node.cost is None:
        return None
    current = adjust_range(rt.ctx(f), node)[0]
    if not rt.unasked(f, node):
        return None
    rt.env(f)[node.name] = current
    return []


def _value_keys(game, current: int, low: int, high: int) -> tuple:
    """The options of an adjustment, keys only (the current value first): what a forced answer
    is told by. Made once per value and range (a memo of the game's; never changed)."""
    memo = game.memo["value_keys"]
    key = (current, low, high)
    found = dict.get(memo, key)
    if found is None:
        found = memo[key] = tuple([(f"value:{value}", "") for value in _values(current, low, high)])
    return found


def _values(current: int, low: int, high: int) -> list[int]:
    """The values an adjustment offers, the current one first."""
    return [current] + [value for value in range(low, high + 1) if value != current]


def _ask_value(rt, f, node: Adjust, current: int, low: int, high: int) -> None:
    """Ask for the new value: each value offered (the current one first) with its price. The
    prompt and options are made once per adjustment, value and range (a memo of the game's)."""
    probing = rt.probe_depth is not None  # a trial needs the keys only
    memo = rt.game.memo["value_options"]
    key = (f[F.NODE], current, low, high, probing)
    found = dict.get(memo, key)
    if found is None:
        found = memo[key] = _value_asked(rt, node, current, low, high, probing)
    rt.ask(f, f[F.ACTOR], found[0], found[1])


def _value_asked(rt, node: Adjust, current: int, low: int, high: int, probing: bool) -> tuple:
    """(prompt, options) of an adjustment asked at ``current`` within ``low`` to ``high``."""
    options = [(f"value:{current}", "" if probing else f"keep {current}")]
    for value in _values(current, low, high)[1:]:
        steps = adjust_steps(current, value, high - low + 1, node.wrap)
        options.append((f"value:{value}", "" if probing else _adjust_label(rt, node, value, steps)))
    cost = f" ({_cost_words(rt, node.cost, 1)} per step)" if node.cost is not None else ""
    return f"{node.name} is {current}: keep it or change it{cost}:", tuple(options)


def adjust_range(ctx, node: Adjust) -> tuple[int, int, int]:
    """(current value, least, most) of an adjustment; Infeasible when the value is outside."""
    current, low, high = variable_number(ctx, node.name), number(ctx, node.low), number(ctx, node.high)
    if not low <= current <= high:
        raise Infeasible(f"{node.name} is {current}, outside {low} to {high}")
    return current, low, high


def adjust_steps(start: int, end: int, span: int, wrap: bool) -> int:
    """How many steps of one apart ``end`` is from ``start`` (around the ends with ``wrap``)."""
    apart = abs(end - start)
    return min(apart, span - apart) if wrap else apart


def _adjust_label(rt, node: Adjust, value: int, steps: int) -> str:
    if node.cost is None:
        return str(value)
    return f"{value} (pay {_cost_words(rt, node.cost, steps)})"


def _cost_words(rt, cost: Pay, times: int) -> str:
    """"2 workers" for a cost of "1 worker" paid twice; other items as written (worked out
    once per cost and number of times: the words depend on nothing else)."""
    key = (id(cost), times)
    known = dict.get(rt.game.fast, key)
    if known is None or known[0] is not cost:  # (the node is kept with its words: ids are reused)
        known = rt.game.fast[key] = (cost, _cost_text(rt, cost, times))
    return known[1]


def _cost_text(rt, cost: Pay, times: int) -> str:
    words = []
    for item in cost.items:
        if isinstance(item, Item) and item.quantity.mode == "exactly":
            amount = item.quantity.value * times
            noun = rt.game.noun(item.noun)
            name = (noun.name if amount == 1 else noun.plural) if noun is not None else " ".join(item.noun)
            words.append(f"{amount} {name}")
        else:
            words.append(render(item) + (f" ({times} times)" if times > 1 else ""))
    return " and ".join(words)


def _set(rt, f, node: Set):
    rt.done(f, _set_now(rt, f, node))


def _set_now(rt, f, node: Set) -> list:
    ctx = rt.ctx(f)
    tid = thing_value(ctx, node.name)
    value = number(ctx, node.value)
    if slot_taken(rt.world, tid, node.attribute, value):
        rt.world.thing_event("stayed", f[F.ACTOR], f"{rt.world.name_of(tid)} stays: that slot is taken", tid)
        return [tid]
    rt.world.set_attribute(tid, node.attribute, value)
    rt.world.thing_event("changed", f[F.ACTOR], f"{rt.world.name_of(tid)}: {node.attribute} is now {value}", tid)
    return [tid]


# ------------------------------------------------------------------ choices and conditions


def _choice(rt, f, node: Choice):
    if f[F.STEP] == 0:
        dict.setdefault(f[F.MORE], "chosen", [])
        if len(f[F.MORE]["chosen"]) < node.count:
            f[F.STEP] = 1
            return _ask_option(rt, f, node)
        f[F.STEP] = 2
    if f[F.STEP] == 1:
        answer = take(f, F.ANS)
        if answer == "both":
            f[F.MORE]["chosen"] = ["upgrade"] + [str(i) for i in range(len(node.options))]
            f[F.STEP] = 2
        else:
            f[F.MORE]["chosen"].append(str(choice_index(rt.game, f[F.NODE], answer)))  # (kept by the option's place)
            f[F.STEP] = 0
        return None
    _run_chosen(rt, f, node)


def _ask_option(rt, f, node: Choice):
    """Ask for the next option of a choice. The options and the prompt are made once for each
    set of options chosen so far and each set of numbers their labels show (a memo of the
    game's, _choice_asked): a choice is asked again and again, mostly alike."""
    probing = rt.probe_depth is not None  # a trial needs the keys only
    chosen = f[F.MORE]["chosen"]
    names = _label_names(rt.game, f[F.NODE])
    env = None if probing or not names else rt.env(f)
    shown = tuple([_shown_number(dict.get(env, name)) for name in names]) if env is not None else ()
    memo = rt.game.memo["choice_options"]
    key = (f[F.NODE], probing, tuple(chosen), shown)
    found = dict.get(memo, key)
    if found is None:
        found = memo[key] = _choice_asked(node, choice_keys(rt.game, f[F.NODE]), probing, chosen,
                                          env if env is not None else {})
    rt.ask(f, f[F.ACTOR], found[0], found[1])


def _choice_asked(node: Choice, keys: tuple, probing: bool, chosen: list, env: dict) -> tuple:
    """(prompt, options) of a choice asked with ``chosen`` (the places of the options chosen)
    done and the bindings ``env``; ``keys``: its options' keys (labels.choice_keys)."""
    options = [(keys[i], "" if probing else with_values(option_label(o), env)) for i, o in enumerate(node.options)
               if str(i) not in chosen]
    if node.upgrade is not None and not chosen:
        options.append(("both", "" if probing else f"both, if you {render(node.upgrade)}"))
    which = "one" if node.count == 1 else f"{len(chosen) + 1} of {node.count}"
    return f"Choose {which}:", tuple(options)


def _label_names(game, number: int) -> tuple:
    """The names the labels of choice ``number``'s options may write a number for (once per
    choice)."""
    memo = game.memo["choice_names"]
    found = dict.get(memo, number)
    if found is None:
        names = {}
        for option in game.nodes[number].options:
            names.update(dict.fromkeys(label_names(option_label(option))))
        found = memo[number] = tuple(names)
    return found


def _shown_number(value):
    """What a label shows of a bound value: a number (not a bool) is written in, nothing else."""
    return value if type(value) is int else None


def _run_chosen(rt, f, node: Choice):
    queue = f[F.MORE]["chosen"]
    if not queue:
        return rt.done(f, rt.last_out)
    key = first_off(queue)
    target = node.upgrade if key == "upgrade" else node.options[int(key)]
    rt.push(f, target, {F.STRICT: True})


def _conditional(rt, f, node: Conditional):
    branch = _conditional_now(rt, f, node)
    if type(branch) is list:
        return rt.done(f)
    rt.tail(f, branch)


def _conditional_now(rt, f, node: Conditional):
    """The branch the condition picks (run in the condition's place: Frames.child), or nothing
    to do (an empty list)."""
    if test(rt.ctx(f), node.condition):
        return node.then
    return [] if node.otherwise is None else node.otherwise


def _if_possible(rt, f, node: IfPossible):
    """Carry out the body when a trial finds a way to finish it; else only say so."""
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        reason = rt.can_carry_out(f, node.body)
        if reason is None:
            return rt.push(f, node.body, {F.STRICT: True})
        rt.world.event("skipped", f[F.ACTOR], f"nothing could be done ({option_label(node.body)}): {reason}",
                       {"reason": reason})
        return rt.done(f)
    rt.done(f, rt.last_out)


def _only_if(rt, f, node: OnlyIf):
    rt.tail(f, _only_if_now(rt, f, node))


def _only_if_now(rt, f, node: OnlyIf):
    """The body, to run in the condition's place; Infeasible when the condition does not hold."""
    if not test(rt.ctx(f), node.condition):
        raise Infeasible(unmet(rt.ctx(f), node.condition))
    return node.body


# ------------------------------------------------------------------ loops


def _for_each(rt, f, node: ForEach):
    kept = f[F.MORE]
    if f[F.STEP] == 0:
        kept["left"] = len(select(rt.ctx(f), node.selector))
        f[F.STEP] = 1
    while kept["left"] > 0:
        kept["left"] -= 1
        if not rt.child(f, node.body):
            return None
    rt.done(f)


def _for_each_of(rt, f, node: ForEachOf):
    if f[F.STEP] == 0:
        if items.select_step(rt, f, node.item):
            return None  # waiting for a choice
        f[F.MORE]["todo"] = take(f, F.PICKED)
        f[F.STEP] = 1
    _next_iteration(rt, f, node.name, node.body)


def _for_each_in(rt, f, node: ForEachIn):
    if f[F.STEP] == 0:
        f[F.MORE]["todo"] = entries_of(rt.ctx(f), node)
        f[F.STEP] = 1
    _next_iteration(rt, f, node.name, node.body)


def entries_of(ctx, node: ForEachIn) -> list:
    """The entries of the list attribute a 'for each of the X of Name' goes through: the
    thing's own, else its card's printed ones."""
    owner = thing_value(ctx, node.owner)
    thing = ctx.world.thing(owner)
    entries = thing[T.ATTRS].get(node.attribute)
    if entries is None and thing[T.CARD]:
        entries = ctx.game.item("cards", thing[T.CARD]).get("attributes", {}).get(node.attribute)
    return list(entries or [])


def _next_iteration(rt, f, name: str, body):
    todo = f[F.MORE]["todo"]
    while todo:
        rt.env(f)[name] = first_off(todo)
        if not rt.child(f, body):
            return None
    rt.done(f)


def _repeat(rt, f, node: Repeat):
    """Run the body ``times`` times. With a caller's quantity that leaves the number open
    ("up to 3", "at least 1", "any number of"), each run past the least is asked first
    ("once more?"); ``left`` is None when there is no most."""
    kept = f[F.MORE]
    if f[F.STEP] == 0:
        times = node.times
        quantity = dict.get(rt.env(f), times.name) if isinstance(times, Var) else None
        if isinstance(quantity, dict):
            least, most = repeat_bounds(quantity)
            kept["left"], kept["optional"] = most, quantity["mode"] in OPEN_QUANTITIES
            if kept["optional"] and least != 1:
                kept["least"] = least
        else:
            kept["left"], kept["optional"] = number(rt.ctx(f), times), False
        kept["runs"] = 0
        f[F.STEP] = 1
    left = kept["left"]
    if f[F.STEP] == 2:  # the answer to "once more?"
        f[F.STEP] = 1
        if take(f, F.ANS) == "no":
            return rt.done(f)
    elif (left is None or left > 0) and kept["optional"] and kept["runs"] >= kept.get("least", 1):
        f[F.STEP] = 2
        most = "" if left is None else f", up to {kept['runs'] + left}"
        again = "Once more" if kept["runs"] else "Do it"
        return rt.ask(f, f[F.ACTOR], partial(_again_prompt, again, f, most), YES_NO)  # (no lambda: a C function)
    if left is not None and left <= 0:
        return rt.done(f)
    if left is not None:
        kept["left"] -= 1
    kept["runs"] += 1
    if kept["optional"]:
        rt.push(f, node.body, {F.STRICT: True})
    else:
        rt.child(f, node.body)  # done at once or not, the loop comes back to this frame next


def _again_prompt(again: str, f: list, most: str) -> str:
    return f"{again}? ({f[F.MORE]['runs']} done{most})"


OPEN_QUANTITIES = ("up_to", "at_least", "at_most", "any_number")


def repeat_bounds(quantity: dict) -> tuple[int, int | None]:
    """(least, most) runs for a caller's quantity; most None: as many as the player likes."""
    value = quantity["value"] or 0
    if quantity["mode"] not in OPEN_QUANTITIES:  # a plain number of runs
        return value, value
    return items.mode_bounds(quantity["mode"], value, None)


# ------------------------------------------------------------------ other players


def _poll(rt, f, node: Poll):
    kept = f[F.MORE]
    if f[F.STEP] == 0:
        ctx = rt.ctx(f)
        named = seats_named(ctx, node.players, node.who)
        ordered = [p for p in rt.flow.turn_order(rt) if p in named]  # (the effect's owner in their own place)
        # "who did not" counts every player but those the poll's "who" left out (polled_seats)
        kept["queue"], kept["did"], kept["gave"], kept["polled"] = ordered, [], [], polled_seats(ctx, node)
        f[F.STEP] = 1
    if f[F.STEP] == 2:  # a polled player answered
        seat = first_off(kept["queue"])
        f[F.STEP] = 1
        if take(f, F.ANS) == "yes":
            kept["did"].append(seat)
            f[F.STEP] = 3
            return rt.push(f, node.step, {F.ACTOR: seat, F.STRICT: True})
    if f[F.STEP] == 3:  # their step finished
        kept["gave"] += rt.last_out
        f[F.STEP] = 1
    if kept["queue"]:
        f[F.STEP] = 2
        seat = kept["queue"][0]
        return rt.ask(f, seat, lambda: f"You may {render(node.step)} (for {seat_name(f[F.YOU])}).", YES_NO)
    env = rt.env(f)
    env["__did__"], env["__polled__"] = kept["did"], polled_of(kept, rt.s["players"])
    if node.name:
        env[node.name] = kept["gave"]
    rt.done(f, kept["gave"])


def _obligation(rt, f, node: Obligation):
    rt.replace(f, node.body, {F.ACTOR: player_of(rt.ctx(f), node.player)})


# ------------------------------------------------------------------ single actions


def _move(rt, f, node: Move):
    if f[F.STEP]:  # into a place whose things lie in sets, after asking which set
        return sets.move_in(rt, f, f[F.MORE]["t"], f[F.MORE]["to"])
    out = _move_now(rt, f, node)
    if out is not None:
        return rt.done(f, out)
    ctx = rt.ctx(f)  # into a place with sets (worked out again: a rare move)
    sets.move_in(rt, f, thing_value(ctx, node.name), items.one_place(rt, f, node.place, ctx))


def _move_now(rt, f, node: Move) -> list | None:
    """A move into a place whose things lie loose; None (nothing done) into one with sets."""
    ctx = rt.ctx(f)
    tid = thing_value(ctx, node.name)
    place = items.one_place(rt, f, node.place, ctx)
    if sets.rule_at(rt.world, place) is not None:
        return None
    was = rt.world.thing(tid)[T.AT]
    rt.world.put(tid, place)
    rt.world.moved(f[F.ACTOR], tid, was, place)
    return [tid]


def _perform(rt, f, node: Perform):
    if f[F.STEP] == 0:
        tid = thing_value(rt.ctx(f), node.name)
        runner = rt.flow
        root = runner.effect_of_thing(rt, tid)
        f[F.STEP] = 1
        if root is not None:
            rt.push(f, root, {F.ENV: rt.new_env({}), F.STRICT: True})
    else:
        rt.done(f, rt.last_out)


def _pass(rt, f, node: Pass):
    runner = rt.flow
    runner.pass_turn(rt, f[F.ACTOR])
    rt.done(f)


def _call(rt, f, node: Call):
    """A procedure's body with the bindings the call gives it. A call with nothing to do after
    the body (no result to gather, no triggers) hands its frame over to the body (_call_now)."""
    kept = f[F.MORE]
    if f[F.STEP] == 0:
        handed = _call_now(rt, f, node)
        if handed is not None:  # the body brings bindings of its own
            return rt.hand_over(f, handed[0], handed[1])
        plan = plan_of(rt.game, f[F.NODE])
        kept["mark"] = len(rt.s["events"])
        f[F.STEP] = 1
        rt.push(f, plan.body, _call_fields(rt, f, plan))
    elif f[F.STEP] == 1:
        kept["result"] = _call_result(rt, f)
        f[F.STEP] = 2
        procedure, runner = plan_of(rt.game, f[F.NODE]).procedure, rt.flow
        for root, label in runner.triggers_after(rt, f[F.ACTOR], procedure):
            rt.push(f, root, {F.ENV: rt.new_env({}), F.YOU: f[F.ACTOR], F.SRC: f"trigger:{label}"})
    else:
        rt.done(f, kept.pop("result"))


def _call_now(rt, f, node: Call):
    """A call with nothing to do after its body: (the body, the keys of its frame), to run in
    the call's place (Frames.child and tail), with the call's bindings of its own, marked QUIET:
    the body's own result is not the call's ("as Name" after it binds nothing). None, having
    done nothing, for a call that gathers a result or has triggers after it."""
    game = rt.game
    plan = plan_of(game, game.number(node))
    if plan.result is not None or plan.triggered:
        return None
    fields = _call_fields(rt, f, plan)
    fields[F.OWN] = fields[F.QUIET] = True
    return plan.body, fields


def _call_fields(rt, f, plan) -> dict:
    """The keys of the frame of a procedure's body: its bindings, its owner, its nouns."""
    fields = {F.ENV: rt.new_env(bindings(plan, None if plan.plain else rt.ctx(f))), F.YOU: f[F.ACTOR]}
    nouns = nouns_of(plan, f[F.NOUNS])
    if nouns:
        fields[F.NOUNS] = nouns
    return fields


def _call_result(rt, f) -> list[str]:
    result = plan_of(rt.game, f[F.NODE]).result
    if result is None:
        return []
    kinds = rt.game.kinds(result)
    found = []
    for event in rt.s["events"][f[F.MORE]["mark"]:]:
        tid = dict.get(event, "thing")
        if tid and tid in rt.s["things"] and rt.s["things"][tid][T.KIND] in kinds and tid not in found:
            found.append(tid)
    return found


HANDLERS = {
    Effect: _sequence,
    Sentence: _sequence,
    Exchange: _exchange,
    Bound: _bound,
    May: _may,
    Poll: _poll,
    Twice: _twice,
    Let: _let,
    LetAny: _let_any,
    Adjust: _adjust,
    Set: _set,
    Choice: _choice,
    Conditional: _conditional,
    IfPossible: _if_possible,
    OnlyIf: _only_if,
    ForEach: _for_each,
    ForEachOf: _for_each_of,
    ForEachIn: _for_each_in,
    Repeat: _repeat,
    Obligation: _obligation,
    Move: _move,
    Perform: _perform,
    Pass: _pass,
    Call: _call,
    **items.HANDLERS,
}

# The steps a parent runs at once, in its own frame, when they are its children (Frames.child
# and tail): each does the whole step and gives what it produced (a list), or the node to run
# in its place (a condition's branch), or the keys its frame starts with (a pick that asks,
# begun), or the node to run in its place with the keys of its frame (a Bound's pick, a
# procedure's body), or None, having done nothing, when it needs a frame of its own after all
# (a move into sets, a play, several items, a call that gathers a result).
LEAVES = {
    May: _may_now,
    Adjust: _adjust_now,
    Let: _let_now,
    Set: _set_now,
    Move: _move_now,
    Conditional: _conditional_now,
    OnlyIf: _only_if_now,
    Bound: _bound_now,
    Call: _call_now,
    **items.LEAVES,
}
