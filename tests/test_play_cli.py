"""`tabula play`, `replay` and `sim`, with the toy engine standing in for the interpreter."""

from __future__ import annotations

import gc
import json

import pytest
from click.testing import CliRunner

import cli
import toy_engine
from engine.transcript import load


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.setattr(cli, "_load_engine", toy_engine.load)
    yield
    gc.unfreeze()  # sim freezes what is alive in the process: the other tests get their collector back


def run(*args, input=None):
    return CliRunner().invoke(cli.tabula, [str(a) for a in args], input=input)


# --- play ------------------------------------------------------------------------------

def test_play_prints_the_log_and_the_final_scores():
    result = run("play", "race", "--players", 3, "--seed", 4)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("round 1 · move · p1: chose ")
    assert any(line.startswith("game over after ") for line in lines)
    assert lines[-4] == "final scores:" and sum("winner" in line for line in lines[-3:]) >= 1


def test_play_output_is_identical_for_the_same_seed():
    first = run("play", "race", "--players", 3, "--seed", 4).stdout
    assert run("play", "race", "--players", 3, "--seed", 4).stdout == first
    assert run("play", "race", "--players", 3, "--seed", 5).stdout != first


def test_an_unknown_game_is_a_usage_error():
    result = run("play", "rcae", "--players", 2)
    assert result.exit_code == 2 and "unknown pack 'rcae' (did you mean 'race'?)" in result.stderr


def test_a_game_whose_packs_do_not_validate_exits_1(monkeypatch):
    from engine.interpreter import ContentError

    def broken(*packs):
        raise ContentError("content/race/pack.yaml:1:1: error[E500]: bad manifest")

    monkeypatch.setattr(cli, "_load_engine", broken)
    result = run("play", "race", "--players", 2)
    assert result.exit_code == 1 and "error[E500]" in result.stderr
    assert "run 'tabula validate race'" in result.stderr


def test_players_are_required_unless_a_game_is_loaded():
    result = run("play", "race")
    assert result.exit_code == 2 and "--players is required" in result.stderr


def test_a_player_count_or_an_option_the_game_does_not_allow_is_a_usage_error():
    result = run("play", "race", "--players", 5)
    assert result.exit_code == 2 and "race is for 2 to 4 players, not 5" in result.stderr
    result = run("sim", "race", "--players", 2, "--games", 2, "--option", "gaol=5")
    assert result.exit_code == 2 and "unknown option 'gaol' (did you mean 'goal'?)" in result.stderr


def test_a_human_seat_reads_numbers_and_keys_from_stdin():
    result = run("play", "race", "--players", 2, "--seed", 3, "--human", 1, input="2\nmove:3\n" + "1\n" * 20)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "-- p1, your decision d1 --" in out and "  1) move 1  [move:1]" in out
    assert "  hand: " in out and "p1: chose move:2" in out and "p1: chose move:3" in out
    assert "final scores:" in out


def test_a_human_sees_only_their_own_hand():
    result = run("play", "race", "--players", 2, "--seed", 3, "--human", 2, input="1\n" * 20)
    shown = [line for line in result.stdout.splitlines() if line.startswith("  hand: ")]
    assert shown and all("," in line for line in shown)  # a list of cards, never another seat's count


def test_a_human_can_undo_their_last_decision():
    result = run("play", "race", "--players", 2, "--seed", 3, "--human", 1, input="u\n1\nu\n3\n" + "1\n" * 20)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "(nothing to undo)" in out and "(undone: your last decision is taken back)" in out
    assert "-- undone: back to decision 1 --" in out
    assert out.index("p1: chose move:1") < out.index("-- undone") < out.index("p1: chose move:3")


def test_a_human_can_save_and_the_game_can_be_continued(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "race", "--players", 2, "--seed", 3, "--human", 1, input=f"1\ns {path}\n")
    assert f"(saved 2 answers to {path})" in result.stdout and result.exit_code == 1  # stdin ran out: aborted
    assert len(load(path).answers) == 2
    resumed = run("play", "race", "--load", path)
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout.startswith("round 1 · move · p1: chose move:1")


def test_save_writes_the_transcript_and_replay_prints_the_same_log(tmp_path):
    path = tmp_path / "game.json"
    played = run("play", "race", "--players", 3, "--seed", 8, "--save", path)
    assert played.exit_code == 0 and "saved " in played.stderr
    replayed = run("replay", path)
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout == played.stdout


def test_max_decisions_stops_the_game_and_load_finishes_it(tmp_path):
    path = tmp_path / "game.json"
    stopped = run("play", "race", "--players", 2, "--seed", 8, "--max-decisions", 3, "--save", path)
    assert "the game is not over: stopped after 3 decisions" in stopped.stdout
    assert len(load(path).answers) == 3
    finished = run("play", "race", "--load", path, "--seed", 8)
    assert finished.exit_code == 0 and "final scores:" in finished.stdout


def test_load_refuses_settings_that_differ_from_the_saved_game(tmp_path):
    path = tmp_path / "game.json"
    run("play", "race", "--players", 2, "--seed", 8, "--max-decisions", 2, "--save", path)
    result = run("play", "race", "--load", path, "--seed", 9)
    assert result.exit_code == 2 and "--seed 9 differs from the saved game's 8" in result.stderr


# --- replay ----------------------------------------------------------------------------

def test_replay_of_a_bad_file_is_a_clear_error(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{oops")
    result = run("replay", path)
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: not a transcript: invalid JSON at line 1, column 2: " \
                            "Expecting property name enclosed in double quotes\n"


def test_replay_of_a_transcript_the_game_cannot_set_up_is_a_clear_error(tmp_path):
    path = tmp_path / "g.json"
    assert run("play", "race", "--players", 2, "--seed", 1, "--save", path).exit_code == 0
    recorded = json.loads(path.read_text())
    path.write_text(json.dumps({**recorded, "players": 7}))
    result = run("replay", path)
    assert result.exit_code == 1
    assert "the game cannot be set up as recorded: race is for 2 to 4 players, not 7" in result.stderr


def test_replay_of_a_transcript_that_no_longer_replays_names_the_step(tmp_path):
    path = tmp_path / "game.json"
    run("play", "race", "--players", 2, "--seed", 8, "--save", path)
    data = json.loads(path.read_text())
    data["answers"][1][1] = "move:9"
    path.write_text(json.dumps(data))
    result = run("replay", path)
    assert result.exit_code == 1 and "step 2: answer 'move:9' is no longer legal" in result.stderr


# --- sim -------------------------------------------------------------------------------

def sim_json(*args):
    result = run("sim", "race", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats.pop("games_per_s") > 0 and stats.pop("decisions_per_s") > 0
    return stats


def test_sim_reports_the_statistics():
    stats = sim_json("--games", 40, "--players", 3, "--seed", 2)
    assert stats["games"] == stats["finished"] == 40
    assert stats["decisions"]["min"] <= stats["decisions"]["mean"] <= stats["decisions"]["max"]
    assert stats["choice_points"]["mean"] <= stats["decisions"]["mean"]
    assert sum(stats["win_rate"]) >= 1 and len(stats["mean_score"]) == 3
    assert stats["mean_winner_score"] >= 10


def test_sim_results_do_not_depend_on_jobs():
    assert sim_json("--games", 30, "--players", 2, "--seed", 5, "--jobs", 3) == \
        sim_json("--games", 30, "--players", 2, "--seed", 5, "--jobs", 1)


def test_sim_text_goes_to_stdout_and_progress_to_stderr():
    result = run("sim", "race", "--games", 5, "--players", 2)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "games: 5 (5 finished)" and lines[3].startswith("win rate: p1 ")
    assert lines[-1].startswith("speed: ") and "simulating" in result.stderr


def test_sim_keeps_the_loaded_game_out_of_the_collector_s_full_passes():
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    result = run("sim", "race", "--games", 2, "--players", 2)
    assert result.exit_code == 0, result.output
    assert gc.get_freeze_count() > 0


def test_each_sim_worker_loads_its_game_and_freezes_it_too():
    gc.unfreeze()
    engine = cli._long_run_engine("race")
    assert gc.get_freeze_count() > 0
    assert engine.new_game(players=2, seed=1) is not None


def test_sim_counts_a_solo_opponent_s_wins_and_scores():
    from engine.sim import summarize

    records = [{"finished": True, "decisions": 9, "choice_points": 9, "scores": [5], "winners": [0], "opponent": 4},
               {"finished": True, "decisions": 9, "choice_points": 9, "scores": [3], "winners": [], "opponent": 8}]
    stats = summarize(records, 1)
    assert stats["win_rate"] == [0.5] and stats["opponent"] == {"win_rate": 0.5, "mean_score": 6.0}
    assert "opponent" not in summarize([dict(records[0], opponent=None)], 1)
