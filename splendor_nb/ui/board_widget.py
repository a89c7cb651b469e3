"""The board, clickable (:class:`ClickableBoard`, an anywidget; its JavaScript and CSS are
static/board.js and static/board.css): one renderer for Replay and Play.

The board is the SVG that :func:`splendor_nb.render.board_svg` draws. With an
:class:`~splendor_nb.render.Interaction` the SVG's clickable elements carry ``data-action``;
the widget forwards a click on one, or Enter/Space on the focused one, to Python as an action
dict, and Escape as ``{"action": "cancel"}``:

======================================  ==================================================
element                                 action
======================================  ==================================================
a supply pile                           ``{"action": "supply", "colour": "red"}``
a face-up card                          ``{"action": "card", "card": "2g4"}``
a deck                                  ``{"action": "deck", "tier": "2"}``
a reserved card of the player to move   ``{"action": "reserved", "card": "1b5"}``
Escape                                  ``{"action": "cancel"}``
======================================  ==================================================

>>> from splendor_nb import new_game
>>> from splendor_nb.render import Interaction, board_svg
>>> board = ClickableBoard(board_svg(new_game(seed=7), interaction=Interaction()))
>>> seen = []
>>> board.on_action(seen.append)
>>> board.act({"action": "supply", "colour": "red"})
>>> seen
[{'action': 'supply', 'colour': 'red'}]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.cards import CARD_BY_ID, COLOURS
from splendor_nb.render import board_frame

Action = dict[str, str]
"""An action dict: ``{"action": kind, ...}`` with the ids of what was clicked."""

ACTIONS: dict[str, tuple[str, ...]] = {
    "supply": ("colour",),
    "card": ("card",),
    "deck": ("tier",),
    "reserved": ("card",),
    "cancel": (),
}
"""Each action and the keys its dict has besides ``"action"``."""

_VALID: dict[str, Callable[[str], bool]] = {
    "colour": lambda value: value in COLOURS,
    "card": lambda value: value in CARD_BY_ID,
    "tier": lambda value: value in ("1", "2", "3"),
}


class ClickableBoard(anywidget.AnyWidget):
    """The board SVG (the ``svg`` trait), its clicks and keys sent to Python callbacks.

    ``on_action(callback)`` registers ``callback(action)``; ``act(action)`` is what a click
    does, for tests and scripts. The page keeps the keyboard focus on the same element (the same
    ``data-action`` and id) when ``svg`` changes, and switches to the SVG's narrow layout when
    the widget is narrower than :attr:`narrow_below` pixels.
    """

    _esm = Path(__file__).parent / "static" / "board.js"
    _css = Path(__file__).parent / "static" / "board.css"
    svg = traitlets.Unicode("").tag(sync=True)
    """The board, as :func:`~splendor_nb.render.board_svg` draws it."""
    narrow_below = traitlets.Int(720).tag(sync=True)
    """Below this width (CSS pixels) the board is drawn narrow: the players under the market."""

    def __init__(self, svg: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("layout", widgets.Layout(width="100%"))
        super().__init__(svg=svg, **kwargs)
        self.add_class("splendor-clickable-board")
        self._callbacks: list[Callable[[Action], None]] = []
        self.on_msg(self._received)

    @property
    def value(self) -> str:
        """The board as the page shows it: the SVG in its ``<div class="splendor-board">``
        (what :func:`~splendor_nb.render.board_html` gives for the same position)."""
        return board_frame(self.svg) if self.svg else ""

    def on_action(self, callback: Callable[[Action], None], remove: bool = False) -> None:
        """Call ``callback(action)`` on every click or key (``remove=True`` stops it)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def act(self, action: Mapping[str, str]) -> None:
        """Send an action to the callbacks, as a click does; a malformed one is a ValueError.

        >>> ClickableBoard().act({"action": "deck", "tier": "4"})
        Traceback (most recent call last):
        ...
        ValueError: not a board action: {'action': 'deck', 'tier': '4'}
        """
        checked = _checked(action)
        for callback in list(self._callbacks):
            callback(dict(checked))

    def _received(self, _widget: object, content: Any, _buffers: object) -> None:
        """A message from the page: an action dict, dropped if it is not one (a page is not
        to be trusted)."""
        try:
            checked = _checked(content)
        except ValueError:
            return
        self.act(checked)


def _checked(action: object) -> Action:
    """The action, if it is one of :data:`ACTIONS` with valid ids."""
    if isinstance(action, Mapping):
        kind = action.get("action")
        keys = ACTIONS.get(kind) if isinstance(kind, str) else None
        if (keys is not None and set(action) == {"action", *keys}
                and all(isinstance(action[key], str) and _VALID[key](action[key])
                        for key in keys)):
            return {"action": str(kind), **{key: str(action[key]) for key in keys}}
    raise ValueError(f"not a board action: {action!r}")
