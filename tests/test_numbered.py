"""Ids and seat names made once: the same strings as writing the number out, kept by number."""

from engine.interp import numbered


def test_a_numbered_string_is_the_word_and_the_number_in_digits():
    assert numbered.env_key(12) == "e12"
    assert numbered.decision_id(3) == "d3"
    assert numbered.seat_name(0) == "player 1"
    assert numbered.numeral(0) == "0" and numbered.numeral(-3) == "-3"
    assert numbered.value_key(6) == "value:6"
    assert [numbered.env_key(n) for n in range(1, 2001)] == [f"e{n}" for n in range(1, 2001)]


def test_a_numbered_string_is_made_once_and_kept():
    first = numbered.env_key(4321)
    assert numbered.env_key(4321) is first
    assert numbered.ENV_KEYS[4321] is first


def test_a_negative_or_huge_number_is_written_out_and_not_kept():
    """A pack's "gain 1000000 coins" must not make a list of a million strings."""
    made: list[str] = []
    assert numbered.numbered(made, "x", -2) == "x-2"
    assert numbered.numbered(made, "x", 1_000_000) == "x1000000"
    assert made == []
