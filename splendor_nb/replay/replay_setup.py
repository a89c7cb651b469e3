"""The position a game typed in from a table starts from: its nobles and face-up cards checked
against the setup rules (R-SETUP-PLAYERS, R-SETUP-NOBLES, R-SETUP-MARKET).

>>> start_state(2, ["N1", "N5"], [], None)
Traceback (most recent call last):
...
splendor_nb.replay.ReplayError: R-SETUP-NOBLES: 2 players reveal 3 different ...
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID, Card, Noble
from splendor_nb.engine import GameState, setup
from splendor_nb.replay.replay_errors import ReplayError
from splendor_nb.rules import PLAYER_COUNTS


def start_state(players: int, nobles: Sequence[str], market: Sequence[Sequence[str]],
                seed: int | None) -> GameState:
    """The first position of a game with these nobles and face-up ``market`` (three rows of four
    card ids, tier 1 first); a :class:`ReplayError` citing the setup rule broken."""
    if players not in PLAYER_COUNTS:
        raise ReplayError(f"R-SETUP-PLAYERS: Splendor is for 2 to 4 players, not {players}",
                          rule="R-SETUP-PLAYERS")
    if len(nobles) != players + 1 or len(set(nobles)) != len(nobles):
        raise ReplayError(f"R-SETUP-NOBLES: {players} players reveal {players + 1} different "
                          f"nobles, not {list(nobles)}", rule="R-SETUP-NOBLES")
    revealed: list[Noble] = []
    for noble_id in nobles:
        if noble_id not in NOBLE_BY_ID:
            raise ReplayError(f"R-SETUP-NOBLES: there is no noble {noble_id!r} (N1 to N10)",
                              rule="R-SETUP-NOBLES")
        revealed.append(NOBLE_BY_ID[noble_id])
    rows: list[list[Card]] = []
    for tier, row in enumerate(market, start=1):
        cards = []
        for card_id in row:
            card = CARD_BY_ID.get(card_id)
            if card is None or card.tier != tier:
                what = "there is no card" if card is None else f"a tier {tier} row cannot hold"
                raise ReplayError(f"R-SETUP-MARKET: {what} {card_id!r}", rule="R-SETUP-MARKET")
            cards.append(card)
        rows.append(cards)
    shown = [card.id for row in rows for card in row]
    if len(rows) != 3 or any(len(row) != 4 for row in rows) or len(set(shown)) != len(shown):
        raise ReplayError("R-SETUP-MARKET: the market is 4 different cards of each tier 1, 2, 3",
                          rule="R-SETUP-MARKET")
    return setup(players, revealed, rows, seed=seed)

