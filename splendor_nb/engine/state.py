"""A position: immutable, hashable, compared by value; its views, moves and hidden information.

States are tuples underneath; ``apply`` returns a new state and never changes the old one.
The methods that do the rules' work live in their own modules: ``legal`` (legal moves),
``play`` (applying a move), ``hidden`` (what a player may see).

>>> from splendor_nb.engine import new_game
>>> state = new_game(players=2, seed=7)
>>> state.supply["red"], len(state.nobles), state.current_player
(4, 3, 0)
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from splendor_nb.cards import CARD_BY_ID, COLOURS, Card, Noble
from splendor_nb.engine import hidden, legal, play
from splendor_nb.engine.records import PlayerState, TurnEffects
from splendor_nb.moves import Move
from splendor_nb.rules import REPEAT_LIMIT

Position = tuple[tuple[PlayerState, ...], int]
"""What R-REPEAT compares: the players and who is to move (between turns that can be undone,
only the players' tokens change, and the supply with them)."""


class _Fields(NamedTuple):
    """A position's fields, in order: ``apply`` and ``legal_moves`` unpack them."""

    players: tuple[PlayerState, ...]
    supply_counts: tuple[int, ...]
    market_rows: tuple[tuple[Card | None, ...], ...]
    decks: tuple[tuple[Card, ...], ...]
    nobles: tuple[Noble, ...]
    current_player: int = 0
    turn: int = 0
    """Turns played so far."""
    passes: int = 0
    """Consecutive passes just before this position (R-PASS)."""
    over: bool = False
    record: tuple[object, ...] | None = None
    """What the last turn did, in the fields of :class:`TurnEffects` (read ``last_turn``)."""
    seed: int | None = None
    repeats: tuple[Position, ...] = ()
    """R-REPEAT: the positions since the last turn that cannot be undone, as (players, player
    to move); empty when that turn was the last one."""


class GameState(_Fields):
    """A position. Build one with ``new_game`` or ``setup``; move on with :meth:`apply`.

    ``decks`` hold each tier's face-down cards with the top card last. ``market_rows`` hold the
    face-up cards by slot, ``None`` for a slot left empty (R-REFILL).
    """

    __slots__ = ()
    legal_moves = legal.legal_moves
    apply = play.apply
    player_view = hidden.player_view
    determinize = hidden.determinize

    @property
    def supply(self) -> dict[str, int]:
        """Tokens in the supply, per colour (gold included)."""
        return dict(zip(COLOURS, self.supply_counts, strict=True))

    @property
    def market(self) -> dict[int, tuple[Card | None, ...]]:
        """Face-up cards per tier 1..3, by slot; ``None`` marks an empty slot."""
        return {tier: row for tier, row in enumerate(self.market_rows, start=1)}

    @property
    def scores(self) -> tuple[int, ...]:
        """Prestige points per player."""
        return tuple(p.points for p in self.players)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R-END-TRIGGER, or R-PASS by everyone)."""
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players' indices (several on a shared victory); empty while playing.

        R-END-WIN: most points, then fewest purchased cards; still tied, the victory is shared.
        """
        if not self.over:
            return ()
        best = max((p.points, -len(p.cards)) for p in self.players)
        return tuple(i for i, p in enumerate(self.players) if (p.points, -len(p.cards)) == best)

    @property
    def end_rule(self) -> str | None:
        """The rule that ended the game: ``"R-END-TRIGGER"``, ``"R-PASS"`` (a round of passes)
        or ``"R-REPEAT"`` (a position seen three times); ``None`` while playing."""
        if not self.over:
            return None
        if self.passes >= len(self.players):
            return "R-PASS"
        if self.repeats and self.repeats.count(self.repeats[-1]) >= REPEAT_LIMIT:
            return "R-REPEAT"
        return "R-END-TRIGGER"

    @property
    def round(self) -> int:
        """The round being played, from 1 (a round is one turn of every player)."""
        return self.turn // len(self.players) + 1

    @property
    def last_turn(self) -> TurnEffects | None:
        """What the last turn did: tokens taken, paid and returned, the card and the slot it
        left, the card drawn, the noble (``None`` at the setup)."""
        return None if self.record is None else TurnEffects._make(self.record)

    @property
    def last_move(self) -> Move | None:
        """The last turn's move, the visiting noble named (``None`` at the setup)."""
        return None if self.record is None else self.record[_MOVE]  # type: ignore[return-value]

    @property
    def last_drawn(self) -> Card | None:
        """The card revealed from a deck during the last turn (a refill or a blind reserve)."""
        return None if self.record is None else self.record[_DRAWN]  # type: ignore[return-value]

    def __repr__(self) -> str:
        status = "over" if self.over else f"player {self.current_player} to move"
        return (f"<GameState {len(self.players)} players, turn {self.turn}, {status}, "
                f"scores {'-'.join(map(str, self.scores))}>")

    def _repr_html_(self) -> str:
        from splendor_nb.render import board_html  # display only: the engine stays Jupyter-free

        return board_html(self)

    def card_location(self, card_id: str) -> str:
        """Where a card is: ``"market"``, ``"deck"``, ``"reserved by player N"`` or ``"bought by
        player N"``, seats counted from 1 as a person counts them.

        >>> from splendor_nb.engine import new_game
        >>> new_game(seed=1).card_location(new_game(seed=1).market_rows[0][0].id)
        'market'
        """
        card = CARD_BY_ID[card_id]
        if any(card in row for row in self.market_rows):
            return "market"
        for i, player in enumerate(self.players):
            if card in player.reserved:
                return f"reserved by player {i + 1}"
            if card in player.cards:
                return f"bought by player {i + 1}"
        return "deck"


_MOVE = TurnEffects._fields.index("move")
_DRAWN = TurnEffects._fields.index("drawn")

# A game loop asks ``is_over`` after every move: read the field in C, without a Python call.
GameState.is_over = property(  # type: ignore[assignment]
    itemgetter(GameState._fields.index("over")), doc=GameState.is_over.__doc__)
