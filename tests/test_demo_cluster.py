"""The demo on two servers behind nginx, without a browser: pages go to each server in turn,
the busy page only once every server is full, and a dead server's share goes to the other."""

from __future__ import annotations

import re

import pytest

from support.demo_cluster import find_nginx, running_cluster
from tests.test_demo_places import WAIT_SECONDS
from tests.test_demo_server import fetch


def page_server(body: str) -> str:
    """The base URL of the server that sent a page (the one holding its kernel)."""
    found = re.search(r'"baseUrl": "([^"]*)"', body)
    assert found is not None, body[:500]
    return found.group(1)


@pytest.mark.slow
@pytest.mark.skipif(find_nginx() is None, reason="no nginx: scripts/ensure-nginx")
def test_the_busy_page_comes_only_once_every_server_is_full_and_a_dead_server_is_skipped(
        ) -> None:
    with running_cluster(2, extra_args=[
            "--VoilaConfiguration.preheat_kernel=False", "--SplendorVoila.max_visitors=1",
            f"--SplendorVoila.proof_seconds={WAIT_SECONDS:.0f}"]) as cluster:
        answers = [fetch(cluster.url) for _ in range(3)]
        assert [status for status, _headers, _body in answers] == [200, 200, 503]
        assert {page_server(body) for _status, _headers, body in answers[:2]} == {"/s1/",
                                                                                   "/s2/"}
        assert "The demo is busy" in answers[2][2]
        assert answers[2][1].get("Server") == "nginx"  # no version
        cluster.kill(0)  # the other one is full: the busy page, not nginx's error
        status, _headers, body = fetch(cluster.url)
        assert status == 503 and "The demo is busy" in body
