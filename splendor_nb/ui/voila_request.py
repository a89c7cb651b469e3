"""What the Voila page's request asked for: its query string, read in the kernel.

A pre-heated Voila kernel runs the notebook before anyone asks for the page; the notebook then
waits for the request, which voila sends it over a websocket once a visitor comes. voila's own
helper for this, ``voila.utils.wait_for_request``, imports voila's server side and, through
it, jsonschema's format checkers: 2.5 s of CPU in every kernel the demo starts (measured on 1
December 2026 on the project's 2-core machine; half a pre-heated kernel's work). This module
does the same wait with the websocket library alone (0.1 s).

>>> request_query({"QUERY_STRING": "replay=duel&turn=3"}), request_query({})
('replay=duel&turn=3', '')
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings
from collections.abc import Mapping, MutableMapping

QUERY_KEY = "QUERY_STRING"
"""The environment variable holding the request's query string (voila sets it, CGI-style)."""
PREHEAT_KEY = "VOILA_PREHEAT"
"""Set to "True" by voila in a pre-heated kernel, which must wait for its request."""
CONNECT_SECONDS = 5.0
"""How long to wait for voila's websocket to accept the connection (voila waits as long)."""
RECONNECTS = 3
"""How many times a closed connection is opened again before the request is given up."""


def request_query(environ: MutableMapping[str, str] | None = None) -> str:
    """The query string of the Voila request in ``environ`` (the kernel's environment; "" outside
    Voila); in a pre-heated kernel, once the request has come (what the notebook built before
    this call is ready by then)."""
    environ = os.environ if environ is None else environ
    if environ.get(PREHEAT_KEY) == "True":
        # as voila's helper does: the request's CGI variables go into the environment
        environ.update(_wait_for_request(request_url(environ)))
    return environ.get(QUERY_KEY, "")


def request_url(environ: Mapping[str, str]) -> str:
    """The websocket voila sends a pre-heated kernel its request on, from the variables voila
    gives the kernel (the defaults are voila's).

    >>> request_url({"VOILA_APP_PORT": "8900", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:8900/voila/query/k1'
    """
    base = environ.get("VOILA_WS_BASE_URL", environ.get("VOILA_SERVER_URL", "/"))
    return (f"{environ.get('VOILA_WS_PROTOCOL', 'ws')}://"
            f"{environ.get('VOILA_APP_IP', '127.0.0.1')}:{environ.get('VOILA_APP_PORT', '8866')}"
            f"{base}voila/query/{environ.get('VOILA_KERNEL_ID', '')}")


def _wait_for_request(url: str) -> dict[str, str]:
    """The request's variables, received in a thread of its own: the kernel's event loop is
    running the notebook's cell and cannot be re-entered."""
    received: dict[str, str] = {}

    def receive() -> None:
        received.update(asyncio.run(_receive(url)))

    thread = threading.Thread(target=receive, name="voila-request")
    thread.start()
    thread.join()
    return received


async def _receive(url: str) -> dict[str, str]:
    import websockets  # only in a pre-heated kernel
    from websockets.exceptions import ConnectionClosed

    for _ in range(RECONNECTS + 1):
        try:
            async with websockets.connect(url, open_timeout=CONNECT_SECONDS) as socket:
                message = await socket.recv()
        except ConnectionClosed:
            # the connection closed while a pooled kernel waited (it may wait long for its
            # visitor); voila keeps a request that comes while no one listens: connect again
            continue
        except (TimeoutError, OSError):
            break
        info = json.loads(message)
        return {str(key): str(value) for key, value in info.items()}
    warnings.warn(f"Failed to connect to {url}", stacklevel=1)  # as voila's helper says
    return {}
