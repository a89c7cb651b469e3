"""The rules engine: immutable game states, legal moves, applying a move, scoring.

Every rule cited here is in docs/rules.md by id; its numbers are in :mod:`splendor_nb.rules`.
A module per concern: ``state`` (the position and its views), ``setup`` (new games), ``legal``
(legal moves), ``play`` (applying a move), one module per rule family (``takes``, ``buying``,
``returns``, ``nobles``), ``hidden`` (hidden information), ``shuffle``, and ``reference``, a plain
statement of the rules that the fast engine is tested against.

>>> state = new_game(players=2, seed=7)
>>> move = Move.parse("+wbg")
>>> after = state.apply(move)
>>> after.players[0].tokens["white"], state.players[0].tokens["white"]
(1, 0)
>>> after.apply(Move.parse("+rr")).apply(Move.parse("+rr"))
Traceback (most recent call last):
...
splendor_nb.moves.IllegalMoveError: R-TAKE2: red has 2 tokens in the supply; taking 2 needs 4
"""

from splendor_nb.engine.records import PlayerState, TurnEffects
from splendor_nb.engine.setup import new_game, setup
from splendor_nb.engine.state import GameState
from splendor_nb.moves import IllegalMoveError, Move
from splendor_nb.rules import (
    GEMS_PER_PLAYERS,
    GOLD_TOKENS,
    MARKET_SLOTS,
    RESERVE_LIMIT,
    TOKEN_LIMIT,
    WINNING_POINTS,
)

__all__ = [
    "GEMS_PER_PLAYERS",
    "GOLD_TOKENS",
    "MARKET_SLOTS",
    "RESERVE_LIMIT",
    "TOKEN_LIMIT",
    "WINNING_POINTS",
    "GameState",
    "IllegalMoveError",
    "Move",
    "PlayerState",
    "TurnEffects",
    "new_game",
    "setup",
]
