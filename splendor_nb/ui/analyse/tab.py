"""The Analyse tab: a corpus picker, what the corpus holds, and (below) its games.

The corpora offered are the shipped ones and those in a folder of the server's
(``$SPLENDOR_CORPORA``, default ``corpora`` beside the notebook); a public demo offers the
shipped ones only, and nothing a visitor does is written anywhere.

>>> tab = AnalyseTab(language="en")
>>> "400 games" in tab.summary.value
True
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

from splendor_nb.analysis.corpus import (
    SHIPPED_CORPORA_DIR,
    Corpus,
    CorpusError,
    CorpusInfo,
    list_corpora,
    open_corpus,
)
from splendor_nb.i18n import translator
from splendor_nb.replay import Replay

CORPORA_ENV = "SPLENDOR_CORPORA"
"""The environment variable naming the folder of corpora the app offers (default
``corpora``)."""
DEFAULT_CORPORA = "corpora"
TAB_CLASS = "splendor-analyse"
OpenReplay = Callable[[Replay, str], None]
"""What the tab calls to show one game: the replay and its name (the app opens it in the Replay
tab)."""


def corpora_folder() -> Path:
    """The folder of corpora the app offers besides the shipped ones.

    >>> corpora_folder().name in ("corpora", os.environ.get(CORPORA_ENV, "corpora"))
    True
    """
    return Path(os.environ.get(CORPORA_ENV) or DEFAULT_CORPORA)


class AnalyseTab:
    """A corpus picked, its games at a glance (``.widget``, DOM class ``splendor-analyse``).

    ``folder``: where corpora besides the shipped ones are looked for (``None``: the shipped
    ones only, as in the public demo). ``on_replay`` opens a game elsewhere (the app: in the
    Replay tab).
    """

    def __init__(self, language: str | None = None, *, folder: Path | None = None,
                 on_replay: OpenReplay | None = None) -> None:
        self.words = translator(language)  # by default the current language, fixed from here on
        self.language = self.words.language
        self.folder = folder
        self.on_replay = on_replay
        self.corpus: Corpus | None = None
        words = self.words
        self.picker = widgets.Dropdown(description=words.gettext("Corpus"),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.picker.add_class("splendor-corpus-picker")
        self.message = widgets.HTML()
        self.message.add_class("splendor-analyse-message")
        self.summary = widgets.HTML()
        self.summary.add_class("splendor-corpus-summary")
        self.widget = widgets.VBox([self.picker, self.message, self.summary],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class(TAB_CLASS)
        self.widget.add_class(f"splendor-lang-{self.language}")
        self.corpora = self._find_corpora()
        self.picker.options = [(self._label(info), index)
                               for index, info in enumerate(self.corpora)]
        self.picker.observe(lambda change: self.open(change["new"]), names="value")
        if self.corpora:
            self.open(0)
        else:
            self.problem(words.gettext("There is no corpus to analyse."))

    def open(self, index: int) -> None:
        """Open the corpus at ``index`` of the picker; what is wrong with it is said here."""
        info = self.corpora[index]
        self.picker.value = index
        try:
            self.corpus = open_corpus(info.path, report=None)
        except (CorpusError, OSError) as error:
            self.corpus = None
            self.summary.value = ""
            self.problem(self.words.gettext("{name} cannot be read: {reason}",
                                            name=info.name, reason=_hide_path(error, info)))
            return
        self.problem("")
        self.summary.value = self._summary(self.corpus)

    def problem(self, text: str) -> None:
        """Say what went wrong (empty: nothing)."""
        self.message.value = (f'<div class="splendor-analyse-problem" role="alert">'
                              f"{html.escape(text)}</div>" if text else "")

    def _find_corpora(self) -> list[CorpusInfo]:
        shipped = list_corpora(SHIPPED_CORPORA_DIR)
        if self.folder is None or not self.folder.is_dir():
            return shipped
        return shipped + list_corpora(self.folder)

    def _label(self, info: CorpusInfo) -> str:
        if info.path.parent == SHIPPED_CORPORA_DIR:
            return self.words.gettext("{name} (shipped)", name=info.name)
        return info.name

    def _summary(self, corpus: Corpus) -> str:
        words, arguments = self.words, corpus.arguments
        lines = [
            words.ngettext("{count} game", "{count} games", corpus.game_count),
            words.ngettext("{count} player a game", "{count} players a game",
                           arguments.players),
            words.gettext("bot levels: {levels}", levels=", ".join(arguments.levels)),
            words.gettext("seed {seed}", seed=arguments.seed),
        ]
        return "<p>" + html.escape(" · ".join(lines)) + "</p>"


def _hide_path(error: Exception, info: CorpusInfo) -> str:
    """The error's text with the corpus's folder named by the corpus alone (no server path is
    shown)."""
    return str(error).replace(str(info.path), info.name)
