"""benchmarks/bench_play.py: games and choice points a second, and their median over rounds."""

from __future__ import annotations

from benchmark_scripts import script
from engines import loaded

play = script("bench_play")


def test_a_game_counts_every_decision_and_its_choice_points():
    seconds, decisions, choice_points = play.one_game(loaded("castles-of-burgundy-cards"), 2, 1)
    assert seconds > 0 and decisions > 0 and 0 < choice_points <= decisions


def test_over_rounds_gives_the_median_round_with_the_lowest_and_highest():
    line = play.over_rounds(4, [(18.0, 17000.0), (22.0, 21000.0), (20.5, 19500.0)])
    assert line == ("4 players:  20.50 games/s (18.00 to 22.00)    19500 choice points/s (17000 to 21000)  "
                    "median of 3 rounds")


def test_an_even_number_of_rounds_takes_the_mean_of_the_middle_two():
    line = play.over_rounds(2, [(10.0, 1000.0), (30.0, 3000.0)])
    assert line.startswith("2 players:  20.00 games/s (10.00 to 30.00)     2000 choice points/s")
