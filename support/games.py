"""Seeded random games, for the tests, the benchmarks and the scripts that need real positions.

One player picks uniformly among ``state.legal_moves()`` with ``random.Random(seed)``, in a game
dealt by ``new_game(players, seed)``: the same seed gives the same game, move for move, and the
golden files of tests/test_golden.py are games of this player. ``buy_chance`` makes the player
buy (uniformly among the buys) with that probability whenever a buy is legal, so that games reach
nobles and the end (R-NOBLE, R-END-TRIGGER) sooner. ``blind_reserve_positions`` are seeded bots'
positions with a blind reserve held (R-RESERVE-HIDDEN), for the AI's hidden-information tests;
``spread_play`` a game whose moves are spread over the legal lists by a fixed stride, no RNG.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any

from splendor_nb.ai import Bot
from splendor_nb.engine import GameState, new_game
from splendor_nb.moves import Move
from splendor_nb.replay import Replay


def random_play(players: int, seed: int, *, max_turns: int | None = None,
                buy_chance: float = 0.0) -> Iterator[GameState]:
    """The positions of a seeded random game, its start first, until it ends or ``max_turns``
    moves were played.

    >>> [state.turn for state in random_play(2, seed=1, max_turns=3)]
    [0, 1, 2, 3]
    """
    rng = random.Random(seed)
    state = new_game(players, seed)
    yield state
    while not state.is_over and (max_turns is None or state.turn < max_turns):
        moves = state.legal_moves()
        # The uniform draw inline, not through a call: the engine benchmarks time this loop.
        state = state.apply(_draw_preferring_buys(moves, rng, buy_chance) if buy_chance else
                            rng.choice(moves))
        yield state


def random_states(players: int, seed: int, *, max_turns: int | None = None,
                  buy_chance: float = 0.0) -> list[GameState]:
    """:func:`random_play` as a list.

    >>> states = random_states(3, seed=4)
    >>> states[-1].is_over, len(states) == states[-1].turn + 1
    (True, True)
    """
    return list(random_play(players, seed, max_turns=max_turns, buy_chance=buy_chance))


def random_playout(players: int, seed: int, *, max_turns: int | None = None) -> GameState:
    """The last position of :func:`random_play`; the others are dropped as they come, as in a
    playout (the engine benchmarks time this).

    >>> random_playout(2, seed=7).turn
    82
    """
    return deque(random_play(players, seed, max_turns=max_turns), maxlen=1)[0]


def random_replay(players: int, seed: int, max_turns: int = 400,
                  headers: dict[str, Any] | None = None) -> Replay:
    """The game of :func:`random_play`, recorded (``headers`` as for ``Replay.from_state``).

    >>> replay = random_replay(2, seed=1, max_turns=5, headers={"event": "test"})
    >>> len(replay), replay.headers["event"]
    (5, 'test')
    """
    states = random_play(players, seed, max_turns=max_turns)
    replay = Replay.from_state(next(states), headers)
    for state in states:
        assert state.last_move is not None
        replay.play(state.last_move)
    return replay


def spread_play(players: int, seed: int, max_turns: int,
                stride: int = 7919) -> Iterator[tuple[GameState, Move, GameState]]:
    """The moves of a game dealt by ``new_game(players, seed)`` as (before, move, after), move
    ``k`` being ``legal_moves()[k * stride % n]``, until the game ends or ``max_turns`` moves.

    >>> [str(move) for _before, move, _after in spread_play(2, seed=3, max_turns=2)]
    ['+wbg', '+brk']
    """
    state = new_game(players, seed)
    for k in range(max_turns):
        if state.over:
            return
        moves = state.legal_moves()
        move = moves[(k * stride) % len(moves)]
        after = state.apply(move)
        yield state, move, after
        state = after


def blind_reserve_positions(tier: int) -> list[GameState]:
    """Three positions where the opponent of the player to move holds a blind reserve
    (R-RESERVE-HIDDEN): seeded medium and easy bots play six moves of 2-player games dealt with
    seeds 0 to 2, then the player to move reserves blind from ``tier``.

    >>> [bool(state.players[1 - state.current_player].hidden)
    ...  for state in blind_reserve_positions(tier=2)]
    [True, True, True]
    """
    found = []
    for seed in range(3):
        state = new_game(players=2, seed=seed)
        bots = [Bot("medium", seed=1), Bot("easy", seed=2)]
        for _ in range(6):
            state = state.apply(bots[state.current_player].choose(state))
        found.append(state.apply(Move.parse(f"R?{tier}")))
    return found


def _draw_preferring_buys(moves: list[Move], rng: random.Random, buy_chance: float) -> Move:
    """With ``buy_chance``, one of the buys when there are some; else any of the moves."""
    buys = [move for move in moves if move.kind == "buy"]
    if buys and rng.random() < buy_chance:
        return rng.choice(buys)
    return rng.choice(moves)
