"""Leave a voila page as a person closing its tab does, and wait until its kernel is gone.

The page asks voila to shut its kernel down with ``navigator.sendBeacon`` on ``beforeunload``;
a browser context closed at once may never send it, and the kernel (a place in the demo) stays
taken. So the page is closed with ``run_before_unload=True`` and the kernel is polled (bounded)
over voila's REST API until it answers 404. ``leave`` is for playwright's sync API (the tests),
``leave_async`` for its async one (benchmarks/load.py).
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from typing import Any

CONFIG_SELECTOR = "#jupyter-config-data"
"""voila's page config, which names the page's kernel."""
POLL_SECONDS = 0.5


def leave(page: Any, seconds: float) -> bool:
    """Close ``page`` (sync API) as its tab is closed; whether its kernel was gone within
    ``seconds`` (True for a page with no kernel: a busy page, one that never came)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        config = page.text_content(CONFIG_SELECTOR, timeout=1000)
    except PlaywrightError:
        config = None
    kernel_id, origin = kernel_of(config), origin_of(page.url)
    page.close(run_before_unload=True)
    return not kernel_id or wait_until_kernel_gone(origin, kernel_id, seconds)


async def leave_async(page: Any, seconds: float) -> bool:
    """``leave`` for playwright's async API."""
    from playwright.async_api import Error as PlaywrightError

    try:
        config = await page.text_content(CONFIG_SELECTOR, timeout=1000)
    except PlaywrightError:
        config = None
    kernel_id, origin = kernel_of(config), origin_of(page.url)
    await page.close(run_before_unload=True)
    return not kernel_id or await asyncio.to_thread(
        wait_until_kernel_gone, origin, kernel_id, seconds)


def kernel_of(config: str | None) -> str:
    """The kernel id named by voila's page config (its JSON text), or "".

    >>> kernel_of('{"kernelId": "k7", "baseUrl": "/"}'), kernel_of(None), kernel_of("<html>")
    ('k7', '', '')
    """
    try:
        named = json.loads(config or "{}")
    except ValueError:
        return ""
    return str(named.get("kernelId") or "") if isinstance(named, dict) else ""


def base_url_of(config: str | None) -> str:
    """The base URL voila's page config names (its JSON text), or "/": the server's, behind the
    cluster's nginx (``/sN/``).

    >>> base_url_of('{"kernelId": "k7", "baseUrl": "/s2/"}'), base_url_of(None)
    ('/s2/', '/')
    """
    try:
        named = json.loads(config or "{}")
    except ValueError:
        return "/"
    return str(named.get("baseUrl") or "/") if isinstance(named, dict) else "/"


def origin_of(url: str) -> str:
    """The scheme, host and port of ``url``.

    >>> origin_of("http://127.0.0.1:8866/voila/render/app.ipynb?replay=duel")
    'http://127.0.0.1:8866'
    """
    return "/".join(url.split("/")[:3])


def wait_until_kernel_gone(origin: str, kernel_id: str, seconds: float) -> bool:
    """Poll voila at ``origin`` until the kernel is gone (True) or ``seconds`` pass (False)."""
    deadline = time.monotonic() + seconds
    while True:
        if kernel_gone(origin, kernel_id):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL_SECONDS)


def kernel_gone(origin: str, kernel_id: str) -> bool:
    """Whether voila at ``origin`` answers 404 for the kernel (False while it is there, or
    while voila does not answer)."""
    try:
        with urllib.request.urlopen(f"{origin}/api/kernels/{kernel_id}", timeout=30):
            return False
    except urllib.error.HTTPError as refused:
        return refused.code == 404
    except OSError:
        return False
