"""The numbers of the rules, each named once beside its rule id (docs/rules.md).

The engine, its error messages, the turn diagram and the AI all read them from here, so a rule's
number is changed in one place.

>>> TAKE2_MIN_SUPPLY, TOKEN_LIMIT, RESERVE_LIMIT, WINNING_POINTS
(4, 10, 3, 15)
>>> GEMS_PER_PLAYERS[3], GOLD_TOKENS, NOBLES_PER_PLAYERS[2]
(5, 5, 3)
"""

from __future__ import annotations

from typing import Final

GEM_TOKENS_IN_BOX: Final = 7
"""R-COMP-TOKENS: tokens of each gem colour in the box (the supply of a 4-player game)."""
GOLD_TOKENS: Final = 5
"""R-COMP-TOKENS, R-SETUP-TOKENS: gold tokens, whatever the number of players."""
NOBLE_POINTS: Final = 3
"""R-COMP-NOBLES: prestige points of a noble (the card data gives each noble's own)."""

PLAYER_COUNTS: Final = (2, 3, 4)
"""R-SETUP-PLAYERS: how many may play."""
GEMS_PER_PLAYERS: Final = {2: 4, 3: 5, 4: GEM_TOKENS_IN_BOX}
"""R-SETUP-TOKENS: tokens of each gem colour in the supply at the start, by player count."""
NOBLES_PER_PLAYERS: Final = {players: players + 1 for players in PLAYER_COUNTS}
"""R-SETUP-NOBLES: nobles revealed at the start, one more than the players."""
TIERS: Final = (1, 2, 3)
"""R-SETUP-MARKET: the three decks of development cards."""
MARKET_SLOTS: Final = 4
"""R-SETUP-MARKET: face-up cards per tier."""

TAKE3_COUNT: Final = 3
"""R-TAKE3: tokens of different colours taken (fewer only when fewer colours remain)."""
TAKE2_COUNT: Final = 2
"""R-TAKE2: tokens of one colour taken."""
TAKE2_MIN_SUPPLY: Final = 4
"""R-TAKE2: tokens of that colour the supply must hold before taking two."""
RESERVE_LIMIT: Final = 3
"""R-RESERVE-LIMIT: reserved cards a player may hold."""
RESERVE_GOLD: Final = 1
"""R-RESERVE: gold tokens a reserve brings, while the supply has any."""

TOKEN_LIMIT: Final = 10
"""R-LIMIT10: tokens (gold included) a player may hold at the end of a turn."""
MOST_TOKENS_GAINED: Final = TAKE3_COUNT
"""R-LIMIT10: a turn adds at most this many tokens, so at most this many go back."""
WINNING_POINTS: Final = 15
"""R-END-TRIGGER: prestige points that make the current round the last."""
REPEAT_LIMIT: Final = 3
"""R-REPEAT: the same position, the same player to move, this many times ends the game."""

__all__ = [
    "GEMS_PER_PLAYERS",
    "GEM_TOKENS_IN_BOX",
    "GOLD_TOKENS",
    "MARKET_SLOTS",
    "MOST_TOKENS_GAINED",
    "NOBLES_PER_PLAYERS",
    "NOBLE_POINTS",
    "PLAYER_COUNTS",
    "REPEAT_LIMIT",
    "RESERVE_GOLD",
    "RESERVE_LIMIT",
    "TAKE2_COUNT",
    "TAKE2_MIN_SUPPLY",
    "TAKE3_COUNT",
    "TIERS",
    "TOKEN_LIMIT",
    "WINNING_POINTS",
]
