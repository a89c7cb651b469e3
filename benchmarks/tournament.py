"""Strength and speed of the AI levels: the tournaments behind the figures in docs/performance.md.

    .venv/bin/python -m benchmarks.tournament [--games 200] [--seed 1] [--workers 2]
        [--pairs hard-medium,medium-easy,hard-easy]

For each pair it plays ``--games`` two-player games (seats swapped every other game) and prints
win rates with 95% Wilson intervals, draws and the median seconds per move of each level. The
targets: hard beats medium >= 70%, medium beats easy >= 85%, hard <= 1 s per move.

Machines here are shared and noisy, so it also prints, before and after, the median time of a
fixed pure-Python workload (``benchmarks.common.reference_seconds``): a move time can be
normalised by it when comparing runs on different or busy machines.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.common import reference_line
from splendor_nb.ai.simulate import tournament

TARGETS = {("hard", "medium"): 0.70, ("medium", "easy"): 0.85}


def run(games: int = 40, seed: int = 1, workers: int | None = None,
        pairs: str = "hard-medium,medium-easy") -> None:
    """Play and print each pair's tournament (``make bench`` plays 40 games; the figures in
    docs/performance.md come from 200: ``python -m benchmarks.tournament --games 200``)."""
    print(reference_line())
    for pair in pairs.split(","):
        level_a, level_b = pair.split("-")
        started = time.perf_counter()
        result = tournament(level_a, level_b, games, seed, workers=workers)
        print(result)
        target = TARGETS.get((level_a, level_b))
        if target is not None:
            low, _ = result.interval(0)
            verdict = "met" if result.win_rate(0) >= target else "NOT met"
            print(f"  target {level_a} >= {target:.0%}: {verdict} (CI low {low:.1%})")
        print(f"  {time.perf_counter() - started:.0f} s wall clock")
    print(reference_line())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--pairs", default="hard-medium,medium-easy")
    args = parser.parse_args()
    run(args.games, args.seed, args.workers, args.pairs)


if __name__ == "__main__":
    main()
