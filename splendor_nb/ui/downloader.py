"""Files between the browser and the kernel: :class:`Downloader` hands a file to the browser as a
download (a hidden anywidget, static/downloader.js); :class:`Uploader` is the button that opens
a file from the user's computer, its size checked in the browser before anything is sent
(static/uploader.js), so that a file of any size gets a message and the button keeps working.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.i18n import format_number, translator
from splendor_nb.replay import MAX_BYTES

MIB = 1024 * 1024


class Downloader(anywidget.AnyWidget):
    """Hands a file to the browser as a download (``download(filename, text)``, or
    ``download_bytes(filename, data, mime)``)."""

    _esm = Path(__file__).parent / "static" / "downloader.js"

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))

    def download(self, filename: str, text: str) -> None:
        """Make the browser save ``text`` as ``filename``."""
        self.send({"type": "download", "filename": filename, "text": text})

    def download_bytes(self, filename: str, data: bytes, mime: str) -> None:
        """Make the browser save ``data`` (of media type ``mime``) as ``filename``."""
        self.send({"type": "download", "filename": filename, "mime": mime}, [data])


class Uploader(anywidget.AnyWidget):
    """A button that opens a file from the user's computer: ``on_file(name, data)`` gets a file
    of at most ``max_bytes``; ``on_refused(message)`` hears why another was not opened.

    The browser checks the size before sending (a larger file is never read, and the kernel's
    websocket never sees it); a file sent larger all the same is refused here too.

    >>> opened = []
    >>> uploader = Uploader(lambda name, data: opened.append((name, data)), print)
    >>> uploader._handle_custom_msg({"type": "refused", "name": "big.json", "size": 20_000_000},
    ...                             [])
    big.json is 19.1 MiB: a replay file is at most 10.0 MiB. Nothing was sent.
    >>> uploader._handle_custom_msg({"type": "file", "name": "a.json", "size": 2}, [b"{}"])
    >>> opened
    [('a.json', b'{}')]
    """

    _esm = Path(__file__).parent / "static" / "uploader.js"
    _css = Path(__file__).parent / "static" / "uploader.css"
    description = traitlets.Unicode("Open file…").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)
    """The file types the browser's file chooser offers (the ``accept`` of a file input)."""
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_file: Callable[[str, bytes], None], on_refused: Callable[[str], None],
                 language: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.language = language
        self._on_file = on_file
        self._on_refused = on_refused
        self.on_msg(self._received)

    def _received(self, _widget: object, content: dict[str, Any],
                  buffers: Sequence[bytes | memoryview]) -> None:
        words = translator(self.language)
        kind, name = content.get("type"), str(content.get("name", "file"))
        if kind == "file" and len(buffers) == 1 and len(buffers[0]) <= self.max_bytes:
            self._on_file(name, bytes(buffers[0]))
        elif kind in ("file", "refused"):
            size = len(buffers[0]) if buffers else int(content.get("size", 0))
            self._on_refused(words.gettext(
                "{file} is {size} MiB: a replay file is at most {most} MiB. Nothing was sent.",
                file=name, size=_mib(size, self.language),
                most=_mib(self.max_bytes, self.language)))
        elif kind == "unreadable":
            reason = content.get("reason") or words.gettext("no reason given")
            self._on_refused(words.gettext("{file}: the browser could not read it ({reason}).",
                                           file=name, reason=reason))


def _mib(size: int, language: str | None) -> str:
    """``size`` bytes in MiB with one decimal, written for ``language`` (``10.0``, ``10,0``)."""
    point = format_number(0.5, language)[1]  # the language's decimal sign
    return f"{size / MIB:.1f}".replace(".", point)
