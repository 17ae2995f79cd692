"""Why an effect cannot be carried out, and which reason to tell when every way fails."""

import re


class Infeasible(Exception):
    """This step cannot be carried out in full; the reason is in words for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RulesError(Exception):
    """The content asks for something the engine cannot do (a bug in a pack or the engine)."""


# A reason that says how much is missing: a payment's ("needs 4 coins, you have 1", World.shortfall)
# or a pick's ("needs 3 cards, there are 2", items.too_few).
SHORT = re.compile(r"needs (\d+) (.+), (?:you have|there is|there are) (\d+)")


def nearer(kept: str | None, other: str | None) -> str | None:
    """Of two reasons why two ways fail, the one to tell (``kept`` is the earlier way's): the
    earlier, unless both say how much of the same thing is missing and the later misses less.
    So when no structure can be built, the reason is the cheapest one's ("needs 2 coins, you
    have 1"), not the first one's in the order offered. The walk and the trial both tell the
    reason this way, so they agree."""
    if kept is None:
        return other
    if other is None:
        return kept
    first, then = _missing(kept), _missing(other)
    if first is None or then is None or first[0] != then[0]:
        return kept
    return other if then[1] < first[1] else kept


def nearest(reasons) -> str | None:
    """Of the reasons why ways fail, in the order the ways were tried (None: a way with no
    reason), the one to tell (``nearer``); None when there is none."""
    told = None
    for reason in reasons:
        told = nearer(told, reason)
    return told


def _missing(reason: str) -> tuple | None:
    """(what, how many are missing) of a reason that says so, else None; read once per wording
    (reasons are made again at every failure, but their wordings are few)."""
    found = MISSING.get(reason, NOT_READ)
    if found is NOT_READ:
        match = SHORT.fullmatch(reason) if type(reason) is str else None
        found = None if match is None else (match.group(2), int(match.group(1)) - int(match.group(3)))
        if len(MISSING) < MISSING_KEPT:
            MISSING[reason] = found
    return found


MISSING: dict = {}  # reason -> (what, how many missing) or None (_missing)
MISSING_KEPT = 10_000  # wordings kept at most (a long run's are a few hundred)
NOT_READ = object()
