"""The shipped puzzles: thousands of positions mined from games (:mod:`~splendor_nb.learn.
puzzle_mining`), each with its answer, its themes, its rating and the game it comes from.

The puzzles ship as package data, ``data/puzzles.jsonl.gz``: one source game a line, its record
and its puzzles. :func:`load_puzzles` reads them all (and filters by player count and theme);
a puzzle's position is replayed from its game only when it is first asked for, so loading is
quick. :func:`build_puzzle_file` writes the file from the miner's output.

>>> puzzles = load_puzzles()
>>> first = puzzles[0]
>>> first.state.turn == first.source.turn, first.check(first.first)
(True, True)
>>> first.first in first.state.legal_moves(), first.runner_up != first.first
(True, True)
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import TYPE_CHECKING

from splendor_nb.engine import GameState
from splendor_nb.learn.checkers import action
from splendor_nb.learn.puzzle_file import MinedGame, MinedPuzzle, read_mined
from splendor_nb.learn.puzzle_rating import PUZZLE_DEVIATION, START, Rating
from splendor_nb.learn.puzzle_themes import THEMES, themes
from splendor_nb.moves import Move
from splendor_nb.replay import Replay

if TYPE_CHECKING:
    from splendor_nb.analysis.game_review import Review

PUZZLES_FILE = "puzzles.jsonl.gz"
"""The shipped puzzles, in the package's data folder."""
REVIEWED = "reviewed"
"""The source's corpus name of a puzzle made from a reviewed game's mistake."""


@dataclass(frozen=True)
class PuzzleSource:
    """Where a puzzle comes from: a game of a corpus, and the turns played before it."""

    corpus: str
    """The corpus's folder name (``easy-v-medium-2p``)."""
    game: str
    """The game's id in its corpus (``game-0000101``)."""
    turn: int

    def __str__(self) -> str:
        return f"{self.corpus}/{self.game}/{self.turn}"


@dataclass(frozen=True)
class RatedPuzzle:
    """A mined puzzle: find :attr:`answer` in :attr:`state`."""

    source: PuzzleSource
    players: int
    answer: Move | tuple[Move, ...]
    """The move to find; for a *line*, the whole line: the first move to find, the other
    players' replies as the miner's search expects them, then the mover's next move to find
    (:attr:`moves`, :attr:`steps`). Any move of the same action solves a step (the tokens given
    back and the noble are the turn's last step, not the puzzle's)."""
    runner_up: Move
    """The best other move: what the answer is compared with."""
    chance: float
    """The mover's chance of winning with the answer, as the miner's search judged it."""
    runner_up_chance: float
    rating: Rating
    themes: tuple[str, ...]
    line: tuple[Move, ...]
    """How the miner's search expects the round to finish after the answer, near the end."""
    record: str = field(repr=False)
    """The source game's replay text."""

    @property
    def moves(self) -> tuple[Move, ...]:
        """The line: the answer alone for a puzzle of one move."""
        return self.answer if isinstance(self.answer, tuple) else (self.answer,)

    @property
    def first(self) -> Move:
        """The first move to find."""
        return self.moves[0]

    @property
    def steps(self) -> tuple[int, ...]:
        """Where in :attr:`moves` the learner's moves are (between them, the replies)."""
        return tuple(range(0, len(self.moves), self.players))

    def state_at(self, step: int) -> GameState:
        """The position before the line's move ``step``: the puzzle's, then after its moves."""
        state = self.state
        for move in self.moves[:step]:
            state = state.apply(move)
        return state

    @property
    def id(self) -> str:
        """The puzzle's name: its source."""
        return str(self.source)

    @cached_property
    def replay(self) -> Replay:
        """The whole source game (to open in the Replay tab at :attr:`source`'s turn)."""
        return Replay.loads(self.record)

    @property
    def state(self) -> GameState:
        """The position to find the move in."""
        return self.replay.state(self.source.turn)

    @property
    def margin(self) -> float:
        """How much more often the answer wins than the runner-up."""
        return self.chance - self.runner_up_chance

    def check(self, move: Move | str, step: int = 0) -> bool:
        """Whether ``move`` is right at the line's move ``step`` (one of :attr:`steps`): it
        makes that move's action."""
        played = Move.parse(move) if isinstance(move, str) else move
        return action(played) == action(self.moves[step])


def load_puzzles(players: int | None = None, themes: Iterable[str] = ()) -> list[RatedPuzzle]:
    """The shipped puzzles, easiest first; only those for ``players`` players, and only those
    with every theme of ``themes`` (:data:`~splendor_nb.learn.puzzle_themes.THEMES`).

    >>> all(puzzle.players == 2 and "gold" in puzzle.themes
    ...     for puzzle in load_puzzles(players=2, themes=["gold"]))
    True
    """
    wanted = tuple(themes)
    unknown = [theme for theme in wanted if theme not in THEMES]
    if unknown:
        raise ValueError(f"no puzzle theme {unknown[0]!r}; the themes are {', '.join(THEMES)}")
    return [puzzle for puzzle in _shipped()
            if (players is None or puzzle.players == players)
            and all(theme in puzzle.themes for theme in wanted)]


def puzzles_of(games: Iterable[MinedGame]) -> list[RatedPuzzle]:
    """The puzzles of mined games, easiest first."""
    found = [_rated(game, mined) for game in games for mined in game.puzzles
             if action(Move.parse(mined.runner_up)) != action(Move.parse(mined.answer))]
    return sorted(found, key=lambda puzzle: (puzzle.rating.rating, puzzle.id))


def mistake_puzzles(replay: Replay, review: Review, player: int, least: str = "mistake",
                    rating: Rating | None = None) -> list[RatedPuzzle]:
    """*Practise my mistakes*: each move of ``player`` that ``review`` labels ``least`` or
    worse (:func:`~splendor_nb.analysis.game_review.label`) as a puzzle, whose answer is the
    expert's move there and whose tempting wrong move is the one played. Each is rated
    ``rating`` (the learner's, so they come at their level), else a new puzzle's start.

    >>> from splendor_nb.analysis.game_review import made_up
    >>> from splendor_nb.engine import new_game
    >>> mistake_puzzles(Replay.from_state(new_game()), made_up(), player=0)  # no move to judge
    []
    """
    record = replay.dumps()
    start = Rating(rating.rating if rating is not None else START, PUZZLE_DEVIATION)
    found = []
    for move in review.moves:
        if move.player != player or move.turn not in review.mistakes(least, player):
            continue
        state = replay.state(move.turn - 1)
        found.append(RatedPuzzle(
            source=PuzzleSource(REVIEWED, str(replay.headers.get("event") or "game"),
                                move.turn - 1),
            players=replay.players, answer=move.best, runner_up=move.move,
            chance=move.best_after, runner_up_chance=move.after, rating=start,
            themes=themes(state, move.best), line=(), record=record))
    return found


def build_puzzle_file(mined: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str]
                      ) -> int:
    """Write the puzzle file ``out`` from the miner's files ``mined``: the games that hold a
    puzzle, each once. Returns the number of puzzles."""
    games = {game.source: game for path in mined for game in read_mined(path) if game.puzzles}
    lines = "".join(games[source].to_line() + "\n" for source in sorted(games))
    with open(out, "wb") as file, gzip.GzipFile("", "wb", fileobj=file, mtime=0) as packed:
        packed.write(lines.encode("utf-8"))  # no name, no time: the same games, the same bytes
    return sum(len(game.puzzles) for game in games.values())


@cache
def _shipped() -> tuple[RatedPuzzle, ...]:
    with resources.as_file(resources.files("splendor_nb").joinpath("data", PUZZLES_FILE)) as path:
        return tuple(puzzles_of(read_mined(path)))


def _rated(game: MinedGame, mined: MinedPuzzle) -> RatedPuzzle:
    corpus, game_id = game.source.rsplit("/", 1)
    return RatedPuzzle(
        source=PuzzleSource(corpus, game_id, mined.turn),
        players=json.loads(game.record)["setup"]["players"],
        answer=(tuple(map(Move.parse, (mined.answer, *mined.then))) if mined.then
                else Move.parse(mined.answer)),
        runner_up=Move.parse(mined.runner_up), chance=mined.chance,
        runner_up_chance=mined.runner_up_chance,
        rating=Rating(mined.rating, PUZZLE_DEVIATION), themes=mined.themes,
        line=tuple(map(Move.parse, mined.line)), record=game.record)
