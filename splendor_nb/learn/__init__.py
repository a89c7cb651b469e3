"""Learn: the turn diagram walked on a real position, lessons and exercises as data, puzzles.

- :mod:`~splendor_nb.learn.walk`: :class:`Walk`, one turn stepped through the rulebook's diagram.
- :mod:`~splendor_nb.learn.lessons`: the chapters (TOML files), their positions and exercises.
- :mod:`~splendor_nb.learn.checkers`: how the engine judges an exercise's answer.
- :mod:`~splendor_nb.learn.puzzles`: find-the-move puzzles from any turn of a replay.
- :mod:`~splendor_nb.learn.puzzle_set`: :func:`load_puzzles`, the thousands of rated puzzles
  mined from games (:mod:`~splendor_nb.learn.puzzle_mining`), and :func:`mistake_puzzles`, a
  reviewed player's mistakes as puzzles; :mod:`~splendor_nb.learn.puzzle_trainer`:
  :class:`PuzzleTrainer`, the learner's rating moving with each attempt.
- :mod:`~splendor_nb.learn.progress`: the exercises a learner has solved, a line per chapter.
- :mod:`~splendor_nb.learn.board`: clicks on the board as an exercise's answer or a walk's move.
- :mod:`~splendor_nb.learn.phrases`: the sentences a learner reads, as templates with values.

>>> from splendor_nb import new_game
>>> Walk.start(new_game(seed=7)).finish().current.question
'Take a card or gems?'
>>> [chapter.id for chapter in shipped_chapters()][-1]
'strategy'
>>> puzzle = load_puzzles(players=2)[0]
>>> puzzle.check(puzzle.first), puzzle.first in puzzle.state.legal_moves()
(True, True)
"""

from splendor_nb.learn.board import BoardAnswer, walk_click, walk_interaction
from splendor_nb.learn.checkers import KINDS, Situation, Verdict
from splendor_nb.learn.lessons import (
    Chapter,
    Exercise,
    Feedback,
    LessonError,
    Position,
    Section,
    load_chapter,
    loads_chapter,
    shipped_chapters,
)
from splendor_nb.learn.phrases import SENTENCES, Phrase, phrase, rule_ids_in
from splendor_nb.learn.progress import Progress
from splendor_nb.learn.puzzle_set import PuzzleSource, RatedPuzzle, load_puzzles, mistake_puzzles
from splendor_nb.learn.puzzle_trainer import PuzzleTrainer, TrainerRecord
from splendor_nb.learn.puzzles import Puzzle, puzzle, puzzles, teacher_puzzles
from splendor_nb.learn.walk import Option, Step, Walk, rules_for

__all__ = [
    "KINDS",
    "SENTENCES",
    "BoardAnswer",
    "Chapter",
    "Exercise",
    "Feedback",
    "LessonError",
    "Option",
    "Phrase",
    "Position",
    "Progress",
    "Puzzle",
    "PuzzleSource",
    "PuzzleTrainer",
    "RatedPuzzle",
    "Section",
    "Situation",
    "Step",
    "TrainerRecord",
    "Verdict",
    "Walk",
    "load_chapter",
    "load_puzzles",
    "loads_chapter",
    "mistake_puzzles",
    "phrase",
    "puzzle",
    "puzzles",
    "rule_ids_in",
    "rules_for",
    "shipped_chapters",
    "teacher_puzzles",
    "walk_click",
    "walk_interaction",
]
