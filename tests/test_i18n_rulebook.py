"""The rulebook in every language (docs/rules.<lang>.md): the same rules under the same ids,
in the same order, each with the English section's examples, links that land; and the Rules
tab showing the chosen language."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from splendor_nb import rulebook as book
from splendor_nb.i18n import LANGUAGES, SOURCE_LANGUAGE
from splendor_nb.i18n.reasons import explain
from splendor_nb.moves import IllegalMoveError
from splendor_nb.rulebook import RULE_IDS, github_anchor, rule_text, rule_title, rulebook
from splendor_nb.ui.rules_view import WHOLE_BOOK, RulesView

TRANSLATED = tuple(code for code, _ in LANGUAGES if code != SOURCE_LANGUAGE)
HEADING = re.compile(r"^(#{1,3}) (.+)$", re.MULTILINE)
RULE_HEADING = re.compile(r"^### (R-[A-Z0-9-]+): ", re.MULTILINE)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(#([^)]+)\)")
UNTRANSLATED = "This rule is not translated yet: here it is in English."


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_rule_has_a_section_in_every_language_in_the_same_order(language: str) -> None:
    assert RULE_HEADING.findall(rulebook(language)) == list(RULE_IDS)
    for rule_id in RULE_IDS:
        assert rule_text(rule_id, language).startswith(f"### {rule_id}: ")
        assert rule_title(rule_id, language) != rule_title(rule_id, SOURCE_LANGUAGE)
        assert UNTRANSLATED not in rule_text(rule_id, language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_has_the_chapters_of_the_english_book(language: str) -> None:
    def levels(text: str) -> list[str]:
        return [hashes for hashes, _ in HEADING.findall(text)]

    assert levels(rulebook(language)) == levels(rulebook(SOURCE_LANGUAGE))


QUOTED_REFUSALS = {str(error): error for error in (
    IllegalMoveError("R-TAKE2", "take2_supply", colour="red", count=3, take=2, need=4),
    IllegalMoveError("R-TAKE2", "take2_supply", colour="red", count=2, take=2, need=4),
    IllegalMoveError("R-NOBLE", "noble_absent", noble="N1"),
    IllegalMoveError("R-TAKE3", "take_width", available=2, wanted=2, count=1),
    IllegalMoveError("R-RESERVE", "deck_empty", tier=1),
    IllegalMoveError("R-BUY", "unaffordable", card="1w6", price=(0, 3, 0, 0, 0),
                     missing=(0, 1, 0, 0, 0), gold=0),
    IllegalMoveError("R-PASS", "pass_refused"),
    IllegalMoveError("R-LIMIT10", "return_count", count=13, excess=3, returned=2),
    IllegalMoveError("R-NOBLE", "nobles_due", nobles=("N8", "N9")),
)}
"""The engine's refusals that docs/rules.md quotes, as the engine raises them: each translated
rulebook quotes them as the app says them in its language (a quote the English book shortens
stays as written)."""

@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_each_rule_keeps_the_moves_and_messages_of_its_examples(language: str,
                                                               rule_id: str) -> None:
    # the notation and the code are language-neutral, and the engine's refusals are quoted as
    # the app says them in the language (splendor_nb.i18n.reasons.explain): each translated
    # section cites the same ones as the English one
    def said(span: str) -> str:
        error = QUOTED_REFUSALS.get(span)
        return span if error is None else f"{error.rule}: {explain(error, language)}"

    english = {said(span) for span in CODE_SPAN.findall(rule_text(rule_id, SOURCE_LANGUAGE))}
    assert set(CODE_SPAN.findall(rule_text(rule_id, language))) == english


@pytest.mark.parametrize("language", (SOURCE_LANGUAGE, *TRANSLATED))
def test_every_link_in_a_rulebook_lands_on_one_of_its_headings(language: str) -> None:
    text = rulebook(language)
    anchors = {github_anchor(heading) for _, heading in HEADING.findall(text)}
    links = Counter(LINK.findall(text))
    assert links, "no internal link"
    assert sorted(set(links) - anchors) == []


def test_a_missing_section_comes_in_english_under_a_marker(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    french, sections = book._book("fr")
    monkeypatch.setattr(book, "_book", lambda language: (
        french, {rule_id: section for rule_id, section in sections.items()
                 if rule_id != "R-TAKE2"}))
    text = rule_text("R-TAKE2", "fr")
    assert text.splitlines()[0] == "### R-TAKE2: two tokens of one colour"
    assert "> Cette règle n'est pas encore traduite\u00a0: la voici en anglais." in text
    assert rule_title("R-TAKE2", "fr") == "two tokens of one colour"


def test_the_rules_tab_in_french_shows_french() -> None:
    view = RulesView(language="fr-FR")
    assert view.language == "fr" and view.picker.description == "Règle"
    assert view.picker.options[0] == ("Tout le livre de règles", WHOLE_BOOK)
    assert ("R-TAKE2\u00a0: deux jetons d'une même couleur", "R-TAKE2") in view.picker.options
    assert "Les règles de Splendor" in view.text.value
    view.show("R-LIMIT10")
    assert "dix jetons au plus" in view.text.value and "ten tokens" not in view.text.value
    assert "splendor-lang-fr" in view.widget._dom_classes


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rules_tab_follows_the_chosen_language(language: str) -> None:
    view = RulesView("R-NOBLE", language=language)
    assert rule_title("R-NOBLE", language) in view.text.value
    assert rule_title("R-NOBLE") not in view.text.value
