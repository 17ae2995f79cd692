"""Mistakes in effect text are reported at the exact word in the YAML file,
whatever the YAML style of the value, with a hint that helps fix them."""

from conftest import PACKS, where
from engine.validate import validate

EFFECTS = PACKS / "effects"


def diagnostics(name):
    folder = EFFECTS / name
    result = validate([folder], search_roots=[])
    return [(d.code, where(d, folder), d.subject, d.message, d.hint) for d in result.report.diagnostics]


def test_every_effect_mistake_is_reported_in_one_run_at_its_word():
    assert diagnostics("tiny") == [
        ("E300", "cards.yaml:14:18", "card bad_syntax", "unexpected word gain", "expected ',', ':'"),
        ("E301", "cards.yaml:18:30", "card bad_verb", "unknown verb 'riase'", "did you mean 'raise'?"),
        ("E302", "cards.yaml:22:20", "card bad_noun", "unknown noun 'coisn'", "did you mean 'coin'?"),
        ("E303", "cards.yaml:26:13", "card bad_modifier", "'raise' does not understand 'at a discont of 1 coins'",
         "did you mean 'at a discount of {Discount} coins'?"),
        ("E304", "cards.yaml:30:66", "card unbound", "the name Rasied is not bound here", "did you mean 'Raised'?"),
    ]


def test_an_unquoted_value_with_a_colon_says_how_to_write_it():
    found = {d[0]: d for d in diagnostics("yaml_colon")}
    code, location, _subject, message, hint = found["E100"]
    assert (code, location, message) == ("E100", "cards.yaml:7:23", "mapping values are not allowed here")
    assert "must be quoted, or written as a block" in hint
    assert set(found) == {"E100", "W110"}  # the other checks wait for the file to read


def test_a_procedure_body_sees_the_callers_quantity_and_modifier_values():
    assert not any(d[2] == "procedure raise" for d in diagnostics("tiny"))


def test_a_noun_with_a_word_for_its_kind_after_it_is_pointed_to_the_noun(tmp_path):
    """'draw 1 vine card' means the noun 'vine' (the spelling alone would guess 'vineyard')."""
    from mod_packs import said_in, write_mod

    folder = write_mod(tmp_path / "seller", {"cards.yaml": (
        "kind: cards\ncards:\n  - id: seller\n    name: Seller\n    type: summer_visitor\n"
        "    effect: gain 2 lira, then draw 1 vine card\n")})
    assert said_in(folder, "cards.yaml") == [("E302", 6, 38, "unknown noun 'vine card'", "did you mean 'vine'?")]


def test_a_duplicate_key_does_not_hide_the_other_mistakes_of_its_file(tmp_path):
    """Everything in one run: the file is read on with the first value of the key."""
    from mod_packs import said_in, write_mod

    folder = write_mod(tmp_path / "twice", {"cards.yaml": (
        "kind: cards\ncards:\n  - id: twice\n    name: Twice\n    type: summer_visitor\n"
        "    effect: gain 2 lira\n    effect: gain 3 lira\n"
        "  - id: typo\n    name: Typo\n    type: summer_visitor\n    effect: gian 2 lira\n")})
    assert [(code, line) for code, line, *_rest in said_in(folder, "cards.yaml")] == [("E101", 7), ("E301", 11)]
