"""What an effect surely pays before it could raise it: an answer that lacks it is refused at once.

"you may buy 3 action cards" is asked twice a turn in Castles, and most of the time the
player has too little silver. The needs of an effect (needs.py) are read once from its
tree; an answer whose needs the player cannot meet is refused without walking it, and its
reason in words is worked out only for a decision that is really asked. These tests pin
the reading on small effects, and check every refusal in real games against the full judge.
"""

from __future__ import annotations

import pytest

from engine.agents import random_agents
from engine.effects import ast
from engine.interp import handlers
from engine.interp import needs as needs_module
from engine.interp import runtime, verdict
from engine.interp import slots as F
from engine.interp.handlers import YES_NO
from engine.interp.needs import needs
from engines import choosing, loaded


def needed(engine, text: str) -> dict:
    """What the effect needs on its one way (no way that needs something: {})."""
    ways = needs(engine.game, engine.game.add_effect(text))
    assert len(ways) <= 1, ways
    return dict(ways[0]) if ways else {}


def ways_of(engine, text: str) -> set:
    return {frozenset(way) for way in needs(engine.game, engine.game.add_effect(text))}


@pytest.mark.parametrize("text, wanted", [
    ("pay 2 lira, then gain 1 vp.", {"lira": 2}),
    ("gain 1 vp, then pay 1 lira, then pay 2 lira.", {"lira": 3}),
    ("pay 2 lira to gain 1 vp, then pay 1 lira.", {"lira": 3}),
    ("only if you have at least 1 vp: pay 2 lira.", {"lira": 2}),
])
def test_payments_met_before_anything_raises_them_are_needs(text, wanted):
    assert needed(loaded("viticulture"), text) == wanted


@pytest.mark.parametrize("text", [
    "gain 1 lira, then pay 2 lira.",  # the gain may cover it
    "draw 1 vine, then pay 2 lira.",  # the reading stops at a step it does not follow
    "choose one: pay 3 lira to gain 2 vp; or gain 1 lira.",  # every option is a way
    "you may pay 2 lira to gain 1 vp.",  # no is a way
])
def test_payments_that_another_way_or_an_earlier_gain_may_avoid_are_not_needs(text):
    assert needed(loaded("viticulture"), text) == {}


def test_a_procedure_body_is_read_with_what_the_call_pays():
    """Buying pays 3 silver, and only with no purchase made yet this turn ("only if you have
    less than 1 purchase"): a ceiling, written as the negative of its limit."""
    engine = loaded("castles-of-burgundy-cards")
    game = engine.game
    may = game.nodes[game.add_effect("you may buy 3 action cards.")].sentences[0].steps[0]
    assert needs(game, game.number(may.step)) == ((("silver", 3), ("purchase", -1)),)


def _read_in_a_body(game, text: str) -> tuple:
    """The ways of ``text`` read as a procedure's body reads it (where "you" is the actor)."""
    node = game.nodes[game.add_effect(text)]
    ways = needs_module._read(game, node, {}, [needs_module._Way({}, set(), {}, set())], frozenset({"body"}), None,
                               False)
    return tuple(way.entries() for way in ways)


@pytest.mark.parametrize("text, wanted", [
    ("only if you have less than 2 purchase: gain 1 silver.", (("purchase", -2),)),
    ("only if you have fewer than 2 purchase: gain 1 silver.", (("purchase", -2),)),
    ("only if you have at most 2 purchase: gain 1 silver.", (("purchase", -3),)),
    ("only if you have less than 3 purchase: only if you have at most 0 purchase: gain 1 silver.",
     (("purchase", -1),)),  # the lower limit
    ("gain 1 purchase, then only if you have less than 2 purchase: gain 1 silver.",
     (("purchase", -2),)),  # a gain before the test can only raise the counter
    ("pay 1 purchase, then only if you have less than 2 purchase: gain 1 silver.",
     (("purchase", 1),)),  # lowered first: the test is no ceiling
    ("only if you have at least 2 purchase: gain 1 silver.", ()),  # a floor is not read
])
def test_a_counter_tested_below_a_number_before_anything_lowers_it_is_a_ceiling(text, wanted):
    assert _read_in_a_body(loaded("castles-of-burgundy-cards").game, text) == (wanted,)


def test_a_test_of_your_counters_outside_a_procedure_is_no_ceiling():
    """At the top of an effect "you" is the effect's owner, who need not be the one acting."""
    assert needed(loaded("castles-of-burgundy-cards"), "only if you have less than 1 purchase: gain 1 silver.") == {}


def test_a_player_over_a_ceiling_is_short_of_it():
    """short reads a ceiling against the counter now: at its limit or over it, the way fails."""
    engine = loaded("castles-of-burgundy-cards")
    state = engine.new_game(players=2, seed=1)
    rt = runtime.Runtime(engine.game, state, engine.flow)
    wanted = ((("silver", 3), ("purchase", -1)),)
    for silver, purchase, lacks in ((3, 0, False), (3, 1, True), (2, 0, True), (9, 2, True)):
        for resource, amount in (("silver", silver), ("purchase", purchase)):
            rt.world.add(0, resource, amount - rt.world.counter(0, resource))
        assert needs_module.short(rt, wanted, 0) is lacks, (silver, purchase)


@pytest.mark.parametrize("text, ways", [
    ("choose one: pay 3 lira to gain 1 vp; or pay 1 vp to gain 2 lira.", [{"lira": 3}, {"vp": 1}]),
    ("pay 1 lira, then choose one: pay 2 lira; or pay 1 vp.", [{"lira": 3}, {"lira": 1, "vp": 1}]),
    ("repeat 2 times: choose one: pay 3 lira to gain 1 vp; or pay 2 lira and 1 vp to gain 1 grande worker.",
     [{"lira": 3}, {"lira": 2, "vp": 1}]),  # the first run only: the second may take the other way
])
def test_each_option_of_a_choice_is_a_way_of_its_own(text, ways):
    """An answer is refused only when every way lacks something."""
    assert ways_of(loaded("viticulture"), text) == {frozenset(way.items()) for way in ways}


def test_a_repeat_is_read_once_when_the_call_fixes_at_least_one_run():
    """"convert at least 1 victory point" converts once before it asks "once more?": each of
    its four ways of paying is a need."""
    game = loaded("castles-of-burgundy-cards").game
    ways = needs(game, game.add_effect("convert at least 1 victory point."))
    assert {frozenset(way) for way in ways} == {frozenset(way.items()) for way in (
        {"silver": 3}, {"silver": 2, "worker": 1}, {"silver": 1, "worker": 2}, {"worker": 3})}


def test_too_many_ways_end_the_reading_where_they_would_split():
    """A choice whose ways would pass MOST_WAYS is not followed: what was paid before it stays."""
    engine = loaded("viticulture")
    options = "; or ".join(f"pay {n} lira" for n in range(1, 10))
    assert needed(engine, f"pay 1 vp, then choose one: {options}.") == {"vp": 1}


@pytest.mark.parametrize("game, players, seeds", [("castles-of-burgundy-cards", 3, (1, 2)),
                                                  ("viticulture", 3, (1,))])
def test_every_refused_answer_is_one_the_full_judge_rejects(game, players, seeds, monkeypatch):
    """Over real games: the walk gives a reason for every answer refused for its needs, without
    a trial (so the answer would not have been left open either), and an asked decision shows
    reasons in words only."""
    engine = loaded(game)
    refused = []
    made = runtime.Runtime.option_judge

    def checking(self, options, *way):
        judge = made(self, options, *way)

        def judged(key, settle=True, words=True):
            found = judge(key, settle, words)
            if found is runtime.REFUSED:  # the walk alone (no trial) gives the reason: never unsure
                why = judge(key, False)
                assert isinstance(why, str), (key, options)
                refused.append(why)
            return found
        return judged

    monkeypatch.setattr(runtime.Runtime, "option_judge", checking)
    for seed in seeds:
        agents = random_agents(seed, players)
        state = engine.new_game(players=players, seed=seed)
        while (decision := engine.decision(state)) is not None:
            assert all(isinstance(why, str) for why in state["pending"].get("why_not", {}).values())
            state = engine.apply(state, agents[decision.player].choose(None, decision))
    if game == "castles-of-burgundy-cards":
        assert len(refused) > 100 and any("silver" in why for why in refused)


def _paid_for_checked(monkeypatch, game: str, players: int, seeds) -> list:
    """Play random games with every answer paid_for passes checked by the walk (or else a
    trial); the keys it passed."""
    engine = loaded(game)
    made, passed = needs_module.paid_for, []

    def checking(rt, depth, refused=None):
        enough = made(rt, depth, refused)
        if enough is None:
            return None
        walk = verdict.answers(rt, depth)

        def judged(key: str) -> bool:
            found = enough(key)
            if found:
                by_walk = walk(key)
                if by_walk is None:
                    budget = rt.budget
                    by_walk = verdict.YES if rt.try_option(key, depth) is None else "no"
                    rt.budget = budget
                assert by_walk is verdict.YES, (key, by_walk)
                passed.append(key)
            return found
        return judged

    monkeypatch.setattr(needs_module, "paid_for", checking)
    for seed in seeds:
        agents = random_agents(seed, players)
        state = engine.new_game(players=players, seed=seed)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision))
    return passed


def test_every_die_value_it_can_pay_for_is_one_the_walk_finds_it_can_carry_out(monkeypatch):
    """Castles: a die value costs 1 worker per step, a plain payment, and nothing after the
    adjustment could fail where the player adjusts it: having the workers is then all it
    takes, and the judge says so without a walk. Over real games, every value it passes
    this way is one the walk (or else a trial) finds can be carried out."""
    passed = [key for key in _paid_for_checked(monkeypatch, "castles-of-burgundy-cards", 3, (1, 2))
              if key.startswith("value:")]
    assert len(passed) > 100 and any(not key.endswith(":0") for key in passed), len(passed)


@pytest.mark.parametrize("game, players, seeds, keys", [
    ("castles-of-burgundy-cards", 3, (1, 2), {"refill_your_workers", "convert_at_least_1_victory_point"}),
    ("viticulture", 3, (1, 2), set()),
])
def test_every_option_its_needs_decide_is_one_the_walk_finds_it_can_carry_out(monkeypatch, game, players, seeds, keys):
    """An option of a "choose one" whose needs decide it (its only steps that could fail are
    payments and ceilings the reading counted), asked with nothing after it that could fail,
    is legal when the player has what it needs: Castles' refill (less than 2 workers) and
    conversion (silver and workers in threes), Viticulture's exchanges of lira, with no walk.
    Over real games, every option
    passed this way is one the walk (or else a trial) finds can be carried out."""
    passed = {key for key in _paid_for_checked(monkeypatch, game, players, seeds) if not key.startswith("value:")}
    assert passed and keys <= passed, passed


@pytest.mark.parametrize("game, text, exact", [
    ("viticulture", "pay 2 lira to gain 1 vp.", True),
    ("viticulture", "choose one: pay 2 lira to gain 1 vp; or pay 1 vp to gain 1 lira.", True),
    ("viticulture", "gain 1 lira, then pay 2 lira.", False),  # a payment after a gain: no need, and it can fail
    ("viticulture", "pay 2 lira, then draw 1 vine.", False),  # the draw can fail, whatever is paid
    ("viticulture", "only if you have at least 1 vp: pay 2 lira.", False),  # a test that is no ceiling
    ("castles-of-burgundy-cards", "refill your workers.", True),  # a ceiling, then gains
    ("castles-of-burgundy-cards", "convert at least 1 victory point.", True),  # the first run; the rest are asked
    ("castles-of-burgundy-cards", "buy 3 action cards.", False),  # the cards revealed may run out
])
def test_an_effect_whose_only_failing_steps_are_its_needs_is_decided_by_them(game, text, exact):
    engine = loaded(game)
    assert needs_module.decided(engine.game, engine.game.add_effect(text)) is exact


@pytest.mark.parametrize("counters, refill, convert", [
    ({"worker": 0, "silver": 3}, True, True),
    ({"worker": 1, "silver": 1}, True, False),
    ({"worker": 2, "silver": 1}, False, True),  # one silver and two workers make a three
    ({"worker": 2, "silver": 0}, False, False),
])
def test_an_option_its_needs_decide_is_legal_exactly_when_the_player_has_them(counters, refill, convert):
    """Castles' six actions, asked with nothing under them that could fail: refilling workers
    needs fewer than two, converting needs three of silver and workers; the option is legal
    when the player has that (paid_for), and no walk is made. The other options' judges are
    the walk's."""
    engine = loaded("castles-of-burgundy-cards")
    game = engine.game
    state = runtime.clone(engine.edit(engine.new_game(players=3, seed=1), 0, counters=counters))
    state["pending"], state["frames"] = None, []
    rt = runtime.Runtime(game, state, engine.flow)
    choice = game.entry_of(game.add_effect(
        "choose one: refill your workers; or convert at least 1 victory point; or gain 1 silver."))
    rt.s["envs"]["t"] = {}
    rt.s["frames"].append(choosing(choice))
    depth = len(rt.s["frames"])
    enough = needs_module.paid_for(rt, depth)
    assert enough is not None
    assert enough("refill_your_workers") is refill
    assert enough("convert_at_least_1_victory_point") is convert
    for key, works in (("refill_your_workers", refill), ("convert_at_least_1_victory_point", convert)):
        assert (rt.try_option(key, depth) is None) is works


def test_the_words_of_a_die_value_it_lacks_the_workers_for_are_the_trials(monkeypatch):
    """Castles: a die value whose steps cost more workers than the player has is refused, and
    when the question is asked its reason is shown. Those words are read off the counter, each
    step paid in turn as the handler pays it, with no walk; over real games they are the
    words a full trial gives (the label before them aside)."""
    worded, checked = needs_module.plain_shortfall, []

    def checking(rt, key):
        words = worded(rt, key)
        if words is not None:
            budget = rt.budget
            assert rt.try_option(key, rt._region_depth()) == words, key
            rt.budget = budget
            checked.append(words)
        return words

    monkeypatch.setattr(needs_module, "plain_shortfall", checking)
    _castles_games()
    assert len(checked) > 20 and "needs 1 worker, you have 0" in checked, checked[:5]


def test_an_answer_taken_without_asking_is_the_one_the_judges_force(monkeypatch):
    """Castles asks "you may buy 3 action cards" up to three times a turn, and mostly the
    player lacks the silver; a die value can only be kept without workers. When every other
    answer surely lacks its price and the one left cannot fail, asking would take that one at
    once: the question takes it without making the option judges. Over real games, each such
    answer is the one the full judges force."""
    engine = loaded("castles-of-burgundy-cards")
    original, taken = runtime.Runtime.forced_answer, []

    def checking(self, options):
        found = original(self, options)
        if found is not None:
            shown, excluded, unjudged, _judge = self._judge_enough(list(options))
            assert [key for key, _label in shown] == [found] and not unjudged, (shown, excluded)
            node = self.game.nodes[self.s["frames"][-1][F.NODE]]
            taken.append(type(node).__name__)
        return found

    monkeypatch.setattr(runtime.Runtime, "forced_answer", checking)
    # (most such questions now take their answer before a frame is made for them, below: with
    # that turned off, every one of them comes here, as it does where the shortcut reads none)
    monkeypatch.setattr(runtime.Runtime, "unasked", lambda self, frame, node: False)
    for seed in (1, 2):
        agents = random_agents(seed, 3)
        state = engine.new_game(players=3, seed=seed)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision))
    assert taken.count("May") > 100 and taken.count("Adjust") > 20, (taken.count("May"), taken.count("Adjust"))


def test_a_question_passed_without_a_frame_is_one_the_judges_force_to_its_free_answer(monkeypatch):
    """Mostly the player lacks the silver for "you may buy 3 action cards", or the workers to
    change a die. Such a question takes its free answer (no; the value kept) where its parent
    runs, before a frame is made for it (Steps.unasked). Over real games, each one so passed,
    put on a frame of its own and asked, is forced to that answer: both by forced_answer and
    by the full judges."""
    original, passed = runtime.Runtime.unasked, []

    def checking(self, frame, node):
        found = original(self, frame, node)
        if found:
            handed, handing = self.handed, self.handing
            pushed = self.push(frame, node)
            try:
                options, free = _asked(self, pushed, node)
                assert original_forced(self, options) == free
                shown, excluded, unjudged, _judge = self._judge_enough(list(options))
                assert [key for key, _label in shown] == [free] and not unjudged, (shown, excluded)
            finally:
                assert self.stack.pop() is pushed
                self.handed, self.handing = handed, handing
            passed.append(type(node).__name__)
        return found

    original_forced = runtime.Runtime.forced_answer
    monkeypatch.setattr(runtime.Runtime, "unasked", checking)
    _castles_games()
    assert passed.count("May") > 100 and passed.count("Adjust") > 20, (passed.count("May"), passed.count("Adjust"))


def _asked(rt, frame: list, node):
    """The options a "may" or an adjustment on ``frame`` asks, and its free answer (the frame
    made ready to ask, as the handler makes it)."""
    if type(node) is ast.May:
        return YES_NO, "no"
    current, low, high = handlers.adjust_range(rt.ctx(frame), node)
    frame[F.STEP], frame[F.MORE]["from"], frame[F.MORE]["span"] = 1, current, high - low + 1
    return handlers._value_keys(rt.game, current, low, high), f"value:{current}"


def test_a_question_is_passed_the_same_with_or_without_its_own_frame(monkeypatch):
    """Taking a free answer before the question's frame is made changes no game: with the
    shortcut turned off, the same random games end with the same events."""
    passed = _castles_games()
    monkeypatch.setattr(runtime.Runtime, "unasked", lambda self, frame, node: False)
    assert _castles_games() == passed


def _castles_games(seeds=(1, 2)) -> list:
    """The events of random three-player Castles games."""
    engine, played = loaded("castles-of-burgundy-cards"), []
    for seed in seeds:
        agents = random_agents(seed, 3)
        state = engine.new_game(players=3, seed=seed)
        while (decision := engine.decision(state)) is not None:
            state = engine.apply(state, agents[decision.player].choose(None, decision), in_place=True)
        played.append(state["events"])
    return played


def test_a_question_is_judged_by_the_refusal_read_before_it_was_asked(monkeypatch):
    """Before "you may buy 3 action cards" or a die adjustment is asked, forced_answer reads
    which answers lack their price. When the question is then asked, its judges refuse by that
    same reading instead of making it again; the games are the ones played when the judges
    make their own."""
    made, asking = [], []
    original_refusal, original_judging = needs_module.refusal, runtime.Runtime._judge_enough

    def counting(rt):
        if asking:
            made.append(type(rt.game.nodes[rt.s["frames"][-1][F.NODE]]).__name__)
        return original_refusal(rt)

    def judging(self, options, *way):
        asking.append(True)
        try:
            return original_judging(self, options, *way)
        finally:
            asking.pop()

    monkeypatch.setattr(needs_module, "refusal", counting)
    monkeypatch.setattr(runtime.Runtime, "_judge_enough", judging)
    handed = _castles_games()
    assert "May" not in made and "Adjust" not in made, made[:5]

    original_forced = runtime.Runtime.forced_answer

    def forgetting(self, options):
        found = original_forced(self, options)
        self.handed = None  # the judges make their own refusal
        return found

    monkeypatch.setattr(runtime.Runtime, "forced_answer", forgetting)
    own = _castles_games()
    assert made.count("May") > 30 and made.count("Adjust") > 20, (made.count("May"), made.count("Adjust"))
    assert handed == own
