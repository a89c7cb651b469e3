"""A pre-heated kernel's wait for its page's request (splendor_nb.ui.voila_request)."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
import websockets

from splendor_nb.ui.voila_request import request_query


def serve_one_request(info: dict[str, str], dropped: int = 0
                      ) -> tuple[int, threading.Thread, list[str]]:
    """A websocket server on a free port that sends ``info`` to a client, as voila's query
    handler does, then stops; it first closes ``dropped`` connections without a word (a
    connection lost while the kernel waits). The paths it was asked for are collected."""
    ready, port, paths = threading.Event(), [0], []

    async def handler(socket: websockets.ServerConnection) -> None:
        paths.append(socket.request.path if socket.request else "")
        if len(paths) <= dropped:
            await socket.close()
            return
        await socket.send(json.dumps(info))

    async def main() -> None:
        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            port[0] = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            while len(paths) <= dropped:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)  # the message is sent before the server closes

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    ready.wait(10)
    return port[0], thread, paths


def test_a_preheated_kernel_waits_for_the_request_and_takes_its_variables() -> None:
    port, thread, paths = serve_one_request({"QUERY_STRING": "replay=duel&turn=2",
                                             "SERVER_NAME": "demo"})
    environ = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": "k7"}
    assert request_query(environ) == "replay=duel&turn=2"
    assert environ["SERVER_NAME"] == "demo"
    assert paths == ["/voila/query/k7"]
    thread.join(10)


def test_a_connection_closed_before_the_request_is_opened_again() -> None:
    port, thread, paths = serve_one_request({"QUERY_STRING": "lang=ru&play"}, dropped=2)
    environ = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": "k8"}
    assert request_query(environ) == "lang=ru&play"
    assert paths == ["/voila/query/k8"] * 3
    thread.join(10)


def test_no_server_is_said_and_the_page_opens_as_without_a_query() -> None:
    environ = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": "1", "VOILA_KERNEL_ID": "k"}
    with pytest.warns(UserWarning, match="Failed to connect"):  # nobody listens on port 1
        assert request_query(environ) == ""


def test_outside_voila_the_query_string_is_read_as_it_is() -> None:
    assert request_query({"QUERY_STRING": "lang=fr"}) == "lang=fr"
    assert request_query({}) == ""
