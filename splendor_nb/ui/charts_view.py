"""The viewer's charts (:class:`ReplayCharts`): points per turn, bonuses per colour and, on
request, who was winning, in one plotly FigureWidget drawn by
:func:`splendor_nb.analysis.charts_figure`; clicking a point jumps the board there.

splendor_nb.analysis (with pandas and plotly) is loaded when the charts are first drawn, not
when the viewer is built.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> charts = ReplayCharts(ReplayController(Replay.from_state(new_game(players=2, seed=7))))
>>> charts.figure is None  # until a browser has drawn the viewer
True
>>> charts.load(); len(charts.figure.data), charts.figure.layout.width == CHART_WIDTH
(19, True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from splendor_nb.cards import GEMS
from splendor_nb.i18n import translator
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.shown import Shown

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

CHART_WIDTH = 470
"""The charts' width in pixels: the right-hand column's, less its padding (plotly's own
autosize measured the column before it had settled, and drew wider than it)."""


class ReplayCharts:
    """Points per turn and bonus growth per colour in one FigureWidget (``.widget``); on
    request (:meth:`show_chances`, the *Who was winning?* button), each player's chance to win
    and the moves after which it fell most, as buttons that jump there.

    A dotted line marks the current turn and moves in place; clicking a point jumps there
    (every point carries its turn as ``customdata``). The bonus chart shows everyone or one
    player (``players`` buttons), and the legend lists the players shown. In spoiler-free mode
    the turns after the one shown are out of the charts' range.

    The figure is created by :meth:`load`, which runs when a browser has drawn the viewer (the
    :class:`Shown` widget tells): the board shows without waiting for plotly's 5 MB of
    JavaScript, and the figure is never changed while Voila runs the notebook (such changes
    do not reach the page).
    """

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        words = translator(language)
        self.language = language
        self.controller = controller
        self.figure: go.FigureWidget | None = None
        self.chances: pd.DataFrame | None = None
        """The replay's :func:`~splendor_nb.analysis.win_chances`, once asked for."""
        self.ask = widgets.Button(description=words.gettext("Who was winning?"),
                                  icon="line-chart",
                                  tooltip=words.gettext("Rate every position with the hard "
                                                        "bot's search (about a second per 40 "
                                                        "turns)"),
                                  layout=widgets.Layout(width="auto"))
        self.ask.add_class("splendor-ask-chances")
        self.ask.on_click(lambda _button: self.show_chances())
        self.progress = widgets.IntProgress(layout=widgets.Layout(width="160px",
                                                                  display="none"))
        self.falls = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="center"))
        self.falls.add_class("splendor-falls")
        self.players = widgets.ToggleButtons(style={"button_width": "auto"})
        self.players.add_class("splendor-bonus-players")
        self._updating = False
        self._show_players()
        self.players.observe(self._picked, names="value")
        controller.observe(self._show_turn, names=["turn", "spoiler_free"])
        controller.observe(self._refill, names="replay")
        # gettext outside the f-strings: Babel does not read calls inside them (Python 3.11)
        loading_text = html.escape(words.gettext("Loading the charts…"))
        bonuses_of = html.escape(words.gettext("Bonuses of"))
        loading = widgets.HTML("<div class='splendor-muted splendor-charts-loading'>"
                               f"{loading_text}</div>")
        self.box = widgets.Box([loading], layout=widgets.Layout(width="100%",
                                                                min_height="600px"))
        self.box.add_class("splendor-figure")
        self.shown = Shown(self.load)
        self.widget = widgets.VBox(
            [widgets.HBox([widgets.HTML(f"<span class='splendor-muted'>{bonuses_of}</span>"),
                           self.players], layout=widgets.Layout(align_items="center")),
             self.box,
             widgets.HBox([self.ask, self.progress], layout=widgets.Layout(align_items="center")),
             self.falls, self.shown], layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-charts")

    def detach(self) -> None:
        """Stop observing the controller, the widgets left as they are (a second call
        does nothing)."""
        with suppress(ValueError):  # detached already
            self.controller.unobserve(self._show_turn, names=["turn", "spoiler_free"])
            self.controller.unobserve(self._refill, names="replay")

    def close(self) -> None:
        """Detach from the controller, then close the widgets."""
        self.detach()
        self.widget.close()
        if self.figure is not None:
            self.figure.close()

    def load(self) -> None:
        """Create the figure from the current replay and turn (once) and show it."""
        if self.figure is not None:
            return
        import plotly.graph_objects as go

        self.figure = go.FigureWidget(self._fresh())
        self._listen(self.figure)
        self.box.children = (self.figure,)

    def show_chances(self) -> None:
        """Rate every position of the replay (a progress bar shows how far), then chart who
        was winning and list the biggest falls."""
        from splendor_nb.analysis import turning_points, win_chances

        def advance(done: int, total: int) -> None:
            self.progress.max, self.progress.value = total, done

        self.ask.disabled = True
        self.controller.error = ""
        self.progress.layout.display = "flex"
        try:
            self.chances = win_chances(self.controller.replay, progress=advance)
        except Exception as problem:  # a message in the app, never a traceback; ask again
            self.controller.error = translator(self.language).gettext(
                "Could not rate the positions: {problem}", problem=problem)
            self.ask.disabled = False
            return
        finally:
            self.progress.layout.display = "none"
        self.ask.layout.display = "none"
        buttons = []
        words = translator(self.language)
        for turn, name, move, before, after in turning_points(self.chances)[
                ["turn", "name", "move", "before", "after"]].itertuples(index=False):
            button = widgets.Button(description=words.gettext("Turn {turn}: {name} {move}",
                                                              turn=turn, name=name, move=move),
                                    tooltip=words.gettext(
                                        "{name}'s chance to win: {before} when about to play "
                                        "this move, {after} a round later", name=name,
                                        before=f"{before:.0%}", after=f"{after:.0%}"),
                                    layout=widgets.Layout(width="auto"))
            button.add_class("splendor-fall")
            button.on_click(lambda _button, turn=int(turn): self.controller.go(turn))
            buttons.append(button)
        falls = html.escape(words.gettext("Biggest falls:"))
        self.falls.children = (
            widgets.HTML(f"<span class='splendor-muted'>{falls}</span>"), *buttons
        ) if buttons else ()
        self._redraw()

    def _fresh(self) -> go.Figure:
        from splendor_nb.analysis import charts_figure

        controller = self.controller
        figure = charts_figure(controller.replay, controller.turn, self.chances,
                               width=CHART_WIDTH, language=self.language)
        self._show_bonuses(figure, self.players.value)
        self._show_range(figure)
        return figure

    def _show_bonuses(self, figure: go.Figure, shown: int) -> None:
        """The bonuses of everyone or of one player, and the legend's players to match."""
        from splendor_nb.analysis.charts import KEY_TRACES

        players = self.controller.replay.players
        for index, trace in enumerate(figure.data[players:players + players * len(GEMS)]):
            trace.visible = shown < 0 or index // len(GEMS) == shown
        key = figure.data[len(figure.data) - KEY_TRACES - players:len(figure.data) - KEY_TRACES]
        for index, trace in enumerate(key):
            trace.showlegend = shown < 0 or index == shown

    def _show_range(self, figure: go.Figure) -> None:
        """Spoiler-free: the charts end at the turn shown; else they show the whole game."""
        controller = self.controller
        end = controller.turn if controller.spoiler_free else len(controller.replay)
        figure.update_xaxes(range=[-0.5, max(end, 1) + 0.5])

    def _listen(self, figure: go.FigureWidget) -> None:
        for trace in figure.data:
            trace.on_click(self._clicked)

    def _show_players(self) -> None:
        self._updating = True
        try:
            everyone = translator(self.language).gettext("everyone")
            self.players.options = [(everyone, -1), *((name, i) for i, name in
                                                      enumerate(self.controller.replay.names))]
            self.players.value = -1
        finally:
            self._updating = False

    def _picked(self, change: Mapping[str, Any]) -> None:
        if self._updating or self.figure is None:
            return
        with self.figure.batch_update():
            self._show_bonuses(self.figure, change["new"])

    def _refill(self, _change: object = None) -> None:
        self._show_players()
        self.chances = None
        self.falls.children = ()
        self.ask.disabled = False
        self.ask.layout.display = "flex"
        self._redraw()

    def _redraw(self) -> None:
        if self.figure is None:
            return
        fresh = self._fresh()
        self.figure.data = ()
        with self.figure.batch_update():
            self.figure.add_traces(list(fresh.data))
            self.figure.layout = fresh.layout
        self._listen(self.figure)

    def _show_turn(self, _change: object = None) -> None:
        if self.figure is not None:
            turn = self.controller.turn
            with self.figure.batch_update():
                self.figure.layout.shapes[0].update(x0=turn, x1=turn)
                self._show_range(self.figure)

    def _clicked(self, trace: Any, points: Any, _selector: object) -> None:
        for index in points.point_inds:
            value = trace.customdata[index]
            self.controller.go(int(value[0] if isinstance(value, Sequence) else value))
            return
