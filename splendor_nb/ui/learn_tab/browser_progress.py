"""The Learn tab's progress kept in the visitor's browser (:class:`BrowserProgress`, a
:class:`~splendor_nb.ui.browser_storage.BrowserStorage`): what a learner solved, as
:meth:`~splendor_nb.learn.Progress.keys`, given back to the next page.

>>> from splendor_nb.learn import Progress
>>> progress = Progress()
>>> store = BrowserProgress(progress)
>>> store.received({"type": "kept", "value": ["setup/players"]})  # what the page sends
>>> progress.keys()
['setup/players']
"""

from __future__ import annotations

from typing import Any

from splendor_nb.learn import Progress
from splendor_nb.ui.browser_storage import BrowserStorage

KEY = "splendor_nb.learn.progress"
"""The progress's key in the browser's storage."""


class BrowserProgress(BrowserStorage):
    """Keeps ``progress`` in the browser that draws this widget: restores what it kept there,
    and sends it every change (a reset too)."""

    def __init__(self, progress: Progress) -> None:
        super().__init__(KEY)
        self.progress = progress
        progress.watch(self._keep)

    def restored(self, value: Any) -> None:
        """The keys the page had kept, joined to this kernel's (anything else is not ours)."""
        if isinstance(value, list):
            self.progress.restore([key for key in value if isinstance(key, str)])
            self._keep(self.progress)  # the union of the page's and this kernel's

    def _keep(self, progress: Progress) -> None:
        self.keep(progress.keys())
