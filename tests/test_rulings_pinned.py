"""Every ruling a shipped pack records names the scenarios or tests that check it (`pinned_by`),
and each name it gives exists: a ruling is a choice the rules left open, and a choice nobody
checks can change without anyone noticing.

The rulings recorded before stop 48 that no scenario or test names yet are listed below; the list
only shrinks (pinning one of them means taking it off the list, and a new ruling must be pinned).
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.resources import data_dir
from engine.yamlread import read_yaml

TESTS = Path(__file__).resolve().parent

NOT_YET_PINNED = {
    # viticulture
    "dynamic_table", "opponent_only_cards_in_solo", "solo_left_slots", "solo_needs_opponents",
}


def shipped_rulings() -> dict[str, dict]:
    """Ruling id -> its entry, over every rulings document of the shipped packs."""
    found = {}
    for path in sorted(Path(data_dir("content")).glob("*/*.yaml")):
        document, _problems = read_yaml(path)
        if isinstance(document, dict) and document.get("kind") == "rulings":
            for ruling in document["rulings"]:
                found[ruling["id"]] = ruling
    return found


def checks() -> set[str]:
    """The scenario ids of tests/scenarios and the names of the test functions of tests/."""
    names = set()
    for path in (TESTS / "scenarios").rglob("*.yaml"):
        names.update(re.findall(r"^scenario:\s*(\S+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    return names


def pins(ruling: dict) -> list[str]:
    named = ruling.get("pinned_by") or []
    return [named] if isinstance(named, str) else list(named)


def test_every_scenario_or_test_a_ruling_names_exists():
    known = checks()
    missing = {rid: name for rid, ruling in shipped_rulings().items() for name in pins(ruling) if name not in known}
    assert missing == {}


def test_every_ruling_recorded_since_is_pinned_and_the_old_list_only_shrinks():
    rulings = shipped_rulings()
    unpinned = {rid for rid, ruling in rulings.items() if not pins(ruling)}
    assert unpinned - NOT_YET_PINNED == set(), "a new ruling names no scenario or test (pinned_by)"
    assert NOT_YET_PINNED - unpinned == set(), "pinned now: take it off NOT_YET_PINNED"
