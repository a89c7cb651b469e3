"""Setting up a game (R-SETUP-*): dealt from a seed, or laid out as it was on a table.

>>> game = new_game(players=3, seed=11)
>>> len(game.nobles), game.supply["blue"], [len(game.decks[t]) for t in range(3)]
(4, 5, [36, 26, 16])
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_nb.cards import CARDS, NOBLES, Card, Noble
from splendor_nb.engine.hidden import card_order
from splendor_nb.engine.records import PlayerState
from splendor_nb.engine.shuffle import shuffled
from splendor_nb.engine.state import GameState
from splendor_nb.rules import (
    GEMS_PER_PLAYERS,
    GOLD_TOKENS,
    MARKET_SLOTS,
    NOBLES_PER_PLAYERS,
    PLAYER_COUNTS,
    TIERS,
)

_TIER_CARDS = tuple(tuple(card for card in CARDS if card.tier == tier) for tier in TIERS)
_NOBLES_STREAM = 0
"""The shuffle's stream for the nobles; each tier's deck uses its tier number."""


def new_game(players: int = 2, seed: int | None = 0) -> GameState:
    """A new game for 2 to 4 players; the same seed always deals the same game.

    Each tier's deck is shuffled apart and 4 of its cards are revealed (R-SETUP-MARKET); one
    more noble than players is revealed (R-SETUP-NOBLES); player 0 starts (R-SETUP-ORDER).
    """
    _check_players(players)
    key = 0 if seed is None else seed
    decks = []
    market = []
    for tier in TIERS:
        deck = shuffled(_TIER_CARDS[tier - 1], key, tier)
        market.append(tuple(deck[-1:-MARKET_SLOTS - 1:-1]))  # the top cards, top first
        decks.append(tuple(deck[:-MARKET_SLOTS]))
    nobles = tuple(shuffled(list(NOBLES), key, _NOBLES_STREAM)[:NOBLES_PER_PLAYERS[players]])
    return setup(players, nobles, market, decks, seed=seed)


def setup(players: int, nobles: Sequence[Noble], market: Sequence[Sequence[Card | None]],
          decks: Sequence[Sequence[Card]] | None = None, seed: int | None = None) -> GameState:
    """A game from a known setup: the nobles revealed and the face-up cards per tier.

    Without ``decks``, the rest of each tier is the deck, its order unknown: pass each revealed
    card to :meth:`GameState.apply` as ``reveal``. This is how a game played on a table is typed
    in. The supply holds each gem colour's starting count (R-SETUP-TOKENS) and the gold.

    >>> from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID
    >>> game = setup(2, [NOBLE_BY_ID[n] for n in ("N1", "N2", "N3")],
    ...              [[CARD_BY_ID[f"{t}w{i}"] for i in range(1, 5)] for t in (1, 2, 3)])
    >>> [len(d) for d in game.decks]
    [36, 26, 16]
    """
    _check_players(players)
    rows = tuple(tuple(row) for row in market)
    if decks is None:
        shown = {c.id for row in rows for c in row if c is not None}
        decks = [sorted((c for c in CARDS if c.tier == t and c.id not in shown), key=card_order)
                 for t in TIERS]
    gems = GEMS_PER_PLAYERS[players]
    return GameState(
        players=tuple(PlayerState() for _ in range(players)),
        supply_counts=(gems, gems, gems, gems, gems, GOLD_TOKENS),
        market_rows=rows,
        decks=tuple(tuple(d) for d in decks),
        nobles=tuple(nobles),
        seed=seed,
    )


def _check_players(players: int) -> None:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"R-SETUP-PLAYERS: Splendor is for {PLAYER_COUNTS[0]} to "
                         f"{PLAYER_COUNTS[-1]} players, not {players}")
