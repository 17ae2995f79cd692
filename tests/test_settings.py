"""A game is set up only as its packs allow: the player counts, the declared options and their values."""

from __future__ import annotations

import pytest

from engine.interp import items
from engine.interp.settings import SetupError, checked, option_on, settings_of
from engine.interpreter import Engine
from engines import legal, loaded

MANIFEST = {
    "id": "toy", "kind": "game", "name": "Toy", "players": {"min": 2, "max": 5},
    "options": [
        {"id": "gentle", "kind": "variant", "name": "Gentle", "default": False},
        {"id": "level", "kind": "difficulty", "name": "Level", "default": "normal",
         "choices": [{"id": "easy", "name": "Easy"}, {"id": "normal", "name": "Normal"}, {"id": "hard", "name": "Hard"}]},
        {"id": "goal", "kind": "setting", "name": "Goal", "default": 20},
    ],
}


def test_a_game_refuses_a_player_count_its_packs_do_not_allow():
    viticulture, castles = loaded("viticulture"), loaded("castles-of-burgundy-cards")
    with pytest.raises(SetupError, match="Viticulture Essential Edition is for 1 to 6 players, not 7"):
        viticulture.new_game(players=7, seed=1)
    with pytest.raises(SetupError, match="is for 1 to 4 players, not 5"):
        castles.new_game(players=5, seed=1)
    with pytest.raises(SetupError, match="not 0"):
        castles.check_setup(0, {})
    castles.check_setup(1, {})
    viticulture.check_setup(6, {})


def test_an_unknown_option_is_refused_with_a_did_you_mean_and_the_options_listed():
    with pytest.raises(SetupError) as refused:
        loaded("viticulture").new_game(players=2, seed=1, options={"friendly_varient": True})
    message = str(refused.value)
    assert "unknown option 'friendly_varient' (did you mean 'friendly_variant'?)" in message
    assert "the options are: advanced_draft, automa_difficulty, campaign, dynamic_automa, friendly_variant" in message


def test_every_problem_is_named_in_one_refusal():
    with pytest.raises(SetupError) as refused:
        loaded("viticulture").check_setup(9, {"friendly_variant": "yes", "speed": 3})
    problems = str(refused.value).split("; ")
    assert problems[0] == "Viticulture Essential Edition is for 1 to 6 players, not 9"
    assert "option 'friendly_variant' is true or false, not 'yes'" in problems
    assert any(problem.startswith("unknown option 'speed'") for problem in problems)


def test_an_option_takes_a_value_of_its_kind():
    settings = settings_of([MANIFEST])
    assert checked(settings, 3, {"gentle": True, "level": "hard", "goal": 25}) == {"gentle": True, "level": "hard",
                                                                                 "goal": 25}
    for options, why in (({"gentle": 1}, "option 'gentle' is true or false, not 1"),
                         ({"level": "hrad"}, "option 'level' is one of easy, normal, hard, not 'hrad' "
                                             "(did you mean 'hard'?)"),
                         ({"goal": "far"}, "option 'goal' is a number, not 'far'"),
                         ({"goal": True}, "option 'goal' is a number, not True")):
        with pytest.raises(SetupError) as refused:
            checked(settings, 3, options)
        assert str(refused.value) == why


def test_the_state_keeps_the_options_as_they_were_asked_for():
    state = loaded("viticulture").new_game(players=2, seed=1, options={"friendly_variant": True})
    assert state["options"] == {"friendly_variant": True}


def test_an_option_is_on_by_its_value_or_its_default_and_a_choice_by_its_option_s_value():
    settings = settings_of([MANIFEST])
    assert not option_on(settings, {}, "gentle")
    assert option_on(settings, {"gentle": True}, "gentle")
    assert option_on(settings, {}, "normal") and not option_on(settings, {}, "hard")
    assert option_on(settings, {"level": "hard"}, "hard") and not option_on(settings, {"level": "hard"}, "normal")
    assert not option_on(settings, {}, "nothing_declares_this")


def test_the_player_counts_are_those_every_pack_allows():
    expansion = {"id": "more", "kind": "expansion", "players": {"min": 3, "max": 6},
                 "options": [{"id": "extra", "kind": "module", "name": "Extra"}]}
    settings = settings_of([MANIFEST, expansion])
    assert settings.players == (3, 5) and settings.name == "Toy"
    assert list(settings.options) == ["gentle", "level", "goal", "extra"]
    assert settings_of([{"id": "free", "kind": "game"}]).players is None


def test_a_game_whose_steps_need_a_built_in_the_engine_lacks_is_refused_with_the_steps_named():
    viticulture = loaded("viticulture")
    with pytest.raises(SetupError) as refused:
        viticulture.new_game(players=1, seed=1)
    assert str(refused.value) == (
        "Viticulture Essential Edition cannot be played with 1 player yet: it needs the built-in 'reveal_bot_card' "
        "(steps automa_summer_card, automa_winter_card), which this engine does not have")
    assert viticulture.flow.missing_builtins(2, {}) == {}  # those steps are for one player only
    loaded("castles-of-burgundy-cards").check_setup(1, {})  # its solo game needs no such step


def with_reshuffle(rule: dict) -> Engine:
    """Viticulture with its vine deck's reshuffle rule replaced by ``rule``."""
    game = loaded("viticulture").game
    decks = dict(game.table["decks"])
    decks["vine_deck"] = {**decks["vine_deck"], "reshuffle": rule}
    return Engine(game.replaced(table={**game.table, "decks": decks}, memo={}))


def test_a_reshuffle_rule_the_engine_does_not_do_is_refused_with_the_deck_named():
    engine = with_reshuffle({"when": "end_of_round", "if_nothing_to_shuffle": "game_ends"})
    with pytest.raises(SetupError) as refused:
        engine.check_setup(2, {})
    assert str(refused.value) == (
        "Viticulture Essential Edition cannot be played with 2 players yet: it needs the reshuffle rule "
        "'when: end_of_round' (deck vine_deck); the reshuffle rule 'if_nothing_to_shuffle: game_ends' (deck vine_deck), "
        "which this engine does not have")


def test_a_deck_that_never_reshuffles_is_not_refilled_from_its_discard_pile():
    def vine_placements(engine):
        state = engine.skip_to(engine.new_game(players=2, seed=1), "summer")
        every_vine = len(state["in"]["vine_deck"])  # drawn, then discarded: the deck is empty, its pile full
        state = engine.edit(state, state["pending"]["player"], effect=f"draw {every_vine} vines, then discard all cards "
                                                                       f"in your hand")
        assert state["in"]["vine_deck"] == [] and state["in"][engine.game.item("decks", "vine_deck")["discard_pile"]]
        return [key for key, _label in legal(engine, state) if key.startswith("place:draw_vine:")]

    never, usual = with_reshuffle({"when": "never"}), with_reshuffle({"when": "empty"})
    assert items.refill_pile(never.game, "vine_deck") is None
    assert vine_placements(never) == [] and vine_placements(usual) != []
