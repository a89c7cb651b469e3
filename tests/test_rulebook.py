"""The rulebook docs/rules.md: a section for every rule, each with an example in the notation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from splendor_nb.moves import InvalidMoveError, Move
from splendor_nb.rulebook import (
    RULE_IDS,
    RULEBOOK,
    github_anchor,
    rule_anchor,
    rule_text,
    rule_title,
)

PACKAGE = Path(__file__).resolve().parent.parent / "splendor_nb"
RULES_STATEMENT_IDS = (
    "R-COMP-CARDS", "R-COMP-NOBLES", "R-COMP-TOKENS",
    "R-SETUP-PLAYERS", "R-SETUP-TOKENS", "R-SETUP-NOBLES", "R-SETUP-MARKET", "R-SETUP-ORDER",
    "R-TAKE3", "R-TAKE2", "R-RESERVE", "R-RESERVE-LIMIT", "R-RESERVE-KEEP", "R-RESERVE-HIDDEN",
    "R-BUY", "R-BUY-GOLD", "R-REFILL", "R-PASS",
    "R-LIMIT10", "R-NOBLE", "R-END-TRIGGER", "R-END-WIN",
)
"""The ids of the rules of the printed game, in docs/rules.md's order."""
PROJECT_CONVENTIONS = {"R-REPEAT": "R-PASS"}
"""The engine's own conventions beyond the rules statement, each after the rule it follows."""
CITATION = re.compile(r"(?<![A-Za-z0-9])R-[A-Z0-9]+(?:-[A-Z0-9]+)*(?:-\*)?")
"""A rule id as code cites it; ``R-SETUP-*`` stands for every R-SETUP- rule."""
CODE_SPAN = re.compile(r"`([^`\n]+)`")
CITING_FILES = (".py", ".js", ".css", ".json", ".html")


VENDORED = PACKAGE / "data" / "plotly"
"""plotly.js, shipped as its authors wrote it: its text is not the project's."""


def citations() -> dict[str, list[str]]:
    """Every rule id cited in the package's source, with the files that cite it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in CITING_FILES and path.is_file() and VENDORED not in path.parents:
            for rule_id in sorted(set(CITATION.findall(path.read_text(encoding="utf-8")))):
                cited.setdefault(rule_id, []).append(str(path.relative_to(PACKAGE)))
    return cited


def names_rules(citation: str) -> bool:
    """True if ``citation`` is a rule id of the rulebook, or a ``R-SETUP-*`` that covers some."""
    if citation.endswith("-*"):
        return any(rule_id.startswith(citation[:-1]) for rule_id in RULE_IDS)
    return citation in RULE_IDS


def moves_in(text: str) -> list[str]:
    """The code spans of ``text`` that are moves in the notation."""
    found = []
    for span in CODE_SPAN.findall(text):
        try:
            Move.parse(span)
        except InvalidMoveError:
            continue
        found.append(span)
    return found


def test_every_rule_of_the_rules_statement_has_a_section_in_the_same_order() -> None:
    expected = list(RULES_STATEMENT_IDS)
    for convention, after in PROJECT_CONVENTIONS.items():
        expected.insert(expected.index(after) + 1, convention)
    assert list(RULE_IDS) == expected


def test_every_rule_id_the_package_cites_has_a_section() -> None:
    cited = citations()
    assert "R-TAKE2" in cited and "R-NOBLE" in cited  # the scan finds the engine's citations
    assert {rule_id: files for rule_id, files in cited.items() if not names_rules(rule_id)} == {}


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_each_rule_section_has_an_example_move(rule_id: str) -> None:
    text = rule_text(rule_id)
    assert text.startswith(f"### {rule_id}: {rule_title(rule_id)}\n")
    example = text[text.index("\n**Example.**"):]
    assert moves_in(example), f"{rule_id}: the example names no move in the notation"


def test_anchors_are_unique_and_predictable() -> None:
    headings = re.findall(r"^#{1,6} (.+)$", RULEBOOK, re.MULTILINE)
    anchors = [github_anchor(heading) for heading in headings]
    assert len(set(anchors)) == len(anchors)  # so no anchor gets GitHub's -1 suffix
    assert rule_anchor("R-TAKE2") == "r-take2-two-tokens-of-one-colour"
    assert all(rule_anchor(rule_id).startswith(rule_id.lower() + "-") for rule_id in RULE_IDS)


def test_links_inside_the_rulebook_reach_a_heading() -> None:
    anchors = {github_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", RULEBOOK, re.MULTILINE)}
    links = re.findall(r"\]\(#([^)]+)\)", RULEBOOK)
    assert links and sorted(set(links) - anchors) == []


def test_a_section_ends_where_the_next_heading_starts() -> None:
    assert "### R-TAKE3" not in rule_text("R-TAKE2")
    assert "## End of the turn" not in rule_text("R-PASS")
    assert "## Where the printed rulebooks disagree" not in rule_text("R-END-WIN")


def test_unknown_rule_id_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="'R-TURN' is not a rule id; the rulebook has "
                                       "R-COMP-CARDS, R-COMP-NOBLES"):
        rule_text("R-TURN")
