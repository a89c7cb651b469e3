"""Benchmark: reviewing a game (:func:`splendor_nb.analysis.game_review`), and what its labels say.

    .venv/bin/python -m benchmarks.review [--rounds 3] [--budget 80] [--label-games 0]
        [--reference 0] [--workers N]

For the shipped 60-turn 2-player game and the 120-turn 4-player game it prints, as medians of
``--rounds``: the review's time in this process (``workers=1``; wall and CPU) and on a pool of
``--workers`` processes (all cores by default; wall, and CPU with the workers'), per position
too; the time to reopen the reviewed file (loading it and
:func:`~splendor_nb.analysis.game_review.stored_review`); and the labels and accuracies found.
Every review judges from scratch.

``--label-games N`` also plays N two-player games of each pairing below, reviews them, and prints
how often each level's moves get each label, their mean loss and accuracy, and the mean fall of
the mover's chance from before the move to after it (what a loss measured that way would charge):
the figures behind the thresholds in docs/review.md. ``--reference N`` also reviews the shipped
2-player replays at ``--budget`` and at N simulations (the expert's playing budget, say) and
prints which moves each labels and how many labels they share: what a cheaper review misses
or adds. ``--rounds 0`` skips the timings. Machines
here are shared: the reference workload's time and the load average are printed before and
after.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from benchmarks.common import reference_line
from splendor_nb.ai.puct import REVIEW_SIMULATIONS
from splendor_nb.ai.simulate import simulate
from splendor_nb.analysis.game_review import LABELS, Review, review, stored_review
from splendor_nb.replay import Replay
from splendor_nb.ui.replays import REPLAYS_DIR

GAMES = ("bots-2p-easy-vs-medium.json", "bots-4p-medium-hard-easy-medium.json")
PAIRINGS = (("easy", "hard"), ("medium", "hard"), ("hard", "hard"))
REFERENCE_GAMES = ("bots-2p-easy-vs-medium.json", "bots-2p-medium-vs-hard.json")
"""The replays ``--reference`` reviews twice."""


def run(rounds: int = 3, budget: int = REVIEW_SIMULATIONS, label_games: int = 0,
        workers: int | None = None, reference: int = 0) -> None:
    """Time the reviews and print the figures (see the module's text)."""
    workers = workers or os.cpu_count() or 1
    print(reference_line())
    print("load average: " + ", ".join(f"{load:.1f}" for load in os.getloadavg()))
    for name in GAMES if rounds else ():
        _time_game(name, rounds, budget, workers)
    if label_games:
        _label_rates(label_games, budget, workers)
    if reference:
        _against_reference(budget, reference, workers)
    print("load average: " + ", ".join(f"{load:.1f}" for load in os.getloadavg()))
    print(reference_line())


def _time_game(name: str, rounds: int, budget: int, workers: int) -> None:
    text = (REPLAYS_DIR / name).read_text(encoding="utf-8")
    positions = len(Replay.loads(text)) + 1
    alone, pooled = [], []
    for _ in range(rounds):  # alternated, so that both see the same load on a shared machine
        alone.append(_timed(lambda: review(Replay.loads(text), budget=budget, workers=1)))
        pooled.append(_pooled(text, budget, workers))
    reviewed = Replay.loads(text)
    result = review(reviewed, budget=budget, workers=workers)
    saved = reviewed.dumps()
    reopen = [_timed(lambda: stored_review(Replay.loads(saved))) for _ in range(rounds)]
    wall, cpu = statistics.median(a[0] for a in alone), statistics.median(a[1] for a in alone)
    pool_wall, pool_cpu = (statistics.median(p[0] for p in pooled),
                           statistics.median(p[1] for p in pooled))
    print(f"\n{name}: {positions - 1} turns, {positions} positions, "
          f"{budget} of the expert's simulations a position")
    print(f"  in this process: {wall:.1f} s wall, {cpu:.1f} s CPU "
          f"({cpu / positions * 1000:.0f} ms CPU per position), median of {rounds}")
    print(f"  on {workers} processes: {pool_wall:.1f} s wall ({wall / pool_wall:.2f} times "
          f"faster), {pool_cpu:.1f} s CPU in all, median of {rounds}")
    print(f"  reopening the reviewed file: "
          f"{statistics.median(r[0] for r in reopen) * 1000:.0f} ms")
    _summary(result)


def _summary(result: Review) -> None:
    for player, name in enumerate(result.names):
        counts = result.counts(player)
        print(f"  {name}: accuracy {result.accuracy[player]:.1f}, "
              + ", ".join(f"{counts[label]} {label}" for label in LABELS))


def _label_rates(games: int, budget: int, workers: int) -> None:
    """Review ``games`` games of each pairing; each level's label rates, loss and accuracy."""
    moves: dict[str, list[tuple[float, str | None, float, float]]] = {}
    for index, levels in enumerate(PAIRINGS):
        for replay in simulate(games, 2, levels, seed=100 + index, workers=workers,
                               progress=False):
            result = review(replay, budget=budget, workers=workers)
            seats = [player["level"] for player in replay.headers["players"]]
            for move in result.moves:
                moves.setdefault(seats[move.player], []).append(
                    (move.loss, move.label, move.accuracy, move.before - move.after))
    print(f"\nlabels by level, {games} two-player games of each of "
          f"{', '.join(' v '.join(p) for p in PAIRINGS)}:")
    print("  level    moves  " + "  ".join(f"{label:>10}" for label in LABELS)
          + "   mean loss   accuracy   mean fall before to after")
    for level in ("easy", "medium", "hard"):
        found = moves.get(level, [])
        if not found:
            continue
        rates = [sum(found_label == name for _, found_label, _, _ in found) / len(found)
                 for name in LABELS]
        print(f"  {level:<7} {len(found):6}  " + "  ".join(f"{rate:10.1%}" for rate in rates)
              + f"   {statistics.fmean(f[0] for f in found) * 100:6.2f} pt"
              + f"   {statistics.fmean(f[2] for f in found):8.1f}"
              + f"   {statistics.fmean(f[3] for f in found) * 100:6.2f} pt")


def _against_reference(budget: int, reference: int, workers: int) -> None:
    """The labels of each shipped 2-player replay reviewed at ``budget`` and at ``reference``."""
    shared = only_cheap = only_reference = same = 0
    for name in REFERENCE_GAMES:
        text = (REPLAYS_DIR / name).read_text(encoding="utf-8")
        found = []
        for simulations in (budget, reference):
            cpu = time.process_time()
            result = review(Replay.loads(text), budget=simulations, workers=workers)
            labels = {m.turn: m.label for m in result.moves if m.label is not None}
            found.append(labels)
            print(f"\n{name} at {simulations}: {time.process_time() - cpu:.1f} s CPU here; "
                  "labelled turns " + (", ".join(f"{turn} {label}" for turn, label
                                                 in sorted(labels.items())) or "none"))
        cheap, best = found
        shared += len(cheap.keys() & best.keys())
        same += sum(cheap[turn] == best[turn] for turn in cheap.keys() & best.keys())
        only_cheap += len(cheap.keys() - best.keys())
        only_reference += len(best.keys() - cheap.keys())
    print(f"\nat {budget} against {reference}: {shared} moves labelled by both ({same} with "
          f"the same label), {only_cheap} only at {budget}, {only_reference} only at {reference}")


def _pooled(text: str, budget: int, workers: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its workers) of a review on a pool."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall, cpu = time.perf_counter(), time.process_time()
    with ProcessPoolExecutor(workers) as pool:  # its workers are waited for: their time counts
        review(Replay.loads(text), budget=budget, executor=pool, workers=workers)
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers_cpu = done.ru_utime + done.ru_stime - children.ru_utime - children.ru_stime
    return time.perf_counter() - wall, time.process_time() - cpu + workers_cpu


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--budget", type=int, default=REVIEW_SIMULATIONS)
    parser.add_argument("--label-games", type=int, default=0)
    parser.add_argument("--reference", type=int, default=0,
                        help="also compare the labels with a review at this many simulations")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    run(args.rounds, args.budget, args.label_games, args.workers, args.reference)


if __name__ == "__main__":
    main()
