"""The viewer's charts (:class:`ReplayCharts`): points per turn, bonuses per colour and, on
request, who was winning, in one figure of :func:`splendor_nb.analysis.charts_figure` drawn
as wide as the column by a :class:`~splendor_nb.ui.plotly_view.PlotlyView`; clicking a point
jumps the board there.

splendor_nb.analysis (with pandas and plotly) is loaded when the charts are first drawn, not
when the viewer is built.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> charts = ReplayCharts(ReplayController(Replay.from_state(new_game(players=2, seed=7))))
>>> charts.figure is None  # until a browser has drawn the viewer
True
>>> charts.load(); len(charts.figure.data), charts.figure.layout.width is None  # the column's
(19, True)
"""

from __future__ import annotations

import html
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from splendor_nb.cards import GEMS
from splendor_nb.engine import WINNING_POINTS
from splendor_nb.i18n import format_percent, translator
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.figure_cache import cached_figure, keep_figure
from splendor_nb.ui.plotly_view import PlotlyView
from splendor_nb.ui.shared_models import fixed_layout

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

    from splendor_nb.replay import Replay

_KEY_TRACES = len(GEMS)
"""The legend's gem colours, the figure's last traces (splendor_nb.analysis.charts.KEY_TRACES,
not imported from there: a figure read from its JSON needs no pandas)."""
CHART_WIDTH = 470
"""The side column's width in pixels on a wide screen (less its padding); the charts take the
width the column has, measured in the page when they are drawn and whenever it changes."""


class ReplayCharts(ControllerView[widgets.VBox]):
    """Points per turn and bonus growth per colour in one figure (``.widget``); on
    request (:meth:`show_chances`, the *Who was winning?* button), each player's chance to win
    and the moves after which it fell most, as buttons that jump there.

    A dotted line marks the current turn and moves in place; clicking a point jumps there
    (every point carries its turn as ``customdata``). The bonus chart shows everyone or one
    player (``players`` buttons), and the legend lists the players shown. In spoiler-free mode
    the turns after the one shown are out of the charts' range.

    ``figure`` is the plotly figure as Python holds it; ``view`` draws it in the page. The
    figure is created by :meth:`load`, which runs when a browser has drawn the view (it tells:
    ``shown`` is the view), while the page loads plotly.js: the board shows without waiting
    for either. *Who was winning?* reuses the chances of a review stored in the replay.
    """

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        words = translator(language)
        self.language = language
        super().__init__(controller)
        self.figure: go.Figure | None = None
        self._sent: go.Figure | None = None  # the figure the view was last given
        self._preparing: threading.Thread | None = None
        self._prepared: tuple[Replay, go.Figure] | None = None
        self.chances: pd.DataFrame | None = None
        """The replay's :func:`~splendor_nb.analysis.win_chances`, once asked for."""
        self.ask = widgets.Button(description=words.gettext("Who was winning?"),
                                  icon="line-chart",
                                  tooltip=words.gettext("Rate every position with the expert "
                                                        "bot's search (about a second per 30 "
                                                        "turns)"),
                                  layout=widgets.Layout(width="auto"))
        self.ask.add_class("splendor-ask-chances")
        self.ask.on_click(lambda _button: self.show_chances())
        self.progress = widgets.IntProgress(layout=widgets.Layout(width="160px",
                                                                  display="none"))
        self.falls = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="center"))
        self.falls.add_class("splendor-falls")
        self._falls: dict[widgets.Button, int] = {}
        """The biggest falls' buttons and their turns."""
        self.players = widgets.ToggleButtons(style={"button_width": "auto"})
        self.players.add_class("splendor-bonus-players")
        self._updating = False
        self._show_players()
        self.players.observe(self._picked, names="value")
        self.follow(self._show_turn, names=["turn", "spoiler_free"])
        self.follow(self._refill, names="replay")
        # gettext outside the f-strings: Babel does not read calls inside them (Python 3.11)
        bonuses_of = html.escape(words.gettext("Bonuses of"))
        self.view = PlotlyView(words.gettext("Loading the charts…"), on_shown=self.load,
                               on_turn=self._jump)
        self.shown = self.view
        """What tells that a browser has drawn the charts: the view itself."""
        self.box = widgets.Box([self.view], layout=fixed_layout(width="100%",
                                                                  min_height="600px"))
        self.box.add_class("splendor-figure")
        self.widget = widgets.VBox(
            [widgets.HBox([widgets.HTML(f"<span class='splendor-muted'>{bonuses_of}</span>"),
                           self.players], layout=fixed_layout(align_items="center")),
             self.box,
             widgets.HBox([self.ask, self.progress], layout=fixed_layout(align_items="center")),
             self.falls], layout=fixed_layout(width="100%"))
        self.widget.add_class("splendor-charts")

    def close(self) -> None:
        """Detach from the controller, then close the widgets (the chart's view too)."""
        super().close()
        self.view.close()

    def prepare(self) -> None:
        """Build the figure of the current replay in a background thread, now: for a kernel
        that waits for its visitor (Voila's pre-heated kernels), so that the charts' imports
        (pandas, plotly) and their figure are ready when the page asks (:meth:`load` takes
        it, if the replay is still the one prepared). A figure another kernel of the same
        server built for the same replay and language is read instead
        (:mod:`splendor_nb.ui.figure_cache`: no pandas then). A second call does nothing."""
        if self.figure is not None or self._preparing is not None:
            return
        replay, language = self.controller.replay, self.language

        def work() -> None:
            try:
                figure = cached_figure(replay, language)  # another kernel of this server's
                if figure is None:
                    from splendor_nb.analysis import charts_figure

                    figure = charts_figure(replay, language=language)
                    keep_figure(replay, language, figure)
                self._prepared = (replay, figure)
            except Exception:  # load() builds it again, and says what failed where it shows
                self._prepared = None

        self._preparing = threading.Thread(target=work, name="splendor-charts", daemon=True)
        self._preparing.start()

    def load(self) -> None:
        """Create the figure from the current replay and turn (once; the one :meth:`prepare`
        built, if any, for the same replay) and show it."""
        if self.figure is not None:
            return
        if self._preparing is not None:
            self._preparing.join()  # the same work, under way
        prepared, self._prepared = self._prepared, None
        if prepared is not None and prepared[0] is self.controller.replay \
                and self.chances is None:
            self.figure = prepared[1]
            self._show_bonuses(self.figure, self.players.value)
        else:
            self.figure = self._fresh()
        self._show_turn()

    def show_chances(self) -> None:
        """Rate every position of the replay (a progress bar shows how far; the positions a
        stored review judged are not rated again), then chart who was winning and list the
        biggest falls."""
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
        names = self.controller.names
        for turn, player, move, before, after in turning_points(self.chances)[
                ["turn", "player", "move", "before", "after"]].itertuples(index=False):
            name = names[int(player)]
            button = widgets.Button(description=words.gettext("Turn {turn}: {name} {move}",
                                                              turn=turn, name=name, move=move),
                                    tooltip=words.gettext(
                                        "{name}'s chance to win: {before} when about to play "
                                        "this move, {after} right after it", name=name,
                                        before=format_percent(before, self.language),
                                        after=format_percent(after, self.language)),
                                    layout=widgets.Layout(width="auto"))
            button.add_class("splendor-fall")
            button.on_click(lambda _button, turn=int(turn): self.controller.go(turn))
            self._falls[button] = int(turn)
            buttons.append(button)
        falls = html.escape(words.gettext("Biggest falls:"))
        self.falls.children = (
            widgets.HTML(f"<span class='splendor-muted'>{falls}</span>"), *buttons
        ) if buttons else ()
        self._show_falls()
        self._redraw()

    def _show_falls(self) -> None:
        """The falls up to the turn shown, in spoiler-free mode (a later one tells how the game
        goes on); all of them otherwise."""
        end = self._end()
        for button, turn in self._falls.items():
            button.layout.display = None if turn <= end else "none"
        self.falls.layout.display = None if any(
            turn <= end for turn in self._falls.values()) else "none"

    def _fresh(self) -> go.Figure:
        from splendor_nb.analysis import charts_figure

        controller = self.controller
        figure = charts_figure(controller.replay, controller.turn, self.chances,
                               language=self.language)
        self._show_bonuses(figure, self.players.value)
        self._show_range(figure)
        return figure

    def _show_bonuses(self, figure: go.Figure, shown: int) -> None:
        """The bonuses of everyone or of one player, and the legend's players to match."""
        players = self.controller.replay.players
        for index, trace in enumerate(figure.data[players:players + players * len(GEMS)]):
            trace.visible = shown < 0 or index // len(GEMS) == shown
        key = figure.data[len(figure.data) - _KEY_TRACES - players:len(figure.data) - _KEY_TRACES]
        for index, trace in enumerate(key):
            trace.showlegend = shown < 0 or index == shown

    def _end(self) -> int:
        """The last turn the charts show: in spoiler-free mode the turn shown, else the
        game's last."""
        controller = self.controller
        return controller.turn if controller.spoiler_free else len(controller.replay)

    def _show_range(self, figure: go.Figure) -> None:
        figure.update_xaxes(range=[-0.5, max(self._end(), 1) + 0.5])
        for axis, value in self._heights(figure).items():
            figure.layout[axis].range = value

    def _heights(self, figure: go.Figure) -> dict[str, list[float]]:
        """The points' and the bonuses' axes, as high as the turns shown need (in spoiler-free
        mode the later turns' figures would give away how the game goes on)."""
        players, end = self.controller.replay.players, self._end()

        def top(traces: Any) -> float:
            return max((y for trace in traces for x, y in zip(trace.x, trace.y, strict=True)
                        if x <= end), default=0)

        points = max(top(figure.data[:players]), WINNING_POINTS)
        bonuses = max(top(figure.data[players:players + players * len(GEMS)]), 2)  # 0, 1, 2
        return {"yaxis": [-0.5, points + 1.5], "yaxis2": [-0.3, bonuses + 0.5]}

    def _show_players(self) -> None:
        self._updating = True
        try:
            everyone = translator(self.language).gettext("everyone")
            self.players.options = [(everyone, -1), *((name, i) for i, name in
                                                      enumerate(self.controller.names))]
            self.players.value = -1
        finally:
            self._updating = False

    def _picked(self, change: Mapping[str, Any]) -> None:
        if self._updating or self.figure is None:
            return
        self._show_bonuses(self.figure, change["new"])
        self.view.show(self.figure)

    def _refill(self, _change: object = None) -> None:
        self._show_players()
        self.chances = None
        self.falls.children = ()
        self._falls = {}
        self.ask.disabled = False
        self.ask.layout.display = "flex"
        self._redraw()

    def _redraw(self) -> None:
        if self.figure is None:
            return
        self.figure = self._fresh()
        self._show_turn()

    def _show_turn(self, _change: object = None) -> None:
        """The turn's line and the range, in the figure and in the page (a small change: the
        figure is sent again only when it is new)."""
        self._show_falls()
        figure = self.figure
        if figure is None:
            return
        turn = self.controller.turn
        figure.layout.shapes[0].update(x0=turn, x1=turn)
        self._show_range(figure)
        view = self.view
        with view.hold_sync():
            view.turn = turn
            view.end = self._end()
            view.relayout = {f"{axis}.range": value
                             for axis, value in self._heights(figure).items()}
            if self._sent is not figure:
                view.show(figure)
                self._sent = figure

    def _jump(self, turn: int) -> None:
        """A point clicked in the page: go to its turn (one of the game's)."""
        if 0 <= turn <= len(self.controller.replay):
            self.controller.go(turn)
