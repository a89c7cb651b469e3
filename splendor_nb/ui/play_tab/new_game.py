"""The new-game form (:class:`NewGameForm`): the seats, an optional seed, who starts
(R-SETUP-ORDER), and the unfinished games of the games folder, each with a Resume button.

>>> started = []
>>> form = NewGameForm(lambda *game: started.append(game), print)
>>> form.seed.value = "7"; form.first.value = 1
>>> form.start.click(); started
[((Seat('Player 1'), Seat('Medium bot', level='medium')), 7, 1)]
>>> form.seed.value = "seven"; form.start.click(); form.message.value
"<div class='splendor-play-problem' role='alert'>The seed must be a whole number from 0 on, \
not “seven”.</div>"
>>> NewGameForm(print, print, language="fr").start.description
'Commencer la partie'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as widgets

from splendor_nb.i18n import format_datetime, spoken, translator, use_language
from splendor_nb.play import SavedGame, Seat, parse_seats
from splendor_nb.play.sentences import say_n, word_list
from splendor_nb.ui.play_tab.play_labels import say
from splendor_nb.ui.play_tab.seats_form import SeatsForm

Start = Callable[[tuple[Seat, ...], int | None, int], None]
"""``start(seats, seed, first)``: the seats in table order, the seed or None, the first seat."""


class NewGameForm:
    """Seats, seed and who starts, then *Start the game*; the unfinished games below
    (``.widget``, DOM class ``splendor-new-game-form``).

    ``on_start(seats, seed, first)`` gets checked seats (R-SETUP-PLAYERS, names unique);
    ``on_resume(path)`` a saved game's file. ``unfinished()`` lists the games to offer (none
    when it is ``None``, as in the public demo): :meth:`refresh` reads and lists them, as the
    Play tab does each time it shows the form.
    """

    def __init__(self, on_start: Start, on_resume: Callable[[Path], object],
                 unfinished: Callable[[], list[SavedGame]] | None = None,
                 seats: Sequence[Seat] | None = None, *, language: str | None = None) -> None:
        self.language = translator(language).language
        self.on_start = on_start
        self.on_resume = on_resume
        self.unfinished = unfinished
        with use_language(self.language):
            self._build(seats)

    def _build(self, seats: Sequence[Seat] | None) -> None:
        self.first = widgets.Dropdown(description=say("first"),
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="auto"))
        self.first.add_class("splendor-first")
        self.seats = SeatsForm(seats, on_change=self._show_first, language=self.language)
        self._show_first()
        self.seed = widgets.Text(description=say("seed"), placeholder=say("seed_placeholder"),
                                 tooltip=say("seed_help"),
                                 style={"description_width": "initial"},
                                 layout=widgets.Layout(width="min(260px, 100%)"))
        self.seed.add_class("splendor-seed")
        self.start = widgets.Button(description=say("start"), button_style="primary",
                                    icon="play", layout=widgets.Layout(width="auto"))
        self.start.add_class("splendor-start")
        self.start.on_click(lambda _button: self._start())
        self.message = widgets.HTML()
        self.games = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.games.add_class("splendor-unfinished")
        self.widget = widgets.VBox(
            [_heading(say("new_game")), self.seats.widget,
             widgets.HBox([self.seed, self.first], layout=widgets.Layout(
                 flex_flow="row wrap", align_items="center")),
             self.start, self.message, self.games],
            layout=widgets.Layout(width="100%", max_width="640px", align_items="flex-start"))
        self.widget.add_class("splendor-new-game-form")

    @spoken
    def fill(self, seats: Sequence[Seat], first: int = 0) -> None:
        """Show these seats (table order) and who starts, as for the game just played."""
        self.seats.set(seats)
        self.first.value = first if 0 <= first < len(seats) else 0

    @spoken
    def refresh(self) -> None:
        """List the unfinished games again (a game saved elsewhere meanwhile shows up)."""
        found = self.unfinished() if self.unfinished is not None else []
        rows: list[widgets.Widget] = []
        for game in found:
            names = word_list(list(game.names))
            turns = say_n("turns", game.turns)
            button = widgets.Button(description=say("resume"), icon="folder-open",
                                    tooltip=say("resume_label", names=names, turns=turns),
                                    layout=widgets.Layout(width="auto"))
            button.add_class("splendor-resume")
            button.on_click(lambda _button, path=game.path: self.on_resume(path))
            saved = format_datetime(game.modified, self.language)
            line = say("unfinished_line", names=names, turns=turns, date=saved)
            text = widgets.HTML(f"<span>{html.escape(line)}</span>")
            rows.append(widgets.HBox([button, text], layout=widgets.Layout(
                align_items="center", flex_flow="row wrap")))
        self.games.children = (_heading(say("unfinished")), *rows) if rows else ()

    @spoken
    def problem(self, text: str) -> None:
        """Say what is wrong with the form ("" clears it)."""
        self.message.value = (f"<div class='splendor-play-problem' role='alert'>"
                              f"{html.escape(text, quote=False)}</div>") if text else ""

    @spoken
    def _start(self) -> None:
        text = self.seed.value.strip()
        if text and not (text.isascii() and text.isdigit()):
            self.problem(say("bad_seed", text=text))
            return
        try:
            seats = parse_seats(self.seats.chosen())
        except ValueError as error:  # R-SETUP-PLAYERS, or two seats of one name
            self.problem(str(error))
            return
        self.problem("")
        self.on_start(seats, int(text) if text else None, int(self.first.value or 0))

    @spoken
    def _show_first(self) -> None:
        chosen = self.first.value if isinstance(self.first.value, int) else 0
        options = [(label, index) for index, label in enumerate(self.seats.labels())]
        self.first.options = options
        self.first.value = chosen if chosen < len(options) else 0


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div class='splendor-section' role='heading' aria-level='3'>"
                        f"{html.escape(text)}</div>")
