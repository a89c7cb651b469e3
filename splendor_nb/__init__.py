"""splendor_nb: Splendor in Jupyter.

>>> from splendor_nb import new_game
>>> state = new_game(players=2, seed=7)
>>> state.apply(state.legal_moves()[0]).current_player
1
"""

from splendor_nb.cards import CARDS, COLOURS, GEMS, NOBLES, Card, Noble
from splendor_nb.engine import GameState, PlayerState, new_game, setup
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.replay import Replay, ReplayError

__all__ = [
    "CARDS",
    "COLOURS",
    "GEMS",
    "NOBLES",
    "Card",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Noble",
    "PlayerState",
    "Replay",
    "ReplayError",
    "new_game",
    "setup",
]
