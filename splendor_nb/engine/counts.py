"""Counts of the six token colours, and the small tuple tools the engine's hot paths share.

Token counts are tuples index-aligned with ``COLOURS``: white, blue, green, red, black, gold
(the notation's letters w, b, g, r, k, y name the unpacked variables everywhere in the engine).
Bonus counts are the first five. docs/performance.md says why these are spelled out.

>>> plus((1, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 2))
(1, 1, 0, 0, 0, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from splendor_nb.moves import NO_TOKENS

NO_BONUSES: tuple[int, ...] = (0, 0, 0, 0, 0)
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict that makes a missing value with ``make`` and starts afresh past ``size`` entries.

    The engine keeps what it derives from the recurring parts of a position (a hand of tokens,
    the supply's shape, a player's means) in these.

    >>> squares = Memo(lambda n: n * n, size=2)
    >>> squares[3], squares[4], squares[5], len(squares)
    (9, 16, 25, 1)
    """

    __slots__ = ("make", "size")

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        super().__init__()
        self.make = make
        self.size = size

    def __missing__(self, key: K) -> V:
        if len(self) >= self.size:
            self.clear()
        value = self[key] = self.make(key)
        return value


def plus(held: tuple[int, ...], added: tuple[int, ...]) -> tuple[int, ...]:
    """Two counts of the six colours added."""
    w, b, g, r, k, y = held
    dw, db, dg, dr, dk, dy = added
    return (w + dw, b + db, g + dg, r + dr, k + dk, y + dy)


def transfer(counts: tuple[int, ...], source: tuple[int, ...], target: tuple[int, ...]
             ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``source`` and ``target`` after ``counts`` of the six colours go from one to the other.

    >>> transfer((1, 0, 0, 0, 0, 2), (4, 4, 4, 4, 4, 5), (0, 1, 0, 0, 0, 0))
    ((3, 4, 4, 4, 4, 3), (1, 1, 0, 0, 0, 2))
    """
    w, b, g, r, k, y = counts
    sw, sb, sg, sr, sk, sy = source
    tw, tb, tg, tr, tk, ty = target
    return ((sw - w, sb - b, sg - g, sr - r, sk - k, sy - y),
            (tw + w, tb + b, tg + g, tr + r, tk + k, ty + y))


def exchange(gems: tuple[int, ...], returned: tuple[int, ...], supply: tuple[int, ...],
             tokens: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The supply and the player's tokens after taking ``gems`` and giving back ``returned``
    (a take's whole exchange, R-TAKE3 or R-TAKE2 then R-LIMIT10).

    >>> exchange((1, 1, 1, 0, 0, 0), (0, 0, 0, 0, 0, 1), (4, 4, 4, 4, 4, 4), (3, 3, 0, 0, 0, 1))
    ((3, 3, 3, 4, 4, 5), (4, 4, 1, 0, 0, 0))
    """
    w, b, g, r, k, y = gems
    rw, rb, rg, rr, rk, ry = returned
    sw, sb, sg, sr, sk, sy = supply
    tw, tb, tg, tr, tk, ty = tokens
    return ((sw - w + rw, sb - b + rb, sg - g + rg, sr - r + rr, sk - k + rk, sy - y + ry),
            (tw + w - rw, tb + b - rb, tg + g - rg, tr + r - rr, tk + k - rk, ty + y - ry))


def gem_counts(colours: tuple[int, ...]) -> tuple[int, ...]:
    """Token counts from a list of colour indices; none gives ``NO_TOKENS`` itself, which
    ``apply`` tests by identity to know that nothing goes back (R-LIMIT10).

    >>> gem_counts((0, 0, 5))
    (2, 0, 0, 0, 0, 1)
    """
    counts = [0] * 6
    for colour in colours:
        counts[colour] += 1
    return tuple(counts) if colours else NO_TOKENS


def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``index``.

    >>> with_item((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    copy = list(items)
    copy[index] = value
    return tuple(copy)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` without ``item``, which is among them.

    >>> without(("1w1", "2b3", "3k1"), "2b3")
    ('1w1', '3k1')
    """
    at = items.index(item)
    return items[:at] + items[at + 1:]


new_tuple = tuple.__new__
"""Builds a NamedTuple from a tuple of all its fields, without its argument handling."""
