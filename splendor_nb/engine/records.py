"""The records a position is made of: a player's tableau, and what the last turn did.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.moves import Move
>>> turn = new_game(seed=7).apply(Move.parse("R1g8")).last_turn
>>> turn.card.id, turn.slot, turn.gold_gained, turn.drawn is not None
('1g8', (1, 2), 1, True)
"""

from __future__ import annotations

from typing import NamedTuple

from splendor_nb.cards import COLOURS, GEMS, GOLD, Card, Noble
from splendor_nb.engine.counts import NO_BONUSES
from splendor_nb.moves import NO_TOKENS, Move


class PlayerState(NamedTuple):
    """One player's tableau. Token counts are index-aligned with ``COLOURS``."""

    token_counts: tuple[int, ...] = NO_TOKENS
    bonus_counts: tuple[int, ...] = NO_BONUSES
    cards: tuple[Card, ...] = ()
    reserved: tuple[Card, ...] = ()
    hidden: tuple[str, ...] = ()
    """Ids of the reserved cards taken blind from a deck (R-RESERVE-HIDDEN)."""
    nobles: tuple[Noble, ...] = ()
    points: int = 0

    @property
    def tokens(self) -> dict[str, int]:
        """Tokens held, per colour (gold included)."""
        return dict(zip(COLOURS, self.token_counts, strict=True))

    @property
    def bonuses(self) -> dict[str, int]:
        """Bonuses from purchased cards, per gem colour."""
        return dict(zip(GEMS, self.bonus_counts, strict=True))


class TurnEffects(NamedTuple):
    """What one turn did, recorded by ``apply`` as it happened (the board and the turn diagram
    draw it). Token counts are index-aligned with ``COLOURS``."""

    player: int
    """Who played it."""
    move: Move
    """The move, the visiting noble named."""
    taken: tuple[int, ...] = NO_TOKENS
    """Tokens from the supply: the gems of a take (R-TAKE3, R-TAKE2), a reserve's gold
    (R-RESERVE)."""
    paid: tuple[int, ...] = NO_TOKENS
    """Tokens paid for a card, gold included (R-BUY, R-BUY-GOLD)."""
    returned: tuple[int, ...] = NO_TOKENS
    """Tokens given back above 10 (R-LIMIT10)."""
    card: Card | None = None
    """The card bought or reserved; ``None`` in a view that may not see a blind reserve."""
    slot: tuple[int, int] | None = None
    """The market's (tier, slot) the card left, or ``None`` for a reserved card or a deck."""
    drawn: Card | None = None
    """The card that came off a deck: the refill (R-REFILL) or the blind reserve
    (R-RESERVE-HIDDEN)."""
    noble: Noble | None = None
    """The noble that visited (R-NOBLE)."""

    @property
    def gold_gained(self) -> int:
        """Gold tokens the turn brought (R-RESERVE: one, while the supply has any)."""
        return self.taken[GOLD]

    @property
    def points(self) -> int:
        """Prestige points the turn brought: the card bought and the noble."""
        return (self.card.points if self.move.kind == "buy" and self.card is not None else 0) \
            + (self.noble.points if self.noble is not None else 0)
