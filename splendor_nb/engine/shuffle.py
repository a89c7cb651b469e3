"""The shuffle (R-SETUP-MARKET): Fisher-Yates driven by splitmix64, the same on every machine
and Python version, so a seed always deals the same game.

>>> shuffled(range(6), seed=7, stream=1)
[0, 4, 3, 5, 2, 1]
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def shuffled(items: Sequence[T], seed: int, stream: int) -> list[T]:
    """``items`` shuffled by ``seed``; each ``stream`` (a tier's deck, the nobles) draws apart.

    The draws don't depend on each other, so all of them are computed at once, in 64-bit lanes
    of one integer spaced 128 bits apart (products stay in their lane).
    """
    order = list(items)
    count = len(order) - 1
    if count < 1:
        return order
    ones, steps, low = _lanes(count)
    start = (seed * _GOLDEN_GAMMA + stream * _MIX1 + 1) & _MASK
    z = (start * ones + _GOLDEN_GAMMA * steps) & low  # lane k: the state after k + 1 steps
    z = ((z ^ ((z >> 30) & low)) * _MIX1) & low
    z = ((z ^ ((z >> 27) & low)) * _MIX2) & low
    z ^= (z >> 31) & low
    draws = struct.unpack(f"<{2 * count}Q", z.to_bytes(16 * count, "little"))[::2]
    for i, draw in zip(range(count, 0, -1), draws, strict=True):
        j = draw % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@cache
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes: 1 in each, k + 1 in lane k, and the low 64 bits of each set."""
    ones = sum(1 << (128 * k) for k in range(count))
    return ones, sum((k + 1) << (128 * k) for k in range(count)), ones * _MASK
