"""Find-the-move puzzles from replays: the position before a turn, and the move to find.

Any turn of a replay becomes a :class:`Puzzle`: the answer is the move played there, or the
hard bot's choice, and the turn's comment is the explanation. :func:`teacher_puzzles` gives the
first set, from the commented turns of the shipped teacher game.

>>> first = teacher_puzzles()[0]
>>> first.number, first.player, str(first.answer)
(1, 'Ada', '+wbg')
>>> first.check("+wbg").correct, first.check("+rr").correct
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Literal

from splendor_nb.ai import Bot
from splendor_nb.engine import GameState
from splendor_nb.learn.checkers import KINDS, Situation, Verdict
from splendor_nb.learn.phrases import Phrase, phrase
from splendor_nb.moves import Move
from splendor_nb.replay import Replay

Source = Literal["played", "hard"]
TEACHER_GAME = "teacher-2p"
"""The shipped replay whose commented turns are the first puzzles."""


@dataclass(frozen=True)
class Puzzle:
    """The position before turn ``number`` of a replay, and the move to find there."""

    replay: Replay = field(repr=False)
    turn: int
    """Turns played before the puzzle's position (the move to find is turn ``turn + 1``)."""
    answer: Move
    source: Source = "played"

    @property
    def number(self) -> int:
        """The turn to find, counted from 1 as the replay viewer counts them."""
        return self.turn + 1

    @property
    def state(self) -> GameState:
        """The position the puzzle shows."""
        return self.replay.state(self.turn)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names."""
        return tuple(self.replay.names)

    @property
    def player(self) -> str:
        """The name of the player who must find the move."""
        return self.names[self.state.current_player]

    @property
    def played(self) -> Move:
        """The move the game went on with (the answer, unless the hard bot's is asked)."""
        return self.replay.turns[self.turn].move

    @property
    def explanation(self) -> str:
        """The replay's comment on the turn (``""`` if it has none)."""
        return self.replay.turns[self.turn].comment

    @property
    def glyph(self) -> str:
        """The replay's glyph on the turn (``!``, ``??``, ...)."""
        return self.replay.turns[self.turn].glyph

    @property
    def hint(self) -> Phrase:
        """A first hint: which of the four actions the answer is.

        >>> print(teacher_puzzles()[3].hint)
        Ada reserves a card.
        """
        return phrase(f"hint.{self.answer.kind}", player=self.player)

    def check(self, answer: Move | str) -> Verdict:
        """Judge a move: right when it makes the same action as the answer (the tokens given
        back may differ); an illegal move is wrong with the rule it breaks."""
        situation = Situation(self.state, self.names, self.played)
        return KINDS["find_the_move"].check(situation, {"move": str(self.answer)}, str(answer))


def puzzle(replay: Replay, turn: int, source: Source = "played", seed: int = 0) -> Puzzle:
    """The puzzle of the move played after ``turn`` turns, or of the hard bot's move there.

    >>> from splendor_nb import new_game
    >>> game = Replay.from_state(new_game(seed=7))
    >>> _ = game.play("+rr")
    >>> str(puzzle(game, 0).answer), puzzle(game, 0).player
    ('+rr', 'Player 1')
    """
    if not 0 <= turn < len(replay):
        raise IndexError(f"turn {turn} has no move after it in this replay (0 to "
                         f"{len(replay) - 1})")
    state = replay.state(turn)
    answer = replay.turns[turn].move if source == "played" else \
        Bot("hard", seed=seed).choose(state)
    return Puzzle(replay, turn, answer, source)


def puzzles(replay: Replay, source: Source = "played", commented_only: bool = True,
            seed: int = 0) -> list[Puzzle]:
    """A puzzle for every commented turn of ``replay`` (every turn with ``commented_only``
    false)."""
    return [puzzle(replay, turn, source, seed) for turn, entry in enumerate(replay.turns)
            if entry.comment or not commented_only]


def teacher_puzzles(source: Source = "played") -> list[Puzzle]:
    """The first set: the commented turns of the shipped teacher game."""
    text = resources.files("splendor_nb").joinpath("data", "replays", f"{TEACHER_GAME}.json")
    return puzzles(Replay.loads(text.read_bytes()), source)
