"""The flow runner: setup, rounds, phases, steps and turn order, as the pack declares them.

The flow is run by routines: frames named in their ROUTINE slot that live on the same
stack as effect frames. A few general patterns cover the steps of a game:
``automatic`` (an effect or a built-in for every player), ``once`` (for the
first player only), ``each_player_once`` (in turn order), ``turns_each`` (in
turn order, everybody's first turn, then everybody's second, ...),
``chart_choice`` (each player puts a marker on a free row of a chart and
carries out the row), and ``place_until_all_pass`` (worker placement: in turn
order, place one worker on a free slot of a space of this phase and carry out
its action, or pass, until everybody has passed). Setup steps and displays
are dealt by dealing.py.

Turn order is "seat order" from the first player, or the order of the
players' markers on a chart; a turn order may name a first-player token, whose
holder starts each round. End conditions are checked after every turn; a solo
opponent's score is compared after every round (scoring.py).
"""

from __future__ import annotations

from functools import partial

from engine import rng
from engine.interp import dealing, scoring
from engine.interp.errors import RulesError
from engine.interp.fallible import can_fail, deciding_part, triggers_can_fail
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.frames import effect_frame, first_off, routine_frame, take
from engine.interp.numbered import numeral, seat_name
from engine.interp.settings import option_on
from engine.interp.values import UNREAD, Context, holder, test

PLACE = "place"
PASS = ("pass", "pass (place no more workers this season)")


class Flow:
    """The flow of one compiled game. (In the compiled build a C type, flow.pxd: the functions
    that call it most hold ``rt.flow`` in a local named ``runner``, typed there, so that their
    calls of its methods are C calls.)"""

    __slots__ = ("game", "steps", "rounds", "phases", "ROUTINES", "_ends", "rest_fails")

    def __init__(self, game) -> None:
        self.game = game
        self.steps = game.items("steps")
        self.rounds = list(game.items("rounds").values())
        self.phases = game.items("phases")
        self._ends = None  # (the options, the player count, their immediate end conditions) of the last game asked
        self.rest_fails = self.rest_can_fail  # (made once: the judges of every question are handed it)
        self.ROUTINES = {
            "setup": dealing.setup_routine,
            "round": _round,
            "phase": _phase,
            "step": _step,
            "turns": _turns,
            "chart": _chart,
            "placement": _placement,
            "action": _action,
            "builtin": _builtin,
            "reask": _reask,
            "keep": dealing.keep_routine,
            "discard_played": _discard_played,
        }

    def missing_builtins(self, players: int, options: dict) -> dict:
        """The built-ins this engine does not have that a game of ``players`` with ``options``
        would run, each with the steps that name it, in the order the rounds run them."""
        needed: dict = {}  # built-in -> the steps that name it
        for round_ in self.rounds:
            named = [step for phase in round_.get("phases", []) for step in self.phases.get(phase, {}).get("steps", [])]
            for step_id in named + list(round_.get("end_steps", [])):
                step = self.steps.get(step_id, {})
                builtin = step.get("builtin")
                if builtin and builtin not in BUILTINS and _applies_to(self.game, players, options, step):
                    steps = needed.setdefault(builtin, [])
                    if step_id not in steps:
                        steps.append(step_id)
        return needed

    @staticmethod
    def push_effect(rt, root: int, seat: int, source: str) -> None:
        """Run effect ``root`` for ``seat`` as a step of the flow (its failure ends that step only)."""
        _push_effect(rt, root, seat, source)

    def rest_can_fail(self, frame: list) -> bool:
        """Whether what a routine's frame still has to do could fail (see fallible.py):
        after its effect, an action only offers its optional bonus and runs triggers, unless
        its worker owes the bonus (_bonus_owed), which then runs whether or not it can."""
        if frame[F.ROUTINE] == "action" and frame[F.STEP] <= 3:
            owed = dict.get(frame[F.MORE], "owed")
            if owed is not None and frame[F.STEP] <= 1 and can_fail(self.game, owed):
                return True
            return triggers_can_fail(self.game, frame[F.MORE]["space"])
        return frame[F.ROUTINE] != "action"

    # ------------------------------------------------------------ driving

    def advance(self, rt) -> bool:
        """Start what comes next when no frame is left; False when the game is over."""
        flow = rt.s["flow"]
        if flow["over"]:
            return False
        if not flow["set_up"]:
            flow["set_up"] = True
            rt.push_routine("setup", {"todo": _setup_steps(rt)})
            return True
        if flow["ending"] or self._last_round(rt):
            flow["over"] = True
            rt.world.event("over", None, "the game is over")
            return False
        flow["round"] += 1
        rt.world.restage()  # (the events told before its first phase are of this round)
        flow["marks"], flow["used"] = [], {}  # once-per-round marks are only for the round at hand
        self._first_from_token(rt)
        round_ = self.rounds[0]
        _enter_phase(rt, flow, "start", 0)  # between the last round's end and the first phase
        labels = round_.get("labels") or []
        label = labels[flow["round"] - 1] if flow["round"] <= len(labels) else flow["round"]
        rt.world.event("round", None, f"{round_.get('name', 'round')} {label} begins")
        rt.push_routine("round", {"todo": list(round_["phases"]), "end": list(round_.get("end_steps", []))})
        return True

    def _first_from_token(self, rt) -> None:
        """A turn order with a first-player token: whoever holds it starts the round."""
        for order in self.game.items("turn_orders").values():
            token = order.get("first_player_token")
            holders = [rt.world.thing(t)[T.OWNER] for t in rt.world.things({token})] if token else []
            holders = [seat for seat in holders if seat is not None]
            if holders and holders[0] != rt.s["flow"]["first"]:
                rt.s["flow"]["first"] = holders[0]
                rt.world.event("first", holders[0], f"player {holders[0] + 1} is the first player")

    def _last_round(self, rt) -> bool:
        for condition in self.game.items("end_conditions").values():
            if not _applies(rt, condition):
                continue
            limit = condition.get("after_rounds")
            if limit is not None and rt.s["flow"]["round"] >= limit:
                return True
        return False

    def turn_order(self, rt) -> list[int]:
        """The seats in the current turn order."""
        chart_order = dict.get(rt.s["flow"], "chart_order")
        return list(chart_order) if chart_order else seat_order(rt)

    def pass_turn(self, rt, seat: int) -> None:
        passed = dict.setdefault(rt.s["flow"], "passed", [])
        if seat not in passed:
            passed.append(seat)
            rt.world.event("passed", seat, f"player {seat + 1} passed")

    def effect_of_thing(self, rt, tid: str) -> int | None:
        """The effect a thing carries out when performed (a space, a chart row, a card)."""
        thing = rt.world.thing(tid)
        if thing[T.KIND] in self.game.items("spaces"):
            return self.game.effect("spaces", thing[T.KIND])
        if thing[T.CARD]:
            return self.game.effect("cards", thing[T.CARD])
        for chart_id, chart in self.game.items("charts").items():
            if dict.get(chart, "place") == thing[T.KIND]:
                for index, row in enumerate(dict.get(chart, "rows", ())):
                    if dict.get(row, "position") == dict.get(thing[T.ATTRS], "position"):
                        return self.game.effect("charts", chart_id, f"rows/{index}/effect")
        return None

    def triggers_after(self, rt, seat: int, what: str) -> list[tuple[int, str]]:
        """Effects of the seat's things that trigger after ``what`` (a procedure or a space)."""
        found = []
        triggers = self.game.triggers(what)
        if not triggers:
            return found
        for tid in rt.world.things({kind for _ns, kind, *_rest in triggers}, seat):
            kind = rt.world.thing(tid)[T.KIND]
            for namespace, of_kind, index, trigger, root in triggers:
                if of_kind == kind and _trigger_allowed(rt, seat, tid, trigger, index, namespace, kind):
                    found.append((root, kind))
        return found

    def _immediate_ends(self, rt) -> list:
        """The conditions of the end checked after every turn, for the player count and options
        of the game asked about: worked out again only when another game is asked about (a
        game's options dict is its own and never changed, so it tells the game by identity)."""
        options, players = rt.s["options"], rt.s["players"]
        last = self._ends
        if last is None or last[0] is not options or last[1] != players:
            found = []
            for condition_id, condition in self.game.items("end_conditions").items():
                if condition.get("timing") == "immediately" and _applies(rt, condition):
                    root = self.game.effect("end_conditions", condition_id, "condition")
                    if root is not None:
                        found.append(self.game.nodes[root])
            last = self._ends = (options, players, found)
        return last[2]

    def check_end(self, rt) -> None:
        """Note the end of the game when an 'immediately' end condition holds."""
        flow = rt.s["flow"]
        if flow["ending"]:
            return
        ends = self._immediate_ends(rt)
        if ends:
            _check_ends(rt, ends)


def _check_ends(rt, ends: list) -> None:
    """Note the end when one of the conditions ``ends`` holds for a seat (a C function in the
    compiled build, flow.pxd: it runs after every turn; values.holder reads a counter's
    condition off the counters)."""
    world = rt.world
    for node in ends:
        seat = holder(world, node, range(rt.s["players"]))
        if seat is not None:
            rt.s["flow"]["ending"] = True
            world.event("ending", seat, f"player {seat + 1} triggered the end: this is the last round")
            return


# ------------------------------------------------------------------ routines


def _push_effect(rt, root: int, seat: int, source: str, strict: bool = False) -> None:
    frame = effect_frame(root, rt.new_env({}), seat, seat, source)
    frame[F.SOFT] = frame[F.OWN] = True
    if strict:
        frame[F.STRICT] = True
    rt.stack.append(frame)


def _enter_phase(rt, flow: dict, phase: str, number: int) -> None:
    """Set the flow's phase and its number within the round; the events told from here tell
    it (the World's stage is made again: World.restage)."""
    flow["phase"], flow["phase_number"] = phase, number
    rt.world.restage()


def _round(rt, f) -> None:
    kept = f[F.MORE]
    flow = rt.s["flow"]
    if kept["todo"]:
        phase = first_off(kept["todo"])
        runner = rt.flow
        rt.push_routine("phase", {"phase": phase, "todo": list(runner.phases[phase].get("steps", []))})
    elif kept["end"]:
        _enter_phase(rt, flow, "end", 0)
        rt.push_routine("step", {"step": first_off(kept["end"])})
    else:
        rt.done(f)
        scoring.compare_after_round(rt)


def _phase(rt, f) -> None:
    kept = f[F.MORE]
    flow = rt.s["flow"]
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        _enter_phase(rt, flow, kept["phase"], rt.s["phase_numbers"][kept["phase"]])
        flow["passed"] = []
        rt.world.event("phase", None, f"{rt.game.phase_name(kept['phase'])} begins")
    if kept["todo"]:
        rt.push_routine("step", {"step": first_off(kept["todo"])})
    else:
        rt.done(f)


def _step(rt, f) -> None:
    kept = f[F.MORE]
    runner = rt.flow
    step = runner.steps[kept["step"]]
    rt.done(f)
    if not _applies(rt, step):
        return
    pattern = step.get("pattern", "automatic")
    if dict.get(step, "builtin"):
        rt.push_routine("builtin", {"name": step["builtin"], "step": kept["step"]})
    root = rt.game.effect("steps", kept["step"])
    if pattern == "place_until_all_pass":
        rt.s["flow"]["passed"] = []
        fields = {"step": kept["step"], "last": None}
        unblocked = step.get("unblocked_bonus_option")
        if unblocked and option_on(rt.game.settings, rt.s["options"], unblocked):
            fields["unblocked"] = unblocked  # bonus slots may not be blocked (_blocking)
        rt.push_routine("placement", fields)
    elif pattern == "chart_choice":
        rt.push_routine("chart", {"step": kept["step"], "todo": _order(rt, step)})
    elif root is not None:
        order = _order(rt, step) if pattern in ("each_player_once", "turns_each") else seat_order(rt)
        if pattern == "once":
            order = order[:1]
        elif pattern == "by_the_game":  # nobody's turn: no player is "you"
            order = [None]
        elif pattern == "turns_each":  # everybody's first turn, then everybody's second, ...
            order = order * step.get("turns", 1)
        rt.push_routine("turns", {"root": root, "todo": order, "step": kept["step"], "per": len(seat_order(rt)),
                                  "done": 0})


def _turns(rt, f) -> None:
    kept = f[F.MORE]
    if not kept["todo"]:
        rt.done(f)
        runner = rt.flow
        runner.check_end(rt)
        return
    seat = first_off(kept["todo"])
    rt.s["flow"]["turn"] = kept["done"] // kept["per"] + 1  # the turn number within the step
    kept["done"] += 1
    _push_effect(rt, kept["root"], seat, f"step:{kept['step']}")


def _order(rt, step: dict) -> list[int]:
    order = rt.game.items("turn_orders").get(step.get("order", ""), {})
    if order.get("kind") == "chart":
        runner = rt.flow
        return runner.turn_order(rt)
    return seat_order(rt)


def seat_order(rt) -> list[int]:
    first, count = rt.s["flow"]["first"], rt.s["players"]
    return [(first + i) % count for i in range(count)]


# ------------------------------------------------------------------ chart


def _chart(rt, f) -> None:
    kept = f[F.MORE]
    runner = rt.flow
    step = runner.steps[kept["step"]]
    chart = rt.game.item("charts", step["chart"])
    if f[F.ANS] is not None:
        row = str.split(take(f, F.ANS), ":", 1)[1]
        seat = dict.pop(kept, "seat")
        marker = _marker_of(rt, seat, chart)
        rt.world.put(marker, row)
        rt.world.event("placed", seat, f"player {seat + 1} woke up on {rt.world.name_of(row)}",
                       {"thing": marker, "to": row})
        _update_chart_order(rt, chart)
        root = runner.effect_of_thing(rt, row)
        if root is not None:
            _push_effect(rt, root, seat, f"chart:{row}")
        return
    if "seat" in kept:  # asked before and interrupted: ask the same player again
        seat = kept["seat"]
    elif not kept["todo"]:
        rt.done(f)
        return
    else:
        seat = first_off(kept["todo"])
    kept["seat"] = seat
    rows = [r for r in rt.world.places_of({chart["place"]}) if not rt.world.contents(r)]
    options = [(f"row:{r}", _row_label(rt, chart, r)) for r in rows]
    rt.ask(f, seat, f"Choose your row on the {chart.get('name', 'chart')}:", options, source="", checked=True)


def _row_label(rt, chart: dict, row: str) -> str:
    """The label of a chart's row: its position, and the name of what it gives (worked out once
    per chart and position)."""
    position = dict.get(rt.world.thing(row)[T.ATTRS], "position")
    labels = rt.game.memo_for("row_labels", chart["id"])
    label = dict.get(labels, position)
    if label is None:
        label = labels[position] = _label_of_row(chart, position)
    return label


def _label_of_row(chart: dict, position) -> str:
    """'row 3: <what the row gives>', or 'row 3', as the chart's declared rows name it."""
    for entry in dict.get(chart, "rows", ()):
        if dict.get(entry, "position") == position:
            text = dict.get(entry, "name") or dict.get(entry, "effect") or ""
            return f"row {position}: {text}"
    return f"row {position}"


def _marker_of(rt, seat: int, chart: dict) -> str:
    holds = set(rt.game.item("places", chart["place"]).get("holds", []))
    for tid in rt.world.things(holds, seat):
        return tid
    raise RulesError(f"player {seat + 1} has no marker for the {chart.get('name')}")


def _update_chart_order(rt, chart: dict) -> None:
    if not chart.get("sets_turn_order"):
        return
    ranked = []
    for row in rt.world.places_of({chart["place"]}):
        for tid in rt.world.contents(row):
            ranked.append((rt.world.thing(row)[T.ATTRS].get("position", 0), rt.world.thing(tid)[T.OWNER]))
    placed = [seat for _position, seat in sorted(ranked)]
    rest = [seat for seat in seat_order(rt) if seat not in placed]
    rt.s["flow"]["chart_order"] = placed + rest


# ------------------------------------------------------------------ worker placement


def _placement(rt, f) -> None:
    kept = f[F.MORE]
    flow, runner = rt.s["flow"], rt.flow  # (the state's flow, and the game's: a Flow)
    if f[F.ANS] is not None:
        answer, seat = take(f, F.ANS), dict.pop(kept, "seat")
        kept["last"] = seat
        if answer == PASS[0]:
            runner.pass_turn(rt, seat)
        else:
            _place(rt, seat, answer, dict.get(kept, "unblocked"))
        return
    runner.check_end(rt)
    seat = _next_placer(rt, f)
    if seat is None:
        rt.done(f)
        return
    order = []
    candidates = placement_candidates(rt, seat, order)
    took: dict = {}  # key -> what the walk that judged its action took at its first question
    judge = placement_judge(rt, seat, f, took)
    verdicts = {}
    for key in order:  # judged until one is legal: passing is the other option
        verdicts[key] = judge(key)
        if verdicts[key] is None and not rt.judge_all:
            break
    options, why_not, unjudged = _sorted_out(candidates, verdicts)
    if not options:
        runner.pass_turn(rt, seat)
        return
    kept["seat"] = seat
    options.append(PASS)
    rt.ask(f, seat, f"Place a worker ({flow['phase']}) or pass:", options, source="", checked=True,
           why_not=why_not, open=unjudged, judged_by="placement", judge=judge, ways=took)


def _sorted_out(candidates: list, verdicts: dict) -> tuple[list, dict, list]:
    """The candidates legal or not judged, why each judged illegal one is not legal, and the
    keys not judged: each in the candidates' order."""
    options, why_not, unjudged = [], {}, []
    for option in candidates:
        key = option[0]
        reason = dict.get(verdicts, key, UNREAD)
        if reason is None:
            options.append(option)
        elif reason is UNREAD:
            options.append(option)
            unjudged.append(key)
        else:
            why_not[key] = reason
    return options, why_not, unjudged


def _sure_slot(rt, space_id: str, slot: str) -> bool:
    """Whether the action of a worker on ``slot`` of the space cannot fail, whatever the state
    (asked once per game and option: placement_candidates keeps it with the option). The
    rule a judge adds on top (bonus slots that may not be blocked) is still judged."""
    root = _slot_effect(rt, space_id, slot)
    return root is None or not can_fail(rt.game, root)


def _next_placer(rt, f) -> int | None:
    runner = rt.flow
    order = runner.turn_order(rt)
    passed = dict.get(rt.s["flow"], "passed", ())
    start = (list.index(order, f[F.MORE]["last"]) + 1) if dict.get(f[F.MORE], "last") in order else 0
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if seat not in passed:
            return seat
    return None


def _waiting_kinds(rt, seat: int) -> list[str]:
    """The kinds of ``seat``'s waiting workers, sorted (one read of each worker's kind)."""
    workers = rt.game.items("workers")
    things = rt.world.thing_table
    found = set()
    for place in _supply_places(rt, seat):
        for worker in rt.world.contents(place):
            kind = things[worker][T.KIND]
            if kind in workers:
                found.add(kind)
    return sorted(found)


def _worker_of(rt, seat: int, kind: str) -> str:
    """The first of ``seat``'s waiting workers of ``kind`` (there is one: it was a candidate):
    found without listing the others."""
    things = rt.world.thing_table
    for place in _supply_places(rt, seat):
        for worker in rt.world.contents(place):
            if things[worker][T.KIND] == kind:
                return worker
    raise RulesError(f"no {kind} waits for player {seat + 1}")


def _supply_places(rt, seat: int) -> list[str]:
    """The places ``seat``'s workers wait in, one of each kind of supply that ``seat`` has."""
    found = []
    for place_kind in _supplies(rt.game):
        place = rt.world.place_for(place_kind, seat)
        if place:
            found.append(place)
    return found


def _supplies(game) -> list[str]:
    """The kinds of place workers wait in (worked out once per game)."""
    found = game.memo.get("worker_supplies")
    if found is None:
        found = game.memo["worker_supplies"] = sorted({worker["location"] for worker in game.items("workers").values()
                                                       if worker.get("location")})
    return found


ANY_SLOT = ["any"]  # the one slot of a space without a limit (never changed; told apart by identity)
EMPTY_USE: dict = {}  # no space used this round yet (never written to)


def placement_candidates(rt, seat: int, order: list) -> list[tuple[str, str]]:
    """Every placement on a free slot for ``seat`` now, legal or not: (key, label), in order.
    Their keys go into ``order`` in the order to judge them in: first the placements whose
    action cannot fail (no walk judges them), then the others, each group as listed (an order
    to judge in, never to show in: the first legal one found spares the walks of the others).
    (It runs at every placement asked: the spaces' fixed facts come from _placement_rows, and
    a space with free slots for every kind, the common case, costs no call.)"""
    world = rt.world
    inside = rt.world.contents_table
    kinds = _waiting_kinds(rt, seat)
    used = _used_this_round(rt)
    found, unsure = [], []
    for space_id, space, structure, once, open_slots, options in _placement_rows(rt.game, rt.s["flow"]["phase"],
                                                                                rt.s["players"]):
        if structure and not world.things(structure, seat):
            continue
        if once and used and f"{seat}:{space_id}" in used:
            continue
        held = dict.get(inside, space_id)
        free = open_slots if not held else _free_of(world, seat, held, structure, open_slots)
        for kind in kinds:
            made = dict.get(options, kind)  # (the options made so far, by kind, then slot)
            if made is None:
                made = options[kind] = {}
            for slot in free if free else _kind_slots(rt, kind, free, open_slots):
                entry = dict.get(made, slot)  # (the option, and whether its action cannot fail)
                if entry is None:
                    option = _placement_option(space_id, space, slot, kind)
                    entry = made[slot] = (option, _sure_slot(rt, space_id, slot))
                found.append(entry[0])
                (order if entry[1] else unsure).append(entry[0][0])
    order += unsure
    return found


def _placement_rows(game, phase: str, players: int) -> list[tuple]:
    """The spaces open in ``phase``, in their order, each as (id, definition, the structure it is
    private to, whether it is once per round, its slots at this player count, its options made
    so far by kind and slot): what placement_candidates reads of a space that never changes
    (once per game)."""
    memo = game.memo["placement_rows"]
    found = dict.get(memo, (phase, players))
    if found is None:
        found = memo[phase, players] = [
            (space_id, space, _kinds_of(space.get("private_to_structure")), space.get("limit") == "once_per_round",
             _slots_at(space, players), {})
            for space_id, space in game.items("spaces").items() if phase in space.get("phases", [])]
    return found


def _kinds_of(structure: str | None) -> frozenset | None:
    """The kinds a space is private to, as World.things reads them (None: open to all)."""
    return frozenset({structure}) if structure else None


def _slots_at(space: dict, players: int) -> list[str]:
    """The slots a space has at this player count (["any"]: no limit)."""
    if space.get("unlimited"):
        return ANY_SLOT
    return [slot["id"] for slot in space.get("slots", []) if players in slot.get("players", [])]


def _placement_option(space_id: str, space: dict, slot: str, kind: str) -> tuple[str, str]:
    """The key and label of placing a worker of ``kind`` on ``slot``."""
    label = f"{_slot_label(space_id, space, slot)} with a {kind.replace('_', ' ')}"
    return f"{PLACE}:{space_id}:{slot}:{kind}", label


def placement_judge(rt, seat: int, frame: list, took: dict | None = None):
    """A judge of ``seat``'s placements now, asked by the placement routine ``frame``:
    ``judge(key)`` is None when the placement is legal, else why not (with the slot's label).
    A placement's action is judged as it will run: with the worker on its slot, acting.
    Slots of a space decided alike share one check for each kind of worker. ``took``: where to
    keep, by key, what the walk that judged a placement's action took at its first question
    (Runtime.ask hands it on)."""
    return PlacementJudge(rt, seat, dict.get(frame[F.MORE], "unblocked"), took)


class PlacementJudge:
    """What placement_judge makes. (An object, not a closure: in the compiled build a C type whose
    fields are read from the C struct, flow.pxd.)"""

    __slots__ = ("rt", "seat", "unblocked", "took", "checked", "parsed", "own_slot")

    def __init__(self, rt, seat: int, unblocked, took: dict | None) -> None:
        self.rt, self.seat, self.unblocked, self.took = rt, seat, unblocked, took
        self.checked: dict = {}  # what slots decided alike share -> the reason, or None
        self.parsed = self.rt.game.memo["placement_keys"]  # key -> (space, slot, kind): read once per game
        self.own_slot = _slot_read(self.rt.game)

    def __call__(self, key: str, words: bool = True) -> str | None:  # (its reasons are always in words)
        return self.judge(key)

    def judge(self, key: str) -> str | None:
        rt, seat, checked, took, unblocked = self.rt, self.seat, self.checked, self.took, self.unblocked
        parts = dict.get(self.parsed, key)
        if parts is None:
            parts = self.parsed[key] = tuple(key.split(":")[1:])
        space_id, slot, kind = parts
        game = rt.game
        space = game.item("spaces", space_id)
        root = _slot_effect(rt, space_id, slot)
        alike = None if root is None else (deciding_part(game, root), space_id, kind, self.own_slot and slot)
        if alike not in checked:
            found: list = []
            checked[alike] = _action_reason(rt, seat, space_id, slot, kind, found)
            if found and took is not None and _bonus_owed(rt, unblocked, seat, space_id, slot, kind) is None:
                took[key] = found[0]  # (kept only where the action walked is the one that runs)
        reason = checked[alike] or _blocking(rt, unblocked, seat, space_id, slot, kind)
        return None if reason is None else f"{_slot_label(space_id, space, slot)}: {reason}"


def _slot_read(game) -> bool:
    """Whether an effect of the game reads a thing's ``slot`` attribute, the one a placed worker
    stands on: then slots of a space decided alike are checked one by one, since the acting
    worker stands on each slot in turn (worked out once per game)."""
    found = dict.get(game.memo, "slot_read")
    if found is None:
        found = game.memo["slot_read"] = any(getattr(node, "attribute", None) == "slot" for node in game.nodes)
    return found


def _slot_label(space_id: str, space: dict, slot: str) -> str:
    return f"{space.get('name', space_id)}" + (f" ({slot})" if slot not in ("", "any") else "")


def _blocking(rt, option: str | None, seat: int, space_id: str, slot: str, kind: str) -> str | None:
    """With the step's ``unblocked_bonus_option`` on (``option``, else None): a bonus slot is
    taken only to use the bonus, unless no other slot of that action is free. Returns why this
    slot may not be taken, or None."""
    bonus = _bonus_owed(rt, option, seat, space_id, slot, kind)
    if bonus is None:
        return None
    reason = rt.can_do([rt.game.effect("spaces", space_id), bonus], seat, f"space:{space_id}",
                       partial(_stand_acting, rt, seat, space_id, slot, kind))
    named = rt.game.settings.options.get(option, {}).get("name", option)
    return None if reason is None else f"{named}: the bonus could not be used ({reason})"


def _bonus_owed(rt, option: str | None, seat: int, space_id: str, slot: str, kind: str) -> int | None:
    """The bonus a worker of ``kind`` put on ``slot`` now must use, with the rule against
    blocking bonus slots on (``option``, else None): the slot's declared bonus when another slot
    of that action without a bonus is free; else None (the bonus stays optional, or there is
    none, or it is part of the slot's own action, a discount, and always used)."""
    if option is None or not _is_bonus_slot(rt, space_id, slot):
        return None
    free = _free_slots(rt, seat, space_id, rt.game.item("spaces", space_id), kind)
    if not [other for other in free if other != slot and not _is_bonus_slot(rt, space_id, other)]:
        return None
    return _declared_bonus(rt, space_id, slot)


def _declared_bonus(rt, space_id: str, slot: str) -> int | None:
    """The slot's bonus effect as declared, whether or not the slot also spells out its effect."""
    for index, entry in enumerate(rt.game.item("spaces", space_id).get("slots", [])):
        if entry["id"] == slot and entry.get("bonus_effect"):
            return rt.game.effect("spaces", space_id, f"slots/{index}/bonus_effect")
    return None


def _is_bonus_slot(rt, space_id: str, slot: str) -> bool:
    for entry in rt.game.item("spaces", space_id).get("slots", []):
        if entry["id"] == slot:
            return bool(entry.get("bonus_effect") or entry.get("bonus_text") or entry.get("effect"))
    return False


def _used_this_round(rt) -> list | tuple:
    """The marks ("seat:space") of the spaces used this round, of those a player may use once
    per round (never written to here)."""
    return dict.get(dict.get(rt.s["flow"], "used", EMPTY_USE), _round_key(rt), ())


def _round_key(rt) -> str:
    """The key of this round's marks in the flow's "used" table."""
    return numeral(rt.s["flow"]["round"])


def _free_slots(rt, seat: int, space_id: str, space: dict, kind: str) -> list[str]:
    """The slots of the space a worker of ``kind`` may take now."""
    return _kind_slots(rt, kind, *_space_slots(rt, seat, space_id, space))


def _space_slots(rt, seat: int, space_id: str, space: dict) -> tuple[list[str], list[str]]:
    """The free slots of the space, and the slots it has at this player count."""
    open_slots = _slots_at(space, rt.s["players"])  # (only the check of blocked bonus slots comes here)
    held = rt.world.contents(space_id)
    return _free_of(rt.world, seat, held, space.get("private_to_structure"), open_slots), open_slots


def _free_of(world, seat: int, held: list[str], private, open_slots: list[str]) -> list[str]:
    """Of the slots of a space that holds ``held``, the ones free now (of a space private to a
    structure, ``private`` being true: free of ``seat``'s workers)."""
    if not held or open_slots is ANY_SLOT:
        return open_slots
    things, occupied, unslotted = world.thing_table, [], 0
    for worker in held:
        thing = things[worker]
        if private and thing[T.OWNER] != seat:
            continue
        slot = dict.get(thing[T.ATTRS], "slot")
        if slot:
            occupied.append(slot)  # (a few: a list's test is cheaper than making a set)
        else:
            unslotted += 1
    free = [s for s in open_slots if s not in occupied]
    return free[unslotted:]  # a worker put there by an effect takes the first free slot


def _kind_slots(rt, kind: str, free: list[str], open_slots: list[str]) -> list[str]:
    """Of a space's free slots, the ones a worker of ``kind`` may take (a worker that may use a
    full action takes the "full" slot of a space with none free)."""
    if free or not open_slots:
        return free
    placement = dict.get(rt.game.item("workers", kind), "placement")
    return ["full"] if placement and dict.get(placement, "may_use_full_action") else []


def _action_reason(rt, seat: int, space_id: str, slot: str, kind: str, took: list | None = None) -> str | None:
    """Why a worker of ``kind`` placed on ``slot`` could not carry out its action, or None: judged
    with the worker standing there, acting (a count of your workers, or the workers still in
    your supply, are read as the action will read them). ``took``: see verdict.can_do."""
    root = _slot_effect(rt, space_id, slot)
    if root is None:
        return None
    return rt.can_do(root, seat, f"space:{space_id}", partial(_stand_acting, rt, seat, space_id, slot, kind), took)


def _stand(rt, world, seat: int, space_id: str, slot: str, kind: str) -> str:
    """Put the first waiting worker of ``kind`` that ``seat`` has on ``slot`` of the space, in
    ``world`` (the game's, or a copy's); returns that worker."""
    worker = _worker_of(rt, seat, kind)
    world.set_attribute(worker, "slot", slot)
    world.put(worker, space_id)
    return worker


def _stand_acting(rt, seat: int, space_id: str, slot: str, kind: str, world) -> None:
    """As a placement leaves a copy of the state for its action (``world``: the copy's): the
    worker on its slot, and acting (the copy's own flow table, so the game's is untouched)."""
    worker = _stand(rt, world, seat, space_id, slot, kind)
    world.s["flow"] = {**world.s["flow"], "acting": worker}


def _slot_effect(rt, space_id: str, slot: str) -> int | None:
    """The effect a worker on ``slot`` of the space carries out (worked out once per game)."""
    memo = rt.game.memo_for("slot_effects", space_id)
    found = dict.get(memo, slot, UNREAD)
    if found is UNREAD:
        found = memo[slot] = _find_slot_effect(rt, space_id, slot)
    return found


def _find_slot_effect(rt, space_id: str, slot: str) -> int | None:
    space = rt.game.item("spaces", space_id)
    for index, entry in enumerate(space.get("slots", [])):
        if entry["id"] == slot and entry.get("effect"):
            return rt.game.effect("spaces", space_id, f"slots/{index}/effect")
    return rt.game.effect("spaces", space_id)


def _bonus_effect(rt, space_id: str, slot: str) -> int | None:
    space = rt.game.item("spaces", space_id)
    for index, entry in enumerate(dict.get(space, "slots", ())):
        if entry["id"] == slot and dict.get(entry, "bonus_effect") and not dict.get(entry, "effect"):
            return rt.game.effect("spaces", space_id, f"slots/{index}/bonus_effect")
    return None


def _place(rt, seat: int, key: str, unblocked: str | None) -> None:
    _tag, space_id, slot, kind = str.split(key, ":")
    owed = _bonus_owed(rt, unblocked, seat, space_id, slot, kind)  # (read while the slot is free)
    worker = _stand(rt, rt.world, seat, space_id, slot, kind)
    space = rt.game.item("spaces", space_id)
    rt.world.event("placed", seat,
                   f"{seat_name(seat)} placed a {kind.replace('_', ' ')} on {space.get('name', space_id)}",
                   {"thing": worker, "to": space_id})
    if dict.get(space, "limit") == "once_per_round":
        used = dict.setdefault(dict.setdefault(rt.s["flow"], "used", {}), _round_key(rt), [])
        used.append(f"{seat}:{space_id}")
    rt.s["flow"]["acting"] = worker
    frame = routine_frame("action", "root", seat, seat, f"space:{space_id}")
    frame[F.SOFT] = frame[F.STRICT] = True
    kept = frame[F.MORE]
    kept["space"], kept["slot"] = space_id, slot
    if owed is not None:
        kept["owed"] = owed  # the space's action, then this bonus, without asking (_bonus_owed)
    rt.stack.append(frame)


def _action(rt, f) -> None:
    kept = f[F.MORE]
    owed = dict.get(kept, "owed")  # a bonus the worker must use: the space's own action runs first, then it
    if f[F.STEP] == 0:
        f[F.STEP] = 1
        space = kept["space"]
        root = _slot_effect(rt, space, kept["slot"]) if owed is None else rt.game.effect("spaces", space)
        if root is not None:
            _push_child(rt, f, root)
        return
    if f[F.STEP] == 1:
        if owed is not None:  # taken to use the bonus: it runs, unasked
            f[F.STEP], kept["bonus"], f[F.ANS] = 2, owed, "yes"
            return
        bonus = _bonus_effect(rt, kept["space"], kept["slot"]) if kept["slot"] not in ("full", "any") else None
        f[F.STEP] = 3
        if bonus is not None:
            f[F.STEP] = 2
            kept["bonus"] = bonus
            rt.ask(f, f[F.ACTOR], "Use the bonus of this space?", [("yes", "yes"), ("no", "no")])
        return
    if f[F.STEP] == 2:
        f[F.STEP] = 3
        if take(f, F.ANS) == "yes":
            _push_child(rt, f, kept["bonus"])
        return
    if f[F.STEP] == 3:
        f[F.STEP] = 4
        runner = rt.flow
        for root, label in runner.triggers_after(rt, f[F.ACTOR], kept["space"]):
            _push_child(rt, f, root, src=f"trigger:{label}")
        return
    rt.s["flow"]["acting"] = None
    rt.done(f)


def _push_child(rt, parent: list, root: int, src: str | None = None) -> None:
    """Run effect ``root`` for the action's frame ``parent``, strict, with bindings of its own
    (``src``: what started it, else the parent's source)."""
    source = parent[F.SRC] if src is None else src
    frame = effect_frame(root, rt.new_env({}), parent[F.ACTOR], parent[F.YOU], source)
    frame[F.STRICT] = frame[F.OWN] = True
    rt.stack.append(frame)


def _discard_played(rt, f) -> None:
    """Discard the card a scenario started, once it has resolved."""
    from engine.interp.items import discard_played

    rt.done(f)
    discard_played(rt, f[F.ACTOR])


def _reask(rt, f) -> None:
    """Ask again a decision that was interrupted (a scenario started a card in its middle).
    A flow routine simply runs again (whose turn it is may have changed); an effect asks
    its question again as it was."""
    rt.done(f)
    frames = rt.stack
    if frames and frames[-1][F.ROUTINE] is None:
        rt.s["pending"] = f[F.MORE]["pending"]
        rt.asking = rt.s["pending"] is not None


# ------------------------------------------------------------------ built-ins


def _builtin(rt, f) -> None:
    rt.done(f)
    BUILTINS.get(f[F.MORE]["name"], _not_built_in)(rt, f)


def _not_built_in(rt, f) -> None:
    rt.world.event("skipped", None, f"built-in step '{f[F.MORE]['name']}' is not supported yet")


def _return_workers(rt, f) -> None:
    """Every worker placed on a space goes back to where its kind lives."""
    for space_id in rt.game.items("spaces"):
        for worker in list(rt.world.contents(space_id)):
            rt.world.drop_attribute(worker, "slot")
            thing = rt.world.thing(worker)
            location = dict.get(rt.game.item("workers", thing[T.KIND]), "location")
            rt.world.put(worker, rt.world.place_for(location, thing[T.OWNER]))
    rt.world.event("returned", None, "all workers went back to their owners")


def _clear_chart(rt, f) -> None:
    for chart in rt.game.items("charts").values():
        for row in rt.world.places_of({chart["place"]}):
            for marker in list(rt.world.contents(row)):
                thing = rt.world.thing(marker)
                location = rt.game.items("tokens").get(thing[T.KIND], {}).get("location")
                rt.world.put(marker, rt.world.place_for(location, thing[T.OWNER]))
    rt.s["flow"]["chart_order"] = None


def _pass_first_player(rt, f) -> None:
    orders = rt.game.items("turn_orders").values()
    direction = next((o.get("first_player_passes") for o in orders if o.get("first_player_passes")), "left")
    step = -1 if direction == "right" else 1
    flow = rt.s["flow"]
    flow["first"] = (flow["first"] + step) % rt.s["players"]
    rt.world.event("first", flow["first"], f"player {flow['first'] + 1} is now the first player")


BUILTINS = {
    "refill_displays": dealing.refill_displays,
    "return_workers": _return_workers,
    "clear_chart": _clear_chart,
    "pass_first_player": _pass_first_player,
}


# ------------------------------------------------------------------ helpers


def _applies(rt, item: dict) -> bool:
    """Whether a step or condition applies to this game's player count and options."""
    return _applies_to(rt.game, rt.s["players"], rt.s["options"], item)


def _applies_to(game, players: int, options: dict, item: dict) -> bool:
    """Whether a step or condition applies to this player count and these options."""
    counts = dict.get(item, "players")
    if counts and players not in counts:
        return False
    settings = game.settings
    if dict.get(item, "when_option") and not option_on(settings, options, item["when_option"]):
        return False
    if dict.get(item, "unless_option") and option_on(settings, options, item["unless_option"]):
        return False
    return True


def _setup_steps(rt) -> list[dict]:
    steps = sorted(rt.game.items("setup").values(), key=lambda s: s.get("order", 0))
    return [s for s in steps if _applies(rt, s)]


def _trigger_allowed(rt, seat: int, tid: str, trigger: dict, index: int, namespace: str, kind: str) -> bool:
    marks = rt.s["flow"].setdefault("marks", [])
    mark = f"{rt.s['flow']['round']}:{seat}:{kind}:{index}"
    if trigger.get("limit") == "once_per_round" and mark in marks:
        return False
    root = rt.game.effect(namespace, kind, f"triggers/{index}/condition")
    if root is not None and not test(Context(rt.world, seat, seat, {}, {}), rt.game.nodes[root]):
        return False
    if trigger.get("limit") == "once_per_round":
        marks.append(mark)
    return True

