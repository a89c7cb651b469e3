"""Strength and speed of the AI levels: the tournaments behind the figures in the README.

    .venv/bin/python benchmarks/tournament.py [--games 200] [--seed 1] [--workers 2]
        [--pairs hard-medium,medium-easy,hard-easy]

For each pair it plays ``--games`` two-player games (seats swapped every other game) and prints
win rates with 95% Wilson intervals, draws and the median seconds per move of each level. The
targets (issue 4): hard beats medium >= 70%, medium beats easy >= 85%, hard <= 1 s per move.

Machines here are shared and noisy, so it also prints, before and after, the median time of a
fixed pure-Python workload (``reference_seconds``): a move time can be normalised by it when
comparing runs on different or busy machines.
"""

from __future__ import annotations

import argparse
import statistics
import time

from splendor_nb.ai.simulate import tournament

TARGETS = {("hard", "medium"): 0.70, ("medium", "easy"): 0.85}


def reference_seconds(rounds: int = 5) -> float:
    """Median seconds of a fixed pure-Python workload (integer and dict churn)."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        table: dict[int, int] = {}
        for i in range(300_000):
            table[i % 1000] = table.get(i % 1000, 0) + i * 7 % 13
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--pairs", default="hard-medium,medium-easy")
    args = parser.parse_args()
    print(f"reference workload: {reference_seconds():.3f} s (median of 5)")
    for pair in args.pairs.split(","):
        level_a, level_b = pair.split("-")
        started = time.perf_counter()
        result = tournament(level_a, level_b, args.games, args.seed, workers=args.workers)
        print(result)
        target = TARGETS.get((level_a, level_b))
        if target is not None:
            low, _ = result.interval(0)
            verdict = "met" if result.win_rate(0) >= target else "NOT met"
            print(f"  target {level_a} >= {target:.0%}: {verdict} (CI low {low:.1%})")
        print(f"  {time.perf_counter() - started:.0f} s wall clock")
    print(f"reference workload: {reference_seconds():.3f} s (median of 5)")


if __name__ == "__main__":
    main()
