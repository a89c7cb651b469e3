"""A plotly figure in a page, as wide as its column (:class:`PlotlyView`, an anywidget; its
JavaScript is static/plotly_view.js).

Lighter than plotly's FigureWidget for a figure Python changes now and then: the kernel never
imports plotly's widget module (2-5 s on a first chart here, for nbformat and jsonschema), and a
page gets plotly.js's basic bundle (1.2 MB, splendor_nb/data/plotly) once, when its first view
asks for it, instead of the FigureWidget's 5 MB with every figure's widget. The figure goes
over as plain JSON; the current turn's marker and the x range are small traits of their own, so
stepping through a game moves them without sending the figure again.

>>> view = PlotlyView(loading="Loading…")
>>> import plotly.graph_objects as go
>>> view.show(go.Figure(go.Scatter(x=[0, 1], y=[2, 3], customdata=[0, 1])))
>>> view.figure["data"][0]["y"]
[2, 3]
>>> turns = []
>>> view.on_turn = turns.append
>>> view._handle_custom_msg({"type": "click", "turn": 1}, []); turns
[1]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

if TYPE_CHECKING:
    import plotly.graph_objects as go

PLOTLY_JS = ("data", "plotly", "plotly-basic.min.js")
"""Where plotly.js's basic bundle is, in the package (its README says which version)."""


class PlotlyView(anywidget.AnyWidget):
    """A figure (``figure``: its JSON) drawn by plotly.js at its column's width, redrawn as the
    column changes; ``turn`` places the first shape (the current turn's line), ``end`` ends the
    x axes' range and ``relayout`` changes more of the layout. ``on_shown()`` runs once a
    browser has drawn the view (build the figure then), ``on_turn(turn)`` when a point is
    clicked (every point carries its turn as ``customdata``). Until a figure is drawn, the view
    says ``loading``.
    """

    _esm = Path(__file__).parent / "static" / "plotly_view.js"
    figure = traitlets.Dict().tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)
    end = traitlets.Int(1).tag(sync=True)
    loading = traitlets.Unicode("").tag(sync=True)
    relayout = traitlets.Dict().tag(sync=True)
    """Layout changes in plotly's dotted form (``{"yaxis.range": [0, 16]}``), applied in the
    page as they change (the figure should agree with them)."""

    def __init__(self, loading: str = "", on_shown: Callable[[], None] | None = None,
                 on_turn: Callable[[int], None] | None = None) -> None:
        super().__init__(loading=loading)
        self.on_shown = on_shown
        self.on_turn = on_turn
        self.on_msg(self._received)

    def show(self, figure: go.Figure) -> None:
        """Draw ``figure`` (a new one, or the same one changed); ``turn`` and ``end`` stay as
        they are (the figure should agree with them)."""
        self.figure = json.loads(figure.to_json())

    def _received(self, _widget: object, content: Any, _buffers: object) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "plotly":
            self.send({"type": "plotly"}, buffers=[plotly_js()])
        elif kind == "shown" and self.on_shown is not None:
            self.on_shown()
        elif kind == "click" and self.on_turn is not None:
            turn = content.get("turn")
            if isinstance(turn, int) and not isinstance(turn, bool):  # a page's message: checked
                self.on_turn(turn)


@cache
def plotly_js() -> bytes:
    """plotly.js's basic bundle, as sent to a page.

    >>> plotly_js().startswith(b"/**\\n* plotly.js (basic - minified) v")
    True
    """
    return resources.files("splendor_nb").joinpath(*PLOTLY_JS).read_bytes()
