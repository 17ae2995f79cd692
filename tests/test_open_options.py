"""Options judged on demand: a decision is asked once two options are legal, and the rest are
judged only when a player needs them, against the state the decision is pending in.

Judging later must give exactly what judging every option when asked gives, or a player
would see a different game depending on who looked at the options.
"""

from __future__ import annotations

import pytest

from engine import rng
from engine.agents import RandomAgent, random_agents
from engine.interp.decisions import IllegalAnswer
from engine.interp.runtime import Runtime
from engines import loaded


class UniformOverOptions:
    """Uniform over the complete list of legal options (judges all of them)."""

    def __init__(self, seed: int):
        self.rng = rng.seed_state(seed)

    def choose(self, view, decision) -> str:
        index, self.rng = rng.next_int(self.rng, len(decision.options))
        return decision.options[index].key


@pytest.mark.parametrize("game, players, seed", [
    ("viticulture", 4, 1), ("viticulture", 2, 5), ("castles-of-burgundy-cards", 3, 1),
    ("castles-of-burgundy-cards", 1, 2),
])
def test_options_judged_on_demand_are_the_options_judged_when_asked(game, players, seed, monkeypatch):
    engine = loaded(game)
    lazy_agent, eager_agent = UniformOverOptions(seed), UniformOverOptions(seed)
    lazy = eager = None
    opened = 0
    for judge_all in (False, True):  # one game each way; the same answers if the options agree
        monkeypatch.setattr(Runtime, "judge_all", judge_all)
        state, seen = engine.new_game(players=players, seed=seed), []
        agent = eager_agent if judge_all else lazy_agent
        while (decision := engine.decision(state)) is not None:
            opened += len(decision.open)
            seen.append((decision.id, [(o.key, o.label) for o in decision.options]))
            state = engine.apply(state, agent.choose(None, decision))
        if judge_all:
            eager = (seen, engine.events(state))
        else:
            lazy = (seen, engine.events(state))
    assert opened > 0  # the lazy game really left options open
    assert lazy == eager


def test_a_decision_is_asked_with_two_legal_options_and_the_rest_left_open():
    engine = loaded("viticulture")
    agents, state = random_agents(3, 4), engine.new_game(players=4, seed=3)
    asked = with_open = 0
    while (decision := engine.decision(state)) is not None and asked < 400:
        known = [o.key for o in decision.candidates if o.key not in decision.open]
        assert len(known) >= 2 or not decision.open  # two judged legal before any is left open
        with_open += bool(decision.open)
        assert decision.is_choice_point and len(decision.options) >= 2
        asked += 1
        state = engine.apply(state, agents[decision.player].choose(None, decision))
    assert with_open > asked // 3


def test_an_open_option_that_is_not_legal_is_refused_with_its_reason():
    """Judged only when answered: placing on a space whose action cannot be done is refused in
    words, and the state is left as it was."""
    engine = loaded("viticulture")
    state = engine.skip_to(engine.new_game(players=2, seed=1), "summer")
    seat = state["pending"]["player"]
    state = engine.edit(state, seat, counters={"lira": 0})
    decision = engine.decision(state)
    assert "place:build_structure:left:regular_worker" in decision.open
    with pytest.raises(IllegalAnswer, match="build structure.*lira"):
        engine.apply(state, "place:build_structure:left:regular_worker")
    assert "place:build_structure:left:regular_worker" not in engine.decision(state).keys()


def test_the_answers_left_out_are_listed_with_their_reasons_once_judged():
    """A player may ask why an answer is missing: every candidate judged not legal is refused,
    with its reason, and no legal one is."""
    engine = loaded("viticulture")
    state = engine.skip_to(engine.new_game(players=2, seed=1), "summer")
    state = engine.edit(state, state["pending"]["player"], counters={"lira": 0})
    decision = engine.decision(state)
    legal = set(decision.keys())  # (reading the options judges every open candidate)
    refused = decision.refused
    assert "place:build_structure:left:regular_worker" in refused
    assert not legal & set(refused)
    assert all(decision.reason(key).startswith("not allowed: ") for key in refused)
    assert decision.reason("place:build_structure:left:regular_worker").endswith("lira, you have 0")
    assert {option.key for option in decision.candidates} - legal <= set(refused)  # every open one judged


@pytest.mark.parametrize("game", ["viticulture", "castles-of-burgundy-cards"])
def test_judging_open_options_never_changes_the_state(game):
    import json

    engine = loaded(game)
    agents, state = random_agents(4, 3), engine.new_game(players=3, seed=4)
    while (decision := engine.decision(state)) is not None:
        before = json.dumps(state)
        decision.options
        assert json.dumps(state) == before
        state = engine.apply(state, agents[decision.player].choose(None, decision))


def test_the_random_bot_is_uniform_over_the_legal_options_however_many_are_open():
    """It draws candidates until one is legal: each legal option equally often, an illegal one
    never, and only the candidates it drew are judged."""
    from engine.interp.decisions import Decision, Option

    judged = []

    def judge(key, words=True):
        judged.append(key)
        return None if key in ("b", "d") else "not this one"

    counts = {key: 0 for key in "abcde"}
    agent = RandomAgent(11)
    for _ in range(4000):
        decision = Decision("d1", 0, "choose_one", "?", tuple(Option(k, k) for k in "abcde"), "test",
                            open=frozenset("abcde"), judge=judge)
        counts[agent.choose(None, decision)] += 1
    assert counts["a"] == counts["c"] == counts["e"] == 0
    assert 1800 < counts["b"] < 2200 and 1800 < counts["d"] < 2200
    assert len(judged) < 4000 * 5 * 0.75  # fewer judgements than judging every candidate


def test_a_bot_asks_only_whether_an_answer_is_legal_and_the_reason_is_worded_when_read():
    """``legal(key)`` lets the judge refuse without words (needs.py); ``reason(key)`` then asks
    for the words, and a legal verdict is judged once."""
    from engine.interp.decisions import Decision, Option

    asked = []
    refused = object()

    def judge(key, words=True):
        asked.append((key, words))
        if key == "b":
            return None
        return "needs 3 silver, you have 1" if words else refused

    decision = Decision("d1", 0, "choose_one", "?", (Option("a", "a"), Option("b", "b")), "test",
                        open=frozenset("ab"), judge=judge)
    assert not decision.legal("a") and decision.legal("b") and decision.legal("b")
    assert decision.reason("a") == "not allowed: needs 3 silver, you have 1"
    assert decision.reason("b") is None
    assert asked == [("a", False), ("b", False), ("a", True)]


def test_a_placement_is_asked_once_a_space_whose_action_cannot_fail_is_free():
    """Worker placement is asked once one placement is legal (passing is the other answer). The
    placements whose action cannot fail are judged first, since no walk is needed for them: so
    when one of them is free, no other placement is judged before asking, and the options keep
    the board's order."""
    from engine.interp import flow

    engine = loaded("viticulture")
    agents, state = random_agents(5, 4), engine.new_game(players=4, seed=5)
    placements = with_sure = 0
    while (decision := engine.decision(state)) is not None:
        pending = state["pending"]
        if pending.get("judged_by") == "placement":
            rt = engine._runtime(state)
            order = []
            listed = [key for key, _label in flow.placement_candidates(rt, decision.player, order)]
            sure = [key for key in listed if flow._sure_slot(rt, *key.split(":")[1:3])]
            assert order == sure + [key for key in listed if key not in sure]  # the order judged in
            placements += 1
            if sure:
                with_sure += 1
                assert not pending.get("why_not")  # nothing judged illegal on the way to a sure one
                assert set(decision.open) == set(listed) - {sure[0]}
            assert [key for key in decision.candidate_keys if key != "pass"] == \
                [key for key in listed if key not in pending.get("why_not", {})]
        state = engine.apply(state, agents[decision.player].choose(None, decision))
    assert placements > 50 and with_sure > placements // 2
