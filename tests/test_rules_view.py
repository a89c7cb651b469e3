"""The Rules tab: every rule of docs/rules.md can be read in the app, by picker or deep link."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

from splendor_nb.app import REPLAY_TAB, build_app, parse_deep_link
from splendor_nb.rulebook import RULE_IDS, rule_anchor, rule_title
from splendor_nb.ui.rules_view import WHOLE_BOOK, RulesView


def test_the_picker_lists_every_rule_and_shows_its_text() -> None:
    view = RulesView()
    assert [value for _, value in view.picker.options] == [WHOLE_BOOK, *RULE_IDS]
    for rule in RULE_IDS:
        view.picker.value = rule
        assert f'<h3 id="{rule_anchor(rule)}">{rule}: {rule_title(rule)}</h3>' in \
            view.text.value
        assert view.text.value.count("<h3 ") == 1


def test_the_whole_rulebook_shows_every_rule() -> None:
    text = RulesView().text.value
    assert all(f'<h3 id="{rule_anchor(rule)}">{rule}: ' in text for rule in RULE_IDS)
    assert "<table>" in text  # the nobles' requirements are a table


def test_an_unknown_rule_is_refused_with_the_known_ids() -> None:
    with pytest.raises(KeyError, match="R-TAKE2"):
        RulesView().show("R-NOPE")


def test_the_rule_deep_link_opens_the_rules_tab() -> None:
    app = build_app("rule=R-LIMIT10")
    assert app.titles[app.selected_index] == "Rules" and app.rules.picker.value == "R-LIMIT10"
    assert "R-LIMIT10" in app.rules.text.value


def test_a_bad_rule_deep_link_says_so_on_the_replay_tab() -> None:
    app = build_app("rule=R-NOPE")
    assert app.selected_index == REPLAY_TAB
    assert app.viewer.controller.error.startswith("There is no rule 'R-NOPE'")
    assert parse_deep_link("rule=<b>x</b>", []).rule is None


@pytest.mark.parametrize("language", ["en", "fr", "es", "ru", "tr"])
def test_the_rulebook_is_for_a_learner_its_links_working_in_the_page(language: str) -> None:
    text = RulesView(language=language).text.value
    assert "rule_anchor" not in text and "splendor_nb.rulebook" not in text  # developers'
    assert ".md" not in text  # no link to a file of the repository, nor its name as a link
    targets = {unquote(target) for target in re.findall(r'href="#([^"]+)"', text)}
    anchors = set(re.findall(r' id="([^"]+)"', text))
    assert targets and targets <= anchors  # the contents and the rules' links lead somewhere
