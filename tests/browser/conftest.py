"""End-to-end tests in the system chromium (Debian's package), driven by pytest-playwright.

Everything under tests/browser/ gets the ``browser`` marker. playwright never downloads a
browser here: ``browser_type_launch_args`` points it at /usr/bin/chromium. Without chromium
the tests are skipped with a loud reason, except when CI=true, where they fail.

``open_voila(server_or_url, selector)`` opens a voila page in the test's ``page`` and waits
for the selector (60 s: a cold voila page takes 10-15 s here), failing with the notebook's
error output if one shows up instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from support.voila_server import (
    CHROMIUM_ARGS,
    FIRST_LOAD_TIMEOUT_MS,
    VoilaServer,
    find_chromium,
    goto_voila,
)

# The notebooks here are served by voila in the tests; nbval is not to run them on its own.
collect_ignore_glob = ["*.ipynb"]

HERE = Path(__file__).resolve().parent

NO_CHROMIUM = (
    "!!! BROWSER TESTS NOT RUN: no chromium found (looked at $CHROMIUM, /usr/bin/chromium and "
    "PATH). Install Debian's package: scripts/ensure-chromium, or apt-get install chromium."
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the browser tests, and run them after all the others: from its first browser test
    on, pytest-playwright's sync API keeps an asyncio event loop running in the main thread for
    the rest of the session, and ``asyncio.run()`` refuses to start under it (the Play widget's
    and the demo server's tests use it)."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


# Set when the browser tests were skipped for want of chromium, to say so at the end.
_missing_chromium: list[str] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _missing_chromium:
        terminalreporter.section("browser tests", sep="!", red=True, bold=True)
        terminalreporter.write_line(NO_CHROMIUM, red=True, bold=True)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    """The system chromium's path; skips (fails in CI) when there is none."""
    path = find_chromium()
    if path is None:
        if _in_ci():
            pytest.fail(NO_CHROMIUM + " CI=true: browser tests must run.", pytrace=False)
        _missing_chromium.append(NO_CHROMIUM)
        pytest.skip(NO_CHROMIUM)
    return path


@pytest.fixture(autouse=True)
def _require_chromium(chromium_executable: str) -> None:
    """Every browser test needs chromium, even one that does not ask for ``page``."""


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], chromium_executable: str
) -> dict[str, Any]:
    """Launch the system chromium, headless, with the flags this machine needs."""
    return {
        **browser_type_launch_args,
        "executable_path": chromium_executable,
        "args": list(CHROMIUM_ARGS),
        "headless": browser_type_launch_args.get("headless", True),
    }


@pytest.fixture
def open_voila(page: Any) -> Callable[..., Any]:
    """``open_voila(server_or_url, selector, timeout_ms=FIRST_LOAD_TIMEOUT_MS)`` -> the
    selector's locator, once shown."""

    def open_(
        target: VoilaServer | str, selector: str, timeout_ms: float = FIRST_LOAD_TIMEOUT_MS
    ) -> Any:
        server = target if isinstance(target, VoilaServer) else None
        url = target.url if isinstance(target, VoilaServer) else target
        return goto_voila(page, url, selector, timeout_ms=timeout_ms, server=server)

    return open_
