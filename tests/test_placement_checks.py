"""Slots of a space whose actions are decided alike share one check, unless an effect could tell
the slots apart: a worker being placed stands on its slot (its ``slot`` attribute) while its
action is judged, so a game whose effects read that attribute checks every slot by itself."""

from __future__ import annotations

from engine.interp import flow
from engine.interpreter import Engine
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
