"""The demo on two servers behind nginx (support.demo_cluster, deploy/nginx-cluster.conf): each
page's scripts and websockets go to the server that holds its kernel, and when a server is
SIGKILLed its visitors' pages say the connection was lost and load again from the other
server, while the other server's visitors notice nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from support.demo_cluster import Cluster, find_nginx, running_cluster
from tests.browser.test_demo import FIRST_LOAD_MS, UPDATE_MS

NO_NGINX = "no nginx: scripts/ensure-nginx (make test runs it), or apt-get install nginx"
ATTEMPTS = 8
"""Pages opened at most to get one on each server (nginx sends them in turn)."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    if find_nginx() is None:
        pytest.skip(NO_NGINX)
    with running_cluster(2, extra_args=["--VoilaConfiguration.default_pool_size=1"]) as started:
        yield started


def server_of(page: Page, cluster: Cluster) -> int:
    """Which server holds the page's kernel (its page names that server's base URL)."""
    config = json.loads(page.text_content("#jupyter-config-data") or "{}")
    return cluster.server_of(config["baseUrl"])


def open_board(page: Page) -> None:
    expect(page.locator(".splendor-app .splendor-board").first).to_be_visible(
        timeout=FIRST_LOAD_MS)


def test_a_killed_servers_visitors_load_again_from_the_other_and_the_others_see_nothing(
        browser: Browser, cluster: Cluster) -> None:
    first = browser.new_context().new_page()
    first.goto(cluster.url, wait_until="commit")
    open_board(first)
    doomed = server_of(first, cluster)
    other = browser.new_context().new_page()
    for _ in range(ATTEMPTS):
        other.goto(cluster.url, wait_until="commit")
        open_board(other)
        if server_of(other, cluster) != doomed:
            break
    assert server_of(other, cluster) != doomed, "nginx sent every page to one server"
    expect(other.locator(".splendor-charts .main-svg").first).to_be_visible(
        timeout=FIRST_LOAD_MS)  # drawn: a click is answered now
    other.evaluate("() => { window.splendorUntouched = true; }")  # gone if the page reloads

    with first.expect_navigation(wait_until="commit", timeout=FIRST_LOAD_MS):  # loads again
        cluster.kill(doomed)
        expect(first.locator(".splendor-lost")).to_contain_text(
            "The connection to the server was lost", timeout=FIRST_LOAD_MS)
    open_board(first)
    assert server_of(first, cluster) == server_of(other, cluster)

    assert other.evaluate("() => window.splendorUntouched") is True
    expect(other.locator(".splendor-lost")).to_have_count(0)
    app = other.locator(".splendor-app .splendor-viewer").first
    app.locator(".splendor-forward").click()
    expect(app.locator(".splendor-board").first).to_have_attribute("data-turn", "1",
                                                                     timeout=UPDATE_MS)
