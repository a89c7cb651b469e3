"""Load on the public demo over loopback: visitors at once, and a stream of them.

    python -m benchmarks.load                     # 5, 10 and 20 at once, then 60 over 3 minutes
    python -m benchmarks.load 20                  # one scenario: 5, 10, 20 or arrivals
    python -m benchmarks.load 20 -- --SplendorVoila.max_visitors=6   # voila options after --
    python -m benchmarks.load --light 20          # visitors without a browser (below)
    python -m benchmarks.load --servers=2 20      # 2 demo servers behind nginx (make demo-cluster)

The demo runs as ``make demo`` runs it (splendor_nb.server --demo: voila.json, then
voila-demo.json) on 127.0.0.1. Each visitor is a browser context in one headless chromium: it
opens the page and waits for the board (a busy page retries by itself: the visitor is counted
as having met it, and goes on waiting), then for the page to be drawn to the Replay tab's
charts (until then a key waits for the page), steps ten turns with the → key, then leaves.
Every other visitor closes its tab (``beforeunload`` runs and the page asks for its kernel to
be shut down; the browser is kept until the kernel is gone, at most ``LEAVE_SECONDS``, as a
browser that goes on running sends the request); the others vanish (the context closes at
once, as when a browser crashes or a phone drops the tab), and their kernels wait for the
culler.

Per scenario: boards shown, busy pages met, blank pages (neither board nor busy page within
``VISITOR_SECONDS``), the median and the longest time to the board, to the page drawn and to
the first step answered (the page's first interaction), the visitors' kernels still alive 0 to
150 s after the last visitor left (kernels beyond the pre-heated pool), and
the peak memory of the server with its kernels, sampled every second (PSS summed: pages shared
by processes split among them; RSS, which counts them in each, beside it), with the largest
kernel's, and the CPU seconds the server with its kernels and the browser used, per
visitor (load on the machine from elsewhere slows the times, not these). Targets on a 2-core
machine: every visitor gets a board or the busy page, never a blank one; 20 at once all get a
board with the median under 20 s; no kernel of a closed page alive 120 s after it left. Loops
and waits are bounded; nothing leaves 127.0.0.1. Browser and server share the machine here; a
real host has the server alone (docs/deploy.md).

``--light``: each visitor is a :class:`benchmarks.kernel_visitor.PageVisitor`, no browser: the
page over HTTP (the busy page retried as it retries itself) and its kernel's websocket, asking
for the widgets' states as the page's widget manager does; the board counts when the board
widget's SVG has come, the page drawn when a chart's figure has (the charts asked for plotly.js
and told they are shown, as their views do), a step is the → key's message to the keyboard
widget. This measures the server's part of a visit, what a host with remote visitors has; the
CPU beside it is this process's (the visitors').
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import psutil

from benchmarks.common import reference_line
from benchmarks.kernel_visitor import PageVisitor
from support.demo_cluster import Cluster, start_cluster
from support.voila_leave import leave_async, wait_until_kernel_gone
from support.voila_server import (
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    SERVER_MODULE,
    VoilaServer,
    find_chromium,
    start_voila,
)

AT_ONCE = (5, 10, 20)
ARRIVALS, ARRIVAL_SECONDS = 60, 180.0
"""60 visitors arriving over 3 minutes, evenly spaced."""
STEPS = 10
"""Turns each visitor steps with the → key once the board shows."""
VISITOR_SECONDS = 300.0
"""How long a visitor waits for the board before it counts as not served."""
STEP_TIMEOUT_MS = 30_000
LEAVE_SECONDS = 30.0
"""How long a visitor who closed its tab keeps its browser, for the kernel's shutdown."""
AFTER_LEAVING = (0, 30, 60, 90, 120, 150)
"""Seconds after the last visitor left at which the kernels still alive are counted."""
MIB = 1024 * 1024

# What the page shows: the board, the busy page, voila's error output, or nothing yet.
_STATE_JS = """() => {
    if (document.querySelector(".splendor-app .splendor-viewer .splendor-board")) return "board";
    if (document.querySelector(".splendor-busy")) return "busy";
    if (document.querySelector(".jp-OutputArea-output.jp-mod-error, .voila-error"))
        return "error";
    return null;
}"""
_DRAWN_JS = "() => document.querySelector('.splendor-app .splendor-charts .main-svg') !== null"
_TURN_JS = """(turn) => {
    const board = document.querySelector(".splendor-app .splendor-viewer .splendor-board");
    return board !== null && board.dataset.turn === String(turn);
}"""


@dataclass
class Visit:
    """What one visitor met."""

    board_seconds: float | None = None
    drawn_seconds: float | None = None
    """When the Replay tab's charts showed, the last of its parts drawn."""
    first_step_seconds: float | None = None
    """When the board showed the first step: the page's first interaction answered."""
    met_busy: bool = False
    error: str = ""
    """What went wrong with the page itself, if anything."""
    steps: int = 0
    slow_step: bool = False
    """A step took over STEP_TIMEOUT_MS to show (the visitor then stopped stepping)."""


def spread(seconds: Sequence[float]) -> str:
    """The median, the 95th percentile (interpolated between the visitors' times) and the
    longest of some times.

    >>> spread([float(n) for n in range(1, 21)])
    'median 10.5 s, 95th percentile 19.1 s, max 20.0 s'
    """
    high = statistics.quantiles(seconds, n=20, method="inclusive")[-1] if len(seconds) > 1 \
        else seconds[0]
    return (f"median {statistics.median(seconds):.1f} s, 95th percentile {high:.1f} s, "
            f"max {max(seconds):.1f} s")


@dataclass
class Outcome:
    """One scenario's figures."""

    name: str
    visits: list[Visit]
    alive_after: list[tuple[int, int]] = field(default_factory=list)
    peak: tuple[float, float] = (0.0, 0.0)
    """Server and kernels, summed: the peak PSS and the peak RSS, in MiB."""
    peak_kernel: tuple[float, float] = (0.0, 0.0)
    """The largest kernel: its peak PSS and peak RSS, in MiB."""
    server_cpu: float = 0.0
    browser_cpu: float = 0.0
    """The visitors' CPU: chromium's, or this process's with ``--light``."""
    light: bool = False
    unconnectable: int = 0
    """Kernels whose page tried to connect after the kernel was gone (the server's log)."""
    load_average: tuple[float, float] = (0.0, 0.0)
    """The machine's 1-minute load average as the scenario began and as the visitors left."""
    iopub_timeouts: int = 0

    def lines(self) -> list[str]:
        boards = [v.board_seconds for v in self.visits if v.board_seconds is not None]
        busy = sum(v.met_busy for v in self.visits)
        blank = sum(v.board_seconds is None and not v.met_busy and not v.error
                    for v in self.visits)
        errors = sum(bool(v.error) for v in self.visits)
        drawn = [v.drawn_seconds for v in self.visits if v.drawn_seconds is not None]
        timing = spread(boards) if boards else "no board"
        if drawn:
            timing += f"; to the page drawn ({len(drawn)}) {spread(drawn)}"
        first = [v.first_step_seconds for v in self.visits if v.first_step_seconds is not None]
        if first:
            timing += f"; to the first step answered ({len(first)}) {spread(first)}"
        alive = ", ".join(f"{after} s: {count}" for after, count in self.alive_after)
        problems = sorted({v.error[:160] for v in self.visits if v.error})
        return [
            f"{self.name}: boards {len(boards)}/{len(self.visits)}, met the busy page {busy}, "
            f"blank {blank}, errors {errors}; time to the board {timing}",
            f"  steps done {sum(v.steps for v in self.visits)}/{len(boards) * STEPS}, "
            f"visitors who gave up on a step slower than {STEP_TIMEOUT_MS / 1000:.0f} s: "
            f"{sum(v.slow_step for v in self.visits)}; "
            f"voila 'Timeout waiting for IOPub output': {self.iopub_timeouts}; "
            f"pages whose kernel was gone when they connected: {self.unconnectable}",
            f"  visitors' kernels alive after the last left: {alive}",
            f"  peak memory (PSS/RSS): server and kernels {self.peak[0]:.0f}/{self.peak[1]:.0f} "
            f"MiB, largest kernel {self.peak_kernel[0]:.0f}/{self.peak_kernel[1]:.0f} MiB",
            f"  CPU per visitor: server and kernels {self.server_cpu / len(self.visits):.1f} s, "
            f"{'visitors (no browser)' if self.light else 'browser'} "
            f"{self.browser_cpu / len(self.visits):.1f} s; load average "
            f"{self.load_average[0]:.1f} at the start, {self.load_average[1]:.1f} at the end",
            *(f"  error: {problem}" for problem in problems[:5]),
        ]


def run(argv: Sequence[str] = ()) -> None:
    """Run the scenarios named in ``argv`` (all by default), voila options after ``--``."""
    argv = list(argv)
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    names = argv[:argv.index("--")] if "--" in argv else argv
    light = "--light" in names
    servers = next((int(name.split("=")[1]) for name in names if name.startswith("--servers=")),
                   1)
    chosen = [name for name in names if not name.startswith("--")] or [
        *map(str, AT_ONCE), "arrivals"]
    chromium = find_chromium()
    if chromium is None and not light:
        raise SystemExit("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    print(reference_line())
    print(f"demo: {SERVER_MODULE} --demo {' '.join(extra)} on {servers} server(s)"
          f"{' behind nginx' if servers > 1 else ''}; {psutil.cpu_count()} cores, "
          f"{psutil.virtual_memory().total / 2**30:.1f} GiB; visitors: "
          f"{'without a browser (--light)' if light else 'headless chromium'}")
    server = (_Cluster(start_cluster(servers, extra_args=extra)) if servers > 1 else
              start_voila(APP_NOTEBOOK, module=SERVER_MODULE, extra_args=["--demo", *extra]))
    # a benchmark stopped with SIGTERM still stops its server (and the server its kernels)
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit("stopped by SIGTERM"))
    try:
        pool = _settled_kernel_count(server)
        print(f"pre-heated kernels: {pool}, PSS/RSS MiB each: {_kernel_memory(server)}")
        for name in chosen:
            outcome = asyncio.run(_scenario(server, None if light else chromium, name, pool))
            print("\n".join(outcome.lines()), flush=True)
    finally:
        server.stop()
        print(f"server log: {server.log_path}")


class _Cluster:
    """Several demo servers behind nginx, as the scenarios use one server: the page's address
    (nginx's), the servers' logs and processes."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.url = cluster.url
        self.log_path = " ".join(str(server.log_path) for server in cluster.servers)

    def log(self) -> str:
        return "\n".join(server.log() for server in self.cluster.servers)

    def stop(self) -> None:
        self.cluster.stop()


Demo = VoilaServer | _Cluster
"""One demo server, or several behind nginx."""


async def _scenario(server: Demo, chromium: str | None, name: str,
                    pool: int) -> Outcome:
    """One scenario, in chromium or (``chromium=None``) with visitors without a browser."""
    if name == "arrivals":
        count, spacing = ARRIVALS, ARRIVAL_SECONDS / ARRIVALS
        label = f"{ARRIVALS} arriving over {ARRIVAL_SECONDS:.0f} s"
    elif name.isdigit():
        count, spacing, label = int(name), 0.0, f"{name} at once"
    else:
        raise SystemExit(f"unknown scenario {name!r}: choose from 5, 10, 20 or arrivals")
    log_before = server.log()
    started_load = psutil.getloadavg()[0]
    sampler = _Sampler(server)
    sampler.start()
    own_cpu = _own_cpu()
    if chromium is None:
        # a thread for each visitor's page request, busy page, files and shutdown wait
        asyncio.get_running_loop().set_default_executor(
            concurrent.futures.ThreadPoolExecutor(max_workers=2 * count + 8))
        visits = await asyncio.gather(*(
            _visit_light(server.url, delay=index * spacing, polite=index % 2 == 0)
            for index in range(count)))
    else:
        visits = await _browser_visits(chromium, server.url, count, spacing)
    outcome = Outcome(label, list(visits), light=chromium is None)
    outcome.load_average = (started_load, psutil.getloadavg()[0])
    left = time.monotonic()
    for after in AFTER_LEAVING:
        await asyncio.sleep(max(0.0, left + after - time.monotonic()))
        outcome.alive_after.append((after, max(0, _kernel_count(server) - pool)))
    visitors_cpu = _own_cpu(but=sampler.native_id) - own_cpu
    sampler.stop()
    outcome.peak, outcome.peak_kernel = sampler.peak, sampler.peak_kernel
    outcome.server_cpu, outcome.browser_cpu = sampler.cpu_seconds()
    if outcome.light:  # the visitors are this process
        outcome.browser_cpu = visitors_cpu
    log = server.log()[len(log_before):]
    outcome.iopub_timeouts = log.count("Timeout waiting for IOPub output")
    outcome.unconnectable = len(set(_GONE_ON_CONNECT.findall(log)))
    return outcome


def _own_cpu(but: int | None = None) -> float:
    """This process's CPU seconds so far, but for the thread ``but`` (the sampler's)."""
    own = psutil.Process()
    times = own.cpu_times()
    spared = sum(thread.user_time + thread.system_time for thread in own.threads()
                 if thread.id == but)
    return float(times.user + times.system - spared)


_GONE_ON_CONNECT = re.compile(r"404 GET /api/kernels/([0-9a-f-]+)/channels")
"""The server's log line of a page connecting to a kernel that is gone."""


async def _browser_visits(chromium: str, url: str, count: int,
                          spacing: float) -> list[Visit]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS),
                                           headless=True)
        try:
            return list(await asyncio.gather(*(
                _visit(browser, url, delay=index * spacing, polite=index % 2 == 0)
                for index in range(count))))
        finally:
            await browser.close()


async def _visit_light(url: str, *, delay: float, polite: bool) -> Visit:
    """A visitor without a browser (``--light``): what :func:`_visit` does, over HTTP and the
    kernel's websocket."""
    await asyncio.sleep(delay)
    visit, page = Visit(), PageVisitor(url)
    start = time.monotonic()
    deadline = start + VISITOR_SECONDS
    try:
        came = await page.open(deadline)
        visit.met_busy = page.met_busy
        if came and await page.connect() and await page.board(deadline):
            visit.board_seconds = time.monotonic() - start
            if await page.drawn(deadline):
                visit.drawn_seconds = time.monotonic() - start
            for turn in range(1, STEPS + 1):
                if not await page.step(time.monotonic() + STEP_TIMEOUT_MS / 1000):
                    visit.slow_step = True
                    break
                visit.steps = turn
                if turn == 1:
                    visit.first_step_seconds = time.monotonic() - start
    finally:
        await page.leave(polite=polite)
        if polite and page.kernel_id:
            server = url.rstrip("/") + page.base_url.rstrip("/")  # behind nginx: /sN
            await asyncio.to_thread(wait_until_kernel_gone, server, page.kernel_id,
                                    LEAVE_SECONDS)
    return visit


async def _visit(browser: Any, url: str, *, delay: float, polite: bool) -> Visit:
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import TimeoutError as PlaywrightTimeoutError

    await asyncio.sleep(delay)
    visit = Visit()
    context = await browser.new_context(viewport={"width": 1400, "height": 1200})
    page = await context.new_page()
    start = time.monotonic()
    try:
        await page.goto(url, wait_until="commit", timeout=VISITOR_SECONDS * 1000)
        while time.monotonic() - start < VISITOR_SECONDS:  # bounded: the visitor gives up
            try:
                state = await page.evaluate(_STATE_JS)
            except PlaywrightError:  # the busy page reloading itself
                state = None
            if state == "board":
                visit.board_seconds = time.monotonic() - start
                break
            if state == "error":
                visit.error = (await page.inner_text("body"))[-300:]
                break
            visit.met_busy |= state == "busy"
            await asyncio.sleep(0.25)
        if visit.board_seconds is not None:
            left_ms = max(1.0, VISITOR_SECONDS - (time.monotonic() - start)) * 1000
            try:
                await page.wait_for_function(_DRAWN_JS, timeout=left_ms, polling=250)
                visit.drawn_seconds = time.monotonic() - start
            except PlaywrightTimeoutError:
                pass  # steps anyway: a key waits for the page
            for turn in range(1, STEPS + 1):
                await page.keyboard.press("ArrowRight")
                try:
                    await page.wait_for_function(_TURN_JS, arg=turn, timeout=STEP_TIMEOUT_MS)
                except PlaywrightTimeoutError:
                    visit.slow_step = True
                    break
                visit.steps = turn
                if turn == 1:
                    visit.first_step_seconds = time.monotonic() - start
    except PlaywrightError as problem:
        visit.error = visit.error or str(problem).splitlines()[0]
    finally:
        if polite:
            await leave_async(page, LEAVE_SECONDS)
        await context.close()
    return visit


class _Sampler:
    """Samples, every second in a thread, the RSS of the server and its kernels, and the CPU
    time of each process of theirs and of the browser (a process's last sample counts: one
    that exits loses at most its last second)."""

    def __init__(self, server: Demo) -> None:
        self._server = server
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self.peak = (0.0, 0.0)
        self.peak_kernel = (0.0, 0.0)
        self._cpu: dict[int, tuple[bool, float]] = {}
        """Per process: whether it is the server's (else the browser's), its CPU seconds."""
        self._cpu_before = self._cpu_now()
        self.native_id: int | None = None
        """The sampling thread's id, whose CPU is not the visitors' (``--light``)."""

    def cpu_seconds(self) -> tuple[float, float]:
        """CPU seconds used since the sampler was made: the server's, the browser's."""
        used = [0.0, 0.0]
        for pid, (servers, seconds) in self._cpu.items():
            before = self._cpu_before.get(pid, (servers, 0.0))[1]
            used[0 if servers else 1] += seconds - before
        return used[0], used[1]

    def _cpu_now(self) -> dict[int, tuple[bool, float]]:
        server_pids = {process.pid for process, _is_kernel in _processes(self._server)}
        seen: dict[int, tuple[bool, float]] = {}
        for process in psutil.Process().children(recursive=True):
            try:
                times = process.cpu_times()
            except psutil.Error:
                continue
            seen[process.pid] = (process.pid in server_pids, times.user + times.system)
        return seen

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=10)

    def _sample(self) -> None:
        self.native_id = threading.get_native_id()
        while not self._stopping.wait(1.0):
            self._cpu.update(self._cpu_now())
            total, largest = [0.0, 0.0], [0.0, 0.0]
            for process, is_kernel in _processes(self._server):
                sizes = _memory_mib(process)
                for index, size in enumerate(sizes):
                    total[index] += size
                    if is_kernel:
                        largest[index] = max(largest[index], size)
            self.peak = (max(self.peak[0], total[0]), max(self.peak[1], total[1]))
            self.peak_kernel = (max(self.peak_kernel[0], largest[0]),
                                max(self.peak_kernel[1], largest[1]))


def _processes(server: Demo) -> list[tuple[psutil.Process, bool]]:
    """The servers' processes and their descendants, each with whether it is a kernel."""
    if isinstance(server, _Cluster):
        return [found for one in server.cluster.servers for found in _processes(one)]
    try:
        root = psutil.Process(server.process.pid)
        found = [(root, False)]
        for child in root.children(recursive=True):
            try:
                found.append((child, "ipykernel_launcher" in " ".join(child.cmdline())))
            except psutil.Error:
                continue
        return found
    except psutil.Error:
        return []


def _kernel_count(server: Demo) -> int:
    return sum(is_kernel for _process, is_kernel in _processes(server))


def _memory_mib(process: psutil.Process) -> tuple[float, float]:
    """A process's PSS and RSS in MiB (0 for a process gone)."""
    try:
        memory = process.memory_full_info()
    except psutil.Error:
        return 0.0, 0.0
    return getattr(memory, "pss", memory.rss) / MIB, memory.rss / MIB


def _kernel_memory(server: Demo) -> str:
    sizes = [_memory_mib(process) for process, is_kernel in _processes(server) if is_kernel]
    return ", ".join(f"{pss:.0f}/{rss:.0f}" for pss, rss in sizes) or "no kernel"


def _settled_kernel_count(server: Demo, *, seconds: float = 120.0) -> int:
    """The pre-heated kernels, once their number has not changed for 10 s (bounded)."""
    return _settled(lambda: _kernel_count(server), seconds)


def _settled(count: Callable[[], int], seconds: float) -> int:
    deadline, last, since = time.monotonic() + seconds, -1, time.monotonic()
    while time.monotonic() < deadline:
        now = count()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 10.0 and now > 0:
            break
        time.sleep(0.5)
    time.sleep(5.0)  # the pool's kernels finish running the notebook
    return last


if __name__ == "__main__":
    run(sys.argv[1:])
