"""Playing a game: seats, building a person's turn from clicks, the session (bots, hot seat,
take back, resign, hints, the end, rematch, what-if), turns in words, and games saved after
every turn. No widgets here: the Play widget and the terminal observe a :class:`PlaySession`.

>>> import tempfile
>>> session = PlaySession("Ann,medium", seed=1, games_dir=tempfile.mkdtemp())
>>> session.names, session.status
(('Ann', 'Medium bot'), 'Ann to move.')
"""

from splendor_nb.play.describe import describe_turn, turn_sentences
from splendor_nb.play.hint import Hint
from splendor_nb.play.outcome import Outcome, outcome
from splendor_nb.play.seats import Seat, parse_seats, seating
from splendor_nb.play.session import PlaySession
from splendor_nb.play.store import GameStore, SavedGame
from splendor_nb.play.turn import CardOffer, Refusal, TurnBuilder

__all__ = [
    "CardOffer",
    "GameStore",
    "Hint",
    "Outcome",
    "PlaySession",
    "Refusal",
    "SavedGame",
    "Seat",
    "TurnBuilder",
    "describe_turn",
    "outcome",
    "parse_seats",
    "seating",
    "turn_sentences",
]
