"""Replays: a game recorded as its setup and its moves, saved as JSON, replayed and annotated.

A replay stores what happened, not how to regenerate it: the nobles revealed, the 12 first
face-up cards, then each turn's move in the notation with the card revealed from a deck during
that turn (a refill, R-REFILL, or a blind reserve, R-RESERVE-HIDDEN). Loading replays every move
with the engine and stops at the first bad one with a :class:`ReplayError` that names the turn,
the player, the move text and the rule, and carries the valid prefix (``.partial``).

>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("+rr")
>>> replay.annotate(2, comment="Two red: the red noble is close.", glyph="!?")
>>> again = Replay.loads(replay.dumps())
>>> len(again), str(again.turns[1].move), again.turns[1].glyph, again.state(2).scores
(2, '+rr', '!?', (0, 0))
>>> again.dumps() == replay.dumps()
True
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import math
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import fastjsonschema

from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID, Card, Noble
from splendor_nb.engine import GameState, setup
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move

FORMAT = "splendor-nb-replay"
VERSION = 1
GLYPHS: tuple[str, ...] = ("!", "?", "!!", "??", "!?", "?!")
MAX_BYTES = 10 * 1024 * 1024
"""Larger files are refused before being read, and so are replays that would save larger: a
real game is a few kilobytes."""
NOTATION = "notation"
"""The ``rule`` of a :class:`ReplayError` for a move that does not parse (not a rule violation)."""
FORMAT_RULE = "format"
"""The ``rule`` of a :class:`ReplayError` for a file that breaks the replay format (the schema)."""
TEMPORARY_MARK = ".splendor-tmp-"
"""Save writes ``.NAME.splendor-tmp-RANDOM`` beside ``NAME``, then renames it over ``NAME``."""
STALE_TEMPORARY_SECONDS = 600
"""A temporary file older than this was left by a crashed save (a save takes well under a
second), and the next save of the same file removes it; a younger one may be another save's."""
MAX_NUMBER_CHARS = 100
"""Longer number literals are refused: a seed needs 20 digits, and Python's ``int()`` refuses
4,301 digits with a ValueError of its own."""


class ReplayError(ValueError):
    """A replay that cannot be loaded or continued; the message says where and why.

    ``turn`` is 1-based, ``player`` the 0-based index of the player who moved, ``move_text`` the
    move as written, ``rule`` the rule id (see RULES.md), ``"notation"`` for a move that does not
    parse or ``"format"`` for a file that breaks the schema. ``partial`` is the valid prefix: a
    replay of the turns before the bad one, comments included, when the setup itself was valid.
    """

    def __init__(self, message: str, *, turn: int | None = None, player: int | None = None,
                 move_text: str | None = None, rule: str | None = None,
                 partial: Replay | None = None) -> None:
        super().__init__(message)
        self.turn = turn
        self.player = player
        self.move_text = move_text
        self.rule = rule
        self.partial = partial


class FileChangedError(ReplayError):
    """:meth:`Replay.save` with ``if_unchanged=True`` found a file this replay has not seen."""


@dataclass(frozen=True)
class FileStamp:
    """A file as a replay read or wrote it: its real path (symlinks followed), size, SHA-256."""

    path: Path
    size: int
    sha256: str

    @classmethod
    def of(cls, path: str | os.PathLike[str], data: bytes) -> FileStamp:
        """The stamp of the file at ``path`` holding ``data``.

        >>> FileStamp.of("/tmp/../tmp/game.json", b"{}").size
        2
        """
        return cls(Path(os.path.realpath(path)), len(data), hashlib.sha256(data).hexdigest())


@dataclass
class Turn:
    """One recorded turn: the move, the card that came off a deck (if any), the annotation."""

    move: Move
    revealed: str | None = None
    comment: str = ""
    glyph: str = ""

    def to_json(self) -> dict[str, str]:
        """The turn as it is written in the file (empty fields left out).

        >>> Turn(Move.parse("B1w3"), revealed="1g2", glyph="!").to_json()
        {'move': 'B1w3', 'revealed': '1g2', 'glyph': '!'}
        """
        data = {"move": str(self.move)}
        if self.revealed is not None:
            data["revealed"] = self.revealed
        if self.comment:
            data["comment"] = self.comment
        if self.glyph:
            data["glyph"] = self.glyph
        return data


class Replay:
    """A game as its setup and turns, with every position after each turn kept for random access.

    Build one with :meth:`from_state` (an engine game, deck order known), :meth:`from_setup` (a
    game typed in from a table, deck order unknown) or :meth:`load`/:meth:`loads`.
    """

    def __init__(self, start: GameState, headers: dict[str, Any], known_decks: bool) -> None:
        self.headers = headers
        self.turns: list[Turn] = []
        self._states = [start]
        self._known_decks = known_decks
        self.source_stamp: FileStamp | None = None
        """The file this replay was loaded from or last saved to, as it was then."""

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
        return cls(state, _headers(len(state.players), state.seed, headers), known_decks=True)

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
        start = _start_state(players, nobles, market, (headers or {}).get("seed"))
        return cls(start, _headers(players, None, headers), known_decks=False)

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
        if isinstance(move, str):
            move = _parse(move)
        after = self._advance(self._states[-1], move, reveal)
        revealed = after.last_drawn.id if after.last_drawn is not None else None
        self.turns.append(Turn(move, revealed))
        self._states.append(after)
        if after.over and not self.headers.get("result"):
            self.headers["result"] = "-".join(map(str, after.scores))
            self.headers["ended_by"] = after.end_rule  # R-END-TRIGGER, R-PASS or R-REPEAT
        return after

    def annotate(self, turn: int, comment: str | None = None, glyph: str | None = None) -> None:
        """Set the comment and/or glyph of turn ``turn`` (1 = the first move); ``""`` clears.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.annotate(1, glyph="?!"); replay.turns[0].glyph
        '?!'
        >>> replay.annotate(1, glyph="?!?")
        Traceback (most recent call last):
        ...
        ValueError: glyph '?!?' is not one of ! ? !! ?? !? ?! (or '' to clear)
        """
        if not 1 <= turn <= len(self.turns):
            raise IndexError(f"turn {turn} is not in this replay (1 to {len(self.turns)})")
        if glyph is not None and glyph and glyph not in GLYPHS:
            raise ValueError(f"glyph {glyph!r} is not one of {' '.join(GLYPHS)} (or '' to clear)")
        entry = self.turns[turn - 1]
        if comment is not None:
            entry.comment = comment
        if glyph is not None:
            entry.glyph = glyph

    # --- positions ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.turns)

    def __repr__(self) -> str:
        return (f"<Replay {self.players} players ({', '.join(self.names)}), {len(self)} turns, "
                f"scores {'-'.join(map(str, self.state(len(self)).scores))}>")

    def state(self, turn: int) -> GameState:
        """The position after ``turn`` turns (0 = the setup); every position is kept, so O(1).

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.state(1).players[0].tokens["blue"], replay.state(0).players[0].tokens["blue"]
        (1, 0)
        """
        if not 0 <= turn <= len(self.turns):
            raise IndexError(f"turn {turn} is not in this replay (0 to {len(self.turns)})")
        return self._states[turn]

    def states(self) -> list[GameState]:
        """Every position, from the setup to the last turn: ``len(replay) + 1`` states."""
        return list(self._states)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self._states[0].players)

    @property
    def names(self) -> list[str]:
        """The players' names from the headers (``Player 1`` ... where there is none)."""
        given = self.headers.get("players") or []
        return [str(given[i].get("name") or f"Player {i + 1}") if i < len(given)
                else f"Player {i + 1}" for i in range(self.players)]

    # --- files ----------------------------------------------------------------------------------

    def dumps(self) -> str:
        """The replay file's text: stable key order, one turn per line, ending with a newline."""
        return "".join(self._text_parts())

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
        splendor_nb.replay.FileChangedError: .../game.json: changed since it was opened; ...
        >>> folder.cleanup()
        """
        data = self._file_bytes()
        _check_loadable(data)
        target = Path(os.path.realpath(path))  # a symlink stays, its target is written
        _remove_stale_temporary_files(target)
        temporary = _write_temporary(target, data)
        try:
            if if_unchanged:
                self._check_unchanged(path, target)
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        _sync_folder(target.parent)
        self.source_stamp = FileStamp.of(target, data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Read and validate a replay file; any problem is a :class:`ReplayError` naming the file.

        Only a regular file is read (not a folder, a device or a pipe), and at most
        :data:`MAX_BYTES` of it.

        >>> Replay.load("no/such/file.json")
        Traceback (most recent call last):
        ...
        splendor_nb.replay.ReplayError: no/such/file.json: cannot read: No such file or directory
        """
        data = _read_file(path)
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
        splendor_nb.replay.ReplayError: not a splendor-nb replay: format is 'chess-pgn'
        """
        return cls._parse_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str)
                                else text)

    @classmethod
    def _parse_bytes(cls, data: bytes) -> Replay:
        replay = cls._from_document(_read_document(data))
        replay._file_bytes()  # it must save again within the limit
        return replay

    @classmethod
    def _from_document(cls, document: Any) -> Replay:
        bad_turn, problem = _document_problem(document)
        if bad_turn is None and problem:
            raise ReplayError(problem, rule=FORMAT_RULE)
        headers, game = document["headers"], document["setup"]
        start = _start_state(game["players"], game["nobles"], game["market"], headers.get("seed"))
        replay = cls(start, headers, known_decks=False)
        turns = document["turns"]
        for index, data in enumerate(turns[:bad_turn]):
            replay._replay_turn(index + 1, data)
        if bad_turn is not None:
            data = turns[bad_turn]
            text = data.get("move") if isinstance(data, dict) else None
            raise replay._error(bad_turn + 1, text if isinstance(text, str) else None,
                                FORMAT_RULE, problem)
        return replay

    # --- private helpers ------------------------------------------------------------------------

    def _check_unchanged(self, path: str | os.PathLike[str], target: Path) -> None:
        try:
            size = os.stat(target).st_size
        except FileNotFoundError:
            return  # nothing to overwrite
        seen = self.source_stamp
        if seen is None or seen.path != target:
            raise FileChangedError(f"{path}: a file is already there that this replay was not "
                                   "opened from; save a copy under another name")
        if size != seen.size or hashlib.sha256(_read_file(target)).hexdigest() != seen.sha256:
            raise FileChangedError(f"{path}: changed since it was opened; save a copy under "
                                   "another name to keep both")

    def _text_parts(self) -> Iterator[str]:
        """The file's text in pieces, so that a file over the limit is refused before it is
        built whole: headers are re-indented, which can make them many times longer.
        """
        start = self._states[0]
        setup_data = {
            "players": self.players,
            "nobles": [noble.id for noble in start.nobles],
            "market": [[_card_id(card) for card in row] for row in start.market_rows],
        }
        yield f'{{\n "format": "{FORMAT}",\n "version": {VERSION},\n "headers": '
        for piece in _HEADERS_ENCODER.iterencode(self.headers):
            yield piece.replace("\n", "\n ")
        yield f',\n "setup": {json.dumps(setup_data, ensure_ascii=False)},\n "turns": ['
        if self.turns:
            yield "\n" + ",\n".join(map(_turn_line, self.turns)) + "\n ]"
        else:
            yield "]"
        yield "\n}\n"

    def _file_bytes(self) -> bytes:
        """The file as :meth:`save` writes it; a :class:`ReplayError` when it would be larger
        than :data:`MAX_BYTES` (stopping there) or holds what JSON text cannot: a lone
        surrogate, NaN, an integer Python will not write, a value that is not JSON.
        """
        pieces: list[bytes] = []
        size = 0
        try:
            for text in self._text_parts():
                pieces.append(text.encode("utf-8"))
                size += len(pieces[-1])
                if size > MAX_BYTES:
                    raise ReplayError(f"written out, this replay would be over {MAX_BYTES} "
                                      "bytes, the limit of a replay file", rule=FORMAT_RULE)
        except ReplayError:
            raise
        except UnicodeEncodeError:
            values = {"headers": self.headers, "turns": [turn.to_json() for turn in self.turns]}
            where = _first_refusal(values) or "a lone surrogate (half of a UTF-16 pair: not text)"
            raise ReplayError(f"cannot be saved: {where}", rule=FORMAT_RULE) from None
        except (TypeError, ValueError, RecursionError) as error:
            raise ReplayError(f"cannot be saved: the headers hold what JSON cannot: {error}",
                              rule=FORMAT_RULE) from error
        return b"".join(pieces)

    def _replay_turn(self, number: int, data: dict[str, str]) -> None:
        text = data["move"]
        reveal = data.get("revealed")
        try:
            move = _parse(text)
            after = self._advance(self._states[-1], move, reveal)
        except InvalidMoveError as error:
            raise self._error(number, text, NOTATION, str(error)) from error
        except IllegalMoveError as error:
            raise self._error(number, text, error.rule, error.reason) from error
        self.turns.append(Turn(move, reveal, data.get("comment", ""),
                               data.get("glyph", "")))
        self._states.append(after)

    def _advance(self, state: GameState, move: Move, reveal: str | None) -> GameState:
        after = state.apply(move, reveal)
        if reveal is None and after.last_drawn is not None and not self._known_decks:
            tier = after.last_drawn.tier
            raise IllegalMoveError("R-REFILL", f"{move} takes a card off the tier {tier} deck; "
                                   "say which card was revealed")
        return after

    def _error(self, number: int, text: str | None, rule: str, reason: str) -> ReplayError:
        player = self._states[-1].current_player
        name = self.names[player]
        who = f"player {player}" + (f" ({name})" if name != f"Player {player + 1}" else "")
        move = f", move {text!r}" if text is not None else ""
        partial = Replay(self._states[0], self.headers, self._known_decks)
        partial.turns = list(self.turns)
        partial._states = list(self._states)
        return ReplayError(f"turn {number}, {who}{move}: {rule}: {reason}", turn=number,
                           player=player, move_text=text, rule=rule, partial=partial)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Move:
    return Move.parse(text)


_HEADERS_ENCODER = json.JSONEncoder(indent=1, ensure_ascii=False, allow_nan=False)
_quote = json.encoder.encode_basestring  # a JSON string, as json.dumps(ensure_ascii=False)


def _turn_line(turn: Turn) -> str:
    """The turn's line in the file: ``json.dumps(turn.to_json(), ensure_ascii=False)``,
    indented, built directly (five times faster; loading a file measures it as it would save).
    """
    line = '  {"move": ' + _quote(str(turn.move))
    if turn.revealed is not None:
        line += ', "revealed": ' + _quote(turn.revealed)
    if turn.comment:
        line += ', "comment": ' + _quote(turn.comment)
    if turn.glyph:
        line += ', "glyph": ' + _quote(turn.glyph)
    return line + "}"


def _card_id(card: Card | None) -> str:
    if card is None:
        raise ValueError("a replay starts with a full market")
    return card.id


def _read_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_BYTES`; a :class:`ReplayError` naming
    ``path`` otherwise. Its kind is checked before opening (opening a device or a pipe can block
    or have effects) and again once open, in case it was swapped; the open does not wait for a
    pipe's writer, and at most one byte over the limit is read (/dev/zero reports size 0).
    """
    try:
        _check_regular(path, os.stat(path))
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as source:
            _check_regular(path, os.fstat(source.fileno()))
            data = source.read(MAX_BYTES + 1)
    except OSError as error:
        raise ReplayError(f"{path}: cannot read: {error.strerror or error}") from error
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{path}: over {MAX_BYTES} bytes is too large for a replay",
                          rule=FORMAT_RULE)
    return data


_FILE_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFCHR: "a character device",
               stat.S_IFBLK: "a block device", stat.S_IFIFO: "a named pipe (FIFO)",
               stat.S_IFSOCK: "a socket"}


def _check_regular(path: str | os.PathLike[str], status: os.stat_result) -> None:
    if not stat.S_ISREG(status.st_mode):
        kind = _FILE_KINDS.get(stat.S_IFMT(status.st_mode), "a special file")
        raise ReplayError(f"{path}: cannot read: it is {kind}, not a regular file")
    if status.st_size > MAX_BYTES:
        raise ReplayError(f"{path}: {status.st_size} bytes is too large for a replay "
                          f"(limit {MAX_BYTES})", rule=FORMAT_RULE)


def _write_temporary(target: Path, data: bytes) -> Path:
    """A new file beside ``target`` holding ``data``, synced, with the target's mode, or the
    mode of any new file (0666 less the umask) when there is no target yet.
    """
    temporary = target.with_name(f".{target.name}{TEMPORARY_MARK}{secrets.token_hex(8)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as out:
            with contextlib.suppress(FileNotFoundError):  # a new file keeps what the umask gave
                os.fchmod(out.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


def _remove_stale_temporary_files(target: Path) -> None:
    """Remove the temporary files of ``target`` that crashed saves left behind."""
    prefix = f".{target.name}{TEMPORARY_MARK}"
    too_old = time.time() - STALE_TEMPORARY_SECONDS
    with os.scandir(target.parent) as entries:
        for entry in entries:
            with contextlib.suppress(FileNotFoundError):  # another save removed it first
                if (entry.name.startswith(prefix) and entry.is_file(follow_symlinks=False)
                        and entry.stat(follow_symlinks=False).st_mtime < too_old):
                    os.unlink(entry.path)


def _sync_folder(folder: Path) -> None:
    """Sync the folder, so that the rename itself survives a power cut (POSIX)."""
    if not hasattr(os, "O_DIRECTORY"):
        return  # Windows cannot open a folder; its renames are journaled
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _read_document(data: bytes) -> Any:
    """The JSON document in a replay file's bytes; a :class:`ReplayError` for anything that is
    not strict JSON text: over :data:`MAX_BYTES`, not UTF-8, not JSON, a key twice in one
    object, a number longer than :data:`MAX_NUMBER_CHARS` or not finite, a lone surrogate.
    """
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{len(data)} bytes is too large for a replay (limit {MAX_BYTES})",
                          rule=FORMAT_RULE)
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark from an editor is fine
    except UnicodeDecodeError as error:
        raise ReplayError(f"not UTF-8 text: byte {error.start} is invalid",
                          rule=FORMAT_RULE) from error
    strict = _StrictJson()
    try:
        document = json.loads(text, object_pairs_hook=strict.object, parse_int=strict.integer,
                              parse_float=strict.number, parse_constant=strict.constant)
    except json.JSONDecodeError as error:
        raise ReplayError(f"not valid JSON: {error.msg} at line {error.lineno} column "
                          f"{error.colno}", rule=FORMAT_RULE) from error
    except RecursionError as error:
        raise ReplayError("not a replay: JSON nested too deeply", rule=FORMAT_RULE) from error
    if strict.refused or _SURROGATE_ESCAPE.search(text):  # else the walk finds nothing
        problem = _first_refusal(document)
        if problem:
            raise ReplayError(f"not valid JSON text: {problem}", rule=FORMAT_RULE)
    return document


class _Refused:
    """A value the JSON parser read but a replay refuses; :func:`_first_refusal` says where."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


class _JsonFloat(float):
    """A number written with a fraction or an exponent, which is never an integer, whatever its
    value: fastjsonschema (as JSON Schema) takes ``2.0`` for an integer by asking
    ``is_integer()``; a replay writes its integers (version, players, seed) as ``2``.
    """

    def is_integer(self) -> bool:
        return False


class _StrictJson:
    """json.loads's hooks for strict JSON text. A value refused is left where it stands as a
    :class:`_Refused` (:func:`_first_refusal` then says where) and noted in ``refused``.
    """

    def __init__(self) -> None:
        self.refused = False

    def object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Refused:
        document = dict(pairs)
        if len(document) == len(pairs):
            return document
        seen: set[str] = set()
        for key, _ in pairs:  # json.loads alone keeps the last of a repeated key, silently
            if key in seen:
                return self._refuse(f"the key {_quoted(key)} appears twice in one object")
            seen.add(key)
        raise AssertionError("a shorter dict has a repeated key")

    def integer(self, text: str) -> int | _Refused:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(f"an integer of {len(text)} characters (the limit is "
                                f"{MAX_NUMBER_CHARS})")
        return int(text)

    def number(self, text: str) -> float | _Refused:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(f"a number of {len(text)} characters (the limit is "
                                f"{MAX_NUMBER_CHARS})")
        number = _JsonFloat(text)
        return number if math.isfinite(number) else self._refuse(f"{text} is too large "
                                                                 "for a number")

    def constant(self, text: str) -> _Refused:
        return self._refuse(f"{text} is not a JSON number")  # Python's json reads NaN, Infinity

    def _refuse(self, problem: str) -> _Refused:
        self.refused = True
        return _Refused(problem)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # how JSON text holds one


def _first_refusal(document: Any) -> str:
    """``"where: what"`` for the first refused value or lone surrogate, in file order; ``""``
    if none. A loop over a stack of the open objects and lists, not a recursion (json.loads
    takes deeper nesting than Python's recursion limit leaves to a caller), and in memory as
    deep as the document, not as large.
    """
    problem = _refusal(document)
    if problem:
        return f"the document: {problem}"
    stack: list[tuple[str, Iterator[tuple[Any, Any]]]] = [("", _children(document))]
    while stack:
        where, children = stack[-1]
        for key, item in children:
            problem = _refusal(item)
            if problem:
                return f"{where}{key}: {problem}"
            if isinstance(item, dict | list):
                stack.append((f"{where}{key}/", _children(item)))
                break
        else:
            stack.pop()
    return ""


def _refusal(value: Any) -> str:
    """What is wrong with this one value (a dict's keys included, not its values); ``""``."""
    if isinstance(value, _Refused):
        return value.problem
    if isinstance(value, str):
        return _lone_surrogate(value)
    if isinstance(value, dict):
        for key in value:
            if isinstance(key, str) and _lone_surrogate(key):
                return f"the key {_quoted(key)} holds {_lone_surrogate(key)}"
    return ""


def _children(value: Any) -> Iterator[tuple[Any, Any]]:
    if isinstance(value, dict):
        return iter(value.items())
    return enumerate(value) if isinstance(value, list) else iter(())


def _lone_surrogate(text: str) -> str:
    """What is wrong with a lone surrogate in ``text`` (``""`` if none): ``"\\ud800"`` unpaired
    in JSON is half of a UTF-16 pair, not text, and cannot be saved as UTF-8.
    """
    found = _SURROGATE.search(text)
    if found is None:
        return ""
    return (f"a lone surrogate {ascii(found.group())[1:-1]} at character {found.start()} "
            "(half of a UTF-16 pair: not text)")


def _quoted(text: str) -> str:
    """``text`` as an ASCII literal, cut to 40 characters: error messages stay short."""
    return ascii(text if len(text) <= 40 else text[:40] + "...")


def _headers(players: int, seed: int | None, given: dict[str, Any] | None) -> dict[str, Any]:
    """The default headers updated with ``given``, checked against the schema."""
    headers: dict[str, Any] = {
        "players": [{"name": f"Player {i + 1}", "kind": "human", "level": None}
                    for i in range(players)],
        "date": datetime.date.today().isoformat(),
        "event": "",
        "result": "",
        "notes": "",
        "seed": seed,
    }
    headers.update(given or {})
    try:
        _validator("headers")(headers)
    except fastjsonschema.JsonSchemaValueException as error:
        raise ReplayError(f"bad headers: {_schema_message(error)}", rule=FORMAT_RULE) from None
    if len(headers["players"]) != players:
        raise ReplayError(f"bad headers: {len(headers['players'])} players named for a "
                          f"{players}-player game", rule=FORMAT_RULE)
    return headers


def _start_state(players: int, nobles: Sequence[str], market: Sequence[Sequence[str]],
                 seed: int | None) -> GameState:
    if players not in (2, 3, 4):
        raise ReplayError(f"R-SETUP-PLAYERS: Splendor is for 2 to 4 players, not {players}",
                          rule="R-SETUP-PLAYERS")
    if len(nobles) != players + 1 or len(set(nobles)) != len(nobles):
        raise ReplayError(f"R-SETUP-NOBLES: {players} players reveal {players + 1} different "
                          f"nobles, not {list(nobles)}", rule="R-SETUP-NOBLES")
    revealed: list[Noble] = []
    for noble_id in nobles:
        if noble_id not in NOBLE_BY_ID:
            raise ReplayError(f"R-SETUP-NOBLES: there is no noble {noble_id!r} (N1 to N10)",
                              rule="R-SETUP-NOBLES")
        revealed.append(NOBLE_BY_ID[noble_id])
    rows: list[list[Card]] = []
    for tier, row in enumerate(market, start=1):
        cards = []
        for card_id in row:
            card = CARD_BY_ID.get(card_id)
            if card is None or card.tier != tier:
                what = "there is no card" if card is None else f"a tier {tier} row cannot hold"
                raise ReplayError(f"R-SETUP-MARKET: {what} {card_id!r}", rule="R-SETUP-MARKET")
            cards.append(card)
        rows.append(cards)
    shown = [card.id for row in rows for card in row]
    if len(rows) != 3 or any(len(row) != 4 for row in rows) or len(set(shown)) != len(shown):
        raise ReplayError("R-SETUP-MARKET: the market is 4 different cards of each tier 1, 2, 3",
                          rule="R-SETUP-MARKET")
    return setup(players, revealed, rows, seed=seed)


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    text = resources.files("splendor_nb").joinpath("data", "replay.schema.json")
    schema: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return schema


@lru_cache(maxsize=2)
def _validator(part: str | None = None) -> Callable[[Any], Any]:
    """The schema compiled once to a Python function; ``part`` names one top-level property.

    fastjsonschema, not jsonschema: importing jsonschema here costs seconds (it builds an IRI
    parser at import when rfc3987-syntax is installed, as Jupyter's packages do).
    """
    schema = _schema()
    return fastjsonschema.compile(schema if part is None else schema["properties"][part])


def _check_loadable(data: bytes) -> None:
    """A :class:`ReplayError`, "cannot be saved: ...", when :meth:`Replay.load` would refuse
    ``data`` before replaying its moves (they were checked as they were played).
    """
    try:
        bad_turn, problem = _document_problem(_read_document(data))
    except ReplayError as error:
        bad_turn, problem = None, str(error)
    if problem:
        where = "" if bad_turn is None else f"turn {bad_turn + 1}: "
        raise ReplayError(f"cannot be saved: {where}{problem}", rule=FORMAT_RULE)


def _document_problem(document: Any) -> tuple[int | None, str]:
    """What makes a JSON document not a replay: ``(index of the bad turn or None, message)``,
    ``""`` if nothing. A bad turn is given alone when the rest is valid (see _schema_problem).
    """
    if not isinstance(document, dict):
        return None, (f"not a splendor-nb replay: the file holds a JSON "
                      f"{type(document).__name__}, not an object")
    if document.get("format") != FORMAT:
        return None, f"not a splendor-nb replay: format is {document.get('format')!r}"
    version = document.get("version")
    if version != VERSION:
        return None, (f"unknown replay version {version!r}; this splendor_nb reads version "
                      f"{VERSION}")
    if type(version) is not int:
        return None, f"version: must be the integer {VERSION}, not {version!r}"
    bad_turn, problem = _schema_problem(document)
    if bad_turn is None and problem:
        return None, f"not a valid replay: {problem}"
    named, players = len(document["headers"]["players"]), document["setup"]["players"]
    if named != players:
        return None, f"not a valid replay: headers name {named} players but the setup has {players}"
    return bad_turn, problem


def _schema_problem(document: dict[str, Any]) -> tuple[int | None, str]:
    """The first schema violation: ``(index of the bad turn or None, message)``; ``""`` if none.

    When the violation lies inside ``turns`` and the rest of the document is valid, the index of
    the first bad turn is given so that the turns before it can still be loaded.
    """
    try:
        _validator()(document)
    except fastjsonschema.JsonSchemaValueException as error:
        path = list(error.path)[1:]
        if len(path) >= 2 and path[0] == "turns" and str(path[1]).isdigit():
            try:
                _validator()({**document, "turns": []})
            except fastjsonschema.JsonSchemaValueException as outer:
                return None, _schema_message(outer)
            return int(path[1]), _schema_message(error, skip=2)
        return None, _schema_message(error)
    return None, ""


def _schema_message(error: fastjsonschema.JsonSchemaValueException, skip: int = 0) -> str:
    """``"where: what"`` from a schema error, the path read as ``turns/3/glyph``."""
    path = list(error.path)[1 + skip:]
    where = "/".join(str(p) for p in path) or ("turn" if skip else "the document")
    what = error.message.removeprefix(error.name or "").strip()
    return f"{where}: {what}"
