"""The app's Analyse tab (:class:`AnalyseTab`): many bot games at once, a corpus of
:mod:`splendor_nb.analysis.corpus` picked, filtered, charted and listed, any game opened in the
Replay tab, the games kept exported.

- :mod:`~.tab`: :class:`AnalyseTab`, the tab, a light shell loaded when first shown, and the
  ``?corpus=NAME`` link (:func:`corpus_link`).
- :mod:`~.panel`: :class:`~.panel.AnalysePanel`, its content.
- :mod:`~.analyse_state`: :class:`AnalyseState`, what the tab shows and has read, apart from its
  widgets.
- :mod:`~.filtering`: :class:`GameFilter`, which games are kept.
- :mod:`~.selection`: the games one row each, and the list's order (pandas).
- :mod:`~.filters_view`, :mod:`~.corpus_chart_view`, :mod:`~.game_list`, :mod:`~.export`: its parts.

>>> tab = AnalyseTab(language="en", background=False)
>>> tab.panel.picker.label
'easy-v-medium-2p (shipped)'
"""

from splendor_nb.ui.analyse_tab.analyse_state import AnalyseState
from splendor_nb.ui.analyse_tab.filtering import MAX_GAMES, GameFilter
from splendor_nb.ui.analyse_tab.tab import (
    CORPORA_ENV,
    CORPUS_KEY,
    AnalyseTab,
    corpora_folder,
    corpus_link,
)

__all__ = ["CORPORA_ENV", "CORPUS_KEY", "MAX_GAMES", "AnalyseState", "AnalyseTab", "GameFilter",
           "corpora_folder", "corpus_link"]
