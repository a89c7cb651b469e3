"""Stepping the viewer with the keyboard (:class:`KeyboardShortcuts`, a hidden anywidget; its
JavaScript is static/keyboard.js).

>>> KEYS["ArrowRight"]
'forward'
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.ui.controller import ReplayController

KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}
"""Keyboard shortcuts of the viewer: key -> controller method."""


class KeyboardShortcuts(anywidget.AnyWidget):
    """Arrow keys and Home/End step the controller (see ``KEYS``); the widget itself is hidden.

    ``scope="page"`` listens to the whole page (the Voila app); ``"viewer"`` only after a click
    inside the viewer, so that a notebook keeps its own arrow keys elsewhere. Keys typed into a
    text box, a list or the slider are left alone.
    """

    _esm = Path(__file__).parent / "static" / "keyboard.js"
    shortcuts: traitlets.Dict[str, str] = traitlets.Dict(KEYS).tag(sync=True)
    """:data:`KEYS`, for the page: which key calls which controller method."""
    scope = traitlets.Enum(("page", "viewer"), "viewer").tag(sync=True)
    instance = traitlets.Unicode().tag(sync=True)

    def __init__(self, controller: ReplayController, scope: str = "viewer") -> None:
        super().__init__(scope=scope, instance=uuid.uuid4().hex,
                         layout=widgets.Layout(display="none"))
        self.controller = controller
        self.on_msg(self._pressed)

    def _pressed(self, _widget: object, content: Mapping[str, Any], _buffers: object) -> None:
        action = content.get("action")
        if isinstance(action, str) and action in KEYS.values():
            getattr(self.controller, action)()
