"""Hidden information (R-RESERVE-HIDDEN): what one player may know, and random deals of what
they cannot see, for search.

The unseen cards of each tier are the deck and the other players' blind reserves.

>>> from splendor_nb.engine import new_game
>>> state = new_game(seed=3)
>>> state.player_view(0) == new_game(seed=4).player_view(0)
False
>>> state.player_view(0).decks == state.player_view(1).decks
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from splendor_nb.cards import CARD_BY_ID, Card
from splendor_nb.engine.shuffle import shuffled

if TYPE_CHECKING:
    from splendor_nb.engine.state import GameState

Dealer = Callable[[list[Card], int], Iterable[Card]]
"""Puts a tier's unseen cards in some order: ``(cards, tier) -> cards``."""


def player_view(state: GameState, player: int) -> GameState:
    """What ``player`` may know: deck order and the others' blind reserves are hidden.

    The unseen cards of each tier are dealt back in a fixed order, so two states that differ
    only in what ``player`` cannot see give the same view.
    """
    return redeal(state, player, lambda cards, tier: sorted(cards, key=card_order))


def determinize(state: GameState, player: int, seed: int) -> GameState:
    """A random position consistent with what ``player`` sees: the unseen cards reshuffled."""
    return redeal(state, player, lambda cards, tier: shuffled(
        sorted(cards, key=card_order), seed, tier))


def redeal(state: GameState, viewer: int, order: Dealer) -> GameState:
    """The position with every card ``viewer`` cannot see dealt again by ``order``."""
    unseen: list[list[Card]] = [list(deck) for deck in state.decks]
    for i, p in enumerate(state.players):
        if i != viewer:
            for card_id in p.hidden:
                hidden_card = CARD_BY_ID[card_id]
                unseen[hidden_card.tier - 1].append(hidden_card)
    dealt = [list(order(cards, tier)) for tier, cards in enumerate(unseen, start=1)]
    players = list(state.players)
    for i, p in enumerate(state.players):
        if i != viewer and p.hidden:
            swap = {}
            for card_id in p.hidden:
                swap[card_id] = dealt[CARD_BY_ID[card_id].tier - 1].pop()
            reserved = tuple(swap.get(c.id, c) for c in p.reserved)
            players[i] = p._replace(reserved=reserved,
                                    hidden=tuple(swap[h].id for h in p.hidden))
    last_turn = state.last_turn
    if last_turn is not None and last_turn.player != viewer and \
            last_turn.move.kind == "reserve" and last_turn.move.card is None:
        last_turn = last_turn._replace(card=None, drawn=None)  # another's blind reserve
    repeats = state.repeats
    if repeats and players != list(state.players):
        # R-REPEAT's positions, seen as the viewer sees the players: only tokens differ in them
        repeats = tuple((tuple(seat._replace(token_counts=then.token_counts)
                               for seat, then in zip(players, seats, strict=True)), to_move)
                        for seats, to_move in repeats)
    return state._replace(players=tuple(players), decks=tuple(tuple(d) for d in dealt),
                          last_turn=last_turn, seed=None, repeats=repeats)


def card_order(card: Card) -> int:
    """A card's place in ``CARDS``: the fixed order unseen cards are dealt back in."""
    return card.order
