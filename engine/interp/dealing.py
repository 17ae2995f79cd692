"""Dealing: the setup steps, and displays dealt into rows.

A setup step says who it is for (``for``: once for the table, every player,
the first or the last player, or some seats counted from the first player),
what is dealt (``deal``: a number of cards of a type or from a deck to each
receiver, or all of them, sorted into a stack or split into equal piles), and
what is then done (``effect``, ``keep``, ``resolve``).

A display is a row of places (the instances of one place, ordered by an
attribute). ``refill_displays`` fills it up to its size for the player count:
first some passes of one card per row, then each further card into the row
whose attribute equals the card's own (a die value printed on the card).
"""

from __future__ import annotations

from functools import partial

from engine import rng
from engine.interp import slots as F
from engine.interp import tslots as T
from engine.interp.errors import RulesError
from engine.interp.frames import take
from engine.interp.game import NO_ITEMS


# ------------------------------------------------------------------ setup


def setup_routine(rt, f) -> None:
    """The routine that runs the setup steps one by one."""
    if not f[F.MORE]["todo"]:
        rt.done(f)
        return
    step = f[F.MORE]["todo"].pop(0)
    _first_player(rt, step)
    receivers = _receivers(rt, step)
    keeps = []
    for deal in step.get("deal", []):
        for seat in _deal_receivers(rt, deal, receivers):
            _deal(rt, seat, deal)
            if deal.get("keep") and deal["keep"] < deal.get("count", 1):
                keeps.append((seat, deal))
    for seat, deal in reversed(keeps):  # a stack: the first player's first choice is asked first
        rt.push_routine("keep", {"seat": seat, "card_type": deal["card_type"], "keep": deal["keep"], "kept": []})
    for card_type in step.get("resolve", []):
        for seat in reversed(receivers):
            _resolve_dealt(rt, seat, card_type)
    if step.get("effect"):
        for seat in reversed(receivers):
            rt.flow.push_effect(rt, rt.game.effect("setup", step["id"]), seat, f"setup:{step['id']}")


def _first_player(rt, step: dict) -> None:
    """Players are seated youngest first: "youngest" is player 1, "oldest" the last one."""
    rule = step.get("first_player")
    if rule is None:
        return
    if rule == "random":
        seat, rt.s["rng"] = rng.next_int(rt.s["rng"], rt.s["players"])
    elif rule == "oldest":
        seat = rt.s["players"] - 1
    elif rule == "youngest":
        seat = 0
    else:
        raise RulesError(f"the first player rule '{rule}' is not supported")
    rt.s["flow"]["first"] = seat
    rt.world.event("first", seat, f"player {seat + 1} is the first player")


def _receivers(rt, step: dict) -> list[int]:
    """The seats a step is for, in turn order from the first player."""
    from engine.interp.flow import seat_order

    order = seat_order(rt)
    who = step.get("for", "each_player")
    if who in ("once", "first_player"):
        order = order[:1]
    elif who == "last_player":
        order = order[-1:]
    seats = step.get("seats")
    if seats:
        order = [seat for position, seat in enumerate(order, start=1) if position in seats]
    return order


def _deal_receivers(rt, deal: dict, receivers: list[int]) -> list[int]:
    place = deal.get("to")
    if place and rt.game.item("places", place).get("scope", "player") == "global":
        return receivers[:1]  # a global place is filled once
    return receivers


def _deal(rt, seat: int, deal: dict) -> None:
    source = _source(rt, deal)
    cards = list(rt.world.contents(source))
    if deal.get("card_type") and deal.get("deck"):
        cards = [t for t in cards if rt.world.thing(t)[T.KIND] == deal["card_type"]]
    count = len(cards) if deal.get("all") else deal.get("count", 1)
    if len(cards) < count:
        raise RulesError(f"not enough {deal.get('card_type') or deal.get('deck')} cards to deal")
    dealt = cards[len(cards) - count:][::-1]  # from the top
    sort = deal.get("sort")
    if sort:  # the card put last is the top of the stack
        # (a partial, not a lambda: this stays a C function, compiled)
        dealt.sort(key=partial(_printed, rt, attribute=sort["by"]), reverse=sort.get("top", "lowest") == "lowest")
    targets = _targets(rt, seat, deal)
    for index, tid in enumerate(dealt):
        target = targets[index % len(targets)]
        rt.world.set_owner(tid, rt.world.thing(target)[T.OWNER])
        rt.world.put(tid, target)
        if not deal.get("to"):
            rt.world.thing_event("dealt", seat, f"player {seat + 1} was dealt {rt.world.name_of(tid)}", tid)
        elif rt.world.thing(target)[T.OWNER] is not None:
            rt.world.event("dealt", seat, f"player {seat + 1} was dealt {rt.world.name_of(tid)}",
                           {"thing": tid, "to": target, "private": rt.world.seen_by(target) != "all"})
    if deal.get("to") and rt.world.thing(targets[0])[T.OWNER] is None:  # a pile on the table: one line
        for target in targets:
            count = len([tid for tid in dealt if rt.world.thing(tid)[T.AT] == target])
            rt.world.event("dealt", None, f"{count} {_noun(rt, deal, count)} dealt to {rt.world.name_of(target)}",
                           {"to": target, "count": count})


def _noun(rt, deal: dict, count: int) -> str:
    noun = rt.game.vocabulary.nouns.get(deal.get("card_type") or deal.get("deck"))
    words = (noun.name if count == 1 else noun.plural) if noun else "cards"
    return f"{words} {'was' if count == 1 else 'were'}"


def _source(rt, deal: dict) -> str:
    if deal.get("deck"):
        return deal["deck"]
    card_type = rt.game.items("card_types").get(deal["card_type"], {})
    return card_type.get("deck") or f"pool:{deal['card_type']}"


def _targets(rt, seat: int, deal: dict) -> list[str]:
    place = deal.get("to")
    if not place:
        return [dealt_place(rt, seat)]
    found = rt.world.places_of({place}, seat)
    found = [t for t in found if rt.world.thing(t)[T.OWNER] in (seat, None)]
    if not found:
        raise RulesError(f"there is no place '{place}' to deal to")
    return found if deal.get("split") else found[:1]


def _printed(rt, tid: str, attribute: str):
    """A card's attribute: as changed in play, else as printed."""
    thing = rt.world.thing(tid)
    if attribute in thing[T.ATTRS]:
        return thing[T.ATTRS][attribute]
    card = thing[T.CARD]
    return dict.get(dict.get(rt.game.item("cards", card), "attributes", NO_ITEMS), attribute) if card else None


def keep_routine(rt, f) -> None:
    """The player keeps ``keep`` of the cards of a type just dealt to them; the rest leave the game."""
    routine = f[F.MORE]
    seat, card_type, chosen = routine["seat"], routine["card_type"], routine["kept"]
    dealt = [t for t in rt.world.contents(dealt_place(rt, seat))
             if rt.world.thing(t)[T.KIND] == card_type and t not in chosen]
    if f[F.ANS] is not None:
        chosen.append(take(f, F.ANS).split(":", 1)[1])
        return
    if len(chosen) >= routine["keep"]:
        for tid in dealt:
            rt.world.put(tid, None)
            rt.world.event("returned", seat, f"player {seat + 1} set aside {rt.world.name_of(tid)}")
        rt.done(f)
        return
    options = [(f"card:{tid}", rt.world.name_of(tid)) for tid in dealt]
    rt.ask(f, seat, f"Keep which {card_type.replace('_', ' ')}?", options, source="", checked=True)


def dealt_place(rt, seat: int) -> str:
    tid = f"p{seat}.dealt"
    if tid not in rt.s["things"]:
        rt.world.create(tid, "dealt", seat, None)
    return tid


def _resolve_dealt(rt, seat: int, card_type: str) -> None:
    for tid in list(rt.world.contents(dealt_place(rt, seat))):
        thing = rt.world.thing(tid)
        if thing[T.KIND] != card_type:
            continue
        rt.world.put(tid, None)
        root = rt.game.effect("cards", thing[T.CARD])
        if root is not None:
            rt.flow.push_effect(rt, root, seat, f"card:{thing[T.CARD]}")


# ------------------------------------------------------------------ displays


def refill_displays(rt, f) -> None:
    """Built-in step: deal every display up to its size for the player count."""
    for display in rt.game.items("displays").values():
        if not display.get("place") or not display.get("deck"):
            continue
        attribute = display.get("row_attribute")
        rows = sorted(rt.world.places_of({display["place"]}),
                      key=lambda row: rt.world.thing(row)[T.ATTRS].get(attribute, 0) if attribute else 0)
        wanted = _display_size(rt, display) - sum(len(rt.world.contents(row)) for row in rows)
        deal = display.get("deal", {})
        queue = [row for _ in range(_passes(rt, deal)) for row in rows] if deal.get("first") == "one_per_row" else []
        _fill(rt, display["deck"], rows, wanted, queue, attribute, deal.get("then_by_attribute"))


def _fill(rt, deck: str, rows: list[str], wanted: int, queue: list[str], attribute: str | None,
          card_attribute: str | None) -> None:
    """Deal ``wanted`` cards from ``deck`` into a display's ``rows``: to the rows ``queue`` lists
    first, then each into the row its printed value names."""
    from engine.interp.items import reshuffle

    while wanted > 0:
        if not rt.world.contents(deck):
            reshuffle(rt, deck)
        if not rt.world.contents(deck):
            break
        tid = rt.world.contents(deck)[-1]
        row = queue.pop(0) if queue else _row_for(rt, rows, attribute, card_attribute, tid)
        rt.world.put(tid, row)
        rt.world.event("dealt", None, f"{rt.world.name_of(tid)} was dealt to {rt.world.name_of(row)}",
                       {"thing": tid, "to": row})
        wanted -= 1


def _display_size(rt, display: dict) -> int:
    for entry in display.get("sizes", []):
        if rt.s["players"] in entry.get("players", []):
            return entry["cards"]
    return display.get("size", 0)


def _passes(rt, deal: dict) -> int:
    for entry in deal.get("passes_by_players", []):
        if rt.s["players"] in entry.get("players", []):
            return entry["passes"]
    return deal.get("passes", 1)


def _row_for(rt, rows: list[str], attribute: str | None, card_attribute: str | None, tid: str) -> str:
    if attribute and card_attribute:
        value = _printed(rt, tid, card_attribute)
        for row in rows:
            if dict.get(rt.world.thing(row)[T.ATTRS], attribute) == value:
                return row
    raise RulesError(f"no row of the display takes {rt.world.name_of(tid)}")
