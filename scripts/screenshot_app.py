"""Screenshot the Voila app for the README, at a laptop's size and a phone's.

    .venv/bin/python scripts/screenshot_app.py [OUT_DIR]     (default: docs/screenshots)

Starts voila on a free port of 127.0.0.1 (from the repository root, so it reads voila.json, as
`make app` does), opens the annotated sample game at a turn in the middle in Debian's chromium
(/usr/bin/chromium; never `playwright install`), waits for the app and its charts, and writes
OUT_DIR/app-laptop.png (a 1280x900 window) and OUT_DIR/app-phone.png (a 390x844 one).

It shoots the app's root element, not the page: voila scrolls an inner div, so a full-page shot
would cut the app off, and chromium paints none of that div below the window either. So the
laptop shot first grows the window to the app's height (same width, same layout) to show the
whole app, and the phone shot keeps the phone's window: the app's first screen. Device scale 1
keeps each PNG small. voila's whole process group is killed at the end.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from support.voila_server import (
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    REPO_ROOT,
    find_chromium,
    goto_voila,
    running_voila,
)

APP_ROOT = ".splendor-app"
CHART = ".splendor-app .js-plotly-plot"
CURRENT_MOVE = ".splendor-app .splendor-move.current"
DEEP_LINK = "?replay=teacher-2p&turn=30"
# name: (width, height, whether to show the whole app rather than its first screen)
SHOTS = {"app-laptop.png": (1280, 900, True), "app-phone.png": (390, 844, False)}
CHART_TIMEOUT_MS = 60_000
SETTLE_MS = 1_500  # plotly's transitions and the board's last redraw
MARGIN = 16  # pixels of window below the app


def main(out_dir: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no chromium: apt-get install chromium (or scripts/ensure-chromium)")
    out_dir.mkdir(parents=True, exist_ok=True)
    with running_voila(APP_NOTEBOOK) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for name, (width, height, whole) in SHOTS.items():
                page = browser.new_page(viewport={"width": width, "height": height},
                                        device_scale_factor=1)
                shoot(page, server.url + DEEP_LINK, out_dir / name, whole=whole)
                page.close()
        finally:
            browser.close()


def shoot(page: Page, url: str, path: Path, *, whole: bool) -> None:
    """Open the app at ``url``, wait until its charts are drawn, and screenshot its root:
    all of it when ``whole``, else the part inside the window."""
    app = goto_voila(page, url, APP_ROOT)
    page.wait_for_selector(CHART, state="visible", timeout=CHART_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    box = app.bounding_box()
    window = page.viewport_size
    assert box is not None and window is not None
    if whole:
        page.set_viewport_size({"width": window["width"],
                                "height": math.ceil(box["y"] + box["height"]) + MARGIN})
        # The move list scrolls to the current move on a step, but not always on a deep link.
        page.locator(CURRENT_MOVE).first.scroll_into_view_if_needed()
        page.wait_for_timeout(SETTLE_MS)
        app.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), clip={"x": box["x"], "y": box["y"], "width": box["width"],
                                              "height": window["height"] - box["y"]})
    print(path, f"{path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO_ROOT / "docs" / "screenshots")
