"""Benchmark: the app's Analyse tab on the shipped corpus (400 two-player games).

Run ``python -m benchmarks.analyse_tab [ROUNDS]`` (default 5). It prints, as medians of the
rounds, in CPU and wall time: opening the tab in a fresh process (its imports, pandas, pyarrow
and plotly among them, then reading the corpus, counting it and drawing the first chart, as the
app does when the tab is first selected); opening it again in the same process (a visitor's
kernel that has the modules loaded); ``aggregate`` of the whole corpus alone; and a filter
changed (a level in a seat: the list, the count of the games kept and the chart); beside the
fixed pure-Python reference workload.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from benchmarks.common import reference_workload

ROUNDS = 5
_COLD = """
import json, time
wall, cpu = time.perf_counter(), time.process_time()
from splendor_nb.ui.analyse_tab import AnalyseTab
AnalyseTab(language="en", background=False)
print(json.dumps([time.process_time() - cpu, time.perf_counter() - wall]))
"""


def run(rounds: int = ROUNDS) -> None:
    """Time the tab's opening, cold and warm, the aggregates and a filter, ``rounds`` times."""
    from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, aggregate, open_corpus
    from splendor_nb.ui.analyse_tab import AnalyseTab

    shipped = SHIPPED_CORPORA_DIR / "easy-v-medium-2p"

    def opened() -> object:
        return AnalyseTab(language="en", background=False)

    def filtered() -> tuple[float, float]:
        panel = AnalyseTab(language="en", background=False).panel
        assert panel is not None and panel.filters is not None
        filters = panel.filters

        def choose() -> None:
            filters.level.value = "easy"
            filters.seat.value = 1

        return _timed(choose)

    figures: dict[str, list[tuple[float, float]]] = {
        "open the tab, fresh process": [], "open the tab again, same process": [],
        "aggregate the corpus": [], "filter (a level in a seat)": [], "reference workload": []}
    for _ in range(rounds):  # interleaved, so that each figure sees the same machine load
        figures["open the tab, fresh process"].append(_cold())
        figures["open the tab again, same process"].append(_timed(opened))
        figures["aggregate the corpus"].append(
            _timed(lambda: aggregate(open_corpus(shipped, report=None))))
        figures["filter (a level in a seat)"].append(filtered())
        figures["reference workload"].append(_timed(reference_workload))
    print(f"the shipped corpus, {open_corpus(shipped, report=None).game_count} games; "
          f"medians of {rounds} rounds (CPU s, wall s)")
    for name, times in figures.items():
        cpu = statistics.median(cpu for cpu, _ in times)
        wall = statistics.median(wall for _, wall in times)
        print(f"  {name}: {cpu:.3f} CPU, {wall:.3f} wall "
              f"(wall {min(w for _, w in times):.3f} to {max(w for _, w in times):.3f})")


def _cold() -> tuple[float, float]:
    done = subprocess.run([sys.executable, "-c", _COLD], check=True, capture_output=True,
                          text=True)
    cpu, wall = json.loads(done.stdout.strip().splitlines()[-1])
    return float(cpu), float(wall)


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.process_time() - cpu, time.perf_counter() - wall


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
