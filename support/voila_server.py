"""Start and stop a real voila server, and open a voila page in a browser.

Shared by the test fixtures (tests/conftest.py, tests/browser/conftest.py) and by the
benchmarks (benchmarks/voila_first_render.py, benchmarks/viewer.py), as
``support.voila_server`` (the editable install puts the repository root on ``sys.path``).

voila runs from the same Python environment as the caller (``python -m voila``, or
``module=SERVER_MODULE``: splendor_nb.server, the voila that ``make app`` and ``make demo``
run), on a free loopback port with ``--Voila.port_retries=0`` (so it never drifts to another
port), in its own process group, which is killed as a whole afterwards (the kernels included).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Page

REPO_ROOT = Path(__file__).resolve().parent.parent
APP_NOTEBOOK = REPO_ROOT / "notebooks" / "app.ipynb"
SERVER_MODULE = "splendor_nb.server"
"""The app's own voila (``make app``; ``make demo`` adds ``--demo``)."""

# A cold voila (server start, then a kernel running the notebook) takes 10-15 s here.
STARTUP_TIMEOUT = 120.0
FIRST_LOAD_TIMEOUT_MS = 120_000
"""How long a page may take to show what a test waits for. Longer than voila's own wait for a
cell's last output (``VoilaExecutor.iopub_timeout``, 60 s in voila.json): about one page load in
several hundred under load stalled for a minute (seen twice on 5 Dec 2026, once followed by
voila's "Timeout waiting for IOPub output"; the cause is not known), and a test that gave up
first failed on a page that may still have come. A page that does not come quotes voila's log
(its lines timed: ``LOG_FORMAT``)."""

LOG_FORMAT = "%(asctime)s [%(name)s]%(highlevel)s %(message)s"
"""voila's log lines, with their time (voila's own format has none)."""

# The flags that make Debian's chromium work on these machines (root, no GPU, closed network).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# How voila shows an output written to stderr, an exception among them.
STDERR_OUTPUT_SELECTOR = (
    '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"], '
    ".jp-OutputArea-output.jp-mod-error"
)
# Words that tell an error from a mere warning in such an output.
ERROR_MARKERS = ("Traceback", "Error", "There was an error", "Exception")


class VoilaStartError(RuntimeError):
    """voila exited or did not listen in time; the message holds its log."""


def find_chromium() -> str | None:
    """The system chromium to drive, or None.

    ``$CHROMIUM`` wins when set; then Debian's /usr/bin/chromium, then anything on PATH.

    >>> find_chromium() is None or Path(find_chromium()).is_file()
    True
    """
    candidates = [
        os.environ.get("CHROMIUM", ""),
        "/usr/bin/chromium",
        shutil.which("chromium") or "",
        shutil.which("chromium-browser") or "",
    ]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now.

    >>> 0 < free_port() < 65536
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    """Whether something accepts TCP connections on host:port."""
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return True
    except OSError:
        return False


@dataclass
class VoilaServer:
    """A running voila process serving one notebook (listed in ``RUNNING`` by its port while
    it runs, so that a page opened by its URL alone can still report the server's log)."""

    notebook: Path
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    _log_file: IO[bytes] = field(repr=False)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def url(self) -> str:
        """The page that renders the notebook (voila serves it at the root)."""
        return self.base_url

    def log(self) -> str:
        """What voila wrote so far (stdout and stderr)."""
        self._log_file.flush()
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        """Kill voila's whole process group (the kernels too) and wait for it."""
        if self.process.poll() is None:
            for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, sig)
                try:
                    self.process.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        # Kernels may outlive the server by a moment; the group goes down with them.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        RUNNING.pop(self.port, None)
        self._log_file.close()


RUNNING: dict[int, VoilaServer] = {}
"""The servers this process started and has not stopped, by port."""


def voila_command(notebook: Path, port: int, extra_args: Sequence[str] = (),
                  module: str = "voila") -> list[str]:
    """The command line that serves ``notebook`` on ``port`` (with ``python -m module``).

    >>> voila_command(Path("nb.ipynb"), 9999)[1:4]
    ['-m', 'voila', 'nb.ipynb']
    >>> voila_command(Path("nb.ipynb"), 9999, module=SERVER_MODULE)[2]
    'splendor_nb.server'
    """
    return [
        sys.executable,
        "-m",
        module,
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        f"--Voila.log_format={LOG_FORMAT}",  # the time of each line, for a slow page's story
        "--Voila.log_datefmt=%H:%M:%S",
        *([] if any(arg.startswith("--show_tracebacks") for arg in extra_args)
          else ["--show_tracebacks=True"]),  # unless the caller says otherwise (the demo)
        *extra_args,
    ]


def start_voila(
    notebook: str | os.PathLike[str],
    *,
    extra_args: Sequence[str] = (),
    timeout: float = STARTUP_TIMEOUT,
    attempts: int = 3,
    module: str = "voila",
    env: Mapping[str, str] | None = None,
) -> VoilaServer:
    """Start voila (``python -m module``) on ``notebook`` and return once its port accepts
    connections. ``env`` adds to the environment it starts with (its kernels inherit it).

    Raises VoilaStartError, with voila's log, if it exits or does not listen within
    ``timeout`` seconds. A port taken between choosing and binding it is retried.
    """
    path = Path(notebook).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"no notebook at {path}")
    last_error: VoilaStartError | None = None
    for _ in range(attempts):
        try:
            return _start_once(path, extra_args, timeout, module, env or {})
        except VoilaStartError as error:
            last_error = error
            if "already in use" not in str(error) and "Address already" not in str(error):
                raise
    assert last_error is not None
    raise last_error


def _start_once(path: Path, extra_args: Sequence[str], timeout: float,
                module: str, extra_env: Mapping[str, str]) -> VoilaServer:
    port = free_port()
    fd, log_name = tempfile.mkstemp(prefix="voila-", suffix=".log")
    os.close(fd)
    log_path = Path(log_name)
    log_file = log_path.open("wb")
    env = dict(os.environ)
    env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    env["PYTHONUNBUFFERED"] = "1"
    env.update(extra_env)
    process = subprocess.Popen(
        voila_command(path, port, extra_args, module),
        # From the repository root, so that voila reads the project's voila.json, if any,
        # as `make app` does (the kernel still starts in the notebook's folder).
        cwd=REPO_ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log_file,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server = VoilaServer(path, port, process, log_path, log_file)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = server.log()  # before stop() closes the log file
            server.stop()
            raise VoilaStartError(
                f"voila exited with code {process.returncode} before listening on port "
                f"{port}\n--- voila log ({log_path}) ---\n{log}"
            )
        if port_open(port):
            RUNNING[port] = server
            return server
        time.sleep(0.1)
    log = server.log()
    server.stop()
    raise VoilaStartError(
        f"voila did not listen on port {port} within {timeout:.0f} s"
        f"\n--- voila log ({log_path}) ---\n{log}"
    )


@contextlib.contextmanager
def running_voila(
    notebook: str | os.PathLike[str], *, extra_args: Sequence[str] = (), module: str = "voila"
) -> Iterator[VoilaServer]:
    """``start_voila`` as a context manager that always stops the server."""
    server = start_voila(notebook, extra_args=extra_args, module=module)
    try:
        yield server
    finally:
        server.stop()


# Resolves to {ok: true} once the selector is visible, or {ok: false, text} on an error.
_WAIT_JS = """([selector, errorSelector, markers]) => {
    const visible = (el) => !!(el.offsetWidth || el.offsetHeight ||
                               el.getClientRects().length);
    const target = document.querySelector(selector);
    if (target && visible(target)) return {ok: true};
    for (const el of document.querySelectorAll(errorSelector)) {
        const text = el.innerText || el.textContent || "";
        if (markers.some((m) => text.includes(m))) return {ok: false, text};
    }
    const errorPage = document.querySelector(".voila-error");  // voila's own 404/500 page
    if (errorPage) return {ok: false, text: errorPage.innerText || errorPage.textContent};
    return null;
}"""


class VoilaPageError(AssertionError):
    """The voila page showed an error instead of the expected element."""


def goto_voila(
    page: Page,
    url: str,
    selector: str,
    *,
    timeout_ms: float = FIRST_LOAD_TIMEOUT_MS,
    server: VoilaServer | None = None,
) -> Any:
    """Open a voila page and wait until ``selector`` is visible; return its locator.

    A notebook whose cell fails still comes with HTTP 200, so this waits for either the
    expected element or an error output, and raises VoilaPageError with the error text
    (and voila's log: ``server``'s, else that of the running server at the URL's port) if
    the error shows up first or nothing shows up within ``timeout_ms``.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    if server is None:
        server = RUNNING.get(urlsplit(url).port or 0)

    def log_detail() -> str:
        if server is None:
            return ""
        tail = "\n".join(server.log().splitlines()[-40:])
        return f"\n--- voila log (last lines, {server.log_path}) ---\n{tail}"

    page.goto(url, wait_until="commit", timeout=timeout_ms)
    try:
        handle = page.wait_for_function(
            _WAIT_JS,
            arg=[selector, STDERR_OUTPUT_SELECTOR, list(ERROR_MARKERS)],
            timeout=timeout_ms,
            polling=100,
        )
    except PlaywrightTimeoutError:
        try:
            body = page.inner_text("body", timeout=2_000)
        except PlaywrightTimeoutError:
            body = "(no body)"
        raise VoilaPageError(
            f"{selector!r} did not appear on {url} within {timeout_ms / 1000:.0f} s; "
            f"the page shows:\n{body[-3000:]}{log_detail()}"
        ) from None
    outcome = handle.json_value()
    if not outcome.get("ok"):
        raise VoilaPageError(
            f"voila page {url} showed an error instead of {selector!r}:\n"
            f"{outcome.get('text', '')}{log_detail()}"
        )
    return page.locator(selector).first
