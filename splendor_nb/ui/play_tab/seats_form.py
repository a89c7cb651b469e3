"""Choosing the seats: 2 to 4 rows, each a person (with a name) or a bot of some level
(:class:`SeatsForm`), for a new game and for a what-if game.

>>> form = SeatsForm([Seat("Ann"), Seat("Hard bot", "hard")])
>>> form.chosen()
[Seat('Ann'), 'hard']
>>> form.add.click(); form.rows[2].kind.value = "easy"; form.chosen()
[Seat('Ann'), 'hard', 'easy']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from splendor_nb.ai import LEVELS
from splendor_nb.ai.names import bot_name
from splendor_nb.i18n import spoken, translator
from splendor_nb.play import Seat
from splendor_nb.rules import PLAYER_COUNTS
from splendor_nb.ui.play_tab.play_labels import WORDS, say
from splendor_nb.ui.shared_models import fixed_layout

PERSON = ""
"""The kind picker's value for a person (a bot's value is its level)."""


def kinds() -> tuple[tuple[str, str], ...]:
    """The kind picker's options, in the current language: a person, or a bot of each level.

    >>> kinds()[1]
    ('Easy bot', 'easy')
    """
    return ((say("person"), PERSON), *((bot_name(level), level) for level in LEVELS))


def default_seats() -> tuple[Seat, ...]:
    """A new game's seats until someone changes them, in the current language: a person
    against the medium bot.

    >>> default_seats()
    (Seat('Player 1'), Seat('Medium bot', level='medium'))
    """
    return Seat(say("name_placeholder", number=1)), Seat(bot_name("medium"), "medium")


class SeatRow:
    """One seat: its kind (a person or a bot level) and, for a person, a name."""

    def __init__(self, number: int, seat: Seat | None = None,
                 on_remove: Callable[[SeatRow], None] | None = None, *,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        self.number = number
        self._build(seat, on_remove)

    @spoken
    def _build(self, seat: Seat | None, on_remove: Callable[[SeatRow], None] | None) -> None:
        number = self.number
        self.kind = widgets.Dropdown(options=kinds(), value=PERSON, style={"description_width":
                                                                         "initial"},
                                     layout=fixed_layout(width="auto"))
        self.kind.add_class("splendor-seat-kind")
        self.name = widgets.Text(description=say("name"), style={"description_width": "initial"},
                                 layout=widgets.Layout(width="min(220px, 100%)"))
        self.name.add_class("splendor-seat-name")
        self.remove = widgets.Button(icon="times", layout=widgets.Layout(width="36px"))
        self.remove.add_class("splendor-seat-remove")
        if on_remove is not None:
            self.remove.on_click(lambda _button: on_remove(self))
        self.kind.observe(lambda _change: self._show_name(), names="value")
        self.widget = widgets.HBox([self.kind, self.name, self.remove],
                                   layout=fixed_layout(flex_flow="row wrap",
                                                         align_items="center"))
        self.widget.add_class("splendor-seat")
        self.renumber(number)
        if seat is not None:
            self.set(seat)
        self._show_name()

    @spoken
    def renumber(self, number: int) -> None:
        """Show the row as seat ``number`` (1 first)."""
        self.number = number
        self.kind.description = say("seat", number=number)
        self.name.placeholder = say("name_placeholder", number=number)
        self.remove.tooltip = say("remove_seat", number=number)

    def set(self, seat: Seat) -> None:
        """Show ``seat``: its level, or its name for a person."""
        self.kind.value = seat.level or PERSON
        if not seat.is_bot:
            self.name.value = seat.name

    def seat(self) -> Seat | str:
        """A person's :class:`Seat` (the placeholder's name when none is typed), or a bot's
        level, which :func:`~splendor_nb.play.parse_seats` names."""
        if self.kind.value != PERSON:
            return str(self.kind.value)
        return Seat(self.name.value.strip() or self.name.placeholder)

    @spoken
    def label(self) -> str:
        """The seat in words, for the *Starts* picker."""
        seat = self.seat()
        return seat.name if isinstance(seat, Seat) else dict(
            (value, text) for text, value in kinds())[seat]

    def _show_name(self) -> None:
        self.name.layout.display = "flex" if self.kind.value == PERSON else "none"


class SeatsForm:
    """The seats, in table order (``.widget``). ``fixed`` keeps their number (a what-if game
    has the replay's players); else *Add a seat* and each row's remove button change it within
    R-SETUP-PLAYERS. ``on_change()`` hears every change.
    """

    def __init__(self, seats: Sequence[Seat] | None = None, *, fixed: bool = False,
                 on_change: Callable[[], None] | None = None,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        self.fixed = fixed
        self.on_change: Callable[[], None] | None = None
        self.rows: list[SeatRow] = []
        self.add = widgets.Button(description=translator(self.language).gettext(
                                  WORDS["add_seat"]), icon="plus",
                                  layout=widgets.Layout(width="auto"))
        self.add.add_class("splendor-seat-add")
        self.add.on_click(lambda _button: self._add(None))
        self.box = widgets.VBox(layout=fixed_layout(width="100%"))
        self.widget = widgets.VBox([self.box, self.add], layout=fixed_layout(
            width="100%", align_items="flex-start"))
        self.widget.add_class("splendor-seats")
        self.set(seats if seats is not None else self.defaults())
        self.on_change = on_change

    @spoken
    def defaults(self) -> tuple[Seat, ...]:
        """A new game's seats in this form's language (:func:`default_seats`)."""
        return default_seats()

    def set(self, seats: Sequence[Seat]) -> None:
        """Show these seats, one row each."""
        self.rows = []
        for seat in seats:
            self._row(seat)
        self._show()

    def chosen(self) -> list[Seat | str]:
        """The seats as :func:`~splendor_nb.play.parse_seats` takes them."""
        return [row.seat() for row in self.rows]

    def labels(self) -> list[str]:
        """Each seat in words."""
        return [row.label() for row in self.rows]

    def _row(self, seat: Seat | None) -> SeatRow:
        row = SeatRow(len(self.rows) + 1, seat, on_remove=self._remove, language=self.language)
        row.kind.observe(lambda _change: self._changed(), names="value")
        row.name.observe(lambda _change: self._changed(), names="value")
        self.rows.append(row)
        return row

    def _add(self, seat: Seat | None) -> None:
        if len(self.rows) < PLAYER_COUNTS[-1]:
            self._row(seat)
            self._show()

    def _remove(self, row: SeatRow) -> None:
        if len(self.rows) > PLAYER_COUNTS[0] and row in self.rows:
            self.rows.remove(row)
            for number, kept in enumerate(self.rows, start=1):
                kept.renumber(number)
            self._show()

    def _show(self) -> None:
        self.box.children = tuple(row.widget for row in self.rows)
        few, many = len(self.rows) <= PLAYER_COUNTS[0], len(self.rows) >= PLAYER_COUNTS[-1]
        for row in self.rows:
            row.remove.layout.display = "none" if self.fixed or few else None
        self.add.layout.display = "none" if self.fixed or many else None
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
