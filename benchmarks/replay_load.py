"""Benchmark: load and validate recorded games into one DataFrame, beside the engine's own speed.

Run ``python -m benchmarks.replay_load [GAMES]``. It records ``GAMES`` random engine games
(2, 3 and 4 players, fixed seeds) in a temporary folder, then prints, as medians of 3 rounds:
the time to load and validate them all into one DataFrame and its cost per turn; the engine's
cost per turn in a random playout (``legal_moves`` + ``apply`` per ply) measured in the same run;
their ratio (the target is about 2 or less); and a fixed pure-Python workload to normalise
figures between machines.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from splendor_nb.analysis import load_folder
from splendor_nb.engine import new_game
from splendor_nb.replay import Replay

ROUNDS = 3
MAX_TURNS = 400


def run(games: int = 1000) -> None:
    """Record ``games`` random games, then time loading them and the engine's playouts."""
    with tempfile.TemporaryDirectory() as folder:
        turns = sum(_record(seed, Path(folder)) for seed in range(games))
        rows = 0

        def load() -> None:
            nonlocal rows
            rows = len(load_folder(folder, progress=False))

        load_time = _median(load)
    playout_games = max(games // 5, 10)
    playout_turns = 0

    def playouts() -> None:
        nonlocal playout_turns
        playout_turns = sum(_playout(seed) for seed in range(playout_games))

    playout_time = _median(playouts)
    reference = _median(_reference_workload)
    per_turn = load_time / turns
    engine_per_turn = playout_time / playout_turns
    print(f"games: {games}, turns: {turns}, DataFrame rows: {rows}")
    print(f"load + validate + DataFrame: {load_time:.3f} s total, "
          f"{per_turn * 1e6:.1f} us per turn (median of {ROUNDS})")
    print(f"engine random playout ({playout_games} games, {playout_turns} turns): "
          f"{engine_per_turn * 1e6:.1f} us per turn (legal_moves + apply)")
    print(f"ratio load / engine per turn: {per_turn / engine_per_turn:.2f} (target <= about 2)")
    print(f"reference pure-Python workload: {reference * 1e3:.1f} ms")


def _record(seed: int, folder: Path) -> int:
    rng = random.Random(seed)
    replay = Replay.from_state(new_game(2 + seed % 3, seed=seed))
    state = replay.state(0)
    while not state.is_over and len(replay) < MAX_TURNS:
        state = replay.play(rng.choice(state.legal_moves()))
    (folder / f"game{seed:05}.json").write_text(replay.dumps(), encoding="utf-8")
    return len(replay)


def _playout(seed: int) -> int:
    rng = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed)
    while not state.over and state.turn < MAX_TURNS:
        state = state.apply(rng.choice(state.legal_moves()))
    return state.turn


def _reference_workload() -> None:
    total = 0
    for i in range(1_000_000):
        total += i * i % 7
    assert total > 0


def _median(work: Callable[[], None]) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
