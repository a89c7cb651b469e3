"""The games as a table (:class:`GameList`, an anywidget; its JavaScript is
static/analyse.js): a header button per column sorts by it (again: the other way), each row's
button opens that game, and the pages are stepped with Previous and Next. Text goes into the
page as text, never as HTML.

>>> games = GameList()
>>> games.columns = [{"key": "number", "label": "Game", "sortable": True}]
>>> games.rows = [{"game": "game-0000001", "number": "1"}]
>>> opened = []
>>> games.on_open = opened.append
>>> games._received(games, {"type": "open", "game": "game-0000001"}, [])
>>> opened
['game-0000001']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

_STATIC = Path(__file__).resolve().parent.parent / "static"


class GameList(anywidget.AnyWidget):
    """A page of games as a table.

    ``columns``: dicts ``key``, ``label`` (the header), ``sortable``; ``rows``: dicts of the
    cells' texts by key, with ``game`` (the id that ``on_open`` is given) and ``open`` (the row
    button's label). ``sort`` and ``ascending`` are the order, ``page`` (from 0) of ``pages``
    the page: the browser sets them, Python draws the rows again. ``words`` are the table's
    other texts: ``label`` (its name, for screen readers), ``previous``, ``next``, ``page``
    (the page's position, as shown), ``empty`` (shown when there is no row).
    """

    _esm = _STATIC / "analyse.js"
    columns = traitlets.List(traitlets.Dict()).tag(sync=True)
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    sort = traitlets.Unicode("number").tag(sync=True)
    ascending = traitlets.Bool(True).tag(sync=True)
    page = traitlets.Int(0).tag(sync=True)
    pages = traitlets.Int(1).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("splendor-game-list")
        self.on_open: Callable[[str], object] | None = None
        self.on_msg(self._received)

    def _received(self, _widget: object, content: dict[str, Any],
                  _buffers: Sequence[bytes | memoryview]) -> None:
        if content.get("type") == "open" and self.on_open is not None:
            self.on_open(str(content.get("game", "")))
