"""The initial state: every place, deck, card, space and piece the pack declares.

Decks are shuffled with the state's own random generator, so a seed always
gives the same game. What players choose at setup (which starting card, which
gift) is asked later by the flow's setup routine.

Everything but the order of the decks is the same for every seed, so it is built once
per player count (a template in the game's memo) and copied as a trial's state is
(runtime.clone: what is changed in place is copied, the things and contents lists are
shared until the World changes one); only the shuffles run for each game, in the order
they always ran.
"""

from __future__ import annotations

from engine import rng
from engine.interp import tslots as T
from engine.interp.runtime import clone
from engine.interp.world import World


def initial_state(game, players: int, seed: int, options: dict) -> dict:
    template, piles = _template(game, players)
    state = clone(template)  # its things and contents are shared: the World copies one before changing it
    state["seed"], state["rng"], state["options"] = seed, rng.seed_state(seed), dict(options)
    world = World(game, state)
    for pile in piles:
        shuffled, state["rng"] = rng.shuffle(state["rng"], list(world.contents(pile)))
        world.set_contents(pile, shuffled)
    return state


def _template(game, players: int) -> tuple[dict, list[str]]:
    """The initial state with its decks in the order their cards were made (never handed
    out: initial_state copies it), and the decks to shuffle, in order; once per player count."""
    key = ("initial state", players)
    found = game.memo.get(key)
    if found is None:
        found = game.memo[key] = _build(game, players)
    return found


def _build(game, players: int) -> tuple[dict, list[str]]:
    state = {
        "tabula": 1,
        "players": players,
        "seed": None,
        "options": {},
        "rng": None,
        "counters": [_start_counters(game, "player") for _ in range(players)],
        "global": _start_counters(game, "global"),
        "things": {},
        "kinds": {},
        "owned": {},
        "places": [],
        "in": {},
        "reserves": [],
        "frames": [],
        "envs": {"root": {}},
        "pending": None,
        "events": [],
        "serial": 0,
        "decisions": 0,
        "phase_numbers": _phase_numbers(game),
        "flow": {"round": 0, "phase": "setup", "phase_number": 0, "first": 0, "set_up": False,
                 "ending": False, "over": False, "passed": [], "chart_order": None},
    }
    world = World(game, state)
    _create_places(game, world, players)
    _create_spaces(game, world)
    piles = _create_cards(game, world, players)
    _fill_starting_places(game, world)
    state["reserves"] = sorted(t for t in state["things"] if world.thing(t)[T.KIND] in game.items("places")
                               and world.is_reserve(t))
    return state, piles


def _start_counters(game, scope: str) -> dict:
    return {rid: item.get("start", 0) or 0 for rid, item in sorted(game.items("resources").items())
            if item.get("scope", "player") == scope}


def _phase_numbers(game) -> dict:
    numbers = {}
    for round_ in game.items("rounds").values():
        for index, phase in enumerate(round_.get("phases", []), start=1):
            numbers[phase] = index
    return numbers


def _create_places(game, world, players: int) -> None:
    for place_id, item in sorted(game.items("places").items()):
        owners = range(players) if item.get("scope", "player") == "player" else [None]
        for owner in owners:
            prefix = "" if owner is None else f"p{owner}."
            instances = item.get("instances") or [{"id": place_id}]
            for instance in instances:
                world.create(prefix + instance["id"], place_id, owner, None, instance.get("attributes"))
    for deck_id in sorted(game.items("decks")):
        world.create(deck_id, deck_id, None, None)


def _create_spaces(game, world) -> None:
    for space_id in sorted(game.items("spaces")):
        world.create(space_id, space_id, None, None)


def _create_cards(game, world, players: int) -> list[str]:
    """Every card for this player count, each in its deck (or pool); gives the decks and pools."""
    piles = {}
    for card_id, card in sorted(game.items("cards").items()):
        if card.get("players") and players not in card["players"]:
            continue  # a card used only with other player counts
        card_type = game.items("card_types").get(card.get("type"), {})
        pile = card_type.get("deck") or f"pool:{card.get('type')}"
        if pile not in world.s["things"]:
            world.create(pile, "pool", None, None)
        copies = card.get("copies", 1)
        for copy in range(1, copies + 1):
            tid = card_id if copies == 1 else f"{card_id}#{copy}"
            world.create(tid, card["type"], None, pile, None, card=card_id)
        piles[pile] = True
    return sorted(piles)


def _fill_starting_places(game, world) -> None:
    for place in sorted(world.s["things"]):
        thing = world.thing(place)
        item = game.items("places").get(thing[T.KIND])
        if not item or not item.get("starts_with"):
            continue
        for entry in item["starts_with"]:
            kinds = [entry["kind"]] if entry.get("kind") else sorted(game.kinds(entry["each"]))
            for kind in kinds:
                for _ in range(entry.get("count", 1)):
                    tid = world.new_id(f"{place}.{kind}" if thing[T.OWNER] is not None else kind)
                    world.create(tid, kind, thing[T.OWNER], place, _default_attributes(game, kind))


def _default_attributes(game, kind: str) -> dict:
    for namespace in ("workers", "structures"):
        item = game.items(namespace).get(kind)
        if item is not None and isinstance(item.get("attributes"), dict):
            return {k: v for k, v in item["attributes"].items() if not isinstance(v, dict)}
    return {}
