"""Random-playout throughput of the engine through the public API (issue 2).

Each ply is ``state.legal_moves()``, a uniformly random choice, and ``state.apply(move)``: full
rules, every way of returning tokens above 10 enumerated. Run: ``python -m benchmarks.engine``.
"""

from __future__ import annotations

import random

from benchmarks.common import median_time, reference_seconds
from splendor_nb import new_game


def playouts(players: int, games: int, first_seed: int = 0) -> int:
    """Play ``games`` random games to the end; return the number of plies played."""
    plies = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = new_game(players, seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            plies += 1
    return plies


def run(games: int = 100, rounds: int = 3) -> dict[int, float]:
    """Print and return plies per second (median of ``rounds``) for 2 and 4 players."""
    reference = reference_seconds()
    print(f"reference workload: {reference * 1000:.1f} ms (CPU, median of 5)")
    figures = {}
    for players in (2, 4):
        playouts(players, 20, first_seed=10_000)  # warm the move caches
        plies = playouts(players, games)
        seconds = median_time(lambda p=players: playouts(p, games), rounds)
        figures[players] = plies / seconds
        print(f"random playouts, {players} players: {plies / games:.0f} plies/game, "
              f"{figures[players]:,.0f} plies/s (CPU, median of {rounds} rounds of {games} "
              f"games; {figures[players] * reference:,.0f} plies per reference-workload time)")
    return figures


if __name__ == "__main__":
    run()
