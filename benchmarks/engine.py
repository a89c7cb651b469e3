"""Random-playout throughput of the engine through the public API.

Each ply is ``state.legal_moves()``, a uniformly random choice, and ``state.apply(move)`` (the
random player of support/games.py, so the benchmark plays the games the tests play): full
rules, every way of returning tokens above 10 enumerated. The engine caches what it derives from
recurring parts of a position (a hand of tokens, the supply's shape, what a player's means can
buy), so the figure that counts is for games it has never seen: after a warm-up, every round
plays new seeds.
The same games played again are shown too, as an upper bound. Run: ``python -m benchmarks.engine``.
"""

from __future__ import annotations

import time
from statistics import median

from benchmarks.common import reference_line, reference_seconds
from support.games import random_playout

WARM_UP_GAMES = 200


def playouts(players: int, games: int, first_seed: int = 0) -> int:
    """Play ``games`` random games to the end; return the number of plies played."""
    plies = 0
    for seed in range(first_seed, first_seed + games):
        plies += random_playout(players, seed).turn
    return plies


def warm_up(players: int) -> None:
    """Play the warm-up games, on seeds that no measured round uses."""
    playouts(players, WARM_UP_GAMES, first_seed=1_000_000)


def plies_per_second(players: int, games: int, first_seed: int) -> float:
    """CPU-time throughput of :func:`playouts` over one round of games."""
    start = time.process_time()
    plies = playouts(players, games, first_seed)
    return plies / (time.process_time() - start)


def run(games: int = 100, rounds: int = 3) -> dict[int, float]:
    """Print plies per second (medians of ``rounds``), 2 and 4 players; return the new-game ones."""
    reference = reference_seconds()
    print(reference_line(reference))
    figures = {}
    for players in (2, 4):
        warm_up(players)
        new = median(plies_per_second(players, games, r * games) for r in range(rounds))
        again = median(plies_per_second(players, games, 0) for _ in range(rounds))
        figures[players] = new
        print(f"random playouts, {players} players: {new:,.0f} plies/s on new games "
              f"({new * reference:,.0f} per reference-workload time), {again:,.0f} plies/s on the "
              f"same games again (CPU, medians of {rounds} rounds of {games} games, after "
              f"{WARM_UP_GAMES} warm-up games)")
    return figures


if __name__ == "__main__":
    run()
