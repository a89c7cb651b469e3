"""The baseline bot's search: information-set Monte Carlo tree search guided by the value model.

This was the expert level until the expert became the self-play network's search
(:mod:`splendor_nb.ai.puct`); it is kept, unchanged, as the opponent the benchmarks measure the
expert against (``Bot("baseline")``), and it mines the shipped puzzles
(:mod:`splendor_nb.learn.puzzle_mining`).

One tree is grown over the moves of the player to move and of everyone after them. Each
simulation deals the cards its player cannot see at random again (``determinize``: the deck
order and the opponents' blind reserves, R-RESERVE-HIDDEN), so the tree averages over the deals
consistent with what the player knows instead of believing any one of them. A simulation walks
down from the root, at each position picking among the moves legal in this deal the one with
the best ``chance + EXPLORATION * prior * sqrt(visits) / (1 + its visits)`` for the player who
moves there (PUCT; every player plays for themselves, so it works for 2 to 4 players). At the
first position it reaches that the tree has not expanded, it rates every move there by the
value model (:mod:`splendor_nb.ai.model`) in one batch: those ratings are the moves' priors
and first estimates. The simulation's result looks two moves ahead of the new position: the
move its mover rates best, then the reply the next player rates best there (their moves rated
in one batch too, which expands that position); rated alone, a position hides the card its
mover is about to buy and the answer it leaves the next player. The result is added to every
position on the way down. The move played is the root's most visited one.

Below the root only one variant of each action is followed (the tokens least needed returned,
:func:`~splendor_nb.ai.heuristics.actions`); at the root, every way of returning tokens is
rated while there are at most ``EXACT_RETURNS`` legal moves. The budget is the number of
simulations, so a move's work does not depend on the machine's speed.

>>> import random
>>> from splendor_nb import new_game
>>> state = new_game(players=2, seed=4)
>>> baseline(state.player_view(0), random.Random(1), simulations=30) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from splendor_nb.ai.heuristics import actions, changing, deal_moves
from splendor_nb.ai.search import EXACT_RETURNS
from splendor_nb.engine import GameState
from splendor_nb.moves import Move

SIMULATIONS: dict[int, int] = {2: 100, 3: 80, 4: 60}
"""Simulations per move by default, by player count. A simulation costs more with more
players (every player's part of a position is rated), so fewer keep a move under a second at
the 95th percentile (docs/ai.md gives the time per move and the matches: with two players it
did as well at 100 as at 300)."""
EXPLORATION = 0.4
"""PUCT's weight of the prior against the chances found (chances run from 0 to 1). At 0.4 the
search trusts the chances it finds two moves ahead more than the network's first ratings: it
beat hard in 158 of 200 games where it won 141 at 1.0, on the same deals (docs/ai.md)."""
PRIOR_TEMPERATURE = 0.05
"""A move whose rated win chance is this much higher gets e (2.718...) times the prior."""


class _Node:
    """A move's result in the tree: its first rating, and the chances summed over visits."""

    __slots__ = ("chances", "children", "moves", "prior", "seen", "total", "visits")

    def __init__(self, chances: Sequence[float], prior: float) -> None:
        self.chances = tuple(chances)
        self.prior = prior
        self.visits = 0
        self.total = [0.0] * len(self.chances)
        self.children: dict[Move, _Node] | None = None
        self.seen: object = None
        """What decides the moves of the last deal that came here, and those moves: most
        deals bring the same market here, and finding the moves again costs more than
        comparing."""
        self.moves: list[Move] = []

    def worth(self, player: int) -> float:
        """``player``'s chance of winning here: found by the visits, else the first rating."""
        return self.total[player] / self.visits if self.visits else self.chances[player]


def baseline(view: GameState, rng: random.Random, simulations: int | None = None) -> Move:
    """The move the search prefers for the player to move in ``view`` (their view: the search
    deals what they cannot see itself), after ``simulations`` simulations (by default
    :data:`SIMULATIONS` for the number of players)."""
    moves = root_moves(view)
    if len(moves) == 1:
        return moves[0]
    budget = SIMULATIONS[len(view.players)] if simulations is None else simulations
    return preferred(grow(view, rng, budget, moves), moves, view.current_player)


def preferred(root: _Node, moves: Sequence[Move], me: int) -> Move:
    """The move the baseline plays from a grown tree's ``root``: the most visited of ``moves``,
    the better chance for ``me`` first among equals."""
    children = root.children or {}
    return max(moves, key=lambda m: (children[m].visits, children[m].worth(me))
               if m in children else (-1, 0.0))


def root_visits(root: _Node, moves: Sequence[Move]) -> list[int]:
    """How many simulations went on through each of ``moves`` from a grown tree's ``root``
    (the training script's policy targets are their shares). The first simulation only
    expands the root, so they add up to one less than the root's visits.

    >>> from splendor_nb import new_game
    >>> view = new_game(seed=1).player_view(0)
    >>> moves = root_moves(view)
    >>> visits = root_visits(grow(view, random.Random(0), 12, moves), moves)
    >>> len(visits) == len(moves), sum(visits)
    (True, 11)
    """
    children = root.children or {}
    return [children[m].visits if m in children else 0 for m in moves]


def root_moves(view: GameState) -> list[Move]:
    """The moves the search weighs at the root: no net-zero take while another move exists,
    and one variant of each action when the ways of returning tokens are too many to rate.

    >>> from splendor_nb import new_game
    >>> len(root_moves(new_game(seed=1))) > 1
    True
    """
    moves = changing(view.legal_moves())
    return actions(view, moves) if len(moves) > EXACT_RETURNS else moves


def grow(view: GameState, rng: random.Random, simulations: int,
         root_moves: Sequence[Move]) -> _Node:
    """The tree after ``simulations`` simulations from ``view``, the root's moves given; its
    root's ``visits`` count them.

    >>> from splendor_nb import new_game
    >>> view = new_game(seed=1).player_view(0)
    >>> grow(view, random.Random(0), 12, view.legal_moves()).visits
    12
    """
    return extend(_Node(rate([view])[0], 1.0), view, rng, max(1, simulations), root_moves)


def extend(root: _Node, view: GameState, rng: random.Random, simulations: int,
           root_moves: Sequence[Move]) -> _Node:
    """``root``, a tree :func:`grow` made from ``view`` with ``rng``, after ``simulations``
    more simulations: a tree grown by 10 then extended by 20 is the tree grown by 30, so a
    search can be stopped early and go on without losing its work.

    >>> from splendor_nb import new_game
    >>> view = new_game(seed=1).player_view(0)
    >>> moves = root_moves(view)
    >>> rng = random.Random(0)
    >>> grown = extend(grow(view, rng, 10, moves), view, rng, 20, moves)
    >>> root_visits(grown, moves) == root_visits(grow(view, random.Random(0), 30, moves), moves)
    True
    """
    me = view.current_player
    for _ in range(simulations):
        _simulate(root, view.determinize(me, rng.randrange(1 << 32)), root_moves)
    return root


def _simulate(root: _Node, deal: GameState, root_moves: Sequence[Move]) -> None:
    """One simulation on one deal: down to a position not yet expanded, expand it, back up."""
    node = root
    state = deal
    path = [root]
    result = node.chances
    while not state.over:
        moves = root_moves if node is root else deal_moves(node, state)
        new = node.children is None
        children = _expand(node, state, moves)
        mover = state.current_player
        if new:  # look two moves ahead: the mover's best-rated move, then the best reply
            best = max(moves, key=lambda move: children[move].chances[mover])
            result = _best_reply(children[best], state.apply_legal(best))
            break
        move = _select(node, moves, mover)
        node = children[move]
        state = state.apply_legal(move)
        path.append(node)
        result = node.chances
    for visited in path:
        visited.visits += 1
        for i, chance in enumerate(result):
            visited.total[i] += chance


def _best_reply(node: _Node, state: GameState) -> tuple[float, ...]:
    """The chances after the move the player to move in ``state`` rates best, ``node`` being
    that position in the tree (expanded by rating those moves); a finished game's own."""
    if state.over:
        return node.chances
    replies = deal_moves(node, state)
    children = _expand(node, state, replies)
    mover = state.current_player
    return max((children[move].chances for move in replies), key=lambda row: row[mover])


def rate(states: Sequence[GameState]) -> list[list[float]]:
    """Every player's chance of winning in each of ``states``, by the value model (numpy is
    imported on the first call, not with the bots).

    >>> from splendor_nb import new_game
    >>> [round(sum(row), 6) for row in rate([new_game(seed=1), new_game(seed=2)])]
    [1.0, 1.0]
    """
    from splendor_nb.ai.model import win_chances

    result: list[list[float]] = win_chances(states).tolist()
    return result


def _expand(node: _Node, state: GameState, moves: Sequence[Move]) -> dict[Move, _Node]:
    """Rate the moves of ``moves`` the node has no child for yet (a new deal may bring new
    cards to the market), all in one batch of the value model; the node's children."""
    children = node.children if node.children is not None else {}
    new = [move for move in moves if move not in children]
    if new:
        mover = state.current_player
        chances = rate([state.apply_legal(move) for move in new])
        top = max(row[mover] for row in chances)
        for move, row in zip(new, chances, strict=True):
            children[move] = _Node(row, math.exp((row[mover] - top) / PRIOR_TEMPERATURE))
    node.children = children
    return children


def _select(node: _Node, moves: Sequence[Move], mover: int) -> Move:
    """PUCT among the moves legal in this deal."""
    children = node.children or {}
    total_prior = sum(children[m].prior for m in moves)
    scale = EXPLORATION * math.sqrt(node.visits + 1) / total_prior
    best = moves[0]
    best_score = -math.inf
    for move in moves:
        child = children[move]
        score = child.worth(mover) + scale * child.prior / (1 + child.visits)
        if score > best_score:
            best, best_score = move, score
    return best
