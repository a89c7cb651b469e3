"""Knowing when a browser has drawn the page (:class:`Shown`, a hidden anywidget; its
JavaScript is static/shown.js), for work that must wait for it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import ipywidgets as widgets


class Shown(anywidget.AnyWidget):
    """A hidden widget that calls ``on_shown()`` once a browser has drawn it (and its page)."""

    _esm = Path(__file__).parent / "static" / "shown.js"

    def __init__(self, on_shown: Callable[[], None]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.on_msg(lambda _widget, content, _buffers: on_shown()
                    if content.get("type") == "shown" else None)
