"""The Analyse tab's content (:class:`AnalysePanel`, built by
:meth:`~splendor_nb.ui.analyse_tab.tab.AnalyseTab.load`): a corpus picked, what it holds, its games
filtered, their aggregates charted, listed and sorted, one opened in the Replay tab, the table
exported. It needs pandas, pyarrow and plotly, which the tab loads only then.

Nothing a visitor does is written on the server (exports are downloads), and no server path
is shown: a corpus is named by its folder's name, a bad shard by its own.

Counting runs in a thread (``background=True``, the app's way): the page keeps answering, a
progress bar counts the shards, and a new filter or corpus drops a count under way. A corpus of
over :data:`~splendor_nb.ui.analyse_tab.filtering.MAX_GAMES` games is read up to that many, and the
tab says so.

>>> from splendor_nb.i18n import translator
>>> panel = AnalysePanel(translator("en"), AnalyseState(), background=False)
>>> "400 games" in panel.summary.value, panel.charts.found.games, len(panel.games.rows)
(True, 400, 20)
>>> panel.filters.level.value = "easy"; panel.filters.seat.value = 1
>>> panel.count.value
'<span class="splendor-analyse-count">200 of 400 games</span>'
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pandas as pd

from splendor_nb.analysis.corpus import (
    SHIPPED_CORPORA_DIR,
    Aggregates,
    Corpus,
    CorpusError,
    CorpusInfo,
    aggregate,
    list_corpora,
    open_corpus,
)
from splendor_nb.analysis.corpus_charts import level_name
from splendor_nb.i18n.formats import format_number
from splendor_nb.i18n.translator import Translator
from splendor_nb.replay import Replay, ReplayError
from splendor_nb.ui.analyse_tab.analyse_state import AnalyseState
from splendor_nb.ui.analyse_tab.corpus_chart_view import ChartsView
from splendor_nb.ui.analyse_tab.export import ExportView
from splendor_nb.ui.analyse_tab.filtering import MAX_GAMES, SHARED, UNFINISHED, GameFilter
from splendor_nb.ui.analyse_tab.filters_view import FiltersView
from splendor_nb.ui.analyse_tab.game_list import GameList
from splendor_nb.ui.analyse_tab.selection import Games, read_games, sort_games

PAGE_SIZE = 20
"""Games per page of the list."""
KEEP_COUNTED = 32
"""How many counts (corpus and filter) the state keeps, the oldest dropped first."""
OpenReplay = Callable[[Replay, str], None]
"""What the tab calls to show one game: the replay and its name (the app opens it in the Replay
tab)."""


class _Superseded(Exception):
    """A count stopped because another was asked for."""


class AnalysePanel:
    """A corpus picked, filtered, charted and listed (``.widget``), in the language of
    ``words``, showing and keeping what ``state`` holds.

    ``folder``: where corpora besides the shipped ones are looked for (``None``: the shipped
    ones only, as in the public demo). ``on_replay`` opens a game elsewhere (the app: in the
    Replay tab); without it a game opens in a replay viewer under the list (in a notebook).
    ``background``: count in a thread (the page keeps answering), else at once.
    ``max_games``: the most games read from a corpus (the first ones).
    """

    def __init__(self, words: Translator, state: AnalyseState, *, folder: Path | None = None,
                 on_replay: OpenReplay | None = None, background: bool = True,
                 max_games: int = MAX_GAMES) -> None:
        self.words = words
        self.language = words.language
        self.folder = folder
        self.on_replay = on_replay
        self.state = state
        self.background = background
        self.max_games = max_games
        self._generation = 0
        """Bumped by every count asked for: a count under way stops when it is stale."""
        self._lock = threading.Lock()
        words = self.words
        self.picker = widgets.Dropdown(description=words.gettext("Corpus"),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="480px", max_width="100%"))
        self.picker.add_class("splendor-corpus-picker")
        self.message = widgets.HTML()
        self.message.add_class("splendor-analyse-message")
        self.summary = widgets.HTML()
        self.summary.add_class("splendor-corpus-summary")
        self.filters: FiltersView | None = None
        self.filters_box = widgets.Box(layout=widgets.Layout(width="100%"))
        self.count = widgets.HTML()
        self.charts = ChartsView(self.words, self.state.chart, self._chart_picked,
                                 wait_for_browser=background)
        self.games = GameList(words={"label": words.gettext("The games kept by the filters")},
                              layout=widgets.Layout(width="100%"))
        self.games.on_open = self.open_game
        self.games.sort, self.games.ascending = self.state.sort, self.state.ascending
        self.games.observe(self._reordered, names=["sort", "ascending", "page"])
        self.export = ExportView(self.words, self._kept_rows, self._export_name)
        self.game_box = widgets.Box(layout=widgets.Layout(width="100%"))
        self.widget = widgets.VBox([
            self.picker, self.message, self.summary,
            _heading(words.gettext("Filters")), self.filters_box, self.count,
            _heading(words.gettext("Charts")), self.charts.widget,
            _heading(words.gettext("Games")), self.games, self.export.widget, self.game_box,
        ], layout=widgets.Layout(width="100%"))
        self.corpora = self._find_corpora()
        self.picker.options = [(self._label(info), index)
                               for index, info in enumerate(self.corpora)]
        if not self.corpora:
            self.problem(words.gettext("There is no corpus to analyse."))
            return
        paths = [info.path for info in self.corpora]
        self.open(paths.index(self.state.corpus) if self.state.corpus in paths else 0)
        self.state.loaded = True
        self.picker.observe(lambda change: self.open(change["new"]), names="value")

    # --- what a person does -----------------------------------------------------------------

    def open(self, index: int) -> None:
        """Open the corpus at ``index`` of the picker; what is wrong with it is said here."""
        info = self.corpora[index]
        self.picker.value = index
        if self.state.corpus != info.path:
            self.state.corpus = info.path
            self.state.page = 0
        opened = self.state.opened.get(info.path)
        if opened is None:
            try:
                corpus = open_corpus(info.path, report=None)
                opened = (corpus, read_games(corpus, self.max_games))
            except (CorpusError, OSError, ValueError) as error:  # pyarrow's errors included
                self._unreadable(info, error)
                return
            self.state.opened[info.path] = opened
        corpus, games = opened
        self.problem(self._problems(corpus, info))
        self.summary.value = self._summary(corpus, games)
        self.filters = FiltersView(self.words, games.table, self.state.filter, self.filter)
        self.filters_box.children = (self.filters.widget,)
        self.filter(self.filters.chosen)

    def show_corpus(self, name: str) -> None:
        """Open the corpus named ``name`` (as ``?corpus=NAME`` does); an unknown name is said in
        the tab, with the names there are."""
        names = [info.name for info in self.corpora]
        if name in names:
            self.open(names.index(name))
            return
        self.problem(self.words.gettext(
            "There is no corpus named {name!r}. The corpora: {names}.", name=name,
            names=", ".join(names) or "-"))

    def filter(self, chosen: GameFilter) -> None:
        """Keep the games ``chosen`` keeps: their count, list and charts (the filters' controls
        show it)."""
        if self.filters is not None and self.filters.chosen != chosen:
            self.filters.show(chosen)
        if chosen != self.state.filter:
            self.state.filter, self.state.page = chosen, 0
        kept = self.kept
        opened = self.opened
        if kept is None or opened is None:
            return
        corpus, games = opened
        words = self.words
        counted = words.ngettext("{kept} of {count} game", "{kept} of {count} games",
                                 len(games.table), kept=self._number(len(kept)),
                                 count=self._number(len(games.table)))
        self.count.value = f'<span class="splendor-analyse-count">{html.escape(counted)}</span>'
        if not len(kept):
            none = words.gettext("No game matches these filters: change them, or show every "
                                 "game.")
            self.count.value += (f" <span class='splendor-analyse-note' role='status'>"
                                 f"{html.escape(none)}</span>")
        self.export.enable(bool(len(kept)))
        self._list()
        # every game of the corpus kept (not capped): its count is the unfiltered one
        everything = len(kept) == len(games.table) == games.total
        self._count_games(corpus, None if everything else kept["game"].tolist())

    def open_game(self, game: str) -> None:
        """Open one game of the corpus in the Replay tab (or under the list, in a notebook)."""
        opened = self.opened
        if opened is None:
            return
        corpus, _games = opened
        name = f"{corpus.path.name}-{game}"
        try:
            replay = corpus.replay(game)
        except (CorpusError, ReplayError, OSError, ValueError) as error:
            self.problem(self.words.gettext("{game} cannot be opened: {reason}", game=game,
                                            reason=_without_folder(error, corpus.path)))
            return
        if self.on_replay is not None:
            self.on_replay(replay, name)
            return
        from splendor_nb.ui.controller import ReplayController
        from splendor_nb.ui.viewer import ReplayViewer

        self.game_box.children = (ReplayViewer(ReplayController(replay, name=name)).widget,)

    def problem(self, text: str | Sequence[str]) -> None:
        """Say what went wrong (empty: nothing); several lines as a list."""
        lines = [text] if isinstance(text, str) else list(text)
        lines = [line for line in lines if line]
        if not lines:
            self.message.value = ""
            return
        body = html.escape(lines[0]) + ("<ul>" + "".join(
            f"<li>{html.escape(line)}</li>" for line in lines[1:]) + "</ul>"
            if len(lines) > 1 else "")
        self.message.value = f'<div class="splendor-analyse-problem" role="alert">{body}</div>'

    def close(self) -> None:
        """Close the panel's widgets; a count under way still keeps its result in the
        state."""
        with self._lock:
            self._generation += 1
        for child in _descendants(self.widget):
            child.close()

    # --- what is shown ----------------------------------------------------------------------

    @property
    def opened(self) -> tuple[Corpus, Games] | None:
        """The corpus shown, with its games (``None``: none could be read)."""
        return self.state.opened.get(self.state.corpus) if self.state.corpus else None

    @property
    def kept(self) -> pd.DataFrame | None:
        """The games the filters keep, one row each, in the list's order."""
        opened = self.opened
        if opened is None:
            return None
        kept = self.state.filter.select(opened[1].table)
        return sort_games(kept, self.state.sort, self.state.ascending)

    def _list(self) -> None:
        kept = self.kept
        if kept is None:
            return
        words = self.words
        pages = max(1, -(-len(kept) // PAGE_SIZE))
        page = min(self.state.page, pages - 1)
        self.state.page = page
        shown = kept.iloc[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
        with self.games.hold_sync():
            self.games.columns = [
                {"key": "number", "label": words.gettext("Game"), "sortable": True},
                {"key": "seed", "label": words.gettext("Seed"), "sortable": True},
                {"key": "levels", "label": words.gettext("Levels by seat"), "sortable": False},
                {"key": "top", "label": words.gettext("Points by seat"), "sortable": True},
                {"key": "margin", "label": words.gettext("Margin"), "sortable": True},
                {"key": "winner", "label": words.gettext("Winner"), "sortable": True},
                {"key": "rounds", "label": words.gettext("Rounds"), "sortable": True},
                {"key": "ended_by", "label": words.gettext("Ended by"), "sortable": True}]
            self.games.rows = [self._row(row) for row in shown.to_dict("records")]
            self.games.page, self.games.pages = page, pages
            self.games.words = {
                "label": words.gettext("The games kept by the filters"),
                "previous": words.gettext("Previous"), "next": words.gettext("Next"),
                "page": words.gettext("Page {page} of {pages}", page=page + 1, pages=pages),
                "empty": words.gettext("No game matches these filters.")}

    def _row(self, row: dict[Any, Any]) -> dict[str, str]:
        words = self.words
        levels = " · ".join(level_name(level, self.language)
                            for level in str(row["levels"]).split(" v "))
        if row["winner_level"] == SHARED:
            winner = words.gettext("shared: seats {seats}", seats=", ".join(row["winner"].split()))
        elif row["winner"]:
            winner = words.gettext("seat {seat} ({level})", seat=row["winner"],
                         level=level_name(str(row["winner_level"]), self.language))
        else:
            winner = words.gettext("no one")
        return {"game": str(row["game"]), "number": str(row["number"]), "seed": row["seed"],
                "levels": levels, "top": str(row["scores"]), "margin": str(row["margin"]),
                "winner": winner, "rounds": str(row["rounds"]),
                "ended_by": words.gettext("unfinished") if row["ended_by"] == UNFINISHED
                else str(row["ended_by"]),
                "open": words.gettext("Open game {number} in the Replay tab", number=row["number"])}

    def _count_games(self, corpus: Corpus, games: list[str] | None) -> None:
        """Chart the aggregates of ``games`` (``None``: all), counted now or found counted."""
        if self.state.corpus is None:
            return
        key = (self.state.corpus, GameFilter() if games is None else self.state.filter)
        with self._lock:
            self._generation += 1
            generation = self._generation
        if games == []:
            self.charts.show(None)
            return
        found = self.state.counted.get(key)
        if found is not None:
            self.charts.show(found)
            return

        def advance(done: int, total: int) -> None:
            if generation != self._generation:
                raise _Superseded
            self.charts.count(done, total)

        def count() -> None:
            try:
                counted = aggregate(corpus, games=games, progress=advance)
            except _Superseded:
                return
            except Exception as error:  # a shard broken since it was opened: said, not raised
                if generation == self._generation:
                    self.charts.show(None)
                    self.problem(self.words.gettext(
                        "The games could not be counted: {reason}",
                        reason=_without_folder(error, corpus.path)))
                return
            self._remember(key, counted)
            if generation == self._generation:
                self.charts.show(counted)

        self.charts.count(0, len(corpus.shards))
        if self.background:
            threading.Thread(target=count, name="splendor-analyse-count", daemon=True).start()
        else:
            count()

    def _remember(self, key: tuple[Path, GameFilter], found: Aggregates) -> None:
        counted = self.state.counted
        counted[key] = found
        while len(counted) > KEEP_COUNTED:
            del counted[next(iter(counted))]

    def _chart_picked(self, chart: str) -> None:
        self.state.chart = chart

    def _reordered(self, _change: object) -> None:
        state = self.state
        if (state.sort, state.ascending, state.page) == (self.games.sort, self.games.ascending,
                                                         self.games.page):
            return
        state.sort, state.ascending, state.page = (self.games.sort, self.games.ascending,
                                                   self.games.page)
        self._list()

    def _kept_rows(self) -> pd.DataFrame | None:
        """The games kept, one row per game and player (every column): what is exported."""
        kept, opened = self.kept, self.opened
        if kept is None or opened is None:
            return None
        rows = opened[1].rows
        return rows[rows["game"].isin(kept["game"])].reset_index(drop=True)

    def _export_name(self) -> str:
        name = self.state.corpus.name if self.state.corpus else "corpus"
        return name if self.state.filter.is_everything else f"{name}-filtered"

    def _find_corpora(self) -> list[CorpusInfo]:
        shipped = list_corpora(SHIPPED_CORPORA_DIR)
        if self.folder is None or not self.folder.is_dir():
            return shipped
        return shipped + list_corpora(self.folder)

    def _label(self, info: CorpusInfo) -> str:
        if info.path.parent == SHIPPED_CORPORA_DIR:
            return self.words.gettext("{name} (shipped)", name=info.name)
        return info.name

    def _unreadable(self, info: CorpusInfo, error: Exception) -> None:
        self.summary.value = ""
        self.filters_box.children = ()
        self.count.value = ""
        self.charts.show(None)
        self.games.rows, self.games.pages = [], 1
        self.export.enable(False)
        self.problem(self.words.gettext("{name} cannot be read: {reason}", name=info.name,
                                        reason=_without_folder(error, info.path)))

    def _problems(self, corpus: Corpus, info: CorpusInfo) -> list[str]:
        """The shards skipped, by their names, under a line that counts them."""
        words = self.words
        lines = [_without_folder(problem, info.path) for problem in corpus.problems]
        missing = len(corpus.missing) - len(corpus.problems)
        if not lines and missing <= 0:
            return []
        head = words.ngettext(
            "{count} shard of {shards} is not counted: its games are left out.",
            "{count} shards of {shards} are not counted: their games are left out.",
            len(corpus.missing), shards=self._number(corpus.arguments.shard_count),
            count=self._number(len(corpus.missing)))
        if missing > 0:
            lines.append(words.ngettext(
                "{count} shard is not written yet (the run is not finished).",
                "{count} shards are not written yet (the run is not finished).", missing))
        return [head, *lines]

    def _number(self, count: int) -> str:
        """A count as the language writes it ('2 000' in French, '2.000' in Turkish)."""
        return format_number(count, self.language)

    def _summary(self, corpus: Corpus, games: Games) -> str:
        words, arguments = self.words, corpus.arguments
        held = words.ngettext("{count} game", "{count} games", corpus.game_count,
                              count=self._number(corpus.game_count))
        held += " " + words.ngettext("in {count} shard", "in {count} shards", len(corpus.shards),
                                     count=self._number(len(corpus.shards)))
        if len(games.table) < games.total:
            held += " · " + words.gettext(
                "the tab reads the first {read} (for all of them: aggregate() in a notebook, "
                "notebooks/analyse.ipynb)", read=self._number(len(games.table)))
        levels = ", ".join(level_name(level, self.language) for level in arguments.levels)
        facts = [
            (words.gettext("Games"), held),
            (words.gettext("Players"), words.ngettext(
                "{count} player a game", "{count} players a game", arguments.players)),
            (words.gettext("Bot levels"), words.gettext(
                "{levels}, dealt to the seats in turn (the seats rotate one place every game)",
                levels=levels)),
            (words.gettext("Seeds"), words.gettext(
                "run seed {seed}; each game's deal has its own seed (the list's Seed)",
                seed=arguments.seed)),
        ]
        if "hard" in arguments.levels and arguments.budget is not None:
            facts.append((words.gettext("Hard bot's budget"), words.gettext(
                "{budget} positions a move", budget=self._number(arguments.budget))))
        return "<dl>" + "".join(f"<dt>{html.escape(term)}</dt><dd>{html.escape(value)}</dd>"
                                for term, value in facts) + "</dl>"


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div class='splendor-analyse-heading' role='heading' aria-level='3'>"
                        f"{html.escape(text)}</div>")


def _without_folder(error: Exception | str, folder: Path) -> str:
    """An error's text with the corpus's folder named by its name alone: no server path is
    shown (a shard is then ``NAME/shard-000003``)."""
    return str(error).replace(str(folder), folder.name)


def _descendants(widget: widgets.Widget) -> list[widgets.Widget]:
    children = list(getattr(widget, "children", ()))
    return [widget, *(grand for child in children for grand in _descendants(child))]
