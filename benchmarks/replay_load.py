"""Benchmark: load and validate recorded games into one DataFrame, beside the engine's own speed.

Run ``python -m benchmarks.replay_load [GAMES]``. It records ``GAMES`` random engine games
(2, 3 and 4 players, fixed seeds) in a temporary folder, then prints, as medians of 3 rounds:
the time to load and validate them all into one DataFrame and its cost per turn; the engine's
cost per turn in a random playout (``legal_moves`` + ``apply`` per ply) measured in the same
rounds; their ratio (the target is about 2 or less); and a fixed pure-Python workload to
normalise figures between machines. Each figure is given in CPU time (steady on a shared,
busy machine) and in wall time.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import reference_workload
from splendor_nb.analysis import load_folder
from support.games import random_playout, random_replay

ROUNDS = 3
MAX_TURNS = 400


def run(games: int = 1000) -> None:
    """Record ``games`` random games, then time loading them and the engine's playouts."""
    playout_games = max(games // 5, 10)
    with tempfile.TemporaryDirectory() as folder:
        turns = sum(_record(seed, Path(folder)) for seed in range(games))
        playout_turns = sum(_playout(seed) for seed in range(playout_games))
        rows = len(load_folder(folder, progress=False))
        rounds = []
        for _ in range(ROUNDS):  # interleaved, so that both sides see the same machine load
            rounds.append((_timed(lambda: load_folder(folder, progress=False)),
                           _timed(lambda: [_playout(seed) for seed in range(playout_games)]),
                           _timed(reference_workload)))
    print(f"games: {games}, turns: {turns}, DataFrame rows: {rows}; "
          f"engine playouts: {playout_games} games, {playout_turns} turns")
    for index, clock in enumerate(("CPU", "wall")):
        load = statistics.median(r[0][index] for r in rounds)
        engine = statistics.median(r[1][index] for r in rounds)
        reference = statistics.median(r[2][index] for r in rounds)
        ratio = statistics.median((r[0][index] / turns) / (r[1][index] / playout_turns)
                                  for r in rounds)
        print(f"{clock} time, median of {ROUNDS} rounds:")
        print(f"  load + validate + DataFrame: {load:.3f} s total, "
              f"{load / turns * 1e6:.1f} us per turn")
        print(f"  engine random playout (legal_moves + apply): "
              f"{engine / playout_turns * 1e6:.1f} us per turn")
        print(f"  ratio load / engine per turn: {ratio:.2f} (target: about 2 or less)")
        print(f"  reference pure-Python workload: {reference * 1e3:.1f} ms")


def _record(seed: int, folder: Path) -> int:
    replay = random_replay(2 + seed % 3, seed, MAX_TURNS)
    (folder / f"game{seed:05}.json").write_text(replay.dumps(), encoding="utf-8")
    return len(replay)


def _playout(seed: int) -> int:
    return random_playout(2 + seed % 3, seed, max_turns=MAX_TURNS).turn


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call; CPU time ignores other processes' load."""
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    return time.process_time() - cpu, time.perf_counter() - wall


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
