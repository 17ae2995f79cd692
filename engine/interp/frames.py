"""The frame stack of a run: frames pushed, replaced and finished, with their bindings and
contexts (see runtime.py's theory of operation for what a frame holds).

The base class of a run (runtime.Steps, then Runtime). It imports nothing of the handlers, so
that the compiled handlers can name its C type (handlers.pxd) without an import cycle: the
runtime imports the handlers.
"""

from __future__ import annotations

from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.errors import RulesError
from engine.interp.numbered import env_key
from engine.interp.values import Context, context

NO_NOUNS: dict = {}  # a frame that substitutes no nouns (never written to)


def effect_frame(number: int, env: str, actor, you, src: str) -> list:
    """A frame running node ``number`` at its first step, with nothing kept (slots.py)."""
    return [number, 0, env, actor, you, src, None, False, False, False, False, None, None, None,
            None, None, None, None, None, {}]


def routine_frame(routine: str, env: str, actor, you, src: str) -> list:
    """A frame running the flow's ``routine`` at its first step, with nothing kept: an effect
    frame with no node, named by its routine."""
    frame = effect_frame(None, env, actor, you, src)
    frame[F.ROUTINE] = routine
    return frame


def fill(frame: list, fields: dict) -> None:
    """Give ``frame`` its ``fields``: each keyed by a slot's number (slots.py) goes into that
    slot, each keyed by a name into its MORE under the name."""
    more = frame[F.MORE]
    for key, value in fields.items():
        if type(key) is int:
            at = key  # (a C index in the compiled build: the list's own write)
            frame[at] = value
        else:
            more[key] = value


def forget_pick(frame: list) -> None:
    """Empty the slots of a pick under way (slots.py, CAND to KEYS), what it picked too."""
    frame[F.CAND] = frame[F.PICKED] = frame[F.LEAST] = frame[F.MOST] = frame[F.KEYS] = None


def take(frame: list, at: int):
    """What slot ``at`` of ``frame`` holds, emptied (an answer is taken once)."""
    value = frame[at]
    frame[at] = None
    return value


def first_off(items: list):
    """The first of ``items``, taken off the list: ``items.pop(0)``, in the compiled build with no
    call of the method by name (Cython's own pop of a list calls it once the list holds less
    than half its room)."""
    first = items[0]
    del items[0]
    return first


def bound_values(things: dict, name: str, out: list) -> dict:
    """What 'as Name' binds: the things (or seats) a step produced, and where each thing was."""
    values: dict = {}
    bind_into(values, things, name, out)
    return values


def bind_into(env: dict, things: dict, name: str, out: list) -> None:
    """Bind 'as Name' in ``env`` itself, as bound_values says (no dict made to be merged)."""
    env[name] = out
    env[f"{name}@"] = {t: things[t][T.AT] for t in out if isinstance(t, str) and t in things}


class Frames:
    """The frame stack of a run: pushing, replacing and finishing frames, their bindings and
    contexts. (A run's base: in the compiled build a C type whose fields are read without a
    lookup by name, frames.pxd; Runtime itself stays a Python class, so its methods can be
    patched. The run's own fields are declared here for that reason: Runtime sets them.)"""

    __slots__ = ("game", "s", "stack", "env_table", "world", "last_out", "leaves", "handlers", "_last_ctx",
                 "_ctx_frame", "flow", "probe_depth", "trial", "budget", "probe_options", "open_judge", "handed",
                 "ways", "handing", "asking")

    def _at_hand(self) -> None:
        """Keep the state's frame stack and table of bindings at hand (``stack``, ``env_table``):
        a run changes both in place and never replaces them (as World._at_hand its tables)."""
        self.stack, self.env_table = self.s["frames"], self.s["envs"]

    def env(self, frame: list) -> dict:
        envs = self.env_table  # (typed in the compiled build: a field, and the dict's own read)
        return envs[frame[F.ENV]]

    def new_env(self, values: dict) -> str:
        """The key of new bindings, ``values`` itself: the caller hands over a dict of its own,
        which the run then changes in place."""
        self.s["serial"] += 1
        key = env_key(self.s["serial"])
        self.env_table[key] = values
        return key

    def ctx(self, frame: list) -> Context:
        """The frame's Context: the one made last when the frame runs where it ran (a parent
        and the leaves it runs at once mostly do; a Context is never changed once made, and
        its bindings are the frame's own dict, read as they are now).

        Asked again for the very frame it was made for, it is given back unread: what a Context
        is made of (the frame's ENV, ACTOR, YOU and NOUNS) changes only through ``replace``, which
        forgets that frame; a bindings dict is never swapped for another under the same key
        (new_env makes a new key); and ``_ctx_frame`` holds the frame, so no other frame can
        take its place in memory. A frame pushed from that very frame, with no bindings, players
        or nouns of its own, takes its place there (push): its Context is the same."""
        if self._ctx_frame is frame:
            return self._last_ctx
        envs = self.env_table  # (typed in the compiled build: a field, and the dict's own read)
        env = envs[frame[F.ENV]]
        subst = frame[F.NOUNS] or NO_NOUNS
        last = self._last_ctx
        self._ctx_frame = frame
        actor, you = frame[F.ACTOR], frame[F.YOU]
        if (last is not None and last.env is env and last.subst is subst and last.actor == actor
                and last.you == you and last.world is self.world):
            return last
        made = self._last_ctx = context(self.world, actor, you, env, subst)
        return made

    def push(self, parent: list, node, fields: dict | None = None) -> list:
        """Push a frame running ``node`` (a node or its number), inheriting the parent's context;
        ``fields``: what the new frame has that differs from its parent's, or that it adds, by
        slot or by name (fill)."""
        game = self.game
        frame = effect_frame(game.entry_of(node), parent[F.ENV], parent[F.ACTOR], parent[F.YOU], parent[F.SRC])
        x = parent[F.NOUNS]
        if x:
            frame[F.NOUNS] = x
        if fields:
            fill(frame, fields)
            if F.ENV in fields:
                if fields[F.ENV] != parent[F.ENV]:
                    frame[F.OWN] = True  # its bindings go when it finishes
            elif self._ctx_frame is parent and F.ACTOR not in fields and F.YOU not in fields and F.NOUNS not in fields:
                self._ctx_frame = frame  # its context is the parent's, made already (ctx)
        elif self._ctx_frame is parent:  # (as above)
            self._ctx_frame = frame
        self.stack.append(frame)
        return frame

    def child(self, parent: list, node) -> bool:
        """Run ``node`` as a child of ``parent``, in the parent's context: at once, with no frame
        of its own, when it is a leaf that can finish now (``_at_once``); else on a frame of its
        own (push). True when it is done, what it produced in ``last_out``."""
        game = self.game
        found = self._at_once(parent, game.entry_of(node))
        if type(found) is list:
            self.last_out = list(found) if found else []
            return True
        self.push(parent, found[0], found[1])
        return False

    def tail(self, frame: list, node) -> None:
        """Hand the top frame over to ``node``, as ``replace`` does; a leaf runs at once instead
        (``_at_once``), in that frame's context, and the frame finishes with what it produced."""
        game = self.game
        found = self._at_once(frame, game.entry_of(node))
        if type(found) is list:
            return self.done(frame, found)
        self.hand_over(frame, found[0], found[1])

    def hand_over(self, frame: list, node, fields: dict | None) -> None:
        """``replace``, for a node that brings bindings of its own in ``fields``: the frame's
        own bindings go first."""
        if fields and frame[F.OWN] and dict.get(fields, F.ENV, frame[F.ENV]) != frame[F.ENV]:
            del self.env_table[frame[F.ENV]]
        self.replace(frame, node, fields)

    def _at_once(self, frame: list, number: int):
        """Run node ``number`` at once in ``frame``'s context if it is a leaf: what it produced
        (a list); else (the number of the node still to run on a frame, the keys that frame
        starts with, or None).

        ``leaves`` (handlers.LEAVES, read by node number: Game.by_number): the node's step done
        at once, which gives what it produced (a list); or the node to run in its place (a
        condition's branch); or the keys its own frame starts with (a pick that asks, begun); or
        (node, keys), a node to run in its place on a frame that starts with those keys (a
        Bound's pick, begun, a procedure's body); or None when it needs a frame of its own after
        all, having changed nothing. A leaf done at once asks nothing, so no frame of its own
        would ever have held a question, a mark or a binding."""
        game, leaves = self.game, self.leaves
        at = number  # (a C index in the compiled build: the lists' own reads)
        node = game.nodes[at]
        leaf = leaves[at]
        while leaf is not None:
            out = leaf(self, frame, node)
            if out is None:
                break
            kind = type(out)
            if kind is list:
                return out
            if kind is dict:
                return number, out
            if kind is tuple:  # (a node, or its number)
                return game.entry_of(out[0]), out[1]
            number = at = game.entry_of(out)
            node = game.nodes[at]
            leaf = leaves[at]
        return number, None

    def replace(self, frame: list, node, fields: dict | None = None) -> None:
        """Run ``node`` in place of the top frame, which has nothing left to do once ``node``
        is done but hand on what it produced (a tail call): one frame fewer to run, copy and
        read. The frame keeps its context and marks (STRICT, SOFT, OWN, QUIET, AS), and is
        changed in place like any running frame (the state's own: runtime.clone copies running
        frames). What the old handler kept goes: the routine it ran, an answer, a pick, its MORE.
        ``fields``: what it gets besides, by slot or by name (as in push)."""
        if self.stack[-1] is not frame:
            raise RulesError("a handler replaced a frame that was not on top")
        game = self.game
        frame[F.NODE] = game.entry_of(node)
        frame[F.STEP] = 0
        frame[F.ROUTINE] = frame[F.ANS] = None
        if frame[F.CAND] is not None or frame[F.PICKED] is not None:
            forget_pick(frame)
        if frame[F.MORE]:
            frame[F.MORE] = {}
        if fields:
            fill(frame, fields)
            self._ctx_frame = None  # (its bindings, players or nouns may be new: ctx)

    def push_routine(self, routine: str, fields: dict) -> list:
        """Push a frame running the flow's ``routine``; ``fields``: what it starts with besides,
        by name (as in push)."""
        frame = routine_frame(routine, "root", None, None, routine)
        fill(frame, fields)
        self.stack.append(frame)
        return frame

    def in_strict(self) -> bool:
        """Whether the running effect must be carried out in full (a card, an action)."""
        for frame in self.stack:  # (a loop, not any() over a generator: it runs at every judge)
            if frame[F.STRICT]:
                return True
        return False

    def done(self, frame: list, out=None) -> None:
        """Finish the top frame; ``out`` is what it produced (for "as Name"). A frame with a
        name in AS binds it to that name itself (a pick that a Bound handed its name: handlers)."""
        popped = self.stack.pop()
        if popped is not frame:
            raise RulesError("a handler finished a frame that was not on top")
        self.last_out = list(out) if out and not popped[F.QUIET] else []
        name = popped[F.AS]
        if name is not None:  # (what it produced, even where it hands nothing on: QUIET)
            bind_into(self.env_table[popped[F.ENV]], self.world.thing_table, name, list(out) if out else [])
        if popped[F.OWN]:
            del self.env_table[popped[F.ENV]]

    def _region_depth(self) -> int:
        frames = self.stack
        for index, frame in enumerate(frames):
            if frame[F.STRICT]:
                return index + 1
        return len(frames)

    # ------------------------------------------------------------ a run's own steps
    # runtime.Steps does them. They are declared here so that the modules that hold a run typed
    # as Frames (the handlers, the flow, the item actions) call them as C methods in the compiled
    # build; a walk's branch never runs a step, so it never calls them.

    def ask(self, frame: list, player, prompt, options, source="", checked=False, why_not=None, open=None,
            judged_by=None, judge=None, ways=None) -> None:
        raise NotImplementedError("only a run asks (runtime.Steps.ask)")

    def forced_answer(self, options):
        raise NotImplementedError("only a run asks (runtime.Steps.forced_answer)")

    def unasked(self, frame: list, node) -> bool:
        raise NotImplementedError("only a run asks (runtime.Steps.unasked)")

    def can_do(self, root, seat, source, prepare=None, took=None):
        raise NotImplementedError("only a run judges an effect (runtime.Steps.can_do)")

    def can_carry_out(self, frame: list, node):
        raise NotImplementedError("only a run judges an effect (runtime.Steps.can_carry_out)")
