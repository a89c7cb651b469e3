"""A chapter of the lessons as a widget (:class:`LessonView`): its sections in order, each a
text, maybe a live board (or the turn diagram walked on it), maybe exercises; a progress line
above and below; and the rule panel that a click on any rule id opens under what was clicked.

>>> from splendor_nb.learn import shipped_chapters
>>> chapter = shipped_chapters()[3]
>>> view = LessonView(chapter)
>>> "Ten tokens at most: 0 of 2 exercises solved." in view.progress_line.value
True
>>> exercise = chapter.exercises[0]
>>> _ = view.exercises[exercise.id].answer(exercise.answer)
>>> print(view.progress.line(chapter))
Ten tokens at most: 1 of 2 exercises solved.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import ipywidgets as widgets

from splendor_nb.i18n import SOURCE_LANGUAGE, spoken, translator, use_language
from splendor_nb.learn import Chapter, Exercise, Feedback, Position, Progress, Section
from splendor_nb.render import board_svg
from splendor_nb.ui.board_widget import ClickableBoard
from splendor_nb.ui.learn_tab.exercise_view import ExerciseView
from splendor_nb.ui.learn_tab.labelled_pictures import labelled_board_html, labelled_card_html
from splendor_nb.ui.learn_tab.learn_labels import say, say_n
from splendor_nb.ui.learn_tab.links import LinkedHTML, markdown_html
from splendor_nb.ui.learn_tab.more_below import MoreBelow
from splendor_nb.ui.learn_tab.notation_key import NotationKey
from splendor_nb.ui.learn_tab.rule_panel import RulePanel, rule_slot
from splendor_nb.ui.learn_tab.style import LEARN_CLASS, style_widget
from splendor_nb.ui.learn_tab.walk_view import WalkView

LESSON_CLASS = "splendor-lesson"
OPENING = 1
"""How many boards, pictures or walks a deferred chapter builds at first (its first screen)."""
MORE = 2
"""... and how many more each time the page has drawn what it was sent."""


@dataclass(frozen=True)
class _Piece:
    """A part of a chapter to build: its section's number, how much drawing it holds (1 for a
    board, a picture, a walk or an exercise on its own board) and what builds its widgets."""

    section: int
    weight: float
    build: Callable[[], list[widgets.Widget]]


class LessonView:
    """One chapter (``.widget``, DOM classes ``splendor-learn splendor-lesson``).

    ``progress`` is shared between chapters (a new one by default); ``on_progress(chapter)``
    hears every answer recorded in it. ``title=False`` leaves the chapter's title out (a
    notebook's heading says it). ``defer=True`` (the Learn tab) builds only the chapter's
    opening, up to its first board or picture: the page asks for the rest, a few parts at a
    time, as it draws them (:class:`~splendor_nb.ui.learn_tab.more_below.MoreBelow`), and
    :meth:`build_rest` builds it at once.
    """

    def __init__(self, chapter: Chapter, progress: Progress | None = None, *,
                 on_progress: Callable[[Chapter], None] | None = None,
                 title: bool = True, language: str | None = None, defer: bool = False) -> None:
        self.language = translator(language).language
        with use_language(self.language):
            self.chapter = chapter
            self.progress = progress if progress is not None else Progress()
            self.on_progress = on_progress
            self.rules = RulePanel(language=self.language)
            self.exercises: dict[str, ExerciseView] = {}
            """The exercise views, by exercise id."""
            self.walks: list[WalkView] = []
            """The diagram walks, in order."""
            self.progress_line = widgets.HTML()
            self.progress_end = widgets.HTML()
            minutes = (f" <span class='splendor-muted'>· "
                       f"{html.escape(say_n('minutes', chapter.minutes))}</span>"
                       if chapter.minutes else "")
            header = widgets.HTML(
                (f"<h2 class='splendor-chapter-title'>{html.escape(chapter.title)}</h2>"
                 if title else "")
                + (f"<div class='splendor-chapter-summary'>{html.escape(chapter.summary)}"
                   f"{minutes}</div>" if chapter.summary or minutes else ""))
            self.notation = NotationKey()
            self._opening: tuple[widgets.Widget, ...] = (style_widget(), header,
                                                         self.notation.widget,
                                                         self.progress_line)
            self.reset = widgets.Button(description=say("reset_progress"), icon="undo",
                                        tooltip=say("reset_progress_tip"),
                                        layout=widgets.Layout(width="auto"))
            self.reset.add_class("splendor-reset-progress")
            self.reset.on_click(lambda _button: self.progress.reset())
            self._sections: list[widgets.VBox] = []
            self._pieces: list[_Piece] = [piece for number, section in
                                          enumerate(chapter.sections)
                                          for piece in self._section(number, section)]
            """The parts not built yet, in the page's order."""
            self._more: MoreBelow | None = None
            self.widget = widgets.VBox(list(self._opening), layout=widgets.Layout(width="100%"))
            self.widget.add_class(LEARN_CLASS)
            self.widget.add_class(LESSON_CLASS)
            self.widget.add_class(f"splendor-chapter-{chapter.id}")
            self._grow(OPENING if defer else None)
            self._progress_changed()
            self.progress.watch(lambda _progress: self._progress_changed())

    @property
    def built(self) -> bool:
        """Whether every part of the chapter is built (always, unless ``defer``)."""
        return not self._pieces

    @spoken
    def build_rest(self) -> None:
        """Build every part not built yet (what the page asks for, part after part, as it
        draws them)."""
        self._grow(None)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @spoken
    def _answered(self, exercise: Exercise, feedback: Feedback) -> None:
        self.progress.record(self.chapter, exercise, feedback)
        self._show_progress()
        if self.on_progress is not None:
            self.on_progress(self.chapter)

    @spoken
    def _progress_changed(self) -> None:
        """The progress restored (from a browser's storage) or reset: the marks follow."""
        for exercise in self.chapter.exercises:
            if exercise.id in self.exercises:  # the ones built later are marked then
                self.exercises[exercise.id].show_solved(self.progress.is_solved(self.chapter,
                                                                                exercise))
        self._show_progress()

    @spoken
    def _show_progress(self) -> None:
        chapter = self.chapter
        solved, total = self.progress.solved(chapter), len(chapter.exercises)
        if not total:
            return
        line = progress_html(self.progress.line(chapter).text(), solved, total)
        self.progress_line.value = self.progress_end.value = line

    @spoken
    def _grow(self, drawings: float | None) -> None:
        """Build the next parts until ``drawings`` boards, pictures or walks are built (all of
        them for ``None``), then ask for more below them, or end the chapter."""
        while self._pieces and (drawings is None or drawings > 0):
            piece = self._pieces.pop(0)
            built = piece.build()
            if piece.section < len(self._sections):
                box = self._sections[piece.section]
                box.children = (*box.children, *built)
            else:
                box = widgets.VBox(built, layout=widgets.Layout(width="100%"))
                box.add_class("splendor-lesson-section")
                self._sections.append(box)
            if drawings is not None:
                drawings -= piece.weight
        more, self._more = self._more, None
        if self._pieces:
            self._more = MoreBelow(lambda: self._grow(MORE))
        ending = (self._more,) if self._more is not None else (self.progress_end, self.reset)
        self.widget.children = (*self._opening, *self._sections, *ending)
        if more is not None:
            more.close()

    @spoken
    def _exercise(self, exercise: Exercise, section: Section, same: bool
                  ) -> list[widgets.Widget]:
        slot = rule_slot()
        view = ExerciseView(exercise, board=not same, viewer=section.viewer if same else None,
                            on_answer=self._answered, on_rule=self._shower(slot),
                            language=self.language)
        view.show_solved(self.progress.is_solved(self.chapter, exercise))
        self.exercises[exercise.id] = view
        return [view.widget, slot]

    @spoken
    def _text(self, section: Section) -> list[widgets.Widget]:
        parts: list[widgets.Widget] = []
        if section.heading:
            parts.append(widgets.HTML(f"<h3 class='splendor-section-heading'>"
                                      f"{html.escape(section.heading)}</h3>"))
        slot = rule_slot()
        text = LinkedHTML(markdown_html(section.text))
        text.add_class("splendor-lesson-text")
        shower = self._shower(slot)
        text.on_click(lambda _kind, target: shower(target))
        return [*parts, text, slot]

    @spoken
    def _walk(self, section: Section, position: Position) -> list[widgets.Widget]:
        slot = rule_slot()
        walk = WalkView(position.state, position.names, caption=position.caption,
                        viewer=section.viewer, on_rule=self._shower(slot),
                        language=self.language)
        self.walks.append(walk)
        return [walk.widget, slot]

    def _section(self, number: int, section: Section) -> list[_Piece]:
        """A section's parts, to build in order: its text, maybe its board (or the walk, or a
        picture), its exercises; each followed by the slot where a rule clicked in it shows."""
        pieces = [_Piece(number, 0, lambda: self._text(section))]
        position = section.position
        clicked_here = any(e.answer_by == "board" and _same(e.position, position)
                           for e in section.exercises)
        language = self.language
        if position is not None and section.walk:
            pieces.append(_Piece(number, 1, lambda: self._walk(section, position)))
        elif section.picture == "board" and position is not None:
            pieces.append(_Piece(number, 1, lambda: [_picture(labelled_board_html(
                position.state, position.names, language))]))
        elif position is not None and not clicked_here:
            pieces.append(_Piece(number, 1, lambda: board_parts(position, section.viewer,
                                                                 language)))
        if section.picture not in ("", "board"):
            pieces.append(_Piece(number, 1, lambda: [_picture(labelled_card_html(
                section.picture, language))]))
        for exercise in section.exercises:
            same = _same(exercise.position, position)
            drawn = exercise.position is not None and (not same or exercise.answer_by == "board")
            pieces.append(_Piece(number, 1 if drawn else 0.5,
                                 partial(self._exercise, exercise, section, same)))
        return pieces

    @spoken
    def _shower(self, slot: widgets.Box) -> Callable[[str], None]:
        return lambda target: self.rules.show_in(target, slot)


def board_parts(position: Position, viewer: int | None = None,
                language: str = SOURCE_LANGUAGE) -> list[widgets.Widget]:
    """A lesson's live board of ``position`` (its words in ``language``), and its caption."""
    board = ClickableBoard(board_svg(position.state, viewer=viewer, names=position.names,
                                     language=language))
    board.add_class("splendor-lesson-board")
    parts: list[widgets.Widget] = [board]
    if position.caption:
        parts.append(widgets.HTML(f"<div class='splendor-caption'>"
                                  f"{html.escape(position.caption)}</div>"))
    return parts


def progress_html(line: str, solved: int, total: int) -> str:
    """A progress line with its bar.

    >>> "width:50%" in progress_html("2 of 4", 2, 4)
    True
    """
    percent = round(100 * solved / total) if total else 0
    return (f"<div class='splendor-progress'><div class='splendor-progress-bar'>"
            f"<div style='width:{percent}%'></div></div>"
            f"<div class='splendor-progress-text'>{html.escape(line)}</div></div>")


def _same(one: Position | None, other: Position | None) -> bool:
    return one is not None and other is not None and one.key == other.key


def _picture(html_text: str) -> widgets.HTML:
    picture = widgets.HTML(html_text, layout=widgets.Layout(width="100%"))
    picture.add_class("splendor-lesson-picture")
    return picture
