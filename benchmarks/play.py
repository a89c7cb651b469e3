"""Speed of playing in the app, in the browser (chromium against a real voila):

    python -m benchmarks.play

- **click to board**: the time from a click on a token pile (its ``click`` event in the page)
  to the board showing the pile picked or put back (a MutationObserver on the board), through
  voila and the kernel: the session's turn builder, the board's SVG drawn again, sent back and
  put in the page. Median over many clicks, after an untimed first one (a page's kernel may be
  busy for a moment after it opens). Target: under 100 ms.
- **confirm to the hard bot's reply**: from the click on Confirm (three piles picked) to the
  board showing the hard bot's move, which includes the pause of
  :data:`~splendor_nb.ui.play_tab.bot_runner.PAUSE` seconds the widget leaves before a bot
  moves (so that the person sees their own move first) and the search. Take back, then again,
  from the same position. Median over several rounds. Target: under 1.5 s.

Figures are printed, never asserted, beside a fixed pure-Python workload measured in the same
run. Games go to a temporary folder ($SPLENDOR_GAMES), never the repository.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from typing import TYPE_CHECKING

from benchmarks.common import reference_line
from splendor_nb.app import GAMES_ENV
from splendor_nb.ui.play_tab.bot_runner import PAUSE
from support.voila_server import (
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    FIRST_LOAD_TIMEOUT_MS,
    find_chromium,
    goto_voila,
    running_voila,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

START = "play=teacher-2p&turn=20&seats=Ann,hard&seed=1"
"""A middle-game position of the sample game, Ann against the hard bot (its default budget)."""
TURN = 20
CLICKS = 40
REPLIES = 8
WAIT_MS = 30_000

# Arms a click timestamp and a MutationObserver that notes when the white pile's picked count
# becomes `picked` ("" for none) on the board.
_ARM_PILE = """(picked) => {
    window.__clicked = null;
    window.__shown = null;
    const frame = document.querySelector('.splendor-play .splendor-board');
    window.addEventListener('click', () => { window.__clicked = performance.now(); },
                            { capture: true, once: true });
    const done = () => {
        const pile = frame.querySelector('[data-action="supply"][data-colour="white"]');
        return pile && (pile.getAttribute('data-picked') || '') === picked;
    };
    const observer = new MutationObserver(() => {
        if (done()) { window.__shown = performance.now(); observer.disconnect(); }
    });
    observer.observe(frame, { childList: true, subtree: true, attributes: true });
}"""

# The same for the board reaching `turn` (the bot's reply shown).
_ARM_TURN = """(turn) => {
    window.__clicked = null;
    window.__shown = null;
    const frame = document.querySelector('.splendor-play .splendor-board');
    window.addEventListener('click', () => { window.__clicked = performance.now(); },
                            { capture: true, once: true });
    const observer = new MutationObserver(() => {
        if (frame.dataset.turn === String(turn)) {
            window.__shown = performance.now();
            observer.disconnect();
        }
    });
    observer.observe(frame, { attributes: true, attributeFilter: ['data-turn'] });
}"""

_ELAPSED = "() => (window.__shown - window.__clicked) / 1000"
_SHOWN = "() => window.__shown !== null && window.__clicked !== null"


def run() -> None:
    """Print the figures."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no chromium: run scripts/ensure-chromium (Debian's chromium)")
    print(reference_line())
    with tempfile.TemporaryDirectory() as games:
        before = os.environ.get(GAMES_ENV)
        os.environ[GAMES_ENV] = games
        try:
            with running_voila(APP_NOTEBOOK) as server, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium,
                                             args=list(CHROMIUM_ARGS))
                try:
                    page = browser.new_page(viewport={"width": 1366, "height": 1000})
                    goto_voila(page, f"{server.url}?{START}",
                               f'.splendor-play .splendor-board[data-turn="{TURN}"]',
                               timeout_ms=FIRST_LOAD_TIMEOUT_MS, server=server)
                    clicks = _click_times(page)
                    replies = _reply_times(page)
                finally:
                    browser.close()
        finally:
            if before is None:
                del os.environ[GAMES_ENV]
            else:
                os.environ[GAMES_ENV] = before
    print(f"browser, a click on a token pile to the board showing it ({len(clicks)} clicks):")
    print(f"  median {_ms(clicks)}, slowest {max(clicks) * 1000:.0f} ms (target < 100 ms)")
    print(f"browser, Confirm to the hard bot's reply shown ({len(replies)} rounds, the "
          f"widget's pause of {PAUSE * 1000:.0f} ms included):")
    print(f"  median {_ms(replies)}, slowest {max(replies) * 1000:.0f} ms (target < 1500 ms); "
          f"without the pause: median {(statistics.median(replies) - PAUSE) * 1000:.0f} ms")
    print(reference_line())


def _pile(page: Page, colour: str = "white") -> Locator:
    return page.locator(f'.splendor-play [data-action="supply"][data-colour="{colour}"]').first


def _click_times(page: Page) -> list[float]:
    """Click the white pile again and again: picked, put back, picked..."""
    for picked in ("1", ""):  # untimed first: a fresh page's kernel may still be busy
        page.evaluate(_ARM_PILE, picked)
        _pile(page).click()
        page.wait_for_function(_SHOWN, timeout=WAIT_MS)
    times = []
    for index in range(CLICKS):
        page.evaluate(_ARM_PILE, "1" if index % 2 == 0 else "")
        _pile(page).click()
        page.wait_for_function(_SHOWN, timeout=WAIT_MS)
        times.append(float(page.evaluate(_ELAPSED)))
    if CLICKS % 2:
        _pile(page).click()  # put it back: the next part starts from nothing picked
    return times


def _reply_times(page: Page) -> list[float]:
    """Take three colours, Confirm, time the reply; Take back; again."""
    times = []
    for _ in range(REPLIES):
        for colour in ("white", "blue", "green"):
            _pile(page, colour).click()
        page.wait_for_function(
            "() => document.querySelectorAll('.splendor-play [data-picked]').length === 3",
            timeout=WAIT_MS)
        page.evaluate(_ARM_TURN, TURN + 2)
        page.locator(".splendor-play .splendor-confirm").first.click()
        page.wait_for_function(_SHOWN, timeout=WAIT_MS)
        times.append(float(page.evaluate(_ELAPSED)))
        page.locator(".splendor-play .splendor-take-back").first.click()
        page.wait_for_function("() => document.querySelector('.splendor-play "
                               f".splendor-board').dataset.turn === '{TURN}'", timeout=WAIT_MS)
    return times


def _ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.0f} ms"


if __name__ == "__main__":
    run()
