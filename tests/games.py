"""Random recorded games, for tests and benchmarks that need many real replays."""

from __future__ import annotations

import random

from splendor_nb.engine import new_game
from splendor_nb.replay import Replay


def random_replay(players: int, seed: int, max_turns: int = 400) -> Replay:
    """A game of uniformly random legal moves, recorded; the same seed gives the same game.

    >>> len(random_replay(2, seed=1, max_turns=5))
    5
    """
    rng = random.Random(seed)
    replay = Replay.from_state(new_game(players, seed=seed))
    state = replay.state(0)
    while not state.is_over and len(replay) < max_turns:
        state = replay.play(rng.choice(state.legal_moves()))
    return replay
