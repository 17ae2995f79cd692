"""The runtime: runs execution frames until a decision is pending.

Theory of operation
-------------------
Execution lives in the state, as plain data, so a game paused at a decision
can be saved, copied for a search, or undone:

* ``state["frames"]`` is a stack. A frame is a list of fixed slots (slots.py,
  read as ``frame[F.STEP]``): NODE the number of the effect node it runs (or
  ROUTINE the name of a flow routine), STEP its step, ENV the id of its bindings
  in ``state["envs"]``, ACTOR the acting seat, YOU the seat the effect belongs
  to, SRC what started it, its marks, an answer, a pick under way (CAND to
  KEYS), and MORE: a dict of whatever else its handler keeps between steps.
  ENV, ACTOR, YOU and NOUNS (the nouns a procedure substitutes) are set when a
  frame is pushed and change only when it is handed over (``replace``), never
  in place: ``ctx`` keeps the Context of the frame it read last. The stack and
  the table of bindings (``state["envs"]``) are changed in place, never
  replaced, while a runtime runs the state: it keeps them at hand (``stack``,
  ``env_table``).
* The loop looks at the top frame and calls its handler (one table maps each
  node type to one function: engine/interp/handlers.py). A handler either
  pushes child frames, finishes (``done``), hands its frame over to the one
  child left to run whose result it only passes on (``replace``: a tail call,
  so a conditional or a sequence's last step costs no frame of its own), or
  asks a question (``ask``). A handler asks only at explicit choice points:
  choose, may, selecting among things, placing a worker, passing.
* A parent runs its children through ``child`` (and its last one through
  ``tail``): a *leaf* (handlers.LEAVES: a let, a set, a move, an item action
  that asks nothing, a condition, a Bound over an item action, a call with
  nothing after its body) runs at once in the parent's frame and spends no
  frame of its own; a condition runs as the branch it picks; a pick that
  asks is started there and handed to its own frame, which binds "as Name"
  itself when it finishes (``done`` reads the frame's AS).
* ``ask`` stores the decision in ``state["pending"]`` and stops. The answer is
  written into the asking frame's ANS slot and the loop resumes there. A
  decision with one legal option is never asked: that option is taken.

Feasibility ("play a card only if it can be carried out in full"):
* A frame marked STRICT opens a region that must be carried out in full
  (a card's effect, a space's action, a chosen option). A frame marked
  SOFT is a boundary where failure is allowed (a flow step): an
  ``Infeasible`` raised below it abandons the rest of that step.
* When a decision is asked, an option is tried on a copy of the state: the
  copy runs on, trying the options of any later decision depth-first, until
  the region that must be completed is finished (success) or something is
  infeasible (that option is not offered). The region is the outermost strict
  frame on the stack, else the asking frame itself. The reason of the first
  failure explains a missing option.
* A trial stops early, as a success, once nothing left in its region can fail
  (fallible.py says which effects cannot fail): an option whose rest cannot
  fail is legal untried, and a trial that reaches such a point is done.
* Before any trial, verdict.py reads the answer off the state where it can
  (a sure yes, or a sure no with the trial's reason); only an unsure answer
  costs a trial.
* Before the walk, an answer that surely lacks a counter it must pay is
  refused (needs.py); its reason is put in words only when it is shown. A
  die adjustment's value whose price is a plain payment, or an option whose
  needs decide it, with nothing after it that could fail, is legal when it
  can be paid (needs.paid_for). A
  question whose every answer but one is so refused, the one left unable to
  fail, takes that one before any judge is made (``forced_answer``: a "may"
  whose yes lacks the price, a die value kept for want of workers): what
  asking would do, cheaper. A question it reads and then asks is judged by
  the refusal it read (``handed``), not by one made again. A "may" or an
  adjustment that would be so taken is read before its frame is made
  (``unasked``), and takes its free answer in its parent's frame.
* Options are judged only until two are legal (lightest first); the others
  stay open in the pending decision. The judge that asked (``open_judge``)
  goes with the Decision, which judges an open option when a player reads
  the options or answers it, against the same state (decisions.py).
"""

from __future__ import annotations

from engine.interp import handlers, needs, verdict  # (the functions tests patch are read off the modules)
from engine.interp.handlers import HANDLERS, LEAVES
from engine.interp import slots as F
from engine.interp.errors import Infeasible, RulesError, nearer, nearest
from engine.interp.fallible import can_fail, frames_fail, fresh, settled, sure_options
from engine.interp.frames import Frames, effect_frame
from engine.interp.needs import unaffordable
from engine.interp.numbered import decision_id, env_key
from engine.interp.verdict import PICKED, YES, lightest_first
from engine.interp.world import World, roomy

# The functions tests patch, read off their modules when called, from the modules' own dicts: a
# read of a module's attribute looks in its type first, and costs some three times the dict's.
NEEDS, VERDICT = vars(needs), vars(verdict)

PROBE_BUDGET = 4000  # handler calls one feasibility probe may spend before it trusts the option
PROBE_DEPTH = 12  # nested decisions a probe follows before it trusts the option
CLONE_COST = 25  # a copy of the state counts as this many handler calls


UNSURE = object()  # an option judge that may not run a trial and could not read the verdict
UNJUDGED = object()  # an option _judge_enough left open
REFUSED = object()  # an option judge's sure no whose reason in words is left unread (needs.py)
NOT_MADE = object()  # what an option judge makes at its first need, not made yet
PENDING = roomy(("id", "player", "prompt", "options", "source"))  # a decision's own keys, in order (Steps.ask)


def _handed_key(rt, frames: list, depth: int, took: tuple) -> str | None:
    """The answer that the answer before handed on to the question the top frame asks: that
    answer opened a region (a routine: a worker's action) whose effect a walk had judged, in the
    state it now runs in, by a way that took ``took`` at the first question it met. When this
    is that question, the answer it took is a sure yes, since the way was carried out to the
    effect's end. None when it is not (another node, a candidate no longer offered), or when
    what the region runs after the effect could fail (the walk read the effect alone)."""
    top = frames[-1]
    if top[F.NODE] != took[0]:
        return None
    opened = frames[depth - 1]
    if opened[F.ROUTINE] is None or rt.flow.rest_can_fail(opened):
        return None
    if took[1] is not PICKED:
        return took[2]  # (a key of a choice or a "may": an answer not offered is never judged)
    for key, thing in (top[F.KEYS] or {}).items():
        if thing == took[2]:
            return key
    return None


class Pending(Exception):
    """Raised inside a probe when the run reaches a decision."""


class Steps(Frames):
    """The steps a run takes at every handler call or question, and its feasibility checks:
    Runtime's base. (In the compiled build a C type whose methods are C methods, runtime.pxd:
    the handlers and the flow call them on the runtime they hold, typed as Frames, whose C
    methods these override; the loop calls them on itself. Runtime, a Python class, is where
    tests patch them: a C method finds a patch on the Python class and calls it.)"""

    __slots__ = ()

    def run(self) -> None:
        """Run until a decision is pending or the game is over."""
        if self.probe_depth is not None:
            return _run_probe(self)
        runner = self.flow  # (a Flow: its table of routines read from the C struct, compiled)
        _steps(self, self.s, self.stack, self.game.nodes, self.handlers, runner.ROUTINES)

    def ask(self, frame: list, player: int, prompt: str, options: list[tuple[str, str]], source: str = "",
             checked: bool = False, why_not: dict | None = None, open: list | None = None,
             judged_by: str | None = None, judge=None, ways: dict | None = None) -> None:
        """Stop with a decision for ``player``; options that cannot be completed are left out.

        Options are judged only until two are legal; the rest stay *open* (decisions.py) and
        are judged when a player needs them (``judge_open``). ``checked``: the caller judged
        them already (``why_not``: why it left some out; ``open``: the ones it left unjudged,
        which ``judged_by`` names the judge of, and ``judge`` judges; ``ways``: key -> what the
        walk that judged it took at the first question of the region the answer opens).

        ``open_judge`` keeps the judge of the open options for the engine to hand on with the
        decision: it goes on judging against this state, with what it has worked out so far."""
        way, self.handing, self.ways = self.handing, None, None  # (handed on to the next question only)
        if self.probe_depth is not None:
            self.probe_options = list(options)
            raise Pending()
        if checked:  # (the caller's lists and dict, made for this decision: they are its own from here)
            shown, excluded, unjudged = options, why_not or {}, open or ()
            if ways is not None:
                self.ways = (frame, ways)
        else:
            shown, excluded, unjudged, judge = self._judge_enough(options, way)
        if not shown:
            told = nearest(excluded.values())
            raise Infeasible(told if told is not None else f"nothing can be chosen: {_words(prompt)}")
        if len(shown) == 1:  # a forced choice is not asked: the frame runs on with it
            frame[F.ANS] = shown[0][0]
            return
        s = self.s
        s["decisions"] += 1
        pending = dict.copy(PENDING)  # (room for why_not, open and judged_by: world.roomy)
        pending["id"] = decision_id(s["decisions"])
        pending["player"] = player
        pending["prompt"] = _words(prompt)  # (built only for a decision that is really asked)
        # (the pairs _judge_enough made are lists already, as plain data keeps them)
        pending["options"] = [[key, label] for key, label in shown] if checked else shown
        pending["source"] = source or frame[F.SRC]
        s["pending"] = pending
        self.asking = True
        if excluded:
            pending["why_not"] = excluded
        if unjudged:
            pending["open"] = unjudged
            self.open_judge = judge
            if judged_by:
                pending["judged_by"] = judged_by

    def forced_answer(self, options) -> str | None:
        """The one answer asking would take at once, told without making the option judges:
        every other answer surely lacks a counter it must pay (needs.py), and this one leaves
        nothing in the region that could fail. None otherwise, and in a probe (its explorer
        tries the options in order, as asked). When the question is asked after all, its
        option judges refuse by the refusal read here (``handed``), not by one made again."""
        if self.probe_depth is not None:
            return None
        frame = self.stack[-1]
        refused = NEEDS["refusal"](self)
        self.handed = (frame, refused)
        if refused is None:
            return None
        left = None
        for option in options:  # stops at the second answer not refused: then it is asked
            if not refused(option[0]):
                if left is not None:
                    return None
                left = option
        if left is None:
            return None
        key = left[0]
        if key in sure_options(self.game, self.stack, self._region_depth(), (left,), self.flow.rest_fails):
            self.handed = self.handing = None  # not asked: a question met, and passed
            return key
        return None

    def unasked(self, frame: list, node) -> bool:
        """Whether a "may" or an adjustment that ``frame`` runs next surely takes its free answer
        at once ("no"; the value kept): what ``forced_answer`` would find on the frame of its own
        the question would get, read before it is made. Every other answer lacks a counter it
        must pay (needs.unaffordable) and nothing left in the region can fail (the frames from
        the outermost strict one up, as sure_options reads them under a question; none when no
        frame is strict: the region is the question itself). Then the handler takes the free
        answer with no frame and nothing asked (_may_now, _adjust_now). Never in a probe,
        whose explorer tries the answers in order, as forced_answer does not."""
        if self.probe_depth is not None or frame[F.NOUNS]:  # (nouns substituted: refusal reads none)
            return False
        if not unaffordable(self, node, frame[F.ACTOR]):
            return False
        frames, depth = self.stack, self._region_depth()
        # (with no strict frame, depth is the top frame's, which is not strict: the question's region is itself)
        region = frames[depth - 1:] if frames[depth - 1][F.STRICT] else []
        if frames_fail(self.game, region, self.flow.rest_fails):
            return False
        self.handed = self.handing = None  # a question met, and passed (as forced_answer)
        return True

    def answer(self, key: str) -> None:
        """Deliver an answer to the frame that asked, and run on."""
        self.s["pending"] = None
        self.world.restage()  # (the state may have been changed in between: its round and phase are read again)
        frames = self.stack
        ways, self.ways = self.ways, None
        if ways is not None and ways[0] is frames[-1]:
            self.handing = dict.get(ways[1], key)
        frames[-1][F.ANS] = key
        self.run()

    def _judge_enough(self, options, way=None):
        """Judge options until two are legal (then it is a real decision): the sure ones, then
        what the walk reads, then trials. Returns the options legal or left open (in order, each
        a [key, label] list), why each other judged one is not legal, and the keys left open.
        ``way``: what the answer before took here (_handed_key)."""
        judge = self.option_judge(options, way)
        judging = judge if type(judge) is OptionJudge else None  # (the engine's own: its C method, compiled)
        verdicts = {}  # key -> None (legal), why not, or REFUSED (why not: worked out if shown)
        legal = 0
        enough = 2 if not self.judge_all else len(options) + 1  # (judge_all: tests judge every option)
        order = lightest_first(self, options)
        for settle in (False, True):  # the walk first, trials only if still needed
            for key, _label in order:
                if legal >= enough:
                    break
                if key not in verdicts:
                    why = judging.of(key, settle, False) if judging is not None else judge(key, settle, False)
                    if why is not UNSURE:
                        verdicts[key] = why
                        legal += why is None
        shown, excluded, unjudged = [], {}, []  # (one pass over the options, in their order)
        for key, label in options:
            why = dict.get(verdicts, key, UNJUDGED)
            if why is UNJUDGED:
                unjudged.append(key)
                shown.append([key, label])  # (a list: the pending decision keeps it as it is)
            elif why is None:
                shown.append([key, label])
            else:
                excluded[key] = why
        if len(shown) != 1:  # asked, or nothing can be chosen: the reasons are shown
            for key, why in excluded.items():
                if why is REFUSED:
                    excluded[key] = judge(key)
        return shown, excluded, unjudged, judge

    def option_judge(self, options, way=None) -> OptionJudge:
        """A judge of the options of the decision the top frame asks: ``judge(key)`` is None
        when answering ``key`` can be carried out in full, else why not (with its label);
        ``judge(key, False)`` gives UNSURE instead of running a trial; ``judge(key, settle,
        False)`` may give REFUSED instead of the reason, for an answer that surely lacks a
        counter it must pay (needs.py)."""
        depth = self._region_depth()
        frames = self.stack
        sure = sure_options(self.game, frames, depth, options, self.flow.rest_fails)
        given = _handed_key(self, frames, depth, way) if way is not None else None
        judge = OptionJudge(self, options, depth, sure, given)
        handed, self.handed = self.handed, None
        if handed is not None and handed[0] is frames[-1]:  # forced_answer made the refusal of this question
            judge.refused = handed[1]
        return judge

    def can_do(self, root: int | list[int], seat: int, source: str, prepare=None,
               took: list | None = None) -> str | None:
        """None if ``seat`` can carry out the effect ``root`` (or the effects, one after the
        other) in full now; else why not. ``prepare(world)``: what happens first, before the
        effects run (done on the copy's World that judges them; a worker placed, say).
        ``took``: see verdict.can_do."""
        roots = root if isinstance(root, list) else [root]
        for number in roots:  # (a loop, not any() over a generator: it runs at every placement judged)
            if can_fail(self.game, number):
                break
        else:
            return None
        found = VERDICT["can_do"](self, roots, seat, prepare, took)
        if found is not None:
            return None if found is YES else found
        return self.can_do_by_trial(roots, seat, source, prepare)

    def can_do_by_trial(self, roots: list[int], seat: int, source: str, prepare=None) -> str | None:
        """can_do, by running the effects on a copy of the state."""
        trial = self._trial_copy(keep=len(self.stack))
        if prepare is not None:
            prepare(World(self.game, trial))
        depth = len(trial["frames"]) + 1
        for number in reversed(roots):  # a stack: the first effect runs first
            trial["serial"] += 1
            env = env_key(trial["serial"])
            trial["envs"][env] = {}
            frame = effect_frame(number, env, seat, seat, source)
            frame[F.STRICT] = True
            trial["frames"].append(frame)
        return _explore(self.game, trial, self.flow, depth, [PROBE_BUDGET])

    def can_carry_out(self, frame: list, node) -> str | None:
        """None if ``node`` (a part of the effect ``frame`` runs) can be carried out in full now,
        with the frame's bindings and players; else why not. The walk reads it first where it
        can (verdict.carried_out); else a trial finds out. Inside a trial the check spends the
        trial's own budget, so an "if possible" never makes a search unbounded (and is always
        a trial, so the budget is spent as before)."""
        number = node if isinstance(node, int) else self.game.number(node)
        if not can_fail(self.game, number):
            return None
        if self.probe_depth is None:
            found = VERDICT["carried_out"](self, frame, number)
            if found is not None:
                return None if found is YES else found
        return self.carry_out_by_trial(frame, number)

    def carry_out_by_trial(self, frame: list, number: int) -> str | None:
        """can_carry_out, found by a trial alone."""
        trial = self._trial_copy(keep=len(self.stack))
        depth = len(trial["frames"]) + 1
        Runtime(self.game, trial, self.flow).push(frame, number, {F.STRICT: True})
        budget = [self.budget if self.probe_depth is not None else PROBE_BUDGET]
        reason = _explore(self.game, trial, self.flow, depth, budget)
        if self.probe_depth is not None:
            self.budget = budget[0]
        return reason

    def _trial_copy(self, keep: int) -> dict:
        """A copy of the working state for a trial (sharing the frames under ``keep``); the
        World forgets what it owned, since everything is shared with the copy now."""
        trial = clone(self.s, keep=keep)
        trial["pending"] = None  # judging a pending decision's options: the trial runs on from it
        self.world.forget()
        return trial

    def try_option(self, key: str, depth: int) -> str | None:
        """None if answering ``key`` can lead to finishing the region; else why not."""
        trial = self._trial_copy(keep=depth - 1)
        trial["frames"][-1][F.ANS] = key
        return _explore(self.game, trial, self.flow, depth, [PROBE_BUDGET])


# ------------------------------------------------------------ the loop of a probe

def _run_probe(rt: Runtime) -> None:
    """The loop of a probe: done when the region is finished, or (a trial) settled, or when
    the budget is spent; a failure fails the whole probe."""
    state, frames, depth = rt.s, rt.stack, rt.probe_depth
    nodes, handlers, routines = rt.game.nodes, rt.handlers, rt.flow.ROUTINES
    game, rest_fails, trial = rt.game, rt.flow.rest_fails, rt.trial
    fails = game.memo["can_fail"]  # can_fail's memo, read directly at every step
    while state["pending"] is None:
        if len(frames) < depth:
            return
        frame = frames[-1]
        number = frame[F.NODE]
        if trial and number is not None:  # its cheap first tests inlined: this runs at every step
            fallible = fails.get(number)
            if fallible is None:
                fallible = can_fail(game, number)
            if not fallible and fresh(frame) and settled(game, frames, depth, rest_fails):
                return
        rt.budget -= 1
        if rt.budget < 0:
            return
        if number is not None:
            handlers[number](rt, frame, nodes[number])
        else:
            routines[frame[F.ROUTINE]](rt, frame)


def _unwind(rt: Runtime, failure: Infeasible) -> None:
    frames = rt.stack
    for index in range(len(frames) - 1, -1, -1):
        if frames[index][F.SOFT]:
            source = frames[index][F.SRC]
            del frames[index:]
            rt.last_out = []
            rt.world.event("failed", frames[index - 1][F.ACTOR] if index else None,
                           f"could not finish {source}: {failure.reason}", {"reason": failure.reason})
            return
    raise RulesError(f"an effect could not be carried out outside any step: {failure.reason}")


class OptionJudge:
    """What option_judge makes. (An object, not a closure: in the compiled build a C type whose
    fields are read from the C struct, and whose judgement, ``of``, the loop that asks calls as
    a C method, runtime.pxd.)"""

    __slots__ = ("rt", "options", "depth", "sure", "given", "refused", "paid", "walk", "read")

    def __init__(self, rt: Runtime, options, depth: int, sure, given: str | None) -> None:
        self.rt, self.options, self.depth, self.sure, self.given = rt, options, depth, sure, given
        # the refusal, the payment test and the walk's judge, each made at its first need (the state stays as asked)
        self.refused = self.paid = self.walk = NOT_MADE
        self.read: dict = {}  # key -> what the walk read (None: unsure)

    def __call__(self, key: str, settle: bool = True, words: bool = True):
        return self.of(key, settle, words)

    def of(self, key: str, settle: bool, words: bool):
        if key in self.sure or key == self.given:
            return None
        rt, read = self.rt, self.read
        if not words and key not in read:
            if self.refused is NOT_MADE:
                self.refused = NEEDS["refusal"](rt)
            refused = self.refused
            if refused is not None and refused(key):
                return REFUSED
        if key not in read:
            if self.paid is NOT_MADE:
                self.paid = NEEDS["paid_for"](rt, self.depth, None if self.refused is NOT_MADE else self.refused)
            paid = self.paid
            if paid is not None:
                if paid(key):  # a plain payment it surely can make
                    return None
                if words:  # one it lacks: the trial's words, read off the counter
                    worded = NEEDS["plain_shortfall"](rt, key)
                    if worded is not None:
                        return _why(self.options, key, worded)
            if self.walk is NOT_MADE:
                self.walk = VERDICT["answers"](rt, self.depth)
            walk = self.walk
            read[key] = walk(key) if walk is not None else None
        found = read[key]
        if found is None:  # unsure: a trial finds out
            if not settle:
                return UNSURE
            found = rt.try_option(key, self.depth)
            return None if found is None else _why(self.options, key, found)
        return None if found is YES else _why(self.options, key, found)


class Runtime(Steps):
    """Runs frames over one working state; ``probe`` marks a feasibility trial. (Its fields are
    declared by Frames, frames.py; its steps are Steps'.)"""

    __slots__ = ("__weakref__",)
    judge_all = False  # judge every option when asking, none left open (tests compare the two)

    def __init__(self, game, state: dict, flow, probe_depth: int | None = None, trial: bool = False) -> None:
        self.game = game
        self.s = state
        self._at_hand()
        self.world = World(game, state)
        self.flow = flow
        self.probe_depth = probe_depth  # in a probe: done when the frames shrink below this
        self.trial = trial  # a feasibility trial: also done once nothing left can fail
        self.asking = False  # a decision pending: the loop's test (_steps), set where one is made pending
        self.last_out: list = []
        self.budget = PROBE_BUDGET
        self.probe_options: list = []
        self.open_judge = None  # the judge of the open options of the decision this run asked
        self.handed = None  # (frame, refusal): what forced_answer read of the question its frame asks next
        self.ways = None  # (asking frame, key -> what the walk that judged it took next): the question asked last
        self.handing = None  # what the answer's way took at the next question, handed on to it (_handed_key)
        self.leaves = game.by_number("leaves", LEAVES)  # the steps a parent runs at once, with no frame of their own
        self.handlers = game.by_number("handlers", HANDLERS)  # each node's handler, by its number
        self._last_ctx = None  # the Context made last (Frames.ctx)
        self._ctx_frame = None  # the frame it was asked for last

    def judge_open(self):
        """A judge of the open candidates of the pending decision; it only reads the state
        (its trials run on copies, with the decision taken off)."""
        pending = self.s["pending"]
        if pending.get("judged_by") == "placement":
            from engine.interp.flow import placement_judge

            return placement_judge(self, pending["player"], self.stack[-1])  # (the frame that asked)
        return self.option_judge([tuple(option) for option in pending["options"]])


def _steps(rt: Runtime, state: dict, frames: list, nodes: list, handlers: list, routines: dict) -> None:
    """Run's loop: the top frame's handler (``handlers``: handlers.HANDLERS by node number), or
    the flow's next step, until a decision is pending or the game is over. (A function of typed
    arguments in the compiled build, runtime.pxd: the state, the frames and the tables are read
    as a dict and lists.)"""
    rt.asking = state["pending"] is not None  # (set again where a decision is made pending: ask, flow's reask)
    while not rt.asking:
        if not frames:
            if not rt.flow.advance(rt):
                return
            continue
        frame = frames[-1]
        try:  # the one table of handlers (handlers.py), or a flow routine
            number = frame[F.NODE]
            if number is not None:
                at = number  # (a C index in the compiled build: the lists' own reads)
                handlers[at](rt, frame, nodes[at])
            else:
                routines[frame[F.ROUTINE]](rt, frame)
        except Infeasible as failure:
            _unwind(rt, failure)


def _words(prompt) -> str:
    """A decision's prompt in words: given, or made by a function at the first need."""
    return prompt() if callable(prompt) else prompt


def _why(options, key: str, reason: str) -> str:
    """Why an option is not legal, after its label (found in the options only then: most
    options judged are legal, or refused without words)."""
    for option_key, label in options:
        if option_key == key:
            return f"{label}: {reason}"
    return reason


def _explore(game, state: dict, flow, depth: int, budget: list, nesting: int = 0) -> str | None:
    """Depth-first search for one way to finish the region (frames shorter than ``depth``).

    Returns None when a way is found, or when the search runs out of budget or
    nesting (the option is then trusted); else why the branches failed (errors.nearer).
    """
    runtime = Runtime(game, state, flow, probe_depth=depth, trial=True)
    runtime.budget = budget[0]
    try:
        runtime.run()
    except Pending:
        budget[0] = runtime.budget
        if nesting >= PROBE_DEPTH:
            return None
        options = runtime.probe_options
        if sure_options(game, runtime.stack, depth, options, flow.rest_fails):
            return None  # an option that cannot fail finishes the region
        judge = VERDICT["answers"](runtime, depth)
        first_reason = None
        for index, (key, _label) in enumerate(options):
            found = judge(key) if judge is not None else None
            if found is YES:
                return None
            if found is not None:
                first_reason = nearer(first_reason, found)
                continue
            if budget[0] <= 0:
                return None
            budget[0] -= CLONE_COST
            last = index == len(options) - 1  # nothing needs this state after the last option
            trial = runtime.s if last else clone(runtime.s, keep=depth - 1)
            trial["frames"][-1][F.ANS] = key
            reason = _explore(game, trial, flow, depth, budget, nesting + 1)
            if reason is None:
                return None
            first_reason = nearer(first_reason, reason)
        return first_reason or "no way to finish it"
    except Infeasible as failure:
        return failure.reason
    budget[0] = runtime.budget
    return None


COPIED = ("envs", "flow", "counters", "global")  # changed in place: copied outright


def clone(state: dict, keep: int = 0) -> dict:
    """A copy of the state that never changes the original.

    Frames, bindings, flow and counters are changed in place, so they are copied
    outright (copy_data); a trial that never runs below frame ``keep`` shares the
    frames under it. Everything else is shared: events are append-only; thing
    dicts, contents lists and the index dicts (kinds, owned) are copied by the
    World the first time it writes to them (world.py); the rest is only ever
    replaced, never changed.
    """
    copy = dict(state)
    frames = state["frames"]
    copy["frames"] = frames[:keep] + copy_data(frames[keep:])
    for key in COPIED:
        copy[key] = copy_data(state[key])
    copy["events"] = list(state["events"])
    copy["things"] = dict(state["things"])
    copy["in"] = dict(state["in"])
    return copy


def copy_data(value):
    """A copy of plain data: every dict and list is new, scalars are shared. (A dict's own
    copy, then its containers replaced, is four times faster compiled than a marshal round
    trip, and a little faster plain.) Two references to one container become two copies, as
    they would through JSON."""
    if type(value) is dict:
        copy = dict.copy(value)
        for key, item in value.items():
            if type(item) is dict or type(item) is list:
                copy[key] = copy_data(item)
        return copy
    if type(value) is list:
        copy = value[:]
        for index, item in enumerate(value):
            if type(item) is dict or type(item) is list:
                copy[index] = copy_data(item)
        return copy
    return value
