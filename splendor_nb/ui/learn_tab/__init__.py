"""Learn in a notebook or in the app's Learn tab: the turn diagram walked on a position, the
lessons with their exercises, and find-the-move puzzles, one module each.

- :mod:`~splendor_nb.ui.learn_tab.walk_view`: :class:`WalkView`, a turn stepped through the diagram
  beside the board.
- :mod:`~splendor_nb.ui.learn_tab.lesson_view`: :class:`LessonView`, a chapter: its texts, live
  boards, walks and exercises, its progress line.
- :mod:`~splendor_nb.ui.learn_tab.exercise_view`: :class:`ExerciseView`, one exercise, answered by
  choosing, by a number or on the board.
- :mod:`~splendor_nb.ui.learn_tab.move_picker`: :class:`MovePicker`, a move played on the board as
  an answer.
- :mod:`~splendor_nb.ui.learn_tab.puzzle_view`: :class:`PuzzleView`, find-the-move puzzles.
- :mod:`~splendor_nb.ui.learn_tab.trainer_view`: :class:`TrainerView`, the puzzle trainer, its
  record kept by a store of :mod:`~splendor_nb.ui.learn_tab.trainer_store` (:class:`DiskStore`
  in a notebook, the browser's storage in the app).
- :mod:`~splendor_nb.ui.learn_tab.learn_tab`: :class:`LearnTab`, the app's tab: every chapter and
  the puzzles, with a picker.
- :mod:`~splendor_nb.ui.learn_tab.links`: :class:`LinkedHTML`, text whose rule ids (and a diagram
  whose nodes) can be clicked.
- :mod:`~splendor_nb.ui.learn_tab.rule_panel`: :class:`RulePanel`, the rule's text beside a lesson.
- :mod:`~splendor_nb.ui.learn_tab.style`, :mod:`~splendor_nb.ui.learn_tab.learn_labels`: the page
  style (static/learn.css) and the widgets' words.

>>> from splendor_nb.learn import shipped_chapters
>>> view = LessonView(shipped_chapters()[1])
>>> len(view.walks), len(view.exercises)
(1, 8)
"""

from splendor_nb.ui.learn_tab.exercise_view import ExerciseView
from splendor_nb.ui.learn_tab.learn_tab import LearnTab
from splendor_nb.ui.learn_tab.lesson_view import LessonView
from splendor_nb.ui.learn_tab.links import LinkedHTML
from splendor_nb.ui.learn_tab.move_picker import MovePicker
from splendor_nb.ui.learn_tab.puzzle_view import PuzzleView
from splendor_nb.ui.learn_tab.rule_panel import RulePanel
from splendor_nb.ui.learn_tab.trainer_store import DiskStore
from splendor_nb.ui.learn_tab.trainer_view import TrainerView
from splendor_nb.ui.learn_tab.walk_view import WalkView

__all__ = [
    "DiskStore",
    "ExerciseView",
    "LearnTab",
    "LessonView",
    "LinkedHTML",
    "MovePicker",
    "PuzzleView",
    "RulePanel",
    "TrainerView",
    "WalkView",
]
