"""What the bots know about Splendor: a position's worth per player, and a move's variants.

``values(state)`` rates every player's position in prestige points: the points they hold, plus
what their bonuses, their progress towards nobles and their buying power (the cards they could
buy soon, and how soon) are expected to be worth. The medium bot picks the move whose result
rates best; the hard bot searches to a depth and rates the positions it reaches.

A legal turn can come in many variants that differ only in the tokens returned above 10
(R-LIMIT10) and the noble chosen (R-NOBLE); ``actions`` keeps one variant per action, the one
that returns the tokens least needed and takes the noble an opponent is closest to.

>>> from splendor_nb import new_game
>>> from splendor_nb.moves import Move
>>> state = new_game(players=2, seed=7)
>>> start = values(state)
>>> start[0] == start[1]       # empty tableaux, the same market for both
True
>>> after = values(state.apply(Move.parse("+wbg")))
>>> after[0] > start[0], after[0] > after[1]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from splendor_nb.cards import NOBLES, Card
from splendor_nb.engine import GameState, PlayerState
from splendor_nb.moves import Move
from splendor_nb.rules import (
    GEM_TOKENS_IN_BOX,
    GOLD_TOKENS,
    TAKE2_COUNT,
    TAKE3_COUNT,
    TOKEN_LIMIT,
    WINNING_POINTS,
)

WIN_VALUE = 100.0
"""The worth of a finished game's win, far above anything points can add up to."""
ENGINE = 0.9
"""A bonus's worth at the start of the game, fading to ``ENGINE_LATE`` as the leader nears 15."""
ENGINE_LATE = 0.1
NOBLE_PULL = 0.2
"""Extra worth of a bonus in a colour that a noble still on the table wants."""
NOBLE_SHARE = 0.55
"""How much of a noble's 3 points counts as the bonuses it needs are gathered."""
POTENTIAL = (0.45, 0.2)
"""How much the best and the second-best card within reach count, before the wait discount."""
WAIT = 0.7
"""The discount per turn of waiting before a card can be bought."""
TOKEN = 0.15
"""A held gem token's worth (about a third of a turn; it pays for any card later)."""
GOLD_TOKEN = 0.25
RESERVE = 0.2
"""The cost of holding a reserved card (a slot of the hand taken)."""
FAR_RESERVE = 0.35
"""The extra cost of a reserved card that is still far from affordable."""


def values(state: GameState) -> tuple[float, ...]:
    """Every player's position worth, in prestige points (a won game is worth ``WIN_VALUE``).

    >>> from splendor_nb import new_game
    >>> values(new_game(players=3, seed=1))[0] > 0
    True
    """
    players = state.players
    if state.over:
        winners = state.winners
        return tuple(WIN_VALUE if i in winners else -WIN_VALUE for i in range(len(players)))
    leader = max(p.points for p in players)
    fade = max(0.0, 1.0 - leader / WINNING_POINTS)
    market = [c for row in state.market_rows for c in row if c is not None]
    missing = [[missing_bonuses(n.needs, p.bonus_counts) for n in state.nobles] for p in players]
    return tuple(_player_value(state, i, p, market, missing, fade) for i, p in enumerate(players))


def relative(scores: Sequence[float], player: int) -> float:
    """A player's worth minus the best opponent's: what a player maximises.

    >>> relative((3.0, 5.0, 4.0), 1)
    1.0
    """
    return scores[player] - max(s for i, s in enumerate(scores) if i != player)


def changing(moves: Sequence[Move]) -> list[Move]:
    """``moves`` without the takes that hand back exactly the tokens they took, unless nothing
    else is left: such a turn changes nothing, and repeated it only ends the game (R-REPEAT).

    >>> from splendor_nb.moves import Move
    >>> [str(m) for m in changing([Move.parse("+br -br"), Move.parse("+br -bb")])]
    ['+br -bb']
    """
    kept = [move for move in moves if move.kind != "take" or move.returned != move.gems]
    return kept or list(moves)


def actions(state: GameState, moves: Sequence[Move] | None = None) -> list[Move]:
    """One variant per action among ``moves`` (default: the legal moves), in their order.

    >>> from splendor_nb import new_game
    >>> state = new_game(seed=2)
    >>> actions(state) == state.legal_moves()   # nothing to return, no noble: all distinct
    True
    """
    moves = state.legal_moves() if moves is None else moves
    groups: dict[int, list[Move]] = {}
    for move in moves:  # the searches' hottest loop: numbers, not tuples, key the groups
        number = _ACTION_OF.get(move)
        if number is None:
            number = _number_action(move)
        group = groups.get(number)
        if group is None:
            groups[number] = [move]
        else:
            group.append(move)
    if len(groups) == len(moves):
        return list(moves)
    keep = keep_weights(state, state.current_player)
    rivals = _rival_closeness(state)
    return [group[0] if len(group) == 1 else _least_returned(group, keep, rivals)
            for group in groups.values()]


_ACTION_OF: dict[Move, int] = {}
"""Each move seen, by its action's number: the moves of one action differ only in the tokens
returned (R-LIMIT10) and the noble who visits (R-NOBLE). Moves are interned, so the look-up
is by identity."""
_ACTION_NUMBERS: dict[tuple[object, ...], int] = {}


def _number_action(move: Move) -> int:
    number = _ACTION_NUMBERS.setdefault((move.kind, move.gems, move.card, move.tier),
                                        len(_ACTION_NUMBERS))
    _ACTION_OF[move] = number
    return number


def _least_returned(group: Sequence[Move], keep: Sequence[float], rivals: dict[str, int]
                    ) -> Move:
    """The first move of ``group`` that returns the tokens least worth keeping (``keep``,
    gold last), the noble an opponent is closest to first among equals."""
    k0, k1, k2, k3, k4, k5 = keep
    best = group[0]
    best_key: tuple[float, int] | None = None
    for move in group:
        r0, r1, r2, r3, r4, r5 = move.returned
        key = (r0 * k0 + r1 * k1 + r2 * k2 + r3 * k3 + r4 * k4 + r5 * k5,
               -rivals.get(move.noble or "", 0))
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


class KeepsMoves(Protocol):
    """A search node that keeps its moves between deals (:func:`deal_moves`)."""

    seen: object
    """What the moves were made for: the parts of the position they depend on."""
    moves: list[Move]


def deal_moves(node: KeepsMoves, state: GameState) -> list[Move]:
    """One variant of each action legal in ``state``, a deal of ``node``'s position: the moves
    the node kept from the last deal when its market, supply, players and decks left are the
    same (a search deals the unseen cards afresh each time it passes by).

    >>> from splendor_nb import new_game
    >>> class Node:
    ...     seen, moves = None, []
    >>> node, state = Node(), new_game(seed=2)
    >>> deal_moves(node, state) == actions(state) and deal_moves(node, state) is node.moves
    True
    """
    seen = (state.market_rows, state.supply_counts, state.players,
            tuple(bool(deck) for deck in state.decks))
    if seen != node.seen:
        node.seen = seen
        node.moves = actions(state, changing(state.legal_moves()))
    return node.moves


def keep_weights(state: GameState, player: int) -> tuple[float, ...]:
    """How much ``player`` wants to keep one token of each colour (gold last): the tokens
    that pay for the cards within reach weigh most; surplus tokens weigh almost nothing.

    >>> from splendor_nb import new_game
    >>> len(keep_weights(new_game(seed=1), 0))
    6
    """
    p = state.players[player]
    bonuses = p.bonus_counts
    targets = sorted(_reachable(state, p), key=lambda t: -t[0])[:3]
    weights = [0.01] * 5 + [10.0]
    for worth, card in targets:
        for k in range(5):
            need = card.costs[k] - bonuses[k]
            if need > 0:
                weights[k] += worth * need
    return tuple(weights)


_FULL_SUPPLY = (GEM_TOKENS_IN_BOX,) * 5 + (GOLD_TOKENS,)
"""The supply of a 4-player game: no colour runs short."""


@lru_cache(maxsize=1 << 16)
def wait_turns(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...],
               supply: tuple[int, ...] = _FULL_SUPPLY) -> int:
    """Turns of token-taking before ``card`` can be bought (0: it can be bought now). A price
    above 10 tokens, or tokens the supply has run out of, count as much longer waits.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> wait_turns(CARD_BY_ID["1w1"], (0, 0, 0, 2, 1, 0), (0, 0, 0, 0, 0))
    0
    """
    short = 0
    worst = 0
    price = 0
    scarce = 0
    for k in range(5):
        need = card.costs[k] - bonuses[k]
        if need > 0:
            price += need
            gap = need - tokens[k]
            if gap > 0:
                short += gap
                if gap > worst:
                    worst = gap
                if gap > supply[k]:
                    scarce += gap - supply[k]
    gold = tokens[5]
    if short <= gold:
        return 0
    by_count = -(-(short - gold) // TAKE3_COUNT)  # a turn takes at most 3 tokens (R-TAKE3)
    by_colour = -(-(worst - gold) // TAKE2_COUNT)  # and at most 2 of one colour (R-TAKE2)
    wait = by_count if by_count > by_colour else by_colour
    if price > TOKEN_LIMIT:  # more than a hand may hold (R-LIMIT10): needs bonuses first
        wait += 3 + price - TOKEN_LIMIT
    return wait + 2 * scarce


def _player_value(state: GameState, i: int, p: PlayerState, market: list[Card],
                  missing: list[list[int]], fade: float) -> float:
    bonuses = p.bonus_counts
    tokens = p.token_counts
    engine = ENGINE_LATE + (ENGINE - ENGINE_LATE) * fade
    value = (p.points + engine * sum(bonuses) - RESERVE * len(p.reserved)
             + TOKEN * (sum(tokens) - tokens[5]) + GOLD_TOKEN * tokens[5])
    mine = missing[i]
    others = [m for j, m in enumerate(missing) if j != i]
    first = second = 0.0
    for n, noble in enumerate(state.nobles):
        lacking = mine[n]
        share = NOBLE_SHARE * 3 * (1 - lacking / _NOBLE_TOTAL[noble.id]) ** 2
        for other in others:
            if other[n] < lacking:
                share *= 0.5
                break
        if share > first:
            first, second = share, first
        elif share > second:
            second = share
    value += first + second
    wanted = _wanted_colours(state, bonuses)
    pull = fade * NOBLE_PULL
    supply = state.supply_counts
    best = second = 0.0
    for card in market:
        worth = (card.points + engine + pull * wanted[card.bonus_index]) \
            * _DISCOUNT[wait_turns(card, tokens, bonuses, supply)]
        if worth > best:
            best, second = worth, best
        elif worth > second:
            second = worth
    for card in p.reserved:
        turns = wait_turns(card, tokens, bonuses, supply)
        worth = (card.points + engine + pull * wanted[card.bonus_index]) * _DISCOUNT[turns]
        if worth > best:
            best, second = worth, best
        elif worth > second:
            second = worth
        if turns >= 3:
            value -= FAR_RESERVE
    return value + POTENTIAL[0] * best + POTENTIAL[1] * second


_DISCOUNT = tuple(WAIT ** turns for turns in range(64))
_NOBLE_TOTAL = {noble.id: sum(noble.needs) for noble in NOBLES}


def _wanted_colours(state: GameState, bonuses: Sequence[int]) -> list[int]:
    wanted = [0, 0, 0, 0, 0]
    for noble in state.nobles:
        for k in range(5):
            if noble.needs[k] > bonuses[k]:
                wanted[k] += 1
    return wanted


def _reachable(state: GameState, p: PlayerState) -> list[tuple[float, Card]]:
    market = [c for row in state.market_rows for c in row if c is not None]
    wanted = _wanted_colours(state, p.bonus_counts)
    return [((card.points + ENGINE + NOBLE_PULL * wanted[card.bonus_index] + 0.5)
             * WAIT ** wait_turns(card, p.token_counts, p.bonus_counts, state.supply_counts), card)
            for card in (*market, *p.reserved)]


def _rival_closeness(state: GameState) -> dict[str, int]:
    """Per noble, minus the fewest bonuses an opponent still lacks (higher: more contested)."""
    me = state.current_player
    return {n.id: -min(missing_bonuses(n.needs, p.bonus_counts)
                       for j, p in enumerate(state.players) if j != me)
            for n in state.nobles}


@lru_cache(maxsize=1 << 14)
def missing_bonuses(needs: tuple[int, ...], bonuses: tuple[int, ...]) -> int:
    """Bonuses still lacking to meet a noble's requirement (R-NOBLE).

    >>> missing_bonuses((4, 4, 0, 0, 0), (3, 5, 1, 0, 0))
    1
    """
    return sum(need - have for need, have in zip(needs, bonuses, strict=True) if need > have)
