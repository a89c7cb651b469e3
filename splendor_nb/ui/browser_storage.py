"""A value kept in the visitor's browser between visits (:class:`BrowserStorage`, a hidden
anywidget; its JavaScript is static/browser_storage.js): the app's kernel lives as long as its
page, so what a visitor did (the Learn tab's progress, the puzzle trainer's record) is kept in
the browser's localStorage, as JSON, and given back to the next page. The server keeps nothing
of one visitor for the next.

>>> got = []
>>> class Kept(BrowserStorage):
...     def restored(self, value): got.append(value)
>>> storage = Kept("splendor_nb.example")
>>> storage.received({"type": "kept", "value": [1, 2]})  # what the page sends when drawn
>>> got
[[1, 2]]
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets


class BrowserStorage(anywidget.AnyWidget):
    """Keeps a JSON value under ``key`` in the browser that draws this widget: when drawn, the
    page sends what it had kept (:meth:`restored` gets it, ``None`` if nothing); :meth:`keep`
    sends a value for the page to keep."""

    _esm = Path(__file__).parent / "static" / "browser_storage.js"
    key = traitlets.Unicode().tag(sync=True)

    def __init__(self, key: str) -> None:
        super().__init__(key=key, layout=widgets.Layout(display="none"))
        self.on_msg(lambda _widget, content, _buffers: self.received(content))

    def keep(self, value: Any) -> None:
        """Have the page keep ``value`` (JSON data) in place of what it kept."""
        self.send({"type": "keep", "value": value})

    def received(self, content: Mapping[str, Any]) -> None:
        """A message from the page: ``{"type": "kept", "value": ...}``, what it had kept."""
        if content.get("type") == "kept":
            self.restored(content.get("value"))

    def restored(self, value: Any) -> None:
        """What the browser had kept (``None`` if nothing): a subclass takes it back."""
