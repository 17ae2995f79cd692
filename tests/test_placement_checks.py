"""Slots of a space whose actions are decided alike share one check, unless an effect could tell
the slots apart: a worker being placed stands on its slot (its ``slot`` attribute) while its
action is judged, so a game whose effects read that attribute checks every slot by itself."""

from __future__ import annotations

import copy

from engine.agents import random_agents
from engine.interp import flow
from engine.interp import tslots as T
from engine.interp.world import borrowing
from engine.interpreter import Engine
from engines import loaded
from mod_packs import write_mod

READS_SLOT = """kind: patches
patches:
  - {target: 'workers:regular_worker', op: merge, path: /attributes, value: {slot: none}}
  - {target: 'spaces:give_tour', op: replace, path: /effect, value: 'gain 1 lira for each slot of worker on each give tour'}
"""


def test_a_game_whose_effects_never_read_a_slot_shares_checks_between_slots():
    assert flow._slot_read(Engine.load(["viticulture"]).game) is False


def test_a_mod_whose_effect_reads_the_slot_of_workers_checks_each_slot_by_itself(tmp_path):
    mod = write_mod(tmp_path / "slot_reader", {"patches.yaml": READS_SLOT})
    assert flow._slot_read(Engine.load([str(mod)]).game) is True


def _snapshot(state: dict) -> tuple:
    """The state's tables of things and contents, entry by entry, by identity, and a deep copy."""
    return ({tid: id(thing) for tid, thing in state["things"].items()},
            {place: id(held) for place, held in state["in"].items()}, copy.deepcopy(state))


def test_judging_every_option_of_a_game_leaves_its_state_as_it_was():
    """Placements stand their worker on the state itself, and a card tried in a walk is set aside
    there too (world.borrowing): every entry is put back once judged."""
    engine = loaded("viticulture")
    agents = random_agents(5, 4)
    state = engine.new_game(players=4, seed=5)
    judged = []
    while engine.decision(state) is not None and len(judged) < 150:
        decision = engine.decision(state)
        if len(decision.candidate_keys) > 1:
            before = _snapshot(state)
            for key in decision.candidate_keys:
                decision.legal(key)
            assert _snapshot(state) == before
            judged.append(decision.source)
        state = engine.apply(state, agents[decision.player].choose(None, decision))
    assert "placement" in judged and {"space:play_summer_visitor", "space:play_winter_visitor"} & set(judged)


def test_a_borrowing_world_writes_the_state_and_its_undo_puts_every_entry_back():
    engine = loaded("viticulture")
    state = engine.new_game(players=2, seed=1)
    before = _snapshot(state)
    world = borrowing(engine.game, state)
    card = next(tid for tid, thing in state["things"].items() if thing[T.CARD] and thing[T.AT])
    world.put(card, "p0.hand")
    world.set_attribute(card, "mark", 1)
    world.create("extra#1", state["things"][card][T.KIND], 0, "p0.hand")
    world.add(0, "lira", 5)
    assert state["things"][card][T.AT] == "p0.hand" and "extra#1" in state["things"]  # the state's own tables
    assert world.counter(0, "lira") == 7 and state["counters"][0]["lira"] == 2  # counters: lent, copied at a write
    world.undo()
    assert _snapshot(state) == before
