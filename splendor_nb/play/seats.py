"""The seats at the table: 2 to 4, each a person with a name or a bot of some level.

Seats are listed in table order. R-SETUP-ORDER: the players choose who starts, then play goes
round the table; the engine numbers players from 0 in playing order, so :func:`seating` turns
the table round to put the starting seat first.

>>> seats = parse_seats("Ann, hard")
>>> seats
(Seat('Ann'), Seat('Hard bot', level='hard'))
>>> [seat.name for seat in seating(seats, first=1)]
['Hard bot', 'Ann']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from splendor_nb.ai import LEVELS, Bot
from splendor_nb.ai.names import bot_name
from splendor_nb.i18n import gettext
from splendor_nb.rules import PLAYER_COUNTS

MAX_NAME = 200
"""The longest name a replay file holds (its schema)."""
@dataclass(frozen=True, slots=True)
class Seat:
    """A seat: a person (``level`` None) or a bot of ``level``; ``budget`` tunes the hard bot
    (positions rated per move, see :class:`splendor_nb.ai.Bot`)."""

    name: str
    level: str | None = None
    budget: int | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a seat needs a name")
        if len(self.name) > MAX_NAME:
            raise ValueError(f"a name has at most {MAX_NAME} characters")
        if self.level is not None and self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}: choose one of {', '.join(LEVELS)}")

    def __repr__(self) -> str:
        extra = "".join(f", {key}={value!r}" for key, value in
                        (("level", self.level), ("budget", self.budget)) if value is not None)
        return f"Seat({self.name!r}{extra})"

    @property
    def is_bot(self) -> bool:
        """True for a bot, False for a person."""
        return self.level is not None

    def bot(self, seed: int) -> Bot:
        """The bot that plays this seat (a bot seat only).

        >>> Seat("Hard bot", "hard", budget=100).bot(seed=3)
        Bot('hard', seed=3)
        """
        if self.level is None:
            raise ValueError(f"{self.name} is a person, not a bot")
        return Bot(self.level, seed=seed, budget=self.budget)

    def header(self) -> dict[str, Any]:
        """The seat as a replay file's ``headers.players`` entry.

        >>> Seat("Ann").header(), Seat("Hard bot", "hard").header()
        ({'name': 'Ann', 'kind': 'human', 'level': None}, {'name': 'Hard bot', 'kind': 'ai', \
'level': 'hard'})
        """
        entry: dict[str, Any] = {"name": self.name, "kind": "ai" if self.is_bot else "human",
                                 "level": self.level}
        if self.budget is not None:
            entry["budget"] = self.budget
        return entry

    @classmethod
    def from_header(cls, entry: dict[str, Any]) -> Seat:
        """A seat from a replay file's ``headers.players`` entry.

        >>> Seat.from_header({"name": "Bo", "kind": "ai", "level": "easy"})
        Seat('Bo', level='easy')
        """
        level = entry.get("level") if entry.get("kind") == "ai" else None
        budget = entry.get("budget")
        return cls(str(entry["name"]), level if isinstance(level, str) else None,
                   budget if isinstance(budget, int) else None)


def parse_seats(text: str | Sequence[str | Seat], budget: int | None = None) -> tuple[Seat, ...]:
    """Seats from ``"ann,hard"`` or a list: a level's name (easy, medium, hard) is a bot, anything
    else a person of that name. Bots are named after their level, numbered when several share
    one. ``budget`` applies to the hard bots. 2 to 4 seats (R-SETUP-PLAYERS), names unique.

    >>> [seat.name for seat in parse_seats(["medium", "Ann", "Medium"])]
    ['Medium bot', 'Ann', 'Medium bot 2']
    >>> parse_seats("Ann")
    Traceback (most recent call last):
    ...
    ValueError: R-SETUP-PLAYERS: Splendor is for 2 to 4 players, not 1
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    seats: list[Seat] = []
    for item in items:
        if isinstance(item, Seat):
            seats.append(item)
            continue
        name = item.strip()
        level = name.lower() if name.lower() in LEVELS else None
        if level is None:
            seats.append(Seat(name))
            continue
        same = sum(1 for seat in seats if seat.level == level)
        seats.append(Seat(bot_name(level) + (f" {same + 1}" if same else ""), level,
                          budget if level == "hard" else None))
    if len(seats) not in PLAYER_COUNTS:
        raise ValueError(gettext("R-SETUP-PLAYERS: Splendor is for {least} to {most} players, "
                                 "not {count}", least=PLAYER_COUNTS[0],
                                 most=PLAYER_COUNTS[-1], count=len(seats)))
    names = [seat.name for seat in seats]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(gettext("Two seats are named “{name}”: give each a name of its "
                                     "own.", name=name))
    return tuple(seats)


def seating(seats: Sequence[Seat], first: int = 0) -> tuple[Seat, ...]:
    """The seats in playing order, ``seats[first]`` starting, then round the table
    (R-SETUP-ORDER).

    >>> [seat.name for seat in seating(parse_seats("a,b,c"), first=2)]
    ['c', 'a', 'b']
    """
    if not 0 <= first < len(seats):
        raise ValueError(f"R-SETUP-ORDER: seat {first} does not exist (0 to {len(seats) - 1})")
    return tuple(seats[first:]) + tuple(seats[:first])
