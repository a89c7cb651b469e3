"""One translation per game word: each glossary (docs/glossary.<lang>.md) ends with a table of
the wordings its language keeps and the ones it rejected (a term translated two ways, a calque
that reads as another rule), and none of the rejected ones appears in that language's lessons,
rulebook or catalogue, while each kept one does."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from splendor_nb.i18n import LANGUAGES, SOURCE_LANGUAGE
from splendor_nb.i18n.translator import catalogue_file

REPO = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code, _ in LANGUAGES if code != SOURCE_LANGUAGE]
MARKER = "<!-- wordings: kept, rejected -->"
"""The line above the glossary's table; its rows are ``| term | `kept` | `rejected`, ... |``
(a row may reject nothing: a statement each language must make, such as clockwise play)."""
QUOTED = re.compile(r"`([^`]+)`")


def wordings(language: str) -> list[tuple[str, list[str], list[str]]]:
    """The glossary's rows: (term, kept wordings, rejected wordings)."""
    glossary = (REPO / "docs" / f"glossary.{language}.md").read_text(encoding="utf-8")
    assert MARKER in glossary, f"docs/glossary.{language}.md has no table under {MARKER}"
    table = glossary.split(MARKER, 1)[1].strip().splitlines()
    rows = []
    for line in table[2:]:  # after the header and its rule
        if not line.startswith("|"):
            break
        term, kept, rejected = (cell.strip() for cell in line.strip("|").split("|"))
        rows.append((term, QUOTED.findall(kept), QUOTED.findall(rejected)))
    return rows


@cache
def texts(language: str) -> str:
    """Everything a learner reads in the language, whitespace folded: the lessons, the
    rulebook and the catalogue's translations."""
    parts = [path.read_text(encoding="utf-8") for path in
             sorted((REPO / "splendor_nb" / "data" / "lessons" / language).glob("*.toml"))]
    parts.append((REPO / "docs" / f"rules.{language}.md").read_text(encoding="utf-8"))
    with catalogue_file(language).open("rb") as po:
        for message in read_po(po, locale=language):
            translated = message.string or ""  # a str, or the plural forms
            parts.extend([translated] if isinstance(translated, str) else translated)
    return re.sub(r"\s+", " ", "\n".join(parts))


def found(wording: str, text: str) -> bool:
    """Whether ``wording`` is in ``text`` as whole words, also with a capital first letter."""
    forms = {wording, wording[0].upper() + wording[1:]}
    return any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text) for form in forms)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_lists_kept_and_rejected_wordings(language: str) -> None:
    rows = wordings(language)
    assert len(rows) >= 5
    assert all(kept for _, kept, _ in rows)
    assert sum(len(rejected) for _, _, rejected in rows) >= 10


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_rejected_wording_is_left(language: str) -> None:
    left = [(term, wording) for term, _, rejected in wordings(language)
            for wording in rejected if found(wording, texts(language))]
    assert left == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_kept_wording_is_used(language: str) -> None:
    unused = [(term, wording) for term, kept, _ in wordings(language)
              for wording in kept if not found(wording, texts(language))]
    assert unused == []


def test_found_matches_whole_words_only() -> None:
    assert found("trou", "Le trou reste.")
    assert not found("trou", "On trouve la carte.")
    assert found("la manche est terminée", "La manche est terminée, puis")
