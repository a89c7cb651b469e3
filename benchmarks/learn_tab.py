"""Benchmark: opening the app's Learn tab, what the kernel does when a visitor first clicks it.

Run ``python -m benchmarks.learn_tab [ROUNDS]`` (default 5). Each round runs in a fresh process
with the app's modules imported (a visitor's kernel has them): the chapters read in the
visitor's language and the tab built on the first chapter, as the first click on the tab does
in a kernel that has not read them; the same with the chapters read before (a pre-heated
kernel reads the default language's before its visitor comes); and the widgets the tab puts in
the page, which the browser must then draw. Medians of the rounds, CPU and wall, beside the
fixed pure-Python reference workload.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

from benchmarks.common import reference_line

ROUNDS = 5
_ROUND = """
import json, sys, time
import ipywidgets as widgets
from splendor_nb.app import build_app  # the app's modules, as a visitor's kernel holds them
from splendor_nb.learn import shipped_chapters
from splendor_nb.ui.learn_tab import LearnTab
language, read_before = sys.argv[1], sys.argv[2] == "1"
if read_before:
    shipped_chapters(language)
before = len(widgets.Widget.widgets)
wall, cpu = time.perf_counter(), time.process_time()
LearnTab(language=language, keep="browser")
print(json.dumps([time.process_time() - cpu, time.perf_counter() - wall,
                  len(widgets.Widget.widgets) - before]))
"""


def run(rounds: int = ROUNDS) -> None:
    """Time the Learn tab's opening, ``rounds`` times in each case, alternating."""
    cases = {"first click, chapters not read (en)": ("en", "0"),
             "first click, chapters read before (en)": ("en", "1"),
             "first click, chapters not read (ru)": ("ru", "0")}
    figures: dict[str, list[list[float]]] = {name: [] for name in cases}
    for _ in range(rounds):  # interleaved, so that each case sees the same machine load
        for name, (language, read) in cases.items():
            out = subprocess.run([sys.executable, "-c", _ROUND, language, read], check=True,
                                 capture_output=True, text=True).stdout
            figures[name].append(json.loads(out.strip().splitlines()[-1]))
    for name, runs in figures.items():
        cpu, wall, count = (statistics.median(column) for column in zip(*runs))
        print(f"{name}: {cpu * 1000:.0f} ms CPU, {wall * 1000:.0f} ms wall, "
              f"{count:.0f} widgets (medians of {rounds})")
    print(reference_line())


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
