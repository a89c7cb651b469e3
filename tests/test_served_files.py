"""The server's files go gzipped to a browser that accepts it, as they are to one that does not,
and the kernel's websocket is compressed too (splendor_nb.served_files; voila.json)."""

from __future__ import annotations

import asyncio
import gzip
import urllib.error
import urllib.request
from email.message import Message

import pytest
import websockets

from tests.test_demo_server import demo_without_a_pool, page_kernel

STYLE = "voila/templates/lab/static/voila-style.js"
"""voila's style script: 343 KB of the page's head."""
FONT = "voila/templates/lab/static/9834b82ad26e2a37583d.woff2"
"""A font the page asks for (Font Awesome's, in voila's lab template)."""


def get(url: str, **headers: str) -> tuple[int, Message, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read()


@pytest.mark.slow
def test_text_files_go_gzipped_once_and_the_kernels_websocket_is_compressed() -> None:
    with demo_without_a_pool() as demo:
        status, headers, plain = get(demo.url + STYLE)
        assert status == 200 and headers["Content-Encoding"] is None
        assert int(headers["Content-Length"]) == len(plain) > 300_000
        assert headers["Vary"] == "Accept-Encoding"

        status, headers, body = get(demo.url + STYLE, **{"Accept-Encoding": "gzip, br"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert int(headers["Content-Length"]) == len(body) < len(plain) / 3
        assert gzip.decompress(body) == plain
        assert headers["Content-Type"] == "text/javascript"
        again = get(demo.url + STYLE, **{"Accept-Encoding": "gzip",
                                         "If-None-Match": headers["Etag"]})
        assert again[0] == 304  # a browser's cached copy is still good

        status, headers, font = get(demo.url + FONT, **{"Accept-Encoding": "gzip"})
        assert status == 200 and len(font) > 10_000
        assert headers["Content-Encoding"] is None  # compressed already: sent as it is

        status, _headers, page = get(demo.url)

        async def kernel_extensions() -> str | None:
            url = f"ws://127.0.0.1:{demo.port}/api/kernels/{page_kernel(page.decode())}/channels"
            async with websockets.connect(url) as socket:  # it offers permessage-deflate
                assert socket.response is not None
                return socket.response.headers.get("Sec-WebSocket-Extensions")

        assert status == 200
        assert "permessage-deflate" in (asyncio.run(kernel_extensions()) or "")
        assert "Traceback" not in demo.log()
