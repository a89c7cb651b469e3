"""The replay viewer's model: one controller holds a replay and the current turn; every view
observes it (STYLE.md 8).

:class:`ReplayController` is plain traitlets (no widget): ``turn``, ``replay``, ``viewer`` (whose
eyes the board is drawn through, ``None`` for all-seeing), the file the replay came from, and
what to tell the user (``error``, ``status``, ``waiting``).

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
from typing import Any, Literal

import traitlets

from splendor_nb.engine import GameState
from splendor_nb.replay import FileChangedError, FileStamp, Replay, ReplayError, Turn

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
    viewer = traitlets.Int(None, allow_none=True)
    """Whose view the board shows (a player index), or None for the all-seeing view."""
    path = traitlets.Instance(Path, allow_none=True)
    """The file the replay was opened from and saves to; None for an upload."""
    name = traitlets.Unicode("")
    """The replay's name as shown (its file name without .json)."""
    revision = traitlets.Int(0)
    """Bumped on every comment or glyph written."""
    dirty = traitlets.Bool(False)
    """Whether comments or glyphs were written since the last save."""
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
                 turn: int = 0, read_only: bool = False) -> None:
        super().__init__(replay=replay, path=path, name=name, read_only=read_only)
        self.turn = turn

    @property
    def can_save(self) -> bool:
        """Whether :meth:`save` may write: the replay came from a file and saving is on."""
        return self.path is not None and not self.read_only

    # --- the position -----------------------------------------------------------------------

    @traitlets.validate("turn")
    def _clamp_turn(self, proposal: Any) -> int:
        return max(0, min(int(proposal["value"]), len(self.replay)))

    @property
    def state(self) -> GameState:
        """The position after the current turn (kept by the replay, so this is a lookup)."""
        return self.replay.state(self.turn)

    @property
    def current(self) -> Turn | None:
        """The recorded turn that led to the current position; None at the setup."""
        return self.replay.turns[self.turn - 1] if self.turn else None

    def go(self, turn: int) -> None:
        """Show the position after ``turn`` turns (clamped to the replay)."""
        self.turn = turn

    def first(self) -> None:
        """Go to the setup."""
        self.turn = 0

    def back(self) -> None:
        """Go back one turn."""
        self.turn -= 1

    def forward(self) -> None:
        """Go forward one turn."""
        self.turn += 1

    def last(self) -> None:
        """Go to the last position."""
        self.turn = len(self.replay)

    # --- opening ----------------------------------------------------------------------------

    def open(self, replay: Replay, *, path: Path | None = None, name: str = "",
             turn: int = 0) -> None:
        """Show another replay, at ``turn``, whatever is unsaved; views hear one ``replay``
        change, then ``turn``. The viewer opens through :meth:`open_file` and
        :meth:`open_bytes`, which ask first.
        """
        dropped = f" (the unsaved comments on {self.name} were dropped)" if self.dirty else ""
        self._held = None
        with self.hold_trait_notifications():
            self.waiting = ""
            self.stale = ""
            self.replay = replay
            self.path = path
            self.name = name
            self.viewer = None
            self.turn = turn
            self.dirty = False
            self.error = ""
            self.status = (f"Opened {name}" if name else "") + dropped

    def open_file(self, path: Path, *, turn: int = 0) -> bool:
        """Open a replay file, or hold it in ``waiting`` while comments are unsaved; on a
        :class:`ReplayError`, set ``error`` and keep the current one. True if the file was read.
        """
        try:
            replay = Replay.load(path)
        except ReplayError as problem:
            self.error = _without_folder(_error_text(problem), path)
            return False
        self._open_unless_unsaved(replay, path=path, name=path.stem, turn=turn)
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
            self.error = _error_text(problem)
            return False
        self._open_unless_unsaved(replay, name=Path(filename).stem or "upload")
        return True

    def _open_unless_unsaved(self, replay: Replay, *, path: Path | None = None, name: str,
                             turn: int = 0) -> None:
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
        """Write a comment and/or glyph on the current move (the setup takes none)."""
        if self.turn == 0:
            raise ValueError("the setup is not a move: step to a move to comment on it")
        turn = self.replay.turns[self.turn - 1]
        if (comment is None or comment == turn.comment) and (glyph is None or glyph == turn.glyph):
            return
        self.replay.annotate(self.turn, comment=comment, glyph=glyph)
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
        self.stale = ""
        self.status = f"Saved {path.name}"
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
                self.stale = ""
                self.status = f"Saved a copy: {copy.name} ({path.name} was left as it was)"
            return copy
        raise FileChangedError(f"{path.name}: no free name for a copy beside it")

    def keep_stale(self) -> None:
        """Leave a refused save for now: the comments stay unsaved, the file as it is."""
        self.stale = ""

    def _writable_path(self) -> Path:
        if self.read_only:
            raise ValueError("saving is off in this demo: download the replay to keep it")
        if self.path is None:
            raise ValueError("this replay was uploaded, not opened from a file: download it")
        return self.path


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


def _error_text(problem: ReplayError) -> str:
    text = str(problem)
    if problem.partial is not None and len(problem.partial):
        text += f" (the {len(problem.partial)} turns before it are valid)"
    return text + ". The replay already open stays open."
