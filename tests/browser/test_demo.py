"""The public demo and the safe local Save, in a real browser, against splendor_nb.server.

The demo server here holds one visitor at a time (beside its two pre-heated kernels), so that
a second visitor meets the busy page; every test leaves its page as a person closing a tab
does (``beforeunload`` runs, the page asks for its kernel to be shut down), which frees the
place for the next. Screenshots go to screenshots/.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from splendor_nb.app import FIRST_REPLAY
from splendor_nb.replay import Replay
from splendor_nb.server import BUSY_CLASS
from splendor_nb.ui import REPLAYS_DIR, shipped_replays
from support.screenshots import at_widths, shoot
from support.voila_leave import CONFIG_SELECTOR, kernel_of
from support.voila_leave import leave as leave_page
from support.voila_server import (
    APP_NOTEBOOK,
    REPO_ROOT,
    SERVER_MODULE,
    VoilaServer,
    goto_voila,
    start_voila,
)

UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine, once the page is drawn (not a
speed check)."""
FIRST_LOAD_MS = 180_000
"""How long a page may take to show the app on a loaded machine (a fresh server's first
page waited over 60 s at a load average of 20 on 2 cores)."""
LEAVE_SECONDS = 120.0
"""How long a closed page's kernel may take to be shut down on a loaded machine."""
RETURN_MS = 90_000
"""How long a busy page may take to get in once the place is free (it retries every 2-4 s)."""
LOCAL = ("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:", "about:")
WIDTHS = (1366, 390)
"""A laptop's and a phone's width, where the pictures are taken and nothing may stick out."""
SIDEWAYS_JS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1600},
            "accept_downloads": True}


@pytest.fixture(scope="module")
def demo() -> Iterator[VoilaServer]:
    """The demo, one visitor at a time, busy pages retrying every 2 to 4 seconds. Culling
    waits ten minutes: a place comes free only by the closed page's shutdown request."""
    server = start_voila(APP_NOTEBOOK, module=SERVER_MODULE,
                         extra_args=["--demo", "--SplendorVoila.max_visitors=1",
                                     "--SplendorVoila.busy_retry_seconds=2",
                                     "--MappingKernelManager.cull_idle_timeout=600"])
    yield server
    server.stop()


@pytest.fixture(scope="module")
def own_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A replays folder the local app may save into: a copy of the first shipped replay."""
    folder = tmp_path_factory.mktemp("replays")
    shutil.copy(shipped_replays()[FIRST_REPLAY], folder / "duel.json")
    return folder


@pytest.fixture(scope="module")
def local(own_folder: Path) -> Iterator[VoilaServer]:
    """The app as `make app` serves it (Save on), on the test's own replays folder."""
    server = start_voila(Path(__file__).with_name("own_replays.ipynb"), module=SERVER_MODULE,
                         env={"SPLENDOR_TEST_REPLAYS": str(own_folder)})
    yield server
    server.stop()


def leave(page: Page) -> None:
    """Close the page as a person closing its tab does, and wait (bounded) until its kernel is
    shut down (support.voila_leave): else a place in the demo stays taken."""
    if not page.is_closed() and not leave_page(page, LEAVE_SECONDS):
        raise AssertionError(f"the kernel of a closed page is still alive after {LEAVE_SECONDS} s")


@pytest.fixture
def visitor(page: Page) -> Iterator[Page]:
    """The test's page, left at the end as a person closing its tab leaves it."""
    yield page
    leave(page)


@pytest.fixture
def outside(visitor: Page) -> list[str]:
    """Every request the page tried to send beyond this machine (all refused)."""
    tried: list[str] = []

    def keep_local(route: Route) -> None:
        if route.request.url.startswith(LOCAL):
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    visitor.context.route("**/*", keep_local)
    return tried


def open_app(page: Page, server: VoilaServer, query: str = "") -> Any:
    """The Replay tab's viewer, once it is drawn to its charts, the last of its parts: until
    then the page is busy drawing, and a click waits for it (a click as the board showed took
    13 s to come back at a load average of 44, one after the charts 1 s)."""
    app = goto_voila(page, server.url + query, ".splendor-app .splendor-viewer", server=server,
                     timeout_ms=FIRST_LOAD_MS)
    expect(app.locator(".splendor-charts .main-svg").first).to_be_visible(timeout=FIRST_LOAD_MS)
    return app


def shoot_at_widths(page: Page, selector: str, name: str) -> None:
    """Shoot ``selector`` at each of WIDTHS (name-WIDTH.png); the page must not scroll sideways."""
    for width in at_widths(page, WIDTHS, height=3200, settle_ms=500):
        assert page.evaluate(SIDEWAYS_JS) <= 0, (name, width)
        shoot(page.locator(selector).first, f"{name}-{width}.png")


def comment_on_turn_one(app: Any, text: str) -> None:
    app.locator(".splendor-forward").click()
    expect(app.locator(".splendor-board").first).to_have_attribute("data-turn", "1",
                                                                     timeout=UPDATE_MS)
    comment = app.locator(".splendor-comment textarea")
    comment.fill(text)
    comment.blur()  # the text box sends its value when it loses focus
    expect(app.locator(".splendor-status")).to_contain_text("Unsaved comments",
                                                           timeout=UPDATE_MS)


def test_the_demo_is_read_only_shows_no_server_path_and_fetches_nothing_from_outside(
        visitor: Page, demo: VoilaServer, outside: list[str]) -> None:
    errors: list[str] = []
    visitor.on("console", lambda message: errors.append(message.text)
               if message.type == "error" else None)
    shipped = shipped_replays()[FIRST_REPLAY].read_bytes()
    app = open_app(visitor, demo)
    comment_on_turn_one(app, "Kept in my download.")
    save = app.locator(".splendor-save")
    expect(save).to_be_disabled()
    expect(save).to_have_attribute("title", "Saving is off in this public demo: Download keeps "
                                            "the replay with your comments")
    expect(app.locator(".splendor-status")).to_contain_text("download to keep them")
    with visitor.expect_download(timeout=UPDATE_MS) as download_info:
        app.locator(".splendor-download").click()
    saved = Replay.load(download_info.value.path())
    assert saved.turns[0].comment == "Kept in my download."
    assert shipped_replays()[FIRST_REPLAY].read_bytes() == shipped
    shown = visitor.evaluate("""() => document.body.innerText + "\\n" +
        Array.from(document.querySelectorAll("[title]"), (e) => e.title).join("\\n")""")
    assert str(REPLAYS_DIR) not in shown and str(REPO_ROOT) not in shown
    icon = visitor.evaluate("""() => getComputedStyle(
        document.querySelector(".splendor-forward i"), "::before").fontFamily""")
    assert "Font Awesome" in icon  # the icons' font, served by the demo itself
    assert outside == [] and errors == []
    save.hover()
    shoot(app.locator(".splendor-toolbar").locator("xpath=.."), "demo-read-only.png")
    shoot_at_widths(visitor, ".splendor-app", "demo-app")


def test_a_visitor_past_the_cap_gets_the_busy_page_then_the_board(
        visitor: Page, demo: VoilaServer, browser: Browser) -> None:
    """... and the board as it is shipped: the comment the first visitor wrote is theirs."""
    comment_on_turn_one(open_app(visitor, demo), "The first visitor's comment.")
    second = browser.new_context(viewport={"width": 900, "height": 700})
    try:
        waiting = second.new_page()
        response = waiting.goto(demo.url)
        assert response is not None and response.status == 503
        busy = waiting.locator(f".{BUSY_CLASS}")
        expect(busy).to_contain_text("The demo is busy")
        expect(busy).to_contain_text("This page tries again by itself")
        shoot(busy, "demo-busy.png")
        shoot_at_widths(waiting, f".{BUSY_CLASS}", "demo-busy")
        leave(visitor)  # the first visitor leaves: the place is free
        app = waiting.locator(".splendor-app .splendor-viewer").first
        expect(app.locator(".splendor-board").first).to_be_visible(timeout=RETURN_MS)
        expect(app.locator(".splendor-charts .main-svg").first).to_be_visible(
            timeout=FIRST_LOAD_MS)  # drawn: a click is answered now
        app.locator(".splendor-forward").click()
        expect(app.locator(".splendor-board").first).to_have_attribute("data-turn", "1",
                                                                         timeout=UPDATE_MS)
        shipped = Replay.load(shipped_replays()[FIRST_REPLAY]).turns[0].comment
        expect(app.locator(".splendor-comment textarea")).to_have_value(shipped)
        leave(waiting)
    finally:
        second.close()


def test_a_page_whose_kernel_went_before_it_connected_loads_again_and_gets_the_board(
        visitor: Page, demo: VoilaServer) -> None:
    """A kernel whose page has not connected is culled after ``unconnected_timeout``; a browser
    slower than that to run the page's scripts showed the page's frame and no app, for good.
    Here the page's scripts fail the first time (voila.js refused), its kernel is shut down
    meanwhile, and the page loads again by itself: a new kernel, the board."""
    refused: list[str] = []

    def refuse_once(route: Route) -> None:
        if refused:
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    visitor.route("**/voila/static/voila.js", refuse_once)
    visitor.goto(demo.url)
    config = visitor.text_content(CONFIG_SELECTOR, timeout=FIRST_LOAD_MS)
    first = kernel_of(config)
    assert first and refused
    xsrf = next(cookie["value"] for cookie in visitor.context.cookies()
                if cookie["name"] == "_xsrf")
    answer = visitor.request.post(f"{demo.url}voila/api/shutdown/{first}",
                                  form={"_xsrf": xsrf})
    assert answer.status == 204
    app = visitor.locator(".splendor-app .splendor-viewer").first
    expect(app.locator(".splendor-board").first).to_be_visible(timeout=FIRST_LOAD_MS)
    again = kernel_of(visitor.text_content(CONFIG_SELECTOR))
    assert again and again != first


def test_a_20_mb_upload_gets_a_message_and_the_button_still_opens_files(
        visitor: Page, demo: VoilaServer, tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * 20_000_000)
    other = next(path for name, path in shipped_replays().items() if name != FIRST_REPLAY)
    app = open_app(visitor, demo)

    def choose(path: Path) -> None:
        with visitor.expect_file_chooser() as chooser:
            app.locator(".splendor-upload").click()
        chooser.value.set_files(str(path))

    choose(huge)
    banner = app.locator(".splendor-error-text")
    expect(banner).to_contain_text("huge.json is 19.1 MiB: a replay file is at most 10.0 MiB. "
                                   "Nothing was sent.", timeout=UPDATE_MS)
    shoot(app.locator(".splendor-toolbar").locator("xpath=.."), "demo-upload-too-large.png")
    choose(other)
    names = Replay.load(other).names
    expect(app.locator(".splendor-title")).to_contain_text(names[0], timeout=UPDATE_MS)
    expect(banner).to_have_count(0)
    expect(app.locator(".splendor-upload")).to_be_enabled()


def test_a_save_over_a_file_changed_since_it_was_opened_asks_to_save_a_copy(
        visitor: Page, local: VoilaServer, own_folder: Path) -> None:
    path = own_folder / "duel.json"
    app = open_app(visitor, local, "?replay=duel")
    save = app.locator(".splendor-save")
    expect(save).to_have_attribute("title", "Save the comments into duel.json")
    comment_on_turn_one(app, "Mine.")
    theirs = json.loads(path.read_text(encoding="utf-8"))  # another page saves meanwhile
    theirs["turns"][0]["comment"] = "Theirs."
    path.write_text(json.dumps(theirs), encoding="utf-8")
    save.click()
    question = app.locator(".splendor-stale .splendor-question-text")
    expect(question).to_contain_text("duel.json changed since you opened it", timeout=UPDATE_MS)
    assert Replay.load(path).turns[0].comment == "Theirs."
    shoot(app.locator(".splendor-toolbar").locator("xpath=.."), "stale-save.png")
    app.locator(".splendor-save-copy").click()
    expect(app.locator(".splendor-status")).to_contain_text(
        "Saved a copy: duel-copy.json (duel.json was left as it was)", timeout=UPDATE_MS)
    expect(question).to_be_hidden()
    assert Replay.load(own_folder / "duel-copy.json").turns[0].comment == "Mine."
    assert Replay.load(path).turns[0].comment == "Theirs."
