"""Benchmark: bot games streamed to a corpus, and the corpus aggregated.

    .venv/bin/python -m benchmarks.corpus [--games 10000] [--level easy] [--workers 2]
        [--shard-size 1000] [--dask] [--out DIR] [--skip-speeds]

Prints, with the reference workload's time (benchmarks.common) before and after:

1. Games per second on one core (CPU time, medians of 3 rounds): random play (support.games),
   and each bot level playing itself, a game recorded as a replay as a corpus records it; and
   the cost of writing a shard (its JSON Lines and Parquet tables) beside the playing.
2. A run of ``--games`` games of ``--level`` bots (two players) into a corpus, on the process
   pool (or a local Dask cluster with ``--dask``): wall time, games per second, the parent's
   CPU per game, and the memory (resident set size) of the parent and of each worker, sampled
   every half second: at the start, the peak, and at each tenth of the run, to show it flat.
3. The corpus opened and aggregated (``aggregate``), and one Dask ``groupby`` over its turns:
   time and peak memory of this process and its children.
4. The projected wall time of a million games on 2 cores and on N single-core workers.

Figures are printed, never asserted. ``--out DIR`` keeps the corpus (a second run with the
same arguments then only aggregates it); by default it goes to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from benchmarks.common import reference_line
from splendor_nb.ai.simulate import plan_game, play_replay, seating
from splendor_nb.analysis.corpus import aggregate, open_corpus, simulate_corpus
from splendor_nb.analysis.corpus.run import dask_executor
from splendor_nb.analysis.corpus.shards import RunArguments, ShardTask, write_shard
from support.games import random_playout

ROUNDS = 3
SPEED_GAMES = {"random": 20, "easy": 40, "medium": 10, "hard": 2}
"""Games per round for each kind of play (the hard bot takes seconds per move)."""
MILLION = 1_000_000
MB = 1024 * 1024


@dataclass
class MemorySampler:
    """This process's and its children's resident memory, sampled in a thread every ``every``
    seconds, with the number of shard folders done in ``folder`` at each sample."""

    folder: Path | None = None
    every: float = 0.5
    samples: list[tuple[float, int, int, int]] = field(default_factory=list)
    """(seconds since start, shards done, parent RSS, largest child RSS) per sample."""
    cpu_seconds: float = 0.0
    """The CPU time the sampling itself took (to take out of the parent's)."""

    def __post_init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._started = time.perf_counter()

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def peak(self) -> tuple[int, int]:
        """The peak RSS of the parent and of the largest child, in bytes."""
        return (max((s[2] for s in self.samples), default=0),
                max((s[3] for s in self.samples), default=0))

    def _sample(self) -> None:
        me = psutil.Process()
        while True:
            children = 0
            for child in me.children(recursive=True):
                try:
                    children = max(children, child.memory_info().rss)
                except psutil.Error:  # a child that just ended
                    continue
            shards = (sum(1 for entry in os.scandir(self.folder)
                          if entry.name.startswith("shard-")) if self.folder else 0)
            self.samples.append((time.perf_counter() - self._started, shards,
                                 me.memory_info().rss, children))
            self.cpu_seconds = time.thread_time()
            if self._stop.wait(self.every):
                return


def run(games: int = 2000, level: str = "easy", workers: int | None = None,
        shard_size: int = 500, dask: bool = False, out: str | None = None,
        speeds: bool = True) -> None:
    """Everything in the module docstring (``make bench`` runs 2,000 games in shards of 500)."""
    print(reference_line())
    if speeds:
        games_per_second()
    with _folder(out) as folder:
        rate, cpu_per_game = big_run(folder, games, level, workers, shard_size, dask)
        aggregates_cost(folder)
    cores = workers or os.cpu_count() or 1
    print(f"== projection for {MILLION:,} {level} games")
    print(f"  at this run's wall-clock rate ({rate:.0f} games/s on {cores} shared cores): "
          f"{MILLION / rate / 3600:.1f} h")
    if cpu_per_game:
        one = 1 / cpu_per_game
        print(f"  from the workers' CPU per game ({cpu_per_game * 1000:.1f} ms, {one:.0f} games/s "
              f"a core), on idle cores: 2 cores {MILLION / one / 2 / 3600:.1f} h; N cores "
              f"{MILLION / one / 3600:.1f} h / N (16: {MILLION / one / 16 / 60:.0f} min, "
              f"64: {MILLION / one / 64 / 60:.0f} min)")
    print(reference_line())


def games_per_second() -> dict[str, float]:
    """Print and return each kind of play's games per CPU second on one core (step 1)."""
    print("== games per second on one core (CPU time, median of 3 rounds)")
    figures: dict[str, float] = {}
    for kind, count in SPEED_GAMES.items():
        turns: list[int] = []
        seconds = []
        for round_ in range(ROUNDS):
            seeds = range(round_ * count, (round_ + 1) * count)
            started = time.process_time()
            turns.append(sum(_play(kind, seed) for seed in seeds))
            seconds.append(time.process_time() - started)
        rate = count / statistics.median(seconds)
        figures[kind] = rate
        print(f"  {kind:>6}: {rate:8.2f} games/s, {statistics.median(turns) / count:5.1f} turns "
              f"a game, {statistics.median(turns) / statistics.median(seconds):8.0f} turns/s")
    arguments = RunArguments(SPEED_GAMES["easy"], 2, ("easy",), seed=0, shard_size=1000)
    with tempfile.TemporaryDirectory() as folder:
        started = time.process_time()
        write_shard(ShardTask(folder, arguments, 1))
        shard = time.process_time() - started
    playing = SPEED_GAMES["easy"] / figures["easy"]
    print(f"  a shard of {arguments.games} easy games: {shard:.2f} s CPU, of which writing the "
          f"replays and tables {max(shard - playing, 0) / shard:.0%}")
    return figures


def big_run(folder: Path, games: int, level: str, workers: int | None, shard_size: int,
            dask: bool) -> tuple[float, float]:
    """Play the big run into ``folder``; print its figures; return its games per second (wall
    clock) and its workers' CPU seconds per game (0 if the corpus was already there)."""
    where = "a local Dask cluster" if dask else "the process pool"
    print(f"== {games:,} {level}-bot games on {where} ({workers or os.cpu_count()} workers), "
          f"shards of {shard_size}")
    folder.mkdir(parents=True, exist_ok=True)  # for the sampler to count its shards
    parent_cpu = time.process_time()
    with MemorySampler(folder) as memory, \
            dask_executor(None, workers) if dask else nullcontext() as executor:
        done = simulate_corpus(folder, games, 2, (level,), seed=1, shard_size=shard_size,
                               executor=executor, workers=workers, progress=False)
    parent_cpu = time.process_time() - parent_cpu
    print(f"  {done}")
    if not done.played:
        print("  (the corpus was already there: nothing played)")
        return games / max(done.seconds, 1e-9), 0.0
    rate = done.played / done.seconds
    parent_cpu -= memory.cpu_seconds
    print(f"  {rate:.1f} games/s wall; workers {done.cpu_seconds / done.played * 1000:.1f} ms "
          f"CPU a game; parent {parent_cpu / done.played * 1e6:.0f} us CPU a game (the memory "
          f"sampling's {memory.cpu_seconds:.1f} s left out)")
    parent_peak, child_peak = memory.peak()
    print(f"  memory: parent {memory.samples[0][2] / MB:.0f} MB at the start, peak "
          f"{parent_peak / MB:.0f} MB; largest worker peak {child_peak / MB:.0f} MB")
    print("  through the run (shards done: parent MB / largest worker MB): " + ", ".join(
        f"{shards}: {parent / MB:.0f} / {child / MB:.0f}"
        for _, shards, parent, child in _tenths(memory.samples)))
    return rate, done.cpu_seconds / done.played


def aggregates_cost(folder: Path) -> None:
    """Print the time and peak memory of opening and aggregating the corpus in ``folder``."""
    print("== the corpus aggregated")
    for name, work in _aggregate_steps(folder):
        started = time.perf_counter()
        with MemorySampler(every=0.2) as memory:
            result = work()
        parent, child = memory.peak()
        print(f"  {name}: {time.perf_counter() - started:.2f} s wall; peak memory: this process "
              f"{parent / MB:.0f} MB, largest child {child / MB:.0f} MB; {result}")


def _aggregate_steps(folder: Path) -> list[tuple[str, Callable[[], object]]]:
    def opened() -> str:
        corpus = open_corpus(folder, report=None)
        return f"{corpus.game_count:,} games, {corpus.turn_rows:,} turn rows"

    def aggregated() -> str:
        found = aggregate(open_corpus(folder, report=None))
        return f"{found.games:,} games, {len(found.points)} point rows"

    def lazy_groupby() -> str:
        turns: Any = open_corpus(folder, report=None).turns(lazy=True)
        sizes = turns[turns.mover].groupby("action").size().compute()
        return "moves by kind: " + ", ".join(f"{kind} {int(n):,}" for kind, n in sizes.items())

    return [("open_corpus (footers)", opened), ("aggregate (shard by shard)", aggregated),
            ("a Dask groupby over the turns", lazy_groupby)]


def _play(kind: str, seed: int) -> int:
    """Play one game of ``kind``; return its number of turns."""
    if kind == "random":
        return random_playout(2, seed).turn
    replay, _ = play_replay(plan_game(index=seed, seed=0, seats=seating(2, (kind,))))
    return len(replay)


def _tenths(samples: list[tuple[float, int, int, int]]) -> list[tuple[float, int, int, int]]:
    """About ten samples spread over the run, the first and last included."""
    step = max(1, len(samples) // 10)
    return [*samples[::step][:-1], samples[-1]] if samples else []


@contextmanager
def _folder(out: str | None) -> Iterator[Path]:
    if out is not None:
        yield Path(out)
        return
    with tempfile.TemporaryDirectory(prefix="corpus-bench-") as folder:
        yield Path(folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--shard-size", type=int, default=1000)
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--out", default=None)
    parser.add_argument("--skip-speeds", dest="speeds", action="store_false")
    args = parser.parse_args()
    run(args.games, args.level, args.workers, args.shard_size, args.dask, args.out, args.speeds)


if __name__ == "__main__":
    main()
