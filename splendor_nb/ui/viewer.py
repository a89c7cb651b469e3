"""The whole replay viewer on one controller (:class:`ReplayViewer`): toolbar, board,
navigation, side lines, review, moves, comments, diagram and charts, laid out in two columns,
with its page style (static/viewer.css, in the colours of :mod:`splendor_nb.palette`), in one
language (``language``; rebuilt over the same controller to speak another).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from splendor_nb.i18n import translator
from splendor_nb.palette import css_variables
from splendor_nb.ui.annotation import AnnotationEditor
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.keyboard import KeyboardShortcuts, keys_help
from splendor_nb.ui.move_list import MoveList
from splendor_nb.ui.move_stepper import MoveStepper
from splendor_nb.ui.navigation import AddressBar, LineTools, MoveListOptions, NavigationBar
from splendor_nb.ui.play_tab.from_here import PlayFromHere
from splendor_nb.ui.replay_charts import CHART_WIDTH, ReplayCharts
from splendor_nb.ui.replay_texts import said
from splendor_nb.ui.replays import REPLAYS_DIR
from splendor_nb.ui.review_panel import ReviewPanel
from splendor_nb.ui.shared_models import fixed_layout, sharing
from splendor_nb.ui.toolbar import ReplayToolbar
from splendor_nb.ui.views import BoardView, DiagramView, ViewSwitch


class ReplayViewer:
    """The whole viewer on one controller: toolbar, board, navigation, side lines, review,
    moves, comments, diagram and charts (``.widget``, a VBox with the DOM class
    ``splendor-viewer``).

    Everything the person did lives in the controller, so a viewer can be closed
    (:meth:`close`) and another built over the same controller, in another ``language``
    (``None``: the current language). ``address`` (default: with ``keyboard="page"``, the app)
    makes the page's address follow the position (``?replay=NAME&turn=N``).

    >>> from splendor_nb.engine import new_game
    >>> from splendor_nb.replay import Replay
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> viewer = ReplayViewer(ReplayController(replay))
    >>> viewer.navigation.buttons["forward"].click()
    >>> viewer.controller.turn, 'data-turn="1"' in viewer.board.widget.value
    (1, True)
    >>> viewer.close(); french = ReplayViewer(viewer.controller, language="fr")
    >>> french.controller.turn, french.navigation.buttons["back"].tooltip
    (1, 'Reculer d’un coup (←)')
    """

    def __init__(self, controller: ReplayController, *, folder: Path = REPLAYS_DIR,
                 keyboard: str = "viewer", language: str | None = None,
                 address: bool | None = None) -> None:
        with sharing():  # its fixed layouts and default styles, one model each
            self._build(controller, folder, keyboard, language, address)

    def _build(self, controller: ReplayController, folder: Path, keyboard: str,
               language: str | None, address: bool | None) -> None:
        words = translator(language)
        self.language = language = words.language
        self.controller = controller
        if translator(controller.language).language != language:
            controller.status = ""  # said in another language: stale in this one
        controller.language = language
        self.toolbar = ReplayToolbar(controller, folder, language=language)
        self.board = BoardView(controller, language)
        self.navigation = NavigationBar(controller, language=language)
        self.lines = LineTools(controller, language=language)
        self.view_switch = ViewSwitch(controller, language=language)
        self.moves = MoveList(controller, language=language)
        self.options = MoveListOptions(controller, self.moves, language=language)
        self.keyboard = KeyboardShortcuts(controller, scope=keyboard)
        self.annotation = AnnotationEditor(controller, language=language)
        self.diagram = DiagramView(controller, language)
        self.stepper = MoveStepper(controller, self.diagram, language=language)
        self.charts = ReplayCharts(controller, language=language)
        self.review = ReviewPanel(controller, language=language)
        self.review.show_best.observe(self._show_best, names="value")
        self.address = AddressBar(controller, self.toolbar.shipped, language=language,
                                  follow=keyboard == "page" if address is None else address,
                                  say=self.lines.say)
        self.lines.copy_link.on_click(lambda _button: self.address.copy())
        self.play_from_here = PlayFromHere(controller, language=language)
        # shown once the app sets its on_play
        self.title = widgets.HTML()
        self.title.add_class("splendor-title")
        controller.observe(self._show_title, names=["replay", "name", "spoiler_free"])
        self._show_title()
        # key names are not words to translate: marked as content (class splendor-content)
        help_rows = "".join(f"<li><kbd class='splendor-content'>{html.escape(keys)}</kbd> "
                            f"{html.escape(what)}</li>" for keys, what in keys_help(language))
        keys_title = html.escape(words.gettext("Keys"))  # not in the f-string: Babel reads it
        self.keys_help = widgets.HTML(
            f"<details class='splendor-keys-help'><summary>{keys_title}"
            f"</summary><ul>{help_rows}</ul></details>")
        board_column = widgets.VBox(
            [self.board.widget, self.lines.picker_box, self.navigation.widget,
             self.lines.widget, self.view_switch.widget, self.play_from_here.widget,
             self.keys_help, _heading(words.gettext("Turn diagram")), self.stepper.widget,
             self.diagram.widget, self.stepper.rules.widget],
            layout=fixed_layout(flex="1 1 560px", min_width="min(420px, 100%)",
                                  max_width="1000px"))
        board_column.add_class("splendor-board-column")
        moves_box = widgets.Box([self.moves], layout=fixed_layout(height="280px", width="100%"))
        side_column = widgets.VBox(
            [_heading(words.gettext("Review")), self.review.widget,
             _heading(words.gettext("Moves")), self.options.widget, moves_box,
             self.annotation.widget, _heading(words.gettext("Charts")), self.charts.widget],
            # on a phone the column shrinks to the screen, the charts (sized by plotly to
            # their box when first drawn) with it
            layout=fixed_layout(flex=f"0 1 {CHART_WIDTH + 16}px", min_width="0",
                                  max_width="100%"))
        side_column.add_class("splendor-side-column")
        main = widgets.HBox([board_column, side_column],
                            layout=fixed_layout(flex_flow="row wrap", width="100%",
                                                  align_items="flex-start"))
        self.widget = widgets.VBox(
            [widgets.HTML(page_style()), self.toolbar.widget, self.title, main, self.keyboard,
             self.address],
            layout=fixed_layout(width="100%"))
        self.widget.add_class("splendor-viewer")
        self._closed = self._detached = False

    def detach(self) -> None:
        """Stop every part of this viewer observing the controller, its widgets left as they
        are (for a page that still shows them while a new viewer takes over); the controller,
        with the replay, the position and what is unsaved, goes on. A second call does
        nothing."""
        if self._detached:
            return
        self._detached = True
        self.controller.unobserve(self._show_title, names=["replay", "name", "spoiler_free"])
        for part in self._parts():
            part.detach()
        self.play_from_here.detach()

    def close(self) -> None:
        """:meth:`detach`, then close the viewer's widgets. A second call does nothing."""
        if self._closed:
            return
        self.detach()
        self._closed = True
        for part in self._parts():
            part.close()
        self.widget.close()

    def _parts(self) -> tuple[Any, ...]:
        return (self.toolbar, self.board, self.navigation, self.lines, self.view_switch,
                self.options, self.annotation, self.diagram, self.stepper, self.charts,
                self.review, self.moves, self.keyboard, self.address)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _show_best(self, change: Any) -> None:
        self.board.show_best = bool(change["new"])
        self.board._show()

    def _show_title(self, _change: object = None) -> None:
        words = translator(self.language)
        controller = self.controller
        replay = controller.replay
        headers = replay.headers
        players = html.escape(words.gettext(" vs ").join(controller.names))
        # the file's own texts (event, date) are content, marked so (class splendor-content)
        details = [f"<span class='splendor-content'>"
                   f"{html.escape(said(str(headers[key]), self.language))}</span>"
                   for key in ("event", "date") if headers.get(key)]
        final = replay.state(len(replay))
        if controller.spoiler_free:
            result = words.gettext("spoiler-free: the result is hidden")
        elif final.is_over:
            result = words.gettext("final score {scores}", scores="–".join(map(str, final.scores)))
        else:
            result = words.ngettext("{count} turn, unfinished", "{count} turns, unfinished",
                                    len(replay))
        details.append(html.escape(result))
        self.title.value = (f"<div class='splendor-title-text'><b>{players}</b> "
                            f"<span class='splendor-muted'>· {' · '.join(details)}</span></div>")


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
