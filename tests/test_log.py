"""Log lines: each event's text with its round, phase and player; never a clock."""

from __future__ import annotations

from engine import log
from engine.runner import play
from engine.agents import random_agents
from toy_engine import ToyEngine


def test_an_event_reads_round_phase_player_and_text():
    event = {"type": "gained", "player": 1, "text": "gained 2 coins (give tour)", "round": 1, "phase": "summer"}
    assert log.line(event) == "round 1 · summer · p2: gained 2 coins (give tour)"


def test_a_phase_is_written_by_its_name_when_the_log_knows_the_names():
    event = {"type": "dealt", "text": "Mine was dealt to Row 1", "round": 1, "phase": "round_turns"}
    assert log.line(event, {"round_turns": "turns"}) == "round 1 · turns · Mine was dealt to Row 1"
    assert log.line(event) == "round 1 · round_turns · Mine was dealt to Row 1"  # (no names: the id)


def test_a_game_logs_its_phases_by_name():
    """The phase named "turns" in the pack (id round_turns) reads "turns" in the log, in the
    line's phase and in the event that begins it."""
    from engines import loaded

    engine = loaded("castles-of-burgundy-cards")
    assert engine.phase_names()["round_turns"] == "turns"
    state = engine.new_game(players=2, seed=1)
    shown = log.lines(engine.events(state), engine.phase_names())
    assert "round 1 · turns · turns begins" in shown
    assert not any("round_turns" in line for line in shown)


def test_a_round_given_as_words_is_written_as_given():
    assert log.line({"type": "scored", "player": 0, "text": "scored 3", "round": "year 4"}) == "year 4 · p1: scored 3"


def test_an_event_without_player_round_or_phase_is_just_its_text():
    assert log.line({"type": "setup", "text": "the deck is shuffled"}) == "the deck is shuffled"


def test_an_event_without_text_still_gets_a_readable_line():
    assert log.line({"type": "paid", "player": 0, "amount": 2, "what": "coin"}) == "p1: paid (amount=2, what=coin)"


def test_final_scores_show_rank_and_winners():
    outcome = {"scores": [12, 9, 12], "ranks": [1, 3, 1], "winners": [0, 2], "tie_breaks": [0, 0, 0]}
    assert log.outcome_lines(outcome) == ["final scores:", "  p1: 12  rank 1  winner", "  p2: 9   rank 3",
                                          "  p3: 12  rank 1  winner"]


def test_a_view_shows_the_seat_s_own_entry_compactly():
    view = {"players": [{"position": 3, "hand": [1, 4], "stock": {"coin": 2, "stone": 0}}, {"hand": 2}]}
    assert log.view_lines(view, 0) == ["  position: 3", "  hand: 1, 4", "  stock: coin 2, stone 0"]
    assert log.view_lines({"board": []}, 0) == []


def test_a_view_with_per_seat_lists_shows_the_seat_s_entries():
    view = {"players": 2, "counters": [{"coin": 3, "vp": 1}, {"coin": 0, "vp": 4}], "flow": {"round": 2}}
    assert log.view_lines(view, 1) == ["  counters: coin 0, vp 4"]


def test_the_log_of_a_game_depends_only_on_its_seed():
    engine = ToyEngine.load(["race"])

    def text(seed):
        return log.lines(engine.events(play(engine, random_agents(seed, 2), 2, seed, {}).state))

    assert text(4) == text(4) and text(4) != text(5)
    assert text(4)[0].startswith("round 1 · move · p1: chose ")
