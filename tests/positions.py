"""Build exact positions for rule tests: give players tokens and cards, lay out the market."""

from __future__ import annotations

from splendor_nb.cards import CARD_BY_ID, LETTER_INDEX
from splendor_nb.engine import GEMS_PER_PLAYERS, GOLD_TOKENS, GameState, new_game


def counts(letters: str) -> tuple[int, ...]:
    """Token counts from notation letters: ``counts("wwy") == (2, 0, 0, 0, 0, 1)``."""
    found = [0] * 6
    for letter in letters:
        found[LETTER_INDEX[letter]] += 1
    return tuple(found)


def position(players: int = 2, seed: int = 1, *, tokens: dict[int, str] | None = None,
             cards: dict[int, list[str]] | None = None,
             reserved: dict[int, list[str]] | None = None,
             hidden: dict[int, list[str]] | None = None,
             market: dict[int, list[str]] | None = None,
             supply: str | None = None, current: int = 0) -> GameState:
    """A game after ``new_game(players, seed)`` with the given holdings, conserving every card.

    Cards named for players or the market are taken from wherever they are (deck or market);
    a market slot they leave is refilled from the top of the deck. ``supply`` (letters) sets the
    supply directly; otherwise it is the starting supply less what the players hold.
    """
    state = new_game(players, seed)
    decks = [list(d) for d in state.decks]
    rows = [list(r) for r in state.market_rows]

    def pull(card_id: str) -> None:
        card = CARD_BY_ID[card_id]
        tier = card.tier - 1
        if card in decks[tier]:
            decks[tier].remove(card)
        else:
            slot = rows[tier].index(card)
            rows[tier][slot] = decks[tier].pop() if decks[tier] else None

    for tier, ids in (market or {}).items():
        for slot, card_id in enumerate(ids):
            card = CARD_BY_ID[card_id]
            if card in rows[tier - 1]:
                continue
            old = rows[tier - 1][slot]
            decks[tier - 1].remove(card)
            if old is not None:
                decks[tier - 1].insert(0, old)
            rows[tier - 1][slot] = card
    new_players = list(state.players)
    for i in range(players):
        own = [CARD_BY_ID[c] for c in (cards or {}).get(i, [])]
        held = [CARD_BY_ID[c] for c in (reserved or {}).get(i, []) + (hidden or {}).get(i, [])]
        for card in own + held:
            pull(card.id)
        bonuses = [0] * 5
        for card in own:
            bonuses[card.bonus_index] += 1
        new_players[i] = new_players[i]._replace(
            token_counts=counts((tokens or {}).get(i, "")), bonus_counts=tuple(bonuses),
            cards=tuple(own), reserved=tuple(held), hidden=tuple((hidden or {}).get(i, [])),
            points=sum(c.points for c in own))
    if supply is None:
        gems = GEMS_PER_PLAYERS[players]
        start = (gems,) * 5 + (GOLD_TOKENS,)
        left = tuple(start[c] - sum(p.token_counts[c] for p in new_players) for c in range(6))
    else:
        left = counts(supply)
    return state._replace(players=tuple(new_players), supply_counts=left,
                          market_rows=tuple(tuple(r) for r in rows),
                          decks=tuple(tuple(d) for d in decks), current_player=current)
