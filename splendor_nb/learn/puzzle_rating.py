"""Ratings for puzzles and the learners who solve them, kept as chess puzzle sites keep theirs.

Every attempt is a game between the learner and the puzzle: solving it is a win for the
learner, failing it a win for the puzzle, and both ratings move by Glicko-2 (the ``glicko2``
package: Glickman's system, one rating period an attempt, as lichess rates its puzzles). So a
learner's rating climbs as they solve, and a puzzle that many solve drifts down to its true
difficulty. A rating is shown with its deviation, which shrinks as attempts come in.

A new puzzle's rating comes from the bots: each weaker level tried it a few times while it was
mined (:mod:`~splendor_nb.learn.puzzle_mining`), and :func:`starting_rating` finds the rating
at which a player of each bot's ladder rating would have solved it as often as the bot did.

>>> learner, puzzle = Rating(), Rating(1700.0, 200.0)
>>> after, puzzle_after = attempt(learner, puzzle, solved=True)
>>> after.rating > learner.rating, puzzle_after.rating < puzzle.rating
(True, True)
>>> after.deviation < learner.deviation
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import glicko2

START = 1500.0
"""A new learner's rating (Glicko-2's own start)."""
START_DEVIATION = 350.0
"""A new learner's rating deviation: unknown, so the first attempts move it most."""
START_VOLATILITY = 0.06
"""Glicko-2's recommended volatility for a new rating."""
PUZZLE_DEVIATION = 200.0
"""A new puzzle's deviation: its start from the bots' tries is a fair guess, not a measure."""
LEVEL_RATINGS: Mapping[str, float] = {"easy": 1000.0, "medium": 1378.0, "hard": 1628.0}
"""The weaker bots' ratings on the level ladder (docs/ai.md, from 200-game matches; easy is
its anchor), the scale a puzzle's start is read on."""
_ELO = 400.0 / math.log(10)
"""Elo's scale: a 400-point gap is odds of 10 to 1."""
_GLICKO_SCALE = _ELO
"""Glicko-2's own scale is Elo's divided by this (173.7178), as the glicko2 package has it."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the estimate, its deviation (a 95% interval is about two either
    side) and its volatility."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def expected(self, other: Rating) -> float:
        """The chance this side beats ``other`` (for a learner, of solving the puzzle
        ``other``), by Glicko-2's formula: the gap on its scale, shrunk by ``other``'s
        deviation.

        >>> round(Rating().expected(Rating()), 3), Rating(1800.0).expected(Rating()) > 0.5
        (0.5, True)
        """
        spread = other.deviation / _GLICKO_SCALE
        shrink = 1.0 / math.sqrt(1.0 + 3.0 * spread ** 2 / math.pi ** 2)
        return 1.0 / (1.0 + math.exp(-shrink * (self.rating - other.rating) / _GLICKO_SCALE))


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt, each updated against the
    other's rating from before it."""
    return (_updated(learner, puzzle, 1.0 if solved else 0.0),
            _updated(puzzle, learner, 0.0 if solved else 1.0))


def starting_rating(found: Mapping[str, tuple[int, int]]) -> float:
    """A new puzzle's rating from the weaker bots' tries: ``found`` maps a level to (tries
    that found the answer, tries). The rating maximises the likelihood of those results, each
    level playing at its :data:`LEVEL_RATINGS` rating, with one virtual win and one virtual
    loss against a player of rating :data:`START` so that a puzzle every bot solves (or none
    does) still gets a finite rating.

    >>> easy = starting_rating({"easy": (3, 3), "medium": (3, 3), "hard": (3, 3)})
    >>> hard = starting_rating({"easy": (0, 3), "medium": (0, 3), "hard": (1, 3)})
    >>> easy < 1378 < hard
    True
    """
    results = [(LEVEL_RATINGS[level], wins, tries) for level, (wins, tries) in found.items()]
    results.append((START, 1, 2))  # the virtual win and loss
    rating = START
    for _ in range(50):  # Newton's method on the log-likelihood, which is concave
        slope = curve = 0.0
        for opponent, wins, tries in results:
            solve = 1.0 / (1.0 + math.exp((rating - opponent) / _ELO))
            slope += ((tries - wins) - tries * (1.0 - solve)) / _ELO
            curve -= tries * solve * (1.0 - solve) / _ELO ** 2
        step = slope / curve
        rating -= step
        if abs(step) < 0.01:
            break
    return rating


def _player(rating: Rating) -> glicko2.Player:
    return glicko2.Player(rating.rating, rating.deviation, rating.volatility)


def _updated(side: Rating, other: Rating, outcome: float) -> Rating:
    player = _player(side)
    player.update_player([other.rating], [other.deviation], [outcome])
    return Rating(float(player.rating), float(player.rd), float(player.vol))
