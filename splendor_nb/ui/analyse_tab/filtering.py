"""Which games the Analyse tab keeps (:class:`GameFilter`): a level in a seat, the winner, the
rounds, the rule that ended the game. A plain value (no pandas needed to make one); it selects
the rows of a table of :func:`~splendor_nb.ui.analyse_tab.selection.game_table`.

>>> import pandas as pd
>>> table = pd.DataFrame({"game": ["game-0000001", "game-0000002"], "players": [2, 2],
...                       "level_1": ["easy", "medium"], "level_2": ["medium", "easy"]})
>>> GameFilter(level="easy", seat=1).select(table)["game"].tolist()
['game-0000001']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

MAX_GAMES = 100_000
"""The most games the tab reads (the first ones, in the order they were played): their tables
are some 60 MB, read in about a second, and counting them takes about 30 s of CPU (in a thread,
beside the page). A bigger corpus is analysed whole from Python (``aggregate``,
notebooks/analyse.ipynb)."""
UNFINISHED = "unfinished"
"""The ``ended_by`` of a game stopped at the turn limit before its end."""
SHARED = "shared"
"""The ``winner_level`` of a shared victory (R-END-WIN's tie that stays a tie)."""
NOBODY = "nobody"
"""The ``winner`` filter of games no one won (stopped unfinished)."""


@dataclass(frozen=True)
class GameFilter:
    """Which games to keep; the defaults keep them all.

    ``level`` plays in ``seat`` (from 1; 0: any seat); ``winner`` is ``""`` (anyone),
    ``"level:NAME"``, ``"seat:N"``, ``"shared"`` or ``"nobody"``; ``rounds`` is an inclusive
    range; ``ended_by`` a rule id (R-END-TRIGGER, R-PASS, R-REPEAT) or ``"unfinished"``.

    >>> GameFilter().is_everything, GameFilter(seat=2).is_everything
    (True, False)
    """

    level: str = ""
    seat: int = 0
    winner: str = ""
    rounds: tuple[int, int] | None = None
    ended_by: str = ""

    @property
    def is_everything(self) -> bool:
        """True when the filter keeps every game."""
        return self == GameFilter()

    def select(self, table: pd.DataFrame) -> pd.DataFrame:
        """The rows of ``table`` (a :func:`game_table`) that the filter keeps."""
        keep = table["game"].notna()  # every row
        seats = range(1, int(table["players"].max()) + 1) if len(table) else range(0)
        if self.level or self.seat:
            chosen = [self.seat] if self.seat else list(seats)
            at_seat = table["game"].isna()  # no row yet
            for seat in chosen:
                column = f"level_{seat}"
                if column in table:
                    at_seat |= (table[column] == self.level) if self.level else table[
                        column].notna()
            keep &= at_seat
        kind, _, value = self.winner.partition(":")
        if kind == "level":
            keep &= table["winner_level"] == value
        elif kind == "seat":
            keep &= table["winner"] == value
        elif kind == SHARED:
            keep &= table["winner_level"] == SHARED
        elif kind == NOBODY:
            keep &= table["winner"] == ""
        if self.rounds is not None:
            keep &= table["rounds"].between(*self.rounds)
        if self.ended_by:
            keep &= table["ended_by"] == self.ended_by
        return table[keep]
