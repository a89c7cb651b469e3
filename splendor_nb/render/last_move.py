"""What the last turn changed, as the board highlights it, read from the state's record of it."""

from __future__ import annotations

from dataclasses import dataclass

from splendor_nb.engine import GameState
from splendor_nb.engine.counts import plus


@dataclass(frozen=True, slots=True)
class LastMove:
    """What the last move changed, as the board highlights it."""

    mover: int | None = None
    plus: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Tokens the mover gained, per colour (the supply lost as many)."""
    minus: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Tokens the mover gave back (paid or returned; the supply gained them)."""
    slot: tuple[int, int] | None = None
    """(tier, slot) the bought or reserved card left."""
    deck: int | None = None
    """The tier of the deck a blind reserve came from."""
    bonus: int | None = None
    """The colour index of a card just bought."""
    reserved: int | None = None
    """The index, in the mover's reserved cards, of a card just reserved."""
    noble: str | None = None
    points: int = 0
    text: str = ""


NO_LAST_MOVE = LastMove()


def last_move(state: GameState) -> LastMove:
    """The highlights of the last turn, read from what the engine recorded of it."""
    turn = state.last_turn
    if turn is None:
        return NO_LAST_MOVE
    move = turn.move
    card = turn.card
    mover = turn.player
    reserved = len(state.players[mover].reserved) - 1 if move.kind == "reserve" else None
    return LastMove(mover, turn.taken, plus(turn.paid, turn.returned), turn.slot,
                    move.tier if move.kind == "reserve" and move.card is None else None,
                    card.bonus_index if move.kind == "buy" and card is not None else None,
                    reserved, move.noble, turn.points, str(move))
