"""The engine's judgement of a replay's main line, as the file stores it apart from the
comments and glyphs people write (made by :mod:`splendor_nb.analysis.game_review`).

>>> PositionAnalysis((0.4, 0.6), best_chances=(0.5, 0.5)).to_json()
{'chances': [0.4, 0.6], 'best_chances': [0.5, 0.5]}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.replay.move_tree import Turn, parse_move
from splendor_nb.replay.replay_errors import FORMAT_RULE, NOTATION, ReplayError

if TYPE_CHECKING:
    from splendor_nb.replay.game_record import Replay

@dataclass(frozen=True)
class PositionAnalysis:
    """The engine's judgement of one position of the main line (see :class:`Analysis`).

    ``move`` and ``revealed`` are those of the turn that led here (``None`` at the setup), so
    that an entry whose turn is no longer in the main line can be told apart.
    """

    chances: tuple[float, ...]
    """Each player's chance of winning from here."""
    best: Move | None = None
    """The reviewing bot's move here (``None`` once the game is over)."""
    best_chances: tuple[float, ...] | None = None
    """Each player's chance after ``best``, when it is not the move played next."""
    move: str | None = None
    revealed: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The entry as it is written in the file (empty fields left out).

        >>> PositionAnalysis((0.5, 0.5), Move.parse("+wbg")).to_json()
        {'chances': [0.5, 0.5], 'best': '+wbg'}
        """
        data: dict[str, Any] = {}
        if self.move is not None:
            data["move"] = self.move
        if self.revealed is not None:
            data["revealed"] = self.revealed
        data["chances"] = list(self.chances)
        if self.best is not None:
            data["best"] = str(self.best)
        if self.best_chances is not None:
            data["best_chances"] = list(self.best_chances)
        return data

    def follows(self, turn: Turn | None) -> bool:
        """Whether this entry is about the position after ``turn`` (``None``: the setup)."""
        if turn is None:
            return self.move is None
        return self.move == str(turn.move) and self.revealed == turn.revealed


@dataclass(frozen=True)
class Analysis:
    """What the engine judged of the main line, stored in the file apart from the comments and
    glyphs people write: an entry per position from the setup on, with what produced it.

    ``engine`` names the code that judged (stale when it changed) and ``budget`` the reviewing
    bot's work per move (the expert's simulations). :meth:`current` says how many entries
    still hold.

    >>> from splendor_nb.engine import new_game
    >>> from splendor_nb.replay import Replay
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> replay.analysis = Analysis("test engine", 100, (PositionAnalysis((0.5, 0.5)),))
    >>> replay.analysis.current(replay.turns), replay.version
    (1, 2)
    """

    engine: str
    budget: int
    positions: tuple[PositionAnalysis, ...]

    def current(self, turns: Sequence[Turn]) -> int:
        """How many leading entries are about the positions of the main line ``turns``: entry
        ``i`` holds while turns 1 to ``i`` are the ones it was made for."""
        for index, entry in enumerate(self.positions[:len(turns) + 1]):
            if not entry.follows(turns[index - 1] if index else None):
                return index
        return min(len(self.positions), len(turns) + 1)

    def to_json(self) -> dict[str, Any]:
        """The analysis as it is written in the file."""
        return {"engine": self.engine, "budget": self.budget,
                "positions": [entry.to_json() for entry in self.positions]}


def read_analysis(data: dict[str, Any], replay: Replay) -> Analysis:
    """The analysis of a file checked by the schema: each entry's chances are one per player,
    its moves parse, and the preferred moves of the entries that still hold are legal there.
    A :class:`ReplayError` names the entry; its ``partial`` is the replay without analysis.
    """
    positions = []
    for index, entry in enumerate(data["positions"]):
        where = f"analysis/positions/{index}"
        for key in ("chances", "best_chances"):
            if key in entry and len(entry[key]) != replay.players:
                raise ReplayError(f"not a valid replay: {where}/{key}: {len(entry[key])} "
                                  f"chances for a {replay.players}-player game",
                                  rule=FORMAT_RULE, partial=replay)
        try:
            best = parse_move(entry["best"]) if "best" in entry else None
        except InvalidMoveError as error:
            raise ReplayError(f"not a valid replay: {where}/best: {error}", rule=NOTATION,
                              partial=replay) from error
        best_chances = entry.get("best_chances")
        positions.append(PositionAnalysis(
            tuple(entry["chances"]), best, None if best_chances is None else tuple(best_chances),
            entry.get("move"), entry.get("revealed")))
    analysis = Analysis(data["engine"], data["budget"], tuple(positions))
    for index in range(analysis.current(replay.turns)):
        best = positions[index].best
        if best is None:
            continue
        try:
            replay.state(index).apply(best)
        except IllegalMoveError as error:
            raise ReplayError(f"not a valid replay: analysis/positions/{index}/best: "
                              f"{error.rule}: {error.reason}", rule=error.rule,
                              partial=replay) from error
    return analysis
