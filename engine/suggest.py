"""Did-you-mean suggestions, shared by every checker."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return the closest candidate to `word`, or None if nothing is close."""
    pool = sorted({str(c) for c in candidates})
    if not isinstance(word, str) or not pool:
        return None
    matches = difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)
    if not matches:
        lowered = {c.lower(): c for c in pool}
        matches = [lowered[m] for m in difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)]
    return matches[0] if matches else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """Return a hint "did you mean 'x'?" or None."""
    match = suggest(word, candidates)
    return f"did you mean '{match}'?" if match is not None else None
