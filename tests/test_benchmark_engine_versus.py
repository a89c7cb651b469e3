"""The harness that times two engines against each other (benchmarks/engine_versus.py): its
interval for the median, and a run that must use the engine of the tree it is given."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from benchmarks.engine_versus import count_once, median_interval, run_once

ROOT = Path(__file__).resolve().parent.parent


def coverage(n: int, low_rank: int, high_rank: int) -> float:
    """The chance that the median lies between the order statistics of these 1-based ranks."""
    return sum(math.comb(n, k) for k in range(low_rank, high_rank)) / 2 ** n


@pytest.mark.parametrize("n", [6, 9, 20, 40, 100])
def test_the_median_interval_holds_95_percent_and_is_the_narrowest(n: int) -> None:
    values = [float(v) for v in range(1, n + 1)]
    low, high = median_interval(values)
    low_rank, high_rank = int(low), int(high)
    assert low_rank + high_rank == n + 1, "symmetric about the median"
    assert coverage(n, low_rank, high_rank) >= 0.95
    if low_rank < high_rank - 1 and low_rank + 1 < (n + 1) / 2:
        assert coverage(n, low_rank + 1, high_rank - 1) < 0.95, "not the narrowest"


def test_a_run_plays_the_engine_of_its_tree() -> None:
    figures = run_once(ROOT, games=2, first_seed=0, core=None)
    assert set(figures) == {2, 4} and all(f > 0 for f in figures.values())


@pytest.mark.slow
def test_a_run_refuses_a_tree_without_its_engine(tmp_path: Path) -> None:
    """An empty folder has no engine: the run imports the installed one, and is refused."""
    with pytest.raises(RuntimeError, match="did not import its own engine"):
        run_once(tmp_path, games=1, first_seed=0, core=None)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs Debian's valgrind")
def test_a_counted_run_gives_each_player_counts_instructions_a_ply() -> None:
    counts = count_once(ROOT, games=1, first_seed=0)
    # a ply is tens of thousands of instructions (docs/performance.md), not a part's whole count
    assert set(counts) == {2, 4} and all(10_000 < n < 500_000 for n in counts.values())
