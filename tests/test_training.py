"""The training workload of the profile-guided build (benchmarks/training.py, setup.py).

The compiled build is only as good as the games it was trained on: the workload must find
every game pack by itself (a new game gets a profile without anyone editing a list) and must
say so when it played nothing, so that setup.py builds without a profile rather than with an
empty one.
"""

from __future__ import annotations

from pathlib import Path

from benchmark_scripts import script

ROOT = Path(__file__).resolve().parents[1]


def training():
    return script("training")


def game_packs() -> list[str]:
    return sorted(path.parent.name for path in (ROOT / "content").glob("*/pack.yaml")
                  if "kind: game" in path.read_text())


def test_the_training_plays_every_game_pack_in_the_content_folder(monkeypatch):
    module = training()
    monkeypatch.setattr(module, "PLAYER_COUNTS", (2,))
    monkeypatch.setattr(module, "GAMES_PER_COUNT", 1)
    played = []
    real_play = module.play

    def play_and_note(engine, players, seed):
        played.append(engine.packs[0]["id"])
        return real_play(engine, players, seed)

    monkeypatch.setattr(module, "play", play_and_note)
    assert len(game_packs()) >= 2
    assert module.train() == len(game_packs())
    assert played == game_packs()


def test_a_training_game_is_played_to_its_end():
    module = training()
    from engines import loaded

    engine = loaded("castles-of-burgundy-cards")
    taken = module.play(engine, 2, 1)
    assert 0 < taken < module.MOST_DECISIONS


def test_with_no_game_to_play_the_training_says_so(monkeypatch, tmp_path):
    module = training()
    monkeypatch.setattr(module, "data_dir", lambda name: tmp_path)
    assert module.train() == 0
