"""Scores, tie-breaks, the result, and the comparison with a solo opponent.

A player's score is the sum of the pack's scoring rules: each an ``expression``,
or ``parts`` combined (sum, min, max, or the best split of the parts' counts into
sets of different kinds). A solo opponent (solo.yaml, ``opponents``) that has a
``score_expression`` is compared with the player: after every round when it says
``compare: end_of_round`` (it wins at once when ahead), and at the end, where
``ties`` says who wins a tie.
"""

from __future__ import annotations

from engine.interp.values import Context, number


def score(rt, seat: int) -> int:
    """``seat``'s score by the pack's scoring rules."""
    return sum(_rule_score(rt, seat, rule_id, rule) for rule_id, rule in rt.game.items("scoring").items())


def result(rt) -> dict:
    """Scores, tie-break values, ranks and winners (ties broken as the pack says)."""
    players = rt.s["players"]
    rows = [{"player": seat, "score": score(rt, seat),
             "tie_breaks": [expression(rt, seat, "tie_breaks", t) for t in _tie_breaks(rt.game)]}
            for seat in range(players)]
    standings = [[-r["score"]] + [-v for v in r["tie_breaks"]] for r in rows]  # (lower is better)
    ranks = [1 + sum(other < mine for other in standings) for mine in standings]  # (still tied: one rank)
    winners = [seat for seat in range(players) if ranks[seat] == 1]
    found = {"scores": [r["score"] for r in rows], "tie_breaks": [r["tie_breaks"] for r in rows],
             "ranks": ranks, "winners": winners}
    opponent = active_opponent(rt)
    if opponent is not None:
        points = opponent_score(rt, opponent)
        beaten = rt.s["flow"].get("opponent_won") or points > rows[0]["score"] or (
            points == rows[0]["score"] and opponent.get("ties") == "opponent_wins")
        found["opponent"] = {"id": opponent["id"], "name": opponent.get("name", opponent["id"]), "score": points}
        found["winners"] = [] if beaten else [0]
    return found


def expression(rt, seat: int, namespace: str, item_id: str, key: str = "expression") -> int:
    root = rt.game.effect(namespace, item_id, key)
    return number(Context(rt.world, seat, seat, {}, {}), rt.game.nodes[root]) if root is not None else 0


# ------------------------------------------------------------------ a solo opponent


def active_opponent(rt) -> dict | None:
    """The solo opponent with a score that plays in this game (by player count), if any."""
    for opponent in rt.game.items("opponents").values():
        if opponent.get("score_expression") and rt.s["players"] in opponent.get("players", [1]):
            return opponent
    return None


def opponent_score(rt, opponent: dict) -> int:
    return expression(rt, 0, "opponents", opponent["id"], "score_expression")


def compare_after_round(rt) -> None:
    """End the game when a solo opponent that is compared after every round is ahead."""
    opponent = active_opponent(rt)
    if opponent is None or opponent.get("compare") != "end_of_round":
        return
    mine, theirs = score(rt, 0), opponent_score(rt, opponent)
    name = opponent.get("name", opponent["id"])
    rt.world.event("compared", 0, f"after round {rt.s['flow']['round']}: player 1 has {mine}, {name} {theirs}",
                   {"score": mine, "opponent": theirs})
    if theirs > mine:
        rt.s["flow"]["opponent_won"] = True
        rt.s["flow"]["ending"] = True
        rt.world.event("ending", None, f"{name} is ahead and wins")


# ------------------------------------------------------------------ rules


def _rule_score(rt, seat: int, rule_id: str, rule: dict) -> int:
    """A rule's ``expression``, or its ``parts`` combined (sum, min, max, or the best split
    of the parts' counts into sets of different kinds, scored by ``set_points``)."""
    if not rule.get("parts"):
        return expression(rt, seat, "scoring", rule_id)
    values = [expression(rt, seat, "scoring", rule_id, f"parts/{index}/expression")
              for index in range(len(rule["parts"]))]
    combine = rule.get("combine", "sum")
    if combine == "sets_of_different_kinds":
        points = {entry["kinds"]: entry["points"] for entry in rule.get("set_points", [])}
        return best_sets(values, points)
    return {"sum": sum, "min": min, "max": max}[combine](values)


def _tie_breaks(game) -> list[str]:
    breaks = sorted(game.items("tie_breaks").items(), key=lambda kv: kv[1].get("position", 0))
    return [tid for tid, item in breaks if item.get("expression")]


def best_sets(counts: list[int], points: dict[int, int]) -> int:
    """The most points from splitting things of several kinds (``counts[i]`` of kind i) into
    sets of different kinds, a set of k kinds scoring ``points[k]`` (0 if not listed); things
    left over score nothing. Searched exactly over the sorted counts, so any table works."""
    return _best(tuple(sorted((max(0, c) for c in counts), reverse=True)), points, {})


def _best(state: tuple[int, ...], points: dict[int, int], memo: dict) -> int:
    """best_sets for the sorted counts ``state``, each state's best kept in ``memo``. (A
    function of its own, not a closure that calls itself: that would be a reference cycle.)"""
    if state not in memo:
        present = [index for index, count in enumerate(state) if count > 0]
        found = 0
        for mask in range(1, 1 << len(present)):
            chosen = [present[bit] for bit in range(len(present)) if mask >> bit & 1]
            value = points.get(len(chosen), 0)
            if value <= 0:
                continue
            rest = list(state)
            for index in chosen:
                rest[index] -= 1
            found = max(found, value + _best(tuple(sorted(rest, reverse=True)), points, memo))
        memo[state] = found
    return memo[state]
