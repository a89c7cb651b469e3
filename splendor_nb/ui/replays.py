"""The replays shipped with splendor_nb, by name.

>>> "teacher-2p" in shipped_replays()
True
"""

from __future__ import annotations

from pathlib import Path

REPLAYS_DIR = Path(__file__).resolve().parent.parent.parent / "replays"
"""The replays shipped with splendor_nb (the repository's replays/ folder)."""


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
