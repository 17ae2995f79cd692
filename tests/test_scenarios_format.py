"""Scenario tests (engine/scenario.py, `tabula test`, the pytest plugin in conftest.py).

The fixtures in tests/scenario_fixtures/ fail on purpose; they are not collected as tests.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli import tabula
from conftest import SCENARIOS, TESTS
from engine.scenario import EngineCache, read_scenario, run_scenario, run_scenario_file

FIXTURES = TESTS / "scenario_fixtures"


@pytest.fixture(scope="module")
def engines():
    return EngineCache()


def run_fixture(engines, name):
    scenario = read_scenario(FIXTURES / name)
    return run_scenario_file(engines, scenario)


def test_a_failing_scenario_reports_the_decision_and_every_difference(engines):
    result = run_fixture(engines, "failing_on_purpose.yaml")
    assert result.outcome == "FAIL" and result.failed
    assert result.differences == ["players.1.vp: expected 2, found 1", "players.1.lira: expected 5, found 0"]
    report = result.report
    assert "A scenario whose expectations are wrong on purpose" in report          # the title
    assert "where: expect (after step 1) (" in report and "failing_on_purpose.yaml:16)" in report  # step, line
    assert "pending decision: player 2: Choose your row on the wake-up chart" in report
    for key, label in (("row:row_1", "row 1: No bonus"), ("row:row_7", "row 7: gain 1 temporary worker")):
        assert f"    {key}: {label}" in report                                       # every option
    assert "row:row_6:" not in report                                                # taken by player 1
    assert "    players.1.vp: expected 2, found 1" in report
    assert "    players.1.lira: expected 5, found 0" in report


def test_a_label_answer_must_match_exactly_one_option(engines):
    result = run_fixture(engines, "ambiguous_label.yaml")
    assert result.where == "step 1"
    assert result.differences[0].startswith("step 1: answer: 7 option labels contain 'row'")
    assert "row:row_6: row 6: gain 1 vp" in result.differences[0]


def test_a_label_answer_matching_one_option_answers_it(engines):
    assert run_fixture(engines, "passing.yaml").outcome == "PASS"


def test_xfail_and_xpass(engines):
    failed = run_fixture(engines, "xfail.yaml")
    assert failed.outcome == "XFAIL" and not failed.failed and "decision: player: expected 1, found 2" in failed.report
    passed = run_fixture(engines, "xpass.yaml")
    assert passed.outcome == "XPASS" and passed.failed


def test_schema_errors_are_reported_with_file_line_and_column(engines):
    scenario = read_scenario(FIXTURES / "schema_error.yaml")
    assert [(d.code, d.line, d.col) for d in scenario.diagnostics] == [("E202", 6, 5), ("E201", 6, 5)]
    result = run_scenario_file(engines, scenario)
    assert result.outcome == "FAIL"
    assert "schema_error.yaml:6:5: error[E202]: unknown property 'answr'" in result.report
    assert "did you mean 'answer'?" in result.report


def test_run_scenario_takes_plain_data_and_numbers_players_from_1(engines):
    data = {"scenario": "plain", "game": "viticulture", "players": 2, "start": {"phase": "spring"},
            "setup": [{"player": 2, "counters": {"lira": 0}}],
            "steps": [{"answer": "row:row_1"}, {"expect_player": 2, "answer": "row:row_4"}],
            "expect": {"players": {2: {"lira": 1}}, "events": ["player 2 gained 1 lira"]}}
    result = run_scenario(engines, data, "plain")
    assert result.ok, result.report
    data["setup"][0]["player"] = 3
    result = run_scenario(engines, data, "plain")
    assert result.differences == ["setup 1: player 3 does not exist (players are 1 to 2)"]


def test_a_misspelt_card_or_place_in_a_scenario_gets_a_did_you_mean(engines):
    base = {"scenario": "typos", "game": "viticulture", "players": 2, "start": {"round": 1, "phase": "summer"}}
    setup = {**base, "setup": [{"player": 1, "cards": {"hand": ["agriculturst"]}}]}
    assert run_scenario(engines, setup, "typos").differences == [
        "setup 1: error: there is no card 'agriculturst': did you mean 'agriculturist'?"]
    play = {**base, "setup": [{"player": 1, "cards": {"hand": ["agriculturist"]}}],
            "do": {"player": 1, "card": "agriculturis"}}
    assert run_scenario(engines, play, "typos").differences == [
        "do: error: player 1 has no 'agriculturis' in their hand: did you mean 'agriculturist'?"]
    expect = {**base, "expect": {"players": {1: {"feild_3": [], "lira": 2}}}}
    assert run_scenario(engines, expect, "typos").differences == [
        "players.1.feild_3: player 1 has no resource or place 'feild_3' (did you mean 'field_3'?)"]


def test_an_expected_error_passes_and_a_missing_one_fails(engines):
    data = {"scenario": "err", "game": "viticulture", "players": 2, "start": {"phase": "spring"},
            "steps": [{"answer": "row:row_9"}], "error": "is not an option"}
    assert run_scenario(engines, data, "err").ok
    data["steps"] = [{"answer": "row:row_1"}]
    result = run_scenario(engines, data, "err")
    assert result.differences == ["error: expected an error containing 'is not an option', but none was raised"]


def test_an_unknown_game_is_a_failure_not_a_crash(engines):
    result = run_scenario(engines, {"scenario": "x", "game": "no_such_game", "players": 2}, "x")
    assert not result.ok and result.differences[0].startswith("game 'no_such_game' cannot be loaded")


def test_a_scenario_whose_game_cannot_be_set_up_names_why(engines):
    data = {"scenario": "x", "game": "viticulture", "players": 2, "options": {"friendly": True}}
    result = run_scenario(engines, data, "x")
    assert result.differences == [
        "new game: error: unknown option 'friendly' (did you mean 'friendly_variant'?); the options are: "
        "advanced_draft, automa_difficulty, campaign, dynamic_automa, friendly_variant"]


def invoke(*args):
    return CliRunner().invoke(tabula, ["test", *map(str, args)])


def test_tabula_test_prints_each_outcome_and_a_summary():
    result = invoke(FIXTURES / "passing.yaml", FIXTURES / "failing_on_purpose.yaml", FIXTURES / "xfail.yaml")
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("PASS passing_on_purpose")
    assert lines[1].startswith("FAIL failing_on_purpose")
    assert "        players.1.vp: expected 2, found 1" in lines
    assert any(line.startswith("XFAIL xfail_on_purpose") for line in lines)
    assert lines[-1] == "1 passed, 1 failed, 1 xfailed"


def test_tabula_test_exit_codes():
    assert invoke(FIXTURES / "passing.yaml", FIXTURES / "xfail.yaml").exit_code == 0
    xpass = invoke(FIXTURES / "xpass.yaml")
    assert xpass.exit_code == 1 and xpass.stdout.splitlines()[-1] == "0 passed, 1 failed (1 XPASS)"
    assert invoke(FIXTURES / "schema_error.yaml").exit_code == 1
    missing = invoke(FIXTURES / "no_such_file.yaml")
    assert missing.exit_code == 2 and "no such file or folder" in missing.output


def test_tabula_test_json():
    result = invoke("--format", "json", FIXTURES / "failing_on_purpose.yaml", FIXTURES / "passing.yaml")
    data = json.loads(result.stdout)
    assert data["summary"] == {"passed": 1, "failed": 1, "xfailed": 0, "xpassed": 0, "total": 2}
    failing = data["scenarios"][0]
    assert failing["outcome"] == "FAIL" and failing["decision"]["player"] == 2
    assert failing["differences"] == ["players.1.vp: expected 2, found 1", "players.1.lira: expected 5, found 0"]


def test_tabula_test_runs_a_folder_recursively():
    result = invoke(SCENARIOS / "viticulture" / "rulebook")
    assert "PASS rulebook_harvest_example" in result.stdout


def test_the_fixtures_are_not_collected_as_scenario_tests():
    assert SCENARIOS not in FIXTURES.resolve().parents


def test_the_readme_example_passes(engines):
    from engine.yamlread import parse_yaml

    readme = (TESTS.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Testing cards with scenarios", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    data, problems = parse_yaml(block, "README.md")
    assert problems == []
    from engine.schemas import schema_set

    assert schema_set().check_document(data, "scenario", "README.md") == []
    result = run_scenario(engines, data, "readme")
    assert result.ok, result.report
