"""The app's Analyse tab (:class:`AnalyseTab`): many bot games at once, a corpus of
:mod:`splendor_nb.analysis.corpus` picked, filtered, charted and listed, any game opened in the
Replay tab.

>>> tab = AnalyseTab(language="en")
>>> tab.picker.label
'easy-v-medium-2p (shipped)'
"""

from splendor_nb.ui.analyse.tab import CORPORA_ENV, AnalyseTab, corpora_folder

__all__ = ["CORPORA_ENV", "AnalyseTab", "corpora_folder"]
