"""R-NOBLE: which nobles a player's bonuses bring, now or after one more card, and who visits.

At the end of every turn (a pass included), a noble whose requirement the player's bonuses meet
visits: one per turn, the player's choice when several are due. Only bonuses of bought cards
count. Nobles are checked for every noble at once, as bytes of one integer (a byte per noble
of ``NOBLES``), because most turns bring none.

>>> [noble.id for noble in due_nobles(NOBLES, (4, 0, 0, 0, 4))]
['N4']
"""

from __future__ import annotations

from functools import lru_cache

from splendor_nb.cards import CARDS, NOBLE_BY_ID, NOBLES, Noble
from splendor_nb.engine.counts import Memo
from splendor_nb.moves import NO_TOKENS, IllegalMoveError, Move

MIN_NOBLE_CARDS = min(sum(noble.needs) for noble in NOBLES)
"""No noble asks for fewer bonuses than this, so a player with fewer cards needs no check."""


def noble_reach(bonuses: tuple[int, ...]) -> tuple[int, int]:
    """The nobles within reach of these bonuses, as two masks with a byte per noble of
    ``NOBLES``: at ``DUE``, those the bonuses bring now; at ``NEAR``, those they bring now or
    after buying one more card.

    >>> reach = noble_reach((0, 0, 0, 4, 3))
    >>> reach[DUE], reach[NEAR] == NOBLE_MASKS[(NOBLE_BY_ID["N1"],)]
    (0, True)
    """
    w, b, g, r, k = bonuses
    white, blue, green, red, black = _NOBLE_GAPS
    gaps = (white[w] + blue[b] + green[g] + red[r] + black[k]).to_bytes(len(NOBLES), "little")
    return (int.from_bytes(gaps.translate(_NONE_LEFT), "little"),
            int.from_bytes(gaps.translate(_AT_MOST_ONE_LEFT), "little"))


DUE, NEAR = 0, 1
"""Indices into :func:`noble_reach`'s pair."""
_NOBLE_GAPS = tuple(
    tuple(sum(max(0, noble.needs[colour] - bonus) << (8 * i) for i, noble in enumerate(NOBLES))
          for bonus in range(len(CARDS)))
    for colour in range(5))
"""Per gem colour and bonus count: how many bonuses each noble still lacks, a byte per noble."""
_NONE_LEFT = bytes(1 if gap == 0 else 0 for gap in range(256))
_AT_MOST_ONE_LEFT = bytes(1 if gap <= 1 else 0 for gap in range(256))
NOBLE_REACH = Memo(noble_reach, 1 << 14)
NOBLE_BYTES = {noble: 1 << (8 * i) for i, noble in enumerate(NOBLES)}
"""Each noble's byte in the masks."""
NOBLE_MASKS: Memo[tuple[Noble, ...], int] = Memo(
    lambda nobles: sum(map(NOBLE_BYTES.__getitem__, nobles)), 1 << 12)
"""The nobles on a table, as a mask."""


def due_nobles(nobles: tuple[Noble, ...], bonuses: tuple[int, ...]) -> list[Noble]:
    """The nobles on the table whose requirement these bonuses meet, in table order."""
    due = NOBLE_REACH[bonuses][DUE]
    return [noble for noble in nobles if due & NOBLE_BYTES[noble]]


Prospects = tuple[tuple[str, ...], tuple[tuple[str, ...], ...] | None]


def prospects(key: tuple[tuple[Noble, ...], tuple[int, ...]]) -> Prospects:
    """For the nobles on the table and a player's bonuses: the ids of the nobles due now, and
    per colour of one more card bought, those then due (``None`` when no purchase brings one).

    >>> prospects(((NOBLE_BY_ID["N1"],), (0, 0, 0, 4, 3)))
    ((), ((), (), (), (), ('N1',)))
    """
    nobles, bonuses = key
    due: list[str] = []
    after: list[list[str]] | None = None
    has_w, has_b, has_g, has_r, has_k = bonuses
    for noble in nobles:
        w, b, g, r, k = noble.needs
        lacking = (w - has_w, b - has_b, g - has_g, r - has_r, k - has_k)
        most = max(lacking)
        if most <= 0:
            due.append(noble.id)
            if after is not None:
                for ids in after:
                    ids.append(noble.id)
        elif most == 1 and lacking.count(1) == 1:
            if after is None:  # a noble due now still visits whatever is bought
                after = [due[:], due[:], due[:], due[:], due[:]]
            after[lacking.index(1)].append(noble.id)
    if after is None:
        return tuple(due), (tuple(due),) * 5 if due else None
    return tuple(due), tuple(map(tuple, after))


NOBODY: Prospects = ((), None)
PROSPECTS = Memo(prospects, 1 << 12)


@lru_cache(maxsize=1 << 12)
def buy_moves(card_id: str, visitors: tuple[str, ...]) -> tuple[Move, ...]:
    """Buying a card with each noble that may then visit."""
    return tuple(Move("buy", NO_TOKENS, card_id, None, NO_TOKENS, noble)
                 for noble in visitors)


def visiting_noble(nobles: tuple[Noble, ...], bonuses: tuple[int, ...], move: Move
                   ) -> Noble | None:
    """The noble that visits: the one the move names, else the only one due, else none.

    >>> visiting_noble(NOBLES[:3], (0, 0, 0, 4, 4), Move.parse("+wbg")).id
    'N1'
    """
    due = due_nobles(nobles, bonuses)
    if move.noble is not None:
        chosen = NOBLE_BY_ID[move.noble]
        if chosen not in due:
            if chosen not in nobles:
                raise IllegalMoveError("R-NOBLE", "noble_absent", noble=chosen.id)
            raise IllegalMoveError("R-NOBLE", "noble_unmet", noble=chosen.id,
                                   requires=chosen.needs)
        return chosen
    if len(due) > 1:
        raise IllegalMoveError("R-NOBLE", "nobles_due", nobles=tuple(n.id for n in due))
    return due[0] if due else None
