"""Calibrate ``evaluate``: the softmax temperature that best predicts who actually wins.

    .venv/bin/python benchmarks/calibrate_evaluate.py [--games 60] [--seed 2] [--every 3]

Plays medium-v-medium games (seats and deals from the seed), rates every ``--every``-th position
with the search behind :func:`splendor_nb.ai.evaluate`, and prints the log-loss of the winner's
predicted chance for a range of temperatures, the best one, and how long ``evaluate`` took per
position (the viewer calls it once per turn).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from splendor_nb.ai import search
from splendor_nb.ai.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    replays = simulate(args.games, players=2, levels=("medium",), seed=args.seed)
    samples: list[tuple[tuple[float, ...], int]] = []
    seconds = []
    for replay in replays:
        final = replay.state(len(replay))
        if len(final.winners) != 1:
            continue
        for turn in range(0, len(replay), args.every):
            state = replay.state(turn)
            started = time.perf_counter()
            view = state.player_view(state.current_player)
            worth = search._search(view, random.Random(f"evaluate/{turn}"),
                                   search.EVALUATE_BUDGET)[1]
            seconds.append(time.perf_counter() - started)
            samples.append((worth, final.winners[0]))
    print(f"{len(samples)} positions from {len(replays)} games; "
          f"median {statistics.median(seconds):.3f} s per position")
    losses = {}
    for temperature in (0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0):
        loss = 0.0
        for worth, winner in samples:
            top = max(worth)
            weights = [math.exp((w - top) / temperature) for w in worth]
            loss -= math.log(weights[winner] / sum(weights))
        losses[temperature] = loss / len(samples)
        print(f"temperature {temperature:4}: log-loss {losses[temperature]:.4f}")
    print(f"best: {min(losses, key=lambda t: losses[t])} "
          f"(a coin flip scores {math.log(2):.4f})")


if __name__ == "__main__":
    main()
