"""The Replay tab's first figure, shipped, and kept between the kernels of one server.

Every pre-heated kernel of the demo builds the same charts for the same shipped replay before
its visitor comes (:meth:`~splendor_nb.ui.replay_charts.ReplayCharts.prepare`), and building
them imports pandas and the tables: most of the CPU a kernel spends before its visitor. So the
figure of the replay the app opens, in its first language, ships with the package
(:data:`SHIPPED_DIR`, written by scripts/ship_figures.py; tests/test_figure_cache.py checks
that it is the figure the charts build), and the server (splendor_nb.server) gives its
kernels a private folder, named by :data:`CACHE_ENV`, made for it alone (mode 0700) and
removed when it stops: the first kernel to build another replay's figure, or in another
language, writes its JSON there, and the next kernels read it. A figure is named by a hash of
the replay's file and the language (:func:`figure_name`) and read as plotly's figure from its
JSON, without pandas. It is what the kernel would have built itself, so no page shows
anything else; a file that cannot be read is built again. Outside that server (a notebook,
the tests) only the shipped figures are read. At most :data:`MOST_FILES` figures of
:data:`MOST_BYTES` at most are kept: visitors' own replays do not fill the folder.

>>> import tempfile
>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> folder = tempfile.mkdtemp()
>>> environ = {CACHE_ENV: folder}
>>> cached_figure(replay, None, environ) is None
True
>>> import plotly.graph_objects as go
>>> keep_figure(replay, None, go.Figure(layout={"title": "7"}), environ)
>>> cached_figure(replay, None, environ).layout.title.text, cached_figure(replay, "fr", environ)
('7', None)
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from splendor_nb.replay import Replay

CACHE_ENV = "SPLENDOR_FIGURES"
"""The environment variable naming the folder a server's kernels share their figures in
(splendor_nb.server sets it: :data:`splendor_nb.server.FIGURES_ENV`)."""
SHIPPED_DIR = Path(__file__).resolve().parent.parent / "data" / "figures"
"""The shipped figures: the app's first replay in its first language."""
MOST_FILES = 64
"""The most figures kept in that folder."""
MOST_BYTES = 1_000_000
"""The largest figure kept (its JSON): a shipped replay's is about 22 kB."""


def cached_figure(replay: Replay, language: str | None,
                  environ: Mapping[str, str] | None = None) -> go.Figure | None:
    """The figure shipped or kept for ``replay`` in ``language``, or None."""
    name = figure_name(replay, language)
    for folder in (SHIPPED_DIR, _folder(os.environ if environ is None else environ)):
        if folder is None:
            continue
        try:
            text = (folder / name).read_text(encoding="utf-8")
        except OSError:
            continue
        import plotly.graph_objects as go

        try:
            return go.Figure(json.loads(text))
        except ValueError:  # a file cut short (it is written whole, then renamed): built again
            continue
    return None


def figure_name(replay: Replay, language: str | None) -> str:
    """The file name of ``replay``'s figure in ``language``: a hash of both.

    >>> from splendor_nb.engine import new_game
    >>> from splendor_nb.replay import Replay
    >>> name = figure_name(Replay.from_state(new_game(players=2, seed=7)), "en")
    >>> name.startswith("charts-"), name.endswith(".json"), len(name)
    (True, True, 76)
    """
    key = hashlib.sha256(f"{language}\n{replay.dumps()}".encode()).hexdigest()
    return f"charts-{key}.json"


def keep_figure(replay: Replay, language: str | None, figure: go.Figure,
                environ: Mapping[str, str] | None = None) -> None:
    """Keep ``figure``, built for ``replay`` in ``language``, for the server's next kernels."""
    path = _path(replay, language, os.environ if environ is None else environ)
    if path is None or path.exists():
        return
    try:
        if sum(1 for _ in path.parent.glob("*.json")) >= MOST_FILES:
            return
        text = figure.to_json()
        if len(text) > MOST_BYTES:
            return
        fd, name = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(name, path)  # whole or not at all: a reader never sees half a file
    except OSError:
        return


def _path(replay: Replay, language: str | None, environ: Mapping[str, str]) -> Path | None:
    folder = _folder(environ)
    return None if folder is None else folder / figure_name(replay, language)


def _folder(environ: Mapping[str, str]) -> Path | None:
    """The server's folder, if the environment names one that is there."""
    folder = environ.get(CACHE_ENV, "")
    return Path(folder) if folder and os.path.isdir(folder) else None
