"""The `tabula` command: exit codes, output formats, --explain and the internal-error net."""

from __future__ import annotations

import json

from click.testing import CliRunner

import engine.validate
from cli import tabula
from conftest import BROKEN, PACKS, TEST_SCHEMAS


def invoke(*args):
    return CliRunner().invoke(tabula, ["validate", "--schema-dir", str(TEST_SCHEMAS), *map(str, args)])


def test_clean_packs_exit_0_with_a_summary_line():
    result = invoke(PACKS / "ok")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().splitlines()[-1] == "checked 2 packs, 5 files, 3 definitions: 0 errors, 0 warnings"


def test_content_errors_exit_1_and_are_shown_with_their_source_line():
    result = invoke(BROKEN / "unknown_property")
    assert result.exit_code == 1
    assert "error[E202]: thing alpha: unknown property 'colour'" in result.stdout
    assert "    5 |     colour: red\n      |     ^^^^^^\n      = hint: did you mean 'color'?" in result.stdout


def test_a_missing_target_is_a_usage_error_with_exit_2():
    result = invoke(PACKS / "does_not_exist")
    assert result.exit_code == 2
    assert "neither a folder nor a pack id" in result.stderr


def test_an_unknown_pack_id_is_a_usage_error_with_a_suggestion():
    result = CliRunner().invoke(tabula, ["validate", "t_bsae", str(BROKEN / "missing_dependency")])
    assert result.exit_code == 2
    assert "unknown pack 't_bsae'" in result.stderr and "did you mean 't_base'?" in result.stderr


def test_a_bad_option_value_is_a_usage_error():
    assert invoke("--format", "xml", PACKS / "ok").exit_code == 2


def test_json_output_is_one_parseable_object_on_stdout():
    result = invoke("--format", "json", BROKEN / "unknown_ref")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [d["code"] for d in data["diagnostics"]] == ["E400"]
    assert data["diagnostics"][0]["hint"] == "did you mean 'alpha'?"
    assert data["summary"]["errors"] == 1 and data["summary"]["packs"] == 1


def test_github_format_prints_workflow_commands():
    result = invoke("--format", "github", BROKEN / "bad_enum")
    line = result.stdout.splitlines()[0]
    assert line.startswith("::error file=") and ",line=5,col=12,title=E203::" in line


def test_explain_shows_load_order_hashes_overrides_and_patches():
    result = invoke("--explain", PACKS / "ok")
    out = result.stdout
    assert "load order:\n  1. t_base 1.0.0 (game) sha256:" in out
    assert "  2. t_mod 1.0.0 (mod) sha256:" in out
    assert "things:alpha: t_mod won over t_base" in out
    assert "things:beta: replace /count by t_mod, on the definition from t_base" in out
    assert "things:delta: remove (optional) by t_mod skipped: target missing" in out


def test_an_unexpected_exception_is_an_internal_error_with_exit_3(monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(engine.validate, "layer", boom)
    result = invoke(PACKS / "ok")
    assert result.exit_code == 3
    assert "internal error: RuntimeError: kaboom (this is a bug in tabula; please report it)" in result.stderr
    assert "Traceback" not in result.stderr


def test_version_option_prints_the_engine_version_and_how_the_interpreter_runs():
    from engine.interp import verdict

    result = CliRunner().invoke(tabula, ["--version"])
    how = "pure Python" if verdict.__file__.endswith(".py") else "compiled"
    assert result.exit_code == 0 and result.stdout.strip() == f"tabula 0.1.0 (interpreter: {how})"


def test_show_prints_card_text_rendered_from_the_effect():
    from cli import tabula as app

    result = CliRunner().invoke(app, ["show", str(PACKS / "effects" / "tiny"), "good"])
    assert result.stdout.splitlines() == [
        "card good (effect): Choose one: gain 2 coins; or raise 1 tower at a discount of 1 coins."
    ]


def test_show_with_an_unknown_id_is_a_usage_error():
    from cli import tabula as app

    result = CliRunner().invoke(app, ["show", str(PACKS / "effects" / "tiny"), "nothing"])
    assert result.exit_code == 2


def test_a_player_at_the_keyboard_sees_whose_pieces_are_on_the_table():
    from click.testing import CliRunner as Runner

    answers = "1\n2\n1\n"  # papa's choice, a wake-up row, then a grande worker to draw vine
    result = Runner().invoke(tabula, ["play", "viticulture", "--players", "2", "--seed", "3", "--human", "1"],
                             input=answers)
    out = result.output
    assert "  Row 3: rooster (player 2)" in out
    assert "  draw vine: grande worker (you)" in out


def test_a_player_at_the_keyboard_reads_the_phase_by_its_name():
    from click.testing import CliRunner as Runner

    result = Runner().invoke(tabula, ["play", "castles-of-burgundy-cards", "--players", "2", "--seed", "5",
                                      "--human", "1"], input="1\n")
    assert "round 1, turns · player 1: " in result.output  # (the phase round_turns is named "turns")


def test_a_player_at_the_keyboard_can_ask_why_an_answer_is_not_offered():
    from click.testing import CliRunner as Runner

    answers = "1\n1\n? build\n? nothing like this\n"  # papa's choice, a wake-up row, then two questions
    result = Runner().invoke(tabula, ["play", "viticulture", "--players", "2", "--seed", "3", "--human", "1"],
                             input=answers)
    out = result.output
    assert "  - build structure (left): needs 2 lira, you have 1  [place:build_structure:left:regular_worker]" in out
    assert "draw vine (left) with a regular worker  [place:draw_vine" in out  # (offered: not in the answer)
    assert "  - draw vine" not in out
    assert "  (no answer left out matches 'nothing like this')" in out


def test_a_reader_that_goes_away_ends_the_output_quietly_with_141(tmp_path):
    """`tabula play ... | head -1`: once the reader closes the pipe, the command stops with the
    shell's code for a writer whose reader left (128 + SIGPIPE), not with an internal error."""
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "cli", "play", "viticulture", "--players", "4", "--bots",
                                "random", "--seed", "7"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away; the game's log is far longer than a pipe holds
    assert process.wait(timeout=300) == 141
    assert first.startswith(b"round 0") and b"internal error" not in process.stderr.read()
