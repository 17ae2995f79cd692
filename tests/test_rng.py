"""The game's random numbers: plain data, pure functions, the same everywhere."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from engine import rng

ROOT = Path(__file__).resolve().parent.parent


def draws(data, bound, n):
    out = []
    for _ in range(n):
        value, data = rng.next_int(data, bound)
        out.append(value)
    return out


def test_the_generator_is_xoshiro128starstar_with_its_reference_outputs():
    data, out = [1, 2, 3, 4], []
    for _ in range(6):
        value, data = rng.next_u32(data)
        out.append(value)
    assert out == [11520, 0, 5927040, 70819200, 2031721883, 1637235492]


def test_a_seed_gives_pinned_numbers():
    # Pinned: changing these breaks every saved transcript.
    assert rng.seed_state(7) == [1496452567, 1674306020, 4097599004, 72105175]
    assert draws(rng.seed_state(7), 100, 10) == [69, 24, 42, 40, 66, 51, 78, 94, 52, 81]
    assert rng.shuffle(rng.seed_state(7), list("abcdefgh"))[0] == list("dghfaceb")
    assert rng.derive_seed(7, 0) == 6498767946634617


def test_the_data_is_plain_json_and_functions_never_change_their_argument():
    data = rng.seed_state(42)
    before = copy.deepcopy(data)
    _, after = rng.next_int(data, 6)
    rng.shuffle(data, range(10))
    assert data == before and after != before
    assert json.loads(json.dumps(after)) == after


def test_results_are_the_same_in_other_processes_and_hash_seeds():
    code = ("from engine import rng; "
            "print(rng.shuffle(rng.seed_state(99), list(range(20)))[0], rng.derive_seed(3, 1, 2))")
    outputs = {
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout
        for hash_seed in ("0", "1", "12345")
    }
    local = f"{rng.shuffle(rng.seed_state(99), list(range(20)))[0]} {rng.derive_seed(3, 1, 2)}\n"
    assert outputs == {local}


def test_draws_are_roughly_uniform():
    counts = Counter(draws(rng.seed_state(2024), 6, 60_000))
    assert sorted(counts) == [0, 1, 2, 3, 4, 5]
    chi_square = sum((c - 10_000) ** 2 / 10_000 for c in counts.values())
    assert chi_square < 20.5  # p > 0.001 for 5 degrees of freedom


def test_a_bound_of_one_always_gives_zero_and_bad_bounds_are_refused():
    assert draws(rng.seed_state(1), 1, 5) == [0] * 5
    for bad in (0, -3, 2**32 + 1, 2.5):
        with pytest.raises(ValueError):
            rng.next_int(rng.seed_state(1), bad)


def test_data_that_is_not_generator_data_is_refused():
    with pytest.raises(ValueError):
        rng.next_int([0, 0, 0, 0], 6)
    for bad in (-1, 2**32, 2**64, -(2**70), True, 1.0, "1", None):  # each word an int of 32 bits
        with pytest.raises(ValueError):
            rng.next_int([1, 2, bad, 3], 6)
    assert rng.next_int([1, 2, 2**32 - 1, 3], 6)[0] in range(6)
    with pytest.raises(TypeError):
        rng.seed_state("7")


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), items=st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed, items):
    shuffled, _ = rng.shuffle(rng.seed_state(seed), items)
    assert sorted(shuffled) == sorted(items)


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), size=st.integers(min_value=0, max_value=300))
def test_a_shuffle_is_the_draws_of_next_int_from_the_top_down(seed, size):
    """Fisher-Yates by next_int, one draw a place: the order and the data a shuffle gives."""
    data, order = rng.seed_state(seed), list(range(size))
    for i in range(size - 1, 0, -1):
        j, data = rng.next_int(data, i + 1)
        order[i], order[j] = order[j], order[i]
    assert rng.shuffle(rng.seed_state(seed), range(size)) == (order, data)


def test_a_shuffle_refuses_data_that_is_not_generator_data():
    with pytest.raises(ValueError):
        rng.shuffle([0, 0, 0, 0], "abc")


def test_every_order_of_three_items_comes_up():
    data, seen = rng.seed_state(5), Counter()
    for _ in range(600):
        order, data = rng.shuffle(data, "abc")
        seen["".join(order)] += 1
    assert len(seen) == 6 and min(seen.values()) > 60
