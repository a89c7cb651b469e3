"""Handing a file to the browser as a download (:class:`Downloader`, a hidden anywidget; its
JavaScript is static/downloader.js).
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as widgets


class Downloader(anywidget.AnyWidget):
    """Hands a text file to the browser as a download (``download(filename, text)``)."""

    _esm = Path(__file__).parent / "static" / "downloader.js"

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))

    def download(self, filename: str, text: str) -> None:
        """Make the browser save ``text`` as ``filename``."""
        self.send({"type": "download", "filename": filename, "text": text})
