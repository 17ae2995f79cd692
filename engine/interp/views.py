"""Per-player views: the state with what a player may not see taken out.

Hidden: the order and faces of hidden decks (only their size shows), the
faces of cards in places other players may not see (a hand shows its size
and card types), and the details of private events (a draw shows the deck
to everybody and the card only to the drawer). The random state and the
execution frames are never part of a view.
"""

from __future__ import annotations


def view_of(game, state: dict, player: int) -> dict:
    """What ``player`` may see of ``state``, as plain data."""
    places = {}
    for place, contents in sorted(state["in"].items()):
        if not contents:
            continue
        places[place] = _visible_contents(game, state, place, contents, player)
    return {
        "you": player,
        "players": state["players"],
        "round": state["flow"]["round"],
        "phase": state["flow"]["phase"],
        "first": state["flow"]["first"],
        "counters": state["counters"],
        "places": places,
        "events": [_visible_event(event, player) for event in state["events"]],
        "pending": state["pending"] if state["pending"] and state["pending"]["player"] == player else None,
    }


def _visible_contents(game, state: dict, place: str, contents: list, player: int):
    thing = state["things"][place]
    kind = thing["k"]
    if kind in game.items("decks") or kind == "pool":
        return {"hidden": len(contents)}
    item = game.items("places").get(kind, {})
    secret = item.get("visibility") == "owner" and thing["o"] != player or item.get("visibility") == "hidden"
    shown = []
    for tid in contents:
        entry = state["things"][tid]
        if secret:
            shown.append({"kind": entry["k"]})
        else:
            shown.append({"id": tid, "kind": entry["k"], "card": entry.get("c"), "attributes": entry["a"]})
    return shown


def _visible_event(event: dict, player: int) -> dict:
    if event.get("private") and event.get("player") != player:
        return {k: v for k, v in event.items() if k != "thing"}
    return event
