"""The app's Analyse tab (:class:`AnalyseTab`): a light shell whose content, the
:class:`~splendor_nb.ui.analyse_tab.panel.AnalysePanel`, is built by :meth:`AnalyseTab.load`, so
that a page that never opens the tab never loads pandas, pyarrow and plotly for it.

The corpora offered are the shipped ones and those in a folder of the server's
(``$SPLENDOR_CORPORA``, default ``corpora`` beside the notebook); a public demo offers the
shipped ones only. ``?corpus=NAME`` (:func:`corpus_link`) opens the tab at a corpus.

>>> tab = AnalyseTab(language="en", lazy=True, background=False)
>>> tab.panel is None, tab.state.loaded
(True, False)
>>> tab.load(); tab.panel.picker.label
'easy-v-medium-2p (shipped)'
>>> again = AnalyseTab(language="fr", state=tab.state, lazy=True)  # a language switch
>>> again.panel.picker.description, again.panel.charts.found is tab.panel.charts.found
('Corpus', True)
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

import ipywidgets as widgets

from splendor_nb.i18n import translator
from splendor_nb.palette import css_variables
from splendor_nb.ui.analyse_tab.analyse_state import AnalyseState
from splendor_nb.ui.analyse_tab.filtering import MAX_GAMES

if TYPE_CHECKING:
    from splendor_nb.ui.analyse_tab.panel import AnalysePanel, OpenReplay

CORPORA_ENV = "SPLENDOR_CORPORA"
"""The environment variable naming the folder of corpora the app offers (default
``corpora``)."""
DEFAULT_CORPORA = "corpora"
CORPUS_KEY = "corpus"
"""The query key of a deep link to a corpus: ``?corpus=easy-v-medium-2p``."""
TAB_CLASS = "splendor-analyse"
_CSS = Path(__file__).resolve().parent.parent / "static" / "analyse.css"


def corpora_folder() -> Path:
    """The folder of corpora the app offers besides the shipped ones.

    >>> corpora_folder().name in ("corpora", os.environ.get(CORPORA_ENV, "corpora"))
    True
    """
    return Path(os.environ.get(CORPORA_ENV) or DEFAULT_CORPORA)


def corpus_link(query: str) -> str | None:
    """The corpus that ``corpus=NAME`` in a query string names (``None`` without it).

    >>> corpus_link("corpus=easy-v-medium-2p"), corpus_link("replay=duel")
    ('easy-v-medium-2p', None)
    """
    params = parse_qs(query.lstrip("?"), keep_blank_values=True)
    return params[CORPUS_KEY][-1].strip() if CORPUS_KEY in params else None


class AnalyseTab:
    """Many bot games at once (``.widget``, DOM class ``splendor-analyse``); its content,
    ``.panel``, is built by :meth:`load`.

    ``folder``: where corpora besides the shipped ones are looked for (``None``: the shipped
    ones only, as in the public demo). ``on_replay(replay, name)`` opens a game elsewhere (the
    app: in the Replay tab); without it a game opens under the list (in a notebook).
    ``state``: what another tab showed (:class:`AnalyseState`), to show the same in this tab's
    language; a state already loaded loads this tab at once. ``lazy``: wait for :meth:`load`
    (the app calls it when the tab is first selected), else load now. ``background``: count
    in a thread (the page keeps answering), else at once. ``max_games``: the most games read
    from a corpus (the first ones).
    """

    def __init__(self, language: str | None = None, *, folder: Path | None = None,
                 on_replay: OpenReplay | None = None, state: AnalyseState | None = None,
                 lazy: bool = False, background: bool = True,
                 max_games: int = MAX_GAMES) -> None:
        self.words = translator(language)  # by default the current language, fixed from here on
        self.language = self.words.language
        self.folder = folder
        self.on_replay = on_replay
        self.state = state if state is not None else AnalyseState()
        self.background = background
        self.max_games = max_games
        self.panel: AnalysePanel | None = None
        waiting = self.words.gettext("Opening the corpora…")
        self.waiting = widgets.HTML(f"<div class='splendor-analyse-note'>"
                                    f"{html.escape(waiting)}</div>")
        self.style = widgets.HTML(f"<style>{css_variables('.' + TAB_CLASS)}\n"
                                  f"{_CSS.read_text(encoding='utf-8')}</style>",
                                  layout=widgets.Layout(display="none"))
        self.widget = widgets.VBox([self.style, self.waiting],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class(TAB_CLASS)
        self.widget.add_class(f"splendor-lang-{self.language}")
        if not lazy or self.state.loaded:
            self.load()

    def load(self) -> None:
        """Build the content (once): read the corpora, open the one picked, count its games."""
        if self.panel is not None:
            return
        from splendor_nb.ui.analyse_tab.panel import AnalysePanel  # pandas, pyarrow, plotly

        self.panel = AnalysePanel(self.words, self.state, folder=self.folder,
                                  on_replay=self.on_replay, background=self.background,
                                  max_games=self.max_games)
        self.widget.children = (self.style, self.panel.widget)

    def show_corpus(self, name: str) -> None:
        """Open the corpus named ``name`` (``?corpus=NAME``); an unknown name is said in the tab,
        with the names there are."""
        self.load()
        if self.panel is not None:
            self.panel.show_corpus(name)

    def close(self) -> None:
        """Close the tab's widgets (the app rebuilds it in another language over the same
        ``state``); a count under way still keeps its result in the state."""
        if self.panel is not None:
            self.panel.close()
        for widget in (self.style, self.waiting, self.widget):
            widget.close()
