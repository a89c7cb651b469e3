"""A learner's progress through the chapters: which exercises they have solved.

>>> from splendor_nb.learn.lessons import shipped_chapters
>>> chapter = shipped_chapters()[0]
>>> progress = Progress()
>>> exercise = chapter.exercises[0]
>>> progress.record(chapter, exercise, exercise.check(exercise.answer))
>>> print(progress.line(chapter))
The box and the setup: 1 of 7 exercises solved.
>>> progress.keys()
['setup/cards-tier-1']
>>> progress.reset(); progress.solved(chapter)
0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from splendor_nb.learn.lessons import Chapter, Exercise, Feedback
from splendor_nb.learn.phrases import Phrase, phrase

Watcher = Callable[["Progress"], None]


class Progress:
    """The exercises answered so far: an exercise stays solved once answered right, until the
    progress is reset. ``solved`` are exercises solved before, as :meth:`keys` gives them."""

    def __init__(self, solved: Iterable[str] = ()) -> None:
        self.tried: dict[tuple[str, str], bool] = {}
        """(chapter id, exercise id) -> solved."""
        self._watchers: list[Watcher] = []
        self._add(solved)

    def record(self, chapter: Chapter, exercise: Exercise, feedback: Feedback) -> None:
        """Note an answer's feedback."""
        key = (chapter.id, exercise.id)
        was = self.tried.get(key, False)
        self.tried[key] = was or feedback.correct
        if self.tried[key] != was:
            self._changed()

    def solved(self, chapter: Chapter) -> int:
        """How many of the chapter's exercises are solved."""
        return sum(1 for e in chapter.exercises if self.is_solved(chapter, e))

    def is_solved(self, chapter: Chapter, exercise: Exercise) -> bool:
        """Whether the exercise of the chapter is solved."""
        return self.tried.get((chapter.id, exercise.id), False)

    def keys(self) -> list[str]:
        """The exercises solved, as ``chapter-id/exercise-id``, sorted (what is saved)."""
        return sorted(f"{chapter}/{exercise}" for (chapter, exercise), solved
                      in self.tried.items() if solved)

    def restore(self, keys: Iterable[str]) -> None:
        """Add exercises solved before (saved :meth:`keys`); unreadable keys are skipped.

        >>> progress = Progress()
        >>> progress.restore(["setup/players", "no slash", 3])
        >>> progress.keys()
        ['setup/players']
        """
        before = self.keys()
        self._add(keys)
        if self.keys() != before:
            self._changed()

    def reset(self) -> None:
        """Forget every exercise solved."""
        if self.tried:
            self.tried.clear()
            self._changed()

    def watch(self, watcher: Watcher) -> None:
        """Call ``watcher(progress)`` after every change (to save it, to redraw a view)."""
        self._watchers.append(watcher)

    def line(self, chapter: Chapter) -> Phrase:
        """The chapter's progress line.

        >>> from splendor_nb.learn.lessons import shipped_chapters
        >>> print(Progress().line(shipped_chapters()[-1]))
        A first strategy: 0 of 5 exercises solved.
        """
        solved, total = self.solved(chapter), len(chapter.exercises)
        if total and solved == total:
            return phrase("progress.done", title=chapter.title, count=total)
        return phrase("progress", title=chapter.title, solved=solved, count=total)

    def _add(self, keys: Iterable[object]) -> None:
        for key in keys:
            if isinstance(key, str) and key.count("/") == 1:
                chapter, exercise = key.split("/")
                self.tried[(chapter, exercise)] = True

    def _changed(self) -> None:
        for watcher in tuple(self._watchers):
            watcher(self)
