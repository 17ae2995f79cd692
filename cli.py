"""The `tabula` command line (click).

Exit codes of `tabula validate`: 0 clean, 1 content errors, 2 usage errors,
3 internal error (a bug in tabula, said as such; never a traceback for bad
content). Set TABULA_DEBUG=1 to see the traceback of an internal error.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

import click

from engine.diagnostics import render_github, render_json, render_text
from engine.resources import data_dir
from engine.version import ENGINE_VERSION

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


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
        except Exception as exc:  # noqa: BLE001 - the top-level safety net
            _internal_error(exc)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(ENGINE_VERSION, "--version", prog_name="tabula", message="%(prog)s %(version)s")
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
        {"subject": found.subject or found.document.display, "key": str(found.path[-1]),
         "text": card_text(tree) if found.start == "effect" else render(tree)}
        for found, tree in result.effects
        if not ids or (found.subject or "").split(" ")[-1] in ids
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


def main(argv: list[str] | None = None) -> None:
    """Console entry point (`tabula`)."""
    try:
        tabula.main(args=argv, prog_name="tabula", standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001 - anything click did not handle
        _internal_error(exc)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
