"""The project's rulebook, docs/rules.md, looked up by rule id, in every language.

The text ships inside the package as ``splendor_nb/data/rules.md`` (a link to docs/rules.md in
the repository), and its translations as ``rules.<lang>.md`` (links to docs/rules.fr.md, ...).
Each rule is a section headed ``### <rule id>: <title>``, with the same ids in every language;
its anchor is the one GitHub gives that heading, so ``docs/rules.md#`` plus
:func:`rule_anchor` links to it. A ``language`` is any tag ``splendor_nb.i18n`` reads, by
default the current language. This module reads only the texts, and the translations of its
own few words.

>>> "R-TAKE2" in RULE_IDS
True
>>> rule_title("R-LIMIT10"), rule_title("R-LIMIT10", "fr")
('ten tokens at most', 'dix jetons au plus')
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import NamedTuple

from splendor_nb.i18n import SOURCE_LANGUAGE, current_language, normalise_language, translator


class _Section(NamedTuple):
    title: str
    anchor: str
    text: str


_RULE_HEADING = re.compile(r"^### (R-[A-Z0-9]+(?:-[A-Z0-9]+)*): (.+)$", re.MULTILINE)
_ANY_HEADING = re.compile(r"^#{1,3} ", re.MULTILINE)
"""A rule's section runs from its heading to the next heading of level 1 to 3."""


def rulebook(language: str | None = None) -> str:
    """The whole rulebook in ``language``, in markdown.

    >>> rulebook("es").splitlines()[0]
    '# Las reglas de Splendor, tal como las juega splendor_nb'
    """
    return _book(_code(language))[0]


def rule_text(rule_id: str, language: str | None = None) -> str:
    """The rule's section of the rulebook, in markdown, its heading included.

    Raise :class:`KeyError` naming the known ids when ``rule_id`` is not one of them. A rule
    missing from a translation comes in English, under a line that says so.

    >>> print(rule_text("R-TAKE2").splitlines()[0])
    ### R-TAKE2: two tokens of one colour
    >>> print(rule_text("R-TAKE2", "ru").splitlines()[0])
    ### R-TAKE2: две фишки одного цвета
    >>> rule_text("take 2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "'take 2' is not a rule id; the rulebook has R-COMP-CARDS, R-COMP-NOBLES, ..."
    """
    section, translated = _section(rule_id, _code(language))
    if translated:
        return section.text
    heading, _, body = section.text.partition("\n")
    return f"{heading}\n\n> {_untranslated(language)}\n{body}"


def rule_title(rule_id: str, language: str | None = None) -> str:
    """The rule's title: its heading without the id (in English if the translation lacks it).

    >>> rule_title("R-NOBLE"), rule_title("R-NOBLE", "tr")
    ('a noble visits', 'bir asil ziyarete gelir')
    """
    return _section(rule_id, _code(language))[0].title


def rule_anchor(rule_id: str, language: str | None = None) -> str:
    """The anchor of the rule's heading on GitHub, without the ``#``.

    >>> rule_anchor("R-TAKE2"), rule_anchor("R-TAKE2", "fr")
    ('r-take2-two-tokens-of-one-colour', 'r-take2-deux-jetons-dune-même-couleur')
    """
    return _section(rule_id, _code(language))[0].anchor


def github_anchor(heading: str) -> str:
    """The anchor GitHub makes from a heading's text: lower case, punctuation dropped, each
    space a hyphen (a second heading with the same text would get ``-1`` appended).

    >>> github_anchor("R-END-WIN: who wins")
    'r-end-win-who-wins'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _section(rule_id: str, language: str = SOURCE_LANGUAGE) -> tuple[_Section, bool]:
    """The rule's section in ``language``, and whether it is translated (else English)."""
    if rule_id not in _SECTIONS:
        raise KeyError(f"{rule_id!r} is not a rule id; the rulebook has "
                       + ", ".join(RULE_IDS))
    translated = _book(language)[1].get(rule_id)
    return (translated, True) if translated else (_SECTIONS[rule_id], False)


def _code(language: str | None) -> str:
    return normalise_language(language or current_language())


def _untranslated(language: str | None) -> str:
    return translator(language).gettext("This rule is not translated yet: here it is in English.")


@cache
def _book(language: str) -> tuple[str, dict[str, _Section]]:
    """A language's rulebook and its sections; English where there is no translation."""
    if language == SOURCE_LANGUAGE or not _BOOKS.joinpath(f"rules.{language}.md").is_file():
        return RULEBOOK, _SECTIONS
    text = _BOOKS.joinpath(f"rules.{language}.md").read_text(encoding="utf-8")
    return text, _read_sections(text)


def _read_sections(text: str) -> dict[str, _Section]:
    sections: dict[str, _Section] = {}
    for heading in _RULE_HEADING.finditer(text):
        following = _ANY_HEADING.search(text, heading.end())
        end = following.start() if following else len(text)
        rule_id, title = heading.groups()
        sections[rule_id] = _Section(title, github_anchor(heading.group()[4:]),
                                     text[heading.start():end].strip())
    return sections


_BOOKS = resources.files("splendor_nb").joinpath("data")
RULEBOOK: str = _BOOKS.joinpath("rules.md").read_text(encoding="utf-8")
"""The whole rulebook, in English, in markdown."""
_SECTIONS: dict[str, _Section] = _read_sections(RULEBOOK)
RULE_IDS: tuple[str, ...] = tuple(_SECTIONS)
"""Every rule id, in the order of the rulebook."""
