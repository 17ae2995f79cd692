"""The `tabula` command line (click).

Exit codes of `tabula validate`: 0 clean, 1 content errors, 2 usage errors,
3 internal error (a bug in tabula, said as such; never a traceback for bad
content). Set TABULA_DEBUG=1 to see the traceback of an internal error. Any
command whose reader goes away (`tabula play ... | head`) stops quietly with
141, as a shell's own commands do (128 + SIGPIPE).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import traceback
from pathlib import Path

import click

from engine.diagnostics import render_github, render_json, render_text
from engine.resources import data_dir
from engine.runner import DEFAULT_MAX_DECISIONS
from engine.version import ENGINE_VERSION, build

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_READER_GONE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader closed the pipe


def _reader_gone() -> None:
    """The output's reader closed the pipe: nothing more can be said to it. The rest of the
    output (and the interpreter's last flush) goes nowhere instead of failing again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(EXIT_READER_GONE)


def _internal_error(exc: BaseException) -> None:
    click.echo(f"internal error: {type(exc).__name__}: {exc} (this is a bug in tabula; please report it)",
               err=True)
    if os.environ.get("TABULA_DEBUG"):
        click.echo("".join(traceback.format_exception(exc)), err=True)


class _Group(click.Group):
    """A group that turns unexpected exceptions into exit code 3."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            _reader_gone()
        except Exception as exc:  # noqa: BLE001 - the top-level safety net
            _internal_error(exc)
            ctx.exit(EXIT_INTERNAL)


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"tabula {ENGINE_VERSION} (interpreter: {build()})")
        ctx.exit()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version, and whether the interpreter is compiled, then exit.")
def tabula() -> None:
    """tabula: a data-driven board-game rules interpreter."""


@tabula.command()
@click.argument("targets", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text", show_default=True,
              help="Output format.")
@click.option("--explain", is_flag=True, help="Also print the load order, content hashes, overrides and patches.")
@click.option("--no-color", is_flag=True, help="Never colour the text output.")
@click.option("--schema-dir", "schema_dirs", multiple=True, type=click.Path(exists=True, file_okay=False,
              path_type=Path), help="An extra folder of *.schema.json files (for tooling and tests).")
@click.pass_context
def validate(ctx: click.Context, targets: tuple[str, ...], fmt: str, explain: bool, no_color: bool,
             schema_dirs: tuple[Path, ...]) -> None:
    """Check packs: TARGETS are pack ids, pack folders or folders of packs.

    Without TARGETS every pack in the installed content folder is checked.
    """
    from engine.validate import UsageError, validate as run

    roots = [data_dir("content")] + [Path(t) for t in targets if Path(t).is_dir()]
    try:
        result = run(targets, search_roots=roots, extra_schema_dirs=schema_dirs)
    except UsageError as exc:
        raise click.UsageError(str(exc), ctx=ctx) from None
    diags = result.report.diagnostics
    if fmt == "json":
        summary = result.summary()
        if explain:
            summary["explain"] = result.explain_lines
        click.echo(render_json(diags, summary))
    elif fmt == "github":
        if explain:
            click.echo("\n".join(result.explain_lines))
        if diags:
            click.echo(render_github(diags))
        click.echo(result.summary_line())
    else:
        color = not no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()
        if explain:
            click.echo("\n".join(result.explain_lines))
        if diags:
            click.echo(render_text(diags, result.sources, color=color), color=color)
        click.echo(result.summary_line())
    ctx.exit(EXIT_CONTENT if result.report.has_errors else EXIT_OK)


@tabula.command()
@click.argument("pack")
@click.argument("ids", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@click.pass_context
def show(ctx: click.Context, pack: str, ids: tuple[str, ...], fmt: str) -> None:
    """Print the text of a pack's effects, rendered from the effect language.

    PACK is a pack id or folder; IDS limit the output to those items (cards, spaces,
    procedures...). This is the text a player reads: what the engine will run.
    """
    from engine.effects.render import card_text, render
    from engine.validate import UsageError, validate as run

    roots = [data_dir("content")] + ([Path(pack)] if Path(pack).is_dir() else [])
    try:
        result = run([pack], search_roots=roots)
    except UsageError as exc:
        raise click.UsageError(str(exc), ctx=ctx) from None
    rows = [
        {"subject": found.subject or found.document.display, "key": str(found.key[-1]),
         "text": card_text(tree) if found.start == "effect" else render(tree)}
        for found, tree in result.effects
        if found.live and (not ids or (found.subject or "").split(" ")[-1] in ids)
    ]
    if ids and not rows:
        raise click.UsageError(f"no effects for {', '.join(ids)} in {pack}", ctx=ctx)
    if fmt == "json":
        click.echo(json.dumps({"effects": rows}, indent=2))
    else:
        for row in rows:
            click.echo(f"{row['subject']} ({row['key']}): {row['text']}")
    if result.report.has_errors:
        click.echo(f"{result.report.error_count} content errors: run 'tabula validate {pack}'", err=True)
    ctx.exit(EXIT_CONTENT if result.report.has_errors else EXIT_OK)


# --- playing games ---------------------------------------------------------------------
#
# Exit codes of `tabula play`, `replay` and `sim`: 0 done, 1 a transcript that no longer
# replays, 2 usage errors (bad option, unknown pack, unreadable or malformed transcript).
# Seats are numbered from 1 on the command line, as in the log (p1, p2...).


def _load_engine(*packs: str):
    """The interpreter for these pack ids (the tests put a toy engine here)."""
    from engine.interpreter import Engine

    return Engine.load(list(packs))


def _long_run_engine(*packs: str):
    """The interpreter for a run of many games (`sim`, in this process and in each worker):
    loaded, then kept out of the garbage collector's full passes (``gc.freeze``). The loaded
    game lives as long as the process, and a full pass over it, some 35 ms, came about once
    every 40 to 80 games. A process-wide setting, so it is the command's to make, never the
    engine's."""
    engine = _load_engine(*packs)
    gc.freeze()
    return engine


def _engine(ctx: click.Context, *packs: str):
    from engine.validate import UsageError

    try:
        return _load_engine(*packs)
    except UsageError as exc:
        message = f"{exc.message} ({exc.hint})" if exc.hint else exc.message
        raise click.UsageError(message, ctx=ctx) from None
    except Exception as exc:
        from engine.interpreter import ContentError

        if not isinstance(exc, ContentError):
            raise
        click.echo(f"{exc}\ncontent errors: run 'tabula validate {' '.join(packs)}'", err=True)
        ctx.exit(EXIT_CONTENT)


def _read_transcript(ctx: click.Context, path: Path):
    from engine.transcript import TranscriptError, load

    try:
        return load(path)
    except TranscriptError as exc:
        click.echo(f"error: {exc}", err=True)
        ctx.exit(EXIT_USAGE)


def _parse_options(ctx: click.Context, pairs: tuple[str, ...]) -> dict:
    """`--option key=value` pairs; a value is read as JSON when it can be (3, true), else as text."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise click.UsageError(f"--option expects KEY=VALUE, not {pair!r}", ctx=ctx)
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def _phase_names(engine) -> dict:
    """Phase id -> name, from an engine that names its phases (any other logs the ids)."""
    return engine.phase_names() if hasattr(engine, "phase_names") else {}


class _LiveLog:
    """An observer for runner.play: prints each new event as a log line (and notes undos)."""

    def __init__(self, engine, autosave: Path | None = None):
        self.engine, self.autosave, self.shown = engine, autosave, []
        self.phase_names = _phase_names(engine)

    def __call__(self, state, transcript) -> None:
        from engine import log
        from engine.transcript import save

        events = self.engine.events(state)
        kept = self._common_prefix(events)
        if kept < len(self.shown):
            click.echo(f"-- undone: back to decision {len(transcript.answers) + 1} --")
        for event in events[kept:]:
            click.echo(log.line(event, self.phase_names))
        self.shown = events
        if self.autosave is not None and transcript.answers:
            save(self.autosave, transcript)

    def _common_prefix(self, events: list) -> int:
        shown = self.shown
        if len(events) >= len(shown) and (not shown or events[len(shown) - 1] == shown[-1]):
            return len(shown)
        return next((i for i, (a, b) in enumerate(zip(events, shown)) if a != b), min(len(events), len(shown)))


class HumanAgent:
    """A seat played at the keyboard: shows the seat's own state, the prompt and numbered options.

    Type a number or an option key; "u" undoes your last decision, "s [FILE]" saves.
    """

    HELP = ("type a number or an option key; ? [WORDS]: why an answer is not offered; u: undo your last "
            "decision; s [FILE]: save the game")

    def __init__(self, seat: int, save_path: Path, describe=None):
        from engine import log

        self.seat, self.save_path = seat, save_path
        self.describe = describe or log.view_lines

    def choose(self, view, decision) -> str:
        self._show(view, decision)
        while True:
            answer = self._read(decision)
            if answer is not None:
                return answer

    def tell(self, text: str) -> None:
        click.echo(f"  ({text})")

    def _show(self, view, decision) -> None:
        from engine import log

        click.echo(f"-- {log.seat_name(self.seat)}, your decision {decision.id} --")
        for line in self.describe(view, self.seat):
            click.echo(line)
        click.echo(f"{decision.prompt}  [{decision.source}]")
        for number, option in enumerate(decision.options, 1):
            click.echo(f"  {number}) {option.label}  [{option.key}]")

    def _read(self, decision) -> str | None:
        from engine import log
        from engine.agents import SaveRequest, Undo

        raw = click.prompt(f"{log.seat_name(self.seat)}", prompt_suffix="> ", default="", show_default=False).strip()
        keys = [option.key for option in decision.options]
        if raw == "u":
            raise Undo()
        if raw == "s" or raw.startswith("s "):
            raise SaveRequest(raw[2:].strip() or str(self.save_path))
        if raw.startswith("?"):
            self._why_not(decision, raw[1:].strip())
            return None
        if raw.isdigit() and 1 <= int(raw) <= len(keys):
            return keys[int(raw) - 1]
        if raw in keys:
            return raw
        click.echo(f"  (not an option: {raw!r}; {self.HELP})" if raw else f"  ({self.HELP})")
        return None


    @staticmethod
    def _why_not(decision, words: str) -> None:
        """Why the answers not offered are not (those whose key or reason holds ``words``)."""
        refused = getattr(decision, "refused", ())
        shown = [(key, decision.reason(key)) for key in refused]
        shown = [(key, why) for key, why in shown if why and words.lower() in f"{key} {why}".lower()]
        if not refused:
            click.echo("  (every answer is offered)")
        elif not shown:
            click.echo(f"  (no answer left out matches {words!r})")
        for key, why in shown:
            click.echo(f"  - {why.removeprefix('not allowed: ')}  [{key}]")


def _echo_summary(result) -> None:
    from engine import log

    counts = f"{result.decisions} decisions ({result.choice_points} choice points)"
    if result.finished:
        click.echo(f"game over after {counts}")
        click.echo("\n".join(log.outcome_lines(result.outcome)))
    else:
        click.echo(f"the game is not over: stopped after {counts}")


def _check_setup(ctx: click.Context, engine, players: int, options: dict) -> None:
    """A usage error (exit 2) naming every problem when the packs do not allow this player count
    or these options (a misspelt option would otherwise be a game without it)."""
    from engine.interpreter import SetupError

    try:
        engine.check_setup(players, options)
    except SetupError as exc:
        raise click.UsageError(str(exc), ctx=ctx) from None


def _settings(ctx: click.Context, saved, players: int | None, seed: int | None, options: dict):
    """(players, seed, options) from the arguments, or from the saved game (which must agree)."""
    if saved is None:
        if players is None:
            raise click.UsageError("--players is required (unless --load gives a saved game)", ctx=ctx)
        return players, 1 if seed is None else seed, options
    for name, given, recorded in (("players", players, saved.players), ("seed", seed, saved.seed),
                                  ("option", options or None, saved.options)):
        if given is not None and given != recorded:
            raise click.UsageError(f"--{name} {given} differs from the saved game's {recorded}", ctx=ctx)
    return saved.players, saved.seed, saved.options


@tabula.command()
@click.argument("game")
@click.option("--players", type=click.IntRange(1), help="Number of players (taken from --load if given).")
@click.option("--bots", type=click.Choice(["random", "first"]), default="random", show_default=True,
              help="The agent of every seat that is not --human.")
@click.option("--seed", type=int, help="The game's seed (default 1; taken from --load if given).")
@click.option("--human", "humans", type=click.IntRange(1), multiple=True, metavar="SEAT",
              help="A seat (1 = p1) played at the keyboard; repeatable.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="A game option; repeatable.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the transcript here at the end (and after every decision when a human plays).")
@click.option("--load", "load_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Continue the game saved in this transcript.")
@click.option("--max-decisions", type=click.IntRange(1), default=DEFAULT_MAX_DECISIONS, show_default=True,
              help="Stop when the transcript holds this many answers.")
@click.pass_context
def play(ctx: click.Context, game: str, players: int | None, bots: str, seed: int | None, humans: tuple[int, ...],
         option_pairs: tuple[str, ...], save_path: Path | None, load_path: Path | None, max_decisions: int) -> None:
    """Play GAME (a pack id) with bots and humans; print the log and the final scores.

    The output depends only on the arguments (and a human's answers): the same seed
    gives the same text.
    """
    from engine import runner
    from engine.agents import FirstOptionAgent, random_agents

    saved = _read_transcript(ctx, load_path) if load_path else None
    players, seed, options = _settings(ctx, saved, players, seed, _parse_options(ctx, option_pairs))
    if any(seat > players for seat in humans):
        raise click.UsageError(f"--human seats go from 1 to {players}", ctx=ctx)
    engine = _engine(ctx, game)
    if saved is None:  # (a saved game's settings are checked as it is replayed: an error in the file)
        _check_setup(ctx, engine, players, options)
    agents = random_agents(seed, players) if bots == "random" else [FirstOptionAgent() for _ in range(players)]
    default_save = save_path or load_path or Path(f"{game}-seed{seed}.json")
    for seat in humans:  # an engine may say how a player's view reads: engine.describe(view, seat) -> lines
        agents[seat - 1] = HumanAgent(seat - 1, default_save, describe=getattr(engine, "describe", None))
    observer = _LiveLog(engine, autosave=save_path if humans else None)
    try:
        result = runner.play(engine, agents, players, seed, options, max_decisions, resume=saved, observer=observer)
    except runner.ReplayError as exc:
        click.echo(f"error: {load_path}: {exc}", err=True)
        ctx.exit(EXIT_CONTENT)
    _echo_summary(result)
    if save_path:
        runner.save(save_path, result.transcript)
        click.echo(f"saved {result.decisions} answers to {save_path}", err=True)


@tabula.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def replay(ctx: click.Context, file: Path) -> None:
    """Re-play the transcript FILE and print its log and result.

    Fails (exit 1) with the step number when an answer is no longer legal, or when
    the packs' content differs from the recorded hashes.
    """
    from engine import log, runner

    transcript = _read_transcript(ctx, file)
    engine = _engine(ctx, *[pack["id"] for pack in transcript.packs])
    try:
        result = runner.replay_result(engine, transcript)
    except runner.ReplayError as exc:
        click.echo(f"error: {file}: {exc}", err=True)
        ctx.exit(EXIT_CONTENT)
    for line in log.lines(engine.events(result.state), _phase_names(engine)):
        click.echo(line)
    _echo_summary(result)


def _sim_text(stats: dict) -> list[str]:
    from engine.log import seat_name

    def per_seat(values, fmt):
        return ", ".join(f"{seat_name(seat)} {fmt.format(v)}" for seat, v in enumerate(values))

    spread = "mean {mean:.2f}, min {min}, max {max}"
    return [
        f"games: {stats['games']} ({stats['finished']} finished)",
        f"decisions: {spread.format(**stats['decisions'])}",
        f"choice points: {spread.format(**stats['choice_points'])}",
        f"win rate: {per_seat(stats['win_rate'], '{:.1%}')}",
        f"mean score: {per_seat(stats['mean_score'], '{:.2f}')}",
        f"mean score of winners: {stats['mean_winner_score']:.2f}",
    ] + ([f"solo opponent: win rate {stats['opponent']['win_rate']:.1%}, mean score {stats['opponent']['mean_score']:.2f}"]
         if "opponent" in stats else []) + [
        f"speed: {stats['games_per_s']:.1f} games/s, {stats['decisions_per_s']:.1f} decisions/s",
    ]


@tabula.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="How many games.")
@click.option("--players", type=click.IntRange(1), required=True, help="Players in every game.")
@click.option("--seed", type=int, default=1, show_default=True, help="Game i is played from a seed of (SEED, i).")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="A game option; repeatable.")
@click.option("--max-decisions", type=click.IntRange(1), default=DEFAULT_MAX_DECISIONS, show_default=True,
              help="A game still running after this many answers counts as not finished.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@click.pass_context
def sim(ctx: click.Context, game: str, games: int, players: int, seed: int, jobs: int,
        option_pairs: tuple[str, ...], max_decisions: int, fmt: str) -> None:
    """Play GAMES games of GAME between random bots and print statistics.

    The statistics depend on GAME, --games, --players, --seed and options only, never
    on --jobs (except the speed). Progress goes to stderr.
    """
    import time

    from engine import sim as simulation

    options = _parse_options(ctx, option_pairs)
    engine = _engine(ctx, game)
    _check_setup(ctx, engine, players, options)
    gc.freeze()  # as _long_run_engine does in each worker
    started = time.perf_counter()
    with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
        records = simulation.run(_long_run_engine, [game], games, players, seed, options, max_decisions,
                                 jobs=jobs, progress=bar.update, engine=engine)
    seconds = max(time.perf_counter() - started, 1e-9)
    stats = simulation.summarize(records, players)
    stats["games_per_s"] = games / seconds
    stats["decisions_per_s"] = sum(r["decisions"] for r in records) / seconds
    if fmt == "json":
        click.echo(json.dumps(stats, sort_keys=True))
    else:
        click.echo("\n".join(_sim_text(stats)))


# --- scenario tests --------------------------------------------------------------------
#
# Exit codes of `tabula test`: 0 every scenario passed (or failed as its xfail mark says),
# 1 a scenario failed, a marked one passed (XPASS) or a file is broken, 2 usage errors.


def _default_scenario_folder() -> Path | None:
    """tests/scenarios of the checkout this tabula runs from (none after a plain install)."""
    folder = Path(__file__).resolve().parent / "tests" / "scenarios"
    return folder if folder.is_dir() else None


@tabula.command("test")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@click.option("-v", "--verbose", is_flag=True, help="Also print the report of every XFAIL scenario.")
@click.pass_context
def test_command(ctx: click.Context, paths: tuple[Path, ...], fmt: str, verbose: bool) -> None:
    """Run scenario tests: PATHS are scenario files or folders (every *.yaml below them).

    Without PATHS the checkout's tests/scenarios folder is run. Each game's engine is
    loaded once. Prints PASS, FAIL (with a report), XFAIL or XPASS per scenario, then
    a summary line.
    """
    from engine.scenario import EngineCache, read_scenario, run_scenario_file, scenario_paths

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {', '.join(missing)}", ctx=ctx)
    if not paths:
        default = _default_scenario_folder()
        paths = (default,) if default is not None else ()
    engines = EngineCache(_load_engine)
    results, seen = [], {}
    for path in scenario_paths(paths):
        scenario = read_scenario(path)
        result = run_scenario_file(engines, scenario)
        if not scenario.diagnostics and result.name in seen:
            result.ok, result.xfail, result.where = False, None, "file"
            result.differences.append(f"scenario id {result.name!r} is also used by {seen[result.name]}")
            result.report = (f"scenario {result.name}: the id is also used by {seen[result.name]}"
                             + (f"\n{result.report}" if result.report else ""))
        seen.setdefault(result.name, scenario.path)
        results.append((scenario.path, result))
        if fmt == "text":
            _echo_scenario(scenario.path, result, verbose)
    counts = {outcome: sum(1 for _, r in results if r.outcome == outcome)
              for outcome in ("PASS", "FAIL", "XFAIL", "XPASS")}
    failed = counts["FAIL"] + counts["XPASS"]
    if fmt == "json":
        rows = [dict(result.as_dict(), file=path) for path, result in results]
        summary = {"passed": counts["PASS"], "failed": failed, "xfailed": counts["XFAIL"],
                   "xpassed": counts["XPASS"], "total": len(results)}
        click.echo(json.dumps({"scenarios": rows, "summary": summary}, indent=2))
    else:
        line = f"{counts['PASS']} passed, {failed} failed"     # failed counts FAIL and XPASS
        if counts["XPASS"]:
            line += f" ({counts['XPASS']} XPASS)"
        if counts["XFAIL"]:
            line += f", {counts['XFAIL']} xfailed"
        if not results:
            line += " (no scenario files found)"
        click.echo(line)
    ctx.exit(EXIT_CONTENT if failed else EXIT_OK)


def _echo_scenario(path: str, result, verbose: bool) -> None:
    outcome = result.outcome
    click.echo(f"{outcome} {result.name} ({path})")
    if outcome == "FAIL" or (outcome == "XFAIL" and verbose):
        click.echo("\n".join(f"    {line}" for line in result.report.splitlines()))
    elif outcome == "XFAIL":
        click.echo(f"    xfail: {result.xfail}")
    elif outcome == "XPASS":
        click.echo(f"    passed, but it is marked xfail ({result.xfail}): remove the mark")


def main(argv: list[str] | None = None) -> None:
    """Console entry point (`tabula`)."""
    try:
        tabula.main(args=argv, prog_name="tabula", standalone_mode=True)
    except SystemExit:
        raise
    except BrokenPipeError:
        _reader_gone()
    except Exception as exc:  # noqa: BLE001 - anything click did not handle
        _internal_error(exc)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
