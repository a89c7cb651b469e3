"""R-BUY-GOLD: the distinct ways a player may pay for a card, the default one first.

The price of each colour is the card's cost less the player's bonuses (R-BUY). Any part of it
may be paid in gold instead, so a payment is, per colour, how many coloured tokens pay (at most
the price and at most the tokens held), gold covering the rest, as long as the gold suffices.
The default pays coloured tokens first and gold only for what is missing.

>>> from splendor_nb.cards import CARD_BY_ID
>>> [letters(p) for p in payments(CARD_BY_ID["1w1"], (0, 0, 0, 2, 1, 3), (0, 0, 0, 0, 0))]
['rrk', 'rry', 'rky', 'ryy', 'kyy', 'yyy']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from splendor_nb.cards import GOLD, LETTERS, Card
from splendor_nb.engine.buying import price


def payments(card: Card, tokens: Sequence[int], bonuses: Sequence[int]
             ) -> tuple[tuple[int, ...], ...]:
    """Every distinct payment for ``card`` (``COLOURS`` order, gold last): the default first,
    then by gold spent, fewest first. Empty when the player cannot afford the card.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> payments(CARD_BY_ID["1w1"], (0, 0, 0, 1, 0, 0), (0, 0, 0, 0, 0))
    ()
    """
    due = price(card, tuple(bonuses))
    ranges = [range(min(due[i], tokens[i]), -1, -1) for i in range(GOLD)]
    found = []
    for coloured in product(*ranges):
        gold = sum(due) - sum(coloured)
        if gold <= tokens[GOLD]:
            found.append((*coloured, gold))
    return tuple(sorted(found, key=lambda paid: paid[GOLD]))


def letters(counts: Sequence[int]) -> str:
    """Token counts in the notation's letters (as after ``=`` in ``B2g4=bby``).

    >>> letters((0, 2, 0, 0, 0, 1))
    'bby'
    """
    return "".join(letter * n for letter, n in zip(LETTERS, counts))
