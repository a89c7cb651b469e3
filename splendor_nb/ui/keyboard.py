"""Stepping the viewer with the keyboard (:class:`KeyboardShortcuts`, a hidden anywidget; its
JavaScript is static/keyboard.js).

>>> KEYS["ArrowRight"], KEYS["n"]
('forward', 'next_mistake')
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.i18n import translator
from splendor_nb.ui.controller import ReplayController

KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last",
        "ArrowUp": "previous_line", "ArrowDown": "next_line", "n": "next_mistake",
        "p": "previous_mistake"}
"""Keyboard shortcuts of the viewer: key -> action (:data:`ACTIONS`)."""
ACTIONS: dict[str, Callable[[ReplayController], None]] = {
    "back": ReplayController.back, "forward": ReplayController.forward,
    "first": ReplayController.first, "last": ReplayController.last,
    "previous_line": lambda controller: controller.other_line(-1),
    "next_line": lambda controller: controller.other_line(1),
    "next_mistake": lambda controller: controller.next_mistake(1),
    "previous_mistake": lambda controller: controller.next_mistake(-1)}
"""What each action of :data:`KEYS` does to the controller."""


def keys_help(language: str | None = None) -> list[tuple[str, str]]:
    """The keys and what they do, in words, for the viewer's keyboard help.

    >>> keys_help()[0]
    ('← →', 'back and forward one move')
    """
    words = translator(language)
    return [("← →", words.gettext("back and forward one move")),
            ("Home End", words.gettext("the setup and the last move")),
            ("↑ ↓", words.gettext("the moves played instead (side lines)")),
            ("N P", words.gettext("the next and previous mistake of the review"))]


class KeyboardShortcuts(anywidget.AnyWidget):
    """Arrow keys, Home/End and N/P move the controller (see ``KEYS``); the widget itself is
    hidden.

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
        controller.observe(self._offer, names=["at", "replay", "revision", "review"])
        self._attached = True
        self._offer()

    def detach(self) -> None:
        """Stop observing the controller (a viewer rebuilt over it drops these keys); the
        widget is closed as any widget is."""
        if self._attached:
            self._attached = False
            self.controller.unobserve(self._offer, names=["at", "replay", "revision", "review"])

    def _offer(self, _change: object = None) -> None:
        """The page takes only the keys that do something here: up and down where moves were
        played instead of the one shown, N and P once there is a review (a page keeps its
        own up and down keys, to scroll, elsewhere)."""
        controller = self.controller
        lines = bool(controller.at) and len(controller.replay.alternatives(controller.at)) > 1
        offered = {key: action for key, action in KEYS.items()
                   if (lines or not action.endswith("_line"))
                   and (controller.review is not None or not action.endswith("_mistake"))}
        if offered != self.shortcuts:
            self.shortcuts = offered

    def _pressed(self, _widget: object, content: Mapping[str, Any], _buffers: object) -> None:
        action = content.get("action")
        if isinstance(action, str) and action in ACTIONS:
            ACTIONS[action](self.controller)
