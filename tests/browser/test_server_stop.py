"""Ctrl-C stops the app's server (``make app``) quietly: no traceback from it or its kernels,
even with a page asked for and pre-heated kernels still running the app's notebook."""

from __future__ import annotations

import signal
import subprocess
import time
import urllib.request

from support.voila_server import APP_NOTEBOOK, SERVER_MODULE, start_voila

READY_S = 300.0
"""How long the pool of pre-heated kernels may take to fill on a loaded machine (a deadline
against a hang, not a speed check)."""


def test_ctrl_c_stops_the_server_without_a_traceback() -> None:
    # A suite started in the background of a shell ignores SIGINT, and so would the server it
    # starts (a handled signal is reset to the default at exec, an ignored one stays ignored).
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    server = start_voila(APP_NOTEBOOK, module=SERVER_MODULE)
    try:
        deadline = time.monotonic() + READY_S
        while "Kernel pool of app.ipynb is filled" not in server.log():
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.5)
        with urllib.request.urlopen(server.url, timeout=READY_S) as page:  # a visitor
            assert page.status == 200
        deadline = time.monotonic() + READY_S
        while server.log().count("Kernel pool of app.ipynb is filled") < 2:  # topped up
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.5)
        server.process.send_signal(signal.SIGINT)  # what Ctrl-C sends the server
        try:
            server.process.wait(timeout=READY_S)
        except subprocess.TimeoutExpired:
            raise AssertionError(server.log()) from None
        time.sleep(2)  # a kernel's last words, if any, reach the log after the server exits
        log = server.log()
        assert "Stopping..." in log
        assert "Traceback" not in log and "ZMQError" not in log, log
        assert server.process.returncode == 0
    finally:
        server.stop()
        signal.signal(signal.SIGINT, before)
