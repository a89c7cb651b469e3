"""The Voila server the app runs under: ``python -m splendor_nb.server NOTEBOOK [voila options]``
(``make app``), and the public demo with ``--demo`` (``make demo``; docs/deploy.md).

It is voila, changed in these ways (the last in demo mode only):

- **Nothing from the internet.** voila's lab template links Font Awesome from a CDN; the page
  bundles it already, so the template in splendor_nb/data/voila drops the links.
- **A closed page's kernel is shut down at once.** On ``beforeunload`` the page posts a shutdown
  request carrying the ``_xsrf`` cookie's value, but voila never sets that cookie, so the request
  is refused ("403 '_xsrf' argument missing", voila issue #1458) and the kernel lives on until it
  is culled. The page handler here sets the cookie. voila's page sends that request only once
  its scripts have run, so the app's template sends it too, from the start of the page (a page
  closed while it loads); the second request finds the kernel gone (a 404, which the page
  ignores).
- **Its kernels share the Replay tab's first figure** (splendor_nb.ui.figure_cache): the
  first pre-heated kernel to build it writes it to a folder made for this server alone
  (:data:`FIGURES_ENV`), and the next kernels read it instead of importing pandas.
- **Its kernels start from compiled modules**: before the first kernel, the package's
  bytecode is written where it is missing or stale (:func:`compile_package`). An environment
  with ``PYTHONDONTWRITEBYTECODE`` set (as many containers have) or a checkout never imported
  would otherwise have every kernel compile the package's 140 modules from source again, about
  0.3 s of CPU a kernel, which each visit of the demo pays once (its pool's new kernel).
- **Ctrl-C stops it quietly**: the kernels are stopped at once, not asked to shut down.
- **Its files go gzipped, its errors bare, its version unsaid** (splendor_nb.served_files).
- **A kernel is not culled before its page has connected** (:class:`PageKernelManager`,
  within ``unconnected_timeout``): under load a browser may take minutes to load the page, and
  the demo's short culling took kernels from pages still loading, which stayed blank. A pooled
  kernel counts as active from when it is handed to a page, and the kernel of a page whose
  visitor left before it was sent is shut down. A page slower still, whose kernel was culled
  before it connected, loads again by itself (the template's script asks until the app shows).
- **Demo mode** (``--demo``): voila-demo.json is read after voila.json (short culling, see
  docs/deploy.md); kernels get ``SPLENDOR_DEMO=1``, which makes the app read-only
  (:data:`splendor_nb.app.DEMO_ENV`); and at most :attr:`SplendorVoila.max_visitors` pages hold
  a kernel at once, at most :attr:`SplendorVoila.max_loading` of them still loading and at
  most :attr:`SplendorVoila.max_per_address` from one client address (:func:`client_address`):
  the next visitors get :func:`busy_page` (HTTP 503), which retries by itself. A page counts
  as a visitor once a browser runs it (:class:`PresenceHandler`): the kernel of a page fetched
  and never run is shut down after :attr:`SplendorVoila.proof_seconds`, that of a page closed
  while it loads at once.

>>> gate = VisitorGate(limit=1, alive=lambda: {"k1"})
>>> first, second = gate.admit(), gate.admit()
>>> first is not None, second
(True, None)
>>> gate.claim(first, "k1"); gate.finished(first); gate.visitors
1
"""

from __future__ import annotations

import asyncio
import atexit
import compileall
import html
import json
import os
import secrets
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable, Collection, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any, ClassVar, cast

import tornado.ioloop
import tornado.web
import tornado.websocket
from jupyter_core.utils import ensure_async, run_sync
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.platform.asyncio import BaseAsyncIOLoop
from traitlets import Bool, Int, List, Unicode
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from splendor_nb.i18n import LANGUAGES, translator
from splendor_nb.served_files import (
    NoServerName,
    TemplateFileHandler,
    bare_errors,
    compress_all,
    compressed,
)

DEMO_ENV = "SPLENDOR_DEMO"
"""Set to "1" for the kernels of the demo; the app reads it (splendor_nb.app.DEMO_ENV)."""
FIGURES_ENV = "SPLENDOR_FIGURES"
"""Names the folder the server's kernels share the Replay tab's first figure in, made for this
server alone and removed when it stops (splendor_nb.ui.figure_cache.CACHE_ENV)."""
DEMO_CONFIG = "voila-demo"
"""The demo's config file (voila-demo.json or .py), read after voila's own where voila looks for
voila.json: the folder voila starts in, then Jupyter's config folders."""
PACKAGE_DIR = Path(__file__).parent
TEMPLATE_DIR = PACKAGE_DIR / "data" / "voila"
"""The page template that replaces voila's lab index (no CDN links)."""
PRESENCE_PATH = r"/splendor/presence/(?P<kernel_id>[0-9a-f-]{1,64})"
"""The websocket a page's first script opens once it knows its kernel (:class:`PresenceHandler`).
"""
HELLO_PATH = "/splendor/hello"
"""The request a page's first script sends at once, with its cookie (:class:`HelloHandler`)."""
PAGE_COOKIE = "splendor_page"
"""The cookie that names a page's place in the demo (its :class:`VisitorGate` token)."""
BUSY_CLASS = "splendor-busy"
"""The DOM class of the busy page's text (what the browser tests look for)."""


class VisitorGate:
    """At most ``limit`` pages with a kernel at once, at most ``loading_limit`` of them still
    loading and at most ``per_address`` of them from one client address (0: no such cap): a
    page request from ``address`` is admitted (a token) or not (None); it then claims the
    kernel it was given, which counts as loading until the page connects to it
    (:meth:`connected`); its place is free again when that kernel is gone (``alive()`` gives
    the kernels alive), or when the request ends without one.

    A page sent is not yet a visitor: anything can fetch it (a ``curl``, a link preview). It
    is one once its browser has run the page's first script, which sends the page's token back
    (:meth:`greeted`) and later opens a websocket to its kernel's presence (:meth:`proven`;
    connecting to the kernel proves it too); :meth:`unproven` says whether a claimed kernel's
    page has not, and the server shuts down the kernel of a page that has not within a few
    seconds of being sent (:class:`PageHandler`).

    Why the loading cap: the machine's CPU is shared by the pages loading, so a burst admitted
    at once finishes at once, late; admitted a few at a time, half of them are served in half
    that time, and the others wait on the busy page, which costs nothing.

    >>> kernels = {"k1", "k2"}
    >>> gate = VisitorGate(limit=2, alive=lambda: kernels)
    >>> a, b = gate.admit(), gate.admit()
    >>> gate.claim(a, "k1"); gate.claim(b, "k2"); gate.finished(a); gate.finished(b)
    >>> gate.admit() is None
    True
    >>> kernels.discard("k1")  # its page was closed
    >>> gate.admit() is not None, gate.visitors
    (True, 2)
    >>> loading = VisitorGate(limit=5, alive=lambda: {"k1"}, loading_limit=1)
    >>> token = loading.admit(); loading.claim(token, "k1"); loading.finished(token)
    >>> loading.admit() is None, loading.loading, loading.unproven("k1")
    (True, 1, True)
    >>> loading.connected("k1"); loading.admit() is not None, loading.unproven("k1")
    (True, False)
    >>> early = VisitorGate(limit=5, alive=lambda: {"k2"})
    >>> token = early.admit(); early.greeted(token); early.claim(token, "k2")
    >>> early.unproven("k2")  # its browser greeted before the kernel was claimed
    False
    >>> one = VisitorGate(limit=5, alive=lambda: {"k1"}, per_address=1)
    >>> one.claim(one.admit("203.0.113.7"), "k1")
    >>> one.admit("203.0.113.7") is None, one.admit("198.51.100.2") is not None
    (True, True)
    """

    def __init__(self, limit: int, alive: Callable[[], Collection[str]],
                 loading_limit: int = 0, per_address: int = 0) -> None:
        self.limit = limit
        self.loading_limit = loading_limit
        self.per_address = per_address
        self._alive = alive
        self._pending: dict[str, str] = {}
        """The requests admitted that have no kernel yet, with their client address."""
        self._kernels: dict[str, str] = {}
        """The claimed kernels, with their page's client address."""
        self._unconnected: set[str] = set()
        """The claimed kernels whose page has not connected yet: pages still loading."""
        self._proven: set[str] = set()
        """The claimed kernels whose page's browser has run its first script."""
        self._sending: dict[str, str] = {}
        """The claimed kernels whose page is still being sent, by their request's token."""
        self._kernel_of: dict[str, str] = {}
        """The claimed kernels, by their page's token."""
        self._greeted: set[str] = set()
        """The tokens whose page's browser greeted before the page had its kernel."""

    @property
    def visitors(self) -> int:
        """Pages admitted and not gone: those still loading plus the kernels they hold."""
        self._forget_gone()
        return len(self._pending) + len(self._kernels)

    @property
    def loading(self) -> int:
        """Pages admitted whose kernel has not heard from them yet."""
        self._forget_gone()
        return len(self._pending) + len(self._unconnected)

    def places_of(self, address: str) -> int:
        """The places the pages from ``address`` hold."""
        self._forget_gone()
        return (sum(held == address for held in self._pending.values())
                + sum(held == address for held in self._kernels.values()))

    def admit(self, address: str = "") -> str | None:
        """A token for a new page from ``address``, or None when ``limit`` pages already hold
        a place, ``loading_limit`` are loading or ``per_address`` come from that address."""
        if (self.visitors >= self.limit or 0 < self.loading_limit <= self.loading
                or 0 < self.per_address <= self.places_of(address)):
            return None
        token = secrets.token_urlsafe(16)  # the page's cookie: unguessable
        self._pending[token] = address
        return token

    def claim(self, token: str, kernel_id: str) -> None:
        """The admitted page got this kernel: its place is held until the kernel is gone."""
        self._kernels[kernel_id] = self._pending.pop(token, "")
        self._unconnected.add(kernel_id)
        self._sending[token] = self._kernel_of[token] = kernel_id
        if token in self._greeted:
            self.proven(kernel_id)

    def greeted(self, token: str) -> None:
        """The page of this token runs in a browser: its first script sent the token back."""
        if token in self._kernel_of:
            self.proven(self._kernel_of[token])
        elif token in self._pending:
            self._greeted.add(token)

    def proven(self, kernel_id: str) -> None:
        """The page of this kernel runs in a browser: its first script opened a websocket."""
        if kernel_id in self._kernels:
            self._proven.add(kernel_id)

    def unproven(self, kernel_id: str) -> bool:
        """Whether this kernel is a page's whose browser has not shown itself yet."""
        self._forget_gone()
        return kernel_id in self._kernels and kernel_id not in self._proven

    def connected(self, kernel_id: str) -> None:
        """A page connected to this kernel: it has loaded (and runs in a browser)."""
        self._unconnected.discard(kernel_id)
        self.proven(kernel_id)

    def is_loading(self, kernel_id: str) -> bool:
        """Whether this kernel's page is sent and has not connected to it yet."""
        return kernel_id in self._unconnected and kernel_id not in self._sending.values()

    def finished(self, token: str) -> None:
        """The page's request is over; without a kernel it holds no place any more."""
        self._pending.pop(token, None)
        self._sending.pop(token, None)
        self._greeted.discard(token)

    def _forget_gone(self) -> None:
        alive = set(self._alive())
        self._kernels = {kernel: address for kernel, address in self._kernels.items()
                         if kernel in alive}
        self._unconnected &= alive
        self._proven &= alive
        self._kernel_of = {token: kernel for token, kernel in self._kernel_of.items()
                           if kernel in alive}


def client_address(peer: str, headers: Mapping[str, str], trusted: Collection[str],
                   header: str = "X-Real-IP") -> str:
    """The address of the visitor behind a request from ``peer``: the reverse proxy's
    ``header`` (the last address of ``X-Forwarded-For``, the one the proxy appended) is believed
    only when ``peer`` is one of the ``trusted`` proxies; anyone else can write it. The proxy
    must set that header itself: one it passes on as the client sent it names anyone.

    >>> client_address("127.0.0.1", {"X-Real-IP": "203.0.113.7"}, ["127.0.0.1"])
    '203.0.113.7'
    >>> client_address("127.0.0.1", {"X-Forwarded-For": "1.2.3.4, 203.0.113.7"}, ["127.0.0.1"],
    ...                "X-Forwarded-For")
    '203.0.113.7'
    >>> client_address("198.51.100.2", {"X-Real-IP": "203.0.113.7"}, ["127.0.0.1"])
    '198.51.100.2'
    """
    if peer not in trusted:
        return peer
    return headers.get(header, "").rsplit(",", 1)[-1].strip() or peer


def busy_page(retry_seconds: int, visitors: int | None) -> str:
    """The page a visitor gets while the demo is full: it says so and reloads by itself, a few
    seconds apart (each page at its own moment, so that the waiting pages do not all come back
    at once); ``<meta refresh>`` does it without JavaScript. Nothing is fetched from elsewhere.

    ``visitors`` None: the page a proxy in front of several servers shows when none answered.

    >>> page = busy_page(5, 8)
    >>> "The demo is busy" in page, 'content="15"' in page
    (True, True)
    >>> "As many visitors as" in busy_page(5, None)
    True
    """
    people = ("As many visitors as the demo holds are looking at games right now."
              if visitors is None else
              f"{'1 visitor is' if visitors == 1 else f'{visitors} visitors are'} looking at "
              "games right now, as many as this server holds.")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{3 * retry_seconds}">
<link rel="icon" href="data:,">
<title>Splendor: the demo is busy</title>
<style>
  body {{ font-family: system-ui, "DejaVu Sans", sans-serif; color: #1f2933; background: #f5f3ee;
         display: flex; min-height: 90vh; align-items: center; justify-content: center; }}
  main {{ max-width: 34em; padding: 24px 32px; background: #fff; border-radius: 10px;
         box-shadow: 0 2px 10px rgba(0, 0, 0, 0.12); }}
  h1 {{ font-size: 22px; margin: 0 0 10px; }}
  p {{ line-height: 1.5; margin: 6px 0; }}
  .splendor-muted {{ color: #52606d; }}
</style></head>
<body><main class="{BUSY_CLASS}" role="status">
<h1>The demo is busy</h1>
<p>{html.escape(people)}</p>
<p><b>This page tries again by itself</b> every few seconds: keep it open, there is no need
to reload it.</p>
<p class="splendor-muted" id="splendor-busy-next">Trying again shortly…</p>
</main>
<script>
  // Between 1 and 2 times the retry interval: waiting pages spread their retries.
  const wait = {retry_seconds} * (1 + Math.random());
  document.getElementById("splendor-busy-next").textContent =
    "Trying again in " + Math.round(wait) + " seconds…";
  setTimeout(() => window.location.reload(), wait * 1000);
</script>
</body></html>
"""


class SplendorVoila(Voila):  # type: ignore[misc]  # voila is untyped
    """voila with the app's page template, a working page-close shutdown and, with ``--demo``,
    the demo's settings, read-only kernels and a cap on the pages served at once."""

    template_paths: list[str]  # voila's trait, typed here
    demo = Bool(False, config=True, help="Run as the public demo: read voila-demo.json after "
                "voila.json, make the app read-only and cap the pages served at once.")
    max_visitors = Int(8, config=True, help="In demo mode, the most pages holding a kernel at "
                       "once (the pre-heated pool comes on top); 0 for no cap.")
    max_loading = Int(0, config=True, help="In demo mode, the most pages loading at once "
                      "(sent, or being sent, and not yet connected to their kernel); 0 for no "
                      "cap.")
    max_per_address = Int(0, config=True, help="In demo mode, the most pages holding a kernel "
                          "at once for one client address; 0 for no cap.")
    proof_seconds = Int(10, config=True, help="In demo mode, how long after a page is sent "
                        "its browser has to run the page's first script (which opens a "
                        "websocket) before the page's kernel is shut down and its place freed.")
    trusted_proxies = List(Unicode(), config=True, help="The addresses of the reverse proxies "
                           "whose address_header names the client (anyone else's is ignored).")
    address_header = Unicode("X-Real-IP", config=True, help="The header in which a trusted "
                             "proxy names the client's address (X-Forwarded-For: its last).")
    busy_retry_seconds = Int(5, config=True, help="In demo mode, how often a busy page retries.")
    flags: ClassVar[dict[str, Any]] = {
        **Voila.flags,
        "demo": ({"SplendorVoila": {"demo": True}}, "Run as the public demo (see --help-all)."),
    }

    def load_config_file(self, filename: str, path: Any = None) -> None:
        """voila's config, then, in demo mode, the demo's on top of it (the command line wins
        over both); kernels are managed by :class:`PageKernelManager` unless one is named."""
        super().load_config_file(filename, path=path)
        if filename == "voila" and self.demo:
            super().load_config_file(DEMO_CONFIG, path=path)
        voila_options = self.config.VoilaConfiguration
        if "multi_kernel_manager_class" not in voila_options:
            voila_options.multi_kernel_manager_class = PageKernelManager

    def initialize(self, argv: Any = None) -> None:
        compile_package()  # before voila starts the pool's kernels
        super().initialize(argv)
        if self.demo:
            os.environ[DEMO_ENV] = "1"  # kernels start with the server's environment
        # the kernels' shared figures: a folder only this server's user can read or write
        figures = tempfile.mkdtemp(prefix="splendor-figures-")
        atexit.register(shutil.rmtree, figures, ignore_errors=True)
        os.environ[FIGURES_ENV] = figures

    def stop(self) -> None:
        """Stop quietly (Ctrl-C in ``make app``): voila asks each kernel to shut down, which a
        kernel still running the app's notebook answers with ZMQError tracebacks; the kernels
        are stopped at once instead."""
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        run_sync(self.kernel_manager.shutdown_all)(now=True)

    def listen(self) -> None:
        self.app.transforms.append(NoServerName)
        threading.Thread(target=compress_all, name="compress files", daemon=True,
                         args=([*self.static_paths, *self.labextensions_path],)).start()
        loop = cast(BaseAsyncIOLoop, tornado.ioloop.IOLoop.current()).asyncio_loop
        loop.set_exception_handler(quiet_interrupt)
        super().listen()

    def setup_template_dirs(self) -> None:
        super().setup_template_dirs()
        self.template_paths = [str(TEMPLATE_DIR), *self.template_paths]

    def init_handlers(self) -> list[Any]:
        gate = (VisitorGate(self.max_visitors, self.kernel_manager.list_kernel_ids,
                            loading_limit=self.max_loading, per_address=self.max_per_address)
                if self.demo and self.max_visitors > 0 else None)
        if gate is not None and isinstance(self.kernel_manager, PageKernelManager):
            self.kernel_manager.on_connect.append(gate.connected)
        handlers: list[Any] = [
            (url_path_join(self.server_url, PRESENCE_PATH), PresenceHandler, {"gate": gate}),
            (url_path_join(self.server_url, HELLO_PATH), bare_errors(HelloHandler),
             {"gate": gate})]
        for rule in super().init_handlers():
            if rule[0] in ACCOUNT_PATHS:
                continue  # no accounts here; their pages failed to render: a 500, a traceback
            if len(rule) == 3 and rule[1] is TornadoVoilaHandler:
                options = {**rule[2], "gate": gate, "retry_seconds": self.busy_retry_seconds,
                           "proof_seconds": self.proof_seconds,
                           "trusted_proxies": tuple(self.trusted_proxies),
                           "address_header": self.address_header}
                rule = (rule[0], PageHandler, options)
            elif len(rule) == 2 and rule[1] is TemplateStaticFileHandler:
                rule = (rule[0], TemplateFileHandler)
            if issubclass(rule[1], tornado.web.StaticFileHandler):
                rule = (rule[0], compressed(rule[1]), *rule[2:])
            if rule[1] is not PageHandler:  # voila's own error page is the page's
                rule = (rule[0], bare_errors(rule[1]), *rule[2:])
            elif self.server_url != "/":  # one of several servers: the page at / too
                handlers.append(("/", PageHandler, rule[2]))
            handlers.append(rule)
        return handlers


ACCOUNT_PATHS = ("/login", "/logout")
"""jupyter_server's account pages, which voila serves without accounts (dropped: the file
handler behind them refuses these paths with a 403)."""


def compile_package() -> bool:
    """Write the bytecode of the package's modules where it is missing or stale, whatever
    ``PYTHONDONTWRITEBYTECODE`` says (kernels read it, even when that variable forbids them to
    write it); False if some could not be written (a read-only install, which pip compiled).

    >>> compile_package()
    True
    """
    return bool(compileall.compile_dir(PACKAGE_DIR, quiet=2))


class PageKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, whose culler spares a kernel whose page has never
    connected until it has been idle for ``unconnected_timeout`` (its page may still be
    loading); once connected, the usual culling applies (``cull_idle_timeout``, and with
    ``cull_connected=False`` only without a connection)."""

    unconnected_timeout = Int(300, config=True, help="Seconds a kernel whose page has not "
                              "connected yet may stay idle before it is culled.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._connected_once: set[str] = set()
        self.on_connect: list[Callable[[str], None]] = []
        """Called with a kernel's id when a page connects to it (the visitor gate listens)."""

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._connected_once.add(kernel_id)
        for listener in self.on_connect:
            listener(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        self._connected_once &= set(self._kernels)  # forget the kernels that are gone
        kernel = self._kernels.get(kernel_id)
        if kernel is None:  # shut down since the culler listed it: jupyter_server raised
            return          # KeyError and logged its traceback
        active = getattr(kernel, "last_activity", None)
        waiting_for_its_page = (
            kernel_id not in self._connected_once and active is not None
            and getattr(kernel, "execution_state", None) != "dead"
            and utcnow() - active < timedelta(seconds=self.unconnected_timeout))
        if not waiting_for_its_page:
            await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]


class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]  # voila is untyped
    """voila's page, which sets the ``_xsrf`` cookie (the page's shutdown request carries it),
    marks a pooled kernel active when it is handed out, and, behind a :class:`VisitorGate`,
    serves :func:`busy_page` when the demo is full, and shuts down the kernel of a page whose
    browser has not shown itself ``proof_seconds`` after it was sent."""

    def initialize(self, gate: VisitorGate | None = None, retry_seconds: int = 5,
                   proof_seconds: int = 10, trusted_proxies: Collection[str] = (),
                   address_header: str = "X-Real-IP", **kwargs: Any) -> None:
        super().initialize(**kwargs)
        self.gate = gate
        self.retry_seconds = retry_seconds
        self.proof_seconds = proof_seconds
        self.trusted_proxies = trusted_proxies
        self.address_header = address_header
        self._token: str | None = None
        self._kernel_id: str | None = None
        self._visitor_left = False

    @property
    def kernel_manager(self) -> Any:
        """The server's kernel manager, through which this page's kernel is claimed."""
        return _ClaimingKernelManager(self.settings["kernel_manager"], self._claim)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        self.xsrf_token  # noqa: B018  (reading it sets the _xsrf cookie)
        if self.gate is not None and not path:  # another path is a file: no kernel for it
            address = client_address(self.request.remote_ip or "", self.request.headers,
                                     self.trusted_proxies, self.address_header)
            self._token = self.gate.admit(address)
            if self._token is None:
                self._busy(address)
                return
            self.set_cookie(PAGE_COOKIE, self._token, path=self.base_url, httponly=True,
                            samesite="Strict")  # for its server alone (behind the cluster)
        try:
            await super().get(path)
        finally:
            if self.gate is not None and self._token is not None:
                self.gate.finished(self._token)
            if self._visitor_left and self._kernel_id is not None:
                await shut_down(self.settings["kernel_manager"], self._kernel_id,
                                "the visitor left before the page was sent")
            elif self.gate is not None and self._kernel_id is not None:
                tornado.ioloop.IOLoop.current().call_later(
                    self.proof_seconds, self._shut_down_if_unproven, self.gate, self._kernel_id)

    def on_connection_close(self) -> None:
        """The visitor left before the page was sent."""
        self._visitor_left = True
        super().on_connection_close()

    def _claim(self, kernel_id: str) -> None:
        self._kernel_id = kernel_id
        if self.gate is not None and self._token is not None:
            self.gate.claim(self._token, kernel_id)

    async def _shut_down_if_unproven(self, gate: VisitorGate, kernel_id: str) -> None:
        if gate.unproven(kernel_id):  # fetched, not run in a browser: a curl, a link preview
            await shut_down(self.settings["kernel_manager"], kernel_id,
                            f"no browser ran its page within {self.proof_seconds} s")

    def _busy(self, address: str) -> None:
        assert self.gate is not None
        self.log.info("The demo is busy (%d visitors, %d from this address): served the busy "
                      "page", self.gate.visitors, self.gate.places_of(address))
        self.set_status(503)
        self.set_header("Retry-After", str(self.retry_seconds))
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(busy_page(self.retry_seconds, self.gate.visitors))


async def shut_down(manager: Any, kernel_id: str, reason: str) -> None:
    """Shut down a page's kernel, if it is still there, saying why in one line of the log."""
    if kernel_id in manager:
        manager.log.info("Shutting down kernel %s: %s", kernel_id, reason)
        await ensure_async(manager.shutdown_kernel(kernel_id))


def lost_words() -> dict[str, str]:
    """What the page says, in each language, when its server is gone (it then loads again:
    behind the cluster's proxy, from another server).

    >>> lost_words()["fr"]
    'La connexion au serveur est perdue : la page se recharge…'
    """
    return {code: translator(code).gettext("The connection to the server was lost: loading "
                                           "the page again…") for code, _name in LANGUAGES}


class PresenceHandler(tornado.websocket.WebSocketHandler):
    """The websocket the page's first script opens (``PRESENCE_PATH``), long before voila's
    scripts connect to the kernel: it proves a browser runs the page (:meth:`VisitorGate.proven`),
    and its closing before the page has connected to its kernel (a tab closed while it loads)
    shuts that kernel down at once. Without a gate (``make app``) it is only accepted."""

    def initialize(self, gate: VisitorGate | None = None) -> None:
        self.gate = gate
        self.kernel_id = ""

    def open(self, *args: str, **kwargs: str) -> None:
        self.kernel_id = kwargs["kernel_id"]
        if self.gate is not None:
            self.gate.proven(self.kernel_id)
        self.write_message(json.dumps({"lost": lost_words()}))


    def on_message(self, message: str | bytes) -> None:
        """The page sends nothing."""

    def on_close(self) -> None:
        if self.gate is not None and self.gate.is_loading(self.kernel_id):
            manager = self.settings["kernel_manager"]
            tornado.ioloop.IOLoop.current().add_callback(
                shut_down, manager, self.kernel_id, "its page was closed while it loaded")


class HelloHandler(tornado.web.RequestHandler):
    """The request a page's first script sends before anything else (``HELLO_PATH``), carrying
    the page's cookie (:data:`PAGE_COOKIE`): it proves a browser runs that page
    (:meth:`VisitorGate.greeted`) seconds before the presence websocket can, which waits for
    the page's kernel id, after voila's style script (on a slow 3G phone 9 s after the page
    came, near the demo's 10 s proof). A fetch of the page alone sends nothing back."""

    def initialize(self, gate: VisitorGate | None = None) -> None:
        self.gate = gate

    def get(self) -> None:
        token = self.get_cookie(PAGE_COOKIE)
        if self.gate is not None and token:
            self.gate.greeted(token)
        self.set_header("Cache-Control", "no-store")
        self.set_status(204)


class _ClaimingKernelManager:
    """The kernel manager as a page handler uses it, telling ``claim`` which kernel the page
    got: a new one, or one from the pre-heated pool (marked active as it is handed out)."""

    def __init__(self, manager: Any, claim: Callable[[str], None]) -> None:
        self._manager = manager
        self._claim = claim

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, **kwargs: Any) -> str:
        kernel_id: str = await ensure_async(self._manager.start_kernel(**kwargs))
        self._claim(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, **kwargs: Any) -> Any:
        task, rendered, kernel_id = await self._manager.get_rendered_notebook(**kwargs)
        # idle since it was pre-heated; the culler would count that against its page
        self._manager.get_kernel(kernel_id).last_activity = utcnow()
        self._claim(kernel_id)
        return task, rendered, kernel_id


def quiet_interrupt(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's handler of errors nobody awaited, silent on Ctrl-C's: the
    KeyboardInterrupt that stops the server is raised in whichever task is running (a page
    being rendered), which then ends with it unretrieved; anything else is logged as usual.

    >>> loop = asyncio.new_event_loop()
    >>> quiet_interrupt(loop, {"message": "Task exception was never retrieved",
    ...                        "exception": KeyboardInterrupt()})
    >>> loop.close()
    """
    if not isinstance(context.get("exception"), KeyboardInterrupt):
        loop.default_exception_handler(context)


def main(argv: list[str] | None = None) -> None:
    """Run the server: ``python -m splendor_nb.server NOTEBOOK [--demo] [voila options]``."""
    SplendorVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
