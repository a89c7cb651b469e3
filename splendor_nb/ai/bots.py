"""AI players at four levels: ``Bot(level, seed).choose(state) -> Move``.

Every bot decides from ``state.player_view(me)`` only, so it never sees the deck order nor an
opponent's blind reserve (R-RESERVE-HIDDEN): two states that differ only in hidden information
get the same move. Where a bot needs a concrete deck (to look at refills), it deals the unseen
cards at random from its own seed (``determinize``). A bot's move is a pure function of its
seed, its level, its budget and what it sees, so games between seeded bots replay exactly.

- ``easy``: a beginner. Buys the most valuable card it can afford most of the time, otherwise
  takes tokens towards a card it likes, now and then reserves it; noisy and short-sighted.
- ``medium``: a sound heuristic player. Rates each action's resulting position (engine, noble
  race, buying power, points; opponents' chances subtracted, so it blocks) and plays the best.
- ``hard``: searches a few moves ahead (see :mod:`splendor_nb.ai.search`) on sampled deals of
  the unseen cards, within a budget of positions rated per move.
- ``expert``: the PUCT search of :mod:`splendor_nb.ai.puct` over fresh deals of the unseen
  cards, guided by a policy and value network learned by self-play
  (:mod:`splendor_nb.ai.policy_value`), within a budget of simulations per move.

One more level is for benchmarks, not menus (:data:`BENCHMARK_LEVELS`): ``baseline``, the
expert before the self-play network (its value model and search,
:mod:`splendor_nb.ai.baseline`), kept as the opponent the expert is measured against.

>>> from splendor_nb import new_game
>>> state = new_game(players=2, seed=5)
>>> move = Bot("medium", seed=1).choose(state)
>>> move in state.legal_moves()
True
>>> Bot("easy", seed=3).choose(state) == Bot("easy", seed=3).choose(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from splendor_nb.ai.baseline import baseline
from splendor_nb.ai.heuristics import actions, changing, keep_weights, relative, values, wait_turns
from splendor_nb.ai.puct import puct
from splendor_nb.ai.search import DEFAULT_BUDGET, EXACT_RETURNS, search
from splendor_nb.engine import GameState
from splendor_nb.moves import Move
from splendor_nb.rules import RESERVE_LIMIT

if TYPE_CHECKING:
    from splendor_nb.ai.policy_value import Network

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The levels, weakest first: every menu of bots lists these."""
BENCHMARK_LEVELS: tuple[str, ...] = ("baseline",)
"""Levels the benchmarks and the training script play but no menu lists: ``baseline`` is the
expert as it was before the self-play network (a9b3b34's value model and search)."""
DEFAULT_BUDGETS: dict[str, int] = {"hard": DEFAULT_BUDGET}
"""Each searching level's budget per move when it does not depend on the game: positions rated
(hard). The simulations of the expert and the baseline depend on the number of players
(:data:`splendor_nb.ai.puct.SIMULATIONS`, :data:`splendor_nb.ai.baseline.SIMULATIONS`)."""
EASY_BUY = 0.8
"""How often the easy bot buys when it can."""
EASY_RESERVE = 0.06
"""How often the easy bot reserves the card it likes instead of taking tokens."""


class Bot:
    """An AI player. ``budget`` is the work per move of the searching levels: positions
    rated (hard), simulations (expert, baseline); the other levels ignore it. ``None`` is the
    level's default (the expert's depends on the number of players). ``weights`` is a file of
    the expert's network (written by ``scripts/selfplay_train.py``) to play instead of the
    shipped one.

    >>> Bot("hard", seed=2)
    Bot('hard', seed=2)
    >>> Bot("hard", seed=2).budget, Bot("expert", seed=2).budget
    (2500, None)
    """

    def __init__(self, level: str, seed: int | None = None, budget: int | None = None,
                 weights: str | None = None) -> None:
        if level not in LEVELS + BENCHMARK_LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        if weights is not None and level != "expert":
            raise ValueError(f"only the expert level plays other weights, not {level!r}")
        self.level = level
        self.seed = random.randrange(1 << 63) if seed is None else seed
        self.budget = DEFAULT_BUDGETS.get(level) if budget is None else budget
        self.weights = weights

    def __repr__(self) -> str:
        return f"Bot({self.level!r}, seed={self.seed})"

    def network(self) -> Network | None:
        """The network of ``weights``, read once per file (``None``: the shipped one)."""
        if self.weights is None:
            return None
        from splendor_nb.ai.policy_value import network_in  # numpy: on the first search

        return network_in(self.weights)

    def choose(self, state: GameState) -> Move:
        """The move to play in ``state``, always one of ``state.legal_moves()``.

        >>> from splendor_nb import new_game
        >>> str(Bot("medium", seed=0).choose(new_game(seed=3)))
        '+wbg'
        """
        me = state.current_player
        view = state.player_view(me)
        rng = random.Random(f"{self.seed}/{view.turn}/{me}")
        moves = changing(view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        if self.level == "easy":
            return _easy(view, moves, rng)
        if self.level == "medium":
            return _medium(view, moves, rng)
        if self.level == "expert":
            return puct(view, rng, self.budget, self.network())
        if self.level == "baseline":
            return baseline(view, rng, self.budget)
        return search(view, rng, DEFAULT_BUDGET if self.budget is None else self.budget)


def _medium(view: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    me = view.current_player
    deal = view.determinize(me, rng.randrange(1 << 32))
    best = moves[0]
    best_score = float("-inf")
    for move in moves if len(moves) <= EXACT_RETURNS else actions(deal, moves):
        if move.kind == "reserve" and move.card is None and len(moves) > 1:
            continue  # a blind reserve is rated on a card the bot cannot know; rarely worth it
        score = relative(values(deal.apply_legal(move)), me)
        if score > best_score:
            best, best_score = move, score
    return best


def _easy(view: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    me = view.current_player
    player = view.players[me]
    market = [c for row in view.market_rows for c in row if c is not None]
    liked = sorted((*market, *player.reserved), key=lambda c: (
        wait_turns(c, player.token_counts, player.bonus_counts) - 0.3 * c.points
        + rng.random() * 2.5))
    target = liked[0] if liked else None
    keep = keep_weights(view, me)
    buys = rng.random() < EASY_BUY
    reserves = rng.random() < EASY_RESERVE and len(player.reserved) < RESERVE_LIMIT

    def score(move: Move) -> float:
        noise = rng.random()
        if move.kind == "buy":
            card = next(c for c in (*market, *player.reserved) if c.id == move.card)
            return (20.0 if buys else -10.0) + card.points + noise * 2
        if move.kind == "reserve":
            wanted = reserves and target is not None and move.card == target.id
            return (15.0 if wanted else -20.0) + noise
        if move.kind == "take" and target is not None:
            useful = sum(n for k, n in enumerate(move.gems[:5])
                         if target.costs[k] > player.bonus_counts[k] + player.token_counts[k])
            kept = sum(n * w for n, w in zip(move.returned, keep, strict=True))
            return useful + noise * 1.5 - kept * 0.1
        return noise

    return max(actions(view, moves), key=score)
