"""Benchmark: the Replay tab's *Review the game*, as the page lives it (no browser).

    .venv/bin/python -m benchmarks.review_ui [--rounds 1] [--budget 2500] [--games NAME ...]

For each shipped replay (or those named), a viewer is built, its review panel started as the
button does (:meth:`~splendor_nb.ui.review_panel.ReviewPanel.run`, a thread judging the game a
part at a time on a process pool), and it prints the time from the click to the first verdicts shown
(the first part's review handed to the controller: the move list, the board and the panel
redraw from it) and to the whole review, wall clock, medians of ``--rounds``. Each round
reviews from scratch. The browser adds a kernel round trip to each (a few tens of ms on an idle
machine). Machines here are shared: the reference workload's time and the load average are
printed before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from benchmarks.common import reference_line
from splendor_nb.ai.search import DEFAULT_BUDGET
from splendor_nb.replay import Replay
from splendor_nb.ui import ReplayController, ReplayViewer, shipped_replays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--games", nargs="*", default=None)
    options = parser.parse_args()
    shipped = shipped_replays()
    names = options.games or list(shipped)
    print(reference_line(), f"· load average {os.getloadavg()[0]:.1f}", flush=True)
    print(f"budget {options.budget}, {os.cpu_count()} cores, medians of {options.rounds}")
    print("| game | turns | first verdicts shown | whole review |")
    print("|---|---|---|---|")
    for name in names:
        firsts, wholes = [], []
        turns = 0
        for _ in range(options.rounds):
            first, whole, turns = _one_review(Replay.load(shipped[name]), options.budget)
            firsts.append(first)
            wholes.append(whole)
        print(f"| {name} | {turns} | {statistics.median(firsts):.1f} s | "
              f"{statistics.median(wholes):.1f} s |", flush=True)
    print(reference_line(), f"· load average {os.getloadavg()[0]:.1f}")


def _one_review(replay: Replay, budget: int) -> tuple[float, float, int]:
    """The seconds from the click to the first verdicts, and to the whole review."""
    replay.analysis = None  # from scratch, whatever the file holds
    controller = ReplayController(replay)
    viewer = ReplayViewer(controller)
    viewer.review.budget = budget
    shown: list[float] = []
    controller.observe(lambda change: shown.append(time.perf_counter())
                       if change["new"] is not None else None, names="review")
    start = time.perf_counter()
    viewer.review.run()
    thread = viewer.review.thread
    assert thread is not None
    thread.join()
    end = time.perf_counter()
    if controller.review is None:
        raise RuntimeError(f"the review did not finish: {viewer.review.message.value}")
    viewer.close()
    return shown[0] - start, end - start, len(replay)


if __name__ == "__main__":
    main()
