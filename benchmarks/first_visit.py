"""One visitor at a time on the public demo: how long the page takes, and whose CPU it costs.

    python -m benchmarks.first_visit              # 5 visitors, one after another
    python -m benchmarks.first_visit 3 -- --SplendorVoila.max_loading=1   # voila options after --
    python -m benchmarks.first_visit --compare    # the app against a one-button page, 5 rounds
    python -m benchmarks.first_visit --compare 7 -- --pool_size=1         # 7 rounds

The demo runs as ``make demo`` runs it (splendor_nb.server --demo) on 127.0.0.1, its pool of
pre-heated kernels settled. Each visitor, alone, is a fresh browser context in one headless
chromium: it opens the page, waits for the board, then for the Replay tab's charts (the page
drawn), presses → once, stays 15 s (the pool refills meanwhile), and closes its tab. Per
visitor it prints the seconds to the board, to the page drawn and for the step, and the CPU
seconds spent from the page's request to its close by the server process, by the kernel the
page got, by the kernel started to refill the pool, and by chromium; then the medians. A real
host has no browser beside its server: its cost per visitor is the server's and the kernels'.

``--compare``: the app's page against the lightest ipywidgets page, benchmarks/one_button.ipynb
(one Button), served by the same server with the same settings (splendor_nb.server --demo,
voila.json and voila-demo.json). Each round starts a fresh server for each notebook in turn,
the app's first, the other's first in the next round; its first visitor opens the page as
soon as the server listens (the pool is still being heated) and waits for the board, or the
button, to be visible; once the pool has settled, a second visitor does the same, then stays
``STAY_SECONDS`` while the pool's new kernel runs the notebook, and its CPU is counted as
above. It prints every round, then the medians for the first visitor and the settled one,
the app's time over the button's, and the CPU of a settled visit: the server's, the page's
kernel's, the pool's new kernel's and their sum.
"""

from __future__ import annotations

import asyncio
import signal
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

from benchmarks.common import reference_line
from benchmarks.load import (
    _DRAWN_JS,
    _STATE_JS,
    _TURN_JS,
    _processes,
    _settled_kernel_count,
)
from support.voila_server import (
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    REPO_ROOT,
    SERVER_MODULE,
    VoilaServer,
    find_chromium,
    start_voila,
)

VISITORS = 5
PAGE_SECONDS = 300.0
"""How long a visitor waits for the board, then for the charts."""
STAY_SECONDS = 15.0
"""How long a visitor stays after its step: the pool's new kernel runs the notebook."""
ROUNDS = 5
"""``--compare``'s rounds: a fresh server for each notebook, a first and a settled visitor."""
ONE_BUTTON = REPO_ROOT / "benchmarks" / "one_button.ipynb"
"""The lightest ipywidgets page: one Button (DOM class ``one-button``)."""
BOARD_SELECTOR = ".splendor-app .splendor-viewer .splendor-board"
BUTTON_SELECTOR = ".one-button"
# Whether the element is in the page and has a size (drawn, not hidden).
_VISIBLE_JS = """(selector) => {
    const found = document.querySelector(selector);
    return found !== null && (found.offsetWidth > 0 || found.offsetHeight > 0 ||
                              found.getClientRects().length > 0);
}"""


@dataclass
class Visit:
    """One visitor's times (seconds) and the CPU seconds its visit cost each part."""

    board: float
    drawn: float
    step: float
    server: float
    page_kernel: float
    new_kernel: float
    browser: float

    def line(self) -> str:
        return (f"board {self.board:.1f} s, drawn {self.drawn:.1f} s, step {self.step:.2f} s; "
                f"CPU: server {self.server:.2f} s, the page's kernel {self.page_kernel:.2f} s, "
                f"the pool's new kernel {self.new_kernel:.2f} s, browser {self.browser:.2f} s")


def run(argv: Sequence[str] = ()) -> None:
    """Send ``argv[0]`` visitors (default 5) one after another; voila options after ``--``."""
    argv = list(argv)
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    names = argv[:argv.index("--")] if "--" in argv else argv
    compare = "--compare" in names
    names = [name for name in names if name != "--compare"]
    count = int(names[0]) if names else ROUNDS if compare else VISITORS
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    print(reference_line())
    # a benchmark stopped with SIGTERM still stops its server (and the server its kernels)
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit("stopped by SIGTERM"))
    if compare:
        asyncio.run(_compare(chromium, count, extra))
        return
    server = start_voila(APP_NOTEBOOK, module=SERVER_MODULE, extra_args=["--demo", *extra])
    try:
        print(f"pre-heated kernels: {_settled_kernel_count(server)}; "
              f"load average {psutil.getloadavg()[0]:.1f}")
        visits = asyncio.run(_visits(server, chromium, count))
    finally:
        server.stop()
    for index, visit in enumerate(visits, 1):
        print(f"visitor {index}: {visit.line()}")
    middle = Visit(*(statistics.median(getattr(visit, name) for visit in visits)
                     for name in Visit.__dataclass_fields__))
    print(f"median of {len(visits)}: {middle.line()}; load average "
          f"{psutil.getloadavg()[0]:.1f} at the end")


async def _visits(server: VoilaServer, chromium: str, count: int) -> list[Visit]:
    from playwright.async_api import async_playwright

    visits = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS),
                                           headless=True)
        try:
            for _ in range(count):
                visits.append(await _visit(server, browser))
        finally:
            await browser.close()
    return visits


async def _visit(server: VoilaServer, browser: Any) -> Visit:
    before, browser_before = _server_cpu(server), _browser_cpu()
    context = await browser.new_context(viewport={"width": 1400, "height": 1200})
    page = await context.new_page()
    start = time.monotonic()
    await page.goto(server.url, wait_until="commit")
    await page.wait_for_function(f"() => ({_STATE_JS})() === 'board'",
                                 timeout=PAGE_SECONDS * 1000, polling=100)
    board = time.monotonic() - start
    await page.wait_for_function(_DRAWN_JS, timeout=PAGE_SECONDS * 1000, polling=100)
    drawn = time.monotonic() - start
    pressed = time.monotonic()
    await page.keyboard.press("ArrowRight")
    await page.wait_for_function(_TURN_JS, arg=1, timeout=PAGE_SECONDS * 1000, polling=50)
    step = time.monotonic() - pressed
    await asyncio.sleep(STAY_SECONDS)
    after, browser_after = _server_cpu(server), _browser_cpu()
    await page.close(run_before_unload=True)
    await context.close()
    await asyncio.sleep(5.0)  # the page's kernel shuts down before the next visitor
    server_cpu, page_kernel, new_kernel = _split_cpu(before, after)
    return Visit(board, drawn, step, server=server_cpu, page_kernel=page_kernel,
                 new_kernel=new_kernel, browser=browser_after - browser_before)


@dataclass
class Seen:
    """One visitor of ``--compare``: seconds to the board (or button), and for a settled
    visitor the CPU seconds of its visit (server, the page's kernel, the pool's new kernel)."""

    seconds: float
    server: float = 0.0
    page_kernel: float = 0.0
    new_kernel: float = 0.0

    @property
    def cpu(self) -> float:
        """The server's and the kernels' CPU: what a host pays for the visit."""
        return self.server + self.page_kernel + self.new_kernel


async def _compare(chromium: str, rounds: int, extra: Sequence[str]) -> None:
    """The app's page against the one-button page: ``rounds`` fresh servers for each."""
    from playwright.async_api import async_playwright

    pages = {"app": (APP_NOTEBOOK, BOARD_SELECTOR), "button": (ONE_BUTTON, BUTTON_SELECTOR)}
    first: dict[str, list[Seen]] = {name: [] for name in pages}
    settled: dict[str, list[Seen]] = {name: [] for name in pages}
    print(f"the app's page ({BOARD_SELECTOR}) against one button ({BUTTON_SELECTOR}); "
          f"{SERVER_MODULE} --demo {' '.join(extra)}; load average "
          f"{psutil.getloadavg()[0]:.1f} at the start")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS),
                                           headless=True)
        try:
            for index in range(rounds):
                order = list(pages) if index % 2 == 0 else list(reversed(pages))
                for name in order:
                    notebook, selector = pages[name]
                    fresh, calm = await _fresh_server(browser, notebook, selector, extra)
                    first[name].append(fresh)
                    settled[name].append(calm)
                    print(f"round {index + 1}, {name}: first visitor {fresh.seconds:.1f} s, "
                          f"settled {calm.seconds:.1f} s; CPU of the settled visit: server "
                          f"{calm.server:.2f} s, the page's kernel {calm.page_kernel:.2f} s, "
                          f"the pool's new kernel {calm.new_kernel:.2f} s; load average "
                          f"{psutil.getloadavg()[0]:.1f}", flush=True)
        finally:
            await browser.close()
    for label, seen in (("first visitor of a fresh server", first),
                        ("a visitor once the pool has settled", settled)):
        app = statistics.median(visit.seconds for visit in seen["app"])
        button = statistics.median(visit.seconds for visit in seen["button"])
        print(f"{label} (median of {rounds}): board {app:.1f} s, button {button:.1f} s: "
              f"{app / button:.2f}x")
    for name in pages:
        visits = settled[name]
        print(f"CPU of a settled visit, {name} (median of {rounds}): server "
              f"{statistics.median(v.server for v in visits):.2f} s, the page's kernel "
              f"{statistics.median(v.page_kernel for v in visits):.2f} s, the pool's new kernel "
              f"{statistics.median(v.new_kernel for v in visits):.2f} s; server and kernels "
              f"{statistics.median(v.cpu for v in visits):.2f} s")
    print(f"load average {psutil.getloadavg()[0]:.1f} at the end")


async def _fresh_server(browser: Any, notebook: Path, selector: str,
                        extra: Sequence[str]) -> tuple[Seen, Seen]:
    """A fresh server for ``notebook``: its first visitor, as soon as it listens, then a
    visitor once its pool has settled, with that visit's CPU."""
    server = await asyncio.to_thread(start_voila, notebook, module=SERVER_MODULE,
                                     extra_args=["--demo", *extra])
    try:
        fresh = await _see(server, browser, selector)
        await asyncio.to_thread(_settled_kernel_count, server)
        return fresh, await _see(server, browser, selector, stay=STAY_SECONDS)
    finally:
        server.stop()


async def _see(server: VoilaServer, browser: Any, selector: str, stay: float = 0.0) -> Seen:
    """A visitor in a fresh browser context: the seconds until ``selector`` is visible, and
    the CPU from its request to ``stay`` seconds later, when it closes its tab (and waits for
    its kernel to go)."""
    before = _server_cpu(server)
    context = await browser.new_context(viewport={"width": 1400, "height": 1200})
    page = await context.new_page()
    start = time.monotonic()
    await page.goto(server.url, wait_until="commit")
    await page.wait_for_function(_VISIBLE_JS, arg=selector, timeout=PAGE_SECONDS * 1000,
                                 polling=50)
    seen = time.monotonic() - start
    await asyncio.sleep(stay)
    after = _server_cpu(server)
    await page.close(run_before_unload=True)
    await context.close()
    await asyncio.sleep(5.0)  # the page's kernel shuts down before the next visitor
    return Seen(seen, *_split_cpu(before, after))


def _split_cpu(before: dict[int, tuple[bool, float]],
               after: dict[int, tuple[bool, float]]) -> tuple[float, float, float]:
    """The CPU seconds between two readings of :func:`_server_cpu`: the server's, the page's
    kernel's (the busiest of the kernels there before: the pool's others sat idle) and the
    kernels' started since (the pool's new one)."""
    kernels_before = {pid for pid, (is_kernel, _) in before.items() if is_kernel}
    used = {pid: seconds - before.get(pid, (False, 0.0))[1]
            for pid, (_, seconds) in after.items()}
    kernels = {pid: used[pid] for pid, (is_kernel, _) in after.items() if is_kernel}
    old = [seconds for pid, seconds in kernels.items() if pid in kernels_before]
    new = [seconds for pid, seconds in kernels.items() if pid not in kernels_before]
    return (sum(seconds for pid, seconds in used.items() if pid not in kernels),
            max(old, default=0.0), sum(new))


def _server_cpu(server: VoilaServer) -> dict[int, tuple[bool, float]]:
    """The server's and its kernels' CPU seconds so far, by process: (is a kernel, seconds)."""
    found: dict[int, tuple[bool, float]] = {}
    for process, is_kernel in _processes(server):
        try:
            times = process.cpu_times()
        except psutil.Error:  # gone since it was listed
            continue
        found[process.pid] = (is_kernel, times.user + times.system)
    return found


def _browser_cpu() -> float:
    """chromium's CPU seconds so far (its processes under this one)."""
    total = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                times = process.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            continue
    return total


if __name__ == "__main__":
    run(sys.argv[1:])
