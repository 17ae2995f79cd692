"""The game loop, replays and saved games (with the toy engine behind the same door)."""

from __future__ import annotations

import json
import os

import pytest

from engine import runner
from engine.agents import FirstOptionAgent, ScriptedAgent, Undo, random_agents
from engine.transcript import Transcript, TranscriptError, load, parse, save
from toy_engine import IllegalAnswer, ToyEngine

ENGINE = ToyEngine.load(["race"])


def bots_game(seed=7, players=3, **kwargs):
    return runner.play(ENGINE, random_agents(seed, players), players, seed, {}, **kwargs)


class Sequence:
    """Answers from a list (an exception class in it is raised instead), then the first option."""

    def __init__(self, *items):
        self.items, self.told = list(items), []

    def choose(self, view, decision):
        if not self.items:
            return decision.options[0].key
        item = self.items.pop(0)
        if isinstance(item, type):
            raise item()
        return item

    def tell(self, text):
        self.told.append(text)


# --- playing ---------------------------------------------------------------------------

def test_a_game_is_played_to_the_end_and_its_decisions_counted():
    result = bots_game()
    assert result.finished and result.outcome["winners"]
    assert result.decisions == len(result.transcript.answers) > 0
    assert 0 < result.choice_points <= result.decisions
    assert result.transcript.packs == [{"id": "race", "version": "1.0.0", "hash": ENGINE.packs[0]["hash"]}]


def test_decisions_with_one_option_are_not_choice_points():
    # FirstOptionAgent always steps 1; the step onto the goal has one option only.
    result = runner.play(ENGINE, [FirstOptionAgent()] * 2, 2, 1, {})
    assert result.decisions - result.choice_points >= 1


def test_the_same_seed_gives_the_same_transcript_bytes():
    assert bots_game(seed=11).transcript.to_json() == bots_game(seed=11).transcript.to_json()
    assert bots_game(seed=11).transcript.to_json() != bots_game(seed=12).transcript.to_json()


def test_a_game_stops_at_max_decisions_without_an_outcome():
    result = bots_game(max_decisions=3)
    assert not result.finished and result.outcome is None and result.decisions == 3


def test_an_illegal_answer_from_an_agent_is_the_engine_s_error():
    with pytest.raises(IllegalAnswer):
        runner.play(ENGINE, [ScriptedAgent(["move:1"]), Sequence("fly:9")], 2, 1, {})


# --- replaying -------------------------------------------------------------------------

def test_replay_reproduces_the_state_and_the_transcript_byte_for_byte():
    played = bots_game(seed=5)
    assert runner.replay(ENGINE, played.transcript) == played.state
    keys = [key for _, key in played.transcript.answers]
    again = runner.play(ENGINE, [ScriptedAgent(keys)] * 3, 3, 5, {})
    assert again.transcript.to_json() == played.transcript.to_json()
    assert runner.replay_result(ENGINE, played.transcript).outcome == played.outcome


def test_a_saved_game_can_be_continued():
    head = bots_game(seed=5, max_decisions=4).transcript
    rest = runner.play(ENGINE, random_agents(99, 3), 3, 5, {}, resume=head)
    assert rest.finished and rest.transcript.answers[:4] == head.answers


def test_continuing_with_other_settings_is_refused():
    head = bots_game(seed=5, max_decisions=2).transcript
    with pytest.raises(ValueError, match="seed=5"):
        runner.play(ENGINE, random_agents(1, 3), 3, 6, {}, resume=head)


def test_an_answer_that_is_no_longer_legal_names_its_step():
    transcript = bots_game(seed=5).transcript
    transcript.answers[2][1] = "move:7"
    with pytest.raises(runner.ReplayError, match=r"^step 3: answer 'move:7' is no longer legal for decision d3 "
                                                 r"for p3 'Move how far\?' \(options: move:1, ") as error:
        runner.replay(ENGINE, transcript)
    assert error.value.step == 3


def test_an_answer_to_another_decision_names_its_step():
    transcript = bots_game(seed=5).transcript
    transcript.answers[1][0] = "d9"
    with pytest.raises(runner.ReplayError, match=r"^step 2: the transcript answers decision d9, but the game now asks"):
        runner.replay(ENGINE, transcript)


def test_answers_after_the_end_of_the_game_are_refused():
    transcript = bots_game(seed=5).transcript
    transcript.answers.append(["d99", "move:1"])
    with pytest.raises(runner.ReplayError, match=r"is already over"):
        runner.replay(ENGINE, transcript)


def test_a_transcript_of_other_pack_content_is_refused():
    transcript = bots_game(seed=5).transcript
    transcript.packs[0]["hash"] = "sha256:feed"
    with pytest.raises(runner.ReplayError, match=r"^pack race: the content hash differs \(recorded 1.0.0 sha256:feed"):
        runner.replay(ENGINE, transcript)
    transcript.packs[0]["id"] = "other"
    with pytest.raises(runner.ReplayError, match="recorded with pack other 1.0.0, which is not loaded"):
        runner.replay(ENGINE, transcript)


# --- undo and save requests ------------------------------------------------------------

def test_undo_takes_back_the_seat_s_last_answer_and_everything_after_it():
    human = Sequence("move:1", Undo, "move:3")
    result = runner.play(ENGINE, [human, Sequence("move:2", "move:2")], 2, 3, {})
    assert human.told == ["undone: your last decision is taken back"]
    keys = [key for _, key in result.transcript.answers]
    assert keys[:3] == ["move:3", "move:2", "move:1"]  # the first "move:1" and the bot's reply are gone
    assert [d for d, _ in result.transcript.answers[:3]] == ["d1", "d2", "d3"]
    assert result.state == runner.replay(ENGINE, result.transcript)


def test_undo_with_nothing_to_undo_says_so():
    human = Sequence(Undo)
    runner.play(ENGINE, [human, Sequence()], 2, 3, {})
    assert human.told[0] == "nothing to undo"


def test_a_save_request_saves_the_game_so_far(tmp_path):
    path = tmp_path / "game.json"

    class Saver(Sequence):
        def choose(self, view, decision):
            if self.items and self.items[0] == "save":
                self.items.pop(0)
                raise runner.SaveRequest(str(path))
            return super().choose(view, decision)

    human = Saver("move:1", "save")
    result = runner.play(ENGINE, [human, Sequence()], 2, 3, {})
    assert human.told == [f"saved 2 answers to {path}"]
    assert load(path).answers == result.transcript.answers[:2]


def test_the_observer_sees_the_start_every_answer_and_every_undo():
    seen = []
    human = Sequence("move:1", Undo)
    result = runner.play(ENGINE, [human, Sequence()], 2, 3, {},
                         observer=lambda state, transcript: seen.append(len(transcript.answers)))
    assert seen[:5] == [0, 1, 2, 0, 1] and seen[-1] == result.decisions


# --- saving and loading ----------------------------------------------------------------

def test_a_transcript_has_the_documented_shape():
    data = json.loads(bots_game(seed=5, max_decisions=2).transcript.to_json())
    assert sorted(data) == ["answers", "options", "packs", "players", "seed", "tabula"]
    assert data["tabula"] == 2 and data["players"] == 3 and data["seed"] == 5
    assert data["answers"][0][0] == "d1"


def test_save_then_load_gives_the_same_bytes(tmp_path):
    transcript = bots_game(seed=5).transcript
    save(tmp_path / "game.json", transcript)
    assert (tmp_path / "game.json").read_text() == transcript.to_json()
    assert load(tmp_path / "game.json").to_json() == transcript.to_json()


def test_a_crash_between_write_and_rename_keeps_the_earlier_save(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    first = bots_game(seed=5, max_decisions=2).transcript
    save(path, first)

    def crash(*args):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        save(path, bots_game(seed=5).transcript)
    assert path.read_text() == first.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_save_writes_in_the_target_folder_and_never_truncates_the_target(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save(path, bots_game(seed=5, max_decisions=1).transcript)
    renames = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst: (renames.append((src, dst)), real_replace(src, dst)))
    save(path, bots_game(seed=5).transcript)
    (source, target), = renames
    assert os.path.dirname(source) == str(tmp_path) and target == path


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("", "the file is empty, not a transcript"),
    ("{\"tabula\": 1,", "not a transcript: invalid JSON at line 1, column 14"),
    (b"\xff\xfe", "not a transcript (not UTF-8 text)"),
    ("[1, 2]", "not a valid transcript: the top level must be a JSON object"),
    ('{"tabula": 3}', "transcript format 3 is not supported (this tabula reads formats 1, 2)"),
    ('{"tabula": true}', "transcript format True is not supported"),
    ('{"tabula": 1, "packs": [], "players": 2, "seed": 1, "answers": [], "extra": 0}', "unknown key 'extra'"),
    ('{"tabula": 1, "packs": [{"id": "race"}], "players": 2, "seed": 1, "answers": []}',
     "'packs' must be a list of {id, version, hash} objects"),
    ('{"tabula": 1, "packs": [], "players": 0, "seed": 1, "answers": []}', "'players' must be an int >= 1, not 0"),
    ('{"tabula": 1, "packs": [], "players": 2, "seed": "x", "answers": []}', "'seed' must be an int, not 'x'"),
    ('{"tabula": 1, "packs": [], "players": 2, "seed": 1, "answers": [["d1"]]}',
     "answer 1 must be a [decision id, key] pair of strings, not ['d1']"),
])
def test_a_bad_file_is_a_clear_error_naming_the_file(tmp_path, content, message):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(TranscriptError) as error:
        load(path)
    assert str(error.value).startswith(f"{path}: ") and message in str(error.value)


def test_a_folder_is_not_a_transcript(tmp_path):
    with pytest.raises(TranscriptError, match="is a folder"):
        load(tmp_path)


def test_options_survive_the_round_trip():
    transcript = Transcript(packs=[], players=2, seed=1, options={"goal": 12, "mode": "short"})
    assert parse(transcript.to_json()).options == {"goal": 12, "mode": "short"}
