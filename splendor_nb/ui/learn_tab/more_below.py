"""What a chapter shows below the part of it built so far (:class:`MoreBelow`, an anywidget; its
JavaScript is static/more_below.js): a "Loading…" note that, once the page has drawn it, asks
Python for the next part. A page draws every widget it is sent, and the Learn tab's first
chapter is some 400 of them: built a few at a time, its opening shows at once and the rest
follows while the learner reads.

>>> heard = []
>>> note = MoreBelow(lambda: heard.append("more"))
>>> note.received({"event": "drawn"}); note.received({"event": "drawn"})  # what the page sends
>>> heard
['more']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from splendor_nb.i18n import gettext

MORE_CLASS = "splendor-more-below-note"


class MoreBelow(anywidget.AnyWidget):
    """A note that calls ``on_drawn()`` once, when the page has drawn it (DOM class
    ``splendor-more-below-note``); its words in the current language."""

    _esm = Path(__file__).resolve().parent.parent / "static" / "more_below.js"
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_drawn: Callable[[], None]) -> None:
        super().__init__(text=gettext("Loading…"))
        self.add_class(MORE_CLASS)
        self._on_drawn: Callable[[], None] | None = on_drawn
        self.on_msg(lambda _widget, content, _buffers: self.received(content))

    def received(self, content: Mapping[str, Any]) -> None:
        """A message from the page: ``{"event": "drawn"}``; only the first one counts (a note
        shown twice, in two outputs, asks twice)."""
        if content.get("event") == "drawn" and self._on_drawn is not None:
            on_drawn, self._on_drawn = self._on_drawn, None
            on_drawn()
