"""Golden games: fixed seeds at 2, 4 and 6 players, replayed byte for byte.

The files are regenerated only by `python tests/golden/regenerate.py`.
"""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))
from regenerate import GAMES, golden_name, log_text, play_golden  # noqa: E402

from engine.effects.ast import Choice  # noqa: E402
from engine.interp import slots as F  # noqa: E402
from engine.interp.labels import choice_index  # noqa: E402
from engine.runner import _Line, replay  # noqa: E402
from engine.transcript import Transcript  # noqa: E402
from engines import loaded  # noqa: E402


@pytest.fixture(scope="module")
def engines():
    return {game: loaded(game) for game in {g for g, _p, _s in GAMES}}


@pytest.mark.parametrize("game, players, seed", GAMES, ids=lambda v: str(v))
def test_replaying_a_golden_transcript_gives_the_same_log_byte_for_byte(engines, game, players, seed):
    engine = engines[game]
    base = golden_name(game, players, seed)
    transcript = Transcript.from_dict(json.loads(base.with_suffix(".json").read_text()))
    state = replay(engine, transcript)
    assert log_text(engine, state, None) == base.with_suffix(".log").read_text(encoding="utf-8")


@pytest.mark.parametrize("game, players, seed", GAMES, ids=lambda v: str(v))
def test_the_same_seed_and_bots_play_the_same_game_again(engines, game, players, seed):
    """Every golden game, not only one: a change in what the bots draw (which options a
    decision holds open, say) is a changed game, to be regenerated explicitly. (Replaying the
    answers alone did not notice when a 4-player golden went stale.)"""
    engine = engines[game]
    result = play_golden(engine, players, seed)
    assert result.transcript.to_json() + "\n" == golden_name(game, players, seed).with_suffix(".json").read_text()


@pytest.mark.parametrize("game, players, seed", [GAMES[0], GAMES[-1]], ids=lambda v: str(v))
def test_a_transcript_of_format_1_replays_the_same_game_and_is_saved_as_format_2(engines, game, players, seed):
    """Format 1 answered an option of a "choose one" by its place ("0"); a save of it still
    loads, replays to the same game, and is written again with the options' keys."""
    engine = engines[game]
    base = golden_name(game, players, seed)
    golden = base.with_suffix(".json").read_text()
    old = _by_place(engine, Transcript.from_dict(json.loads(golden)))
    assert old["tabula"] == 1 and any(key.isdigit() for _id, key in old["answers"])
    line = _Line.replayed(engine, Transcript.from_dict(old))
    assert log_text(engine, line.state, None) == base.with_suffix(".log").read_text(encoding="utf-8")
    assert line.transcript.to_json() + "\n" == golden


def _by_place(engine, transcript: Transcript) -> dict:
    """The transcript as format 1 wrote it: each answer to a "choose one" by its option's place."""
    state, answers = engine.new_game(players=transcript.players, seed=transcript.seed), []
    for decision_id, key in transcript.answers:
        number = state["frames"][-1][F.NODE] if state["frames"] else None
        if number is not None and type(engine.game.nodes[number]) is Choice:
            place = choice_index(engine.game, number, key)
            answers.append([decision_id, key if place is None else str(place)])
        else:
            answers.append([decision_id, key])
        state = engine.apply(state, key)
    return {**transcript.to_dict(), "tabula": 1, "answers": answers}
