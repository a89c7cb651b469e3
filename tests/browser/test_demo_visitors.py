"""Plain fetches cannot close the demo for a browser, and a tab closed while its page loads
frees its place at once, in a real browser against the demo as shipped (voila-demo.json: the
proxy on 127.0.0.1 trusted, 3 places an address, 4 pages loading at once)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Page, Route, expect

from support.voila_leave import CONFIG_SELECTOR, kernel_of, wait_until_kernel_gone
from support.voila_server import APP_NOTEBOOK, SERVER_MODULE, VoilaServer, start_voila
from tests.test_demo_places import OUTSIDE, fetch_as, wait_for

FIRST_LOAD_MS = 180_000
"""How long a page may take to show the app on a loaded machine (not a speed check)."""
GONE_SECONDS = 120.0
"""How long a kernel may take to go on a loaded machine (the culler waits ten minutes here)."""


@pytest.fixture(scope="module")
def demo() -> Iterator[VoilaServer]:
    """The demo as shipped, but culling nothing within the tests."""
    server = start_voila(APP_NOTEBOOK, module=SERVER_MODULE, extra_args=[
        "--demo", "--MappingKernelManager.cull_idle_timeout=600",
        "--PageKernelManager.unconnected_timeout=600"])
    yield server
    server.stop()


def test_plain_fetches_do_not_keep_a_browser_out(page: Page, demo: VoilaServer) -> None:
    """Six fetches from one address (a script's ``curl``) get at most its 3 places and hold
    them for seconds; a browser coming next gets the app at once, never the busy page."""
    with ThreadPoolExecutor(6) as fetches:  # at once, as a script sends them
        answers = sorted(fetches.map(lambda _: fetch_as(demo, OUTSIDE)[0], range(6)))
    assert answers == [200, 200, 200, 503, 503, 503], demo.log()[-4000:]
    response = page.goto(demo.url, wait_until="commit")
    assert response is not None and response.status == 200
    expect(page.locator(".splendor-app .splendor-board").first).to_be_visible(
        timeout=FIRST_LOAD_MS)
    wait_for(lambda: demo.log().count("no browser ran its page") == 3, demo)
    page.close(run_before_unload=True)


def test_a_tab_closed_while_its_page_loads_frees_its_kernel_at_once(
        page: Page, demo: VoilaServer) -> None:
    """voila's scripts never come here (the page never connects to its kernel), and the tab
    is closed as a crashing browser closes it (no ``beforeunload``): the page's websocket
    closing is what frees the kernel."""

    def never(route: Route) -> None:
        """voila's scripts stay on their way."""

    page.route("**/voila/static/voila.js", never)
    response = page.goto(demo.url, wait_until="commit")
    assert response is not None
    kernel_id = kernel_of(page.text_content(CONFIG_SELECTOR, timeout=FIRST_LOAD_MS))
    expect(page.locator("html")).to_have_attribute("data-presence", "open",
                                                   timeout=FIRST_LOAD_MS)
    # voila streams the page as its notebook runs: closed before the last of it came, the
    # request's end would free the kernel ("the visitor left before the page was sent")
    response.finished()
    page.close()
    assert wait_until_kernel_gone(demo.base_url.rstrip("/"), kernel_id, GONE_SECONDS)
    assert f"Shutting down kernel {kernel_id}: its page was closed while it loaded" in demo.log()
