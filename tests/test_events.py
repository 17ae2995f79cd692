"""An event is recorded whole and as told: its type, player, text, round and phase, then its
fields in the order given, whatever events of its kind were recorded before, each in a dict of
its own."""

from __future__ import annotations

import copy

from engines import loaded

from engine.interp.world import World


def _told(state: dict, kind: str, player, text: str, fields: dict | None) -> list:
    flow = state["flow"]
    told = {"type": kind, "player": player, "text": text, "round": flow.get("round"), "phase": flow.get("phase")}
    told.update(fields or {})
    return list(told.items())


def test_events_of_one_kind_with_other_fields_keep_their_own_keys_in_order():
    engine = loaded("viticulture")
    state = copy.deepcopy(engine.new_game(players=2, seed=1))
    world = World(engine.game, state)
    before = len(state["events"])
    told = [
        ("moved", 0, "a card moved", {"thing": "t1", "to": "hand"}),
        ("moved", 1, "another moved", {"thing": "t2", "to": "deck"}),  # the same shape: a copy of it
        ("moved", 1, "a secret move", {"thing": "t3", "to": "hand", "private": True, "secret": False}),
        ("moved", None, "a plain move", None),
        ("moved", 0, "the first shape again", {"thing": "t4", "to": "table"}),
        ("moved", 0, "its fields in another order", {"to": "table", "thing": "t5"}),
        ("moved", 1, "a field named as a key of every event", {"player": 3, "thing": "t6"}),
    ]
    for kind, player, text, fields in told:
        world.event(kind, player, text, fields)
    recorded = state["events"][before:]
    assert [list(entry.items()) for entry in recorded] == [_told(state, *event) for event in told]
    recorded[0]["thing"] = "changed"  # each entry is its own dict
    assert recorded[1]["thing"] == "t2" and recorded[4]["thing"] == "t4"


def test_a_walk_s_branch_records_no_event():
    engine = loaded("viticulture")
    state = copy.deepcopy(engine.new_game(players=2, seed=1))
    state["events"] = None
    World(engine.game, state).event("moved", 0, "a card moved", {"thing": "t1", "to": "hand"})
    assert state["events"] is None
