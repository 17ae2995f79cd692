"""A modder tests a mod's cards with scenarios kept in the mod's own folder: `game:` names the
mod, `tabula test <mod folder>` runs them (and only them), and the pack check does not count
them as unlisted content."""

from __future__ import annotations

from click.testing import CliRunner

from cli import tabula
from engine.interpreter import ContentError, Engine
from engine.validate import validate
from mod_packs import write_mod

PATCH = "kind: patches\npatches:\n  - {target: 'cards:broker', op: replace, path: /effect, value: gain 7 lira}\n"
SCENARIO = """scenario: rich_broker_gives_seven_lira
title: The patched Broker gives 7 lira
game: rich_broker
players: 2
start: {round: 1, phase: summer}
setup:
  - player: 1
    counters: {lira: 0}
    cards: {hand: [broker]}
do: {player: 1, card: broker}
expect:
  players:
    1: {lira: 7}
"""


def test_a_scenario_in_the_mod_folder_plays_the_mod_and_is_not_content(tmp_path):
    folder = write_mod(tmp_path / "rich_broker", {"patches.yaml": PATCH})
    (folder / "tests").mkdir()
    (folder / "tests" / "broker.yaml").write_text(SCENARIO, encoding="utf-8")
    assert not validate([folder]).report.has_errors  # (an unlisted YAML file that is a scenario is no E507)
    run = CliRunner().invoke(tabula, ["test", str(folder)])
    assert run.exit_code == 0, run.output
    assert run.output.splitlines()[-1] == "1 passed, 0 failed"  # (pack.yaml and patches.yaml are no scenarios)


def test_a_game_that_cannot_load_says_its_errors_and_not_its_warnings(tmp_path):
    folder = write_mod(tmp_path / "broken", {"patches.yaml": PATCH.replace("gain 7 lira", "gian 7 lira")})
    try:
        Engine.load([folder])
    except ContentError as error:
        said = str(error)
    assert "unknown verb 'gian'" in said
    assert "W120" not in said and "warning" not in said
