"""Benchmark: opening the app's Learn tab, what the kernel does when a visitor first clicks it.

Run ``python -m benchmarks.learn_tab [ROUNDS]`` (default 5) for the kernel's part,
``python -m benchmarks.learn_tab browser [ROUNDS]`` (default 3) for the browser's. In the kernel's
part each round runs in a fresh process
with the app's modules imported (a visitor's kernel has them): the chapters read in the
visitor's language and the tab built on the first chapter, as the first click on the tab does
in a kernel that has not read them; the same with the chapters read before (a pre-heated
kernel reads the default language's before its visitor comes); and the widgets the tab puts in
the page, which the browser must then draw. Medians of the rounds, CPU and wall, beside the
fixed pure-Python reference workload.

The browser's part serves the app with voila (its own server, pre-heated kernels) and, in the
system chromium at 1366x900, a new page each round, clicks *Learn* 8 s after the Replay tab's
board showed; from the click, the seconds until something shows in the tab (the Loading note or
the chapter), until the chapter's title is drawn, its first exercise, its end (the *Reset
progress* button, after every section) and every one of its boards. Medians of the rounds.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from benchmarks.common import app_in_chromium, reference_line
from support.voila_server import (
    FIRST_LOAD_TIMEOUT_MS,
    goto_voila,
)

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


BROWSER_ROUNDS = 3
MARKS = {"shown": ".splendor-learn-tab, .splendor-tab-loading",
         "title": ".splendor-learn-tab .splendor-chapter-title",
         "exercise": ".splendor-learn-tab .splendor-exercise",
         "end": ".splendor-learn-tab .splendor-reset-progress",
         "boards": ".splendor-learn-tab .splendor-clickable-board"}
"""What is timed from the click, by CSS selector (the Loading note shows only in a tab shown;
``boards``: every board of the chapter drawn, after its end)."""
# Notes, from the click on the Learn tab (ms, performance.now()), the first frame drawn after
# each mark's element is in the page and visible.
_WATCH_JS = """(marks) => {
    const times = window.__learnTimes = {};
    const visible = (selector) => [...document.querySelectorAll(selector)].some(
        (element) => element.getClientRects().length > 0);
    const check = () => {
        if (times.click === undefined) return;
        for (const [name, selector] of Object.entries(marks)) {
            const found = name === "boards"
                ? times.end !== undefined && [...document.querySelectorAll(selector)].every(
                    (board) => board.querySelector("svg") !== null)
                : visible(selector);
            if (found && times[name] === undefined) {
                times[name] = null;
                requestAnimationFrame(() => setTimeout(() => {
                    times[name] = performance.now() - times.click;
                }));
            }
        }
    };
    new MutationObserver(check).observe(document, {childList: true, subtree: true,
                                                   attributes: true});
    document.addEventListener("pointerdown", () => {
        if (times.click === undefined) { times.click = performance.now(); check(); }
    }, true);
}"""


def browser_rounds(rounds: int = BROWSER_ROUNDS) -> list[dict[str, float]]:
    """Per round, seconds from the click on *Learn* to each of :data:`MARKS` drawn."""
    found = []
    with app_in_chromium() as (server, browser):
        for _ in range(rounds):
            time.sleep(20)  # the pre-heated kernel ready, as for a visitor to a quiet server
            context = browser.new_context(viewport={"width": 1366, "height": 900})
            page = context.new_page()
            goto_voila(page, server.url, ".splendor-app .splendor-board",
                       timeout_ms=FIRST_LOAD_TIMEOUT_MS, server=server)
            page.wait_for_timeout(8000)
            page.evaluate(_WATCH_JS, MARKS)
            page.get_by_role("tab", name="Learn", exact=True).click()
            page.wait_for_function(
                "(names) => names.every((name) => (window.__learnTimes || {})[name] > 0)",
                arg=list(MARKS), timeout=FIRST_LOAD_TIMEOUT_MS, polling=100)
            times = page.evaluate("() => window.__learnTimes")
            found.append({name: times[name] / 1000 for name in MARKS})
            context.close()
    return found


def run_browser(rounds: int = BROWSER_ROUNDS) -> None:
    """Print each round's and the median seconds from the click to each mark."""
    print(reference_line())
    found = browser_rounds(rounds)
    for number, times in enumerate(found, start=1):
        print(f"browser round {number}: " + ", ".join(f"{name} {seconds:.2f} s"
                                                       for name, seconds in times.items()))
    print(f"browser, from the click on Learn, medians of {rounds}: " + ", ".join(
        f"{name} {statistics.median(times[name] for times in found):.2f} s" for name in MARKS))


if __name__ == "__main__":
    if sys.argv[1:2] == ["browser"]:
        run_browser(int(sys.argv[2]) if len(sys.argv) > 2 else BROWSER_ROUNDS)
    else:
        run(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
