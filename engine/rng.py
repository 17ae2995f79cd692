"""A deterministic random number generator kept as plain data inside a game state.

The generator is xoshiro128** (Blackman and Vigna): its state is a list of four
unsigned 32-bit ints, so it survives `json.dumps`, `copy.deepcopy` and `==` like
the rest of a state, and every language can read it back. Seeds are expanded with
SplitMix64. All functions are pure: they take the data and return new data, never
touching the argument, Python's `random` module or `hash()`. The same seed gives
the same numbers on every machine, process and PYTHONHASHSEED.

    data = seed_state(7)
    value, data = next_int(data, 6)          # 0 <= value < 6
    order, data = shuffle(data, ["a", "b", "c"])
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

M32 = 0xFFFF_FFFF
M64 = 0xFFFF_FFFF_FFFF_FFFF
GOLDEN = 0x9E37_79B9_7F4A_7C15
MAX_BOUND = 1 << 32


def _mix64(x: int) -> int:
    """The SplitMix64 output function: a bijection that scrambles a 64-bit int."""
    x = ((x ^ (x >> 30)) * 0xBF58_476D_1CE4_E5B9) & M64
    x = ((x ^ (x >> 27)) * 0x94D0_49BB_1331_11EB) & M64
    return x ^ (x >> 31)


def seed_state(seed: int) -> list[int]:
    """The generator data for `seed` (any int; taken modulo 2**64)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an int, not {type(seed).__name__}")
    first = _mix64((seed + GOLDEN) & M64)
    second = _mix64((seed + 2 * GOLDEN) & M64)
    return [first & M32, first >> 32, second & M32, second >> 32]


def _check(data: Sequence[int]) -> None:
    if len(data) != 4 or not _words(data[0], data[1], data[2], data[3]):  # (no star-call: it runs at every draw)
        raise ValueError(f"not generator data (four 32-bit ints, not all zero): {data!r}")


def _words(s0, s1, s2, s3) -> bool:
    """Four 32-bit ints, not all zero (written out, with no generator: it runs at every draw)."""
    return _word(s0) and _word(s1) and _word(s2) and _word(s3) and bool(s0 or s1 or s2 or s3)


def _word(w) -> bool:
    """An int (not a bool) from 0 to 2**32 - 1. (In the compiled build the int is read as a C
    number, rng.pxd, and compared in C: a negative one, or one past 64 bits, does not fit.)"""
    if type(w) is not int:
        return False
    try:
        wide = w
    except OverflowError:
        return False
    return 0 <= wide <= M32


def _advance(s0: int, s1: int, s2: int, s3: int) -> tuple[int, int, int, int, int]:
    """One step of the generator: its 32-bit output and the four new words."""
    x = (s1 * 5) & M32
    value = ((((x << 7) | (x >> 25)) & M32) * 9) & M32  # rotl(s1 * 5, 7) * 9
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32  # rotl(s3, 11)
    return value, s0, s1, s2, s3


def next_u32(data: Sequence[int]) -> tuple[int, list[int]]:
    """The next raw 32-bit output and the advanced data."""
    _check(data)
    value, s0, s1, s2, s3 = _advance(data[0], data[1], data[2], data[3])
    return value, [s0, s1, s2, s3]


def next_int(data: Sequence[int], bound: int) -> tuple[int, list[int]]:
    """A uniform int in [0, bound) and the advanced data (no modulo bias)."""
    if not isinstance(bound, int) or not 0 < bound <= MAX_BOUND:
        raise ValueError(f"bound must be an int in 1..2**32, not {bound!r}")
    _check(data)
    value, s0, s1, s2, s3 = below(data[0], data[1], data[2], data[3], bound)
    return value, [s0, s1, s2, s3]


def below(s0: int, s1: int, s2: int, s3: int, bound: int) -> tuple[int, int, int, int, int]:
    """A uniform int in [0, bound) drawn from the four words, and the new words: next_int's
    draw, on words already checked and a bound from 1 to 2**32 (a shuffle's; a stream kept
    in C numbers, as the random bot keeps its own)."""
    limit = MAX_BOUND - MAX_BOUND % bound  # largest multiple of bound <= 2**32
    value, s0, s1, s2, s3 = _advance(s0, s1, s2, s3)
    while value >= limit:
        value, s0, s1, s2, s3 = _advance(s0, s1, s2, s3)
    return value % bound, s0, s1, s2, s3


def shuffle(data: Sequence[int], items: Sequence[T]) -> tuple[list[T], list[int]]:
    """A shuffled copy of `items` (Fisher-Yates) and the advanced data: the draws of next_int
    for the bounds len(items) down to 2, with the words kept as numbers between draws (a
    deck's shuffle makes no list or tuple a draw)."""
    _check(data)
    out = list(items)
    s0, s1, s2, s3 = data[0], data[1], data[2], data[3]
    for i in range(len(out) - 1, 0, -1):
        j, s0, s1, s2, s3 = below(s0, s1, s2, s3, i + 1)  # as next_int draws
        out[i], out[j] = out[j], out[i]
    return out, [s0, s1, s2, s3]


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a sub-stream, e.g. game i of a simulation: derive_seed(seed, i).

    Depends only on the ints given; the result fits in 53 bits, so it survives JSON
    in any language.
    """
    x = _mix64((seed + GOLDEN) & M64)
    for part in path:
        x = _mix64((x + GOLDEN + _mix64(part & M64)) & M64)
    return x >> 11
