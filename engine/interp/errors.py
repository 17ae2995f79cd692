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
    if other is None or not other.startswith("needs ") or not kept.startswith("needs "):
        return kept
    first, then = SHORT.fullmatch(kept), SHORT.fullmatch(other)
    if first is None or then is None or first.group(2) != then.group(2):
        return kept
    missing = int(first.group(1)) - int(first.group(3))
    return other if int(then.group(1)) - int(then.group(3)) < missing else kept
