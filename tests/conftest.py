"""Fixtures shared by all tests: real voila servers.

``voila_server_factory(notebook, extra_args=())`` starts voila on any notebook (one server per
notebook and arguments for the whole session) and returns a ``VoilaServer`` with ``.url`` and
``.log()``; ``voila_app`` is the server of notebooks/app.ipynb and ``voila_url`` its page.
Every server is killed with its process group at the end of the session. The browser side is
in tests/browser/conftest.py.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path

import pytest

from support.voila_server import (
    APP_NOTEBOOK,
    VoilaServer,
    VoilaStartError,
    start_voila,
)

VoilaFactory = Callable[..., VoilaServer]

# Every server started in this session, so that a failing test can show their logs.
_SERVERS: list[VoilaServer] = []


@pytest.fixture(scope="session")
def voila_server_factory() -> Iterator[VoilaFactory]:
    """Start voila on a notebook: ``factory(path, extra_args=())`` -> VoilaServer.

    Servers are reused within the session for the same notebook and arguments, and all of
    them are stopped at its end. A server that fails to start fails the test with its log.
    """
    servers: dict[tuple[Path, tuple[str, ...]], VoilaServer] = {}

    def factory(notebook: str | os.PathLike[str], extra_args: Sequence[str] = ()) -> VoilaServer:
        key = (Path(notebook).resolve(), tuple(extra_args))
        server = servers.get(key)
        if server is not None and server.process.poll() is None:
            return server
        try:
            server = start_voila(key[0], extra_args=key[1])
        except VoilaStartError as error:
            pytest.fail(str(error), pytrace=False)
        servers[key] = server
        _SERVERS.append(server)
        return server

    yield factory
    for server in servers.values():
        server.stop()
    _SERVERS.clear()


@pytest.fixture(scope="session")
def voila_app(voila_server_factory: VoilaFactory) -> VoilaServer:
    """voila serving notebooks/app.ipynb."""
    if not APP_NOTEBOOK.is_file():
        pytest.fail(f"the app notebook {APP_NOTEBOOK} is missing", pytrace=False)
    return voila_server_factory(APP_NOTEBOOK)


@pytest.fixture(scope="session")
def voila_url(voila_app: VoilaServer) -> str:
    """The URL of the voila app's page."""
    return voila_app.url


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach the voila logs (their last lines) to the report of a failing voila test."""
    report = yield
    if report.failed and _SERVERS and "voila_server_factory" in getattr(item, "fixturenames", ()):
        for server in _SERVERS:
            tail = "\n".join(server.log().splitlines()[-60:])
            report.sections.append((f"voila log: {server.notebook.name} :{server.port}", tail))
    return report
