"""The Analyse tab's charts (:class:`ChartsView`): a picker of the corpus charts of
:mod:`splendor_nb.analysis.corpus_charts`, the chart picked (a
:class:`~splendor_nb.ui.plotly_view.PlotlyView`, as wide as the tab, redrawn on a new width),
and a progress bar while the games are counted. In the app the chart waits for a browser to
have drawn the view (``wait_for_browser``).

>>> from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, aggregate, open_corpus
>>> from splendor_nb.i18n import translator
>>> view = ChartsView(translator("en"), "length", lambda chart: None)
>>> view.show(aggregate(open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)))
>>> "Game length" in view.title.value, view.chart.figure["layout"]["xaxis"]["title"]["text"]
(True, 'rounds')
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from splendor_nb.analysis.corpus import Aggregates
from splendor_nb.analysis.corpus_charts import CHARTS, corpus_figure
from splendor_nb.i18n.translator import Translator
from splendor_nb.ui.plotly_view import PlotlyView
from splendor_nb.ui.shown import Shown

STALE = "splendor-analyse-stale"
"""The chart's DOM class while the games kept are counted again (it is dimmed)."""


class ChartsView:
    """A chart picker, a progress bar and the chart (``.widget``); ``on_pick`` hears the chart
    picked."""

    def __init__(self, words: Translator, chart: str, on_pick: Callable[[str], object],
                 wait_for_browser: bool = False) -> None:
        self.words = words
        self.found: Aggregates | None = None
        """The aggregates the chart shows."""
        self.drawn = not wait_for_browser
        """False until a browser has drawn the view (``wait_for_browser``): the chart is drawn
        then. A chart drawn from the counting thread while Voila still ran the notebook (a
        ``?corpus=`` link) sometimes never reached the page."""
        self.shown = Shown(self._shown)
        labels = {
            "wins_by_level": words.gettext("Wins by level"),
            "wins_by_seat": words.gettext("Wins by seat"),
            "wins_by_level_and_seat": words.gettext("Wins by level and seat"),
            "length": words.gettext("Game length"),
            "endings": words.gettext("How games ended"),
            "points": words.gettext("Points by round"),
            "bonuses": words.gettext("Bonuses by round"),
            "nobles": words.gettext("Nobles"),
            "tiers": words.gettext("Cards bought and reserved by tier"),
            "cards": words.gettext("The cards winners buy most")}
        self.picker = widgets.Dropdown(options=[(labels[name], name) for name in CHARTS],
                                       value=chart if chart in CHARTS else CHARTS[0],
                                       description=words.gettext("Chart"),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="420px", max_width="100%"))
        self.picker.add_class("splendor-chart-picker")
        self.progress = widgets.IntProgress(layout=widgets.Layout(width="200px",
                                                                  max_width="100%"))
        self.progress.add_class("splendor-analyse-progress")
        self.progress_text = widgets.HTML()
        self.progress_text.add_class("splendor-analyse-note")
        self.counting = widgets.HBox([self.progress, self.progress_text],
                                     layout=widgets.Layout(display="none",
                                                           align_items="center",
                                                           flex_flow="row wrap"))
        self.title = widgets.HTML()
        self.chart = PlotlyView()
        self.chart.layout.width, self.chart.layout.display = "100%", "none"
        self.chart.add_class("splendor-analyse-chart")
        self.widget = widgets.VBox([self.picker, self.counting, self.title, self.chart,
                                    self.shown],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-analyse-charts")
        self.picker.observe(lambda change: self._picked(on_pick, change["new"]), names="value")

    def count(self, done: int, total: int) -> None:
        """Show how far the counting is (``done`` of ``total`` shards)."""
        self.progress.max, self.progress.value = max(total, 1), done
        self.progress_text.value = self.words.gettext(
            "Counting the games: shard {done} of {total}…", done=done, total=total)
        self.counting.layout.display = "flex"
        self.chart.add_class(STALE)  # the chart shown is of the games kept before

    def show(self, found: Aggregates | None) -> None:
        """Draw the chart picked from ``found`` (``None``: no chart)."""
        self.found = found
        self.counting.layout.display = "none"
        self.chart.remove_class(STALE)
        if not self.drawn:
            return
        if found is None:
            self.title.value = ""
            self.chart.layout.display = "none"
            self.chart.figure = {}
            return
        name = self.picker.value
        figure = corpus_figure(found, name, self.words.language)
        title = str(figure.layout.title.text)
        # the title above the chart, where it wraps on a phone (plotly's would be cut off); the
        # legend in a row above the plot, leaving the plot the whole width
        figure.update_layout(height=int(figure.layout.height or 360), width=None, title=None,
                             margin={"t": 30, "l": 50, "r": 10, "b": 40},
                             legend={"orientation": "h", "x": 0, "y": 1.02, "xanchor": "left",
                                     "yanchor": "bottom"})
        self.title.value = (f"<div class='splendor-analyse-chart-title' role='heading' "
                            f"aria-level='4'>{html.escape(title)}</div>")
        self.chart.layout.display = ""
        self.chart.show(figure)

    def _shown(self) -> None:
        if not self.drawn:
            self.drawn = True
            self.show(self.found)

    def _picked(self, on_pick: Callable[[str], object], chart: str) -> None:
        on_pick(chart)
        if self.found is not None:
            self.show(self.found)
