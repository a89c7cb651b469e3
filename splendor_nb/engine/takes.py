"""R-TAKE3 and R-TAKE2: the takes a supply allows, their moves, and why a take is refused.

Three tokens of different colours (fewer only when fewer colours remain), or two of one colour
whose pile holds at least 4 before taking; never gold. All that decides it is the supply's
*shape*: per gem colour, no token, some, or at least 4.

>>> [TAKE_GEMS[i] for i in takes(supply_shape((2, 0, 4, 0, 0, 5)))[IDS]]
[(1, 0, 1, 0, 0, 0), (0, 0, 2, 0, 0, 0)]
"""

from __future__ import annotations

from itertools import chain, combinations
from typing import Final

from splendor_nb.cards import GEMS, GOLD
from splendor_nb.engine.counts import Memo, gem_counts, plus
from splendor_nb.engine.returns import RETURN_PICKERS, by_return, return_key, variants
from splendor_nb.moves import NO_TOKENS, IllegalMoveError, Move
from splendor_nb.rules import TAKE2_COUNT, TAKE2_MIN_SUPPLY, TAKE3_COUNT

SHAPE_CODES = bytes(0 if n == 0 else 2 if n >= TAKE2_MIN_SUPPLY else 1 for n in range(256))
"""``bytes(supply).translate(SHAPE_CODES)`` is the supply's shape: per colour, 0 for no token,
1 for some (R-TAKE3), 2 for enough to take two (R-TAKE2)."""


def supply_shape(supply: tuple[int, ...]) -> bytes:
    """The shape of a supply (see ``SHAPE_CODES``)."""
    return bytes(supply).translate(SHAPE_CODES)


TAKE_GEMS: tuple[tuple[int, ...], ...] = tuple(
    gem_counts(colours) for count in range(TAKE3_COUNT, 0, -1)
    for colours in combinations(range(5), count)
) + tuple(gem_counts((i,) * TAKE2_COUNT) for i in range(5))
"""Every take there may be: different colours (R-TAKE3), then two of one (R-TAKE2). A take's
id is its index here."""
_TAKE_IDS = {gems: i for i, gems in enumerate(TAKE_GEMS)}
Takes = tuple[tuple[int, ...], dict[tuple[int, ...], int], tuple[Move, ...]]
"""The legal takes of a supply shape: see :func:`takes`."""


def takes(shape: bytes) -> Takes:
    """The legal takes from a supply of this shape: at ``IDS`` their ids in ``TAKE_GEMS``, at
    ``LEGAL`` the gems they take, each with its count of tokens (R-LIMIT10 counts them), at
    ``PLAIN`` their moves for a player who stays within 10 tokens with no noble due.
    """
    available = [i for i in range(5) if shape[i]]
    # R-TAKE3: three different colours, or one of each colour left when fewer remain
    different = [gem_counts(c) for c in combinations(available, min(TAKE3_COUNT, len(available)))
                 if available]
    # R-TAKE2: two of a colour with at least TAKE2_MIN_SUPPLY in its pile
    pairs = [gem_counts((i,) * TAKE2_COUNT) for i in range(5) if shape[i] == 2]
    gems = (*different, *pairs)
    ids = tuple(map(_TAKE_IDS.__getitem__, gems))
    plain = tuple(chain.from_iterable(map(TAKE_TABLES[NO_TOKENS].__getitem__, ids)))
    return ids, {taken: sum(taken) for taken in gems}, plain


IDS: Final = 0
LEGAL: Final = 1
PLAIN: Final = 2
_SHAPES = 3 ** 6
TAKES = Memo(takes, _SHAPES)
"""The legal takes per supply shape; there are only ``3 ** 6`` shapes, so it never forgets.
Keyed by the shape, not by the supply itself: a table of every supply met (some 13,000 in a
few hundred 4-player games) saved instructions but ran slower, as it does not stay in the
processor's cache (docs/performance.md, 4 December 2026)."""


class TakeTable(dict[int, tuple[Move, ...]]):
    """For one hand of tokens (and the nobles due): each take's moves, with every way to
    return tokens above 10 (R-LIMIT10) and every noble that may visit (R-NOBLE), by take id,
    made when first asked."""

    def __init__(self, tokens: tuple[int, ...], due: tuple[str, ...]) -> None:
        super().__init__()
        self.held = tokens
        self.due = due

    def __missing__(self, take: int) -> tuple[Move, ...]:
        gems = TAKE_GEMS[take]
        hand = plus(self.held, gems)
        if self.due:
            moves = self[take] = variants("take", gems, None, None, hand, self.due)
        else:  # many hands share a return key: their moves are made once
            moves = self[take] = TAKE_MOVES[take, return_key(hand)]
        return moves


TAKE_TABLES: Memo[tuple[int, ...], TakeTable] = Memo(lambda tokens: TakeTable(tokens, ()),
                                                     1 << 14)
"""Per hand of tokens, no noble due: its :class:`TakeTable`."""
TAKE_TABLES_WITH_NOBLES: Memo[tuple[tuple[int, ...], tuple[str, ...]], TakeTable] = Memo(
    lambda key: TakeTable(*key), 1 << 12)
"""The same per hand and nobles due (the hand is ``NO_TOKENS`` when it stays within 10)."""
TAKE_MOVES: Memo[tuple[int, bytes], tuple[Move, ...]] = Memo(
    lambda key: RETURN_PICKERS[key[1]](by_return("take", TAKE_GEMS[key[0]], None, None)),
    1 << 16)
"""Per take id and the return key of the hand after it, the take's moves, no noble due."""


def take_error(supply: tuple[int, ...], gems: tuple[int, ...]) -> IllegalMoveError:
    """Why taking ``gems`` from ``supply`` is not one of the legal takes (R-TAKE3, R-TAKE2).

    >>> print(take_error((4, 4, 3, 4, 4, 5), (0, 0, 2, 0, 0, 0)))
    R-TAKE2: green has 3 tokens in the supply; taking 2 needs 4
    """
    if gems[GOLD]:
        return IllegalMoveError("R-TAKE3", "gold_not_taken")
    count = sum(gems)
    if count == TAKE2_COUNT and TAKE2_COUNT in gems and min(gems) == 0:
        colour = gems.index(TAKE2_COUNT)
        return IllegalMoveError("R-TAKE2", "take2_supply", colour=GEMS[colour],
                                count=supply[colour], take=TAKE2_COUNT, need=TAKE2_MIN_SUPPLY)
    if count > TAKE3_COUNT or max(gems) > 1 or min(gems) < 0 or not count:
        return IllegalMoveError("R-TAKE3", "take_shape", three=TAKE3_COUNT, two=TAKE2_COUNT)
    for i, taken in enumerate(gems[:GOLD]):
        if taken and not supply[i]:
            return IllegalMoveError("R-TAKE3", "take_empty", colour=GEMS[i])
    available = sum(1 for n in supply[:GOLD] if n)
    return IllegalMoveError("R-TAKE3", "take_width", available=available,
                            wanted=min(TAKE3_COUNT, available), count=count)
