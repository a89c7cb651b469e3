"""The replays shipped with splendor_nb, by name: package data (splendor_nb/data/replays), read
through importlib.resources so that an installed wheel finds them as a source checkout does.

>>> "teacher-2p" in shipped_replays()
True
"""

from __future__ import annotations

import atexit
import contextlib
from importlib import resources
from pathlib import Path

_FILES = contextlib.ExitStack()
atexit.register(_FILES.close)

REPLAYS_DIR: Path = _FILES.enter_context(
    resources.as_file(resources.files("splendor_nb").joinpath("data", "replays")))
"""The folder of the shipped replays: the package's own folder when splendor_nb is installed as
files, as pip installs it (from a zipped package, Python 3.12 and later make a temporary copy,
kept until exit)."""


def shipped_replays(folder: Path = REPLAYS_DIR) -> dict[str, Path]:
    """The replay files directly in ``folder``, by name (the file name without ``.json``).

    Only regular files that really live in the folder count (a symlink out of it does not).

    >>> shipped_replays(Path("/no/such/folder"))
    {}
    """
    if not folder.is_dir():
        return {}
    home = folder.resolve()
    return {path.stem: path for path in sorted(folder.glob("*.json"))
            if path.is_file() and path.resolve().parent == home}
