"""A learner's progress kept on disk between sessions (a notebook in JupyterLab): a JSON list of
the exercises solved, in the user's data folder (``~/.local/share/splendor_nb/progress.json``
on Linux, platformdirs' ``user_data_path`` elsewhere), written after every change.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> progress = saved_progress(folder / "progress.json")
>>> progress.restore(["setup/players"])
>>> saved_progress(folder / "progress.json").keys()
['setup/players']
"""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs

from splendor_nb.learn.progress import Progress

FILE_NAME = "progress.json"


def progress_path() -> Path:
    """Where the progress is kept by default: the user's data folder for splendor_nb."""
    return platformdirs.user_data_path("splendor_nb") / FILE_NAME


def saved_progress(path: Path | None = None) -> Progress:
    """The progress read from ``path`` (default :func:`progress_path`; none there: nothing
    solved yet, and a file that cannot be read counts as none), saved there after every change.
    """
    where = path if path is not None else progress_path()
    try:
        keys = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        keys = []
    progress = Progress(keys if isinstance(keys, list) else [])
    progress.watch(lambda changed: _save(changed, where))
    return progress


def _save(progress: Progress, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(progress.keys()), encoding="utf-8")
    temporary.replace(path)  # a crash mid-write leaves the last progress whole
