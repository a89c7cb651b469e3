"""The Analyse tab's filters (:class:`FiltersView`): which level in which seat, who won, how
many rounds, which rule ended the game; the choices are those the corpus's games offer.

>>> import pandas as pd
>>> from splendor_nb.i18n import translator
>>> table = pd.DataFrame({"players": [2, 2], "level_1": ["easy", "medium"],
...                       "level_2": ["medium", "easy"], "rounds": [25, 31],
...                       "ended_by": ["R-END-TRIGGER", "R-REPEAT"]})
>>> chosen = []
>>> view = FiltersView(translator("en"), table, GameFilter(), chosen.append)
>>> view.level.value = "medium"; view.seat.value = 1
>>> chosen[-1]
GameFilter(level='medium', seat=1, winner='', rounds=None, ended_by='')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import pandas as pd

from splendor_nb.analysis.corpus_charts import level_name
from splendor_nb.i18n.translator import Translator
from splendor_nb.ui.analyse_tab.filtering import NOBODY, SHARED, UNFINISHED, GameFilter

_ENDINGS = ("R-END-TRIGGER", "R-PASS", "R-REPEAT", UNFINISHED)
"""The ways a game ends, in the order offered (R-END-TRIGGER, R-PASS, R-REPEAT)."""


class FiltersView:
    """Dropdowns and a slider that make a :class:`GameFilter` (``.widget``); ``on_change`` hears
    each new filter; *Show every game* resets them."""

    def __init__(self, words: Translator, table: pd.DataFrame, chosen: GameFilter,
                 on_change: Callable[[GameFilter], object]) -> None:
        self.on_change = on_change
        self._quiet = False
        seats = sorted(int(column.removeprefix("level_")) for column in table.columns
                       if column.startswith("level_"))
        levels = sorted({level for seat in seats for level in table[f"level_{seat}"].dropna()})
        self.level = _dropdown(words.gettext("Level"), [(words.gettext("any level"), ""), *(
            (level_name(level, words.language), level) for level in levels)], "level")
        self.seat = _dropdown(words.gettext("in seat"), [(words.gettext("any seat"), 0), *(
            (words.gettext("seat {seat}", seat=seat), seat) for seat in seats)], "seat")
        self.winner = _dropdown(words.gettext("Winner"), [
            (words.gettext("anyone"), ""),
            *((words.gettext("the {level} bot", level=level_name(level, words.language)),
               f"level:{level}") for level in levels),
            *((words.gettext("seat {seat}", seat=seat), f"seat:{seat}") for seat in seats),
            (words.gettext("a shared victory"), SHARED),
            (words.gettext("no one (unfinished)"), NOBODY)], "winner")
        endings = set(table["ended_by"]) if len(table) else set()
        self.ended_by = _dropdown(words.gettext("Ended by"), [(words.gettext("any rule"), ""), *(
            (words.gettext("unfinished") if ending == UNFINISHED else ending, ending)
            for ending in _ENDINGS if ending in endings)], "ended-by")
        low, high = ((int(table["rounds"].min()), int(table["rounds"].max())) if len(table)
                     else (0, 0))
        self.bounds = (low, high)
        self.rounds = widgets.IntRangeSlider(
            value=chosen.rounds or self.bounds, min=low, max=max(high, low + 1),
            description=words.gettext("Rounds"), continuous_update=False,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="320px", max_width="100%"))
        self.rounds.add_class("splendor-filter-rounds")
        self.reset = widgets.Button(description=words.gettext("Show every game"), icon="undo",
                                    layout=widgets.Layout(width="auto"))
        self.reset.add_class("splendor-filter-reset")
        self.reset.on_click(lambda _button: self.show(GameFilter(), announce=True))
        self.widget = widgets.HBox(
            [self.level, self.seat, self.winner, self.ended_by, self.rounds, self.reset],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", width="100%"))
        self.widget.add_class("splendor-analyse-filters")
        self.show(chosen)
        for control in (self.level, self.seat, self.winner, self.ended_by, self.rounds):
            control.observe(self._changed, names="value")

    @property
    def chosen(self) -> GameFilter:
        """The filter the controls show."""
        rounds = tuple(self.rounds.value)
        return GameFilter(level=self.level.value, seat=self.seat.value,
                          winner=self.winner.value,
                          rounds=None if rounds == self.bounds else (rounds[0], rounds[1]),
                          ended_by=self.ended_by.value)

    def show(self, chosen: GameFilter, announce: bool = False) -> None:
        """Set the controls to ``chosen`` (a choice the corpus does not offer: any); tell
        ``on_change`` if ``announce``."""
        self._quiet = True
        try:
            for control, value in ((self.level, chosen.level), (self.seat, chosen.seat),
                                   (self.winner, chosen.winner),
                                   (self.ended_by, chosen.ended_by)):
                offered = [option for _label, option in control.options]
                control.value = value if value in offered else offered[0]
            self.rounds.value = chosen.rounds or self.bounds
        finally:
            self._quiet = False
        if announce:
            self.on_change(self.chosen)

    def _changed(self, _change: Any) -> None:
        if not self._quiet:
            self.on_change(self.chosen)


def _dropdown(description: str, options: list[tuple[str, Any]], key: str) -> widgets.Dropdown:
    dropdown = widgets.Dropdown(options=options, description=description,
                                style={"description_width": "initial"},
                                layout=widgets.Layout(width="auto", max_width="100%"))
    dropdown.add_class(f"splendor-filter-{key}")
    return dropdown
