"""The course as a learner reads it: one figure for how long it takes, one wording for the
rules it restates."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from splendor_nb.learn.lessons import shipped_chapters

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = shipped_chapters()
DURATION = re.compile(r"chapters\s+take\s+about\s+(\d+)\s+minutes\s+\((\d+)\s+to\s+(\d+)\s+"
                      r"minutes\s+each")


def _notebook_text(name: str) -> str:
    cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    return "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def test_the_time_the_course_takes_is_the_sum_of_the_chapters_estimates() -> None:
    minutes = [chapter.minutes for chapter in CHAPTERS]
    expected = (sum(minutes), min(minutes), max(minutes))
    for text in (_notebook_text("tutorial.ipynb"), (ROOT / "README.md").read_text("utf-8")):
        said = DURATION.search(text)
        assert said is not None and tuple(map(int, said.groups())) == expected, said


def test_passing_ends_the_game_in_the_rulebooks_words() -> None:
    """R-PASS: the game ends after as many passes *in a row* as there are players (docs/rules.md),
    not "in one round", which a learner reads as a round of the table from its first player."""
    rule = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "passes in a row" in rule
    said = [sentence for chapter in CHAPTERS for section in chapter.sections
            for sentence in re.split(r"(?<=\.)\s", section.text)
            if "pass" in sentence and "game ends" in sentence]
    assert len(said) == 2 and all("in a row" in sentence for sentence in said), said


SEAT_ZERO = {"": r"\b[Pp]layers? 0\b", "fr": r"\b[Jj]oueurs? 0\b", "es": r"\b[Jj]ugador(es)? 0\b",
             "ru": r"[Ии]грок\w* 0\b", "tr": r"\b0\. oyuncu"}
"""How each rulebook would write "player 0" (or "players 0, 1 and 2")."""


@pytest.mark.parametrize("language", list(SEAT_ZERO))
def test_the_rulebooks_count_seats_from_1_as_the_app_shows_them(language: str) -> None:
    book = ROOT / "docs" / (f"rules.{language}.md" if language else "rules.md")
    text = re.sub(r"`[^`]*`", "", book.read_text(encoding="utf-8"))  # the engine's messages
    assert re.findall(SEAT_ZERO[language], text) == []
    assert re.search(SEAT_ZERO[language].replace("0", "1"), text)  # the examples still say who
