"""Puzzle ratings after simulated learners: four bot levels try shipped puzzles, and each
puzzle's rating moves with every attempt as it would with learners of those ratings.

    python scripts/simulate_puzzle_attempts.py [--puzzles 12] [--tries 5] [--seed 34]

Each bot plays as a learner whose rating is its ladder rating (docs/ai.md), held fixed with a
small deviation: the bots do not learn. The puzzles are a seeded sample of the shipped ones;
each is tried ``--tries`` times by every level, in rounds (easy, medium, hard, baseline, then
again; the baseline was the expert level when the ratings were measured), each try with its own
seed, and its rating moves by ``puzzle_rating.attempt``. The table (Markdown) gives each
puzzle's start (from the weaker bots' tries while it was mined), how often each level found the
answer, and the rating after all the tries; docs/puzzles.md keeps a run of it. """

from __future__ import annotations

import argparse
import random

from splendor_nb.ai import Bot
from splendor_nb.ai.simulate import derive_seed
from splendor_nb.learn import load_puzzles
from splendor_nb.learn.puzzle_rating import LEVEL_RATINGS, Rating, attempt

LEARNERS = {**LEVEL_RATINGS, "baseline": 1884.0}
"""Each bot level as a learner: its ladder rating (docs/ai.md)."""
LEARNER_DEVIATION = 30.0
"""A bot's rating is measured, not guessed: it barely moves and moves the puzzle fully."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=12)
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--seed", type=int, default=34)
    args = parser.parse_args()
    sample = random.Random(args.seed).sample(load_puzzles(), args.puzzles)
    print("| puzzle | players | start | " + " | ".join(LEARNERS) + " | after |")
    print("|---|---|---|" + "---|" * len(LEARNERS) + "---|")
    for puzzle in sorted(sample, key=lambda puzzle: puzzle.rating.rating):
        rating = puzzle.rating
        found = dict.fromkeys(LEARNERS, 0)
        state = puzzle.state
        for attempt_number in range(args.tries):
            for level, strength in LEARNERS.items():
                bot = Bot(level, seed=derive_seed(args.seed, puzzle.id, level, attempt_number))
                solved = puzzle.check(bot.choose(state))
                found[level] += solved
                _, rating = attempt(Rating(strength, LEARNER_DEVIATION), rating, solved)
        counts = " | ".join(f"{found[level]}/{args.tries}" for level in LEARNERS)
        print(f"| {puzzle.id} | {puzzle.players} | {puzzle.rating.rating:.0f} | {counts} "
              f"| {rating.rating:.0f} ± {2 * rating.deviation:.0f} |")


if __name__ == "__main__":
    main()
