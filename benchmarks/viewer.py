"""Speed of the replay viewer: stepping in Python, stepping in the browser, and the
app's first render against a one-button Voila notebook's.

    python -m benchmarks.viewer            # all three
    python -m benchmarks.viewer python     # only the Python side (no browser needed)

- **step (Python)**: one turn forward = the controller's ``turn`` changing and the board view
  re-rendering its HTML; median over every turn of the longest shipped replay, several passes.
  Target: under 5 ms. The whole viewer's step (diagram, move list, chart marker, ...) is
  printed beside it.
- **key to board (browser)**: the time from the → key's ``keydown`` in the page to the board
  showing the next turn (a MutationObserver on the board's ``data-turn``), through voila and the
  kernel; median over many steps. Target: under 150 ms.
- **first render**: seconds from opening the page to the app's board being visible, against the
  one-button notebook in tests/browser, both served the same way in the same run: rounds back
  to back (benchmarks/voila_first_render.py; a visitor may wait for the pre-heated kernel to
  finish running the notebook), then rounds with a pause before each visitor (the pre-heated
  kernel ready, as for a visitor to a quiet server). Target: app <= 1.5x.

Every figure is printed beside a fixed pure-Python workload measured in the same run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from itertools import chain
from pathlib import Path

from benchmarks.common import reference_line
from benchmarks.voila_first_render import measure
from splendor_nb.replay import Replay
from splendor_nb.ui import BoardView, ReplayController, ReplayViewer, shipped_replays
from support.voila_server import (
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    FIRST_LOAD_TIMEOUT_MS,
    REPO_ROOT,
    find_chromium,
    goto_voila,
    running_voila,
)

ONE_BUTTON = REPO_ROOT / "tests" / "browser" / "one_button.ipynb"
BROWSER_STEPS = 40
SETTLE_SECONDS = 40.0
"""Pause before each settled first-render round: a pre-heated app kernel is ready well within."""

# Arms a keydown timestamp and a MutationObserver that notes when the board shows `turn`.
_ARM_JS = """(turn) => {
    window.__splendorKey = null;
    window.__splendorShown = null;
    window.addEventListener("keydown", () => { window.__splendorKey = performance.now(); },
                            { capture: true, once: true });
    const view = document.querySelector(".splendor-app .splendor-board-view");
    const observer = new MutationObserver(() => {
        const board = view.querySelector(".splendor-board");
        if (board && board.dataset.turn === String(turn)) {
            window.__splendorShown = performance.now();
            observer.disconnect();
        }
    });
    observer.observe(view, { childList: true, subtree: true, attributes: true });
}"""


def longest_replay() -> tuple[str, Replay]:
    """The longest shipped replay, by name."""
    replays = {name: Replay.load(path) for name, path in shipped_replays().items()}
    if not replays:
        raise SystemExit("no shipped replays in replays/ to step through")
    name = max(replays, key=lambda key: len(replays[key]))
    return name, replays[name]


def step_times(controller: ReplayController, passes: int = 5) -> list[list[float]]:
    """Seconds per forward step over every turn of the replay, one list per pass."""
    rounds = []
    for _ in range(passes):
        controller.first()
        times = []
        for _ in range(len(controller.replay)):
            start = time.perf_counter()
            controller.forward()
            times.append(time.perf_counter() - start)
        rounds.append(times)
    return rounds


def run_python() -> None:
    name, replay = longest_replay()
    board_only = ReplayController(replay)
    BoardView(board_only)
    board = step_times(board_only)
    whole = ReplayController(replay)
    ReplayViewer(whole).charts.load()  # as after a browser has drawn it
    viewer = step_times(whole)
    print(f"step one turn in Python ({name}, {len(replay)} turns, {len(board)} passes):")
    print(f"  controller + board re-render: median {_ms(list(chain.from_iterable(board)))}; "
          f"first pass (render caches cold) {_ms(board[0])} (target < 5 ms)")
    print(f"  whole viewer (board, diagram, moves, comments, chart marker, nav): "
          f"median {_ms(list(chain.from_iterable(viewer)))}")


def run_browser() -> None:
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    with running_voila(APP_NOTEBOOK) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            goto_voila(page, server.url, ".splendor-app .splendor-board",
                       timeout_ms=FIRST_LOAD_TIMEOUT_MS, server=server)
            page.wait_for_selector(".splendor-charts .main-svg", timeout=FIRST_LOAD_TIMEOUT_MS)
            last = int(page.locator(".splendor-board").first.get_attribute("data-turn") or 0)
            times = []
            for turn in range(last + 1, last + 1 + BROWSER_STEPS):
                page.evaluate(_ARM_JS, turn)
                page.keyboard.press("ArrowRight")
                page.wait_for_function("() => window.__splendorShown !== null", timeout=15_000)
                shown = page.evaluate("() => window.__splendorShown - window.__splendorKey")
                times.append(shown / 1000)
        finally:
            browser.close()
    print(f"browser, from the -> key to the board showing the next turn ({len(times)} steps):")
    print(f"  median {_ms(times)}, slowest {max(times) * 1000:.0f} ms (target < 150 ms)")


def run_first_render(rounds: int = 3) -> None:
    button = measure(ONE_BUTTON, rounds, ".smoke-root")
    app = measure(APP_NOTEBOOK, rounds, ".splendor-app .splendor-board")
    print(f"first render, page opened to element visible ({rounds} rounds each, back to back, "
          "same run):")
    print(f"  one-button notebook: {_seconds(button)}")
    print(f"  app (board visible): {_seconds(app)}")
    print(f"  app / one-button: {statistics.median(app) / statistics.median(button):.2f}x "
          "(target <= 1.5x)")
    button = settled_first_render(ONE_BUTTON, ".smoke-root", rounds)
    app = settled_first_render(APP_NOTEBOOK, ".splendor-app .splendor-board", rounds)
    print(f"first render with the pre-heated kernel ready ({SETTLE_SECONDS:.0f} s between "
          "visitors):")
    print(f"  one-button notebook: {_seconds(button)}")
    print(f"  app (board visible): {_seconds(app)}")
    print(f"  app / one-button: {statistics.median(app) / statistics.median(button):.2f}x "
          "(target <= 1.5x)")


def settled_first_render(notebook: Path, selector: str, rounds: int) -> list[float]:
    """Like ``measure``, but each visitor comes ``SETTLE_SECONDS`` after the last one, so that
    voila's pre-heated kernel (voila.json) has finished running the notebook."""
    from playwright.sync_api import sync_playwright

    times = []
    with running_voila(notebook) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_ARGS))
        try:
            for _ in range(rounds):
                time.sleep(SETTLE_SECONDS)
                context = browser.new_context()
                start = time.perf_counter()
                goto_voila(context.new_page(), server.url, selector,
                           timeout_ms=FIRST_LOAD_TIMEOUT_MS, server=server)
                times.append(time.perf_counter() - start)
                context.close()
        finally:
            browser.close()
    return times


def run(parts: tuple[str, ...] = ("python", "browser", "first-render")) -> None:
    """Print the figures of the asked ``parts``."""
    print(reference_line())
    steps: dict[str, Callable[[], None]] = {
        "python": run_python, "browser": run_browser, "first-render": run_first_render}
    for part in parts:
        steps[part]()
    print(reference_line())


def _ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.2f} ms"


def _seconds(times: list[float]) -> str:
    rounds = ", ".join(f"{seconds:.1f}" for seconds in times)
    return f"median {statistics.median(times):.1f} s (rounds: {rounds} s)"


if __name__ == "__main__":
    run(tuple(sys.argv[1:]) or ("python", "browser", "first-render"))

