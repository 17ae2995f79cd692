"""What a mod's override or patch does to the words of the game it builds on.

An item a mod replaces is not played, so its old words are no longer checked against names
that now mean something else (they were checked with their own pack). Words of the base game
that no longer fit an item a mod changed are errors where those words are, and the hint says
which pack changed the item, and where.
"""

from __future__ import annotations

from pathlib import Path

from engine.validate import validate
from mod_packs import write_mod

BASE = "content/viticulture/"
SIMPLER_MAKE = ("kind: procedures\nprocedures:\n  - id: make\n    override: true\n    verb: make\n"
                "    object: wine\n    result: wine\n    description: Make one red wine.\n"
                "    effect: choose 1 red grape on your crush pad as Grape, then discard Grape, "
                "then gain 1 red wine of value 1\n")


def diagnostics(folder: Path) -> list:
    return validate([folder]).report.diagnostics


def test_the_old_body_of_an_overridden_procedure_is_not_checked_against_the_new_one(tmp_path):
    folder = write_mod(tmp_path / "remake", {"procedures.yaml": SIMPLER_MAKE})
    found = diagnostics(folder)
    assert not [d for d in found if d.file.endswith("procedures.yaml")]
    result = validate([folder])
    old = [effect for effect, _tree in result.effects if effect.address == "procedures:make:effect" and not effect.live]
    assert len(old) == 1 and old[0].document.pack_id == "viticulture"  # parsed still, not played


def test_a_card_that_no_longer_fits_an_overridden_procedure_names_the_override(tmp_path):
    folder = write_mod(tmp_path / "remake", {"procedures.yaml": SIMPLER_MAKE})
    [error] = diagnostics(folder)
    assert (error.code, error.subject) == ("E303", "card zymologist")
    assert error.file.endswith(BASE + "winter_visitors.yaml")
    assert error.hint == (f"'make' takes no modifiers (procedure make: pack remake overrides it at "
                          f"{folder / 'procedures.yaml'}:3)")


def test_a_body_that_no_longer_fits_its_patched_procedure_names_the_patch(tmp_path):
    patches = "kind: patches\npatches:\n  - target: procedures:make\n    op: remove\n    path: /modifiers/1\n"
    folder = write_mod(tmp_path / "unmod", {"patches.yaml": patches})
    found = diagnostics(folder)
    note = f"(procedure make: pack unmod patches it at {folder / 'patches.yaml'}:3)"
    body = [d for d in found if d.subject == "procedure make"]
    assert body and all(d.code == "E304" and "AsIfMediumCellar" in d.message for d in body)
    assert all(d.file.endswith(BASE + "procedures.yaml") and d.hint.endswith(note) for d in body)
    [card] = [d for d in found if d.subject == "card zymologist"]
    assert card.message == "'make' does not understand 'even without a medium cellar'"
    assert card.hint.endswith(note)


def test_words_of_the_mod_itself_get_no_such_note(tmp_path):
    cards = ("kind: cards\ncards:\n  - id: vintner\n    name: Vintner\n    type: winter_visitor\n"
             "    effect: make 1 wine even without a cellar\n")
    folder = write_mod(tmp_path / "remake", {"procedures.yaml": SIMPLER_MAKE, "cards.yaml": cards})
    [mine] = [d for d in diagnostics(folder) if d.subject == "card vintner"]
    assert mine.hint == "'make' takes no modifiers"
