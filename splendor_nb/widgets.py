"""The replay viewer's old home: its parts now live in :mod:`splendor_nb.ui` (one module per
view), :func:`charts_figure` in :mod:`splendor_nb.analysis`. Every name imported from here
before keeps working.

>>> from splendor_nb.widgets import ReplayController, ReplayViewer
>>> ReplayViewer.__module__
'splendor_nb.ui.viewer'
"""

from typing import TYPE_CHECKING

from splendor_nb.ui import (
    CHART_WIDTH,
    KEYS,
    REPLAYS_DIR,
    AnnotationEditor,
    BoardView,
    ClickableBoard,
    DiagramView,
    Downloader,
    ExerciseView,
    KeyboardShortcuts,
    LearnTab,
    LessonView,
    MoveList,
    MoveStepper,
    NavigationBar,
    PlayFromHere,
    PlayWidget,
    PuzzleView,
    ReplayCharts,
    ReplayController,
    ReplayToolbar,
    ReplayViewer,
    Shown,
    ViewSwitch,
    WalkView,
    shipped_replays,
)

if TYPE_CHECKING:
    from splendor_nb.analysis.charts import charts_figure
else:
    def __getattr__(name: str) -> object:
        """``charts_figure`` is loaded (with pandas and plotly) when first asked for."""
        if name == "charts_figure":
            from splendor_nb.analysis.charts import charts_figure

            return charts_figure
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "CHART_WIDTH",
    "KEYS",
    "REPLAYS_DIR",
    "AnnotationEditor",
    "BoardView",
    "ClickableBoard",
    "DiagramView",
    "Downloader",
    "ExerciseView",
    "KeyboardShortcuts",
    "LearnTab",
    "LessonView",
    "MoveList",
    "MoveStepper",
    "NavigationBar",
    "PlayFromHere",
    "PlayWidget",
    "PuzzleView",
    "ReplayCharts",
    "ReplayController",
    "ReplayToolbar",
    "ReplayViewer",
    "Shown",
    "ViewSwitch",
    "WalkView",
    "charts_figure",
    "shipped_replays",
]
