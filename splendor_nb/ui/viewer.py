"""The whole replay viewer on one controller (:class:`ReplayViewer`): toolbar, board,
navigation, moves, comments, diagram and charts, laid out in two columns, with its page style
(static/viewer.css, in the colours of :mod:`splendor_nb.palette`).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from splendor_nb.palette import css_variables
from splendor_nb.ui.annotation import AnnotationEditor
from splendor_nb.ui.charts_view import CHART_WIDTH, ReplayCharts
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.keyboard import KeyboardShortcuts
from splendor_nb.ui.move_list import MoveList
from splendor_nb.ui.move_stepper import MoveStepper
from splendor_nb.ui.navigation import NavigationBar
from splendor_nb.ui.play.from_here import PlayFromHere
from splendor_nb.ui.replays import REPLAYS_DIR
from splendor_nb.ui.toolbar import ReplayToolbar
from splendor_nb.ui.views import BoardView, DiagramView, ViewSwitch


class ReplayViewer:
    """The whole viewer on one controller: toolbar, board, navigation, moves, comments,
    diagram and charts (``.widget``, a VBox with the DOM class ``splendor-viewer``).

    >>> from splendor_nb.engine import new_game
    >>> from splendor_nb.replay import Replay
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> viewer = ReplayViewer(ReplayController(replay))
    >>> viewer.navigation.buttons["forward"].click()
    >>> viewer.controller.turn, 'data-turn="1"' in viewer.board.widget.value
    (1, True)
    """

    def __init__(self, controller: ReplayController, *, folder: Path = REPLAYS_DIR,
                 keyboard: str = "viewer") -> None:
        self.controller = controller
        self.toolbar = ReplayToolbar(controller, folder)
        self.board = BoardView(controller)
        self.navigation = NavigationBar(controller)
        self.view_switch = ViewSwitch(controller)
        self.moves = MoveList(controller)
        self.keyboard = KeyboardShortcuts(controller, scope=keyboard)
        self.annotation = AnnotationEditor(controller)
        self.diagram = DiagramView(controller)
        self.stepper = MoveStepper(controller, self.diagram)
        self.charts = ReplayCharts(controller)
        self.play_from_here = PlayFromHere(controller)  # shown once the app sets its on_play
        self.title = widgets.HTML()
        self.title.add_class("splendor-title")
        controller.observe(self._show_title, names=["replay", "name"])
        self._show_title()
        board_column = widgets.VBox(
            [self.board.widget, self.navigation.widget, self.view_switch.widget,
             self.play_from_here.widget, _heading("Turn diagram"), self.stepper.widget,
             self.diagram.widget, self.stepper.rules.widget],
            layout=widgets.Layout(flex="1 1 560px", min_width="min(420px, 100%)",
                                  max_width="1000px"))
        board_column.add_class("splendor-board-column")
        moves_box = widgets.Box([self.moves], layout=widgets.Layout(height="280px", width="100%"))
        side_column = widgets.VBox(
            [_heading("Moves"), moves_box, self.annotation.widget, _heading("Charts"),
             self.charts.widget],
            # on a phone the column shrinks to the screen and the charts scroll sideways
            layout=widgets.Layout(flex=f"0 1 {CHART_WIDTH + 16}px", min_width="0",
                                  max_width="100%", overflow_x="auto"))
        side_column.add_class("splendor-side-column")
        main = widgets.HBox([board_column, side_column],
                            layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                  align_items="flex-start"))
        self.widget = widgets.VBox(
            [widgets.HTML(page_style()), self.toolbar.widget, self.title, main, self.keyboard],
            layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-viewer")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _show_title(self, _change: object = None) -> None:
        replay = self.controller.replay
        headers = replay.headers
        players = " vs ".join(html.escape(name) for name in replay.names)
        details = [str(headers[key]) for key in ("event", "date") if headers.get(key)]
        final = replay.state(len(replay))
        if final.is_over:
            details.append("final score " + "–".join(map(str, final.scores)))
        else:
            details.append(f"{len(replay)} turns, unfinished")
        self.title.value = (f"<div class='splendor-title-text'><b>{players}</b> "
                            f"<span class='splendor-muted'>· "
                            f"{html.escape(' · '.join(details))}</span></div>")


def page_style() -> str:
    """The viewer's page style, as a ``<style>`` element: the palette's custom properties, then
    static/viewer.css.

    >>> page_style().startswith("<style>.splendor-viewer {")
    True
    """
    css = (Path(__file__).parent / "static" / "viewer.css").read_text(encoding="utf-8")
    return f"<style>{css_variables('.splendor-viewer')}\n{css}</style>"


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div class='splendor-section'>{html.escape(text)}</div>")
