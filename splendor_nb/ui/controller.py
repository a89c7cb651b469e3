"""The replay viewer's model: one controller holds a replay and the current position; every
view observes it (docs/architecture.md).

:class:`ReplayController` is plain traitlets (no widget): ``at``, where the board is in the move
tree (the main line or a side line), ``turn``, its turn number, ``replay``, ``viewer`` (whose
eyes the board is drawn through, ``None`` for all-seeing), the game's ``review`` once judged,
the file the replay came from, and what to tell the user (``error``, ``status``, ``waiting``),
in the controller's ``language``.

>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("+rr")
>>> controller = ReplayController(replay)
>>> controller.forward(); controller.turn
1
>>> controller.last(); controller.state.last_move
Move.parse('+rr')
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import traitlets

from splendor_nb.ai.names import player_names
from splendor_nb.engine import GameState
from splendor_nb.i18n import Translator, translator
from splendor_nb.moves import Move
from splendor_nb.replay import FileChangedError, FileStamp, MovePath, Replay, ReplayError, Turn

if TYPE_CHECKING:
    from splendor_nb.analysis.game_review import Review

COPY_SUFFIX = "-copy"
"""A copy saved beside a file that changed is named NAME-copy.json (then NAME-copy-2.json, ...)."""


class ReplayController(traitlets.HasTraits):
    """A replay and the current turn; views observe ``turn``, ``replay`` and ``viewer``.

    ``turn`` counts the moves played (0 = the setup) and is clamped to the replay. Opening a
    file that is not a valid replay sets ``error`` (the :class:`ReplayError` message) and keeps
    the replay already open.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> controller = ReplayController(replay)
    >>> controller.turn = 99; controller.turn
    1
    >>> controller.open_bytes("bad.json", b"{}"); controller.error
    False
    'bad.json: not a splendor-nb replay: format is None. The replay already open stays open.'
    >>> len(controller.replay)
    1
    """

    replay = traitlets.Instance(Replay)
    turn = traitlets.Int(0)
    """The turn number of the position shown: the moves played to reach it (0 = the setup)."""
    at = traitlets.Tuple()
    """Where the position shown is in the move tree (a :data:`~splendor_nb.replay.MovePath`):
    ``()`` the setup, ``(N,)`` the main line after turn N, a longer path a side line's move.
    Setting ``turn`` goes to the main line; :meth:`go_to` goes anywhere."""
    review = traitlets.Any(None, allow_none=True)
    """The game's :class:`~splendor_nb.analysis.game_review.Review` (stored in the file or just
    made), or None until the game is reviewed."""
    reviewing = traitlets.Bool(False)
    """A review is running: the main line must not change (see :meth:`play`)."""
    spoiler_free = traitlets.Bool(False)
    """Spoiler-free mode: the views hide the result and what comes after the turn shown."""
    language = traitlets.Unicode(None, allow_none=True)
    """The language of what the controller says (``status``, ``error``); None: English."""
    viewer = traitlets.Int(None, allow_none=True)
    """Whose view the board shows (a player index), or None for the all-seeing view."""
    path = traitlets.Instance(Path, allow_none=True)
    """The file the replay was opened from and saves to; None for an upload."""
    name = traitlets.Unicode("")
    """The replay's name as shown (its file name without .json)."""
    revision = traitlets.Int(0)
    """Bumped on every comment, glyph, side line or review written into the replay."""
    dirty = traitlets.Bool(False)
    """Whether the replay changed (comments, glyphs, side lines, a review) since the last save."""
    comments_only = traitlets.Bool(True)
    """Whether what is unsaved is comments and glyphs alone (the status line says which)."""
    error = traitlets.Unicode("")
    """The last error to show (a bad file, a bad deep link); "" when there is none."""
    status = traitlets.Unicode("")
    """The last thing done (opened, saved), for a status line."""
    waiting = traitlets.Unicode("")
    """The name of a replay held back because comments are unsaved ("" when none): the viewer
    asks whether to save them first, open anyway or stay (see :meth:`resolve`)."""
    stale = traitlets.Unicode("")
    """The file name a save refused to overwrite because the file changed since it was opened
    ("" when none): the viewer offers to save a copy (:meth:`save_copy`) or to go on
    (:meth:`keep_stale`)."""
    read_only = traitlets.Bool(False)
    """Saving into files is off (the public demo): comments live in the page until downloaded."""
    _held: tuple[Replay, Path | None, str, int] | None = None

    def __init__(self, replay: Replay, *, path: Path | None = None, name: str = "",
                 turn: int = 0, read_only: bool = False, language: str | None = None) -> None:
        super().__init__(replay=replay, path=path, name=name, read_only=read_only,
                         language=language)
        self.review = _stored_review(replay)
        self.turn = turn

    @property
    def words(self) -> Translator:
        """The translator of the controller's :attr:`language`."""
        return translator(self.language)

    @property
    def names(self) -> list[str]:
        """The players' names as the views say them: a bot's in the controller's language
        (:func:`~splendor_nb.ai.names.player_names`)."""
        return player_names(self.replay, self.language)

    @property
    def can_save(self) -> bool:
        """Whether :meth:`save` may write: the replay came from a file and saving is on."""
        return self.path is not None and not self.read_only

    # --- the position -----------------------------------------------------------------------

    @traitlets.validate("turn")
    def _clamp_turn(self, proposal: Any) -> int:
        return max(0, min(int(proposal["value"]), len(self.replay)))

    @traitlets.observe("turn")
    def _follow_turn(self, change: Any) -> None:
        """``turn`` set from outside :meth:`go_to`: the main line's position after it."""
        if _number(self.at) != change["new"]:
            self.at = (change["new"],) if change["new"] else ()

    @property
    def state(self) -> GameState:
        """The position shown (kept by the replay, so this is a lookup)."""
        return self.replay.state(self.at)

    @property
    def current(self) -> Turn | None:
        """The recorded move that led to the position shown; None at the setup."""
        return self.replay.node(self.at).turn if self.at else None

    @property
    def mover(self) -> int | None:
        """The index of the player who made the move shown; None at the setup."""
        return self.replay.node(self.at).player if self.at else None

    @property
    def in_side_line(self) -> bool:
        """Whether the position shown is in a side line (not the main line)."""
        return len(self.at) > 1

    def go(self, turn: int) -> None:
        """Show the main line's position after ``turn`` turns (clamped to the replay)."""
        self.go_to((max(0, min(turn, len(self.replay))),) if turn > 0 else ())

    def go_to(self, path: MovePath) -> None:
        """Show the position after the move at ``path`` (``()``: the setup), in any line."""
        path = tuple(path)
        if path:
            self.replay.node(path)  # an IndexError for a path not in the tree
        with self.hold_trait_notifications():
            self.at = path
            self.turn = _number(path)

    def first(self) -> None:
        """Go to the setup."""
        self.go_to(())

    def back(self) -> None:
        """Go back one move, in the line shown."""
        if self.at:
            self.go_to(self.replay.back(self.at))

    def forward(self) -> None:
        """Go forward one move, in the line shown."""
        following = self.replay.forward(self.at)
        if following is not None:
            self.go_to(following)

    def last(self) -> None:
        """Go to the last position of the line shown."""
        end, following = self.at, self.replay.forward(self.at)
        while following is not None:  # found first, then shown once
            end, following = following, self.replay.forward(following)
        self.go_to(end)

    def other_line(self, step: int) -> None:
        """Go to the move played instead of the one shown: the next (``step=1``) or previous
        (``-1``) of the moves played from the same position (the up and down keys).

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.add_variation(1, "+rr")
        >>> controller = ReplayController(replay, turn=1)
        >>> controller.other_line(1); controller.at, controller.in_side_line
        ((1, 1, 1), True)
        """
        if not self.at:
            return
        moves = self.replay.alternatives(self.at)
        index = moves.index(self.at) + step
        if 0 <= index < len(moves):
            self.go_to(moves[index])

    def next_mistake(self, step: int = 1) -> None:
        """Go to the next (``step=1``) or previous (``-1``) labelled move of the review, from
        the turn shown, on the main line; nothing happens without a review or past the last."""
        review = self.review
        if review is None:
            return
        found = (review.next_mistake(self.turn) if step > 0
                 else review.previous_mistake(self.turn))
        if found is not None:
            self.go(found)

    # --- side lines -------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Play ``move`` from the position shown, as on the board: the line goes on at its
        end, else a side line starts under the move it replaces (or one already there is
        followed); the board shows the move. Refused while a review runs (it judges the main
        line) and, like any illegal move, with an exception and nothing added.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> controller = ReplayController(replay)
        >>> controller.play("+rr"); controller.at, controller.dirty
        ((1, 1, 1), True)
        """
        self._before_change()
        path = self.replay.play_from(self.at, move)
        self._changed()
        self.go_to(path)

    def promote(self) -> None:
        """Make the side line shown the main line (the moves it replaced become a side line).

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> controller = ReplayController(replay)
        >>> controller.play("+rr"); controller.promote(); controller.at
        (1,)
        >>> [str(turn.move) for turn in replay.turns]
        ['+rr']
        """
        if not self.in_side_line:
            raise ValueError(self.words.gettext("This move is on the main line already."))
        self._before_change()
        path = self.replay.promote(self.at)
        with self.hold_trait_notifications():
            self.review = _stored_review(self.replay)
            self._changed()
            self.go_to(path)

    def delete_line(self) -> None:
        """Delete the side line shown, whole; the board goes to the move it hung under."""
        if not self.in_side_line:
            raise ValueError(self.words.gettext(
                "The main line cannot be deleted: promote a side line instead."))
        path = self.replay.delete_variation(self.at)
        self._changed()
        self.go_to(path)

    def reviewed(self, review: Review) -> None:
        """Keep a review just made (its figures are in the replay's analysis: unsaved)."""
        with self.hold_trait_notifications():
            self.review = review
            self._changed()

    def _before_change(self) -> None:
        if self.reviewing:
            raise ValueError(self.words.gettext(
                "A review is running: wait for it or cancel it before changing the moves."))

    def _changed(self) -> None:
        self.dirty = True
        self.comments_only = False
        self.revision += 1

    # --- opening ----------------------------------------------------------------------------

    def open(self, replay: Replay, *, path: Path | None = None, name: str = "",
             turn: int = 0) -> None:
        """Show another replay, at ``turn``, whatever is unsaved; views hear one ``replay``
        change, then ``turn``. The viewer opens through :meth:`open_file` and
        :meth:`open_bytes`, which ask first.
        """
        words = self.words
        opened = words.gettext("Opened {name}", name=name) if name else ""
        if self.dirty:
            opened = (words.gettext("{opened} (the unsaved comments on {name} were dropped)",
                                    opened=opened, name=self.name) if self.comments_only else
                      words.gettext("{opened} (the unsaved changes to {name} were dropped)",
                                    opened=opened, name=self.name))
        self._held = None
        with self.hold_trait_notifications():
            self.waiting = ""
            self.stale = ""
            self.replay = replay
            self.review = _stored_review(replay)
            self.path = path
            self.name = name
            self.viewer = None
            self.go(turn)
            self.dirty = False
            self.comments_only = True
            self.error = ""
            self.status = opened

    def open_file(self, path: Path, *, turn: int = 0) -> bool:
        """Open a replay file, or hold it in ``waiting`` while comments are unsaved; on a
        :class:`ReplayError`, set ``error`` and keep the current one. True if the file was read.
        """
        try:
            replay = Replay.load(path)
        except ReplayError as problem:
            self.error = _without_folder(self._error_text(problem), path)
            return False
        self.open_or_ask(replay, path=path, name=path.stem, turn=turn)
        return True

    def reread(self) -> bool:
        """Open the replay's file again if it changed since it was read, at the same turn;
        True if it was read again. A pre-heated Voila kernel reads the file before the page is
        asked for, so the page reads it again when the request comes. Unsaved comments are
        never dropped for it.

        >>> import tempfile
        >>> from splendor_nb.engine import new_game
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name, "game.json")
        >>> Replay.from_state(new_game(seed=7)).save(path)
        >>> controller = ReplayController(Replay.load(path), path=path, name="game")
        >>> controller.reread()
        False
        >>> other = Replay.load(path); _ = other.play("+wbg"); other.save(path)
        >>> controller.reread(), len(controller.replay)
        (True, 1)
        >>> folder.cleanup()
        """
        path = self.path
        if path is None or self.dirty or _same_file(path, self.replay.source_stamp):
            return False
        return self.open_file(path, turn=self.turn)

    def open_bytes(self, filename: str, data: bytes) -> bool:
        """Open an uploaded replay (no path: it can be downloaded, not saved in place), or hold
        it in ``waiting`` as :meth:`open_file` does.
        """
        try:
            replay = Replay.loads(data)
        except ReplayError as problem:
            problem.args = (f"{filename}: {problem}",)
            self.error = self._error_text(problem)
            return False
        self.open_or_ask(replay, name=Path(filename).stem or "upload")
        return True

    def open_or_ask(self, replay: Replay, *, path: Path | None = None, name: str,
                    turn: int = 0) -> None:
        """Open ``replay``, or hold it in ``waiting`` while something is unsaved (comments, a
        review, side lines): the viewer asks first, as for a file (:meth:`resolve`)."""
        self.error = ""
        if self.dirty:
            self._held = (replay, path, name, turn)
            self.waiting = name
        else:
            self.open(replay, path=path, name=name, turn=turn)

    def resolve(self, choice: Literal["save", "open", "stay"]) -> None:
        """Settle a replay held in ``waiting``: ``"save"`` the comments into the file, then open
        it; ``"open"`` it, dropping the comments; or ``"stay"`` on this replay, comments kept.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> controller = ReplayController(replay, name="mine", turn=1)
        >>> controller.annotate(comment="worth keeping")
        >>> controller.open_bytes("other.json", Replay.from_state(new_game(seed=1)).dumps())
        True
        >>> controller.name, controller.waiting
        ('mine', 'other')
        >>> controller.resolve("stay")
        >>> controller.name, controller.waiting, controller.replay.turns[0].comment
        ('mine', '', 'worth keeping')
        """
        if choice not in ("save", "open", "stay"):
            raise ValueError(f"choose 'save', 'open' or 'stay', not {choice!r}")
        if self._held is None:
            return
        if choice == "save":
            self.save()  # raises, and the replay stays held, when the comments cannot be saved
        replay, path, name, turn = self._held
        self._held = None
        self.waiting = ""
        if choice != "stay":
            self.open(replay, path=path, name=name, turn=turn)

    # --- annotating and saving --------------------------------------------------------------

    def annotate(self, comment: str | None = None, glyph: str | None = None) -> None:
        """Write a comment and/or glyph on the move shown, in any line (the setup takes none)."""
        turn = self.current
        if turn is None:
            raise ValueError(self.words.gettext(
                "The setup is not a move: step to a move to comment on it."))
        if (comment is None or comment == turn.comment) and (glyph is None or glyph == turn.glyph):
            return
        self.replay.annotate(self.at, comment=comment, glyph=glyph)
        self.dirty = True
        self.revision += 1

    def save(self) -> Path:
        """Save the replay atomically to the file it was opened from; returns that path.

        A file changed since it was opened (by another page or program) is not overwritten:
        :class:`~splendor_nb.replay.FileChangedError` is raised and ``stale`` names the file,
        so that the viewer can offer :meth:`save_copy`. Messages name the file, not its folder.

        >>> import tempfile
        >>> from splendor_nb.engine import new_game
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name, "game.json")
        >>> Replay.from_state(new_game(seed=7)).save(path)
        >>> controller = ReplayController(Replay.load(path), path=path, name="game")
        >>> controller.dirty = True  # comments written here; meanwhile another page saves:
        >>> other = Replay.load(path); _ = other.play("+wbg"); other.save(path)
        >>> controller.save()
        Traceback (most recent call last):
        ...
        splendor_nb.replay.FileChangedError: game.json: changed since it was opened; ...
        >>> controller.stale, controller.save_copy().name, controller.name, controller.dirty
        ('game.json', 'game-copy.json', 'game-copy', False)
        >>> folder.cleanup()
        """
        path = self._writable_path()
        try:
            self.replay.save(path, if_unchanged=True)
        except FileChangedError as problem:
            self.stale = path.name
            raise FileChangedError(_without_folder(str(problem), path)) from None
        except OSError as problem:
            raise OSError(_without_folder(str(problem), path)) from None
        self.dirty = False
        self.comments_only = True
        self.stale = ""
        self.status = self.words.gettext("Saved {file}", file=path.name)
        return path

    def save_copy(self) -> Path:
        """Save the replay as a new file beside its own (NAME-copy.json, or NAME-copy-2.json
        and so on: never over a file), which it then saves to; returns that path."""
        path = self._writable_path()
        for number in range(1, 1000):  # bounded: a folder of 999 copies is someone's mistake
            suffix = COPY_SUFFIX if number == 1 else f"{COPY_SUFFIX}-{number}"
            copy = path.with_name(f"{path.stem}{suffix}{path.suffix}")
            if copy.exists():
                continue
            try:
                self.replay.save(copy, if_unchanged=True)  # refuses a file made meanwhile
            except FileChangedError:
                continue
            except OSError as problem:
                raise OSError(_without_folder(str(problem), copy)) from None
            with self.hold_trait_notifications():
                self.path, self.name = copy, copy.stem
                self.dirty = False
                self.comments_only = True
                self.stale = ""
                self.status = self.words.gettext(
                    "Saved a copy: {copy} ({file} was left as it was)", copy=copy.name,
                    file=path.name)
            return copy
        raise FileChangedError(self.words.gettext("{file}: no free name for a copy beside it",
                                                  file=path.name))

    def keep_stale(self) -> None:
        """Leave a refused save for now: the comments stay unsaved, the file as it is."""
        self.stale = ""

    def _writable_path(self) -> Path:
        if self.read_only:
            raise ValueError(self.words.gettext(
                "saving is off in this demo: download the replay to keep it"))
        if self.path is None:
            raise ValueError(self.words.gettext(
                "this replay was uploaded, not opened from a file: download it"))
        return self.path

    def _error_text(self, problem: ReplayError) -> str:
        words = self.words
        text = str(problem)
        if problem.partial is not None and len(problem.partial):
            text = words.ngettext("{problem} (the turn before it is valid)",
                                  "{problem} (the {count} turns before it are valid)",
                                  len(problem.partial), problem=text)
        return words.gettext("{problem}. The replay already open stays open.", problem=text)


def _same_file(path: Path, stamp: FileStamp | None) -> bool:
    """Whether ``path`` still holds what ``stamp`` recorded (a missing file does not)."""
    if stamp is None:
        return False
    try:
        if os.stat(path).st_size != stamp.size:
            return False
        return hashlib.sha256(path.read_bytes()).hexdigest() == stamp.sha256
    except OSError:
        return False


def _without_folder(text: str, path: Path) -> str:
    """``text`` with ``path`` written as its file name only: a page never shows the server's
    folders (its real path, symlinks followed, included)."""
    for spelling in sorted({str(path), os.path.realpath(path)}, key=len, reverse=True):
        text = text.replace(spelling, path.name)
    return text


def _number(path: MovePath) -> int:
    """The turn number of the position after the move at ``path`` (0: the setup): a side
    line's first move has the number of the move it replaces (as :class:`Replay` counts)."""
    return path[0] + sum(index - 1 for index in path[2::2]) if path else 0


def _stored_review(replay: Replay) -> Review | None:
    """The review stored in ``replay``, this engine's: whole, or the part that still holds (a
    side line promoted, a review cancelled). The analysis layer is imported only when there is
    one (it brings pandas)."""
    if replay.analysis is None:
        return None
    from splendor_nb.analysis.game_review import held_review, stored_review

    return stored_review(replay) or held_review(replay)
