"""Shared measuring helpers: medians over rounds, and a fixed pure-Python reference workload.

Machines here are shared and noisy, so every benchmark prints the time of the same fixed workload
measured in the same run; a figure divided by it can be compared across runs and machines.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from support.voila_server import VoilaServer


def median_time(work: Callable[[], object], rounds: int = 3) -> float:
    """The median CPU time of ``work()`` over ``rounds`` runs, in seconds."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def reference_workload() -> int:
    """A fixed pure-Python workload (dict, tuple and integer work, as a game engine does)."""
    table: dict[tuple[int, int], int] = {}
    total = 0
    for i in range(200_000):
        key = (i % 97, i % 13)
        table[key] = table.get(key, 0) + i
        total += len(key) + (i & 7)
    return total + len(table)


def reference_seconds(rounds: int = 5) -> float:
    """Median CPU seconds of :func:`reference_workload`; print it beside every figure."""
    return median_time(reference_workload, rounds)


def interpreter() -> str:
    """Which Python runs the benchmarks: builds of one version differ in speed
    (docs/performance.md)."""
    return (f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.path.realpath(sys.executable)}")


def reference_line(seconds: float | None = None) -> str:
    """The reference workload's time (``seconds``, else measured now) and the interpreter, for
    a benchmark's output."""
    seconds = reference_seconds() if seconds is None else seconds
    return f"reference workload: {seconds * 1000:.1f} ms (CPU, median of 5) on {interpreter()}"


@contextmanager
def app_in_chromium() -> Iterator[tuple[VoilaServer, Browser]]:
    """The app served as ``make app`` serves it (splendor_nb.server) and a headless chromium
    to visit it: both stopped at the end (the benchmarks that time the app in a browser)."""
    from playwright.sync_api import sync_playwright

    from support.voila_server import APP_NOTEBOOK, CHROMIUM_ARGS, find_chromium, running_voila

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    with running_voila(APP_NOTEBOOK, module="splendor_nb.server") as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
        try:
            yield server, browser
        finally:
            browser.close()
