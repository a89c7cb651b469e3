"""Instructions per ply of random playouts on new games, counted by valgrind (a steadier figure).

CPU times on shared machines swing widely from run to run; the number of machine instructions
a ply executes does not. This runs the playouts of :mod:`benchmarks.engine` (the same warm-up,
then new games) under ``valgrind --tool=callgrind`` and counts only the measured games: the
child calls ``os.getppid()`` just before and just after them, and callgrind starts a new profile
part at each call of the C library's ``getppid`` (a symbol every build of Python reaches, with or
without its own symbols). About a minute and a half per player count; needs Debian's
``valgrind``.

The share of Python's cyclic garbage collector is counted apart: a ``gc.callbacks`` hook calls
``os.getppid()`` as each collection starts and stops, so every collection is a part of its own.
A collection of the oldest generation walks every object the process holds and comes every
few hundred games, so whether one falls among the measured games moves the total by a few
thousand instructions per ply; the figure without the collector is the one to compare code by.
Run: ``python -m benchmarks instructions``.
"""

from __future__ import annotations

import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.engine import WARM_UP_GAMES, playouts, warm_up

GAMES = 100
FIRST_NEW_SEED = 500


def _mark_collection(phase: str, info: dict[str, int]) -> None:
    os.getppid()


def measured_part(players: int) -> None:
    """The child's work: warm up, then the measured games between two ``os.getppid()`` calls,
    with one more call as each garbage collection starts and stops."""
    warm_up(players)
    os.getppid()
    gc.callbacks.append(_mark_collection)
    plies = playouts(players, GAMES, FIRST_NEW_SEED)
    gc.callbacks.remove(_mark_collection)
    os.getppid()
    print(f"plies {plies}")


def instructions_per_ply(players: int) -> tuple[float, float]:
    """Run :func:`measured_part` under callgrind; return its instructions per ply, and those
    of the garbage collector among them."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        child = subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=getppid",
             f"--callgrind-out-file={out}", sys.executable, "-c",
             f"from benchmarks.instructions import measured_part; measured_part({players})"],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"})
        plies = int(re.search(r"plies (\d+)", child.stdout).group(1))  # type: ignore[union-attr]
        parts = sorted(Path(folder).glob("callgrind.out.*"),
                       key=lambda part: int(part.suffix[1:]))
        # Part 1 is the warm-up; part 2 starts the measured games; from there on, the parts
        # alternate between the games and a collection (the exit goes to ``out`` itself).
        counts = [_instructions(part) for part in parts[1:]]
        return sum(counts) / plies, sum(counts[1::2]) / plies


def _instructions(part: Path) -> int:
    summary = re.search(r"^summary: (\d+)", part.read_text(), re.MULTILINE)
    return int(summary.group(1))  # type: ignore[union-attr]


def run() -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); no instruction counts")
        return
    for players in (2, 4):
        total, collector = instructions_per_ply(players)
        print(f"random playouts, {players} players: {total:,.0f} instructions per ply on "
              f"{GAMES} new games (after {WARM_UP_GAMES} warm-up games), {total - collector:,.0f} "
              f"without the {collector:,.0f} of the garbage collector")


if __name__ == "__main__":
    run()
