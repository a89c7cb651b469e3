"""How splendor_nb.server answers besides the app's page: its files compressed once, its errors
bare, its template paths checked, and no server version in any answer.

- **Text files go gzipped** (:func:`compressed`): voila serves its 5.4 MB of scripts and
  styles as they are, about 30 s on a 3G phone; gzipped they are 1.6 MB. Each file is
  compressed once per server, into a folder of this process (:func:`compressed_copy`), not for
  every visit (0.18 s of CPU for a visit's files), and all of them as the server starts
  (:func:`compress_all`), not on the first visitor's time.
- **An error is its status alone** (:func:`bare_errors`).
- **A malformed template file path is a 404** (:class:`TemplateFileHandler`), where voila's
  handler failed with a 500 and a traceback in the log.
- **No answer names tornado's version** (:class:`NoServerName`).
"""

from __future__ import annotations

import atexit
import gzip
import hashlib
import mimetypes
import os
import re
import shutil
import tempfile
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import tornado.web
from voila.static_file_handler import TemplateStaticFileHandler

COMPRESSIBLE_TYPES = frozenset({"text/javascript", "application/javascript", "text/css",
                                "application/json", "image/svg+xml", "text/plain"})
"""The files worth gzipping: text. Fonts (woff2) and PNG images are compressed already."""
SMALLEST_COMPRESSED = 1024
"""Smaller files go as they are: they fit in a packet either way."""
COMPRESSION_LEVEL = 6
"""zlib's default: level 9 makes a visit's files 2% smaller for twice the CPU."""


def compressed(handler: type[tornado.web.StaticFileHandler]) -> type[Any]:
    """``handler`` (a static file handler) sending a text file gzipped to a browser that
    accepts it, from :func:`compressed_copy`."""
    return type(handler.__name__, (_Compressed, handler), {})


class _Compressed(tornado.web.StaticFileHandler):
    _gzipped = False

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        path = super().validate_absolute_path(root, absolute_path)
        if (path is None or not worth_compressing(path)
                or "gzip" not in self.request.headers.get("Accept-Encoding", "")):
            return path
        self._gzipped = True
        return compressed_copy(path)  # the body and its etag are the copy's

    def get_content_size(self) -> int:
        if self._gzipped:  # tornado measured the file it validated, the uncompressed one
            assert self.absolute_path is not None
            return os.path.getsize(self.absolute_path)
        return super().get_content_size()

    def set_extra_headers(self, path: str) -> None:
        super().set_extra_headers(path)
        if mimetypes.guess_type(path)[0] in COMPRESSIBLE_TYPES:
            self.set_header("Vary", "Accept-Encoding")  # a cache keeps both forms apart
        if self._gzipped:
            self.set_header("Content-Encoding", "gzip")


def worth_compressing(path: str) -> bool:
    """Whether the file at ``path`` is text of :data:`SMALLEST_COMPRESSED` bytes or more."""
    return (mimetypes.guess_type(path)[0] in COMPRESSIBLE_TYPES
            and os.path.getsize(path) >= SMALLEST_COMPRESSED)


def compress_all(folders: Iterable[str]) -> int:
    """Make the :func:`compressed_copy` of every file worth it under ``folders`` (those the
    server serves files from); return how many. The server runs it in a thread as it starts.

    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.css").write_text("p { margin: 0 }\\n" * 100)
    >>> _ = (folder / "b.woff2").write_bytes(bytes(2000))
    >>> compress_all([str(folder), str(folder / "missing")])
    1
    """
    made = 0
    for folder in folders:
        for directory, _subfolders, names in os.walk(folder):
            for path in (os.path.join(directory, name) for name in names):
                if os.path.isfile(path) and worth_compressing(path):
                    compressed_copy(path)
                    made += 1
    return made


def compressed_copy(path: str) -> str:
    """A gzipped copy of the file at ``path``, under the same name (so that its type is the
    file's), made the first time this process asks for it since the file last changed.

    >>> source = Path(tempfile.mkdtemp()) / "app.js"
    >>> _ = source.write_text("let board = 1;\\n" * 200)
    >>> copy = compressed_copy(str(source))
    >>> Path(copy).name, gzip.decompress(Path(copy).read_bytes()) == source.read_bytes()
    ('app.js', True)
    >>> compressed_copy(str(source)) == copy, os.path.getsize(copy) < 100
    (True, True)
    """
    real = os.path.realpath(path)  # one copy, however the file is named
    facts = os.stat(real)
    key = hashlib.sha256(f"{real}\0{facts.st_mtime_ns}\0{facts.st_size}".encode()).hexdigest()
    copy = _copies_folder() / key[:32] / os.path.basename(path)
    if not copy.exists():
        copy.parent.mkdir(exist_ok=True)
        # written aside, then renamed: never a half-written copy served, and the start's
        # thread and a request may write the same one at once
        handle, partial = tempfile.mkstemp(dir=copy.parent, suffix=".partial")
        with os.fdopen(handle, "wb") as out:
            out.write(gzip.compress(Path(real).read_bytes(), COMPRESSION_LEVEL, mtime=0))
        os.replace(partial, copy)
    return str(copy)


@cache
def _copies_folder() -> Path:
    """This process's folder of compressed copies, removed when it ends."""
    folder = Path(tempfile.mkdtemp(prefix="splendor-gzipped-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def bare_errors(handler: type[Any]) -> type[Any]:
    """``handler`` answering an error with its status alone: jupyter_server's handlers render
    an error page that voila cannot (no ``static_path``), which logged a traceback for every
    websocket to an unknown kernel. An HTTP error is logged in the one line of the access log
    (voila's file handlers logged a second one); another exception, a bug, with its traceback
    as before."""
    return type(handler.__name__, (_BareErrors, handler), {})


class _BareErrors(tornado.web.RequestHandler):
    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {self._reason}\n")

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if not isinstance(value, tornado.web.HTTPError):
            super().log_exception(typ, value, tb)


class NoServerName(tornado.web.OutputTransform):
    """Leaves out tornado's ``Server: TornadoServer/<version>``: a version helps only an
    attacker."""

    def transform_first_chunk(self, status_code: int, headers: Any, chunk: bytes,
                              finishing: bool) -> tuple[int, Any, bytes]:
        headers.pop("Server", None)
        return status_code, headers, chunk


def is_template_file_path(path: str) -> bool:
    """Whether ``path`` (after ``/voila/templates/``) has the shape voila's template file
    handler expects, ``TEMPLATE/static/FILE``, once ``..`` and ``.`` are resolved.

    >>> is_template_file_path("lab/static/voila.js"), is_template_file_path("lab/static/a/../b")
    (True, True)
    >>> is_template_file_path("lab/static/../../../pyproject.toml"), is_template_file_path("x")
    (False, False)
    >>> is_template_file_path("../static/x")
    False
    """
    parts = os.path.normpath(path).split(os.path.sep, 2)
    return (len(parts) == 3 and parts[1] == "static" and parts[:2] == path.split("/", 2)[:2]
            and re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*", parts[0]) is not None)


class TemplateFileHandler(TemplateStaticFileHandler):  # type: ignore[misc]  # voila is untyped
    """voila's template files (``/voila/templates/TEMPLATE/static/FILE``), where a path of any
    other shape is a 404: voila's handler raised on it, a 500 with a traceback in the log."""

    def parse_url_path(self, url_path: str) -> str:
        if not is_template_file_path(url_path):
            raise tornado.web.HTTPError(404)
        path: str = super().parse_url_path(url_path)
        return path
