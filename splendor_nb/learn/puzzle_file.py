"""The mined puzzles' file: gzipped JSON Lines, one :class:`MinedGame` a line (its record and
its puzzles, each a :class:`MinedPuzzle`), as :mod:`~splendor_nb.learn.puzzle_mining` writes it
and :mod:`~splendor_nb.learn.puzzle_set` reads it. Reading it needs neither the search nor
the corpus.

>>> game = MinedGame("made-up/game-0000001", "{}", 30, ())
>>> MinedGame.from_line(game.to_line()) == game
True
"""

from __future__ import annotations

import gzip
import json
import os
import zlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class MinedPuzzle:
    """A position of a game where one move is clearly best, as the miner found it."""

    turn: int
    """Turns played before the position (the move to find is the game's turn ``turn + 1``)."""
    answer: str
    """The move to find, in the notation (the action's best-rated way of ending the turn)."""
    then: tuple[str, ...]
    """For a line of two moves to find, the moves after the answer: the other players' replies
    as the miner's search expects them, then the mover's next move, itself clearly best; else
    empty."""
    margin: float
    """The answer's least lead in win chance over every other move, over the judges."""
    chance: float
    """The mover's chance of winning with the answer, the judges' mean."""
    runner_up: str
    """The best other move: the tempting one a learner most often plays instead."""
    runner_up_chance: float
    """The mover's chance of winning with the runner-up, the judges' mean."""
    found: dict[str, tuple[int, int]]
    """Per weaker level, the tries that found the answer and the tries."""
    line: tuple[str, ...]
    """How the miner's search expects the round to finish after the answer, when the end is near."""
    themes: tuple[str, ...]
    rating: float
    """The starting rating, from ``found``."""

    def to_json(self) -> dict[str, Any]:
        """The puzzle as it is written in a mined file."""
        data = asdict(self)
        data["found"] = {level: list(pair) for level, pair in self.found.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MinedPuzzle:
        """A puzzle read back from :meth:`to_json`."""
        return cls(data["turn"], data["answer"], tuple(data["then"]), data["margin"],
                   data["chance"], data["runner_up"], data["runner_up_chance"],
                   {level: (pair[0], pair[1]) for level, pair in data["found"].items()},
                   tuple(data["line"]), tuple(data["themes"]), float(data["rating"]))


@dataclass(frozen=True)
class MinedGame:
    """One game's puzzles, with the game itself so that each can be shown and opened."""

    source: str
    """Where the game comes from: the corpus folder's name and the game's id."""
    record: str
    """The game's replay text (its main line), compact."""
    positions: int
    """The positions judged."""
    puzzles: tuple[MinedPuzzle, ...]

    def to_line(self) -> str:
        """The game as one line of a mined file."""
        return json.dumps({"source": self.source, "record": self.record,
                           "positions": self.positions,
                           "puzzles": [puzzle.to_json() for puzzle in self.puzzles]},
                          ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_line(cls, line: str | bytes) -> MinedGame:
        """A game read back from :meth:`to_line`."""
        data = json.loads(line)
        return cls(data["source"], data["record"], data["positions"],
                   tuple(MinedPuzzle.from_json(puzzle) for puzzle in data["puzzles"]))


def gzip_member(game: MinedGame) -> bytes:
    """``game`` as a member of a mined file: a gzip member a game, so that a run stopped while
    writing tears the last game only (:func:`read_mined` stops before it)."""
    return gzip.compress((game.to_line() + "\n").encode("utf-8"), mtime=0)


def read_mined(path: str | os.PathLike[str]) -> Iterator[MinedGame]:
    """The games of a mined file, in the order they were written, up to a game that a stopped
    run left torn (that game is mined again by the next run)."""
    with gzip.open(path, "rt", encoding="utf-8") as file:
        try:
            for line in file:
                yield MinedGame.from_line(line)
        except (EOFError, OSError, zlib.error, json.JSONDecodeError, KeyError):
            return
