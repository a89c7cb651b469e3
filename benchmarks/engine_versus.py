"""Two engines timed in alternating runs: is one within a few percent of the other?

    python -m benchmarks.engine_versus OLD NEW [--pairs 20] [--games 100] [--core 1] [--legal]
                                       [--instructions]

OLD and NEW are commits (or anything ``git worktree add`` takes). Each is checked out in a
temporary worktree, and both run the same harness, this file's :func:`playouts` (the random
player of the engine benchmark, written against the public API alone, so that any version of
the engine can run it): a fresh process of one, then of the other, the order swapped every
pair, each pinned to one core (``taskset``) when it exists. A process plays the warm-up games,
then one round of new games per player count, and reports CPU plies per second. The figure is
the median over the pairs of NEW's throughput divided by OLD's, with the range; on a shared
machine the runs of one engine spread widely, so only the ratios of neighbouring runs compare.

``--legal`` plays each move as the bots' searches do, through ``state.apply_legal`` (a move of
``legal_moves()``, unchecked) where the engine has it and through ``apply`` where it has not:
what a search or a simulation costs, where the default measures the checked ``apply``.

``--instructions`` runs each engine once under ``valgrind --tool=callgrind`` instead, the
garbage collector off, and prints the machine instructions a ply of the measured games: the
same count on every run, whatever else the machine does (Debian's ``valgrind``; about two
minutes an engine). Callgrind starts a new part at each call of the C library's ``getppid``,
which the child makes just before and after each player count's measured games.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

WARM_UP_GAMES = 200
PLAYERS = (2, 4)


def playouts(players: int, games: int, first_seed: int, legal: bool = False) -> int:
    """Play ``games`` random games to the end through the public API; return their plies.
    ``legal``: through ``apply_legal`` where the engine has it."""
    from splendor_nb import new_game

    plies = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = new_game(players, seed)
        play = getattr(type(state), "apply_legal", None) if legal else None
        play = play or type(state).apply
        while not state.is_over:
            state = play(state, rng.choice(state.legal_moves()))
            plies += 1
    return plies


def child(games: int, first_seed: int, legal: bool = False, counted: bool = False) -> None:
    """One run, in the process of an engine's worktree: print plies per second as JSON, and
    where the engine was imported from. ``counted``: under callgrind, print the plies instead,
    the measured games between two ``os.getppid()`` calls and the collector off."""
    import splendor_nb

    if counted:
        gc.disable()  # a collection of the oldest generation would move the count by thousands
    figures: dict[str, object] = {"engine": splendor_nb.__file__}
    for players in PLAYERS:
        playouts(players, WARM_UP_GAMES, 1_000_000, legal)
        os.getppid()
        start = time.process_time()
        plies = playouts(players, games, first_seed, legal)
        seconds = time.process_time() - start
        os.getppid()
        figures[str(players)] = plies if counted else plies / seconds
    print(json.dumps(figures))


def count_once(tree: Path, games: int, first_seed: int, legal: bool = False
               ) -> dict[int, float]:
    """Instructions a ply of one child run in ``tree``'s engine, under callgrind."""
    from benchmarks.instructions import _instructions  # the parent's: a part's summary line

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--dump-before=getppid",
                   f"--callgrind-out-file={out}", sys.executable, __file__, "--child",
                   str(games), str(first_seed), "--counted", *(["--legal"] if legal else [])]
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env,
                              cwd=tree)
        plies = json.loads(done.stdout)
        if not plies.pop("engine").startswith(str(tree)):
            raise RuntimeError(f"the run in {tree} did not import its own engine")
        # parts: 1 the start and the first warm-up, 2 the first measured games, 3 the next
        # warm-up, 4 the next measured games, and so on
        parts = {int(part.suffix[1:]): part for part in Path(folder).glob("callgrind.out.*")}
        return {players: _instructions(parts[2 + 2 * i]) / plies[str(players)]
                for i, players in enumerate(PLAYERS)}


def median_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median: the order statistics that hold it with
    at least ``confidence`` (the count of values below the median is binomial, n and 1/2).

    >>> median_interval([float(i) for i in range(1, 21)])
    (6.0, 15.0)
    """
    ordered = sorted(values)
    n = len(ordered)
    below = 0.0  # P(fewer than k values below the median), k rising while it stays small
    k = 0
    while k < n // 2:
        step = math.comb(n, k) / 2 ** n
        if 2 * (below + step) > 1 - confidence:
            break
        below += step
        k += 1
    return ordered[max(k - 1, 0)], ordered[min(n - k, n - 1)]


def run_once(tree: Path, games: int, first_seed: int, core: int | None, legal: bool = False
             ) -> dict[int, float]:
    """One child run in ``tree``'s engine."""
    # Run as a script, this file's folder comes first on the path, then the worktree's engine.
    command = [sys.executable, __file__, "--child", str(games), str(first_seed),
               *(["--legal"] if legal else [])]
    if core is not None and shutil.which("taskset"):
        command = ["taskset", "-c", str(core), *command]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env, cwd=tree)
    figures = json.loads(out.stdout)
    if not figures.pop("engine").startswith(str(tree)):
        raise RuntimeError(f"the run in {tree} did not import its own engine")
    return {int(k): v for k, v in figures.items()}


def compare(old: str, new: str, pairs: int, games: int, core: int | None, legal: bool = False,
            instructions: bool = False) -> None:
    with tempfile.TemporaryDirectory() as folder:
        trees = {}
        for name, commit in (("old", old), ("new", new)):
            trees[name] = Path(folder) / name
            subprocess.run(["git", "worktree", "add", "--detach", str(trees[name]), commit],
                           check=True, capture_output=True)
        try:
            if instructions:
                counts = {name: count_once(tree, games, 0, legal) for name, tree in trees.items()}
                for players in PLAYERS:
                    old_count, new_count = counts["old"][players], counts["new"][players]
                    print(f"{players} players: instructions a ply, old {old_count:,.0f}, new "
                          f"{new_count:,.0f} ({new_count / old_count - 1:+.1%}) over {games} "
                          f"games after {WARM_UP_GAMES} warm-up games, the collector off")
                return
            ratios: dict[int, list[float]] = {n: [] for n in PLAYERS}
            for pair in range(pairs):
                seed = 1000 * pair  # new games every pair, the same for both engines
                order = ("old", "new") if pair % 2 == 0 else ("new", "old")
                runs = {name: run_once(trees[name], games, seed, core, legal) for name in order}
                for players in PLAYERS:
                    ratios[players].append(runs["new"][players] / runs["old"][players])
                print(f"pair {pair + 1}: " + "; ".join(
                    f"{n} players old {runs['old'][n]:,.0f} new {runs['new'][n]:,.0f} plies/s"
                    for n in PLAYERS), flush=True)
            for players in PLAYERS:
                r = ratios[players]
                low, high = median_interval(r)
                print(f"{players} players: new/old median {median(r):.3f}, 95% interval "
                      f"{low:.3f}-{high:.3f} (range {min(r):.3f}-{max(r):.3f}) over {pairs} "
                      f"pairs of {games} games")
        finally:
            for tree in trees.values():
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)],
                               check=False, capture_output=True)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--child"]:
        child(int(argv[1]), int(argv[2]), legal="--legal" in argv[3:],
              counted="--counted" in argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--core", type=int, default=1, help="the core to pin runs to (-1: none)")
    parser.add_argument("--legal", action="store_true",
                        help="play moves through apply_legal where the engine has it")
    parser.add_argument("--instructions", action="store_true",
                        help="count each engine's instructions a ply once, under callgrind")
    args = parser.parse_args(argv)
    compare(args.old, args.new, args.pairs, args.games, None if args.core < 0 else args.core,
            args.legal, args.instructions)


if __name__ == "__main__":
    main(sys.argv[1:])
