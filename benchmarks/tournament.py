"""Strength and speed of the AI levels: the tournaments behind the figures in docs/performance.md.

    .venv/bin/python -m benchmarks.tournament [--games 200] [--seed 1] [--workers 2]
        [--pairs hard-medium,medium-easy,expert-hard] [--budgets expert=1200]
        [--weights run/gen-003/candidate.npz] [--players 3] [--ladder N] [--timing N]
        [--levels easy,medium,hard,expert]

For each pair it plays ``--games`` two-player games (seats swapped every other game) and prints
win rates with 95% Wilson intervals, draws, how many games each rule ended (R-END-TRIGGER, or a
stall: R-PASS, R-REPEAT, unfinished) and the median seconds per move of each level. The
targets: expert beats hard >= 80%, hard beats medium >= 70%, medium beats easy >= 85%, every
level <= 1 s per move.

``--ladder N`` plays a round robin of N games per pair between all the levels and prints each
level's Bradley-Terry rating on the Elo scale with its 95% interval
(:mod:`splendor_nb.ai.ladder`). ``--timing N`` plays N games at 2, 3 and 4 players with every
seat of one level and prints each level's median and 95th-percentile CPU seconds per move
(``--levels`` names the levels timed and rated; all by default). Besides the four levels,
pairs and ``--levels`` take the benchmark level of ``splendor_nb.ai.bots.BENCHMARK_LEVELS``,
``baseline`` (the expert as of a9b3b34, its value model and search, the opponent the expert's
self-play network is measured against), e.g. ``--pairs expert-baseline`` or ``--timing 2
--levels expert,baseline``. ``--budgets LEVEL=N,...`` sets the pairs' budgets by level
(simulations for the searching levels; the others keep their own), e.g. ``--pairs
expert-baseline --budgets expert=600`` against ``baseline`` at its own. ``--weights FILE``
has the expert level play another network than the shipped one: a
generation of a training run (``scripts/selfplay_train.py``), measured at the shipped budget.
``--players 3`` (or 4) plays the pairs' games at that many players, the first level in one
seat against the second in all the others (its seat moving on one each game), and prints its
wins beside an even share (a third, a quarter).

Machines here are shared and noisy, so it also prints, before and after, the median time of a
fixed pure-Python workload (``benchmarks.common.reference_seconds``): a move time can be
normalised by it when comparing runs on different or busy machines.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.common import reference_line
from splendor_nb.ai import LEVELS
from splendor_nb.ai.ladder import ladder
from splendor_nb.ai.simulate import plan_game, play_game, stream, tournament
from splendor_nb.rules import PLAYER_COUNTS

TARGETS = {("expert", "hard"): 0.80, ("hard", "medium"): 0.70, ("medium", "easy"): 0.85}


def timing(level: str, players: int, games: int, seed: int, workers: int | None
           ) -> tuple[float, float, int]:
    """The median and 95th-percentile CPU seconds per move of ``level`` in ``games`` games
    where it holds every seat, and the number of moves timed."""
    planned = [plan_game(index, seed, (level,) * players) for index in range(games)]
    seconds = sorted(s for played in stream(play_game, planned, workers=workers)
                     for seat in played.seconds for s in seat)
    return (statistics.median(seconds), seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))],
            len(seconds))


def parse_budgets(text: str) -> dict[str, int]:
    """``--budgets``' text as a budget by level.

    >>> parse_budgets("expert=1200,hard=500")
    {'expert': 1200, 'hard': 500}
    """
    try:
        return {level: int(n) for level, n in (part.split("=") for part in text.split(","))}
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not LEVEL=N,... (e.g. expert=1200)") from None


def run(games: int = 40, seed: int = 1, workers: int | None = None,
        pairs: str = "hard-medium,medium-easy", ladder_games: int = 0,
        timing_games: int = 0, levels: tuple[str, ...] = LEVELS,
        budgets: dict[str, int] | None = None, weights: str | None = None,
        players: int = 2) -> None:
    """Play and print each pair's tournament (``make bench`` plays 40 games; the figures in
    docs/performance.md come from the command lines written there)."""
    print(reference_line())
    for pair in filter(None, pairs.split(",")):
        level_a, level_b = pair.split("-")
        started = time.perf_counter()
        result = tournament(level_a, level_b, games, seed, workers=workers, budgets=budgets,
                            weights=weights, players=players)
        print(result)
        target = TARGETS.get((level_a, level_b)) if players == 2 else None
        if target is not None:
            low, _ = result.interval(0)
            verdict = "met" if result.win_rate(0) >= target else "NOT met"
            print(f"  target {level_a} >= {target:.0%}: {verdict} (CI low {low:.1%})")
        print(f"  {time.perf_counter() - started:.0f} s wall clock")
    if ladder_games:
        started = time.perf_counter()
        print(ladder(levels, ladder_games, seed, workers=workers))
        print(f"  {time.perf_counter() - started:.0f} s wall clock")
    for players in PLAYER_COUNTS if timing_games else ():
        for level in levels:
            median, p95, moves = timing(level, players, timing_games, seed, workers)
            print(f"{level:>7} at {players} players: median {median:.3f} s, 95th percentile "
                  f"{p95:.3f} s per move (CPU, {moves} moves)")
    print(reference_line())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--pairs", default="hard-medium,medium-easy")
    parser.add_argument("--budgets", type=parse_budgets, default=None, metavar="LEVEL=N,...",
                        help="the pairs' budgets by level, e.g. expert=1200")
    parser.add_argument("--weights", default=None, metavar="FILE",
                        help="the expert level's network in the pairs, instead of the "
                             "shipped one (a generation's candidate.npz)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                        help="the pairs' games at 3 or 4 players: the first level in one seat, "
                             "the second in the others")
    parser.add_argument("--ladder", type=int, default=0, metavar="N",
                        help="also a round robin of N games per pair, rated")
    parser.add_argument("--timing", type=int, default=0, metavar="N",
                        help="also each level's seconds per move over N games at 2, 3 and 4 "
                             "players")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="the levels of --ladder and --timing, weakest first")
    args = parser.parse_args()
    run(args.games, args.seed, args.workers, args.pairs, args.ladder, args.timing,
        tuple(args.levels.split(",")), args.budgets, args.weights, args.players)


if __name__ == "__main__":
    main()
