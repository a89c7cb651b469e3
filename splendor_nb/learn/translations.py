"""The lessons in other languages: a translation file per chapter and language,
``splendor_nb/data/lessons/<lang>/<chapter file>.toml``, holding only the chapter's texts.

A translation has the chapter's ``title`` and ``summary``; ``[[sections]]`` in the chapter's
order, each with its ``heading`` and ``text``; ``[positions.NAME]`` with its ``caption``; and
``[exercises.ID]`` with its ``question``, ``hint``, ``right`` and ``wrong``. Everything else
(positions, answers, checkers, rule ids) is the English chapter's: :func:`translated` lays the
texts over the chapter's data before it is built, so a translation cannot change a lesson's
game. The choice options that are words (``yes``, ``no``, ...) are the catalogues'
(:data:`OPTION_WORDS`). The pseudo-language wraps every text in ``⟦...⟧`` instead.

>>> english = {"title": "Tokens", "sections": [{"heading": "Take", "text": "Take three."}],
...            "exercises": [{"id": "one", "question": "How many?", "hint": "Count.",
...                           "right": "Yes.", "wrong": "No."}]}
>>> french = {"title": "Jetons", "sections": [{"heading": "Prendre", "text": "Prenez-en trois."}],
...           "exercises": {"one": {"question": "Combien ?", "hint": "Comptez.",
...                                 "right": "Oui.", "wrong": "Non."}}}
>>> chapter = translated(english, french)
>>> chapter["title"], chapter["sections"][0]["text"], chapter["exercises"][0]["question"]
('Jetons', 'Prenez-en trois.', 'Combien ?')
>>> missing_texts(english, {"title": "Jetons"})[:2]
['sections[0].heading', 'sections[0].text']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from splendor_nb.i18n import N_, PSEUDO_LANGUAGE, SOURCE_LANGUAGE
from splendor_nb.i18n.translator import PSEUDO_WRAP

CHAPTER_TEXTS = ("title", "summary")
SECTION_TEXTS = ("heading", "text")
POSITION_TEXTS = ("caption",)
EXERCISE_TEXTS = ("question", "hint", "right", "wrong")
OPTION_WORDS: dict[str, str] = {"yes": N_("yes"), "no": N_("no"), "refilled": N_("refilled"),
                                "empty": N_("empty"), "unchanged": N_("unchanged")}
"""The choice options that are words, shown in the learner's language (the answer checked is
the English word)."""

Data = dict[str, Any]


def translated(chapter: Data, translation: Data) -> Data:
    """The chapter's data with the translation's texts laid over it (a text the translation
    lacks stays English; :func:`missing_texts` lists those)."""
    return _mapped(chapter, lambda path, text: _lookup(translation, path) or text)


def pseudo(chapter: Data) -> Data:
    """The chapter's data with every text wrapped as the pseudo-language wraps messages.

    >>> pseudo({"title": "Tokens"})["title"]
    '⟦Tokens⟧'
    """
    return _mapped(chapter, lambda _path, text: PSEUDO_WRAP.format(text))


def missing_texts(chapter: Data, translation: Data) -> list[str]:
    """Where the chapter has a text that the translation does not (``sections[2].text``)."""
    return [_where(path) for path, _ in _texts(chapter) if not _lookup(translation, path)]


def extra_texts(chapter: Data, translation: Data) -> list[str]:
    """What the translation holds that the chapter has no text for (a section too many, an
    exercise id that does not exist, a field that is not a text).

    >>> extra_texts({"title": "T"}, {"title": "T", "subtitle": "S"})
    ['subtitle']
    """
    known = {path for path, _ in _texts(chapter)}
    return [_where(path) for path in _translation_paths(translation) if path not in known]


def language_folder(language: str) -> str | None:
    """The lessons' folder of a language's translations (``None`` for English and the
    pseudo-language, which need none).

    >>> language_folder("tr"), language_folder("en")
    ('tr', None)
    """
    return None if language in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE) else language


# --- the texts of a chapter, by path --------------------------------------------------------

Path = tuple[str | int, ...]


def _where(path: Path) -> str:
    """A text's path as a reader writes it: ``sections[2].text``, ``exercises.keep.hint``."""
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path
                   ).lstrip(".")


def _texts(chapter: Data) -> Iterator[tuple[Path, str]]:
    for key in CHAPTER_TEXTS:
        if isinstance(chapter.get(key), str):
            yield (key,), chapter[key]
    for index, section in enumerate(chapter.get("sections", [])):
        for key in SECTION_TEXTS:
            if isinstance(section.get(key), str) and section[key]:
                yield ("sections", index, key), section[key]
    for name, position in chapter.get("positions", {}).items():
        for key in POSITION_TEXTS:
            if isinstance(position.get(key), str) and position[key]:
                yield ("positions", name, key), position[key]
    for exercise in chapter.get("exercises", []):
        for key in EXERCISE_TEXTS:
            if isinstance(exercise.get(key), str):
                yield ("exercises", exercise["id"], key), exercise[key]


def _lookup(translation: Data, path: Path) -> str | None:
    where: Any = translation
    for step in path:
        if isinstance(step, int):
            where = where[step] if isinstance(where, list) and step < len(where) else None
        else:
            where = where.get(step) if isinstance(where, dict) else None
        if where is None:
            return None
    return where if isinstance(where, str) else None


def _translation_paths(translation: Data) -> Iterator[Path]:
    for key, value in translation.items():
        if key == "sections" and isinstance(value, list):
            for index, section in enumerate(value):
                yield from (("sections", index, field) for field in section)
        elif key in ("positions", "exercises") and isinstance(value, dict):
            for name, entry in value.items():
                yield from ((key, name, field) for field in entry)
        else:
            yield (key,)


def _mapped(chapter: Data, change: Callable[[Path, str], str]) -> Data:
    """A copy of the chapter's data with each text replaced by ``change(path, text)``."""
    copy: Data = {**chapter}
    for key in CHAPTER_TEXTS:
        if isinstance(chapter.get(key), str):
            copy[key] = change((key,), chapter[key])
    copy["sections"] = [
        {**section, **{key: change(("sections", index, key), section[key])
                       for key in SECTION_TEXTS if isinstance(section.get(key), str)
                       and section[key]}}
        for index, section in enumerate(chapter.get("sections", []))]
    if "positions" in chapter:
        copy["positions"] = {
            name: {**position, **{key: change(("positions", name, key), position[key])
                                  for key in POSITION_TEXTS
                                  if isinstance(position.get(key), str) and position[key]}}
            for name, position in chapter["positions"].items()}
    copy["exercises"] = [
        {**exercise, **{key: change(("exercises", exercise["id"], key), exercise[key])
                        for key in EXERCISE_TEXTS if isinstance(exercise.get(key), str)}}
        for exercise in chapter.get("exercises", [])]
    return copy
