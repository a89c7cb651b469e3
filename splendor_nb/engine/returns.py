"""R-LIMIT10: every way to give tokens back down to 10, and checking the way a move chose.

A player above 10 tokens at the end of a turn returns tokens of their choice (gold and tokens
just taken included) until holding exactly 10. A turn adds at most 3 tokens, so at most 3 go
back: every return is one of ``ALL_RETURNS``.

>>> returns((0, 0, 0, 0, 10, 1))
((0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement, compress
from operator import itemgetter

from splendor_nb.cards import COLOURS
from splendor_nb.engine.counts import Memo, gem_counts, plus
from splendor_nb.moves import IllegalMoveError, Move, MoveKind
from splendor_nb.rules import MOST_TOKENS_GAINED, TOKEN_LIMIT

ALL_RETURNS: tuple[tuple[int, ...], ...] = tuple(
    gem_counts(colours) for count in range(MOST_TOKENS_GAINED + 1)
    for colours in combinations_with_replacement(range(6), count))
"""Every return of up to 3 tokens, in a fixed order (the order ``legal_moves`` lists them)."""
_RETURNS_OF_SIZE = tuple(tuple(i for i, returned in enumerate(ALL_RETURNS) if sum(returned) == n)
                         for n in range(MOST_TOKENS_GAINED + 1))


def returns(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every multiset of tokens that brings ``hand`` down to exactly 10 (R-LIMIT10)."""
    return tuple(map(ALL_RETURNS.__getitem__, returns_within(return_key(hand))))


def return_key(hand: tuple[int, ...]) -> bytes:
    """All that the returns from ``hand`` depend on (R-LIMIT10): how many tokens go back, then
    each colour's count capped at that; empty when the hand stays within 10.

    >>> return_key((0, 0, 0, 0, 10, 1)), return_key((2, 2, 2, 2, 2, 0))
    (b'\\x01\\x00\\x00\\x00\\x00\\x01\\x01', b'')
    """
    excess = sum(hand) - TOKEN_LIMIT
    if excess <= 0:
        return b""
    return bytes((excess, *hand)).translate(_CAPPED_AT[excess])


_CAPPED_AT = tuple(bytes(min(n, cap) for n in range(256)) for cap in range(MOST_TOKENS_GAINED + 1))
"""``bytes(hand).translate(_CAPPED_AT[cap])``: each colour's count, at most ``cap``."""


def returns_within(key: bytes) -> tuple[int, ...]:
    """The returns that a :func:`return_key` allows, as indices into ``ALL_RETURNS``.

    Every return is checked at once, as in ``buying.verdicts``: ``_RETURN_FITS`` give, per colour
    and cap, an integer with a byte per return of that size, 1 where it fits under the cap.

    >>> [ALL_RETURNS[i] for i in returns_within(bytes((2, 0, 0, 0, 0, 2, 1)))]
    [(0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 1, 1)]
    """
    if not key:
        return (0,)  # nothing goes back
    excess, w, b, g, r, k, y = key
    white, blue, green, red, black, gold = _RETURN_FITS[excess]
    of_size = _RETURNS_OF_SIZE[excess]
    fits = white[w] & blue[b] & green[g] & red[r] & black[k] & gold[y]
    return tuple(compress(of_size, fits.to_bytes(len(of_size), "little")))


_RETURN_FITS = tuple(
    tuple(tuple(sum(1 << (8 * j) for j, i in enumerate(of_size) if ALL_RETURNS[i][colour] <= cap)
                for cap in range(excess + 1))
          for colour in range(6))
    for excess, of_size in enumerate(_RETURNS_OF_SIZE))
"""Per return size, colour and cap: which returns of that size fit, a byte per return."""


@cache
def by_return(kind: MoveKind, gems: tuple[int, ...], card: str | None, tier: int | None
              ) -> tuple[Move, ...]:
    """One action with each return of ``ALL_RETURNS``, in that order, no noble."""
    return tuple(Move(kind, gems, card, tier, returned, None) for returned in ALL_RETURNS)


def return_picker(key: bytes) -> Callable[[tuple[Move, ...]], tuple[Move, ...]]:
    """Picks, out of a :func:`by_return` table, the moves that a :func:`return_key` allows."""
    indices = returns_within(key)
    if len(indices) == 1:
        return itemgetter(slice(indices[0], indices[0] + 1))
    return itemgetter(*indices)


RETURN_PICKERS = Memo(return_picker, 1 << 14)
"""Per :func:`return_key` (a few thousand at most), its return picker."""


def variants(kind: MoveKind, gems: tuple[int, ...], card: str | None, tier: int | None,
             hand: tuple[int, ...], due: tuple[str, ...]) -> tuple[Move, ...]:
    """One action with every way to return tokens above 10 (R-LIMIT10) and every noble that may
    visit (R-NOBLE), for a player who will hold ``hand``.

    >>> [str(m) for m in variants("take", (1, 1, 1, 0, 0, 0), None, None, (3, 3, 3, 2, 0, 0),
    ...                           ("N4",))][:2]
    ['+wbg -w N4', '+wbg -b N4']
    """
    return tuple(Move(kind, gems, card, tier, returned, noble)
                 for returned in returns(hand) for noble in due)


def check_returns(kept: tuple[int, ...], returned: tuple[int, ...]) -> None:
    """Raise the error that fits if ``returned`` does not bring the hand down to exactly 10
    (R-LIMIT10); ``kept`` is what the player holds after returning them.

    >>> check_returns((2, 3, 3, 2, 0, 0), (1, 0, 0, 0, 0, 0))
    >>> check_returns((3, 3, 3, 2, 0, 0), (0, 0, 0, 0, 0, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splendor_nb.moves.IllegalMoveError: R-LIMIT10: the player holds 11 tokens and must return 1...
    """
    held = plus(kept, returned)
    total = sum(held)
    count = sum(returned)
    if total <= TOKEN_LIMIT:
        if count:
            raise IllegalMoveError("R-LIMIT10", "return_none", count=total)
        return
    if total - count != TOKEN_LIMIT:
        raise IllegalMoveError("R-LIMIT10", "return_count", count=total,
                               excess=total - TOKEN_LIMIT, returned=count)
    if min(kept) < 0:
        i = next(i for i in range(6) if kept[i] < 0)  # the first colour returned but not held
        raise IllegalMoveError("R-LIMIT10", "return_held", count=returned[i], colour=COLOURS[i],
                               held=held[i])
