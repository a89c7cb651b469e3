"""A position: immutable, hashable, compared by position; its views, moves and hidden information.

States are tuples underneath; ``apply`` returns a new state and never changes the old one.
The methods that do the rules' work delegate to their own modules: ``legal`` (legal moves),
``play`` (applying a move), ``hidden`` (what a player may see).

>>> from splendor_nb.engine import new_game
>>> state = new_game(players=2, seed=7)
>>> state.supply["red"], len(state.nobles), state.current_player
(4, 3, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import NamedTuple

from splendor_nb.cards import CARD_BY_ID, COLOURS, Card, Noble
from splendor_nb.engine import hidden, legal, play
from splendor_nb.engine.records import PlayerState, TurnEffects
from splendor_nb.moves import Move
from splendor_nb.refusals import Place, english
from splendor_nb.rules import REPEAT_LIMIT

Position = tuple[tuple[PlayerState, ...], int]
"""What R-REPEAT compares: the players and who is to move (between turns that can be undone,
only the players' tokens change, and the supply with them)."""


class _Fields(NamedTuple):
    """A position's fields, in order."""

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
    last_turn: TurnEffects | None = None
    """What the last turn did: tokens taken, paid and returned, the card and the slot it left,
    the card drawn, the noble (``None`` at the setup)."""
    seed: int | None = None
    repeats: tuple[Position, ...] = ()
    """R-REPEAT: the positions since the last turn that cannot be undone, as (players, player
    to move); empty when that turn was the last one."""


class GameState(_Fields):
    """A position. Build one with ``new_game`` or ``setup``; move on with :meth:`apply`.

    ``decks`` hold each tier's face-down cards with the top card last. ``market_rows`` hold the
    face-up cards by slot, ``None`` for a slot left empty (R-REFILL).

    Two states are equal, and hash alike, when they are the same position: the same players,
    supply, market, decks and nobles, the same player to move, and the same passes and
    positions behind it that R-PASS and R-REPEAT count, since those decide how the game may end.
    How the position was reached does not count: not the turn number, the last turn nor the
    seed. So two move orders that reach the same position give equal states.

    >>> from splendor_nb.engine import new_game
    >>> state = new_game(seed=7)
    >>> one = state.apply(Move.parse("+wbg")).apply(Move.parse("+rkw"))
    >>> one = one.apply(Move.parse("+rkb"))
    >>> other = state.apply(Move.parse("+rkb")).apply(Move.parse("+rkw"))
    >>> other = other.apply(Move.parse("+wbg"))
    >>> one == other, one.last_turn == other.last_turn, len({one, other})
    (True, False, 1)
    """

    __slots__ = ()

    def legal_moves(self) -> list[Move]:
        """Every distinct full turn for the player to move, in a stable order (see
        :mod:`splendor_nb.engine.legal`); none once the game is over.

        >>> from splendor_nb.engine import new_game
        >>> len(new_game(seed=7).legal_moves())
        30
        """
        return legal.legal_moves(self)

    def apply(self, move: Move, reveal: str | None = None) -> GameState:
        """The position after ``move``; raise :class:`~splendor_nb.moves.IllegalMoveError`
        naming the rule broken (see :mod:`splendor_nb.engine.play`).

        ``reveal`` names the card that comes off a deck during this turn (a refill or a blind
        reserve) when the deck order is not known, as when a game played on a table is typed
        in.
        """
        return play.apply(self, move, reveal)

    def apply_legal(self, move: Move) -> GameState:
        """The position after ``move``, a move that :meth:`legal_moves` gave for this position
        (or for a view of it by the player to move), nothing checked: for the searches that
        apply thousands of the moves they generated (:mod:`splendor_nb.ai`). Any other move
        goes through :meth:`apply`, which checks it first.

        >>> from splendor_nb.engine import new_game
        >>> state = new_game(seed=7)
        >>> move = state.legal_moves()[3]
        >>> state.apply_legal(move) == state.apply(move)
        True
        """
        return play._advance(self, move)

    def player_view(self, player: int) -> GameState:
        """What ``player`` may know: deck order and the others' blind reserves are hidden
        (R-RESERVE-HIDDEN; see :mod:`splendor_nb.engine.hidden`)."""
        return hidden.player_view(self, player)

    def determinize(self, player: int, seed: int) -> GameState:
        """A random position consistent with what ``player`` sees: the unseen cards
        reshuffled."""
        return hidden.determinize(self, player, seed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return _position(self) == _position(other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return _position(self) != _position(other)

    def __hash__(self) -> int:
        return hash(_position(self))

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

    # a game loop asks after every move: the field read in C, without a Python call
    is_over: bool = property(  # type: ignore[assignment]
        itemgetter(_Fields._fields.index("over")), doc="""True once the game has ended, in one
        of three ways (``end_rule`` says which): a player has reached 15 points and the round
        is finished (R-END-TRIGGER), every player has passed, one after another, in a whole
        round (R-PASS), or the same position has come for the third time with the same player
        to move (R-REPEAT, a departure from the printed rules).""")

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
    def last_move(self) -> Move | None:
        """The last turn's move, the visiting noble named (``None`` at the setup)."""
        return None if self.last_turn is None else self.last_turn.move

    @property
    def last_drawn(self) -> Card | None:
        """The card revealed from a deck during the last turn (a refill or a blind reserve)."""
        return None if self.last_turn is None else self.last_turn.drawn

    def __repr__(self) -> str:
        status = "over" if self.over else f"player {self.current_player} to move"
        return (f"<GameState {len(self.players)} players, turn {self.turn}, {status}, "
                f"scores {'-'.join(map(str, self.scores))}>")

    def _repr_html_(self) -> str:
        from splendor_nb.render import board_html  # display only: the engine stays Jupyter-free

        return board_html(self)

    def card_place(self, card_id: str) -> Place:
        """Where a card is: in the market, in a deck, reserved or bought by a player (seats
        counted from 1 as a person counts them).

        >>> from splendor_nb.engine import new_game
        >>> new_game(seed=1).card_place(new_game(seed=1).market_rows[0][0].id)
        Place(key='in_market', player=0)
        """
        card = CARD_BY_ID[card_id]
        if any(card in row for row in self.market_rows):
            return Place("in_market")
        for i, player in enumerate(self.players):
            if card in player.reserved:
                return Place("reserved_by", i + 1)
            if card in player.cards:
                return Place("bought_by", i + 1)
        return Place("in_deck")

    def card_location(self, card_id: str) -> str:
        """Where a card is, in English: ``"market"``, ``"deck"``, ``"reserved by player N"`` or
        ``"bought by player N"``.

        >>> from splendor_nb.engine import new_game
        >>> new_game(seed=1).card_location(new_game(seed=1).market_rows[0][0].id)
        'market'
        """
        place = self.card_place(card_id)
        return english(place.key, {"player": place.player})


_position: Callable[[GameState], tuple[object, ...]] = itemgetter(*map(
    _Fields._fields.index, ("players", "supply_counts", "market_rows", "decks", "nobles",
                            "current_player", "passes", "over", "repeats")))
"""What makes two states the same position (see :class:`GameState`)."""
