"""The app's voila (splendor_nb.server) and its demo mode, without a browser.

The demo's settings come from voila-demo.json on top of voila.json; its kernels are told to be
read-only; a page request past the cap gets the busy page (HTTP 503) at once; no page links
anything outside the server; every page sets the ``_xsrf`` cookie its shutdown request needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import re
import signal
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from email.message import Message
from pathlib import Path
from types import SimpleNamespace

import psutil
import pytest
import websockets
from jupyter_server._tz import utcnow

import splendor_nb.app
from splendor_nb import server
from splendor_nb.server import (
    BUSY_CLASS,
    TEMPLATE_DIR,
    PageKernelManager,
    SplendorVoila,
    VisitorGate,
    busy_page,
)
from support.voila_server import (
    APP_NOTEBOOK,
    REPO_ROOT,
    SERVER_MODULE,
    VoilaServer,
    running_voila,
)


@pytest.fixture
def fresh_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[SplendorVoila]:
    """A SplendorVoila to initialize; the environment and SIGTERM's handler are restored."""
    # setenv first, so that the demo flag the server sets is undone at the end even when it
    # was not set before (delenv alone records nothing to undo then, and the flag leaked into
    # the later tests: the Play tab saved no games)
    monkeypatch.setenv(server.DEMO_ENV, "")
    monkeypatch.delenv(server.DEMO_ENV)
    handler = signal.getsignal(signal.SIGTERM)
    yield SplendorVoila()
    signal.signal(signal.SIGTERM, handler)


def initialized(app: SplendorVoila, *flags: str) -> SplendorVoila:
    app.initialize([str(APP_NOTEBOOK), f"--Voila.config_file_paths={REPO_ROOT}", *flags])
    return app


def test_the_server_and_the_app_name_the_same_demo_variable() -> None:
    assert server.DEMO_ENV == splendor_nb.app.DEMO_ENV


def test_demo_mode_reads_the_demo_settings_on_top_of_voilas(fresh_app: SplendorVoila) -> None:
    app = initialized(fresh_app, "--demo")
    culling = app.config.MappingKernelManager
    assert (culling.cull_idle_timeout, culling.cull_interval) == (60, 15)
    assert culling.cull_connected is False
    assert app.config.VoilaConfiguration.default_pool_size == 2  # voila.json's, kept
    assert app.max_visitors == 8
    assert app.max_loading == 4  # two pages loading per core of the project's machine
    assert app.config.PageKernelManager.unconnected_timeout == 90  # culled within 2 minutes
    assert os.environ[server.DEMO_ENV] == "1"


def test_the_command_line_wins_over_the_demo_settings(fresh_app: SplendorVoila) -> None:
    app = initialized(fresh_app, "--demo", "--SplendorVoila.max_visitors=3",
                      "--MappingKernelManager.cull_idle_timeout=90")
    assert app.max_visitors == 3
    assert int(app.config.MappingKernelManager.cull_idle_timeout) == 90  # a string from the CLI


def test_local_use_keeps_voilas_settings_and_saving(fresh_app: SplendorVoila) -> None:
    app = initialized(fresh_app)
    assert app.config.MappingKernelManager.cull_idle_timeout == 1800
    assert app.config.VoilaExecutor.iopub_timeout == 60  # a loaded machine gave blank pages
    # the app draws its charts itself (PlotlyView): plotly's extension was half of every page
    assert app.config.VoilaConfiguration.extension_denylist == ["jupyterlab-plotly"]
    assert app.config.Voila.tornado_settings["websocket_max_message_size"] > 10 * 2**20
    assert server.DEMO_ENV not in os.environ
    assert app.template_paths[0] == str(TEMPLATE_DIR)
    assert app.config.VoilaConfiguration.multi_kernel_manager_class is PageKernelManager


def culled_after(idle_seconds: float, *, connected_before: bool) -> bool:
    """Whether the demo's culler (60 s idle, unconnected pages spared for 300 s) shuts down a
    kernel idle that long, with no connection now."""
    manager = PageKernelManager(cull_idle_timeout=60, cull_connected=False)
    shut: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    manager._kernels["k"] = SimpleNamespace(
        last_activity=utcnow() - timedelta(seconds=idle_seconds), execution_state="idle",
        kernel_name="python3", kernel_spec=SimpleNamespace(metadata={}))
    manager._kernel_connections["k"] = 0
    if connected_before:
        manager.notify_connect("k")
        manager.notify_disconnect("k")
    asyncio.run(manager.cull_kernel_if_idle("k"))
    return shut == ["k"]


def test_the_server_writes_the_bytecode_its_kernels_import(
        fresh_app: SplendorVoila, monkeypatch: pytest.MonkeyPatch) -> None:
    # kernels inherit the server's environment: with this set, each compiled every module
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    cached = Path(importlib.util.cache_from_source(splendor_nb.app.__file__))
    cached.unlink(missing_ok=True)
    initialized(fresh_app)
    assert cached.stat().st_mtime >= Path(splendor_nb.app.__file__).stat().st_mtime


def test_a_kernel_whose_page_is_still_loading_is_not_culled() -> None:
    """Under load a page may take minutes to connect: culled then, it would stay blank."""
    assert not culled_after(100, connected_before=False)
    assert culled_after(400, connected_before=False)  # its page never came


def test_a_kernel_whose_page_was_closed_is_culled_after_the_idle_timeout() -> None:
    assert culled_after(100, connected_before=True)
    assert not culled_after(30, connected_before=True)


def test_a_kernel_shut_down_since_the_culler_listed_it_is_passed_over() -> None:
    """Its page was closed between the culler's listing and its check: jupyter_server looked
    it up, raised KeyError and logged a traceback (twice in a 60-visitor load run)."""
    asyncio.run(PageKernelManager(cull_idle_timeout=60).cull_kernel_if_idle("gone"))


def test_a_page_that_ends_without_a_kernel_frees_its_place() -> None:
    gate = VisitorGate(limit=1, alive=lambda: ())
    token = gate.admit()
    assert token is not None and gate.admit() is None
    gate.finished(token)  # its kernel never started
    assert gate.visitors == 0 and gate.admit() is not None


def test_kernels_nobody_claimed_do_not_count() -> None:
    """The pre-heated pool's kernels are alive but hold no visitor's place."""
    gate = VisitorGate(limit=1, alive=lambda: {"pool-1", "pool-2", "page"})
    token = gate.admit()
    assert token is not None
    gate.claim(token, "page")
    gate.finished(token)
    assert gate.visitors == 1 and gate.admit() is None


def test_past_the_loading_cap_a_visitor_waits_until_a_page_has_connected() -> None:
    kernels = {"k1", "k2"}
    gate = VisitorGate(limit=8, alive=lambda: kernels, loading_limit=2)
    first, second = gate.admit(), gate.admit()
    assert first is not None and second is not None and gate.admit() is None
    gate.claim(first, "k1")
    gate.finished(first)  # the page is sent: it loads until it connects to its kernel
    assert gate.loading == 2 and gate.admit() is None
    gate.connected("k1")
    third = gate.admit()
    assert third is not None and gate.admit() is None
    gate.finished(second)  # a request that ended without a kernel loads nothing any more
    kernels.discard("k1")
    assert (gate.visitors, gate.loading) == (1, 1) and gate.admit() is not None


def test_the_busy_page_stands_alone() -> None:
    page = busy_page(retry_seconds=4, visitors=1)
    assert f'class="{BUSY_CLASS}"' in page and "1 visitor is looking" in page
    assert "tries again by itself" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)


# --- a real server ------------------------------------------------------------------------------


def fetch(url: str) -> tuple[int, Message, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read().decode()


def demo_without_a_pool(*options: str) -> contextlib.AbstractContextManager[VoilaServer]:
    """The demo with no pre-heated kernel (a page's kernel starts with its request), a page's
    kernel kept however late its browser shows itself, with voila's ``options``; stopped at
    the end of the ``with``."""
    return running_voila(APP_NOTEBOOK, module=SERVER_MODULE,
                         extra_args=["--demo", "--SplendorVoila.proof_seconds=600", *options,
                                     "--VoilaConfiguration.preheat_kernel=False"])


def page_kernel(body: str) -> str:
    """The kernel id a voila page names in its config (#jupyter-config-data)."""
    config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)'
                       r"</script>", body, re.DOTALL)
    assert config is not None, body[:500]
    return str(json.loads(config.group(1))["kernelId"])


@pytest.mark.slow
def test_past_the_cap_a_visitor_gets_the_busy_page_at_once() -> None:
    """One place, no pool: the first page takes the place (its kernel lives on: nothing closes
    it here), the second is told the demo is busy."""
    with demo_without_a_pool("--SplendorVoila.max_visitors=1") as demo:
        status, headers, body = fetch(demo.url)
        assert status == 200, demo.log()
        assert any(cookie.startswith("_xsrf=") for cookie in headers.get_all("Set-Cookie", []))
        assert "voila-style.js" in body  # the page's own Font Awesome, fonts served by voila
        assert not re.search(r"""<(link|script)[^>]+(src|href)=["']?(https?:)?//""", body)
        status, headers, body = fetch(demo.url)
        assert status == 503 and headers["Retry-After"] == "5"
        assert BUSY_CLASS in body and "1 visitor is looking at games right now" in body


@pytest.mark.slow
def test_past_the_loading_cap_the_next_page_comes_once_the_first_has_connected() -> None:
    """One page loading at a time: the second visitor gets the busy page until the first
    page's browser connects to its kernel."""
    with demo_without_a_pool("--SplendorVoila.max_loading=1") as demo:
        status, _headers, body = fetch(demo.url)
        assert status == 200, demo.log()
        assert fetch(demo.url)[0] == 503  # the first page has not connected yet
        kernel = page_kernel(body)
        channels = f"ws://127.0.0.1:{demo.port}/api/kernels/{kernel}/channels"

        async def connect_as_the_page() -> int:
            async with websockets.connect(channels) as _socket:  # what the page's script does
                return fetch(demo.url)[0]

        assert asyncio.run(connect_as_the_page()) == 200, demo.log()


def kernel_processes(voila: VoilaServer) -> int:
    """The kernels alive under voila (a kernel that has exited, a zombie until reaped, is not)."""
    alive = 0
    for child in psutil.Process(voila.process.pid).children(recursive=True):
        try:
            alive += "ipykernel_launcher" in " ".join(child.cmdline())
        except (psutil.ZombieProcess, psutil.NoSuchProcess):
            continue
    return alive


@pytest.mark.slow
def test_the_kernel_of_a_visitor_who_left_before_the_page_came_is_shut_down() -> None:
    with demo_without_a_pool() as demo:
        with socket.create_connection(("127.0.0.1", demo.port)) as visitor:
            visitor.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            visitor.recv(1)  # the page has begun: its kernel is starting
        for _ in range(600):  # bounded: the notebook runs to its end first
            if kernel_processes(demo) == 0 and "before the page was sent" in demo.log():
                break
            time.sleep(0.2)
        assert "the visitor left before the page was sent" in demo.log(), demo.log()
        assert kernel_processes(demo) == 0


MALFORMED = ("/voila/templates/x", "/voila/templates/lab/static/../../../../../pyproject.toml",
             "/voila/templates/../../../../../../etc/static/passwd",
             "/voila/templates/lab/static/..%2f..%2f..%2fpyproject.toml",
             "/voila/static/../../pyproject.toml", "/voila/files/pyproject.toml",
             "/api/kernels", "/api/contents", "/tree", "/notebooks/app.ipynb")
"""Paths a stranger may try: files outside the page, voila's and Jupyter's other pages."""


@pytest.mark.slow
def test_other_paths_are_refused_without_a_path_or_a_traceback() -> None:
    """voila's template file handler raised on a malformed path (a 500 and a traceback in the
    log); every such request is a plain 4xx now, and the page's own files still come."""
    with demo_without_a_pool() as demo:
        for path in MALFORMED:
            status, _headers, body = fetch(demo.url.rstrip("/") + path)
            assert status in (403, 404), (path, status)
            assert str(REPO_ROOT) not in body and "Traceback" not in body, path
        assert "Uncaught exception" not in demo.log(), demo.log()
        status, _headers, body = fetch(demo.url + "voila/templates/lab/static/voila.js")
        assert status == 200 and body


def shut_down(demo: VoilaServer, kernel_id: str, xsrf: str) -> int:
    """POST the shutdown request a closed page sends (its form and cookie carry the _xsrf)."""
    request = urllib.request.Request(
        f"{demo.url}voila/api/shutdown/{kernel_id}", method="POST",
        data=urllib.parse.urlencode({"_xsrf": xsrf}).encode(),
        headers={"Cookie": f"_xsrf={xsrf}",
                 "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return int(response.status)
    except urllib.error.HTTPError as refused:
        return refused.code


@pytest.mark.slow
def test_a_page_asks_from_its_head_for_its_kernels_shutdown_and_asking_twice_is_fine() -> None:
    """voila's scripts ask only once they have run; a page closed while it loads asks from its
    head, and the request voila's scripts send after it finds the kernel gone (a 404)."""
    with demo_without_a_pool() as demo:
        status, headers, body = fetch(demo.url)
        assert status == 200, demo.log()
        head = body[:body.index("<body")]
        assert "beforeunload" in head and "voila/api/shutdown/" in head
        kernel_id = page_kernel(body)
        xsrf = next(cookie.split(";")[0].removeprefix("_xsrf=")
                    for cookie in headers.get_all("Set-Cookie", [])
                    if cookie.startswith("_xsrf="))
        assert kernel_processes(demo) == 1
        assert shut_down(demo, kernel_id, xsrf) == 204
        assert shut_down(demo, kernel_id, xsrf) == 404  # voila's own request, after the head's
        for _ in range(300):  # bounded: the kernel's process exits
            if kernel_processes(demo) == 0:
                break
            time.sleep(0.2)
        assert kernel_processes(demo) == 0
        assert "Uncaught exception" not in demo.log(), demo.log()


UNKNOWN_KERNEL = "00000000-0000-4000-8000-000000000000"


@pytest.mark.slow
def test_logout_and_an_unknown_kernels_websocket_get_bare_answers_and_one_log_line() -> None:
    """``/logout`` was a 500 with a 100-line traceback, a websocket to a kernel that is not
    there a 404 with one: anyone could fill the log."""
    with demo_without_a_pool() as demo:
        status, _headers, body = fetch(demo.url + "logout")
        assert status == 403 and "Traceback" not in body

        async def connect() -> int:
            try:
                async with websockets.connect(
                        f"ws://127.0.0.1:{demo.port}/api/kernels/{UNKNOWN_KERNEL}/channels"):
                    return 101
            except websockets.InvalidStatus as refused:
                return refused.response.status_code

        assert asyncio.run(connect()) == 404
        for _ in range(300):  # bounded: the access log's line comes once the answer is sent
            if UNKNOWN_KERNEL in demo.log():
                break
            time.sleep(0.1)
        log = demo.log()
        assert "Traceback" not in log and "Uncaught exception" not in log, log
        assert len([line for line in log.splitlines() if "logout" in line]) == 1, log
        assert len([line for line in log.splitlines() if UNKNOWN_KERNEL in line]) == 1, log


@pytest.mark.slow
def test_no_answer_names_the_servers_version() -> None:
    with demo_without_a_pool("--SplendorVoila.max_visitors=1") as demo:
        status, headers, body = fetch(demo.url)
        assert status == 200
        answers = [headers]
        answers += [fetch(demo.url + path)[1] for path in (
            "", "voila/static/voila.js", "nope", f"api/kernels/{UNKNOWN_KERNEL}")]  # the busy page

        async def upgrade() -> None:
            async with websockets.connect(presence_url(demo, page_kernel(body))) as socket:
                assert socket.response is not None
                answers.append(socket.response.headers)

        asyncio.run(upgrade())
        assert [answer.get("Server") for answer in answers] == [None] * 6


def presence_url(demo: VoilaServer, kernel_id: str) -> str:
    """The websocket a page's first script opens."""
    return f"ws://127.0.0.1:{demo.port}/splendor/presence/{kernel_id}"


@pytest.mark.slow
def test_kernels_talk_over_unix_sockets_in_the_servers_own_folder() -> None:
    """Over TCP each kernel binds five ports picked free a moment before: two servers starting
    kernels at once took the same one ("Address already in use" for a kernel's heartbeat,
    which then never came alive: a page without its app, in a 60-visitor load run)."""
    with demo_without_a_pool() as demo:
        assert fetch(demo.url)[0] == 200
        (kernel,) = [child for child in psutil.Process(demo.process.pid).children(recursive=True)
                     if "ipykernel_launcher" in " ".join(child.cmdline())]
        command = kernel.cmdline()
        connection = Path(command[command.index("-f") + 1])
        info = json.loads(connection.read_text())
        assert info["transport"] == "ipc"
        assert Path(info["ip"]).parent == connection.parent
        assert connection.parent.stat().st_mode & 0o077 == 0  # no one else's to open
        assert "running over TCP" not in demo.log()
