"""The ladder: a rating for every level from one round robin of two-player games.

Every pair of levels plays the same number of games (seats swapped every other game, as in
:func:`~splendor_nb.ai.simulate.tournament`). A Bradley-Terry model, fitted by maximum
likelihood, gives each level a strength ``s`` such that level ``a`` beats level ``b`` with
probability ``1 / (1 + 10 ** ((s_b - s_a) / 400))``: the Elo scale. A shared victory counts as
half a win for each side, and every pair that met counts as if it had also split one more
game (``PRIOR``), which keeps a rating finite when one level won every game. The first level
listed is pinned at ``ANCHOR``; the 95% intervals come from the curvature of the likelihood
at its peak (each level's uncertainty relative to the anchor).

>>> scores = {("hard", "easy"): (18, 2), ("hard", "medium"): (14, 6), ("medium", "easy"): (15, 5)}
>>> board = ratings(("easy", "medium", "hard"), scores)
>>> [row.level for row in board], board[0].rating < board[1].rating < board[2].rating
(['easy', 'medium', 'hard'], True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from splendor_nb.ai.model import Array
from splendor_nb.ai.simulate import TournamentResult, tournament

ANCHOR = 1000.0
"""The rating of the first level listed (the ladder's foot)."""
PRIOR = 0.5
"""Wins added each way to every pair that met: a mild pull of the ratings towards each other."""
ELO = 400 / math.log(10)
"""Elo points per unit of Bradley-Terry strength (natural log odds)."""


@dataclass(frozen=True)
class Rating:
    """A level's rating on the Elo scale, with its 95% interval."""

    level: str
    rating: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.level:>7} {self.rating:6.0f}  95% CI [{self.low:.0f}, {self.high:.0f}]"


def ratings(levels: Sequence[str], scores: Mapping[tuple[str, str], tuple[float, float]],
            z: float = 1.96) -> list[Rating]:
    """Bradley-Terry ratings from ``scores[(a, b)] = (a's wins, b's wins)`` (halves for shared
    victories), ``levels[0]`` pinned at :data:`ANCHOR`.

    >>> [round(r.rating) for r in ratings(("a", "b"), {("b", "a"): (3, 1)})]
    [1000, 1147]
    """
    index = {level: i for i, level in enumerate(levels)}
    n = len(levels)
    wins = np.zeros((n, n))
    for (a, b), (won, lost) in scores.items():
        wins[index[a], index[b]] += won + PRIOR
        wins[index[b], index[a]] += lost + PRIOR
    games = wins + wins.T
    strength = np.zeros(n)
    for _ in range(200):  # Newton's method on the log-likelihood, levels[0] held at 0
        gradient, hessian = _derivatives(strength, wins, games)
        step = np.linalg.solve(hessian[1:, 1:] - 1e-9 * np.eye(n - 1), gradient[1:])
        strength[1:] -= step
        if np.abs(step).max() < 1e-10:
            break
    _, hessian = _derivatives(strength, wins, games)
    variance = np.zeros(n)
    variance[1:] = np.diag(np.linalg.inv(-hessian[1:, 1:]))
    half = z * np.sqrt(variance) * ELO
    centre = [ANCHOR + float(s) * ELO for s in strength]
    return [Rating(level, centre[i], centre[i] - float(half[i]), centre[i] + float(half[i]))
            for i, level in enumerate(levels)]


def _derivatives(strength: Array, wins: Array, games: Array
                 ) -> tuple[Array, Array]:
    """The log-likelihood's gradient and Hessian in the strengths."""
    chance = 1 / (1 + np.exp(strength[None, :] - strength[:, None]))  # i beats j
    gradient = (wins - games * chance).sum(axis=1)
    weight = games * chance * (1 - chance)
    hessian = weight - np.diag(weight.sum(axis=1))
    return gradient, hessian


@dataclass(frozen=True)
class Ladder:
    """A round robin's matches and the ratings they give."""

    matches: tuple[TournamentResult, ...]
    ratings: tuple[Rating, ...]

    def __str__(self) -> str:
        lines = [str(match) for match in self.matches]
        lines.append("ratings (Bradley-Terry, Elo scale, "
                     f"{self.ratings[0].level} pinned at {ANCHOR:.0f}):")
        lines.extend(f"  {rating}" for rating in sorted(self.ratings, key=lambda r: -r.rating))
        return "\n".join(lines)


def ladder(levels: Sequence[str], games: int, seed: int = 0, executor: Executor | None = None,
           progress: bool = True, workers: int | None = None) -> Ladder:
    """Play ``games`` games between every pair of ``levels`` and rate them.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:
    ...     board = ladder(("easy", "medium"), 2, seed=1, executor=pool, progress=False)
    >>> [r.level for r in board.ratings], board.matches[0].games
    (['easy', 'medium'], 2)
    """
    matches = []
    scores: dict[tuple[str, str], tuple[float, float]] = {}
    for pair, (a, b) in enumerate(combinations(levels, 2)):
        result = tournament(b, a, games, seed=seed * 1000 + pair, executor=executor,
                            progress=progress, workers=workers)
        matches.append(result)
        scores[(b, a)] = (result.wins[0] + result.draws / 2, result.wins[1] + result.draws / 2)
    return Ladder(tuple(matches), tuple(ratings(levels, scores)))
