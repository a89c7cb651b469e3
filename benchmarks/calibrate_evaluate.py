"""Calibrate ``evaluate``: do its win chances mean what they say?

    .venv/bin/python -m benchmarks.calibrate_evaluate [--games 300] [--seed 2] [--every 3]
        [--workers N] [--hard N]

Plays bot games on a process pool (:func:`splendor_nb.ai.simulate`): a third medium v medium and
a third easy v medium with 2 players, a third four medium bots, and ``--hard`` games of hard v
hard (300 positions rated a move; none by default). It rates every ``--every``-th position of
each by three judges, on the pool too: :func:`splendor_nb.ai.evaluate` (the expert's search
from the position at the review's budget: the review's and *Who was winning?*'s chances), the
baseline's value model (:func:`splendor_nb.ai.model.win_chances`) and the expert's network's
value alone (:func:`splendor_nb.ai.policy_value.assess`), and prints, for each judge, each kind
of game and all of them:

- the calibration: each (position, player) pair's predicted chance, in ten bins, against the
  share of those players who won (a shared victory counts 1/k), with its 95% Wilson interval;
- the Brier score (the mean squared distance between a player's chance and 1 for a win, 0
  otherwise), beside that of always predicting 1/players, and the skill score between them;
- by phase (the first, middle and last third of each game), and for the player to move;
- the sharpness that would fit best: the chances raised to a power ``k`` and normalised (below
  1 they are pulled towards an even share, above 1 pushed apart), the log-loss and Brier score
  of each; ``k`` 1 is the judge as it is;
- the CPU time of one rating by each judge.
The figures in docs/review.md come from the defaults; docs/ai.md compares the judges.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from benchmarks.common import reference_line
from splendor_nb.ai import evaluate, simulate, wilson
from splendor_nb.ai.simulate import stream
from splendor_nb.engine import GameState
from splendor_nb.replay import Replay

GROUPS = (("2p medium v medium", 2, ("medium",)), ("2p easy v medium", 2, ("easy", "medium")),
          ("4p medium", 4, ("medium",)))
HARD_GROUP = ("2p hard v hard", 2, ("hard",))
HARD_BUDGET = 300
"""The hard bots' positions rated a move in ``--hard`` games (the training script's)."""
JUDGES = ("evaluate", "model", "network")
BINS = 10
SHARPNESS = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0)
PHASES = ("first third", "middle third", "last third")


@dataclass(frozen=True)
class Sample:
    """One rated position: the chances, who won (1/k each on a shared victory), and where."""

    group: str
    chances: tuple[float, ...]
    outcome: tuple[float, ...]
    mover: int
    phase: int
    seconds: float
    judge: str = "evaluate"


def run(games: int = 300, seed: int = 2, every: int = 3, workers: int | None = None,
        hard: int = 0) -> None:
    """Play, rate and print (see the module's text)."""
    print(reference_line())
    started = time.perf_counter()
    samples: list[Sample] = []
    groups: list[tuple[str, int, tuple[str, ...], int, int | None]] = [
        (group, players, levels, games // len(GROUPS) + (index < games % len(GROUPS)), None)
        for index, (group, players, levels) in enumerate(GROUPS)]
    if hard:
        groups.append((*HARD_GROUP, hard, HARD_BUDGET))
    for index, (group, players, levels, count, budget) in enumerate(groups):
        replays = simulate(count, players, levels, seed + index, workers=workers,
                           progress=False, budget=budget)
        tasks = [(group, replay.dumps(), every) for replay in replays]
        for rated in stream(_rate, tasks, workers=workers):
            samples.extend(rated)
        print(f"{group}: {count} games, {sum(s.group == group for s in samples) // len(JUDGES)} "
              f"positions rated ({time.perf_counter() - started:.0f} s so far)")
    for judge in JUDGES:
        judged = [s for s in samples if s.judge == judge]
        print(f"\n===== judged by {judge}")
        for group, *_ in groups:
            _report(group, [s for s in judged if s.group == group])
        _report("all games", judged)
        print(f"\n{judge}: median {statistics.median(s.seconds for s in judged) * 1000:.1f} ms "
              "CPU per position")
    print(f"{time.perf_counter() - started:.0f} s wall clock in all")
    print(reference_line())


def brier(samples: Iterable[Sample], sharpness: float = 1.0) -> float:
    """The mean over (position, player) pairs of (chance - outcome) squared, the chances
    sharpened by ``sharpness``."""
    errors = [(p - o) ** 2 for s in samples
              for p, o in zip(_sharpened(s.chances, sharpness), s.outcome, strict=True)]
    return statistics.fmean(errors)


def log_loss(samples: Iterable[Sample], sharpness: float = 1.0) -> float:
    """The mean of minus the log of the chance given to the winner(s), sharpened."""
    losses = [-sum(o * math.log(max(p, 1e-12))
                   for p, o in zip(_sharpened(s.chances, sharpness), s.outcome, strict=True))
              for s in samples]
    return statistics.fmean(losses)


def _report(title: str, samples: Sequence[Sample]) -> None:
    print(f"\n== {title}: {len(samples)} positions")
    print("  predicted       pairs   mean predicted   won     95% CI")
    pairs = [(p, o) for s in samples for p, o in zip(s.chances, s.outcome, strict=True)]
    for low in range(BINS):
        inside = [(p, o) for p, o in pairs if low / BINS <= p < (low + 1) / BINS
                  or (low == BINS - 1 and p == 1.0)]
        if not inside:
            continue
        won = sum(o for _, o in inside)
        interval = wilson(round(won), len(inside))
        print(f"  {low / BINS:.1f}-{(low + 1) / BINS:.1f}   {len(inside):8}   "
              f"{statistics.fmean(p for p, _ in inside):14.3f}   {won / len(inside):.3f}   "
              f"[{interval[0]:.3f}, {interval[1]:.3f}]")
    constant = [Sample(s.group, (1 / len(s.chances),) * len(s.chances), s.outcome, s.mover,
                       s.phase, 0.0) for s in samples]
    score, base = brier(samples), brier(constant)
    print(f"  Brier {score:.4f} (1/players always: {base:.4f}; skill {1 - score / base:.3f}); "
          f"log-loss {log_loss(samples):.4f} (1/players: {log_loss(constant):.4f})")
    for phase, name in enumerate(PHASES):
        part = [s for s in samples if s.phase == phase]
        part_base = [c for c in constant if c.phase == phase]
        if part:
            print(f"  {name:>12}: Brier {brier(part):.4f} (1/players {brier(part_base):.4f}), "
                  f"{len(part)} positions")
    predicted = statistics.fmean(s.chances[s.mover] for s in samples)
    won = statistics.fmean(s.outcome[s.mover] for s in samples)
    print(f"  the player to move: mean chance {predicted:.3f}, won {won:.3f}")
    fits = [(sharpness, log_loss(samples, sharpness), brier(samples, sharpness))
            for sharpness in SHARPNESS]
    print("  sharpness   log-loss   Brier" + "".join(
        f"\n  {k:9.2f}   {loss:.4f}     {score:.4f}" + ("  (as it is)" if k == 1.0 else "")
        for k, loss, score in fits))
    print(f"  best by log-loss: {min(fits, key=lambda f: f[1])[0]}, "
          f"by Brier: {min(fits, key=lambda f: f[2])[0]}")


def _rate(task: tuple[str, str, int]) -> list[Sample]:
    """Rate every ``every``-th position of one game by each judge (what a worker runs)."""
    from splendor_nb.ai.model import win_chances
    from splendor_nb.ai.policy_value import assess

    group, text, every = task
    replay = _replay(text)
    final = replay.state(len(replay))
    if not final.is_over:
        return []  # stopped unfinished: no outcome to compare with
    winners = final.winners
    outcome = tuple(1 / len(winners) if i in winners else 0.0 for i in range(replay.players))
    judges: dict[str, Callable[[GameState], Sequence[float]]] = {
        "evaluate": evaluate, "model": lambda state: win_chances([state])[0],
        "network": lambda state: assess(state, ()).chances}
    samples = []
    for turn in range(0, len(replay), every):
        state = replay.state(turn)
        phase = min(2, 3 * turn // len(replay))
        for judge in JUDGES:
            started = time.thread_time()
            chances = tuple(float(p) for p in judges[judge](state))
            samples.append(Sample(group, chances, outcome, state.current_player, phase,
                                  time.thread_time() - started, judge))
    return samples


@lru_cache(maxsize=2)
def _replay(text: str) -> Replay:
    return Replay.loads(text)


def _sharpened(chances: Sequence[float], sharpness: float) -> tuple[float, ...]:
    """The chances raised to the power ``sharpness``, normalised."""
    powers = [max(p, 1e-300) ** sharpness for p in chances]
    total = sum(powers)
    return tuple(power / total for power in powers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--hard", type=int, default=0, help="games of hard v hard besides")
    args = parser.parse_args()
    run(args.games, args.seed, args.every, args.workers, args.hard)


if __name__ == "__main__":
    main()
