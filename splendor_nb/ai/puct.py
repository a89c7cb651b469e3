"""The expert bot's search: PUCT over fresh deals of the unseen cards, guided by a policy and
value network (:mod:`splendor_nb.ai.policy_value`).

As in the baseline's search (:mod:`splendor_nb.ai.baseline`, the expert before this one), one
tree is grown over the moves of every player, and each simulation deals the cards its player
cannot see at random again (``determinize``: the deck order and the opponents' blind reserves,
R-RESERVE-HIDDEN), so the tree averages over the deals consistent with what the player knows. A
simulation walks down from the root, at each position picking among the moves legal in this deal
the one with the best ``chance + EXPLORATION * prior * sqrt(visits) / (1 + its visits)`` for the
player who moves there (each plays for themselves, so it works for 2 to 4 players; a move not
yet tried counts the position's own chance, a little less once its likelier moves are tried:
``FIRST_PLAY_REDUCTION``). At the first position it reaches that the tree has
not expanded, the network gives every player's chance of winning (the simulation's result, added
to every position on the way down) and the priors of its moves, in one pass; a finished game's
result is its own. A later deal may bring moves the first did not (new cards in the market):
only those are scored, against what the network made of the first deal
(:meth:`~splendor_nb.ai.policy_value.Assessment.more_priors`). The move played is the root's
most visited one; a game's search stops as soon as no other move could overtake it.

At the root as below it, only one variant of each action is searched (the tokens least needed
returned, the noble an opponent is closest to: :func:`~splendor_nb.ai.heuristics.actions`):
the baseline rates every way of returning tokens at its root, but a few hundred simulations
spread over two hundred variants of the same few actions would learn nothing of any of them.

Unlike the baseline, a new position costs one pass of the network, not one rating per move, so
the same time buys several times the simulations.

The same search judges positions for the review and *Who was winning?* (:func:`judge`): the
root's mean chances, the network's value averaged over the simulations, are every player's
chance of winning (docs/ai.md: how well they are calibrated).

>>> import random
>>> from splendor_nb import new_game
>>> state = new_game(players=2, seed=4)
>>> puct(state.player_view(0), random.Random(1), simulations=30) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from splendor_nb.ai.heuristics import actions, changing, deal_moves
from splendor_nb.engine import GameState
from splendor_nb.moves import Move

if TYPE_CHECKING:  # numpy is imported on the first search, not with the bots
    from splendor_nb.ai.policy_value import Assessment, Network

SIMULATIONS: dict[int, int] = {2: 1700, 3: 1600, 4: 2000}
"""Simulations per move by default, by player count: each keeps a move under a second of CPU
at the 95th percentile (docs/ai.md). With 4 players 1,100 until 6 Dec 2026: as one seat
against three `baseline` seats the expert won 30 of 80 games with it, 46 of 80 with 2,000."""
REVIEW_SIMULATIONS = 80
"""Simulations per position when the expert judges it (:func:`judge`: the review, *Who was
winning?*): a review of a 60-turn game in a few seconds of CPU (docs/review.md: its labels
beside those at the playing budget)."""
EXPLORATION = 1.0
"""PUCT's weight of the prior against the chances found (chances run from 0 to 1)."""
FIRST_PLAY_REDUCTION = 0.1
"""How much less than its position's chance a move not yet tried counts, once all the priors
there are tried (times the square root of the share tried: Leela's "first play urgency"), so
that the search looks deeper into the moves the policy likes before trying the rest; 147 of
200 games against ``baseline`` with it, 137 without (docs/ai.md, 6 Dec 2026)."""


class Noise:
    """Dirichlet noise mixed into the root's priors, so that self-play tries moves its network
    does not yet like (AlphaZero's ``alpha`` and share)."""

    def __init__(self, alpha: float, share: float, seed: int) -> None:
        import numpy as np

        self.alpha = alpha
        self.share = share
        self.rng = np.random.default_rng(seed)

    def mix(self, priors: Sequence[float]) -> list[float]:
        """``priors`` with the noise mixed in.

        >>> mixed = Noise(0.3, 0.25, seed=1).mix([0.5, 0.5])
        >>> round(sum(mixed), 6), mixed != [0.5, 0.5]
        (1.0, True)
        """
        drawn = self.rng.dirichlet([self.alpha] * len(priors))
        return [(1 - self.share) * p + self.share * float(d)
                for p, d in zip(priors, drawn, strict=True)]


class Node:
    """A position of the tree: its visits, every player's chances summed over them, the
    priors of the moves seen there and the positions they lead to."""

    __slots__ = ("assessment", "children", "moves", "priors", "seen", "total", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.total = [0.0] * players
        self.priors: dict[Move, float] | None = None
        self.assessment: Assessment | None = None
        """What the network made of the first deal that came here."""
        self.children: dict[Move, Node] = {}
        self.seen: object = None
        """What decides the moves of the last deal that came here, and those moves (most
        deals bring the same market here, and finding the moves again costs more)."""
        self.moves: list[Move] = []

    def worth(self, player: int) -> float:
        """``player``'s mean chance of winning over the visits (0 before any)."""
        return self.total[player] / self.visits if self.visits else 0.0


def puct(view: GameState, rng: random.Random, simulations: int | None = None,
         network: Network | None = None) -> Move:
    """The move the search prefers for the player to move in ``view`` (their view: the search
    deals what they cannot see itself), after ``simulations`` simulations (by default
    :data:`SIMULATIONS` for the number of players), with ``network`` (by default the shipped
    one)."""
    moves = searched_moves(view)
    if len(moves) == 1:
        return moves[0]
    budget = SIMULATIONS[len(view.players)] if simulations is None else simulations
    root = search(view, rng, budget, moves, network, until_decided=True)
    return best_move(root, moves, view.current_player)


class Judgement(NamedTuple):
    """What the expert makes of a position."""

    chances: tuple[float, ...]
    """Every player's chance of winning, summing to 1."""
    move: Move | None
    """The move it prefers for the player to move (``None`` once the game is over)."""


def judge(state: GameState, simulations: int = REVIEW_SIMULATIONS,
          network: Network | None = None) -> Judgement:
    """The expert's judgement of ``state``, from one search of the view of the player to move
    (what they cannot see is dealt afresh, never read): the root's mean chances and its most
    visited move. The search is seeded by the position's turn, so a position always gets the
    same judgement. A finished game gives its winners equal shares.

    >>> from splendor_nb import new_game
    >>> state = new_game(players=3, seed=2)
    >>> found = judge(state, simulations=40)
    >>> len(found.chances), round(sum(found.chances), 6), found.move in state.legal_moves()
    (3, 1.0, True)
    >>> found == judge(state, simulations=40)
    True
    """
    if state.over:
        return Judgement(tuple(_winners_shares(state)), None)
    players = len(state.players)
    me = state.current_player
    view = state.player_view(me)
    moves = searched_moves(view)
    root = search(view, random.Random(f"judge/{view.turn}"), simulations, moves, network)
    return Judgement(tuple(root.worth(player) for player in range(players)),
                     best_move(root, moves, me))


def evaluate(state: GameState, simulations: int = REVIEW_SIMULATIONS) -> tuple[float, ...]:
    """Every player's chance of winning from ``state``, as the expert judges it (:func:`judge`).

    >>> from splendor_nb import new_game
    >>> chances = evaluate(new_game(players=2, seed=2), simulations=40)
    >>> len(chances), round(sum(chances), 6), all(0 < p < 1 for p in chances)
    (2, 1.0, True)
    """
    return judge(state, simulations).chances


def searched_moves(view: GameState) -> list[Move]:
    """The root's moves: one variant of each action, and no net-zero take while another move
    exists (R-REPEAT would end a game of them).

    >>> from splendor_nb import new_game
    >>> len(searched_moves(new_game(seed=1))) > 1
    True
    """
    return actions(view, changing(view.legal_moves()))


def best_move(root: Node, moves: Sequence[Move], me: int) -> Move:
    """The root's most visited move (the better chance first among equals)."""
    def rank(move: Move) -> tuple[int, float]:
        child = root.children.get(move)
        return (child.visits, child.worth(me)) if child is not None else (0, 0.0)

    return max(moves, key=rank)


def search(view: GameState, rng: random.Random, simulations: int, moves: Sequence[Move],
           network: Network | None = None, noise: Noise | None = None,
           until_decided: bool = False) -> Node:
    """The tree after ``simulations`` simulations from ``view``, the root's moves given.
    ``until_decided`` stops it sooner, once no root move could overtake the most visited one
    in the simulations left: the move played is the same, but the visits are not the whole
    budget's (not a training target, not a judgement).

    >>> from splendor_nb import new_game
    >>> view = new_game(seed=1).player_view(0)
    >>> moves = view.legal_moves()
    >>> root = search(view, random.Random(0), 30, moves)
    >>> root.visits, sum(child.visits for child in root.children.values())
    (30, 29)
    >>> early = search(view, random.Random(0), 30, moves, until_decided=True)
    >>> early.visits, best_move(early, moves, 0) is best_move(root, moves, 0)
    (27, True)
    """
    me = view.current_player
    root = Node(len(view.players))
    budget = max(1, simulations)
    for done in range(1, budget + 1):
        deal = view.determinize(me, rng.randrange(1 << 32))
        _simulate(root, deal, moves, network, noise)
        if until_decided and _decided(root, budget - done):
            break
    return root


def _decided(root: Node, left: int) -> bool:
    """Whether the root's most visited move stays the most visited, however the ``left``
    simulations still to come go (each adds one visit to one root move)."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def visit_shares(root: Node, moves: Sequence[Move]) -> list[float]:
    """Each root move's share of the root's visits below it: the policy's training target."""
    return shares_of([root.children[m].visits if m in root.children else 0 for m in moves])


def shares_of(visits: Sequence[int]) -> list[float]:
    """Each count's share of their sum (all 0 when none was visited).

    >>> shares_of([3, 1, 0])
    [0.75, 0.25, 0.0]
    """
    total = sum(visits) or 1
    return [v / total for v in visits]


def _simulate(root: Node, deal: GameState, root_moves: Sequence[Move],
              network: Network | None, noise: Noise | None) -> None:
    """One simulation on one deal: down to a position not yet expanded, expand it, back up."""
    from splendor_nb.ai.policy_value import assess

    node = root
    state = deal
    path = [root]
    while True:
        if state.over:
            result = _winners_shares(state)
            break
        moves = root_moves if node is root else deal_moves(node, state)
        if node.priors is None or node.assessment is None:
            node.assessment = found = assess(state, moves, network)
            result, priors = found.chances, found.priors
            if node is root and noise is not None:
                priors = noise.mix(priors)
            node.priors = dict(zip(moves, priors, strict=True))
            break
        new = [move for move in moves if move not in node.priors]
        if new:  # this deal brought cards to the market that no deal before it did
            node.priors.update(zip(new, node.assessment.more_priors(state, new, network),
                                   strict=True))
        move = _select(node, moves, state.current_player)
        child = node.children.get(move)
        if child is None:
            child = node.children[move] = Node(len(state.players))
        node = child
        state = state.apply(move)
        path.append(node)
    for visited in path:
        visited.visits += 1
        for i, chance in enumerate(result):
            visited.total[i] += chance


def _winners_shares(state: GameState) -> list[float]:
    """A finished game's result: each winner's equal share of the victory, 0 for the others."""
    winners = state.winners
    return [1 / len(winners) if i in winners else 0.0 for i in range(len(state.players))]


def _select(node: Node, moves: Sequence[Move], mover: int) -> Move:
    """PUCT among the moves legal in this deal, their priors renormalised over them."""
    priors = node.priors or {}
    total_prior = sum(priors[m] for m in moves) or 1.0
    scale = EXPLORATION * math.sqrt(node.visits) / total_prior
    # a move not yet tried counts the position's chance, less FIRST_PLAY_REDUCTION for the
    # share of the priors already tried: the more of them tried, the likelier the rest worse
    tried_prior = sum(priors[m] for m in moves
                      if (child := node.children.get(m)) is not None and child.visits)
    untried = node.worth(mover) - FIRST_PLAY_REDUCTION * math.sqrt(tried_prior / total_prior)
    best = moves[0]
    best_score = -math.inf
    for move in moves:
        child = node.children.get(move)
        if child is None or not child.visits:
            score = untried + scale * priors[move]
        else:
            score = child.worth(mover) + scale * priors[move] / (1 + child.visits)
        if score > best_score:
            best, best_score = move, score
    return best
