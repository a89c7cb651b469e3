"""Speed of the puzzle trainer: reading the shipped puzzles, and picking and showing the next.

Run ``python -m benchmarks trainer``. It reads the shipped puzzle file with its cache cleared
(as a kernel's first visit to the trainer does), then times ``TrainerView.show_next``, which
picks a puzzle near the learner's rating and draws it on a clickable board, ``ROUNDS`` times:
with the shipped puzzles, and with them copied up to ``SCALE`` (the size the package aims at),
printing the median and the slowest in CPU milliseconds.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace

from benchmarks.common import reference_line
from splendor_nb.learn import PuzzleSource, RatedPuzzle, load_puzzles, puzzle_set
from splendor_nb.ui import TrainerView

ROUNDS = 30
SCALE = 4000
"""Puzzles in the scaled run: twice the 2,000 the package aims at."""


def run() -> None:
    """Print the cost of reading the puzzles and of showing the next one."""
    print(reference_line())
    puzzle_set._shipped.cache_clear()
    start = time.process_time()
    shipped = load_puzzles()
    print(f"reading {len(shipped)} shipped puzzles: {(time.process_time() - start) * 1e3:.1f} ms")
    for puzzles in (shipped, _scaled(shipped, SCALE)):
        times = _show_times(puzzles)
        print(f"show_next with {len(puzzles)} puzzles, ms of CPU over {ROUNDS}: median "
              f"{statistics.median(times) * 1e3:.1f}, slowest {max(times) * 1e3:.1f}")
    print(reference_line())


def _scaled(puzzles: list[RatedPuzzle], count: int) -> list[RatedPuzzle]:
    """Copies of ``puzzles`` up to ``count``, each with its own id."""
    return [replace(puzzle, source=PuzzleSource(f"copy-{i}", puzzle.source.game,
                                                puzzle.source.turn))
            for i in range(count // len(puzzles) + 1) for puzzle in puzzles][:count]


def _show_times(puzzles: list[RatedPuzzle]) -> list[float]:
    """CPU seconds of each of ``ROUNDS`` calls of ``show_next`` in one trainer."""
    view = TrainerView(puzzles, seed=1)
    times = []
    for _ in range(ROUNDS):
        start = time.process_time()
        view.show_next()
        times.append(time.process_time() - start)
    return times


if __name__ == "__main__":
    run()
