"""R-BUY and R-BUY-GOLD: what a card costs after bonuses, who can buy it, and how it is paid.

>>> from splendor_nb.cards import CARD_BY_ID
>>> price(CARD_BY_ID["1w1"], (0, 0, 0, 1, 0))
(0, 0, 0, 1, 1)
"""

from __future__ import annotations

from operator import sub

from splendor_nb.cards import CARDS, COLOURS, GEMS, GOLD, Card
from splendor_nb.engine.counts import NO_BONUSES, Memo
from splendor_nb.moves import IllegalMoveError, Move
from splendor_nb.rules import GEMS_PER_PLAYERS, GOLD_TOKENS


def price(card: Card, bonuses: tuple[int, ...]) -> tuple[int, ...]:
    """What ``card`` costs in tokens, per gem colour, after these bonuses, never below 0 (R-BUY).
    """
    return tuple(map(max, map(sub, card.costs, bonuses), NO_BONUSES))


def verdicts(means: tuple[int, ...]) -> bytes:
    """One byte per card of ``CARDS``: non-zero if these means can buy it, else 0 (R-BUY,
    R-BUY-GOLD).

    ``means`` are, per gem colour, the tokens plus the bonuses, then the gold tokens, which fill
    any gap (R-BUY-GOLD). Every card is checked at once, in one integer with a byte per card:
    ``128 + gold`` less the card's shortfall in each colour, which keeps the byte's top bit
    exactly when the gold covers the shortfalls (a card's shortfalls add up to less than 128,
    so no byte borrows from the next).

    >>> can_buy = verdicts((0, 0, 0, 2, 1, 0))
    >>> [card.id for card in CARDS[:3] if can_buy[card.order]]
    ['1w1']
    """
    w, b, g, r, k, y = means
    # the terms ready by pairs of colours (two additions of these long integers, not six), the
    # top bits kept by an & (cheaper than translating the bytes): means seldom recur, so a
    # third of the plies of a random game make their verdicts
    return ((_WHITE_BLUE[w][b] + _GREEN_RED[g][r] + _BLACK_GOLD[k][y]) & _TOP_BITS).to_bytes(
        _CARD_COUNT, "little")


_CARD_COUNT = len(CARDS)
_MOST_OF_A_COLOUR = max(GEMS_PER_PLAYERS.values()) + max(
    sum(card.bonus_index == colour for card in CARDS) for colour in range(5))
"""The most means a player can have in one colour: every token of it and every bonus."""
_SHORTFALLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(max(0, card.costs[colour] - means) << (8 * i) for i, card in enumerate(CARDS))
          for means in range(_MOST_OF_A_COLOUR + 1))
    for colour in range(5))
"""Per gem colour and means: every card's shortfall in that colour, one byte per card."""
_GOLD_TERMS = tuple(sum((128 + gold) << (8 * i) for i in range(_CARD_COUNT))
                    for gold in range(GOLD_TOKENS + 1))
"""Per gold tokens held: ``128 + gold`` in every card's byte."""
_TOP_BITS = sum(128 << (8 * i) for i in range(_CARD_COUNT))


def _pair_terms(firsts: tuple[int, ...], seconds: tuple[int, ...]
                ) -> tuple[tuple[int, ...], ...]:
    """Per means of two colours (the first's, then the second's), their two terms added."""
    return tuple(tuple(first + second for second in seconds) for first in firsts)


_LACKING = tuple(tuple(-shortfall for shortfall in colour) for colour in _SHORTFALLS)
"""Per gem colour and means: the shortfalls' integer, negated (the terms of a verdict)."""
_WHITE_BLUE = _pair_terms(_LACKING[0], _LACKING[1])
_GREEN_RED = _pair_terms(_LACKING[2], _LACKING[3])
_BLACK_GOLD = _pair_terms(_LACKING[4], _GOLD_TERMS)
VERDICTS = Memo(verdicts, 1 << 16)
"""Per means (tokens plus bonuses, then gold), which cards they can buy."""


def pay(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...], supply: tuple[int, ...]
        ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The tokens paid for ``card`` the default way, coloured tokens first and gold for the
    rest (R-BUY-GOLD), then the player's tokens and the supply after paying (R-BUY); the
    player must be able to pay (see :func:`check_payment`).

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> pay(CARD_BY_ID["1w1"], (0, 0, 0, 1, 1, 1), NO_BONUSES, (4, 4, 4, 4, 4, 5))
    ((0, 0, 0, 1, 1, 1), (0, 0, 0, 0, 0, 0), (4, 4, 4, 5, 5, 6))
    """
    paid = [0, 0, 0, 0, 0, 0]
    gold = 0
    for colour in card.colours:  # the colours the card costs
        due = card.costs[colour] - bonuses[colour]
        if due > 0:
            held = tokens[colour]
            if due > held:
                gold += due - held
                due = held
            paid[colour] = due
    paid[GOLD] = gold
    w, b, g, r, k, y = paid
    tw, tb, tg, tr, tk, ty = tokens
    sw, sb, sg, sr, sk, sy = supply
    return ((w, b, g, r, k, y), (tw - w, tb - b, tg - g, tr - r, tk - k, ty - y),
            (sw + w, sb + b, sg + g, sr + r, sk + k, sy + y))


def check_payment(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...],
                  payment: tuple[int, ...] | None) -> None:
    """Raise unless a player with these tokens and bonuses can buy ``card``: the default way
    when ``payment`` is ``None`` (R-BUY), else with ``payment``, checked against the tokens held
    and the price (R-BUY-GOLD): gold may stand in for any colour, and must cover exactly what
    coloured tokens do not.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> check_payment(CARD_BY_ID["1w1"], (0, 0, 0, 2, 1, 1), NO_BONUSES, (0, 0, 0, 2, 0, 1))
    >>> check_payment(CARD_BY_ID["1w1"], (0, 0, 0, 0, 1, 1), NO_BONUSES, None)
    Traceback (most recent call last):
    ...
    splendor_nb.moves.IllegalMoveError: R-BUY: card 1w1 costs 2 red, 1 black after bonuses; \
player lacks 2 red and has 1 gold
    """
    if payment is None:
        w, b, g, r, k, y = tokens
        bw, bb, bg, br, bk = bonuses
        if not VERDICTS[w + bw, b + bb, g + bg, r + br, k + bk, y][card.order]:
            due = price(card, bonuses)
            raise IllegalMoveError("R-BUY", "unaffordable", card=card.id, price=due,
                                   missing=tuple(max(0, p - t) for p, t in zip(due, tokens)),
                                   gold=tokens[GOLD])
        return
    due = price(card, bonuses)
    for i in range(6):
        if payment[i] > tokens[i]:
            raise IllegalMoveError("R-BUY-GOLD", "pay_held", count=payment[i],
                                   colour=COLOURS[i], held=tokens[i])
    for i in range(5):
        if payment[i] > due[i]:
            raise IllegalMoveError("R-BUY-GOLD", "pay_due", count=payment[i], colour=GEMS[i],
                                   card=card.id, due=due[i])
    if sum(due) - sum(payment[:GOLD]) != payment[GOLD]:
        raise IllegalMoveError("R-BUY-GOLD", "pay_gold", card=card.id, price=due)


BUY: dict[Card, Move] = {card: Move("buy", card=card.id) for card in CARDS}
"""Each card's buy, paid the default way, with no noble (R-BUY)."""
