"""Instructions per ply of random playouts on new games, counted by valgrind (a steadier figure).

CPU times on shared machines swing widely from run to run; the number of machine instructions
a ply executes does not. This runs the playouts of :mod:`benchmarks.engine` (the same warm-up,
then new games) under ``valgrind --tool=callgrind`` twice, with and without the measured games,
and divides the difference by their plies (so it works on any build of Python, with or without
symbols). About two minutes per player count; needs Debian's ``valgrind``.
Run: ``python -m benchmarks instructions``.
"""

from __future__ import annotations

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


def measured_part(players: int, games: int) -> None:
    """The child's work: warm up, then ``games`` new games; print their plies."""
    warm_up(players)
    print(f"plies {playouts(players, games, FIRST_NEW_SEED)}")


def _instructions(players: int, games: int) -> tuple[int, int]:
    """Instructions of a whole :func:`measured_part` run under callgrind, and its plies."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        child = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
             f"from benchmarks.instructions import measured_part; "
             f"measured_part({players}, {games})"],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"})
        plies = int(re.search(r"plies (\d+)", child.stdout).group(1))  # type: ignore[union-attr]
        total = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        return int(total.group(1)), plies  # type: ignore[union-attr]


def instructions_per_ply(players: int) -> float:
    """Instructions per ply of :data:`GAMES` new games: two runs, with and without them."""
    with_games, plies = _instructions(players, GAMES)
    without, _ = _instructions(players, 0)
    return (with_games - without) / plies


def run() -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); no instruction counts")
        return
    for players in (2, 4):
        print(f"random playouts, {players} players: {instructions_per_ply(players):,.0f} "
              f"instructions per ply on {GAMES} new games (after {WARM_UP_GAMES} warm-up games)")


if __name__ == "__main__":
    run()
