"""The games the filters keep, as a file to download (:class:`ExportView`): CSV or Parquet,
one row per game and player with every column of the corpus's games table (docs/corpus.md,
``games.parquet``). The file goes to the browser (the :class:`~splendor_nb.ui.downloader.
Downloader`); nothing is written on the server.

>>> import pandas as pd
>>> rows = pd.DataFrame({"game": ["game-0000001"], "points": [15]})
>>> export_bytes(rows, "csv")
b'game,points\\ngame-0000001,15\\n'
>>> export_bytes(rows, "parquet")[:4]
b'PAR1'
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable

import ipywidgets as widgets
import pandas as pd

from splendor_nb.i18n.translator import Translator
from splendor_nb.ui.downloader import Downloader

FORMATS = {"csv": "text/csv", "parquet": "application/vnd.apache.parquet"}
"""The export formats, with their media types."""


class ExportView:
    """Two buttons, *CSV* and *Parquet* (``.widget``), that download the table
    ``rows()`` gives, named ``name()`` plus the format's extension."""

    def __init__(self, words: Translator, rows: Callable[[], pd.DataFrame | None],
                 name: Callable[[], str]) -> None:
        self.rows = rows
        self.name = name
        self.downloader = Downloader()
        self.buttons = {kind: widgets.Button(
            description=kind.upper() if kind == "csv" else "Parquet", icon="download",
            tooltip=words.gettext("Download the games kept by the filters as {format}: one "
                                  "row per game and player", format=kind.upper()
                                  if kind == "csv" else "Parquet"),
            layout=widgets.Layout(width="auto")) for kind in FORMATS}
        for kind, button in self.buttons.items():
            button.add_class(f"splendor-export-{kind}")
            button.on_click(lambda _button, kind=kind: self.export(kind))
        kept = words.gettext("Download the games kept:")
        label = widgets.HTML(f"<span class='splendor-analyse-note'>{html.escape(kept)}</span>")
        self.widget = widgets.HBox([label, *self.buttons.values(), self.downloader],
                                   layout=widgets.Layout(align_items="center",
                                                         flex_flow="row wrap"))
        self.widget.add_class("splendor-analyse-export")

    def enable(self, enabled: bool) -> None:
        """Offer the export, or not (no game kept)."""
        for button in self.buttons.values():
            button.disabled = not enabled

    def export(self, kind: str) -> None:
        """Hand the table to the browser as a ``kind`` file (``csv`` or ``parquet``)."""
        rows = self.rows()
        if rows is None or not len(rows):
            return
        self.downloader.download_bytes(f"{self.name()}.{kind}", export_bytes(rows, kind),
                                       FORMATS[kind])


def export_bytes(rows: pd.DataFrame, kind: str) -> bytes:
    """``rows`` as the bytes of a ``kind`` file (``csv`` or ``parquet``)."""
    if kind == "csv":
        return rows.to_csv(index=False).encode("utf-8")
    if kind == "parquet":
        buffer = io.BytesIO()
        rows.to_parquet(buffer, index=False)
        return buffer.getvalue()
    raise ValueError(f"cannot export as {kind!r}: as {' or '.join(FORMATS)}")
