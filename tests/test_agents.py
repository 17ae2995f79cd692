"""Agents answer decisions with option keys; a scripted agent says exactly where its script failed."""

from __future__ import annotations

import pytest

from engine import rng
from engine.agents import FirstOptionAgent, RandomAgent, ScriptedAgent, ScriptError, random_agents
from toy_engine import Decision, Option

DECISION = Decision(id="d3", player=1, kind="choose_one", prompt="Move how far?",
                    options=(Option("move:1", "move 1"), Option("move:2", "move 2"), Option("pass", "pass")),
                    source="rule:turn")


def test_a_random_agent_is_uniform_and_repeatable_from_its_seed():
    picks = [RandomAgent(3).choose({}, DECISION) for _ in range(3)]
    assert len(set(picks)) == 1  # a fresh agent of the same seed starts the same way
    agent = RandomAgent(3)
    counts = {key: 0 for key in ("move:1", "move:2", "pass")}
    for _ in range(3000):
        counts[agent.choose({}, DECISION)] += 1
    assert all(900 < c < 1100 for c in counts.values())


def test_a_random_agent_draws_its_seed_stream_one_draw_a_candidate():
    """Its draws are engine.rng's from its seed: the same numbers next_int gives (the bot keeps
    the stream's words itself), one draw a candidate it tries, without putting it back."""
    agent, data = RandomAgent(9), rng.seed_state(9)
    for _ in range(20):
        index, data = rng.next_int(data, 3)  # every candidate of DECISION is legal: one draw
        assert agent.choose(None, DECISION) == DECISION.options[index].key
    assert [agent.s0, agent.s1, agent.s2, agent.s3] == data


def test_a_random_agent_refuses_a_decision_with_nothing_to_choose():
    empty = Decision(id="d1", player=0, kind="choose_one", prompt="Nothing?", options=(), source="rule:turn")
    with pytest.raises(ValueError, match="nothing to choose from"):
        RandomAgent(1).choose(None, empty)


def test_a_random_agent_never_touches_the_game_state():
    view = {"rng": [1, 2, 3, 4]}
    RandomAgent(1).choose(view, DECISION)
    assert view == {"rng": [1, 2, 3, 4]}


def test_random_bots_of_one_game_have_different_streams():
    a, b = random_agents(7, 2)
    assert [a.choose({}, DECISION) for _ in range(20)] != [b.choose({}, DECISION) for _ in range(20)]


def test_the_first_option_agent_takes_the_first_option():
    assert FirstOptionAgent().choose({}, DECISION) == "move:1"


def test_a_scripted_agent_answers_in_order():
    agent = ScriptedAgent(["pass", "move:2"])
    assert [agent.choose({}, DECISION), agent.choose({}, DECISION)] == ["pass", "move:2"]


def test_an_exhausted_script_names_the_step_the_prompt_and_the_options():
    agent = ScriptedAgent(["pass"])
    agent.choose({}, DECISION)
    with pytest.raises(ScriptError) as error:
        agent.choose({}, DECISION)
    assert str(error.value) == ("script step 2: the script is exhausted after 1 answers, but the game asks "
                                "decision d3 for p2 'Move how far?' (options: move:1, move:2, pass)")


def test_a_scripted_key_that_is_not_an_option_names_the_step():
    agent = ScriptedAgent(["move:1", "move:9"])
    agent.choose({}, DECISION)
    with pytest.raises(ScriptError, match=r"^script step 2: 'move:9' is not an option of decision d3 .*"
                                          r"\(options: move:1, move:2, pass\)$"):
        agent.choose({}, DECISION)
