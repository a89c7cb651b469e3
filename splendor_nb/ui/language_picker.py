"""The app's language at run time: a picker of the languages, each in its own name
(:class:`LanguagePicker`), and the switch that rebuilds the tabs' views in the chosen language
over the same state (:class:`LanguageSwitch`): the open replay, the game being played, the
lessons' progress and the selected tab are the state's, not the views', so nothing is lost.

>>> import ipywidgets as widgets
>>> built = []
>>> def view(index, language):
...     built.append((index, language))
...     return widgets.HTML(language if index == 0 else language.upper())
>>> app = widgets.Tab()
>>> switch = LanguageSwitch(app, view, lambda language: (language, language), "fr")
>>> built  # a tab's view is built when the tab is first shown; until then it says it loads
[(0, 'fr')]
>>> "Chargement" in app.children[1].children[0].value
True
>>> app.selected_index = 1
>>> app.children[1].children[0].value
'FR'
>>> switch.picker.value = "tr"
>>> built, app.titles, app.selected_index, switch.view(1).value
([(0, 'fr'), (1, 'fr'), (0, 'tr'), (1, 'tr')], ('tr', 'tr'), 1, 'TR')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qs

import anywidget
import ipywidgets as widgets
from traitlets import List, Unicode

from splendor_nb.i18n import (
    LANGUAGES,
    PSEUDO_LANGUAGE,
    SOURCE_LANGUAGE,
    normalise_language,
    translator,
)
from splendor_nb.i18n.translator import PSEUDO_WRAP
from splendor_nb.ui.shared_models import fixed_layout, sharing

STATIC = Path(__file__).parent / "static"
LANG_KEY = "lang"
"""The query key of a deep link's language: ``?lang=fr``."""
PICKER_CLASS = "splendor-language-picker"
"""The DOM class of the picker's widget (its ``<select>`` has ``splendor-language-select``)."""


class LanguagePicker(anywidget.AnyWidget):
    """A small ``<select>`` of :data:`~splendor_nb.i18n.LANGUAGES`, each named in its own
    language (static/language.js); ``value`` is the chosen code. In the app it shows above the
    tab bar, and the page's ``<html lang>`` follows it.

    >>> picker = LanguagePicker("ru")
    >>> picker.value, picker.label, picker.options[4]
    ('ru', 'Язык', ['tr', 'Türkçe'])
    """

    _esm = STATIC / "language.js"
    _css = STATIC / "language.css"
    value = Unicode(SOURCE_LANGUAGE).tag(sync=True)
    options: List[list[str]] = List().tag(sync=True)
    label = Unicode("Language").tag(sync=True)
    page_lang = Unicode(SOURCE_LANGUAGE).tag(sync=True)
    """The page's ``<html lang>``: the language's code (English for the pseudo-language)."""
    problem = Unicode("").tag(sync=True)
    """What was wrong with the language asked for (``?lang=de``), shown beside the picker."""

    def __init__(self, language: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class(PICKER_CLASS)
        self.observe(lambda _change: self._label(), names="value")
        self.value = normalise_language(language)
        self._label()

    def _label(self) -> None:
        pseudo = [[PSEUDO_LANGUAGE, PSEUDO_WRAP.format(PSEUDO_LANGUAGE)]] \
            if self.value == PSEUDO_LANGUAGE else []  # listed only while it is the one shown
        self.options = [list(pair) for pair in LANGUAGES] + pseudo
        self.label = translator(self.value).gettext("Language")
        self.page_lang = SOURCE_LANGUAGE if self.value == PSEUDO_LANGUAGE else self.value


class LanguageLink(NamedTuple):
    """What ``lang=`` asks for: a language's code, and what was wrong with it ("" if nothing)."""

    code: str
    error: str = ""


def parse_language_link(query: str) -> LanguageLink | None:
    """Read ``lang=CODE`` from a query string (``None`` without it). Any tag of a language
    counts (``fr-FR``); another language is said, in English, and English is shown.

    >>> parse_language_link("lang=fr-FR&replay=duel"), parse_language_link("play") is None
    (LanguageLink(code='fr', error=''), True)
    >>> parse_language_link("lang=de").error
    "There is no language 'de' here: showing English. The languages: en, fr, es, ru, tr."
    """
    asked = parse_qs(query.lstrip("?"), keep_blank_values=True).get(LANG_KEY)
    if asked is None:
        return None
    tag = asked[-1].strip()
    code = normalise_language(tag)
    primary = tag.replace("_", "-").split("-", 1)[0].lower()
    if code == primary:
        return LanguageLink(code)
    # Said in English on purpose: the page falls back to English, whose words these are.
    return LanguageLink(SOURCE_LANGUAGE, f"There is no language {tag!r} here: showing English. "
                        f"The languages: {', '.join(code for code, _ in LANGUAGES)}.")


class LanguageSwitch:
    """Keeps ``app``'s tabs in the picker's language. ``view(index, language)`` builds tab
    ``index``'s view in ``language`` over the app's state (letting go of that tab's previous
    view) and returns its widget; ``titles(language)`` gives the tabs' titles, one per tab.

    A tab's view is built when it is first needed (the tab shown, or :meth:`view` asked), and
    put in the page when the tab is first shown: a page loads every widget the kernel holds,
    and a browser draws every widget of every tab, shown or not (in the public demo, the tabs
    nobody had opened were most of the page's widgets, and 11 to 24 s of chromium's CPU before
    a visitor's first click was answered). A switch rebuilds the views built so far. Each view
    sits in a frame of its own, so that a switch only swaps the frames' contents; the first
    frame also holds the picker (its view moves above the tab bar in the page)."""

    def __init__(self, app: widgets.Tab, view: Callable[[int, str], widgets.Widget],
                 titles: Callable[[str], Sequence[str]], language: str | None = None, *,
                 on_shown: Callable[[], None] | None = None) -> None:
        self.app = app
        self.on_shown = on_shown
        """Called once the views of a switch are in the tabs (the old ones may then go)."""
        self.build = view
        self.titles = titles
        self.picker = LanguagePicker(language)
        self._views: list[widgets.Widget | None] = [None] * len(titles(self.picker.value))
        """Each tab's view in the language shown, None until it is needed."""
        with sharing():  # one Layout for the five frames
            self.frames = tuple(widgets.Box(layout=fixed_layout(width="100%"))
                                for _ in self._views)
        for frame in self.frames:
            frame.add_class("splendor-tab-frame")
        app.children = self.frames
        self._shown = ""
        """The language the views speak."""
        self._show(self.picker.value)
        self.picker.observe(lambda change: self.switch(change["new"]), names="value")
        app.observe(lambda change: self._fill(change["new"]), names="selected_index")

    @property
    def language(self) -> str:
        """The language the tabs speak."""
        return str(self.picker.value)

    def view(self, index: int) -> widgets.Widget:
        """Tab ``index``'s view in the language shown, built now if it was not yet."""
        view = self._views[index]
        if view is None:
            view = self._views[index] = self.build(index, self._shown)
        return view

    def built(self, index: int) -> bool:
        """Whether tab ``index``'s view is built in the language shown."""
        return self._views[index] is not None

    def switch(self, language: str) -> None:
        """Rebuild the tabs in ``language`` (any tag; the picker follows), the same tab kept
        open."""
        language = normalise_language(language)
        if self.picker.value != language:
            self.picker.value = language  # observed: comes back here with the picker's value
            return
        if language == self._shown:
            return
        selected = self.app.selected_index
        self._show(language)
        self.app.selected_index = selected
        if self.on_shown is not None:
            self.on_shown()

    def _show(self, language: str) -> None:
        wanted = {index for index, view in enumerate(self._views) if view is not None}
        self._shown = language
        self._views = [None] * len(self._views)
        for index in sorted(wanted | {0}):  # the views built so far, and the first tab's
            self.view(index)
        with sharing():  # one note in every frame not shown yet
            loading = _loading(language)
        for frame in self.frames[1:]:  # shown at once when its tab is clicked, while the
            frame.children = (loading,)  # kernel builds the view
        self._fill(0)  # the first tab holds the picker: always filled
        self._fill(self.app.selected_index)
        self.app.titles = tuple(self.titles(language))

    def _fill(self, index: int | None) -> None:
        """Put tab ``index``'s view in its frame (built if need be), once the tab is shown."""
        if index is None or not 0 <= index < len(self.frames):
            return
        frame, view = self.frames[index], self.view(index)
        wanted = (self.picker, view) if index == 0 else (view,)
        if frame.children != wanted:
            frame.children = wanted


def _loading(language: str) -> widgets.HTML:
    """What a tab shows while its view is built (a first click on it)."""
    text = html.escape(translator(language).gettext("Loading…"))
    note = widgets.HTML(f"<div class='splendor-tab-loading' role='status'>{text}</div>")
    note.add_class("splendor-tab-loading-note")
    return note
