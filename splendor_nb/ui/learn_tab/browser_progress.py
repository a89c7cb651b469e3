"""The Learn tab's progress kept in the visitor's browser (:class:`BrowserProgress`, a hidden
anywidget; its JavaScript is static/learn_progress.js): the app's kernel lives as long as its
page, so what a learner solved is kept in the browser's localStorage, as
:meth:`~splendor_nb.learn.Progress.keys`, and given back to the next page.

>>> from splendor_nb.learn import Progress
>>> progress = Progress()
>>> store = BrowserProgress(progress)
>>> store.received({"type": "kept", "keys": ["setup/players"]})  # what the page sends
>>> progress.keys()
['setup/players']
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets

from splendor_nb.learn import Progress


class BrowserProgress(anywidget.AnyWidget):
    """Keeps ``progress`` in the browser that draws this widget: restores what it kept there,
    and sends it every change (a reset too)."""

    _esm = Path(__file__).resolve().parent.parent / "static" / "learn_progress.js"

    def __init__(self, progress: Progress) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.progress = progress
        progress.watch(self._keep)
        self.on_msg(lambda _widget, content, _buffers: self.received(content))

    def received(self, content: Mapping[str, Any]) -> None:
        """A message from the page: ``{"type": "kept", "keys": [...]}``, what it had kept."""
        if content.get("type") == "kept" and isinstance(content.get("keys"), list):
            self.progress.restore(content["keys"])
            self._keep(self.progress)  # the union of the page's and this kernel's

    def _keep(self, progress: Progress) -> None:
        self.send({"type": "keep", "keys": progress.keys()})
