"""A visitor of the demo without a browser: the page over HTTP and its kernel's websocket, as the
page's scripts use them (benchmarks/load.py ``--light``).

What a page does, and this does in its place (voila 0.5, ipywidgets 8, jupyter_server 2):

- ``GET /``; a busy page (HTTP 503) is fetched again after ``Retry-After`` to twice that, as
  the busy page's own script reloads it. The page's scripts and stylesheets named in its HTML
  are fetched too (the modules they load later are not).
- It connects to ``/api/kernels/<id>/channels`` (the kernel named in the page's
  ``#jupyter-config-data``; jupyter_server's v1 protocol, the page's: voila's websocket
  handler reads every binary frame as v1, and the JSON protocol's frames with buffers hang
  it) and asks for the kernel's info; the server counts the page as
  connected (the visitor gate's loading cap).
- It opens ipywidgets' ``jupyter.widget.control`` comm and sends ``request_states``: the kernel
  answers with every widget's state (``update_states``), as the page's widget manager asks.
  "The board" is the Replay tab's board widget (DOM class ``splendor-board-view``) with its SVG.
- Each chart (a PlotlyView, splendor_nb/ui/plotly_view.py) asks for plotly.js and says it is
  shown, as its view does once drawn; "drawn" is when a chart's figure has come.
- A step is the → key: ``{"action": "forward"}`` to the keyboard widget (the one with
  ``shortcuts``); it is answered when the board's SVG says the next turn.
- Leaving: a polite visitor posts voila's shutdown request with the ``_xsrf`` cookie (the page's
  ``beforeunload``) and closes the websocket; the others close the websocket without a word.

Nothing is drawn: what this costs is the server's and the kernels' part of a visit, not a
browser's. Messages are matched by widget ids and comm ids; everything waits with a deadline.

>>> turn_of('<svg xmlns="http://www.w3.org/2000/svg" data-turn="12" data-player="1">')
12
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from support.voila_leave import base_url_of, kernel_of

BOARD_CLASS = "splendor-board-view"
"""The DOM class of the Replay tab's board widget (splendor_nb/ui/views.py, BoardView)."""
PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""jupyter_server's websocket protocol that the page speaks."""
CONTROL_TARGET, CONTROL_VERSION = "jupyter.widget.control", "1.0.0"
_CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                     re.S)
_ASSETS = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="(/[^"]+)"')
_TURN = re.compile(r'^<svg [^>]*?data-turn="(\d+)"')


def turn_of(svg: str) -> int | None:
    """The turn a board SVG shows (its root's ``data-turn``), or None."""
    found = _TURN.match(svg)
    return int(found.group(1)) if found else None


def encode_frame(channel: str, message: dict[str, Any]) -> bytes:
    """A kernel message as a frame of jupyter_server's v1 websocket protocol (the page's):
    the number of offsets, the offsets (8-byte little-endian), then the channel's name and the
    message's header, parent header, metadata and content as JSON.

    >>> frame = encode_frame("shell", {"header": {"msg_type": "kernel_info_request"}})
    >>> decode_frame(frame)[0], decode_frame(frame)[1]["header"]["msg_type"]
    ('shell', 'kernel_info_request')
    """
    parts = [json.dumps(message.get(key, {})).encode()
             for key in ("header", "parent_header", "metadata", "content")]
    offsets = [8 * (len(parts) + 3)]
    for part in [channel.encode(), *parts]:
        offsets.append(offsets[-1] + len(part))
    head = b"".join(number.to_bytes(8, "little") for number in [len(offsets), *offsets])
    return b"".join([head, channel.encode(), *parts])


def decode_frame(frame: bytes) -> tuple[str, dict[str, Any]]:
    """The channel and the message of a v1 protocol frame (:func:`encode_frame`), the
    message's buffers under ``"buffers"``."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (index + 1):8 * (index + 2)], "little")
               for index in range(count)]
    parts = [frame[start:stop] for start, stop in itertools.pairwise(offsets)]
    channel, header, parent, metadata, content, *buffers = parts
    message = {"header": json.loads(header), "parent_header": json.loads(parent),
               "metadata": json.loads(metadata), "content": json.loads(content),
               "buffers": buffers}
    return channel.decode(), message


@dataclass
class Widget:
    """What this visitor knows of a widget: its model's name and state."""

    model_name: str
    state: dict[str, Any]

    @property
    def classes(self) -> list[str]:
        return list(self.state.get("_dom_classes") or [])


@dataclass
class PageVisitor:
    """One visitor's page: ``open`` (the page, through busy pages), ``connect`` (the kernel's
    widgets), then ``drawn``, ``step`` and ``leave``. Times are from ``open``'s start."""

    url: str
    met_busy: bool = False
    kernel_id: str = ""
    widgets: dict[str, Widget] = field(default_factory=dict)
    _cookies: dict[str, str] = field(default_factory=dict)
    _socket: Any = None
    _session: str = field(default_factory=lambda: uuid.uuid4().hex)
    _figure_came: asyncio.Event = field(default_factory=asyncio.Event)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None
    _control: str = ""
    """The widget control comm's id."""
    _states_came: bool = False
    base_url: str = "/"
    """The base URL of the server that sent the page (behind the cluster's nginx, ``/sN/``)."""

    async def open(self, deadline: float) -> bool:
        """Get the page (and its files) before ``deadline`` (a ``time.monotonic()``), meeting
        and retrying the busy page; whether the page came."""
        while time.monotonic() < deadline:
            status, headers, body = await asyncio.to_thread(self._get, self.url, deadline)
            if status == 503:
                self.met_busy = True
                retry = float(headers.get("Retry-After") or 5)
                await asyncio.sleep(min(retry * (1 + random.random()),
                                        max(0.0, deadline - time.monotonic())))
                continue
            if status != 200:
                return False
            found = _CONFIG.search(body)
            self.kernel_id = kernel_of(found.group(1) if found else None)
            self.base_url = base_url_of(found.group(1) if found else None)
            for asset in _ASSETS.findall(body):
                await asyncio.to_thread(self._get, urllib.parse.urljoin(self.url, asset),
                                        deadline)
            return bool(self.kernel_id)
        return False

    async def connect(self) -> bool:
        """Connect to the page's kernel and ask for its widgets' states, as the page does;
        False if the server refused (the kernel gone)."""
        import websockets
        from websockets.typing import Subprotocol

        address = urllib.parse.urlsplit(self.url)
        channels = (f"ws://{address.netloc}{self.base_url}api/kernels/{self.kernel_id}/channels"
                    f"?session_id={self._session}")
        try:
            self._socket = await websockets.connect(
                channels, max_size=None, subprotocols=[Subprotocol(PROTOCOL)], ping_interval=None,
                additional_headers=self._cookie_header() or None)
        except (websockets.InvalidHandshake, OSError):
            return False
        self._reader = asyncio.create_task(self._read())
        await self._send("kernel_info_request", {})
        control = uuid.uuid4().hex
        await self._send("comm_open", {"comm_id": control, "target_name": CONTROL_TARGET,
                                       "data": {}}, metadata={"version": CONTROL_VERSION})
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        self._control = control
        return True

    async def board(self, deadline: float) -> bool:
        """Whether the board widget, with its SVG, is known before ``deadline``; once it is,
        the charts are asked for plotly.js and told they are shown (as their views do)."""
        if not await self._until(lambda: self._states_came, deadline):
            return False
        # the widget manager closes its control comm once it has the states
        await self._send("comm_close", {"comm_id": self._control, "data": {}})
        if not await self._until(lambda: self._board_turn() is not None, deadline):
            return False
        for comm_id, widget in list(self.widgets.items()):
            if _is_chart(widget):
                await self._custom(comm_id, {"type": "plotly"})
                await self._custom(comm_id, {"type": "shown"})
        return True

    async def drawn(self, deadline: float) -> bool:
        """Whether a chart's figure came before ``deadline``."""
        return await self._until(self._figure_came.is_set, deadline)

    async def step(self, deadline: float) -> bool:
        """The → key: whether the board showed the next turn before ``deadline``."""
        keys = next((comm_id for comm_id, widget in self.widgets.items()
                     if "ArrowRight" in (widget.state.get("shortcuts") or {})), None)
        turn = self._board_turn()
        if keys is None or turn is None:
            return False
        await self._custom(keys, {"action": self.widgets[keys].state["shortcuts"]["ArrowRight"]})
        return await self._until(lambda: (self._board_turn() or 0) > turn, deadline)

    async def leave(self, *, polite: bool) -> None:
        """Close the page: a polite visitor asks for its kernel's shutdown first."""
        if polite and self.kernel_id:
            form = urllib.parse.urlencode({"_xsrf": self._cookies.get("_xsrf", "")}).encode()
            shutdown = urllib.parse.urljoin(self.url,
                                            f"{self.base_url}voila/api/shutdown/{self.kernel_id}")
            await asyncio.to_thread(self._post, shutdown, form)
        if self._reader is not None:
            self._reader.cancel()
        if self._socket is not None:
            await self._socket.close()

    def _get(self, url: str, deadline: float) -> tuple[int, dict[str, str], str]:
        request = urllib.request.Request(url, headers=self._cookie_header())
        timeout = max(1.0, deadline - time.monotonic())
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                self._keep_cookies(response.headers.get_all("Set-Cookie") or [])
                return response.status, dict(response.headers), response.read().decode(
                    "utf-8", "replace")
        except urllib.error.HTTPError as refused:
            return refused.code, dict(refused.headers), ""
        except OSError:
            return 0, {}, ""

    def _post(self, url: str, data: bytes) -> None:
        request = urllib.request.Request(url, data=data, headers=self._cookie_header())
        try:
            with urllib.request.urlopen(request, timeout=30):
                pass
        except OSError:  # refused or gone: the culler frees the kernel
            pass

    def _cookie_header(self) -> dict[str, str]:
        cookie = "; ".join(f"{name}={value}" for name, value in self._cookies.items())
        return {"Cookie": cookie} if cookie else {}

    def _keep_cookies(self, lines: list[str]) -> None:
        for line in lines:
            jar: SimpleCookie = SimpleCookie()
            jar.load(line)
            self._cookies.update({name: morsel.value for name, morsel in jar.items()})

    async def _send(self, msg_type: str, content: dict[str, Any],
                    metadata: dict[str, Any] | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "",
                  "session": self._session, "date": "", "version": "5.3"}
        import websockets

        with contextlib.suppress(websockets.ConnectionClosed):  # the reader sees it too
            await self._socket.send(encode_frame("shell", {
                "header": header, "parent_header": {}, "metadata": metadata or {},
                "content": content}))

    async def _custom(self, comm_id: str, content: dict[str, Any]) -> None:
        """A widget's custom message, as ``model.send(content)`` sends it."""
        await self._send("comm_msg", {"comm_id": comm_id,
                                      "data": {"method": "custom", "content": content}})

    async def _read(self) -> None:
        """Take in what the kernel says about widgets: all states, new widgets, changes (until
        the websocket closes: the kernel gone, or the visitor leaving)."""
        import websockets

        try:
            async for frame in self._socket:
                if isinstance(frame, bytes):
                    self._take(decode_frame(frame)[1])
        except websockets.ConnectionClosed:
            pass
        finally:
            self._changed.set()

    def _take(self, message: dict[str, Any]) -> None:
        content = message.get("content", {})
        kind, data = message["header"].get("msg_type"), content.get("data", {})
        if kind == "comm_msg" and data.get("method") == "update_states":
            for comm_id, model in data.get("states", {}).items():
                self.widgets[comm_id] = Widget(model.get("model_name", ""),
                                               dict(model.get("state", {})))
            self._states_came = True
        elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
            widget = self.widgets.get(content.get("comm_id", ""))
            if widget is not None:
                widget.state.update(data.get("state", {}))
        elif kind == "comm_open":
            state = dict(data.get("state", {}))
            self.widgets[content.get("comm_id", "")] = Widget(state.get("_model_name", ""),
                                                              state)
        else:
            return
        if any(_is_chart(widget) and widget.state.get("figure")
               for widget in self.widgets.values()):
            self._figure_came.set()
        self._changed.set()

    def _board_turn(self) -> int | None:
        for widget in self.widgets.values():
            if BOARD_CLASS in widget.classes and widget.state.get("svg"):
                return turn_of(str(widget.state["svg"]))
        return None

    async def _until(self, done: Callable[[], bool], deadline: float) -> bool:
        """Whether ``done()`` before ``deadline`` (False at once if the websocket closed)."""
        while True:
            self._changed.clear()
            if done():
                return True
            left = deadline - time.monotonic()
            if left <= 0 or (self._reader is not None and self._reader.done()):
                return False
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=left)
            except TimeoutError:
                return bool(done())


def _is_chart(widget: Widget) -> bool:
    """A PlotlyView: an anywidget with a figure."""
    return widget.model_name == "AnyModel" and "figure" in widget.state
