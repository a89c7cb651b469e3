"""Playing one turn: the action, then the end-of-turn checks in the rulebook's order
(R-LIMIT10, R-NOBLE, R-END-TRIGGER), recording what the turn did.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.moves import Move
>>> after = new_game(seed=7).apply(Move.parse("+wbg"))
>>> after.players[0].token_counts, after.last_turn.taken
((1, 1, 1, 0, 0, 0), (1, 1, 1, 0, 0, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor_nb.cards import CARD_BY_ID, GOLD, Card
from splendor_nb.engine.buying import checked_payment, pay
from splendor_nb.engine.counts import exchange, new_tuple, transfer, with_item, without
from splendor_nb.engine.nobles import DUE, MIN_NOBLE_CARDS, NOBLE_MASKS, NOBLE_REACH, visiting_noble
from splendor_nb.engine.records import PlayerState
from splendor_nb.engine.returns import check_returns
from splendor_nb.engine.takes import LEGAL, SHAPE_CODES, TAKES, take_error
from splendor_nb.moves import NO_TOKENS, IllegalMoveError, Move
from splendor_nb.rules import (
    REPEAT_LIMIT,
    RESERVE_GOLD,
    RESERVE_LIMIT,
    TIERS,
    TOKEN_LIMIT,
    WINNING_POINTS,
)

if TYPE_CHECKING:
    from splendor_nb.engine.state import GameState

_GOLD_ONLY = (0, 0, 0, 0, 0, RESERVE_GOLD)


def apply(self: GameState, move: Move, reveal: str | None = None) -> GameState:
    """The position after ``move``; raise :class:`IllegalMoveError` naming the rule broken.

    ``reveal`` names the card that comes off a deck during this turn (a refill or a blind
    reserve) when the deck order is not known, as when a game played on a table is typed in.
    """
    players, supply, market, decks, nobles, me, turn, passes, over, _, seed, repeats = self
    if over:
        raise _game_over(self)
    if reveal is not None:
        decks = _with_reveal(self, move, reveal)
    tokens, bonuses, cards, reserved, hidden, owned, points = players[me]
    taken = paid = NO_TOKENS
    card: Card | None
    slot: tuple[int, int] | None
    drawn: Card | None
    card = slot = drawn = None
    kind = move.kind
    returned = move.returned
    undoable = False  # R-REPEAT: whether a later turn can bring the position back
    if kind == "take":  # R-TAKE3, R-TAKE2
        taken = move.gems
        if taken not in TAKES[bytes(supply).translate(SHAPE_CODES)][LEGAL]:
            raise take_error(supply, taken)
        # returns bring the hand to exactly 10: the count is unchanged if it was 10 before
        undoable = returned is not NO_TOKENS and sum(tokens) == TOKEN_LIMIT
        supply, tokens = exchange(taken, returned, supply, tokens)
    elif kind == "buy":  # R-BUY: a face-up card or one of one's own reserved cards
        card = CARD_BY_ID[move.card or ""]
        if card in reserved:
            reserved = without(reserved, card)
            if card.id in hidden:
                hidden = without(hidden, card.id)
        else:
            market, decks, slot, drawn = _take_from_market(self, card, decks, "buy")
        if move.payment is None:  # R-BUY-GOLD: coloured tokens first, gold for the rest
            paid, tokens, supply = pay(card, tokens, bonuses, supply)
        else:
            paid = checked_payment(card, tokens, bonuses, move.payment)
            tokens, supply = transfer(paid, tokens, supply)
        cards = (*cards, card)
        bonuses = with_item(bonuses, card.bonus_index, bonuses[card.bonus_index] + 1)
        points += card.points
    elif kind == "reserve":  # R-RESERVE
        if len(reserved) >= RESERVE_LIMIT:
            raise IllegalMoveError("R-RESERVE-LIMIT", f"player {me + 1} already holds "
                                   f"{len(reserved)} reserved cards; the limit is "
                                   f"{RESERVE_LIMIT}")
        if move.card is None:  # R-RESERVE-HIDDEN: the top card of a deck, unseen
            tier = move.tier or 0
            if tier not in TIERS:
                raise IllegalMoveError("R-RESERVE", f"there is no tier {tier} deck")
            deck = decks[tier - 1]
            if not deck:
                raise IllegalMoveError("R-RESERVE", f"the tier {tier} deck is empty")
            card = drawn = deck[-1]
            decks = with_item(decks, tier - 1, deck[:-1])
            hidden = (*hidden, card.id)
        else:
            card = CARD_BY_ID[move.card]
            market, decks, slot, drawn = _take_from_market(self, card, decks, "reserve")
        reserved = (*reserved, card)
        if supply[GOLD]:  # a gold comes with it while the supply has any
            taken = _GOLD_ONLY
            supply = (*supply[:GOLD], supply[GOLD] - RESERVE_GOLD)
            tokens = (*tokens[:GOLD], tokens[GOLD] + RESERVE_GOLD)
    elif any(other.kind != "pass" for other in self.legal_moves()):
        raise IllegalMoveError("R-PASS", "a player may pass only when no action is legal")
    else:
        undoable = True
    if reveal is not None and drawn is None:
        raise IllegalMoveError("R-REFILL", f"no card comes off a deck in {move}, so "
                               f"{reveal} cannot be revealed")
    # R-LIMIT10: back to 10 tokens (a take gave its returns back already)
    if returned is not NO_TOKENS and kind != "take":
        tokens, supply = transfer(returned, tokens, supply)
    total = sum(tokens)
    if total > TOKEN_LIMIT or (returned is not NO_TOKENS and (
            total != TOKEN_LIMIT or min(tokens) < 0)):
        check_returns(tokens, returned)
    # R-NOBLE: at most one noble visits, chosen by the move when several are due
    visitor = None
    if move.noble is not None or (len(cards) >= MIN_NOBLE_CARDS and NOBLE_REACH[
            bonuses][DUE] & NOBLE_MASKS[nobles]):
        visitor = visiting_noble(nobles, bonuses, move)
        nobles = without(nobles, visitor)
        owned = (*owned, visitor)
        points += visitor.points
        if move.noble is None:
            move = Move(move.kind, move.gems, move.card, move.tier, move.returned,
                        visitor.id, move.payment)
    seats = list(players)
    seats[me] = new_tuple(PlayerState, (tokens, bonuses, cards, reserved, hidden, owned, points))
    players = tuple(seats)
    # what the turn did, in the fields of TurnEffects (a plain tuple: it costs less to make)
    record = (me, move, taken, paid, returned, card, slot, drawn, visitor)
    passes = passes + 1 if kind == "pass" else 0
    me += 1
    over = passes >= len(players)  # R-PASS: a whole round of passes ends the game
    if me == len(players):  # R-END-TRIGGER: the round is over; has anyone reached 15?
        me = 0
        for player in players:
            if player.points >= WINNING_POINTS:
                over = True
    # R-REPEAT: only a pass, or a take that gave back as many tokens, can be undone later;
    # between such turns nothing but the tokens changes, so the players and who moves say it all
    if undoable and visitor is None:
        position = (players, me)
        if repeats:
            repeats = repeats + (position,)  # noqa: RUF005 (cheaper than unpacking into a list)
        else:
            repeats = ((self.players, self.current_player), position)
        # the same player moves again every len(players) turns: only those positions can match
        if len(repeats) > (REPEAT_LIMIT - 1) * len(players) \
                and repeats[::-len(players)].count(position) >= REPEAT_LIMIT:
            over = True
    elif repeats:
        repeats = ()
    return new_tuple(type(self), (players, supply, market, decks, nobles, me, turn + 1, passes,
                                  over, record, seed, repeats))


def _take_from_market(self: GameState, card: Card, decks: tuple[tuple[Card, ...], ...],
                      action: str) -> tuple[tuple[tuple[Card | None, ...], ...],
                                            tuple[tuple[Card, ...], ...],
                                            tuple[int, int], Card | None]:
    """The market and decks after ``card`` leaves the market, its (tier, slot), and the card
    that refills the slot: the top of the same tier's deck, or none when it is empty
    (R-REFILL)."""
    tier = card.tier - 1
    row = self.market_rows[tier]
    try:
        slot = row.index(card)
    except ValueError:
        rule = "R-BUY" if action == "buy" else "R-RESERVE"
        where = self.card_location(card.id)
        raise IllegalMoveError(rule, f"card {card.id} is not face-up in the market "
                               f"(it is {where}); a player may {action} a face-up card"
                               + (" or one of their own reserved cards" if action == "buy"
                                  else " or the top card of a deck")) from None
    refilled = list(row)
    rows = list(self.market_rows)
    deck = decks[tier]
    if deck:
        refilled[slot] = drawn = deck[-1]
        remaining = list(decks)
        remaining[tier] = deck[:-1]
        decks = tuple(remaining)
    else:
        refilled[slot] = drawn = None
    rows[tier] = tuple(refilled)
    return tuple(rows), decks, (card.tier, slot), drawn


def _with_reveal(self: GameState, move: Move, reveal: str) -> tuple[tuple[Card, ...], ...]:
    """The decks with ``reveal`` put on top of its tier's deck, where ``move`` will draw it
    (R-REFILL, R-RESERVE-HIDDEN): how a game whose deck order nobody knows is typed in."""
    card = CARD_BY_ID.get(reveal)
    if card is None:
        raise IllegalMoveError("R-REFILL", f"there is no card {reveal!r} to reveal")
    deck = self.decks[card.tier - 1]
    try:
        at = deck.index(card)
    except ValueError:
        raise IllegalMoveError("R-REFILL", f"card {reveal} cannot come off the tier "
                               f"{card.tier} deck: it is {self.card_location(reveal)}"
                               ) from None
    source = (move.tier if move.card is None else CARD_BY_ID[move.card].tier) \
        if move.kind in ("reserve", "buy") else None
    if source is not None and source != card.tier:
        raise IllegalMoveError("R-REFILL", f"{move} draws from the tier {source} deck, "
                               f"but {reveal} is a tier {card.tier} card")
    return with_item(self.decks, card.tier - 1, (*deck[:at], *deck[at + 1:], card))


def _game_over(self: GameState) -> IllegalMoveError:
    """The error for a move after the end, citing the rule that ended the game."""
    rule = self.end_rule
    if rule == "R-PASS":
        return IllegalMoveError(rule, "the game is over: every player passed in a round")
    if rule == "R-REPEAT":
        return IllegalMoveError(rule, f"the game is over: the same position came "
                                f"{REPEAT_LIMIT} times with the same player to move")
    return IllegalMoveError("R-END-TRIGGER", "the game is over: a player reached "
                            f"{WINNING_POINTS} points and the round was finished")
