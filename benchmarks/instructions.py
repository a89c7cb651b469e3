"""Instructions per ply of random playouts on new games, counted by valgrind (a steadier figure).

CPU times on shared machines swing widely from run to run; the number of machine instructions
a ply executes does not. This runs the playouts of :mod:`benchmarks.engine` (the same warm-up,
then new games) under ``valgrind --tool=callgrind`` and counts only the measured games: the
child calls ``os.getppid()`` just before and just after them, and callgrind starts a new profile
part at each call of the C library's ``getppid`` (a symbol every build of Python reaches, with or
without its own symbols). About a minute and a half per player count; needs Debian's
``valgrind``.
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


def measured_part(players: int) -> None:
    """The child's work: warm up, then the measured games between two ``os.getppid()`` calls."""
    warm_up(players)
    os.getppid()
    plies = playouts(players, GAMES, FIRST_NEW_SEED)
    os.getppid()
    print(f"plies {plies}")


def instructions_per_ply(players: int) -> float:
    """Run :func:`measured_part` under callgrind; return its instructions per ply."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        child = subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=getppid",
             f"--callgrind-out-file={out}", sys.executable, "-c",
             f"from benchmarks.instructions import measured_part; measured_part({players})"],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"})
        plies = int(re.search(r"plies (\d+)", child.stdout).group(1))  # type: ignore[union-attr]
        summary = re.search(r"^summary: (\d+)", Path(f"{out}.2").read_text(), re.MULTILINE)
        return int(summary.group(1)) / plies  # type: ignore[union-attr]


def run() -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); no instruction counts")
        return
    for players in (2, 4):
        print(f"random playouts, {players} players: {instructions_per_ply(players):,.0f} "
              f"instructions per ply on {GAMES} new games (after {WARM_UP_GAMES} warm-up games)")


if __name__ == "__main__":
    run()
