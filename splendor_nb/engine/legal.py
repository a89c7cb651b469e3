"""The legal moves of a position: every distinct full turn for the player to move.

Buys come first (market by tier and slot, then reserved cards, paid the default way: R-BUY,
R-BUY-GOLD), then takes of three colours and of two (R-TAKE3, R-TAKE2), then reserves (face-up,
then blind by tier: R-RESERVE, R-RESERVE-HIDDEN); each with every way to return tokens above 10
(R-LIMIT10) and every noble that may visit (R-NOBLE). When none is legal, a pass (R-PASS).

>>> from splendor_nb.engine import new_game
>>> [str(move) for move in new_game(seed=7).legal_moves()[:3]]
['+wbg', '+wbr', '+wbk']
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from splendor_nb.cards import CARDS, GOLD, Card
from splendor_nb.engine.buying import BUY, VERDICTS
from splendor_nb.engine.counts import Memo
from splendor_nb.engine.nobles import (
    MIN_NOBLE_CARDS,
    NEAR,
    NOBLE_MASKS,
    NOBLE_REACH,
    NOBODY,
    PROSPECTS,
    buy_moves,
)
from splendor_nb.engine.returns import RETURN_PICKERS, by_return, return_key, variants
from splendor_nb.engine.takes import (
    IDS,
    PLAIN,
    SHAPE_CODES,
    TAKE_TABLES,
    TAKE_TABLES_WITH_NOBLES,
    TAKES,
)
from splendor_nb.moves import NO_TOKENS, PASS, Move
from splendor_nb.rules import RESERVE_GOLD, RESERVE_LIMIT, TAKE3_COUNT, TIERS, TOKEN_LIMIT

if TYPE_CHECKING:
    from splendor_nb.engine.state import GameState


def legal_moves(state: GameState) -> list[Move]:
    """Every distinct full turn for the player to move, in a stable order (see above).

    >>> from splendor_nb.engine import new_game
    >>> len(new_game(seed=7).legal_moves())
    30
    """
    players, supply, rows, decks, nobles, me, _, _, over, _, _, _ = state
    if over:
        return []
    tokens, bonuses, cards, reserved, _, _, _ = players[me]
    face_up: tuple[Card, ...] = rows[0] + rows[1] + rows[2]  # type: ignore[assignment]
    if not all(face_up):  # some slot is empty: its deck ran out (R-REFILL)
        face_up = tuple(filter(None, face_up))
    w, b, g, r, k, y = tokens
    bw, bb, bg, br, bk = bonuses
    # R-BUY: which cards these tokens and bonuses can pay for, gold filling gaps
    can_buy = VERDICTS[w + bw, b + bb, g + bg, r + br, k + bk, y]
    # R-NOBLE: the nobles due now and after each purchase; no noble asks for fewer than
    # MIN_NOBLE_CARDS bonuses, so most turns skip the question
    due, after_buying = PROSPECTS[nobles, bonuses] if len(cards) + 1 >= MIN_NOBLE_CARDS \
        and NOBLE_REACH[bonuses][NEAR] & NOBLE_MASKS[nobles] else NOBODY
    moves: list[Move] = []  # a loop, not a comprehension: 3.11 makes a function for those
    for card in face_up + reserved if reserved else face_up:
        if can_buy[card.order]:
            if after_buying is not None and after_buying[card.bonus_index]:
                moves.extend(buy_moves(card.id, after_buying[card.bonus_index]))
            else:
                moves.append(BUY[card])
    # R-TAKE3, R-TAKE2, each with its returns above 10 (R-LIMIT10) and nobles
    takes = TAKES[bytes(supply).translate(SHAPE_CODES)]
    total = w + b + g + r + k + y
    if total <= TOKEN_LIMIT - TAKE3_COUNT and not due:
        moves.extend(takes[PLAIN])
    else:
        table = TAKE_TABLES_WITH_NOBLES[tokens if total > TOKEN_LIMIT - TAKE3_COUNT
                                        else NO_TOKENS, due] if due else TAKE_TABLES[tokens]
        for take in takes[IDS]:
            moves.extend(table[take])
    # R-RESERVE, R-RESERVE-LIMIT: a face-up card or a deck's top card, and a gold if any
    if len(reserved) < RESERVE_LIMIT:
        tiers = TIERS if all(decks) else [t for t, deck in zip(TIERS, decks) if deck]
        gold_taken = RESERVE_GOLD if supply[GOLD] else 0
        if total + gold_taken <= TOKEN_LIMIT and not due:  # (extending by a map costs more)
            moves.extend(itemgetter(*face_up)(RESERVE) if len(face_up) > 1 else
                         map(RESERVE.__getitem__, face_up))
            moves.extend(ALL_BLIND if tiers is TIERS else map(RESERVE_BLIND.__getitem__, tiers))
        elif not due:
            pick = RETURN_PICKERS[return_key((w, b, g, r, k, y + gold_taken))]
            for card in face_up:
                moves.extend(pick(RESERVE_BY_RETURN[card]))
            for tier in tiers:
                moves.extend(pick(by_return("reserve", NO_TOKENS, None, tier)))
        else:
            hand = (w, b, g, r, k, y + gold_taken)
            for card in face_up:
                moves.extend(variants("reserve", NO_TOKENS, card.id, None, hand, due))
            for tier in tiers:
                moves.extend(variants("reserve", NO_TOKENS, None, tier, hand, due))
    if moves:
        global last_listed  # one assignment of a tuple: atomic between threads
        last_listed = state, tuple(moves)  # a copy: the caller may change its list
        return moves
    # R-PASS: nothing else is legal; R-NOBLE still applies at the end of the turn
    return [Move("pass", NO_TOKENS, None, None, NO_TOKENS, noble) for noble in due] \
        if due else [PASS]


last_listed: tuple[GameState | None, tuple[Move, ...]] = (None, ())
"""The position whose moves were listed last, and its list: ``apply`` takes a move of that
list without checking it again (a random player, a person clicking a move offered)."""

RESERVE: dict[Card, Move] = {card: Move("reserve", card=card.id) for card in CARDS}
"""Each face-up card's reserve, nothing returned, no noble."""
RESERVE_BLIND: dict[int, Move] = {tier: Move("reserve", tier=tier) for tier in TIERS}
"""Each deck's blind reserve (R-RESERVE-HIDDEN), nothing returned, no noble."""
ALL_BLIND = tuple(map(RESERVE_BLIND.__getitem__, TIERS))
"""The blind reserves while every deck has cards."""
RESERVE_BY_RETURN: Memo[Card, tuple[Move, ...]] = Memo(
    lambda card: by_return("reserve", NO_TOKENS, card.id, None), len(CARDS))
"""Each face-up card's reserve with each return of ``returns.ALL_RETURNS``."""
