"""The app's Learn tab (:class:`LearnTab`): a chapter picker that shows each chapter's progress,
the chapter (a :class:`~splendor_nb.ui.learn_tab.lesson_view.LessonView`, built when first opened:
its opening at once, the rest as the page draws it), the find-the-move puzzles last, and buttons
to the previous and the next chapter.

>>> tab = LearnTab()
>>> tab.open("actions")
>>> tab.picker.value, tab.view.chapter.id
(1, 'actions')
>>> tab.open("9")
Traceback (most recent call last):
...
KeyError: "There is no chapter '9'. The chapters: 1 to 7 or setup, actions, bonuses, \
token-limit, nobles, last-round, strategy, or puzzles."

The tab's :class:`LearnState` (the progress, the chapter and the puzzle open) outlives it: a
tab rebuilt over it in another language goes on where the learner was. ``keep="browser"`` (the
app) keeps the progress in the visitor's browser, ``keep="disk"`` in the user's data folder.

>>> again = LearnTab(language="fr", state=tab.state)
>>> again.picker.value, again.progress is tab.progress, again.picker.description
(1, True, 'Chapitre')
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import ipywidgets as widgets

from splendor_nb.i18n import spoken, translator
from splendor_nb.learn import Chapter, Progress, Puzzle, shipped_chapters, teacher_puzzles
from splendor_nb.learn.progress_file import saved_progress
from splendor_nb.learn.puzzle_set import load_puzzles
from splendor_nb.ui.learn_tab.browser_progress import BrowserProgress
from splendor_nb.ui.learn_tab.learn_labels import say
from splendor_nb.ui.learn_tab.lesson_view import LessonView
from splendor_nb.ui.learn_tab.puzzle_view import PuzzleView
from splendor_nb.ui.learn_tab.style import LEARN_CLASS, style_widget
from splendor_nb.ui.learn_tab.trainer_labels import say as trainer_say
from splendor_nb.ui.learn_tab.trainer_store import (
    BrowserRecordStore,
    DiskStore,
    MemoryStore,
    RecordStore,
)
from splendor_nb.ui.learn_tab.trainer_view import OpenReplay, TrainerView

PUZZLES = "puzzles"
"""The name that opens the puzzles (``?lesson=puzzles``)."""
TRAINER = "trainer"
"""The name that opens the puzzle trainer (``?lesson=trainer``), after the puzzles."""
TAB_CLASS = "splendor-learn-tab"


@dataclass
class LearnState:
    """Where a learner is: the exercises solved, the chapter open (the puzzles last), the
    puzzles found and the one open."""

    progress: Progress = field(default_factory=Progress)
    chapter: int = 0
    puzzles_solved: set[int] = field(default_factory=set)
    puzzle: int = 0
    browser: BrowserProgress | None = None
    """What keeps the progress in the browser (``keep="browser"``), made once."""
    trainer_store: RecordStore = field(default_factory=MemoryStore)
    """Where the puzzle trainer keeps the learner's record (as ``keep`` says)."""


class LearnTab:
    """Every chapter, and the puzzles, one at a time (``.widget``, DOM class
    ``splendor-learn-tab``); the progress is kept across chapters. ``language`` is the
    language of its words (default: the current one); ``state`` where the learner is."""

    def __init__(self, chapters: Sequence[Chapter] | None = None,
                 puzzles: Sequence[Puzzle] | None = None, *, language: str | None = None,
                 state: LearnState | None = None,
                 keep: Literal["browser", "disk"] | None = None,
                 on_replay: OpenReplay | None = None) -> None:
        self.language = translator(language).language
        self.on_replay = on_replay
        """Where the trainer opens a puzzle's source game (the app: its Replay tab)."""
        self.chapters = tuple(chapters if chapters is not None else
                              shipped_chapters(self.language))
        self._puzzles = tuple(puzzles) if puzzles is not None else None
        if state is None:
            state = LearnState(progress=saved_progress()) if keep == "disk" else LearnState()
        if keep == "browser" and state.browser is None:
            state.browser = BrowserProgress(state.progress)
            state.trainer_store = BrowserRecordStore()
        elif keep == "disk" and isinstance(state.trainer_store, MemoryStore):
            state.trainer_store = DiskStore()
        self._state = state
        self.progress = self._state.progress
        self._build()
        self.progress.watch(lambda _progress: self._label())

    @spoken
    def _build(self) -> None:
        self.views: dict[int, LessonView | PuzzleView | TrainerView] = {}
        """The chapters opened so far, by index (the puzzles, then the trainer, last)."""
        self.picker = widgets.Dropdown(description=say("chapter"),
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.picker.add_class("splendor-chapter-picker")
        self.message = widgets.HTML()
        self.body = widgets.Box(layout=widgets.Layout(width="100%"))
        self.previous = widgets.Button(description=say("previous_chapter"), icon="arrow-left",
                                       layout=widgets.Layout(width="auto"))
        self.next = widgets.Button(icon="arrow-right", layout=widgets.Layout(width="auto"))
        self.previous.add_class("splendor-previous-chapter")
        self.next.add_class("splendor-next-chapter")
        self.previous.on_click(lambda _button: self._open_index(self.picker.value - 1))
        self.next.on_click(lambda _button: self._open_index(self.picker.value + 1))
        navigation = widgets.HBox([self.previous, self.next],
                                  layout=widgets.Layout(flex_flow="row wrap"))
        navigation.add_class("splendor-learn-nav")
        kept = [self._state.browser] if self._state.browser is not None else []
        self.widget = widgets.VBox([style_widget(), *kept, self.picker, self.message,
                                    self.body, navigation], layout=widgets.Layout(width="100%"))
        self.widget.add_class(LEARN_CLASS)
        self.widget.add_class(TAB_CLASS)
        self._labelling = False
        self._label()
        self.picker.observe(self._picked, names="value")
        self._open_index(self._state.chapter)

    @property
    def state(self) -> LearnState:
        """Where the learner is now (for a tab rebuilt in another language)."""
        puzzles = self.views.get(len(self.chapters))
        if isinstance(puzzles, PuzzleView):
            self._state.puzzle = puzzles.index
        self._state.chapter = int(self.picker.value or 0)
        return self._state

    @property
    def view(self) -> LessonView | PuzzleView | TrainerView:
        """The chapter, or the puzzles, shown."""
        return self.views[self.picker.value]

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles (the teacher game's, unless others were given), read when first
        asked for."""
        if self._puzzles is None:
            self._puzzles = tuple(teacher_puzzles())
        return self._puzzles

    @spoken
    def open(self, name: str) -> None:
        """Open a chapter by id or number (from 1), or the puzzles (``"puzzles"``); a
        :class:`KeyError` names the chapters there are."""
        index = self.index_of(name)
        if index is None:
            ids = ", ".join(chapter.id for chapter in self.chapters)
            raise KeyError(say("no_such_chapter", name=name, last=len(self.chapters), ids=ids,
                               puzzles=PUZZLES))
        self._open_index(index)

    @spoken
    def problem(self, text: str) -> None:
        """Say what went wrong above the chapter (a deep link to no chapter); ``""`` clears it."""
        self.message.value = (f"<div class='splendor-learn-problem'>{html.escape(text)}</div>"
                              if text else "")

    def index_of(self, name: str) -> int | None:
        """The picker's index of a chapter id or number, or of the puzzles; ``None`` if none.

        >>> LearnTab().index_of("2"), LearnTab().index_of("nobles")
        (1, 4)
        """
        if name == PUZZLES:
            return len(self.chapters)
        if name == TRAINER:
            return len(self.chapters) + 1
        if name.isascii() and name.isdigit() and 1 <= int(name) <= len(self.chapters):
            return int(name) - 1
        return next((k for k, chapter in enumerate(self.chapters) if chapter.id == name), None)

    @spoken
    def _open_index(self, index: int) -> None:
        trainer = len(self.chapters) + 1
        index = max(0, min(index, trainer))
        if index not in self.views:
            self.views[index] = (TrainerView(load_puzzles(), store=self._state.trainer_store,
                                             language=self.language, on_replay=self.on_replay)
                                 if index == trainer else
                                 PuzzleView(self.puzzles, on_progress=self._label,
                                            solved=self._state.puzzles_solved,
                                            index=self._state.puzzle, language=self.language)
                                 if index == len(self.chapters) else
                                 LessonView(self.chapters[index], self.progress,
                                            on_progress=lambda _chapter: self._label(),
                                            language=self.language, defer=True))
        self.body.children = (self.views[index].widget,)
        if self.picker.value != index:
            self.picker.value = index
        self.previous.disabled = index == 0
        last = index == trainer
        self.next.disabled = last
        following = (say("puzzles_title") if index + 1 == len(self.chapters) else
                     trainer_say("title") if index + 1 == trainer else
                     self.chapters[index + 1].title if not last else "")
        self.next.description = following if index + 1 == trainer else \
            say("next_chapter", title=following)
        self.next.layout.display = "none" if last else None

    @spoken
    def _picked(self, change: dict[str, Any]) -> None:
        if not self._labelling:
            self._open_index(change["new"])

    @spoken
    def _label(self) -> None:
        """The picker's options, each with its progress."""
        options = [(say("chapter_option",
            number=k + 1, title=chapter.title, solved=self.progress.solved(chapter),
            total=len(chapter.exercises)), k) for k, chapter in enumerate(self.chapters)]
        puzzles = self.views.get(len(self.chapters))
        solved = len(puzzles.solved) if isinstance(puzzles, PuzzleView) else 0
        options.append((say("puzzles_option", solved=solved, total=len(self.puzzles)),
                        len(self.chapters)))
        options.append((trainer_say("title"), len(self.chapters) + 1))
        value = self.picker.value
        self._labelling = True
        try:
            self.picker.options = options
            self.picker.value = value if value is not None else 0
        finally:
            self._labelling = False

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

