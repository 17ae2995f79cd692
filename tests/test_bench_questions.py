"""benchmarks/bench_questions.py: a random game's time sorted by the kind of question asked."""

from __future__ import annotations

from collections import Counter

from benchmark_scripts import script
from engine.agents import random_agents
from engines import loaded

questions = script("bench_questions")


def test_a_kind_of_question_is_its_prompt_with_every_number_as_n():
    assert questions.kind_of("Choose 2 action cards in Line:") == "Choose N action cards in Line"
    assert questions.kind_of("Die is 3: keep it or change it") == "Die is N"


def test_every_decision_of_a_game_is_counted_once_under_its_kind():
    engine = loaded("castles-of-burgundy-cards")
    choosing, answering, asked = questions.timed(engine, 2, range(1, 2))
    state, decisions, agents = engine.new_game(players=2, seed=1), 0, random_agents(1, 2)
    while (decision := engine.decision(state)) is not None:
        state = engine.apply(state, agents[decision.player].choose(None, decision))
        decisions += 1
    assert sum(asked.values()) == decisions and set(choosing) == set(answering) == set(asked)


def test_the_report_puts_the_costliest_kind_first_with_its_share():
    lines = questions.report(Counter({"a": 1.0, "b": 0.0}), Counter({"a": 2.0, "b": 1.0}),
                             Counter({"a": 3, "b": 1}), games=1, top=5)
    assert lines[1].split()[0] == "75.0%" and lines[1].endswith("a")
    assert lines[2].split()[0] == "25.0%" and "1000000us" in lines[2]
