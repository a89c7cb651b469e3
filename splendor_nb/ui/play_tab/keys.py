"""Escape anywhere in the Play widget, and where the keyboard focus goes after a change
(:class:`PlayKeys`, a hidden anywidget; its JavaScript is static/play.js).

>>> cancelled = []
>>> keys = PlayKeys(lambda: cancelled.append(True))
>>> keys._received(keys, {"action": "cancel"}, []); cancelled
[True]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets

BOARD = ".splendor-clickable-board .splendor-board"
"""The board's frame: focusing it puts Tab before the board's first pile or card."""
COVER = ".splendor-cover-button"
"""The hot-seat cover's button."""


class PlayKeys(anywidget.AnyWidget):
    """Escape in the widget calls ``on_cancel()``; :meth:`focus` moves the keyboard focus."""

    _esm = Path(__file__).parent.parent / "static" / "play.js"

    def __init__(self, on_cancel: Callable[[], None]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.on_cancel = on_cancel
        self.on_msg(self._received)

    def focus(self, selector: str, inside: bool = False) -> None:
        """Focus the widget's element at ``selector`` if the focus is nowhere (on the page or
        on an element just hidden); with ``inside``, also if it is anywhere in the widget."""
        self.send({"type": "focus", "selector": selector, "inside": inside})

    def _received(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("action") == "cancel":
            self.on_cancel()
