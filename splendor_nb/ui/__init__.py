"""The widgets (docs/architecture.md): one controller holds a replay and the current turn; every
view observes it and writes back to it.

- :mod:`~splendor_nb.ui.controller`: :class:`ReplayController`, plain traitlets, no widget.
- :mod:`~splendor_nb.ui.board_widget`: :class:`ClickableBoard`, the board that forwards its clicks
  and keys to Python (one renderer for Replay and Play).
- :mod:`~splendor_nb.ui.views`: the board, the turn diagram, whose view the board shows.
- :mod:`~splendor_nb.ui.navigation`, :mod:`~splendor_nb.ui.move_list`,
  :mod:`~splendor_nb.ui.keyboard`: stepping with buttons and a slider, a clickable move list,
  the arrow keys.
- :mod:`~splendor_nb.ui.annotation`: a move's comment and glyph.
- :mod:`~splendor_nb.ui.replay_charts`: the charts (drawn by :mod:`splendor_nb.analysis`), once a
  browser has drawn the page (:mod:`~splendor_nb.ui.shown`).
- :mod:`~splendor_nb.ui.toolbar`, :mod:`~splendor_nb.ui.downloader`,
  :mod:`~splendor_nb.ui.replays`: opening, saving and downloading replays; the shipped ones.
- :mod:`~splendor_nb.ui.move_stepper`: :class:`MoveStepper`, the current move stepped through
  the turn diagram node by node.
- :mod:`~splendor_nb.ui.viewer`: :class:`ReplayViewer` assembles them all.
- :mod:`~splendor_nb.ui.play_tab`: :class:`PlayWidget`, a game to play on the clickable board, and
  :class:`PlayFromHere`, the viewer's way into a what-if game.
- :mod:`~splendor_nb.ui.learn_tab`: :class:`LessonView`, a chapter of the lessons with its live
  boards and exercises; :class:`WalkView`, a turn walked through the diagram on a position;
  :class:`PuzzleView`, find-the-move puzzles; :class:`TrainerView`, the puzzle trainer (its
  record on disk with :class:`DiskStore`); :class:`LearnTab`, all of them in the app.

The anywidgets' JavaScript and CSS are files in static/, their colours those of
:mod:`splendor_nb.palette`.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("+rr")
>>> viewer = ReplayViewer(ReplayController(replay))
>>> viewer.navigation.buttons["last"].click(); viewer.controller.state.last_move
Move.parse('+rr')
"""

from splendor_nb.ui.annotation import AnnotationEditor
from splendor_nb.ui.board_widget import ClickableBoard
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.downloader import Downloader
from splendor_nb.ui.keyboard import KEYS, KeyboardShortcuts
from splendor_nb.ui.learn_tab import (
    DiskStore,
    ExerciseView,
    LearnTab,
    LessonView,
    PuzzleView,
    TrainerView,
    WalkView,
)
from splendor_nb.ui.move_list import MoveList
from splendor_nb.ui.move_stepper import MoveStepper
from splendor_nb.ui.navigation import NavigationBar
from splendor_nb.ui.play_tab import PlayWidget
from splendor_nb.ui.play_tab.from_here import PlayFromHere
from splendor_nb.ui.replay_charts import CHART_WIDTH, ReplayCharts
from splendor_nb.ui.replays import REPLAYS_DIR, shipped_replays
from splendor_nb.ui.shown import Shown
from splendor_nb.ui.toolbar import ReplayToolbar
from splendor_nb.ui.viewer import ReplayViewer
from splendor_nb.ui.views import BoardView, DiagramView, ViewSwitch

__all__ = [
    "CHART_WIDTH",
    "KEYS",
    "REPLAYS_DIR",
    "AnnotationEditor",
    "BoardView",
    "ClickableBoard",
    "DiagramView",
    "DiskStore",
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
    "TrainerView",
    "ViewSwitch",
    "WalkView",
    "shipped_replays",
]
