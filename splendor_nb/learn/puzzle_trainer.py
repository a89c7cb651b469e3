"""A learner's puzzle training (:class:`PuzzleTrainer`): the next puzzle at their level, their
attempts, their rating and streak, and the puzzles' ratings as their attempts move them.

The trainer holds no widgets: the Learn tab's trainer and a notebook show what it says. What a
learner has done is a :class:`TrainerRecord`, written as JSON: on disk in JupyterLab
(:func:`record_file`), in the browser's storage in the app, so that it survives a visit and no
visitor of a public demo sees another's. Each learner's record keeps its own ratings of the
puzzles they tried, which drift towards how hard the puzzles are for them.

>>> from splendor_nb.learn.puzzle_set import load_puzzles
>>> trainer = PuzzleTrainer(load_puzzles(players=2), seed=1)
>>> puzzle = trainer.next_puzzle()
>>> outcome = trainer.attempt(puzzle, puzzle.moves[puzzle.steps[-1]], puzzle.steps[-1])
>>> outcome.solved, trainer.record.streak, trainer.record.learner.rating > 1500
(True, 1, True)

A line of two moves to find is one attempt: the learner's last move found solves it, a wrong
move at any step fails it (the view asks for the first, plays the replies, then asks for the
next).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from splendor_nb.learn.puzzle_rating import Rating, attempt
from splendor_nb.learn.puzzle_set import RatedPuzzle
from splendor_nb.learn.puzzle_themes import THEMES
from splendor_nb.moves import Move

NEAREST = 12
"""The next puzzle is drawn from this many untried puzzles nearest the learner's rating."""
RETRY_AFTER = 50
"""A puzzle failed comes back once this many other attempts have been made."""
RECORD_FILE = "puzzles.json"
"""The record's file name, in the learner's data folder (:func:`record_file`)."""


@dataclass(frozen=True)
class Attempt:
    """One attempt: the puzzle, the move tried, whether it solved it, the learner's rating
    after it, and when."""

    puzzle: str
    move: str
    solved: bool
    rating: float
    when: str

    def to_json(self) -> dict[str, Any]:
        """The attempt as the record's JSON holds it."""
        return {"puzzle": self.puzzle, "move": self.move, "solved": self.solved,
                "rating": round(self.rating, 1), "when": self.when}


@dataclass
class TrainerRecord:
    """What a learner has done: their rating, streaks, attempts and ratings of the puzzles."""

    learner: Rating = field(default_factory=Rating)
    streak: int = 0
    """Puzzles solved in a row, up to now."""
    best_streak: int = 0
    history: list[Attempt] = field(default_factory=list)
    puzzles: dict[str, Rating] = field(default_factory=dict)
    """The ratings of the puzzles tried, by id, as this learner's attempts moved them."""

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (the trainer's file, the browser's storage)."""
        return {"format": "splendor-nb-puzzle-record", "version": 1,
                "learner": _rating_json(self.learner), "streak": self.streak,
                "best_streak": self.best_streak,
                "history": [entry.to_json() for entry in self.history],
                "puzzles": {key: _rating_json(value) for key, value in self.puzzles.items()}}

    @classmethod
    def from_json(cls, data: Any) -> TrainerRecord:
        """A record from :meth:`to_json`'s data; anything else (a damaged or foreign file)
        gives a fresh record rather than an error, since nothing else can be done with it.

        >>> TrainerRecord.from_json({"format": "something else"}) == TrainerRecord()
        True
        """
        try:
            if data["format"] != "splendor-nb-puzzle-record":
                return cls()
            return cls(_rating(data["learner"]), int(data["streak"]), int(data["best_streak"]),
                       [Attempt(str(entry["puzzle"]), str(entry["move"]), bool(entry["solved"]),
                                float(entry["rating"]), str(entry["when"]))
                        for entry in data["history"]],
                       {str(key): _rating(value) for key, value in data["puzzles"].items()})
        except (KeyError, TypeError, ValueError, AttributeError):
            return cls()


@dataclass(frozen=True)
class Outcome:
    """What an attempt gave: solved or not, the answer, and the learner's rating change."""

    puzzle: RatedPuzzle
    move: Move
    solved: bool
    change: float
    """How many points the learner's rating moved."""


class PuzzleTrainer:
    """Puzzles for one learner, filtered by player count and themes, drawn at their level."""

    def __init__(self, puzzles: Sequence[RatedPuzzle], record: TrainerRecord | None = None,
                 seed: int | None = None) -> None:
        self.puzzles = tuple(puzzles)
        self.record = TrainerRecord() if record is None else record
        self.players: int | None = None
        """Only puzzles for this many players (``None``: any)."""
        self.themes: tuple[str, ...] = ()
        """Only puzzles with each of these themes."""
        self._rng = random.Random(seed)
        self._by_id = {puzzle.id: puzzle for puzzle in self.puzzles}

    def choose(self, players: int | None = None, themes: Iterable[str] = ()) -> None:
        """Keep only the puzzles for ``players`` players and with every one of ``themes``."""
        wanted = tuple(themes)
        unknown = [theme for theme in wanted if theme not in THEMES]
        if unknown:
            raise ValueError(f"no puzzle theme {unknown[0]!r}; the themes are "
                             f"{', '.join(THEMES)}")
        self.players, self.themes = players, wanted

    def rating_of(self, puzzle: RatedPuzzle) -> Rating:
        """The puzzle's rating for this learner: moved by their attempts, else its own."""
        return self.record.puzzles.get(puzzle.id, puzzle.rating)

    def candidates(self) -> list[RatedPuzzle]:
        """The puzzles the filters keep that may come next: never solved, and not failed in
        the last :data:`RETRY_AFTER` attempts."""
        recent = {entry.puzzle for entry in self.record.history[-RETRY_AFTER:]}
        solved = {entry.puzzle for entry in self.record.history if entry.solved}
        return [puzzle for puzzle in self.puzzles
                if (self.players is None or puzzle.players == self.players)
                and all(theme in puzzle.themes for theme in self.themes)
                and puzzle.id not in solved and puzzle.id not in recent]

    def next_puzzle(self) -> RatedPuzzle | None:
        """A puzzle near the learner's rating, drawn among the :data:`NEAREST` nearest; ``None``
        when the filters leave none to try."""
        left = self.candidates()
        if not left:
            return None
        level = self.record.learner.rating
        nearest = sorted(left, key=lambda puzzle: abs(self.rating_of(puzzle).rating - level))
        return self._rng.choice(nearest[:NEAREST])

    def attempt(self, puzzle: RatedPuzzle, move: Move | str, step: int = 0) -> Outcome:
        """Judge ``move`` as the learner's move at the line's move ``step`` (for a line, the
        last step, or a step they got wrong), and move the ratings, the streak and the history
        by it."""
        played = Move.parse(move) if isinstance(move, str) else move
        solved = puzzle.check(played, step)
        before = self.record.learner
        learner, rated = attempt(before, self.rating_of(puzzle), solved)
        record = self.record
        record.learner = learner
        record.puzzles[puzzle.id] = rated
        record.streak = record.streak + 1 if solved else 0
        record.best_streak = max(record.best_streak, record.streak)
        record.history.append(Attempt(puzzle.id, str(played), solved, learner.rating,
                                      datetime.now(UTC).isoformat(timespec="seconds")))
        return Outcome(puzzle, played, solved, learner.rating - before.rating)

    def puzzle(self, puzzle_id: str) -> RatedPuzzle:
        """A puzzle by its id."""
        return self._by_id[puzzle_id]

    def reset(self) -> None:
        """Forget everything the learner did: a new rating, no history."""
        self.record = TrainerRecord()


def record_file(folder: str | os.PathLike[str] | None = None) -> Path:
    """Where JupyterLab keeps a learner's record: ``folder``, else ``$SPLENDOR_NB_DATA``, else
    the user's data folder (``$XDG_DATA_HOME/splendor_nb``, ``~/.local/share/splendor_nb``).

    >>> record_file("/tmp/x").as_posix()
    '/tmp/x/puzzles.json'
    """
    if folder is None:
        folder = os.environ.get("SPLENDOR_NB_DATA") or Path(
            os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "splendor_nb"
    return Path(folder) / RECORD_FILE


def load_record(path: str | os.PathLike[str]) -> TrainerRecord:
    """The record kept in ``path``; a fresh one if there is none (or it cannot be read)."""
    try:
        return TrainerRecord.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError):
        return TrainerRecord()


def save_record(record: TrainerRecord, path: str | os.PathLike[str]) -> None:
    """Keep ``record`` in ``path``, written whole or not at all (a temporary file renamed)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(json.dumps(record.to_json(), ensure_ascii=False), encoding="utf-8")
    temporary.replace(target)


def _rating_json(rating: Rating) -> list[float]:
    return [round(rating.rating, 2), round(rating.deviation, 2)]


def _rating(data: Any) -> Rating:
    rating, deviation = (float(value) for value in data)
    return Rating(rating, deviation)
