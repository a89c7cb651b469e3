"""A learner's progress through the chapters: which exercises they have solved.

>>> from splendor_nb.learn.lessons import shipped_chapters
>>> chapter = shipped_chapters()[0]
>>> progress = Progress()
>>> exercise = chapter.exercises[0]
>>> progress.record(chapter, exercise, exercise.check(exercise.answer))
>>> print(progress.line(chapter))
The box and the setup: 1 of 7 exercises solved.
"""

from __future__ import annotations

from splendor_nb.learn.lessons import Chapter, Exercise, Feedback
from splendor_nb.learn.phrases import Phrase, phrase


class Progress:
    """The exercises answered so far: an exercise stays solved once answered right."""

    def __init__(self) -> None:
        self.tried: dict[tuple[str, str], bool] = {}
        """(chapter id, exercise id) -> solved."""

    def record(self, chapter: Chapter, exercise: Exercise, feedback: Feedback) -> None:
        """Note an answer's feedback."""
        key = (chapter.id, exercise.id)
        self.tried[key] = self.tried.get(key, False) or feedback.correct

    def solved(self, chapter: Chapter) -> int:
        """How many of the chapter's exercises are solved."""
        return sum(1 for e in chapter.exercises if self.tried.get((chapter.id, e.id)))

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
