"""Bot games streamed to a corpus: the workers write the shards, the parent counts them.

Each worker plays a shard's games and writes it whole (:func:`~.shards.write_shard`); the parent
submits the shards a few at a time (:func:`splendor_nb.ai.simulate.stream`) and gets back a few
numbers per shard, so its memory stays the same whatever the number of games. Game ``i`` is
played from ``(seed, i)`` only: the same arguments give the same games whatever the executor,
the number of workers and the shard size. A run killed and started again with the same
arguments writes only the shards that are not there yet.

>>> import tempfile
>>> from concurrent.futures import ThreadPoolExecutor
>>> folder = tempfile.mkdtemp()
>>> with ThreadPoolExecutor(2) as pool:
...     run = simulate_corpus(folder, 3, levels=("easy",), seed=1, shard_size=2,
...                           executor=pool, progress=False)
>>> run.games, run.shards, run.written, run.already_there
(3, 2, 2, 0)
>>> simulate_corpus(folder, 3, levels=("easy",), seed=1, shard_size=2, progress=False).written
0
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from splendor_nb.ai.simulate import stream
from splendor_nb.analysis.corpus.shards import (
    DEFAULT_SHARD_SIZE,
    MANIFEST,
    TEMPORARY_PREFIX,
    CorpusError,
    RunArguments,
    ShardTask,
    check_shard,
    read_manifest,
    shard_name,
    write_manifest,
    write_shard,
)

if sys.platform != "win32":
    import fcntl


@dataclass(frozen=True)
class CorpusRun:
    """What a run of :func:`simulate_corpus` did."""

    folder: Path
    games: int
    """Games in the corpus when the run ended (all of them, unless it was interrupted)."""
    shards: int
    written: int
    """Shards this run wrote."""
    already_there: int
    """Shards a previous run had written."""
    played: int
    """Games this run played."""
    seconds: float
    """Wall-clock seconds of the run."""
    cpu_seconds: float
    """CPU seconds the workers spent on the games this run played (per task's thread)."""

    def __str__(self) -> str:
        rate = f", {self.played / self.seconds:.1f} games/s" if self.played and self.seconds else ""
        return (f"{self.folder}: {self.games} games in {self.shards} shards ({self.written} "
                f"written now, {self.already_there} already there); played {self.played} "
                f"games in {self.seconds:.1f} s{rate}")


def simulate_corpus(out: str | os.PathLike[str], games: int, players: int = 2,
                    levels: Sequence[str] = ("medium",), seed: int = 0, *,
                    shard_size: int = DEFAULT_SHARD_SIZE, budget: int | None = None,
                    executor: Executor | None = None, workers: int | None = None,
                    progress: bool = True) -> CorpusRun:
    """Play ``games`` bot games into the corpus folder ``out``, a shard at a time.

    ``levels`` are dealt to the seats in turn and rotate one seat each game (as
    :func:`~splendor_nb.ai.simulate.simulate` does); ``budget`` is the hard bots' budget per
    move. ``executor`` defaults to a process pool of ``workers`` processes (all cores);
    ``distributed.Client(...).get_executor()`` runs the shards on a Dask cluster, whose workers
    must see ``out`` at the same path (one machine, or a shared file system).

    ``out`` must be new, empty, or a corpus made with the same arguments: a manifest
    (``corpus.json``) records them, and other arguments are refused with a
    :class:`~.shards.CorpusError` rather than mixed in. Shards already there and whole are
    kept; a broken one is written again.
    """
    arguments = RunArguments(games, players, tuple(levels), seed, budget, shard_size)
    folder = Path(out)
    started = time.perf_counter()
    with _claimed(folder, arguments):
        todo, there = _shards_to_write(folder, arguments)
        done_games = sum(len(arguments.shard_games(n)) for n in range(1, arguments.shard_count + 1)
                         if n not in todo)
        tasks = (ShardTask(str(folder), arguments, number) for number in todo)
        written = played = 0
        cpu = 0.0
        with tqdm(total=games, initial=done_games, desc="playing", unit="game",
                  disable=not progress) as bar:
            for result in stream(write_shard, tasks, executor, workers):
                done_games += len(arguments.shard_games(result.number))
                written += result.written
                played += result.games
                cpu += result.cpu_seconds
                bar.update(len(arguments.shard_games(result.number)))
    return CorpusRun(folder, done_games, arguments.shard_count, written, there, played,
                     time.perf_counter() - started, cpu)


@contextmanager
def dask_executor(address: str | None = None, workers: int | None = None
                  ) -> Iterator[Executor]:
    """An executor on the Dask cluster whose scheduler is at ``address`` (``tcp://HOST:8786``),
    or, without one, on a local cluster of ``workers`` processes (all cores by default) started
    for the run and stopped after it. Needs ``pip install 'splendor_nb[dask]'``.

    >>> import distributed
    >>> with distributed.LocalCluster(processes=False, dashboard_address=":0") as cluster, \\
    ...         dask_executor(cluster.scheduler_address) as executor:
    ...     executor.submit(abs, -1).result()
    1
    """
    import distributed

    dask: Any = distributed  # distributed's constructors have no type annotations
    if address is not None:
        with dask.Client(address) as client:
            yield client.get_executor()
        return
    # One thread per worker: the games are pure Python, and threads would share one core. Its
    # web server on a free port (8787 may be another cluster's), its logs only for errors (a
    # Ctrl-C would print each worker's shutdown as a warning).
    with dask.LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0",
                           silence_logs=logging.ERROR) as cluster, \
            dask.Client(cluster) as client:
        yield client.get_executor()


def _shards_to_write(folder: Path, arguments: RunArguments) -> tuple[list[int], int]:
    """The shards missing or broken (a broken one is removed, to be written again), and the
    number of whole ones."""
    todo = []
    for number in range(1, arguments.shard_count + 1):
        path = folder / shard_name(number)
        if not path.exists():
            todo.append(number)
            continue
        try:
            check_shard(path, arguments)
        except CorpusError as error:
            print(f"{error}; writing it again", file=sys.stderr)
            _remove(path)
            todo.append(number)
    return todo, arguments.shard_count - len(todo)


@contextmanager
def _claimed(folder: Path, arguments: RunArguments) -> Iterator[None]:
    """Make ``folder`` this run's corpus and hold it: write its manifest if it has none, refuse
    other arguments, lock it against a second run writing there at the same time, and remove
    what killed runs left (hidden temporary folders)."""
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / MANIFEST).exists():
        if any(not entry.name.startswith(".") for entry in folder.iterdir()):
            raise CorpusError(f"{folder}: not empty and not a corpus (no {MANIFEST}): give a "
                              "new or empty folder")
        write_manifest(folder, arguments)
    recorded = read_manifest(folder)
    if recorded != arguments:
        changed = ", ".join(f"{key} {value!r} (asked {arguments.to_json()[key]!r})"
                            for key, value in recorded.to_json().items()
                            if arguments.to_json()[key] != value)
        raise CorpusError(f"{folder}: a corpus made with other arguments: {changed}; give the "
                          "same arguments to finish it, or another folder")
    descriptor = os.open(folder / MANIFEST, os.O_RDONLY)
    try:
        if sys.platform != "win32":
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise CorpusError(f"{folder}: another simulate is writing this corpus") from None
        for entry in folder.iterdir():
            if entry.name.startswith(TEMPORARY_PREFIX):
                _remove(entry)
        yield
    finally:
        os.close(descriptor)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()
