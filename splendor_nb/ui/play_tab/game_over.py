"""The end of a game (:class:`GameOverPanel`): the winners, the scores, the tie-break explained
when it decided (R-END-WIN), the points and bonus charts, and the buttons Review this game,
Save, Download, Rematch and New game.

The charts (:func:`splendor_nb.analysis.points_chart` and :func:`~splendor_nb.analysis.bonus_chart`
on :func:`~splendor_nb.analysis.turns`) load pandas and plotly when a game first ends.

>>> import tempfile
>>> from splendor_nb.play import PlaySession
>>> session = PlaySession(["Ann", "easy"], seed=3, games_dir=tempfile.mkdtemp())
>>> _ = session.resign()
>>> panel = GameOverPanel(on_review=print, on_rematch=print, on_new_game=print)
>>> panel.show(session); panel.headline.value
"<div class='splendor-outcome' role='status'>Ann resigned; Easy bot wins.</div>"
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from splendor_nb.i18n import spoken, translator
from splendor_nb.play import PlaySession
from splendor_nb.replay import Replay
from splendor_nb.ui.downloader import Downloader
from splendor_nb.ui.play_tab.play_labels import say
from splendor_nb.ui.plotly_view import PlotlyView

CHART_HEIGHT = 300
"""Each chart's height in pixels; its width follows the panel's."""


class GameOverPanel:
    """Shown when the game has ended (``.widget``, DOM class ``splendor-game-over``).

    ``on_review(session)`` opens the game in a replay viewer (the app's Replay tab);
    ``on_rematch()`` and ``on_new_game()`` start the next game. Save writes the game to its
    file again (it is saved after every turn), unless saving is off (the public demo).
    """

    def __init__(self, *, on_review: Callable[[PlaySession], None],
                 on_rematch: Callable[[], None], on_new_game: Callable[[], None],
                 language: str | None = None) -> None:
        self.language = translator(language).language
        self.session: PlaySession | None = None
        self._build(on_review, on_rematch, on_new_game)

    @spoken
    def _build(self, on_review: Callable[[PlaySession], None], on_rematch: Callable[[], None],
               on_new_game: Callable[[], None]) -> None:
        self.headline = widgets.HTML()
        self.scores = widgets.HTML()
        self.review = _button("review", "eye", lambda: on_review(self._session()), True)
        self.save = _button("save", "save", self._save)
        self.download = _button("download", "download", self._download)
        self.rematch = _button("rematch", "refresh", on_rematch, True)
        self.new_game = _button("new_game", "plus", on_new_game)
        self.status = widgets.HTML()
        self.status.add_class("splendor-game-over-status")
        self.downloader = Downloader()
        self.charts = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.charts.add_class("splendor-game-over-charts")
        self.extra = widgets.VBox(layout=widgets.Layout(width="100%"))
        """Room for what Review this game shows when no app is there to show it."""
        self._charted: Replay | None = None
        buttons = widgets.HBox([self.review, self.save, self.download, self.rematch,
                                self.new_game, self.downloader],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        buttons.add_class("splendor-game-over-buttons")
        self.widget = widgets.VBox(
            [widgets.HTML(f"<div class='splendor-section' role='heading' aria-level='3'>"
                          f"{html.escape(say('game_over'))}</div>"),
             self.headline, self.scores, buttons, self.status, self.charts, self.extra],
            layout=widgets.Layout(width="100%", display="none"))
        self.widget.add_class("splendor-game-over")

    @spoken
    def show(self, session: PlaySession) -> None:
        """Show the end of ``session``'s game, or hide the panel while it is being played."""
        self.session = session
        found = session.outcome
        self.widget.layout.display = "flex" if found is not None else "none"
        if found is None:
            if self._charted is not None and self._charted is not session.replay:
                self.charts.children, self.extra.children, self.status.value = (), (), ""
                self._charted = None
            return
        players = len(found.scores)
        self.headline.value = "".join(
            f"<div class='splendor-outcome' role='status'>{html.escape(line)}</div>"
            for line in found.lines[:-players])
        rows = "".join(
            f"<li class='{'splendor-winner' if i in found.winners else ''}'>"
            f"{html.escape(line)}</li>" for i, line in enumerate(found.lines[-players:]))
        self.scores.value = f"<ul class='splendor-scores'>{rows}</ul>"
        self.save.disabled = not session.autosave
        self.save.tooltip = say("save_help" if session.autosave else "save_off")
        if self._charted is not session.replay:
            self._charted = session.replay
            self.status.value = ""
            self.extra.children = ()
            self.charts.children = _charts(session.replay)

    def _session(self) -> PlaySession:
        assert self.session is not None
        return self.session

    @spoken
    def _save(self) -> None:
        session = self._session()
        name = session.path.name
        if not session.autosave:  # the demo: a crafted click on the disabled button saves nothing
            self._say(say("save_off"))
            return
        try:
            session.store.save(session.replay, session.path)
        except OSError as problem:
            self._say(say("save_failed", file=name, problem=problem.strerror or problem))
            return
        self._say(say("saved", file=name))

    @spoken
    def _download(self) -> None:
        session = self._session()
        self.downloader.download(session.path.name, session.replay.dumps())
        self._say(say("downloaded", file=session.path.name))

    def _say(self, text: str) -> None:
        self.status.value = f"<div class='splendor-muted' role='status'>{html.escape(text)}</div>"


def _button(key: str, icon: str, action: Callable[[], None], primary: bool = False
            ) -> widgets.Button:
    button = widgets.Button(description=say(key), icon=icon, tooltip=say(f"{key}_help"),
                            button_style="primary" if primary else "",
                            layout=widgets.Layout(width="auto"))
    button.add_class(f"splendor-{key.replace('_', '-')}")
    button.on_click(lambda _button: action())
    return button


def _charts(replay: Replay) -> tuple[widgets.Widget, ...]:
    """The points and bonus charts of ``replay``, each under its title, each a
    :class:`~splendor_nb.ui.plotly_view.PlotlyView` (as wide as the panel, redrawn when it
    changes width)."""
    from splendor_nb.analysis import bonus_chart, points_chart, turns

    table = turns(replay)
    shown: list[widgets.Widget] = []
    for key, figure in (("points_chart", points_chart(table)), ("bonus_chart",
                                                                bonus_chart(table))):
        panels = max(1, replay.players) if key == "bonus_chart" else 1
        height = CHART_HEIGHT if panels == 1 else 140 * panels + 60
        figure.update_layout(height=height, margin={"l": 44, "r": 12, "t": 30, "b": 40})
        chart = PlotlyView()
        chart.layout.margin, chart.layout.min_height = "0", f"{height}px"
        chart.add_class("splendor-chart")
        chart.show(figure)
        shown.append(widgets.HTML(f"<div class='splendor-section' role='heading' "
                                  f"aria-level='4'>{html.escape(say(key))}</div>"))
        shown.append(chart)
    return tuple(shown)
