"""The expert bot's network: each player's chance of winning and a prior for every move,
learned by self-play the AlphaZero way.

One network, in numpy, serves 2, 3 and 4 players. It reads every player's row of
:func:`~splendor_nb.ai.features.features` (the same rows as the baseline's value model) and, for
the moves, a row of :data:`MOVE_NAMES` per move (what the move takes, returns, buys or
reserves, and what the card is to its player and to their opponents). Each player's row goes
through the same two ``tanh`` layers (the second one residual) to an encoding:

- **value**: each encoding's score (plus a linear part of the row); a softmax over the players
  turns the scores into win chances;
- **policy**: the mover's encoding and the strongest of the opponents' (their maximum, unit by
  unit) make a context; each move's row is added to it through one ``tanh`` layer to a score;
  a softmax over the legal moves turns the scores into priors.

Scoring each legal move instead of a fixed list of every possible move keeps the output small
in a game whose turns come in many variants (the tokens returned, R-LIMIT10; the noble,
R-NOBLE). The weights are package data (``splendor_nb/data/expert_network.npz``); the script that
learns them by self-play is ``scripts/selfplay_train.py`` (docs/ai.md).

>>> from splendor_nb import new_game
>>> state = new_game(players=3, seed=2)
>>> found = assess(state, state.legal_moves())
>>> len(found.chances), round(sum(found.chances), 6), len(found.priors) == len(state.legal_moves())
(3, 1.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from splendor_nb.ai.features import FEATURES, features
from splendor_nb.ai.heuristics import wait_turns
from splendor_nb.cards import CARD_BY_ID, GOLD
from splendor_nb.engine import GameState
from splendor_nb.moves import Move

WEIGHTS_FILE = "expert_network.npz"
"""The shipped weights' file in ``splendor_nb/data``."""
HIDDEN = 64
"""Units of a player's encoding and of a move's layer."""
WORTH_TEMPERATURE = 1.5
"""Generation 0's value: a difference of this many points of medium's worth makes a player e
(2.718...) times likelier to win (the temperature the hard bot's search was calibrated with,
when it judged positions for the review: docs/ai.md)."""
MOVE_NAMES: tuple[str, ...] = (
    "take", "reserve", "buy", "pass",
    "takes white", "takes blue", "takes green", "takes red", "takes black", "tokens taken",
    "returns white", "returns blue", "returns green", "returns red", "returns black",
    "returns gold", "noble visits",
    "tier 1", "tier 2", "tier 3", "card points",
    "white bonus", "blue bonus", "green bonus", "red bonus", "black bonus",
    "from the hand", "blind", "turns to wait", "an opponent can buy it", "tokens paid",
    "gold paid", "nobles wanting its bonus", "gold gained",
)
"""The numbers of a move's row (:func:`move_features`), in order."""
MOVE_FEATURES = len(MOVE_NAMES)
Array = npt.NDArray[np.float64]


class Network(NamedTuple):
    """The weights; :meth:`encode`, :meth:`value_scores` and :meth:`policy_scores` are the
    forward pass (``scripts/selfplay_train.py`` has the same in torch, for training)."""

    row_in: Array
    row_in_bias: Array
    row_mid: Array
    row_mid_bias: Array
    value_out: Array
    value_linear: Array
    mover_context: Array
    rival_context: Array
    context_bias: Array
    move_in: Array
    move_out: Array

    def encode(self, rows: Array) -> Array:
        """Each player's encoding (the last axis of ``rows`` holds their features)."""
        first = np.tanh(rows @ self.row_in + self.row_in_bias)
        result: Array = first + np.tanh(first @ self.row_mid + self.row_mid_bias)
        return result

    def value_scores(self, rows: Array, encoded: Array) -> Array:
        """Each player's score, whose softmax over the players is their chance of winning."""
        result: Array = encoded @ self.value_out + rows @ self.value_linear
        return result

    def policy_scores(self, encoded: Array, mover: int, moves: Array) -> Array:
        """Each move's score (``moves``: one row of :data:`MOVE_NAMES` each) for ``mover``,
        given the players' encodings of one position.

        >>> network = initial_network(np.random.default_rng(0))
        >>> rows = np.zeros((2, FEATURES))
        >>> network.policy_scores(network.encode(rows), 0, np.zeros((5, MOVE_FEATURES))).shape
        (5,)
        """
        return self.move_scores(self.context(encoded, mover), moves)

    def context(self, encoded: Array, mover: int) -> Array:
        """What the policy reads of a position: ``mover``'s encoding and the strongest of
        their opponents' (their maximum, unit by unit), through one layer."""
        rivals = np.delete(encoded, mover, axis=0).max(axis=0)
        result: Array = (encoded[mover] @ self.mover_context + rivals @ self.rival_context
                         + self.context_bias)
        return result

    def move_scores(self, context: Array, moves: Array) -> Array:
        """Each move's score in a position whose :meth:`context` is given."""
        result: Array = np.tanh(context + moves @ self.move_in) @ self.move_out
        return result


def initial_network(rng: np.random.Generator) -> Network:
    """Generation 0: small random weights, the policy flat (every legal move alike) and the
    value medium's rating, its worth turned into chances by a softmax
    (:data:`WORTH_TEMPERATURE`): the first self-play games are already sensible ones.

    >>> from splendor_nb import new_game
    >>> state = new_game(seed=1)
    >>> network = initial_network(np.random.default_rng(1))
    >>> priors = assess(state, state.legal_moves(), network).priors
    >>> max(priors) == min(priors)
    True
    """
    from splendor_nb.ai.features import NAMES

    def small(*shape: int) -> Array:
        return rng.normal(0.0, 1.0 / np.sqrt(shape[0]), shape)

    linear = np.zeros(FEATURES)
    linear[NAMES.index("worth")] = 20 / WORTH_TEMPERATURE  # the feature is the worth / 20
    return Network(
        row_in=small(FEATURES, HIDDEN), row_in_bias=np.zeros(HIDDEN),
        row_mid=small(HIDDEN, HIDDEN), row_mid_bias=np.zeros(HIDDEN),
        value_out=np.zeros(HIDDEN), value_linear=linear,
        mover_context=small(HIDDEN, HIDDEN), rival_context=small(HIDDEN, HIDDEN),
        context_bias=np.zeros(HIDDEN), move_in=small(MOVE_FEATURES, HIDDEN),
        move_out=np.zeros(HIDDEN))


def save_network(network: Network, path: str | Path) -> None:
    """Write the weights to ``path`` (a compressed .npz of float32 arrays)."""
    np.savez_compressed(path, **{name: np.asarray(array, dtype=np.float32)  # type: ignore[arg-type]
                                 for name, array in network._asdict().items()})


def read_network(path: str | Path) -> Network:
    """The weights written by :func:`save_network`."""
    with np.load(path) as stored:
        return Network(*(np.asarray(stored[name], dtype=np.float64)
                         for name in Network._fields))


@lru_cache(maxsize=8)
def network_in(path: str | Path) -> Network:
    """The weights of the file ``path`` (a training run's generation), read on the first call
    for it in a process."""
    return read_network(path)


@lru_cache(maxsize=1)
def shipped_network() -> Network:
    """The package's weights, read on the first call.

    >>> shipped_network().row_in.shape == (FEATURES, HIDDEN)
    True
    """
    with resources.files("splendor_nb.data").joinpath(WEIGHTS_FILE).open("rb") as file:
        return read_network(file)  # type: ignore[arg-type]


def move_features(state: GameState, moves: Sequence[Move]) -> Array:
    """One row of :data:`MOVE_NAMES` per move of the player to move in ``state``, each number
    about 0..1. It reads only what that player sees: a blind reserve (R-RESERVE-HIDDEN) is its
    tier alone.

    >>> from splendor_nb import new_game
    >>> state = new_game(seed=3)
    >>> rows = move_features(state, [Move.parse("+wbg"), Move.parse("+rr")])
    >>> rows.shape == (2, MOVE_FEATURES), float(rows[1][MOVE_NAMES.index("takes red")])
    (True, 1.0)
    """
    mover = state.current_player
    player = state.players[mover]
    bonuses = player.bonus_counts
    tokens = player.token_counts
    supply = state.supply_counts
    rivals = [p for i, p in enumerate(state.players) if i != mover]
    wanted = [sum(1 for noble in state.nobles if noble.needs[k] > bonuses[k]) for k in range(5)]
    hand = {card.id for card in player.reserved}
    gold_left = 1.0 if supply[GOLD] > 0 else 0.0  # R-RESERVE: a gold with the card, if any
    cards: dict[str, list[float]] = {}
    rows: list[Sequence[float]] = []
    for move in moves:
        if move.card is None:  # its row is the move's alone, but for the gold of a reserve
            known = _CARDLESS_ROWS.get((move, gold_left))
            if known is None:
                known = _CARDLESS_ROWS[move, gold_left] = _cardless_row(move, gold_left)
            rows.append(known)
            continue
        row = _move_part(move)
        card_part = cards.get(move.card)
        if card_part is None:
            card = CARD_BY_ID[move.card]
            colour = [0.0] * 5
            colour[card.bonus_index] = 1.0
            tiers = [0.0, 0.0, 0.0]
            tiers[card.tier - 1] = 1.0
            card_part = cards[move.card] = [
                *tiers, card.points / 5, *colour, 1.0 if card.id in hand else 0.0, 0.0,
                min(wait_turns(card, tokens, bonuses, supply), 5) / 5,
                1.0 if any(wait_turns(card, p.token_counts, p.bonus_counts, supply) == 0
                           for p in rivals) else 0.0]
        row += card_part
        if move.kind == "buy":
            paid = move.payment if move.payment is not None else _default_payment(
                CARD_BY_ID[move.card].costs, bonuses, tokens)
            row += (sum(paid) / 10, paid[GOLD] / 5)
        else:
            row += (0.0, 0.0)
        row.append(wanted[CARD_BY_ID[move.card].bonus_index] / 3)
        row.append(gold_left if move.kind == "reserve" else 0.0)
        rows.append(row)
    return np.array(rows, dtype=np.float64).reshape(len(moves), MOVE_FEATURES)


def _move_part(move: Move) -> list[float]:
    """The numbers of a move's row that are the move's own: its kind, the tokens it takes
    and returns, a noble's visit."""
    row = [0.0] * 4
    row[_KINDS[move.kind]] = 1.0
    gems = move.gems
    returned = move.returned
    row += (gems[0] / 2, gems[1] / 2, gems[2] / 2, gems[3] / 2, gems[4] / 2, sum(gems) / 3,
            returned[0] / 3, returned[1] / 3, returned[2] / 3, returned[3] / 3,
            returned[4] / 3, returned[5] / 3, 0.0 if move.noble is None else 1.0)
    return row


def _cardless_row(move: Move, gold_left: float) -> tuple[float, ...]:
    """The row of a move without a card: a take, a pass, a blind reserve (its tier alone)."""
    tiers = [0.0, 0.0, 0.0]
    if move.tier is not None:
        tiers[move.tier - 1] = 1.0
    return (*_move_part(move), *tiers, *(_NO_CARD if move.tier is None else _BLIND),
            gold_left if move.kind == "reserve" else 0.0)


_CARDLESS_ROWS: dict[tuple[Move, float], tuple[float, ...]] = {}
"""The rows of the moves without a card seen so far (moves are interned: a few thousand)."""


_KINDS = {"take": 0, "reserve": 1, "buy": 2, "pass": 3}
_NO_CARD = (0.0,) * 13
"""A move without a card: from "card points" to "nobles wanting its bonus"."""
_BLIND = (0.0,) * 7 + (1.0,) + (0.0,) * 5
"""A blind reserve: its tier alone is known (R-RESERVE-HIDDEN); "blind" set."""


def _default_payment(costs: Sequence[int], bonuses: Sequence[int], tokens: Sequence[int]
                     ) -> tuple[int, ...]:
    """The tokens a purchase pays when no payment is named: gems first, gold for the rest
    (R-BUY, R-BUY-GOLD)."""
    gems = [min(max(0, costs[k] - bonuses[k]), tokens[k]) for k in range(5)]
    gold = sum(max(0, costs[k] - bonuses[k]) for k in range(5)) - sum(gems)
    return (*gems, gold)


def softmax(scores: Array) -> Array:
    """Scores to chances along the last axis.

    >>> softmax(np.array([1.0, 1.0])).tolist()
    [0.5, 0.5]
    """
    shifted = np.exp(scores - scores.max(axis=-1, keepdims=True))
    result: Array = shifted / shifted.sum(axis=-1, keepdims=True)
    return result


class Assessment(NamedTuple):
    """What the network makes of a position (:func:`assess`)."""

    chances: list[float]
    """Every player's chance of winning."""
    priors: list[float]
    """The prior of each move asked about: the softmax of their scores."""
    context: Array
    """The policy's :meth:`Network.context` of the position."""
    log_total: float
    """The log of the sum of ``exp(score)`` over the moves asked about."""

    def more_priors(self, state: GameState, moves: Sequence[Move],
                    network: Network | None = None) -> list[float]:
        """The priors of further ``moves`` in ``state``, another deal of the same position
        (a deal can bring cards to the market that the first did not), on the scale of
        :attr:`priors`: each move's share as if it had been asked about with them. The
        position's context is the first deal's, so only the new moves are scored.

        >>> from splendor_nb import new_game
        >>> state = new_game(seed=3)
        >>> moves = state.legal_moves()
        >>> found = assess(state, moves[:-1])
        >>> extra = found.more_priors(state, moves[-1:])[0]
        >>> abs(extra - assess(state, moves).priors[-1] * (1 + extra)) < 1e-12
        True
        """
        network = shipped_network() if network is None else network
        scores = network.move_scores(self.context, move_features(state, moves))
        result: list[float] = np.exp(scores - self.log_total).tolist()
        return result


def assess(state: GameState, moves: Sequence[Move], network: Network | None = None
           ) -> Assessment:
    """Every player's chance of winning ``state`` (a game not over) and the prior of each of
    ``moves``, the moves of its player to move, by ``network`` (the shipped one by default)."""
    network = shipped_network() if network is None else network
    rows = np.array(features(state), dtype=np.float64)
    encoded = network.encode(rows)
    chances: list[float] = softmax(network.value_scores(rows, encoded)).tolist()
    context = network.context(encoded, state.current_player)
    if not moves:
        return Assessment(chances, [], context, 0.0)
    scores = network.move_scores(context, move_features(state, moves))
    top = float(scores.max())
    log_total = top + float(np.log(np.exp(scores - top).sum()))
    priors: list[float] = np.exp(scores - log_total).tolist()
    return Assessment(chances, priors, context, log_total)
