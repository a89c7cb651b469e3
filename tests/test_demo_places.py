"""Who holds a place in the demo: a page counts once a browser runs it, a page fetched and never
run (a ``curl``, a link preview) is freed within ``proof_seconds``, a page closed while it
loads at once, and one client address holds at most ``max_per_address`` places (the address a
trusted reverse proxy names)."""

from __future__ import annotations

import asyncio
import contextlib
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.cookies import SimpleCookie

import pytest
import websockets

from splendor_nb.server import PAGE_COOKIE, VisitorGate
from support.voila_leave import kernel_gone
from support.voila_server import APP_NOTEBOOK, SERVER_MODULE, VoilaServer, running_voila
from tests.test_demo_server import kernel_processes, page_kernel

OUTSIDE = "203.0.113.7"
"""A visitor's address as the reverse proxy names it (a documentation address, RFC 5737)."""
WAIT_SECONDS = 300.0
"""How long a condition may take to come on a loaded machine (not a speed check)."""


def fetch_as(demo: VoilaServer, address: str | None = None) -> tuple[int, str]:
    """GET the page as the proxy passes on a request from ``address`` (None: the proxy's own)."""
    status, _cookie, body = fetch_with_cookie(demo, address)
    return status, body


def fetch_with_cookie(demo: VoilaServer, address: str | None = None) -> tuple[int, str, str]:
    """:func:`fetch_as`, with the page's cookie (``PAGE_COOKIE``'s value, or "")."""
    headers = {"X-Real-IP": address} if address else {}
    request = urllib.request.Request(demo.url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            cookies = SimpleCookie(", ".join(response.headers.get_all("Set-Cookie", [])))
            page = cookies.get(PAGE_COOKIE)
            return response.status, page.value if page else "", response.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, "", refused.read().decode()


def greet(demo: VoilaServer, cookie: str) -> int:
    """The request a page's first script sends before anything else, with the page's cookie."""
    request = urllib.request.Request(demo.url + "splendor/hello",
                                     headers={"Cookie": f"{PAGE_COOKIE}={cookie}"})
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
        return int(response.status)


def wait_for(condition: Callable[[], bool], demo: VoilaServer) -> None:
    """Wait (bounded) until ``condition()`` holds."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, demo.log()[-4000:]
        time.sleep(0.2)


def demo(*options: str) -> contextlib.AbstractContextManager[VoilaServer]:
    """The demo as shipped (voila-demo.json: the proxy on 127.0.0.1 trusted), no pool, no
    culling within the test, with ``options``."""
    return running_voila(APP_NOTEBOOK, module=SERVER_MODULE, extra_args=[
        "--demo", "--VoilaConfiguration.preheat_kernel=False",
        "--MappingKernelManager.cull_idle_timeout=600",
        "--PageKernelManager.unconnected_timeout=600", *options])


def presence(demo: VoilaServer, kernel_id: str) -> str:
    """The presence websocket a page's first script opens."""
    return f"ws://127.0.0.1:{demo.port}/splendor/presence/{kernel_id}"


def test_a_gate_counts_places_by_address_and_forgets_unproven_pages_once_proven() -> None:
    kernels = {"k1", "k2"}
    gate = VisitorGate(limit=8, alive=lambda: kernels, per_address=2)
    for kernel in kernels:
        token = gate.admit(OUTSIDE)
        assert token is not None
        gate.claim(token, kernel)
        gate.finished(token)
    assert gate.admit(OUTSIDE) is None and gate.places_of(OUTSIDE) == 2
    assert gate.unproven("k1") and not gate.is_loading("k3")
    gate.proven("k1")
    assert not gate.unproven("k1") and gate.is_loading("k1")  # run, still loading
    kernels.discard("k2")  # shut down: the address has a place again
    assert gate.admit(OUTSIDE) is not None


@pytest.mark.slow
def test_one_address_holds_at_most_its_places_and_others_still_get_in() -> None:
    with demo("--SplendorVoila.max_per_address=2", "--SplendorVoila.proof_seconds=600") as server:
        assert [fetch_as(server, OUTSIDE)[0] for _ in range(3)] == [200, 200, 503]
        assert fetch_as(server, "198.51.100.2")[0] == 200, server.log()[-4000:]
        assert fetch_as(server)[0] == 200  # the proxy's own address is another one


@pytest.mark.slow
def test_a_page_no_browser_runs_is_freed_and_one_a_browser_runs_keeps_its_kernel() -> None:
    """Three pages sent one after the other: the first run by a browser as far as its kernel's
    presence websocket, the second only as far as the hello its head sends first (with the
    page's cookie: a slow phone that has not yet loaded voila's scripts), the third only
    fetched. Once the third's kernel is shut down, the other two, sent earlier, have outlived
    the same wait."""
    with demo("--SplendorVoila.proof_seconds=3") as server:

        async def one_run_one_greeted_one_fetched() -> None:
            status, body = fetch_as(server)
            assert status == 200, server.log()[-4000:]
            run = page_kernel(body)
            async with websockets.connect(presence(server, run)):
                status, cookie, body = fetch_with_cookie(server)
                assert status == 200 and cookie, server.log()[-4000:]
                assert greet(server, cookie) == 204
                greeted = page_kernel(body)
                assert fetch_as(server)[0] == 200
                await asyncio.to_thread(wait_for, lambda: "no browser ran its page within 3 s"
                                        in server.log(), server)
                await asyncio.to_thread(wait_for, lambda: kernel_processes(server) == 2, server)
                assert not kernel_gone(server.base_url.rstrip("/"), run)
                assert not kernel_gone(server.base_url.rstrip("/"), greeted)

        asyncio.run(one_run_one_greeted_one_fetched())
        assert server.log().count("no browser ran its page") == 1


@pytest.mark.slow
def test_a_page_closed_while_it_loads_frees_its_kernel_at_once() -> None:
    with demo("--SplendorVoila.proof_seconds=600") as server:
        status, body = fetch_as(server)
        assert status == 200 and kernel_processes(server) == 1

        async def open_then_close() -> None:
            async with websockets.connect(presence(server, page_kernel(body))):
                pass  # the tab is closed before voila's scripts connected to the kernel

        asyncio.run(open_then_close())
        wait_for(lambda: kernel_processes(server) == 0, server)
        assert "its page was closed while it loaded" in server.log()
        assert "due to" not in server.log()  # the culler says "Culling ... due to N seconds"
