"""Time from opening a voila page to a given element being visible, in the system chromium.

    python -m benchmarks.voila_first_render NOTEBOOK SELECTOR [--rounds N] [--voila-arg ARG]
    python -m benchmarks.voila_first_render tests/browser/one_button.ipynb .smoke-root

One voila server for all rounds (started the way the tests start it); each round opens a fresh
browser context and page, so voila starts a new kernel and runs the notebook again, as for a
new visitor. Prints each round and the median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence

from benchmarks.common import reference_line
from support.voila_server import (
    CHROMIUM_ARGS,
    FIRST_LOAD_TIMEOUT_MS,
    find_chromium,
    goto_voila,
    running_voila,
)

DEFAULT_SELECTOR = ".jupyter-widgets"


def measure(
    notebook_path: str | os.PathLike[str],
    rounds: int = 3,
    selector: str = DEFAULT_SELECTOR,
    extra_args: Sequence[str] = (),
) -> list[float]:
    """Seconds from ``page.goto`` to ``selector`` visible, one figure per round.

    Raises RuntimeError without chromium, and VoilaPageError if the page shows an error.
    """
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        raise RuntimeError("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    times: list[float] = []
    with running_voila(notebook_path, extra_args=extra_args) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium, args=list(CHROMIUM_ARGS), headless=True
        )
        try:
            for _ in range(rounds):
                context = browser.new_context()
                page = context.new_page()
                start = time.perf_counter()
                goto_voila(
                    page, server.url, selector, timeout_ms=FIRST_LOAD_TIMEOUT_MS, server=server
                )
                times.append(time.perf_counter() - start)
                context.close()
        finally:
            browser.close()
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", help="notebook for voila to serve")
    parser.add_argument(
        "selector",
        nargs="?",
        default=DEFAULT_SELECTOR,
        help=f"CSS selector to wait for (default {DEFAULT_SELECTOR!r})",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--voila-arg",
        action="append",
        default=[],
        help="extra voila argument, e.g. --voila-arg=--preheat_kernel=True",
    )
    args = parser.parse_args(argv)
    times = measure(args.notebook, args.rounds, args.selector, args.voila_arg)
    print(f"voila first render of {args.notebook} until {args.selector!r} is visible")
    for number, seconds in enumerate(times, 1):
        print(f"  round {number}: {seconds:.2f} s")
    print(f"  median: {statistics.median(times):.2f} s over {len(times)} rounds")
    print(f"  {reference_line()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
