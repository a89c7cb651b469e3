"""Where a move is in a replay's move tree (:data:`MovePath`), as numbers and as text.

>>> parse_path(format_path((12, 1, 3)))
(12, 1, 3)
>>> position_before((12, 1, 1)), turn_number((12, 1, 3)), path_in_words((12, 1, 3))
((11,), 14, 'turn 12, variation 1, move 3 (turn 14)')
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_NESTING = 50
"""Variations nested deeper than this (a variation in a variation in ...) are refused: a person
nests a few, and reading them walks the tree recursively."""

MovePath = tuple[int, ...]
"""Where a move is in the move tree. ``(n,)`` is turn ``n`` of the main line (1 = the first
move); ``(n, v, m)`` the ``m``-th move of the ``v``-th variation under it (its first move is
played instead of turn ``n``); ``(n, v, m, w, k)`` the ``k``-th move of variation ``w`` under
that one, and so on. ``()`` is the setup. Everything counts from 1; as text, ``12.1.3``."""


def format_path(path: MovePath) -> str:
    """A :data:`MovePath` as text, the numbers joined by dots (``""`` for the setup).

    >>> format_path((12, 1, 3)), format_path(())
    ('12.1.3', '')
    """
    return ".".join(map(str, path))


def parse_path(text: str) -> MovePath:
    """The :data:`MovePath` written by :func:`format_path`; a ValueError for other text (it
    may still name no move of a given replay:
    :meth:`~splendor_nb.replay.Replay.node` says so).

    >>> parse_path("12.1.3"), parse_path("7"), parse_path("")
    ((12, 1, 3), (7,), ())
    >>> parse_path("12.1")
    Traceback (most recent call last):
    ...
    ValueError: '12.1' is not a move's path: numbers from 1 joined by dots, an odd count
    """
    if not text:
        return ()
    parts = text.split(".")
    if len(parts) % 2 == 0 or not all(part.isdigit() and part[0] != "0" and len(part) < 10
                                       for part in parts):
        raise ValueError(f"{text!r} is not a move's path: numbers from 1 joined by dots, "
                         "an odd count")
    return tuple(map(int, parts))


def as_path(at: int | Sequence[int]) -> MovePath:
    """``at`` as a :data:`MovePath`: a turn number is a main-line move (0: the setup)."""
    if isinstance(at, int):
        return (at,) if at else ()
    path = tuple(at)
    if (len(path) % 2 == 0 and path) or not all(type(n) is int and n >= 1 for n in path):
        raise IndexError(f"{path!r} is not a move's path (numbers from 1, an odd count)")
    return path


def line_head(path: MovePath) -> MovePath:
    """The move of the line that a variation's first move is played instead of (itself for
    any other move): where the alternatives from one position are kept."""
    while len(path) > 1 and path[-1] == 1:
        path = path[:-2]
    return path


def position_before(path: MovePath) -> MovePath:
    """The position before the move at ``path``: a variation's first move is played from where
    the move it replaces was."""
    path = line_head(path)
    return (*path[:-1], path[-1] - 1) if path and path[-1] > 1 else ()


def turn_number(path: MovePath) -> int:
    """The game's turn number of the move at ``path``: a variation's first move has the number
    of the move it replaces."""
    return path[0] + sum(index - 1 for index in path[2::2])


def path_in_words(path: MovePath) -> str:
    """``turn 5``, or ``turn 5, variation 1, move 2 (turn 6)`` for a variation's move."""
    if len(path) == 1:
        return f"turn {path[0]}"
    steps = ", ".join(f"variation {path[k]}, move {path[k + 1]}" for k in range(1, len(path), 2))
    return f"turn {path[0]}, {steps} (turn {turn_number(path)})"

