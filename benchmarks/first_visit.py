"""One visitor at a time on the public demo: how long the page takes, and whose CPU it costs.

    python -m benchmarks.first_visit              # 5 visitors, one after another
    python -m benchmarks.first_visit 3 -- --SplendorVoila.max_loading=1   # voila options after --

The demo runs as ``make demo`` runs it (splendor_nb.server --demo) on 127.0.0.1, its pool of
pre-heated kernels settled. Each visitor, alone, is a fresh browser context in one headless
chromium: it opens the page, waits for the board, then for the Replay tab's charts (the page
drawn), presses → once, stays 15 s (the pool refills meanwhile), and closes its tab. Per
visitor it prints the seconds to the board, to the page drawn and for the step, and the CPU
seconds spent from the page's request to its close by the server process, by the kernel the
page got, by the kernel started to refill the pool, and by chromium; then the medians. A real
host has no browser beside its server: its cost per visitor is the server's and the kernels'.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
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
    count = int(names[0]) if names else VISITORS
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    print(reference_line())
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
    kernels_before = {pid for pid, (is_kernel, _) in before.items() if is_kernel}
    used = {pid: seconds - before.get(pid, (False, 0.0))[1]
            for pid, (_, seconds) in after.items()}
    kernels = {pid: used[pid] for pid, (is_kernel, _) in after.items() if is_kernel}
    old = [seconds for pid, seconds in kernels.items() if pid in kernels_before]
    new = [seconds for pid, seconds in kernels.items() if pid not in kernels_before]
    return Visit(board, drawn, step,
                 server=sum(seconds for pid, seconds in used.items() if pid not in kernels),
                 page_kernel=max(old, default=0.0),  # the pool's other kernels sat idle
                 new_kernel=sum(new), browser=browser_after - browser_before)


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
