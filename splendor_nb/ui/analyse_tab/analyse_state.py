"""What the Analyse tab shows, apart from its widgets (:class:`AnalyseState`): the corpus
picked, the filters, the list's order and page, the chart; and what was read and counted, so
that the tab rebuilt in another language (``AnalyseTab(state=old.state, language="fr")``)
shows the same at once, without reading or counting again.

>>> state = AnalyseState()
>>> state.filter.is_everything, state.sort, state.chart, state.loaded
(True, 'number', 'wins_by_level', False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from splendor_nb.ui.analyse_tab.filtering import GameFilter

if TYPE_CHECKING:
    from splendor_nb.analysis.corpus import Aggregates, Corpus
    from splendor_nb.ui.analyse_tab.selection import Games


@dataclass
class AnalyseState:
    """The Analyse tab's settings and what it has read; one per visitor (a kernel's)."""

    loaded: bool = False
    """True once the tab has shown a corpus (a tab rebuilt over this state loads at once)."""
    corpus: Path | None = None
    """The folder of the corpus picked (``None``: the first offered)."""
    filter: GameFilter = field(default_factory=GameFilter)
    sort: str = "number"
    ascending: bool = True
    page: int = 0
    """The game list's page, from 0."""
    chart: str = "wins_by_level"
    """The chart shown: a key of ``corpus_figures``."""
    opened: dict[Path, tuple[Corpus, Games]] = field(default_factory=dict)
    """The corpora read so far, with their games."""
    counted: dict[tuple[Path, GameFilter], Aggregates] = field(default_factory=dict)
    """The aggregates counted so far, by corpus and filter."""
