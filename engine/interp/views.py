"""Per-player views: the state with what a player may not see taken out.

Hidden: the order and faces of hidden decks (only their size shows), the
faces of cards in places a player may not see (a hand shows its size and
the cards' backs; a hidden place hides its faces even from its owner), and
the details of private events (a draw shows the deck to everybody and the
card only to the drawer; a secret event names its card to nobody). A card's
back is its type when its deck holds one type only (the backs differ), else
its deck (every card of that deck looks the same face down). The random state and the
execution frames are never part of a view. A place whose things lie in sets (sets.py)
shows its sets, each with ``contents``: the things in it, seen like the place's own.
"""

from __future__ import annotations

from engine.interp.sets import SET_KIND
from engine.interp import tslots as T


def view_of(game, state: dict, player: int) -> dict:
    """What ``player`` may see of ``state``, as plain data."""
    places = {}
    for place, contents in sorted(state["in"].items()):
        if not contents or state["things"][place][T.KIND] == SET_KIND:  # a set shows inside its place
            continue
        places[place] = _visible_contents(game, state, place, contents, player)
    return {
        "you": player,
        "players": state["players"],
        "round": state["flow"]["round"],
        "phase": state["flow"]["phase"],
        "first": state["flow"]["first"],
        # a copy: a state answered in place (engine.apply's in_place) changes its counters
        "counters": [dict(bucket) for bucket in state["counters"]],
        "places": places,
        "events": [_visible_event(event, player) for event in state["events"]],
        # as stored: its options are the legal ones and the open ones, listed in "open" (decisions.py);
        # the Decision is what lists the legal ones
        "pending": state["pending"] if state["pending"] and state["pending"]["player"] == player else None,
    }


def _visible_contents(game, state: dict, place: str, contents: list, player: int):
    thing = state["things"][place]
    kind = thing[T.KIND]
    if kind in game.items("decks") or kind == "pool":
        return {"hidden": len(contents)}
    item = game.items("places").get(kind, {})
    secret = item.get("visibility") == "owner" and thing[T.OWNER] != player or item.get("visibility") == "hidden"
    shown = []
    for tid in contents:
        entry = state["things"][tid]
        if secret:
            shown.append({"back": back_of(game, entry[T.KIND])})
        else:
            shown.append({"id": tid, "kind": entry[T.KIND], "card": entry[T.CARD], "attributes": entry[T.ATTRS],
                          "owner": entry[T.OWNER]})
        if entry[T.KIND] == SET_KIND:  # the things of a set (sets.py) lie in it, seen like the place's
            inner = state["in"].get(tid, [])
            shown[-1]["contents"] = ([{"back": back_of(game, state["things"][t][T.KIND])} for t in inner] if secret
                                     else _visible_contents(game, state, tid, inner, player))
    return shown


def back_of(game, kind: str) -> str:
    """What a face-down card of ``kind`` shows: its type, or its deck if the deck mixes types."""
    deck = game.items("card_types").get(kind, {}).get("deck")
    if deck and len(game.item("decks", deck).get("card_types", [])) > 1:
        return deck
    return kind


def _visible_event(event: dict, player: int) -> dict:
    if event.get("secret") or (event.get("private") and event.get("player") != player):
        return {k: v for k, v in event.items() if k != "thing"}
    return event


def describe(game, view: dict, seat: int) -> list[str]:
    """A compact text of what ``seat`` has, for a person at the terminal."""
    counters = view["counters"][seat]
    shown = [f"{game.vocabulary.nouns[r].plural} {v}" for r, v in sorted(counters.items())
             if not game.item("resources", r).get("hidden")]
    lines = [f"round {view['round']}, {game.phase_name(view['phase'])} · player {seat + 1}: " + ", ".join(shown)]
    prefix = f"p{seat}."
    for place, contents in view["places"].items():
        if not place.startswith(prefix) or isinstance(contents, dict):
            continue
        kind = place[len(prefix):]
        item = game.items("places").get(kind) or {}
        if item.get("reserve"):
            continue
        names = [_entry_name(game, entry) for entry in contents]
        lines.append(f"  {kind.replace('_', ' ')}: {', '.join(names)}")
    table = [f"  {_place_name(game, place)}: {_contents_text(game, place, contents, seat)}"
             for place, contents in view["places"].items() if _on_the_table(game, place, contents)]
    return lines + (["on the table:"] + table if table else [])


def _contents_text(game, place: str, contents: list, seat: int) -> str:
    """Every thing by name, and whose it is when it is somebody's (a worker on a space: "(you)",
    "(player 2)"); for a pile (an ordered place), its size and its top."""
    if (game.items("places").get(_kind_of(game, place)) or {}).get("ordered") and len(contents) > 1:
        return f"{len(contents)}, top: {_owned_name(game, contents[-1], seat)}"
    return ", ".join(_owned_name(game, entry, seat) for entry in contents)


def _owned_name(game, entry: dict, seat: int) -> str:
    owner = entry.get("owner")
    name = _entry_name(game, entry)
    if owner is None:
        return name
    return f"{name} (you)" if owner == seat else f"{name} (player {owner + 1})"


def _on_the_table(game, place: str, contents) -> bool:
    """A shared place everybody sees (a display row, a pile, a space with workers)."""
    if isinstance(contents, dict) or place.startswith("p") and "." in place:
        return False
    item = game.items("places").get(place.split(".")[0]) or game.items("places").get(_kind_of(game, place)) or {}
    return bool(item) and item.get("visibility", "public") == "public" and not item.get("reserve") \
        or place in game.items("spaces")


def _kind_of(game, place: str) -> str:
    for kind, item in game.items("places").items():
        if place == kind or any(place == instance["id"] for instance in item.get("instances", [])):
            return kind
    return place


def _place_name(game, place: str) -> str:
    kind = _kind_of(game, place)
    for instance in (game.items("places").get(kind) or {}).get("instances", []):
        if instance["id"] == place and instance.get("name"):
            return instance["name"]
    return place.replace("_", " ")


def _entry_name(game, entry: dict) -> str:
    if "contents" in entry:  # a set: its things in brackets
        return "[" + ", ".join(_entry_name(game, inner) for inner in entry["contents"]) + "]"
    if "back" in entry:
        noun = game.vocabulary.nouns.get(entry["back"])
        return f"({noun.name if noun else entry['back']}, face down)"
    card = entry.get("card")
    if card:
        return str(game.item("cards", card).get("name", card))
    noun = game.vocabulary.nouns.get(entry["kind"])
    name = noun.name if noun else entry["kind"]
    value = (entry.get("attributes") or {}).get("value")
    return f"{name} {value}" if value is not None and entry["kind"] in game.items("tokens") else name
