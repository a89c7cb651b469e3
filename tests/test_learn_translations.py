"""The lessons in every language: each chapter has a translation per language with every text
of the chapter (and nothing else), citing the same rules and the same moves as the English, and
the chapters build in every language with the same exercises and answers."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from splendor_nb.i18n import LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE
from splendor_nb.learn import shipped_chapters
from splendor_nb.learn.phrases import rule_ids_in
from splendor_nb.learn.translations import _lookup, _texts, extra_texts, missing_texts

LESSONS = Path(__file__).resolve().parent.parent / "splendor_nb" / "data" / "lessons"
CHAPTERS = sorted(path.name for path in LESSONS.glob("*.toml"))
TRANSLATED = [code for code, _ in LANGUAGES if code != SOURCE_LANGUAGE]
NOTATION = re.compile(r"`([^`]+)`")


def read(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_every_text_in_every_language(chapter: str, language: str) -> None:
    source = LESSONS / language / chapter
    assert source.is_file(), f"no {language} translation of {chapter}"
    english, translation = read(LESSONS / chapter), read(source)
    assert missing_texts(english, translation) == []
    assert extra_texts(english, translation) == []


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_translation_cites_the_same_rules_and_moves(chapter: str, language: str) -> None:
    english, translation = read(LESSONS / chapter), read(LESSONS / language / chapter)
    for path, text in _texts(english):
        translated = _lookup(translation, path) or ""
        assert set(rule_ids_in(translated)) == set(rule_ids_in(text)), (path, translated)
        assert sorted(NOTATION.findall(translated)) == sorted(NOTATION.findall(text)), path


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO_LANGUAGE])
def test_the_chapters_build_in_every_language_with_the_same_exercises(language: str) -> None:
    english = shipped_chapters(SOURCE_LANGUAGE)
    chapters = shipped_chapters(language)
    assert [c.id for c in chapters] == [c.id for c in english]
    for mine, theirs in zip(chapters, english):
        assert mine.title != theirs.title
        assert [(e.id, e.answer, e.options, e.rules) for e in mine.exercises] == [
            (e.id, e.answer, e.options, e.rules) for e in theirs.exercises]
        right = [e.check(e.answer).correct for e in mine.exercises]
        assert all(right), mine.id


def test_the_pseudo_language_wraps_every_lesson_text() -> None:
    chapter = shipped_chapters(PSEUDO_LANGUAGE)[0]
    texts = [chapter.title, *(e.question for e in chapter.exercises),
             *(e.hint for e in chapter.exercises)]
    assert all(text.startswith("⟦") and text.endswith("⟧") for text in texts)
