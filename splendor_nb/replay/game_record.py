"""The :class:`Replay`: a game's record, its move tree with the headers (players, date, result),
the engine's analysis and the file it was read from or saved to.

>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7), {"event": "club night"})
>>> _ = replay.play("+wbg")
>>> again = Replay.loads(replay.dumps())
>>> again.headers["event"], str(again.turns[0].move), again.version
('club night', '+wbg', 1)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from splendor_nb.engine import GameState
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.replay.move_paths import MovePath, as_path, path_in_words
from splendor_nb.replay.move_tree import GLYPHS, MoveTree, Turn, parse_move
from splendor_nb.replay.replay_errors import FORMAT_RULE, NOTATION, ReplayError
from splendor_nb.replay.replay_files import FileStamp, read_file, write_file
from splendor_nb.replay.replay_schema import check_loadable, checked_headers, document_problem
from splendor_nb.replay.replay_setup import start_state
from splendor_nb.replay.replay_text import file_bytes, text_parts
from splendor_nb.replay.stored_analysis import Analysis, read_analysis
from splendor_nb.replay.strict_json import read_document


class Replay(MoveTree):
    """A game as its setup and turns, with every position after each turn kept for random access.

    Build one with :meth:`from_state` (an engine game, deck order known), :meth:`from_setup` (a
    game typed in from a table, deck order unknown) or :meth:`load`/:meth:`loads`.

    Its moves are a :class:`~splendor_nb.replay.move_tree.MoveTree`: ``turns`` is the main
    line, and a :data:`MovePath` names any move (:meth:`annotate` takes one too). Beside them a
    replay holds its ``headers``, the engine's ``analysis`` and the ``source_stamp`` of its file.
    """

    def __init__(self, start: GameState, headers: dict[str, Any], known_decks: bool) -> None:
        super().__init__(start, known_decks)
        self.headers = headers
        self.source_stamp: FileStamp | None = None
        """The file this replay was loaded from or last saved to, as it was then."""
        self.analysis: Analysis | None = None
        """The engine's judgement of the main line (:mod:`splendor_nb.analysis.game_review`)."""

    # --- building -------------------------------------------------------------------------------

    @classmethod
    def from_state(cls, state: GameState, headers: dict[str, Any] | None = None) -> Replay:
        """Start recording an engine game at its first position; revealed cards are recorded.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=3, seed=1), {"event": "club night"})
        >>> replay.players, replay.names, replay.headers["seed"], replay.headers["event"]
        (3, ['Player 1', 'Player 2', 'Player 3'], 1, 'club night')
        """
        if state.turn != 0:
            raise ValueError(f"a replay starts at turn 0; this state is at turn {state.turn}")
        headers = checked_headers(len(state.players), state.seed, headers)
        return cls(state, headers, known_decks=True)

    @classmethod
    def from_setup(cls, players: int, nobles: Sequence[str], market: Sequence[Sequence[str]],
                   headers: dict[str, Any] | None = None) -> Replay:
        """Start typing in a game played on a table: the nobles and the 12 face-up cards.

        The deck order is unknown, so :meth:`play` needs ``reveal`` each time a card comes off a
        deck (R-REFILL). Unknown or misplaced ids raise :class:`ReplayError`.

        >>> replay = Replay.from_setup(2, ["N1", "N5", "N9"],
        ...     [["1w1", "1b1", "1g1", "1r1"], ["2w1", "2b1", "2g1", "2r1"],
        ...      ["3w1", "3b1", "3g1", "3r1"]], {"players": [{"name": "Ann"}, {"name": "Bo"}]})
        >>> _ = replay.play("R1w1", reveal="1k4")
        >>> [c.id for c in replay.state(1).market[1]], replay.names
        (['1k4', '1b1', '1g1', '1r1'], ['Ann', 'Bo'])
        """
        start = start_state(players, nobles, market, (headers or {}).get("seed"))
        return cls(start, checked_headers(players, None, headers), known_decks=False)

    def play(self, move: Move | str, reveal: str | None = None) -> GameState:
        """Append a turn after checking it; return the new position.

        Raises :class:`InvalidMoveError` for text that is not a move, :class:`IllegalMoveError`
        (with ``.rule``) for a rule violation, including R-REFILL when a card comes off a deck
        whose order is unknown and ``reveal`` does not say which one. With a known deck order
        (:meth:`from_state`) the revealed card is recorded automatically.

        >>> replay = Replay.from_setup(2, ["N1", "N2", "N3"], [[f"{t}w{i}" for i in range(1, 5)]
        ...                            for t in (1, 2, 3)])
        >>> replay.play("B1w1")
        Traceback (most recent call last):
        ...
        splendor_nb.moves.IllegalMoveError: R-BUY: card 1w1 costs 2 red, 1 black after bonuses; ...
        """
        after = super().play(move, reveal)
        if after.over and not self.headers.get("result"):
            self.headers["result"] = "-".join(map(str, after.scores))
            self.headers["ended_by"] = after.end_rule  # R-END-TRIGGER, R-PASS or R-REPEAT
        return after

    def annotate(self, turn: int | MovePath, comment: str | None = None,
                 glyph: str | None = None) -> None:
        """Set the comment and/or glyph of turn ``turn`` (1 = the first move), or of the move
        at a :data:`MovePath` in a variation; ``""`` clears.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.annotate(1, glyph="?!"); replay.turns[0].glyph
        '?!'
        >>> replay.annotate(1, glyph="?!?")
        Traceback (most recent call last):
        ...
        ValueError: glyph '?!?' is not one of ! ? !! ?? !? ?! (or '' to clear)
        >>> replay.annotate(replay.add_variation(1, "+rr"), comment="Red first?")
        >>> replay.turns[0].variations[0][0].comment
        'Red first?'
        """
        if isinstance(turn, int) and not 1 <= turn <= len(self.turns):
            raise IndexError(f"turn {turn} is not in this replay (1 to {len(self.turns)})")
        entry = self._turn(as_path(turn))
        if glyph is not None and glyph and glyph not in GLYPHS:
            raise ValueError(f"glyph {glyph!r} is not one of {' '.join(GLYPHS)} (or '' to clear)")
        if comment is not None:
            entry.comment = comment
        if glyph is not None:
            entry.glyph = glyph

    # --- the record -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"<Replay {self.players} players ({', '.join(self.names)}), {len(self)} turns, "
                f"scores {'-'.join(map(str, self.state(len(self)).scores))}>")

    @property
    def names(self) -> list[str]:
        """The players' names from the headers (``Player 1`` ... where there is none)."""
        given = self.headers.get("players") or []
        return [str(given[i].get("name") or f"Player {i + 1}") if i < len(given)
                else f"Player {i + 1}" for i in range(self.players)]

    @property
    def version(self) -> int:
        """The format version :meth:`save` writes: 2 with variations or an analysis, else 1."""
        has_variations = any(turn.variations for turn in self.turns)
        return 2 if has_variations or self.analysis is not None else 1

    # --- files ----------------------------------------------------------------------------------

    def dumps(self) -> str:
        """The replay file's text: stable key order, one turn per line, ending with a newline."""
        return "".join(text_parts(self))

    def save(self, path: str | os.PathLike[str], *, if_unchanged: bool = False) -> None:
        """Write the file atomically, through a symlink to its target, keeping the target's mode.

        A file that :meth:`load` would refuse is not written: a :class:`ReplayError` says why
        (over :data:`MAX_BYTES`, or headers that are not a replay's, set after it was made).
        The text goes to a temporary file beside the target (``.NAME.splendor-tmp-*``; those a
        crashed save left are removed), synced, renamed over the target, and the folder synced.

        ``if_unchanged=True`` guards a file another program or page may have changed: instead
        of overwriting a file whose content this replay has not seen (not the one it was loaded
        from or last saved to, see :attr:`source_stamp`, or changed since), it raises
        :class:`FileChangedError`, and nothing is written. A path with no file is always saved.
        The check is made just before the rename: two saves in the same instant can still race.

        >>> import pathlib, tempfile
        >>> from splendor_nb.engine import new_game
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = pathlib.Path(folder.name, "game.json")
        >>> Replay.from_state(new_game(players=2, seed=7)).save(path)
        >>> opened = Replay.load(path)
        >>> other = Replay.load(path); _ = other.play("+wbg"); other.save(path, if_unchanged=True)
        >>> opened.save(path, if_unchanged=True)
        Traceback (most recent call last):
        ...
        splendor_nb.replay.FileChangedError: .../game.json: changed since it ...
        >>> folder.cleanup()
        """
        data = file_bytes(self)
        check_loadable(data)
        self.source_stamp = write_file(path, data, if_unchanged=if_unchanged,
                                       seen=self.source_stamp)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Read and validate a replay file; any problem is a :class:`ReplayError` naming the file.

        Only a regular file is read (not a folder, a device or a pipe), and at most
        :data:`MAX_BYTES` of it.

        >>> Replay.load("no/such/file.json")
        Traceback (most recent call last):
        ...
        splendor_nb.replay.ReplayError: no/such/file.json: cannot read: No such ...
        """
        data = read_file(path)
        try:
            replay = cls._parse_bytes(data)
        except ReplayError as error:
            error.args = (f"{path}: {error}",)
            raise
        replay.source_stamp = FileStamp.of(path, data)
        return replay

    @classmethod
    def loads(cls, text: str | bytes) -> Replay:
        """Read and validate a replay from its text (or UTF-8 bytes).

        >>> Replay.loads('{"format": "chess-pgn"}')
        Traceback (most recent call last):
        ...
        splendor_nb.replay.ReplayError: not a splendor-nb replay: format is ...
        """
        return cls._parse_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str)
                                else text)

    @classmethod
    def _parse_bytes(cls, data: bytes) -> Replay:
        replay = cls._from_document(read_document(data))
        file_bytes(replay)  # it must save again within the limit
        return replay

    @classmethod
    def _from_document(cls, document: Any) -> Replay:
        bad_turn, problem = document_problem(document)
        if bad_turn is None and problem:
            raise ReplayError(problem, rule=FORMAT_RULE)
        headers, game = document["headers"], document["setup"]
        start = start_state(game["players"], game["nobles"], game["market"], headers.get("seed"))
        replay = cls(start, headers, known_decks=False)
        turns = document["turns"]
        for index, data in enumerate(turns[:bad_turn]):
            replay._replay_turn(index + 1, data)
        if bad_turn is not None:
            data = turns[bad_turn]
            text = data.get("move") if isinstance(data, dict) else None
            raise replay._error((bad_turn + 1,), replay._states[-1],
                                text if isinstance(text, str) else None, FORMAT_RULE, problem)
        if "analysis" in document:
            replay.analysis = read_analysis(document["analysis"], replay)
        return replay

    # --- private helpers ------------------------------------------------------------------------

    def _main_line_changed(self, turn: int, final: GameState) -> None:
        """Turns from ``turn`` on are new: their positions, the analysis that still holds, and
        the result (when the headers hold the one the old main line, ending at ``final``, gave).
        """
        super()._main_line_changed(turn, final)
        if self.analysis is not None:
            held = self.analysis.positions[:self.analysis.current(self.turns)]
            self.analysis = Analysis(self.analysis.engine, self.analysis.budget, held)
        if self.headers.get("result", "") != _result(final):
            return  # a result someone wrote stays
        new = self._states[-1]
        if _result(new) != self.headers.get("result", ""):
            self.headers["result"] = _result(new)
        if new.over:
            self.headers["ended_by"] = new.end_rule
        else:
            self.headers.pop("ended_by", None)

    def _replay_turn(self, number: int, data: dict[str, Any]) -> None:
        turn, after = self._replay_move((number,), self._states[-1], data)
        self.turns.append(turn)
        self._states.append(after)

    def _replay_move(self, path: MovePath, before: GameState, data: dict[str, Any]
                     ) -> tuple[Turn, GameState]:
        """The turn read from ``data`` at ``path``, played from ``before``, and its variations
        (in the file's order: the move, then the lines played instead of it)."""
        text = data["move"]
        reveal = data.get("revealed")
        try:
            move = parse_move(text)
            after = self._advance(before, move, reveal)
        except InvalidMoveError as error:
            raise self._error(path, before, text, NOTATION, str(error)) from error
        except IllegalMoveError as error:
            raise self._error(path, before, text, error.rule, error.reason) from error
        turn = Turn(move, reveal, data.get("comment", ""), data.get("glyph", ""))
        for number, line in enumerate(data.get("variations", ()), start=1):
            state = before
            turn.variations.append([])
            for index, entry in enumerate(line, start=1):
                at = (*path, number, index)
                played, state = self._replay_move(at, state, entry)
                turn.variations[-1].append(played)
                self._side_states[at] = state
        return turn, after

    def _error(self, path: MovePath, before: GameState, text: str | None, rule: str,
               reason: str) -> ReplayError:
        """The error of the move at ``path`` played from ``before``; its ``partial`` holds the
        main line before the turn that holds the move."""
        player = before.current_player
        name = self.names[player]
        # as the app names a player: by name, seats counted from 1 ("Bo (player 2)"; an unnamed
        # player's name is already "Player 2")
        seat = f"Player {player + 1}"
        who = name if name == seat else f"{name} ({seat.lower()})"
        move = f", move {text!r}" if text is not None else ""
        partial = Replay(self._states[0], self.headers, self._known_decks)
        partial.turns = list(self.turns)
        partial._states = list(self._states)
        return ReplayError(f"{path_in_words(path)}, {who}{move}: {rule}: {reason}", turn=path[0],
                           player=player, move_text=text, rule=rule, partial=partial, path=path)


def _result(state: GameState) -> str:
    """The headers' result that :meth:`Replay.play` writes for a game ending at ``state``."""
    return "-".join(map(str, state.scores)) if state.over else ""
