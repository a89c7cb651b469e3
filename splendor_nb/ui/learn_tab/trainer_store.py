"""Where the puzzle trainer keeps a learner's record between visits: :class:`MemoryStore` (the
page only), :class:`DiskStore` (JupyterLab: a file in the user's data folder) and
:class:`BrowserRecordStore` (the app: the visitor's browser, so that the server keeps nothing of
one visitor for the next; a :class:`~splendor_nb.ui.browser_storage.BrowserStorage`).

>>> store = BrowserRecordStore()
>>> restored = []
>>> store.on_restore(restored.append)
>>> store.received({"type": "kept", "value": {"format": "splendor-nb-puzzle-record",
...     "version": 1, "learner": [1612.0, 180.0], "streak": 2, "best_streak": 3,
...     "history": [], "puzzles": {}}})
>>> round(store.load().learner.rating), restored[0].streak
(1612, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from splendor_nb.learn.puzzle_trainer import TrainerRecord, load_record, record_file, save_record
from splendor_nb.ui.browser_storage import BrowserStorage

Restored = Callable[[TrainerRecord], None]
KEY = "splendor_nb.learn.puzzle_record"
"""The record's key in the browser's storage."""


class RecordStore(Protocol):
    """Where a learner's record is kept between visits."""

    def load(self) -> TrainerRecord:
        """The record kept, or a new one."""

    def save(self, record: TrainerRecord) -> None:
        """Keep ``record``."""


class MemoryStore:
    """A record kept for the page only."""

    def __init__(self) -> None:
        self.record = TrainerRecord()

    def load(self) -> TrainerRecord:
        return self.record

    def save(self, record: TrainerRecord) -> None:
        self.record = record


class DiskStore:
    """A record kept in a file (by default the user's,
    :func:`~splendor_nb.learn.puzzle_trainer.record_file`)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else record_file()

    def load(self) -> TrainerRecord:
        return load_record(self.path)

    def save(self, record: TrainerRecord) -> None:
        save_record(record, self.path)


class BrowserRecordStore(BrowserStorage):
    """A record kept in the browser that draws this widget: it sends what it kept when drawn
    (:meth:`on_restore` callbacks then get it), and keeps every record saved."""

    def __init__(self) -> None:
        super().__init__(KEY)
        self.record = TrainerRecord()
        self._restored: list[Restored] = []

    def load(self) -> TrainerRecord:
        return self.record

    def save(self, record: TrainerRecord) -> None:
        self.record = record
        self.keep(record.to_json())

    def on_restore(self, callback: Restored) -> None:
        """Call ``callback(record)`` when the browser gives back the record it kept."""
        self._restored.append(callback)

    def restored(self, value: Any) -> None:
        """The record the page had kept (a record already begun on this page is kept
        instead)."""
        if value is None or self.record.history:
            return
        self.record = TrainerRecord.from_json(value)
        for callback in self._restored:
            callback(self.record)
