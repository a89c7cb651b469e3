"""What the networks (the baseline's value model, the expert's network) read of a position: a
row of numbers per player.

Each row describes one player's standing (points, bonuses, tokens, reserved cards, the cards
they can buy now, their progress towards nobles, the heuristic worth of
:func:`~splendor_nb.ai.heuristics.values`) and how it compares with the best opponent's, plus
where the game is (its round, who moves next, whether the end was triggered). The model
(:mod:`splendor_nb.ai.model`) scores each row alike and turns the scores into win chances, so
one model serves 2, 3 and 4 players.

Only what the rows' player could see matters when the position is a player's view or a
determinized deal of it: the deck order is not read, and a reserved card counts through its
costs only as a card its owner can buy.

>>> from splendor_nb import new_game
>>> rows = features(new_game(players=3, seed=1))
>>> len(rows), len(rows[0]) == FEATURES
(3, True)
"""

from __future__ import annotations

from splendor_nb.ai.heuristics import missing_bonuses, relative, values, wait_turns
from splendor_nb.engine import GameState
from splendor_nb.rules import WINNING_POINTS

NAMES: tuple[str, ...] = (
    "points", "points ahead", "bonuses", "white bonus", "blue bonus", "green bonus",
    "red bonus", "black bonus", "white tokens", "blue tokens", "green tokens", "red tokens",
    "black tokens", "gold tokens", "tokens", "reserved", "worth", "worth ahead",
    "turns to wait", "round", "buyable cards", "buyable points", "nearest noble",
    "second noble", "end triggered", "players", "cards bought", "leader",
)
"""The features of a row, in order (:func:`features`)."""
FEATURES = len(NAMES)


def features(state: GameState) -> list[list[float]]:
    """One row of :data:`NAMES` per player, each number scaled to about 0..1.

    >>> from splendor_nb import new_game
    >>> rows = features(new_game(players=2, seed=4))
    >>> rows[0][NAMES.index("turns to wait")], rows[1][NAMES.index("turns to wait")]
    (0.0, 0.5)
    """
    players = state.players
    count = len(players)
    worths = values(state)
    points = [p.points for p in players]
    leader = max(points)
    ranked = sorted(points, reverse=True)
    triggered = 1.0 if leader >= WINNING_POINTS else 0.0
    supply = state.supply_counts
    market = [c for row in state.market_rows for c in row if c is not None]
    needs = [noble.needs for noble in state.nobles]
    to_move = state.current_player
    rows = []
    for i, p in enumerate(players):
        bonuses = p.bonus_counts
        tokens = p.token_counts
        buyable = 0
        buyable_points = 0
        for card in (*market, *p.reserved):
            if wait_turns(card, tokens, bonuses, supply) == 0:
                buyable += 1
                if card.points > buyable_points:
                    buyable_points = card.points
        missing = sorted(missing_bonuses(need, bonuses) for need in needs)
        # the best opponent's points: the leader's, unless this player leads alone
        others = ranked[1] if p.points == leader != ranked[1] else leader
        rows.append([
            p.points / WINNING_POINTS,
            (p.points - others) / WINNING_POINTS,
            sum(bonuses) / WINNING_POINTS,
            bonuses[0] / 5, bonuses[1] / 5, bonuses[2] / 5, bonuses[3] / 5, bonuses[4] / 5,
            tokens[0] / 5, tokens[1] / 5, tokens[2] / 5, tokens[3] / 5, tokens[4] / 5,
            tokens[5] / 5,
            sum(tokens) / 10,
            len(p.reserved) / 3,
            worths[i] / 20,
            relative(worths, i) / 20,
            ((i - to_move) % count) / count,
            state.round / 30,
            buyable / 5,
            buyable_points / 5,
            (missing[0] if missing else 9) / 9,
            (missing[1] if len(missing) > 1 else 9) / 9,
            triggered,
            count / 4,
            len(p.cards) / 20,
            1.0 if p.points == leader else 0.0,
        ])
    return rows
