"""Scenario tests: a designer's situation written in YAML, played through the Engine door.

A scenario (schemas/scenario.schema.json) names a game, sets the table (skip to a phase,
set counters, place cards, run choice-free effects), starts a card or an effect, answers
the decisions that follow, and states what must hold at the end. ``run_scenario`` does all
of that on already-read data (no file I/O) and collects every difference, not only the
first; when anything is off, the result carries a report a designer can read without
Python: the scenario's title, where it went wrong (setup, do, step N, expect), the pending
decision with every option, and one line per difference
(``players.1.gold: expected 6, found 4``).

Player numbers in scenario files are 1-based; the engine's seats are 0-based.
"""

from __future__ import annotations

import traceback
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.interp.sets import SET_KIND
from engine.interp import tslots as T
from engine.suggest import did_you_mean

PASS, FAIL, XFAIL, XPASS = "PASS", "FAIL", "XFAIL", "XPASS"


@dataclass
class ScenarioResult:
    """The outcome of one scenario.

    ``ok`` says whether the scenario held; ``outcome`` folds in the ``xfail`` mark:
    PASS, FAIL, XFAIL (marked and failed: does not fail the run) or XPASS (marked but
    held: fails the run, so the mark gets removed).
    """

    name: str
    title: str | None = None
    ok: bool = True
    xfail: str | None = None
    where: str | None = None              # "setup 1", "do", "step 3", "expect (after step 2)"
    line: int | None = None               # the line of that part of the file, when the data has positions
    differences: list[str] = field(default_factory=list)
    error: str | None = None              # an unexpected error, in words
    decision: dict | None = None          # the decision pending where it went wrong
    report: str = ""

    @property
    def outcome(self) -> str:
        if self.xfail:
            return XPASS if self.ok else XFAIL
        return PASS if self.ok else FAIL

    @property
    def failed(self) -> bool:
        """True when the scenario fails the run (FAIL or XPASS)."""
        return self.outcome in (FAIL, XPASS)

    def as_dict(self) -> dict:
        return {"name": self.name, "title": self.title, "outcome": self.outcome, "ok": self.ok,
                "xfail": self.xfail, "where": self.where, "line": self.line, "differences": list(self.differences),
                "error": self.error, "decision": self.decision, "report": self.report}


class _Stop(Exception):
    """Ends a run early (the difference is already recorded)."""


class _Run:
    def __init__(self, engine_for: Callable[[str], Any], data: Mapping, name: str, file: str | None = None) -> None:
        from engine.positions import to_plain

        self.file = file

        # the engine gets plain values (its states are marshalled); positions come from the original
        self.engine_for, self.source, self.data, self.name = engine_for, data, to_plain(data), name
        self.result = ScenarioResult(name=name, title=data.get("title"), xfail=data.get("xfail"))
        self.engine = None
        self.state: dict | None = None
        self.where = "start"
        self.players = 0
        self.events_from = 0
        self.steps_done = 0

    # ------------------------------------------------------------ recording

    def differ(self, text: str) -> None:
        if self.result.where is None:
            self.result.where = self.where
            self.result.line = self.line_of(self.where)
        self.result.differences.append(text)

    def fail(self, text: str) -> None:
        self.differ(text)
        raise _Stop()

    def line_of(self, where: str) -> int | None:
        """The line where this part of the scenario is written (round-trip YAML data only)."""
        if getattr(self.source, "lc", None) is None:
            return None
        words = where.split()
        if words[0] in ("setup", "step") and len(words) > 1 and words[1].isdigit():
            path = ["setup" if words[0] == "setup" else "steps", int(words[1]) - 1]
        elif words[0] in ("do", "expect", "start"):
            path = [words[0]]
        else:
            return None
        from engine.positions import get_at, locate

        if get_at(self.source, path) is None:
            return None
        return locate(self.source, path)[0]

    def seat(self, player: Any, what: str) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= self.players:
            self.fail(f"{what}: player {player!r} does not exist (players are 1 to {self.players})")
        return player - 1

    # ------------------------------------------------------------ the run

    def run(self) -> ScenarioResult:
        expected_error = self.data.get("error")
        try:
            self.prepare()
            try:
                self.act()
            except _ExpectedError as exc:
                if expected_error is None or str(expected_error) not in exc.text:
                    self.where = exc.where
                    wanted = f" (expected an error containing {expected_error!r})" if expected_error else ""
                    self.fail(f"{exc.where}: error: {exc.text}{wanted}")
                self.check_expect(after_error=True)
            else:
                if expected_error is not None:
                    self.where = "expect" if not self.steps_done else f"expect (after step {self.steps_done})"
                    self.differ(f"error: expected an error containing {expected_error!r}, but none was raised")
                self.check_expect()
        except _Stop:
            pass
        except Exception as exc:  # noqa: BLE001 - a bug anywhere is reported with the scenario, not raised
            if self.result.where is None:
                self.result.where, self.result.line = self.where, self.line_of(self.where)
            frames = traceback.extract_tb(exc.__traceback__)
            origin = f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
            self.result.error = f"{type(exc).__name__}: {exc}{origin}"
        self.result.ok = not self.result.differences and self.result.error is None
        if self.state is not None and self.engine is not None and not self.result.ok:
            self.result.decision = self.describe_decision()
        self.result.report = "" if self.result.ok else self.render()
        return self.result

    def prepare(self) -> None:
        data = self.data
        self.where = "load"
        game = data.get("game")
        try:
            self.engine = self.engine_for(game_target(game, self.file))
        except Exception as exc:  # noqa: BLE001 - unknown pack, content errors...
            self.fail(f"game {game!r} cannot be loaded: {_one_line(exc)}")
        self.players = data.get("players")
        self.where = "new game"
        self.state = self.guard(lambda: self.engine.new_game(players=self.players, seed=data.get("seed", 1),
                                                             options=dict(data.get("options") or {})))
        start = data.get("start")
        if start:
            self.where = "start"
            phase, round_ = start.get("phase"), start.get("round", 1)
            passing = bool(start.get("passing"))
            self.state = self.guard(lambda: self.engine.skip_to(self.state, phase, round_, passing=passing))
        entries = data.get("setup") or []
        for number, entry in enumerate(entries, 1):
            self.where = f"setup {number}"
            seat = self.seat(entry.get("player"), self.where)
            self.state = self.guard(lambda: self.engine.edit(
                self.state, seat, counters=dict(entry.get("counters") or {}) or None,
                cards={k: list(v) for k, v in (entry.get("cards") or {}).items()} or None,
                effect=entry.get("effect"), refresh=number == len(entries)))
        self.events_from = len(self.engine.events(self.state))

    def guard(self, action: Callable[[], Any]) -> Any:
        """Run a staging action; an error there is a difference of the scenario, not a crash."""
        try:
            return action()
        except Exception as exc:  # noqa: BLE001
            if _is_rules_error(exc):
                self.fail(f"{self.where}: error: {_one_line(exc)}")
            raise

    def act(self) -> None:
        do = self.data.get("do")
        if do:
            self.where = "do"
            seat = self.seat(do.get("player"), "do")
            self.state = self.attempt(lambda: self.engine.begin(self.state, seat, card=do.get("card"),
                                                                effect=do.get("effect")))
        for number, step in enumerate(self.data.get("steps") or [], 1):
            self.where = f"step {number}"
            decision = self.engine.decision(self.state)
            if decision is None:
                self.fail(f"step {number}: no decision is pending (the scenario has "
                          f"{len(self.data.get('steps') or [])} steps)")
            self.check_decision(f"step {number}", decision, step.get("expect_player"), step.get("expect_prompt"))
            if "expect_options" in step:
                wanted = [str(k) for k in step["expect_options"]]
                found = list(decision.keys())
                if wanted != found:
                    self.differ(f"step {number}: options: expected {_list(wanted)}, found {_list(found)}")
            key = self.answer_key(number, decision, step.get("answer"))
            self.state = self.attempt(lambda: self.engine.apply(self.state, key))
            self.steps_done = number

    def attempt(self, action: Callable[[], Any]) -> Any:
        """Run ``do`` or a step; an error there may be the one the scenario expects."""
        try:
            return action()
        except Exception as exc:  # noqa: BLE001
            if _is_rules_error(exc):
                raise _ExpectedError(self.where, _one_line(exc)) from None
            raise

    def answer_key(self, number: int, decision, answer: Any) -> str:
        options = decision.options
        if isinstance(answer, Mapping):
            text = str(answer.get("label", ""))
            exact = [o for o in options if o.label == text]
            found = exact or [o for o in options if text in o.label]
            if len(found) == 1:
                return found[0].key
            labels = "; ".join(f"{o.key}: {o.label}" for o in (found or options))
            if not found:
                self.fail(f"step {number}: answer: no option label contains {text!r} (options: {labels})")
            self.fail(f"step {number}: answer: {len(found)} option labels contain {text!r}; "
                      f"write more of the label (matching: {labels})")
        # a key that is not an option is left to the engine: its refusal may be the expected error
        return str(answer)

    def check_decision(self, label: str, decision, player: Any, prompt: Any) -> None:
        if player is not None and decision.player + 1 != player:
            self.differ(f"{label}: player: expected {player}, found {decision.player + 1}")
        if prompt is not None and str(prompt) not in decision.prompt:
            self.differ(f"{label}: prompt: expected text {str(prompt)!r}, found {_short(decision.prompt)!r}")

    # ------------------------------------------------------------ expectations

    def check_expect(self, after_error: bool = False) -> None:
        expect = self.data.get("expect") or {}
        if after_error:
            self.where = f"expect (after the error of {self.where})"
        else:
            self.where = "expect" if not self.steps_done else f"expect (after step {self.steps_done})"
        for player, wanted in (expect.get("players") or {}).items():
            try:
                number = int(player)
            except (TypeError, ValueError):
                number = player
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.players:
                self.differ(f"players.{player}: player does not exist (players are 1 to {self.players})")
                continue
            for key, value in (wanted or {}).items():
                self.check_player_value(number, str(key), value)
        if "events" in expect:
            self.check_events(expect.get("events") or [])
        if "decision" in expect:
            wanted = expect["decision"]
            decision = self.engine.decision(self.state)
            if wanted is None:
                if decision is not None:
                    self.differ(f"decision: expected none pending, found player {decision.player + 1}: "
                                f"{_short(decision.prompt)!r}")
            elif decision is None:
                self.differ("decision: expected a pending decision, found none")
            else:
                self.check_decision("decision", decision, wanted.get("player"), wanted.get("prompt"))

    def check_player_value(self, number: int, key: str, wanted: Any) -> None:
        seat, state, path = number - 1, self.state, f"players.{number}.{key}"
        counters = state["counters"][seat]
        if key in counters:
            found = counters[key]
            if isinstance(wanted, list) or found != wanted:
                self.differ(f"{path}: expected {_show(wanted)}, found {found}")
            return
        place = _find_place(self.engine, state, seat, key)
        if place is None:
            guess = did_you_mean(key, _player_keys(self.engine, state, seat))
            self.differ(f"{path}: player {number} has no resource or place {key!r}" + (f" ({guess})" if guess else ""))
            return
        things = [_describe_thing(state["things"][tid]) for tid in _held(state, place)]
        if isinstance(wanted, list):
            if not _same_things([str(w) for w in wanted], things):
                self.differ(f"{path}: expected {_list(sorted(map(str, wanted)))}, found {_list(sorted(things))}")
        elif len(things) != wanted:
            self.differ(f"{path}: expected {wanted}, found {len(things)} {_list(sorted(things))}")

    def check_events(self, wanted: list) -> None:
        texts = [str(event.get("text", "")) for event in self.engine.events(self.state)[self.events_from:]]
        position = 0
        for text in map(str, wanted):
            index = next((i for i in range(position, len(texts)) if text in texts[i]), None)
            if index is None:
                earlier = any(text in t for t in texts[:position])
                note = " (it appears only before the previous expected event)" if earlier else ""
                shown = "\n      ".join(texts[-30:]) if texts else "(no events)"
                self.differ(f"events: expected an event containing {text!r}{note}; the events after setup were:"
                            f"\n      {shown}")
                return
            position = index + 1

    # ------------------------------------------------------------ the report

    def describe_decision(self) -> dict | None:
        try:
            decision = self.engine.decision(self.state)
        except Exception:  # noqa: BLE001 - the report must not fail
            return None
        if decision is None:
            return None
        return {"player": decision.player + 1, "prompt": decision.prompt, "source": decision.source,
                "options": [[o.key, o.label] for o in decision.options]}

    def render(self) -> str:
        r = self.result
        lines = [f"scenario {self.name}" + (f": {r.title}" if r.title else "")]
        if r.where:
            at = f"{self.file}:{r.line}" if self.file and r.line else f"line {r.line}" if r.line else None
            lines.append(f"  where: {r.where}" + (f" ({at})" if at else ""))
        if self.state is not None:
            flow = self.state.get("flow") or {}
            if "round" in flow:
                lines.append(f"  game: round {flow.get('round')}, {flow.get('phase')}")
        d = r.decision
        if d is not None:
            lines.append(f"  pending decision: player {d['player']}: {d['prompt']}  [{d['source']}]")
            lines.extend(f"    {key}: {label}" for key, label in d["options"])
        elif self.state is not None:
            lines.append("  pending decision: none")
        if r.differences:
            lines.append("  differences:")
            lines.extend(f"    {text}" for text in r.differences)
        if r.error:
            lines.append(f"  unexpected error: {r.error}")
        if r.xfail:
            lines.append(f"  xfail: {r.xfail}")
        return "\n".join(lines)


class _ExpectedError(Exception):
    def __init__(self, where: str, text: str) -> None:
        super().__init__(text)
        self.where, self.text = where, text


def _is_rules_error(exc: BaseException) -> bool:
    """Errors a scenario may provoke on purpose, or by a mistake in its file: a rule refused it,
    an answer was illegal, or the game cannot be set up as it asks (players, options)."""
    from engine.interpreter import IllegalAnswer, RulesError, SetupError

    return isinstance(exc, (RulesError, IllegalAnswer, SetupError))


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show(value: Any) -> str:
    return _list(value) if isinstance(value, list) else str(value)


def _list(items) -> str:
    return "[" + ", ".join(str(i) for i in items) + "]"


def _find_place(engine, state: dict, seat: int, name: str) -> str | None:
    """The id of the seat's place called ``name`` (an instance id or a place kind's id or name)."""
    for tid in (f"p{seat}.{name}", name):
        if tid in state["things"] or tid in state["in"]:
            return tid
    places = engine.game.items("places")
    kinds = {k for k, item in places.items() if k == name or item.get("name") == name}
    for tid, thing in sorted(state["things"].items()):
        if thing[T.KIND] in kinds and thing[T.OWNER] in (seat, None):
            return tid
    return None


def _player_keys(engine, state: dict, seat: int) -> set[str]:
    """What an expectation may name for a seat: its counters, the game's resources, its places
    (by instance id, without the seat's prefix) and the kinds of place."""
    prefix = f"p{seat}."
    keys = set(state["counters"][seat]) | set(engine.game.resource_bounds) | set(engine.game.items("places"))
    keys.update(tid[len(prefix):] for tid in state["things"] if tid.startswith(prefix))
    return keys


def _held(state: dict, place: str) -> list[str]:
    """What a place holds; in a place whose things lie in sets, the things of the sets."""
    held = []
    for tid in state["in"].get(place, []):
        is_set = state["things"][tid][T.KIND] == SET_KIND
        held += state["in"].get(tid, []) if is_set else [tid]
    return held


def _describe_thing(thing: list) -> str:
    """A card's id; a token's kind with its value (kind:value); otherwise the kind."""
    if thing[T.CARD]:
        return str(thing[T.CARD])
    value = (thing[T.ATTRS] or {}).get("value")
    return f"{thing[T.KIND]}:{value}" if value is not None else str(thing[T.KIND])


def _same_things(wanted: list[str], found: list[str]) -> bool:
    """Equal as multisets; a wanted kind without a value matches a thing of that kind with any value."""
    if len(wanted) != len(found):
        return False
    rest = Counter(found)
    loose = []
    for item in wanted:
        if rest[item] > 0:
            rest[item] -= 1
        else:
            loose.append(item)
    for item in loose:
        match = next((f for f, n in rest.items() if n > 0 and f.split(":", 1)[0] == item), None)
        if match is None:
            return False
        rest[match] -= 1
    return True


def run_scenario(engine_for: Callable[[str], Any], data: Mapping, name: str, file: str | None = None) -> ScenarioResult:
    """Play one scenario (already read and schema-checked) and compare the outcome.

    ``engine_for(game_id)`` returns the (cached) Engine of a game; ``file`` (optional) is
    the path shown beside line numbers in the report. Never raises for a problem of the
    scenario or the engine: the result says what went wrong.
    """
    return _Run(engine_for, data, name, file).run()


# ---------------------------------------------------------------- files


@dataclass
class ScenarioFile:
    """A scenario file read and checked against the scenario schema."""

    path: str                              # as shown in messages
    data: Any = None                       # the round-trip document, None when unreadable
    diagnostics: list = field(default_factory=list)
    sources: Any = None                    # a SourceCache for rendering diagnostics

    @property
    def name(self) -> str:
        scenario = self.data.get("scenario") if isinstance(self.data, Mapping) else None
        return str(scenario) if scenario else self.path

    def problems(self) -> str:
        """The YAML and schema errors, file:line:col with the source line."""
        from engine.diagnostics import render_text

        return render_text(self.diagnostics, self.sources)


def read_scenario(path) -> ScenarioFile:
    """Read one scenario file (YAML with positions) and check it against the scenario schema."""
    from engine.diagnostics import SourceCache, display_path
    from engine.schemas import schema_set
    from engine.yamlread import read_yaml

    shown = display_path(path)
    sources = SourceCache()
    data, diags = read_yaml(path, sources)
    if not diags:
        if not isinstance(data, Mapping):
            from engine.diagnostics import Diagnostic

            diags = [Diagnostic("E200", "a scenario file must be a mapping (scenario:, game:, players:, ...)",
                                shown, 1, 1)]
        else:
            diags = schema_set().check_document(data, "scenario", shown)
    return ScenarioFile(shown, data, list(diags), sources)


def run_scenario_file(engine_for: Callable[[str], Any], scenario: ScenarioFile) -> ScenarioResult:
    """Run a read scenario file; a file with YAML or schema errors fails with those errors."""
    if scenario.diagnostics:
        # a broken file is never excused by an xfail mark: it is the scenario's own fault
        result = ScenarioResult(name=scenario.name, ok=False, where="file")
        result.differences = [_diagnostic_line(d) for d in scenario.diagnostics]
        result.report = f"scenario {scenario.name}: the file has errors\n{scenario.problems()}"
        return result
    return run_scenario(engine_for, scenario.data, scenario.name, scenario.path)


def _diagnostic_line(d) -> str:
    where = ":".join(str(p) for p in (d.file, d.line, d.col) if p is not None)
    hint = f" ({d.hint})" if d.hint else ""
    return f"{where}: {d.message}{hint}"


class EngineCache:
    """``engine_for(game_id)``: each game's engine is loaded once (a failure is remembered too)."""

    def __init__(self, load: Callable[[str], Any] | None = None) -> None:
        self._load = load or _load_engine
        self._engines: dict[str, Any] = {}

    def __call__(self, game: str) -> Any:
        if game not in self._engines:
            try:
                self._engines[game] = self._load(game)
            except Exception as exc:  # noqa: BLE001 - remembered and raised for every scenario of this game
                self._engines[game] = exc
        engine = self._engines[game]
        if isinstance(engine, Exception):
            raise engine
        return engine


def game_target(game: str, file: str | None) -> str:
    """What a scenario's ``game`` names, seen from its ``file``: the pack folder above the file
    whose id it is (a mod tested from its own folder, built on the shipped games), else the id
    of a shipped pack."""
    from pathlib import Path

    from engine.packs import is_pack_dir, read_manifest
    from engine.schemas import schema_set

    if file and isinstance(game, str):
        for folder in Path(file).resolve().parents:
            if is_pack_dir(folder):
                info, _problems = read_manifest(folder, schema_set())
                if info is not None and info.id == game:
                    return str(folder)
    return game


def _load_engine(game: str):
    from engine.interpreter import Engine

    return Engine.load([game])


def scenario_paths(paths) -> list:
    """Files given, plus every scenario below the folders given (a *.yaml file with a top-level
    `scenario:` key: a pack's own files beside its tests are not scenarios), sorted within each
    folder."""
    from pathlib import Path

    from engine.packs import is_scenario

    found = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file() and is_scenario(p)))
        else:
            found.append(path)
    return found
