"""Ratings for puzzles and the learners who solve them, kept as chess puzzle sites keep theirs.

Every attempt is a game between the learner and the puzzle: solving it is a win for the
learner, failing it a win for the puzzle, and both ratings move (lichess rates its puzzles so,
with Glicko-2). The ratings here are the Weng-Lin Bayesian ratings of the ``openskill``
package (its Plackett-Luce model), the same idea as Glicko-2: each rating is an estimate and
its uncertainty (the *deviation*), both updated after every game, the estimate moving more the
more uncertain it is, and a little uncertainty added back at each game so that a rating can
still follow a learner who improves. They are set on Elo's scale (a new learner at 1500, a gap
of 400 points being odds of 10 to 1 between two certain ratings), so a puzzle's rating reads
like a chess site's. So a learner's rating climbs as they solve, and a puzzle that many solve
drifts down to its true difficulty.

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
from functools import cache

from openskill.models import PlackettLuce, PlackettLuceRating

START = 1500.0
"""A new learner's rating."""
START_DEVIATION = 350.0
"""A new learner's deviation: unknown, so the first attempts move the rating most."""
PUZZLE_DEVIATION = 200.0
"""A new puzzle's deviation: its start from the bots' tries is a fair guess, not a measure."""
LEVEL_RATINGS: Mapping[str, float] = {"easy": 1000.0, "medium": 1378.0, "hard": 1628.0}
"""The weaker bots' ratings on the level ladder (docs/ai.md, from 200-game matches; easy is
its anchor), the scale a puzzle's start is read on."""
_ELO = 400.0 / math.log(10)
"""Elo's scale: a 400-point gap is odds of 10 to 1."""
DRIFT = 3.5
"""The deviation added back at each attempt (openskill's ``tau``, its default on this scale):
a rating never freezes."""


@dataclass(frozen=True)
class Rating:
    """A rating: the estimate and its deviation (a 95% interval is about two either side)."""

    rating: float = START
    deviation: float = START_DEVIATION

    def expected(self, other: Rating) -> float:
        """The chance this side beats ``other`` (for a learner, of solving the puzzle
        ``other``): the model's own, which shrinks the gap by both deviations.

        >>> round(Rating().expected(Rating()), 3), Rating(1800.0).expected(Rating()) > 0.5
        (0.5, True)
        """
        model = _model()
        chances: list[float] = model.predict_win([[_rated(self)], [_rated(other)]])
        return chances[0]


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt."""
    model = _model()
    ranks = [0.0, 1.0] if solved else [1.0, 0.0]  # the winner ranks first
    [[after], [puzzle_after]] = model.rate([[_rated(learner)], [_rated(puzzle)]], ranks=ranks)
    return (Rating(float(after.mu), float(after.sigma)),
            Rating(float(puzzle_after.mu), float(puzzle_after.sigma)))


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


@cache
def _model() -> PlackettLuce:
    """The model on Elo's scale: two certain ratings 400 apart give odds of 10 to 1 (so
    ``beta``, each side's spread, is Elo's scale over the square root of 2)."""
    return PlackettLuce(mu=START, sigma=START_DEVIATION, beta=_ELO / math.sqrt(2), tau=DRIFT)


def _rated(rating: Rating) -> PlackettLuceRating:
    return _model().rating(mu=rating.rating, sigma=rating.deviation)
