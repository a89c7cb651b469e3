"""Where the Replay tab's charts spend their time on a first visit, after the board shows.

    python -m benchmarks.replay_charts [--rounds N]          # both parts
    python -m benchmarks.replay_charts kernel [--rounds N]   # the kernel's part only

- **kernel** (a fresh Python process per round, as a new kernel, ``splendor_nb.app`` imported as
  the app's kernel has it): ``ReplayCharts.load()``, what the kernel does when the page has
  drawn the charts' box: importing what the charts need
  (pandas, plotly), building the figure (``charts_figure``) and the widget; "cold" in a fresh
  process, "prepared" after ``ReplayCharts.prepare()`` has finished (a pre-heated kernel, where
  the app prepares the charts before its visitor comes), when the code has it. And the bytes
  sent to the page for the charts (the widget's state, plotly.js among them).
- **browser** (the app served by voila, a fresh page and kernel per round, in the system
  chromium): seconds from opening the page to the board, then to the charts drawn
  (``.splendor-charts .main-svg``), and when plotly.js arrived (the last message over a
  megabyte: the FigureWidget's state before, plotly.js's bundle alone now): board -> message is
  the kernel's work and the transfer, message -> drawn the browser's (loading plotly.js,
  drawing, and waiting for the figure when it comes later).

Prints each round and the medians, beside a fixed pure-Python workload of the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from benchmarks.common import app_in_chromium, reference_line
from support.voila_server import (
    FIRST_LOAD_TIMEOUT_MS,
    goto_voila,
)

if TYPE_CHECKING:
    from playwright.sync_api import WebSocket

BIG_FRAME = 1_000_000
"""The last websocket message this large (bytes) is the charts' plotly.js arriving (the page's
widgets come first, in one message of about 1.4 MB)."""

# Run in a fresh interpreter (argv[1]: "cold" or "prepared"): ReplayCharts.load, timed.
_KERNEL_SCRIPT = """
import json, sys, time
import splendor_nb.app  # what an app kernel has imported when its page asks for the charts
from splendor_nb.replay import Replay
from splendor_nb.ui import shipped_replays
from splendor_nb.ui.replay_charts import ReplayCharts
from splendor_nb.ui.controller import ReplayController
charts = ReplayCharts(ReplayController(Replay.load(shipped_replays()["teacher-2p"])))
if sys.argv[1] == "prepared":
    if not hasattr(charts, "prepare"):
        print(json.dumps(None))
        raise SystemExit
    charts.prepare()
    charts._preparing.join()
built = time.perf_counter()
charts.load()
loaded = time.perf_counter()
widget = getattr(charts, "view", None) or charts.figure
state = widget.get_state()
size = len(json.dumps({key: value for key, value in state.items()
                       if not isinstance(value, (bytes, memoryview))}, default=str))
if hasattr(charts, "view"):
    from splendor_nb.ui.plotly_view import plotly_js
    size += len(plotly_js())  # sent when the page asks
print(json.dumps({"load": loaded - built, "bytes": size}))
"""


def kernel_round(mode: str) -> dict[str, float] | None:
    """One fresh process's :meth:`ReplayCharts.load` (``mode`` "cold" or "prepared"):
    seconds, and the bytes sent; None when the code cannot prepare."""
    found = subprocess.run([sys.executable, "-c", _KERNEL_SCRIPT, mode], check=True,
                           capture_output=True, text=True)
    result: dict[str, float] | None = json.loads(found.stdout.strip().splitlines()[-1])
    return result


# Notes when the board and the charts first show (performance.now(), ms from navigation).
_WATCH_JS = """
window.__splendorTimes = {};
new MutationObserver(() => {
    const times = window.__splendorTimes;
    if (!times.board && document.querySelector(".splendor-app .splendor-board"))
        times.board = performance.now();
    if (!times.charts && document.querySelector(".splendor-charts .main-svg"))
        times.charts = performance.now();
}).observe(document, { childList: true, subtree: true });
"""


def browser_rounds(rounds: int) -> list[dict[str, float]]:
    """Per round: seconds to the board, to the charts' message and to the charts drawn, and
    the megabytes received over the websockets."""
    found = []
    with app_in_chromium() as (server, browser):
        for _ in range(rounds):
            time.sleep(20)  # the pre-heated kernel ready, as for a visitor to a quiet server
            context = browser.new_context(viewport={"width": 1366, "height": 1000})
            context.add_init_script(_WATCH_JS)
            page = context.new_page()
            frames: list[tuple[float, int]] = []

            def listen(socket: WebSocket, frames: list[tuple[float, int]] = frames) -> None:
                socket.on("framereceived", lambda payload: frames.append(
                    (time.perf_counter(), len(payload))))

            page.on("websocket", listen)
            goto_voila(page, server.url, ".splendor-app .splendor-board",
                       timeout_ms=FIRST_LOAD_TIMEOUT_MS, server=server)
            page.wait_for_selector(".splendor-charts .main-svg",
                                   timeout=FIRST_LOAD_TIMEOUT_MS)
            times = page.evaluate("() => window.__splendorTimes")
            origin = page.evaluate("() => performance.timeOrigin") / 1000
            wall_origin = time.time() - time.perf_counter()  # perf_counter to epoch
            big = [at for at, size in frames if size >= BIG_FRAME]
            message = (big[-1] + wall_origin - origin) if big else float("nan")
            found.append({"board": times["board"] / 1000,
                          "message": message, "charts": times["charts"] / 1000,
                          "megabytes": sum(size for _, size in frames) / 1e6})
            context.close()
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("part", nargs="?", choices=("kernel", "browser", "both"),
                        default="both")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args(argv)
    print(reference_line())
    if options.part in ("kernel", "both"):
        for mode in ("cold", "prepared"):
            kernel = [kernel_round(mode) for _ in range(options.rounds)]
            found = [figures for figures in kernel if figures is not None]
            if not found:
                print(f"kernel, {mode}: this code does not prepare the charts")
                continue
            for number, figures in enumerate(found, start=1):
                print(f"kernel {mode} round {number}: load {figures['load']:.2f} s, "
                      f"{figures['bytes'] / 1e6:.2f} MB sent")
            print(f"kernel, {mode}: ReplayCharts.load in a fresh process, median of "
                  f"{len(found)}: {statistics.median(k['load'] for k in found):.2f} s; "
                  f"{statistics.median(k['bytes'] for k in found) / 1e6:.2f} MB sent")
    if options.part in ("browser", "both"):
        rounds = browser_rounds(options.rounds)
        for number, times in enumerate(rounds, start=1):
            print(f"browser round {number}: board {times['board']:.2f} s, charts' message "
                  f"{times['message']:.2f} s, charts drawn {times['charts']:.2f} s, "
                  f"{times['megabytes']:.1f} MB received")

        def median(key: str) -> float:
            return statistics.median(times[key] for times in rounds)

        def between(first: str, then: str) -> float:
            return statistics.median(times[then] - times[first] for times in rounds)

        print(f"browser, from opening the page, medians of {len(rounds)}: board "
              f"{median('board'):.2f} s; charts drawn {median('charts'):.2f} s "
              f"({between('board', 'charts'):.2f} s after the board, of which board -> "
              f"charts' message {between('board', 'message'):.2f} s, message -> drawn "
              f"{between('message', 'charts'):.2f} s); {median('megabytes'):.1f} MB received")
    return 0


if __name__ == "__main__":
    sys.exit(main())
