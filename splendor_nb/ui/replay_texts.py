"""The shipped replays' own words in the reader's language. The teacher game's event and
comments are in the catalogues (gettext context ``"replay"``): :data:`TEXTS` reads them from
the file itself, for ``make messages``, and :func:`said` gives a file's text in a language. A
text the catalogues do not hold (a comment someone wrote) stays as written.

>>> said(TEXTS["teacher-2p turn 61"], "fr")[:34]
'Ada atteint 15 et déclenche la fin'
>>> said("My own comment.", "fr")
'My own comment.'
"""

from __future__ import annotations

import json

from splendor_nb.i18n import translator
from splendor_nb.ui.replays import REPLAYS_DIR

CONTEXT = "replay"
"""The gettext context of the replays' texts."""
TRANSLATED = ("teacher-2p",)
"""The shipped replays whose texts are translated."""


def _texts(name: str) -> dict[str, str]:
    """A shipped replay's event and comments, by ``"NAME event"`` and ``"NAME turn N"``."""
    data = json.loads((REPLAYS_DIR / f"{name}.json").read_text(encoding="utf-8"))
    texts = {f"{name} event": str(data["headers"]["event"])}
    for number, turn in enumerate(data["turns"], start=1):
        if turn.get("comment"):
            texts[f"{name} turn {number}"] = str(turn["comment"])
    return texts


TEXTS: dict[str, str] = {key: text for name in TRANSLATED for key, text in _texts(name).items()}
"""The texts of the replays in :data:`TRANSLATED`, which the catalogues translate."""


def said(text: str, language: str | None = None) -> str:
    """A replay's text (a comment, an event) in ``language``, when the catalogues hold it."""
    return translator(language).pgettext(CONTEXT, text) if text else text
