"""The hard bot's search.

The search deals the cards its player cannot see at random (``determinize``) a few times and,
on each deal, looks a few turns ahead: at each position only the most promising actions (rated
one move deep by :func:`~splendor_nb.ai.heuristics.values`) are followed, every player picks the
line that is best for themselves (max-n; minimax with two players), and the positions at the
horizon are rated by the heuristic. It deepens one turn at a time until the budget of positions
rated is spent, keeping the last depth it finished. The root moves' scores are summed over the
deals.

>>> import random
>>> from splendor_nb import new_game
>>> state = new_game(players=2, seed=4)
>>> search(state.player_view(0), random.Random(1), budget=300) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from splendor_nb.ai.heuristics import actions, changing, relative, values
from splendor_nb.engine import GameState
from splendor_nb.moves import Move

DEFAULT_BUDGET = 2500
"""Positions rated per move by the hard bot (about half a second on the reference machine)."""
DEALS = 2
"""Random deals of the unseen cards searched per move."""
ROOT_WIDTH = 8
WIDTH = 5
"""Actions followed at the root and below it."""
MAX_DEPTH = 8
EXACT_RETURNS = 250
"""Up to this many legal moves, every way of returning tokens is rated at the root."""


def search(view: GameState, rng: random.Random, budget: int = DEFAULT_BUDGET) -> Move:
    """The best move found for the player to move in ``view``, looking ahead within ``budget``
    positions rated (besides the root's own moves).

    ``view`` should be ``state.player_view(player)``; the search deals the unseen cards itself.
    """
    moves = changing(view.legal_moves())
    if len(moves) == 1:
        return moves[0]
    return _search(view, rng, budget)


class _Budget(Exception):
    """The budget of positions rated is spent."""


class _Node:
    """A position in the search tree; ``children`` are filled in when it is first expanded."""

    __slots__ = ("children", "state", "worth")

    def __init__(self, state: GameState, worth: tuple[float, ...]) -> None:
        self.state = state
        self.worth = worth
        self.children: list[tuple[Move, _Node]] | None = None


class _Search:
    def __init__(self, budget: int) -> None:
        self.left = budget

    def expand(self, node: _Node, width: int, moves: Sequence[Move] | None = None
               ) -> list[tuple[Move, _Node]]:
        if node.children is None:
            state = node.state
            mover = state.current_player
            candidates = actions(state) if moves is None else list(moves)
            if self.left < len(candidates):
                raise _Budget
            self.left -= len(candidates)
            rated = []
            for move in candidates:
                after = state.apply_legal(move)
                rated.append((move, _Node(after, values(after))))
            rated.sort(key=lambda pair: -relative(pair[1].worth, mover))
            node.children = rated[:width]
        return node.children

    def value(self, node: _Node, depth: int) -> tuple[float, ...]:
        """The worth vector at the end of the line every player prefers, ``depth`` turns on."""
        if depth == 0 or node.state.over:
            return node.worth
        mover = node.state.current_player
        best: tuple[float, ...] | None = None
        for _, child in self.expand(node, WIDTH):
            worth = self.value(child, depth - 1)
            if best is None or relative(worth, mover) > relative(best, mover):
                best = worth
        return node.worth if best is None else best


def _search(view: GameState, rng: random.Random, budget: int) -> Move:
    """The best root move, its line's worth summed over the deals."""
    me = view.current_player
    first = view.determinize(me, rng.randrange(1 << 32))
    unlimited = _Search(1 << 62)
    legal = changing(first.legal_moves())
    candidates = legal if len(legal) <= EXACT_RETURNS else actions(first, legal)
    root_moves = [m for m, _ in unlimited.expand(_Node(first, values(first)), ROOT_WIDTH,
                                                 candidates)]
    totals = [[0.0] * len(view.players) for _ in root_moves]
    for deal_index in range(DEALS):
        deal = first if deal_index == 0 else view.determinize(me, rng.randrange(1 << 32))
        root = _Node(deal, values(deal))
        unlimited.expand(root, ROOT_WIDTH, root_moves)
        tree = _Search(budget // DEALS)
        children = dict(root.children or [])
        found = [children[m].worth for m in root_moves]
        for depth in range(1, MAX_DEPTH):
            try:
                found = [tree.value(children[m], depth) for m in root_moves]
            except _Budget:
                break
        for total, worth in zip(totals, found, strict=True):
            for i, w in enumerate(worth):
                total[i] += w / DEALS
    best = max(range(len(root_moves)), key=lambda i: (relative(totals[i], me), -i))
    return root_moves[best]
