"""The baseline bot's value model (:mod:`splendor_nb.ai.baseline`): each player's chance of
winning a position, in numpy.

Every player's row of :func:`~splendor_nb.ai.features.features` goes through the same small
network (one hidden layer of ``tanh`` units plus a linear part) to a score; a softmax over the
players turns the scores into win chances. The weights are package data
(``splendor_nb/data/baseline_value.npz``, a few kilobytes), read once, on first use; the script
that trains them is ``scripts/train_baseline_value.py`` (docs/ai.md says how it was trained).

>>> from splendor_nb import new_game
>>> chances = win_chances([new_game(players=2, seed=3)])[0]
>>> len(chances), round(float(chances.sum()), 6)
(2, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from splendor_nb.ai.features import FEATURES, features
from splendor_nb.engine import GameState

WEIGHTS_FILE = "baseline_value.npz"
"""The weights' file in ``splendor_nb/data``."""
Array = npt.NDArray[np.float64]


class Weights(NamedTuple):
    """The network: ``score = tanh(x @ hidden + hidden_bias) @ out + x @ linear``."""

    hidden: Array
    hidden_bias: Array
    out: Array
    linear: Array

    def scores(self, rows: Array) -> Array:
        """The score of every row (the last axis holds the features).

        >>> weights = load_weights()
        >>> weights.scores(np.zeros((2, 3, weights.hidden.shape[0]))).shape
        (2, 3)
        """
        hidden = np.tanh(rows @ self.hidden + self.hidden_bias)
        result: Array = hidden @ self.out + rows @ self.linear
        return result


@lru_cache(maxsize=1)
def load_weights() -> Weights:
    """The shipped weights, read from the installed package on the first call.

    >>> load_weights().hidden.shape[0] == FEATURES
    True
    """
    with resources.files("splendor_nb.data").joinpath(WEIGHTS_FILE).open("rb") as file, \
            np.load(file) as stored:
        weights = Weights(*(np.asarray(stored[name], dtype=np.float64)
                            for name in Weights._fields))
    if weights.hidden.shape[0] != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE} reads {weights.hidden.shape[0]} features, the code "
                         f"makes {FEATURES}: retrain it with scripts/train_baseline_value.py")
    return weights


def softmax(scores: Array) -> Array:
    """Scores to chances along the last axis.

    >>> softmax(np.array([[0.0, 0.0]])).tolist()
    [[0.5, 0.5]]
    """
    shifted = np.exp(scores - scores.max(axis=-1, keepdims=True))
    result: Array = shifted / shifted.sum(axis=-1, keepdims=True)
    return result


def win_chances(states: Sequence[GameState], weights: Weights | None = None) -> Array:
    """Each player's chance of winning, one row per state (all with the same number of
    players); a finished game gives its winners equal shares.

    >>> from splendor_nb import new_game
    >>> win_chances([new_game(players=4, seed=1)]).shape
    (1, 4)
    """
    weights = load_weights() if weights is None else weights
    rows = np.array([features(state) for state in states], dtype=np.float64)
    chances = softmax(weights.scores(rows))
    for index, state in enumerate(states):
        if state.over:
            winners = state.winners
            chances[index] = [1 / len(winners) if i in winners else 0.0
                              for i in range(len(state.players))]
    return chances
