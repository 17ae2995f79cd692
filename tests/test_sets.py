"""Places whose things lie in sets of N with jokers (engine/interp/sets.py).

The scenarios in tests/scenarios/castles-of-burgundy-cards/estate/ pin the rules as
played; these tests pin the model underneath: sets are things inside the place, the
queries still see the cards in the place, the options of each kind of thing, the rule's
switches (own sets, adopting, fill_first), staging, views, and the language's
distinct-value count. The pack's estate fills a type's open set first (``fill_first``);
the engine's default, where a new set may start at any time, is tested on the same
estate with the switch taken out (``with_rule``).
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.effects import parse_effect, parse_expression
from engine.effects.check import check
from engine.effects.render import render
from engine.interp import sets
from engine.interp import tslots as T
from engine.interp.errors import Infeasible
from engine.interp.values import Context, attribute, number
from engine.interp.views import describe, view_of
from engine.interp.world import World
from engines import loaded

GAME = "castles-of-burgundy-cards"


@pytest.fixture(scope="module")
def engine():
    return loaded(GAME)


@pytest.fixture(scope="module")
def base(engine):
    return engine.new_game(players=2, seed=1)


def staged(engine, base, estate, projects=()):
    return engine.edit(base, 0, cards={"estate": list(estate), "project_area": list(projects)})


def estate_sets(state, seat=0):
    """[(type, complete, [card ids])] of the seat's estate, in order."""
    found = []
    for set_tid in state["in"].get(f"p{seat}.estate", []):
        thing = state["things"][set_tid]
        assert thing[T.KIND] == sets.SET_KIND and thing[T.AT] == f"p{seat}.estate"
        cards = [state["things"][t][T.CARD] for t in state["in"].get(set_tid, [])]
        found.append((thing[T.ATTRS]["type"], thing[T.ATTRS]["complete"], cards))
    return found


def card_tid(state, card):
    return next(t for t, thing in state["things"].items() if thing[T.CARD] == card)


def offered(game, state, tid: str, place: str = "p0.estate") -> list[tuple[str, str]]:
    """(key, label) of every set of ``place`` that thing ``tid`` may go into."""
    return [(key, label) for key, label, _plan in sets.choices(World(game, state), tid, place)]


def keys_offered(game, state, tid: str, place: str = "p0.estate") -> list[str]:
    return [key for key, _label in offered(game, state, tid, place)]


def value(engine, state, text, seat=0):
    world = World(engine.game, state)
    return number(Context(world, seat, seat, {}, {}), parse_expression(text))


def test_staged_cards_lie_in_sets_of_their_type_and_a_full_set_is_complete(engine, base):
    state = staged(engine, base, ["mine_1", "mine_2", "mine_3", "mine_4", "monastery_1", "castle_1"])
    assert estate_sets(state) == [("mine", 1, ["mine_1", "mine_2", "mine_3"]), ("mine", 0, ["mine_4"]),
                                  ("monastery", 0, ["monastery_1"]), ("castle", 0, ["castle_1"])]


def test_queries_see_the_cards_of_the_sets_as_lying_in_the_place(engine, base):
    state = staged(engine, base, ["mine_1", "mine_2", "mine_3", "mine_4", "monastery_1", "castle_1"])
    assert value(engine, state, "the number of mine in your estate") == 4
    assert value(engine, state, "the number of action card in your estate") == 6
    assert value(engine, state, "the total triple of action card in your estate") == 5 * 4 + 6 + 5
    assert value(engine, state, "the number of type of action card in your estate") == 3
    world = World(engine.game, state)
    mine = card_tid(state, "mine_4")
    assert world.place_of(mine) == "p0.estate" and state["things"][mine][T.AT] != "p0.estate"
    assert state["things"][mine][T.ATTRS] == {}  # a card of its own type carries no adopted type
    context = Context(world, 0, 0, {"Set": state["things"][mine][T.AT]}, {})
    assert number(context, parse_expression("the number of action card in Set")) == 1


def test_the_type_of_a_card_is_its_kind_until_a_joker_adopts_another(engine, base):
    state = staged(engine, base, ["mine_1", "mine_2", "mine_3"], ["monastery_3"])
    state = engine.begin(state, 0, effect="place 1 project")
    decision = engine.decision(state)
    assert [o.key for o in decision.options] == ["new set:mine", "new set:monastery"]
    state = engine.apply(state, "new set:mine")  # a joker may start a new set of a type the estate has
    assert estate_sets(state) == [("mine", 1, ["mine_1", "mine_2", "mine_3"]), ("mine", 0, ["monastery_3"])]
    world = World(engine.game, state)
    monastery, mine = card_tid(state, "monastery_3"), card_tid(state, "mine_1")
    assert state["things"][monastery][T.ATTRS]["type"] == "mine"
    context = Context(world, 0, 0, {}, {})
    assert attribute(context, monastery, "type") == "mine" and attribute(context, mine, "type") == "mine"
    assert attribute(context, monastery, "kind") == "monastery"
    assert value(engine, state, "the number of monastery in your estate") == 1  # still a monastery card
    assert value(engine, state, "the number of type of action card in your estate") == 1


def test_a_card_may_join_its_open_set_convert_a_set_of_jokers_or_start_a_new_set(engine, base):
    state = staged(engine, base, ["castle_1", "monastery_1", "monastery_2", "mine_1", "mine_2", "mine_3"])
    castle = card_tid(state, "castle_2")
    assert offered(with_rule(engine, fill_first=False), state, castle) == [
        ("set:castle:1", "on the castles (2 of 3)"),
        ("set:monastery:1", "on the monasteries (3 of 3, completes the set, they become castles)"),
        ("new set:castle", "a new set of castles (1 of 3)"),
    ]
    # fill_first (the pack's estate): no new set of castles while the castles' set is open
    assert offered(engine.game, state, castle) == [
        ("set:castle:1", "on the castles (2 of 3)"),
        ("set:monastery:1", "on the monasteries (3 of 3, completes the set, they become castles)"),
    ]
    # a complete set is never offered: a fourth mine starts a new set
    state = staged(engine, base, ["mine_1", "mine_2", "mine_3"])
    for game in (engine.game, with_rule(engine, fill_first=False)):
        assert keys_offered(game, state, card_tid(state, "mine_4")) == ["new set:mine"]


def test_with_fill_first_a_card_goes_on_its_type_s_open_set_and_a_new_set_starts_once_it_is_complete(
        engine, base):
    assert engine.game.item("places", "estate")["sets"]["fill_first"] is True
    assert "fill_first" not in with_rule(engine, fill_first=False).sets_rule("estate")  # the default: off
    state = staged(engine, base, ["mine_1", "mine_2", "mine_3", "mine_4"])
    mine = card_tid(state, "mine_5")
    assert keys_offered(engine.game, state, mine) == ["set:mine:2"]
    assert keys_offered(with_rule(engine, fill_first=False), state, mine) == ["set:mine:2", "new set:mine"]
    # played: every mine has one legal place, so the estate never asks; the only question is
    # the round bonus of the triple the third mine completes, and the fourth starts a new set
    state = staged(engine, base, ["mine_1"], ["mine_2", "mine_3", "mine_4"])
    state = engine.begin(state, 0, effect="for each of every action card in your project area as Card: "
                                          "move Card to your estate")
    decision = engine.decision(state)
    assert decision.source == "scenario" and decision.prompt.startswith("Choose one")
    assert "gain 3 victory points" in [o.label for o in decision.options]
    state = engine.apply(state, next(o.key for o in decision.options if o.label == "gain 3 victory points"))
    assert engine.decision(state).source != "scenario"  # the effect is over: nothing else was asked
    assert estate_sets(state) == [("mine", 1, ["mine_1", "mine_2", "mine_3"]), ("mine", 0, ["mine_4"])]
    texts = [event["text"] for event in state["events"]]
    assert texts.index("player 1 completed a set of mines") < texts.index("Mine (die 4) moved to estate")


def test_a_joker_may_join_any_open_set_or_a_new_set_of_a_type_present(engine, base):
    state = staged(engine, base, ["castle_1", "monastery_1", "mine_1", "mine_2", "mine_3"])
    joker = card_tid(state, "monastery_2")
    assert offered(with_rule(engine, fill_first=False), state, joker) == [
        ("set:castle:1", "on the castles (2 of 3, counts as a castle)"),
        ("set:monastery:1", "on the monasteries (2 of 3)"),
        ("new set:castle", "a new set of castles (1 of 3, counts as a castle)"),
        ("new set:mine", "a new set of mines (1 of 3, counts as a mine)"),
        ("new set:monastery", "a new set of monasteries (1 of 3)"),
    ]
    # fill_first (the pack's estate): a new set of a type only when that type has no open set,
    # so of mines (their set is complete) but not of castles or monasteries
    assert offered(engine.game, state, joker) == [
        ("set:castle:1", "on the castles (2 of 3, counts as a castle)"),
        ("set:monastery:1", "on the monasteries (2 of 3)"),
        ("new set:mine", "a new set of mines (1 of 3, counts as a mine)"),
    ]
    # once the castles and the monasteries are complete, the joker may start a new set of either
    state = staged(engine, base, ["castle_1", "castle_2", "castle_3", "monastery_1", "monastery_2", "monastery_3"])
    assert keys_offered(engine.game, state, card_tid(state, "monastery_4")) == ["new set:castle",
                                                                                "new set:monastery"]


def with_rule(engine, fill_first=True, **jokers):
    """The game with the estate's joker switches changed (the memo of set rules replaced);
    ``fill_first=False`` takes the switch out of the rule, leaving the engine's default."""
    rule = dict(engine.game.item("places", "estate")["sets"])
    rule["jokers"] = {**rule["jokers"], **jokers}
    if not fill_first:
        del rule["fill_first"]
    return engine.game.replaced(memo={"sets": {"estate": rule}})


def test_jokers_without_their_own_sets_need_a_type_to_join(engine, base):
    for game in (with_rule(engine, own_sets=False, fill_first=False), with_rule(engine, own_sets=False)):
        state = staged(engine, base, [], ["monastery_3"])
        world = World(game, state)
        joker = card_tid(state, "monastery_3")
        assert sets.choices(world, joker, "p0.estate") == []
        with pytest.raises(Infeasible, match="no set of the estate can take Monastery"):
            world.put(joker, "p0.estate")
    state = staged(engine, base, ["ship_1"], ["monastery_3"])
    assert keys_offered(with_rule(engine, own_sets=False, fill_first=False), state, joker) == [
        "set:ship:1", "new set:ship"]
    # fill_first: the ships' open set only
    assert keys_offered(with_rule(engine, own_sets=False), state, joker) == ["set:ship:1"]
    state = staged(engine, base, ["ship_1", "ship_2", "ship_3"], ["monastery_3"])
    # the ships are complete: a new set of ships
    assert keys_offered(with_rule(engine, own_sets=False), state, joker) == ["new set:ship"]


def test_jokers_that_do_not_adopt_keep_their_type_and_are_not_convertible_by_default(engine, base):
    game = with_rule(engine, adopt=False, convertible=False, fill_first=False)
    state = staged(engine, base, ["ship_1", "monastery_1"], ["monastery_3", "ship_2"])
    assert keys_offered(game, state, card_tid(state, "monastery_3")) == ["set:monastery:1", "new set:monastery"]
    assert keys_offered(game, state, card_tid(state, "ship_2")) == ["set:ship:1", "new set:ship"]
    game = with_rule(engine, adopt=False, convertible=False)  # fill_first: the open sets only
    assert keys_offered(game, state, card_tid(state, "monastery_3")) == ["set:monastery:1"]
    assert keys_offered(game, state, card_tid(state, "ship_2")) == ["set:ship:1"]


def rival_sets(state):
    """[(type, complete, [card ids])] of the rival estate, in order."""
    return [(state["things"][s][T.ATTRS]["type"], state["things"][s][T.ATTRS]["complete"],
             [state["things"][t][T.CARD] for t in state["in"].get(s, [])]) for s in state["in"].get("rival_estate", [])]


def test_the_rival_estate_without_jokers_never_asks(engine, base):
    rule = engine.game.sets_rule("rival_estate")
    assert rule["fill_first"] is True and not rule.get("jokers")
    cards = ["mine_1", "monastery_1", "mine_2", "monastery_2", "mine_3", "mine_4", "monastery_3", "castle_1", "mine_5"]
    state = engine.edit(base, 0, cards={"project_area": cards})
    state = engine.begin(state, 0, effect="for each of every action card in your project area as Card: "
                                          "move Card to each rival estate")
    assert engine.decision(state).source != "scenario"  # sorted in without a question
    assert rival_sets(state) == [("mine", 1, ["mine_1", "mine_2", "mine_3"]),
                                 ("monastery", 1, ["monastery_1", "monastery_2", "monastery_3"]),
                                 ("mine", 0, ["mine_4", "mine_5"]), ("castle", 0, ["castle_1"])]
    # each card has exactly one place: its type's open set, else a new set of its type
    for card, key in [("mine_6", "set:mine:2"), ("castle_2", "set:castle:1"),
                      ("monastery_4", "new set:monastery"), ("ship_1", "new set:ship")]:
        assert keys_offered(engine.game, state, card_tid(state, card), "rival_estate") == [key]


def test_the_view_shows_the_sets_inside_the_place(engine, base):
    state = staged(engine, base, ["mine_1", "mine_2", "mine_3", "castle_1"])
    view = view_of(engine.game, state, 1)
    estate = view["places"]["p0.estate"]
    assert [entry["kind"] for entry in estate] == ["set", "set"]
    assert [entry["attributes"] for entry in estate] == [{"type": "mine", "complete": 1},
                                                         {"type": "castle", "complete": 0}]
    assert [[card["card"] for card in entry["contents"]] for entry in estate] == [["mine_1", "mine_2", "mine_3"],
                                                                                 ["castle_1"]]
    assert not any(place.startswith("set#") for place in view["places"])
    lines = describe(engine.game, view_of(engine.game, state, 0), 0)
    assert "  estate: [Mine (die 1), Mine (die 2), Mine (die 3)], [Castle (die 1)]" in lines


def test_the_distinct_value_count_is_checked_and_rendered():
    tree = parse_effect("if the number of type of action card in your estate is 7: gain 1 vp")
    assert render(tree) == "if the number of type of action card in your estate is 7: gain 1 vp"
    kind = parse_expression("the number of kind of vine in Made")
    assert render(kind) == "the number of kind of vine in Made" and kind.selector.attribute == "kind"


def test_an_unknown_attribute_in_a_distinct_value_count_is_reported(engine):
    problems, _calls = check(parse_expression("the number of colour of action card in your estate"),
                             engine.game.vocabulary)
    assert [(p.code, p.message) for p in problems] == [("E302", "unknown attribute 'colour'")]
