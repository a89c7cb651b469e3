"""A replay file on disk: read only when it is a regular file of at most :data:`MAX_BYTES`,
written atomically (a synced temporary file renamed over the target), stamped to notice a file
changed by someone else.

>>> import pathlib, tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> path = pathlib.Path(folder.name, "game.json")
>>> stamp = write_file(path, b"{}", if_unchanged=False, seen=None)
>>> read_file(path), stamp == FileStamp.of(path, b"{}")
(b'{}', True)
>>> folder.cleanup()
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from splendor_nb.replay.replay_errors import FORMAT_RULE, FileChangedError, ReplayError
from splendor_nb.replay.strict_json import MAX_BYTES

TEMPORARY_MARK = ".splendor-tmp-"
"""Save writes ``.NAME.splendor-tmp-RANDOM`` beside ``NAME``, then renames it over ``NAME``."""
STALE_TEMPORARY_SECONDS = 600
"""A temporary file older than this was left by a crashed save (a save takes well under a
second), and the next save of the same file removes it; a younger one may be another save's."""


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


def read_file(path: str | os.PathLike[str]) -> bytes:
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


def write_file(path: str | os.PathLike[str], data: bytes, *, if_unchanged: bool,
               seen: FileStamp | None) -> FileStamp:
    """Write ``data`` atomically at ``path`` (through a symlink, to its target, keeping the
    target's mode) and return its stamp: a temporary file beside the target, synced, renamed
    over it, and the folder synced; the temporary files a crashed save left are removed.

    ``if_unchanged=True`` writes nothing and raises :class:`FileChangedError` when a file is
    there that is not the one ``seen`` stamps (checked just before the rename).
    """
    target = Path(os.path.realpath(path))  # a symlink stays, its target is written
    _remove_stale_temporary_files(target)
    temporary = _write_temporary(target, data)
    try:
        if if_unchanged:
            _check_unchanged(path, target, seen)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)
    return FileStamp.of(target, data)


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


def _check_unchanged(path: str | os.PathLike[str], target: Path, seen: FileStamp | None
                     ) -> None:
    try:
        size = os.stat(target).st_size
    except FileNotFoundError:
        return  # nothing to overwrite
    if seen is None or seen.path != target:
        raise FileChangedError(f"{path}: a file is already there that this replay was not "
                               "opened from; save a copy under another name")
    if size != seen.size or hashlib.sha256(read_file(target)).hexdigest() != seen.sha256:
        raise FileChangedError(f"{path}: changed since it was opened; save a copy under "
                               "another name to keep both")


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

