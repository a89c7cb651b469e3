"""Playing one turn, in two steps as game engines do: :func:`apply` checks the move against the
rules and raises :class:`IllegalMoveError` naming the rule it breaks; :func:`_advance` builds
the position after a move known to be legal: the action, then the end-of-turn checks in the
rulebook's order (R-LIMIT10, R-NOBLE, R-END-TRIGGER, R-REPEAT), recording what the turn did.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.moves import Move
>>> after = new_game(seed=7).apply(Move.parse("+wbg"))
>>> after.players[0].token_counts, after.last_turn.taken
((1, 1, 1, 0, 0, 0), (1, 1, 1, 0, 0, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor_nb.cards import CARD_BY_ID, GOLD, NOBLE_BY_ID, Card
from splendor_nb.engine import legal
from splendor_nb.engine.buying import VERDICTS, check_payment, pay
from splendor_nb.engine.counts import exchange, new_tuple, plus, transfer, with_item, without
from splendor_nb.engine.nobles import (
    DUE,
    MIN_NOBLE_CARDS,
    NEAR,
    NOBLE_MASKS,
    NOBLE_REACH,
    PROSPECTS,
    visiting_noble,
)
from splendor_nb.engine.records import PlayerState, TurnEffects
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
_Seen = tuple[tuple[PlayerState, ...], int]
"""A position as R-REPEAT compares them: the players, and who moves."""


def apply(state: GameState, move: Move, reveal: str | None = None) -> GameState:
    """The position after ``move``; raise :class:`IllegalMoveError` naming the rule broken.

    ``reveal`` names the card that comes off a deck during this turn (a refill or a blind
    reserve) when the deck order is not known, as when a game played on a table is typed in.
    The checks come in the order of a turn: the action, then the returns, then the noble.
    A move of the list ``legal_moves()`` gave last, for this very position, needs none: it is
    found there by identity (moves are interned, so this costs no Python call).
    """
    listed_state, listed = legal.last_listed
    if state is listed_state and move in listed and reveal is None:
        return _advance(state, move)
    # the fields in GameState's order (unpacked at once: cheaper than reading them by name)
    players, supply, market, decks, nobles, me, _, _, over, _, _, _ = state
    if over:
        raise _game_over(state)
    if reveal is not None:
        state = state._replace(decks=_with_reveal(state, move, reveal))
    tokens, bonuses, cards, reserved, _, _, _ = players[me]
    w, b, g, r, k, y = tokens
    kind = move.kind
    gained, count = NO_TOKENS, 0  # the tokens the action brings, and how many (R-LIMIT10)
    if kind == "take":  # R-TAKE3, R-TAKE2
        gained = move.gems
        if (taken := TAKES[bytes(supply).translate(SHAPE_CODES)][LEGAL].get(gained)) is None:
            raise take_error(supply, gained)
        count = taken
    elif kind == "buy":  # R-BUY: a face-up card or one of one's own reserved cards
        card = CARD_BY_ID[move.card or ""]
        if card not in reserved and card not in market[card.tier - 1]:
            raise _not_face_up(state, card, "buy")
        bw, bb, bg, br, bk = bonuses
        if move.payment is not None or not VERDICTS[
                w + bw, b + bb, g + bg, r + br, k + bk, y][card.order]:
            check_payment(card, tokens, bonuses, move.payment)
    elif kind == "reserve":  # R-RESERVE
        if len(reserved) >= RESERVE_LIMIT:
            raise IllegalMoveError("R-RESERVE-LIMIT", "reserve_limit", player=me + 1,
                                   count=len(reserved), limit=RESERVE_LIMIT)
        if move.card is None:  # R-RESERVE-HIDDEN: the top card of a deck, unseen
            tier = move.tier or 0
            if tier not in TIERS:
                raise IllegalMoveError("R-RESERVE", "no_deck", tier=tier)
            if not decks[tier - 1]:
                raise IllegalMoveError("R-RESERVE", "deck_empty", tier=tier)
        elif (card := CARD_BY_ID[move.card]) not in market[card.tier - 1]:
            raise _not_face_up(state, card, "reserve")
        if supply[GOLD]:  # a gold comes with it while the supply has any
            gained, count = _GOLD_ONLY, RESERVE_GOLD
    elif any(other.kind != "pass" for other in state.legal_moves()):
        raise IllegalMoveError("R-PASS", "pass_refused")
    if reveal is not None and not _draws(state, move):
        raise IllegalMoveError("R-REFILL", "no_reveal", move=str(move), card=reveal)
    # R-LIMIT10: above 10 tokens, the move returns tokens held, down to exactly 10 (a buy
    # never brings the hand above 10, so a buy that returns nothing needs no count)
    returned = move.returned
    count += w + b + g + r + k + y  # the hand after the action (for a buy, before paying)
    if returned is NO_TOKENS:
        if kind != "buy" and count > TOKEN_LIMIT:
            check_returns(_kept(state, move), returned)
    else:
        rw, rb, rg, rr, rk, ry = returned
        gw, gb, gg, gr, gk, gy = gained
        if kind == "buy" or rw > w + gw or rb > b + gb or rg > g + gg or rr > r + gr \
                or rk > k + gk or ry > y + gy \
                or count - rw - rb - rg - rr - rk - ry != TOKEN_LIMIT:
            check_returns(_kept(state, move), returned)
    # R-NOBLE: at most one noble visits, chosen by the move when several are due; no noble asks
    # for fewer than MIN_NOBLE_CARDS bonuses, so most turns skip the question
    buys = kind == "buy"
    if move.noble is not None or (len(cards) + buys >= MIN_NOBLE_CARDS and NOBLE_REACH[
            bonuses][NEAR if buys else DUE] & NOBLE_MASKS[nobles]):
        due, after_buying = PROSPECTS[nobles, bonuses]
        may_visit = after_buying[card.bonus_index] if buys and after_buying else due
        if move.noble is None:
            if may_visit:
                move = _with_noble(state, move)  # names the one due (raises if several are)
        elif move.noble not in may_visit:
            _with_noble(state, move)  # raises: the noble named may not visit
    return _advance(state, move)


def _advance(state: GameState, move: Move) -> GameState:
    """The position after ``move``, which must be legal, its visiting noble named (as the
    moves of ``legal_moves()`` are): nothing is checked.

    >>> from splendor_nb.engine import new_game
    >>> state, move = new_game(seed=7), Move.parse("+wbg")
    >>> _advance(state, move) == state.apply(move)
    True
    """
    # the fields in GameState's and PlayerState's order (see apply)
    players, supply, market, decks, nobles, me, turn, passes, _, _, seed, repeats = state
    tokens, bonuses, cards, reserved, hidden, owned, points = players[me]
    taken = paid = NO_TOKENS
    card: Card | None
    card = slot = drawn = None  # the card bought or reserved, the slot it left, the card drawn
    kind, returned = move.kind, move.returned
    undoable = False  # R-REPEAT: whether a later turn can bring the position back
    if kind == "take":  # R-TAKE3, R-TAKE2
        taken = move.gems
        if returned is NO_TOKENS:
            supply, tokens = transfer(taken, supply, tokens)
        else:  # returns bring the hand to exactly 10: unchanged if it was 10 before
            undoable = sum(tokens) == TOKEN_LIMIT
            supply, tokens = exchange(taken, returned, supply, tokens)
    elif kind == "buy":  # R-BUY: a face-up card or one of one's own reserved cards
        card = CARD_BY_ID[move.card or ""]
        if card in reserved:
            reserved = without(reserved, card)
            if card.id in hidden:
                hidden = without(hidden, card.id)
        else:
            market, decks, slot, drawn = _take_from_market(market, decks, card)
        if move.payment is None:  # R-BUY-GOLD: coloured tokens first, gold for the rest
            paid, tokens, supply = pay(card, tokens, bonuses, supply)
        else:
            paid = move.payment
            tokens, supply = transfer(paid, tokens, supply)
        cards = (*cards, card)
        bonuses = with_item(bonuses, card.bonus_index, bonuses[card.bonus_index] + 1)
        points += card.points
    elif kind == "reserve":  # R-RESERVE
        market, decks, card, slot, drawn, hidden = _reserve(market, decks, hidden, move)
        reserved = (*reserved, card)
        if supply[GOLD]:  # a gold comes with it while the supply has any
            taken = _GOLD_ONLY
            supply = (*supply[:GOLD], supply[GOLD] - RESERVE_GOLD)
            tokens = (*tokens[:GOLD], tokens[GOLD] + RESERVE_GOLD)
    else:  # R-PASS
        undoable = True
    # R-LIMIT10: back to 10 tokens (a take gave its returns back already)
    if returned is not NO_TOKENS and kind != "take":
        tokens, supply = transfer(returned, tokens, supply)
    # R-NOBLE: the noble the move names visits
    visitor = None
    if move.noble is not None:
        visitor = NOBLE_BY_ID[move.noble]
        nobles = without(nobles, visitor)
        owned = (*owned, visitor)
        points += visitor.points
    seats = list(players)
    seats[me] = new_tuple(PlayerState, (tokens, bonuses, cards, reserved, hidden, owned, points))
    players = tuple(seats)
    record = new_tuple(TurnEffects, (me, move, taken, paid, returned, card, slot, drawn,
                                     visitor))
    passes = passes + 1 if kind == "pass" else 0
    me += 1
    over = passes >= len(players)  # R-PASS: a whole round of passes ends the game
    if me == len(players):  # R-END-TRIGGER: the round is over; has anyone reached 15?
        me = 0
        for seat in players:
            if seat.points >= WINNING_POINTS:
                over = True
    # R-REPEAT: only a pass, or a take that gave back as many tokens, can be undone later
    if undoable and visitor is None:
        repeats = _repeats_after(state, repeats, (players, me))
        over = over or _repeated(repeats, len(players))
    elif repeats:
        repeats = ()
    return new_tuple(type(state), (players, supply, market, decks, nobles, me, turn + 1, passes,
                                   over, record, seed, repeats))


def _reserve(market: tuple[tuple[Card | None, ...], ...], decks: tuple[tuple[Card, ...], ...],
             hidden: tuple[str, ...], move: Move) -> tuple[
                 tuple[tuple[Card | None, ...], ...], tuple[tuple[Card, ...], ...], Card,
                 tuple[int, int] | None, Card | None, tuple[str, ...]]:
    """The market, decks, card reserved, slot it left, card drawn and blind reserves after a
    reserve (R-RESERVE): a face-up card, or the top card of a deck unseen (R-RESERVE-HIDDEN)."""
    if move.card is None:
        tier = move.tier or 0
        deck = decks[tier - 1]
        card = deck[-1]
        return market, with_item(decks, tier - 1, deck[:-1]), card, None, card, \
            (*hidden, card.id)
    card = CARD_BY_ID[move.card]
    market, decks, slot, drawn = _take_from_market(market, decks, card)
    return market, decks, card, slot, drawn, hidden


def _repeats_after(state: GameState, repeats: tuple[_Seen, ...], position: _Seen
                   ) -> tuple[_Seen, ...]:
    """The positions since the last turn that cannot be undone, ``position`` added: between
    such turns only the tokens change, so the players and who moves say it all (R-REPEAT)."""
    if repeats:
        return repeats + (position,)  # noqa: RUF005 (cheaper than unpacking into a list)
    return ((state.players, state.current_player), position)


def _repeated(repeats: tuple[_Seen, ...], players: int) -> bool:
    """Whether the last position has come :data:`REPEAT_LIMIT` times (R-REPEAT): the same
    player moves again every ``players`` turns, so only those positions can match."""
    return len(repeats) > (REPEAT_LIMIT - 1) * players \
        and repeats[::-players].count(repeats[-1]) >= REPEAT_LIMIT


_MarketTaken = tuple[tuple[tuple[Card | None, ...], ...], tuple[tuple[Card, ...], ...],
                     tuple[int, int], Card | None]
"""The market and decks after a card leaves the market, the card's (tier, slot), and the card
that refilled the slot: the top of the same tier's deck, or none when it is empty (R-REFILL).
A plain tuple, unpacked at once: cheaper to make than a NamedTuple."""


def _take_from_market(market: tuple[tuple[Card | None, ...], ...],
                      decks: tuple[tuple[Card, ...], ...], card: Card) -> _MarketTaken:
    """``card``, face-up, leaves the market; the top card of its tier's deck takes its slot."""
    tier = card.tier - 1
    row = market[tier]
    slot = row.index(card)
    refilled = list(row)
    rows = list(market)
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


def _not_face_up(state: GameState, card: Card, action: str) -> IllegalMoveError:
    """The refusal of a card that is not face-up in the market, where a player may ``action``
    it (R-BUY, R-RESERVE)."""
    where = state.card_place(card.id)
    if action == "buy":
        return IllegalMoveError("R-BUY", "buy_not_face_up", card=card.id, where=where)
    return IllegalMoveError("R-RESERVE", "reserve_not_face_up", card=card.id, where=where)


def _draws(state: GameState, move: Move) -> bool:
    """Whether a card comes off a deck in ``move``: a blind reserve, or a face-up card taken
    while its deck has one to refill the slot (R-RESERVE-HIDDEN, R-REFILL)."""
    if move.kind not in ("buy", "reserve"):
        return False
    if move.card is None:
        return True
    card = CARD_BY_ID[move.card]
    return card not in state.players[state.current_player].reserved \
        and bool(state.decks[card.tier - 1])


def _with_noble(state: GameState, move: Move) -> Move:
    """``move`` with the noble that visits at its end named; raise if the noble it names may
    not visit, or if it names none when several may (R-NOBLE)."""
    bonuses = state.players[state.current_player].bonus_counts
    if move.kind == "buy":  # the card's bonus counts at once
        bonus = CARD_BY_ID[move.card or ""].bonus_index
        bonuses = with_item(bonuses, bonus, bonuses[bonus] + 1)
    visitor = visiting_noble(state.nobles, bonuses, move)
    if visitor is None or move.noble is not None:
        return move
    return Move(move.kind, move.gems, move.card, move.tier, move.returned, visitor.id,
                move.payment)


def _kept(state: GameState, move: Move) -> tuple[int, ...]:
    """The tokens the player keeps after the move's action and its returns (R-LIMIT10; some
    count may be below 0, if the move returns tokens the player does not hold)."""
    player = state.players[state.current_player]
    tokens = player.token_counts
    if move.kind == "take":
        tokens = plus(tokens, move.gems)
    elif move.kind == "reserve" and state.supply_counts[GOLD]:
        tokens = plus(tokens, _GOLD_ONLY)
    elif move.kind == "buy":
        card = CARD_BY_ID[move.card or ""]
        tokens = pay(card, tokens, player.bonus_counts, state.supply_counts)[1] \
            if move.payment is None else transfer(move.payment, tokens, NO_TOKENS)[0]
    return transfer(move.returned, tokens, NO_TOKENS)[0]


def _with_reveal(state: GameState, move: Move, reveal: str) -> tuple[tuple[Card, ...], ...]:
    """The decks with ``reveal`` put on top of its tier's deck, where ``move`` will draw it
    (R-REFILL, R-RESERVE-HIDDEN): how a game whose deck order nobody knows is typed in."""
    card = CARD_BY_ID.get(reveal)
    if card is None:
        raise IllegalMoveError("R-REFILL", "reveal_unknown", card=reveal)
    deck = state.decks[card.tier - 1]
    try:
        at = deck.index(card)
    except ValueError:
        raise IllegalMoveError("R-REFILL", "reveal_elsewhere", card=reveal, tier=card.tier,
                               where=state.card_place(reveal)) from None
    source = (move.tier if move.card is None else CARD_BY_ID[move.card].tier) \
        if move.kind in ("reserve", "buy") else None
    if source is not None and source != card.tier:
        raise IllegalMoveError("R-REFILL", "reveal_tier", move=str(move), source=source,
                               card=reveal, tier=card.tier)
    return with_item(state.decks, card.tier - 1, (*deck[:at], *deck[at + 1:], card))


def _game_over(state: GameState) -> IllegalMoveError:
    """The error for a move after the end, citing the rule that ended the game."""
    rule = state.end_rule
    if rule == "R-PASS":
        return IllegalMoveError(rule, "over_passes")
    if rule == "R-REPEAT":
        return IllegalMoveError(rule, "over_repeat", count=REPEAT_LIMIT)
    return IllegalMoveError("R-END-TRIGGER", "over_points", points=WINNING_POINTS)
