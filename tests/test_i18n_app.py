"""The app in five languages: ``build_app(lang=)``, the ``?lang=`` deep link (an unknown code
said in English, English shown), and the picker's switch at run time, which keeps the open
replay and its turn, unsaved comments, the game being played (the turn half built included),
the lessons' progress, the rule shown and the selected tab."""

from __future__ import annotations

from pathlib import Path

import pytest

from splendor_nb.app import (
    LEARN_TAB,
    PLAY_TAB,
    REPLAY_TAB,
    RULES_TAB,
    TABS,
    build_app,
    tab_titles,
)
from splendor_nb.i18n import LANGUAGES, translator
from splendor_nb.ui.language_picker import LanguagePicker, parse_language_link


@pytest.fixture(autouse=True)
def _games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPLENDOR_GAMES", str(tmp_path))  # the Play tab saves games here


@pytest.mark.parametrize("code", [code for code, _ in LANGUAGES])
def test_build_app_speaks_the_language_asked_for(code: str) -> None:
    app = build_app("", lang=code)
    assert app.language.language == code
    assert app.titles == tab_titles(code)
    words = translator(code)
    assert app.play.form.start.description == words.gettext("Start the game")
    assert app.learn.picker.description == words.gettext("Chapter")
    assert app.rules.language == app.viewer.language == app.analyse.language == code


def test_the_tabs_titles_are_translated_and_english_by_default() -> None:
    assert build_app("").titles == TABS
    for code, _ in LANGUAGES[1:]:
        assert all(title != english for title, english in zip(tab_titles(code), TABS))


def test_a_lang_link_chooses_the_language_and_beats_the_argument() -> None:
    app = build_app("lang=tr-TR&rule=R-TAKE2", lang="fr")
    assert app.language.language == "tr" and app.language.picker.problem == ""
    assert app.selected_index == RULES_TAB and app.rules.picker.value == "R-TAKE2"
    assert app.language.picker.page_lang == "tr"


def test_an_unknown_language_is_said_in_english_and_english_shown() -> None:
    app = build_app("lang=klingon", lang="ru")
    assert app.language.language == "en" and app.titles == TABS
    assert app.language.picker.problem == ("There is no language 'klingon' here: showing "
                                           "English. The languages: en, fr, es, ru, tr.")
    assert parse_language_link("lang=") is not None and parse_language_link("lang=").error


def test_the_deep_links_errors_are_in_the_pages_language() -> None:
    app = build_app("lang=es&replay=nothing-here")
    spanish = translator("es")
    assert spanish.gettext("There is no shipped replay named {name}.",
                           name="'nothing-here'") in app.viewer.controller.error


def test_a_switch_keeps_the_replay_the_game_the_lessons_and_the_tab() -> None:
    app = build_app("play=teacher-2p&turn=20&seats=Ann,easy&seed=3")
    controller = app.viewer.controller
    session = app.play.session
    assert session is not None and app.selected_index == PLAY_TAB
    builder = session.builder
    assert builder is not None
    app.play.board.act({"action": "supply", "colour": "white"})  # a turn half built
    controller.go(7)
    controller.annotate("a comment not saved yet")
    lesson = app.learn
    lesson.open("actions")
    exercise = lesson.view.chapter.exercises[0]
    lesson.progress.record(lesson.view.chapter, exercise, exercise.check(exercise.answer))
    app.rules.show("R-NOBLE")
    old_play, old_viewer = app.play, app.viewer

    app.language.picker.value = "ru"  # what the picker's <select> does

    russian = translator("ru")
    assert app.titles == tab_titles("ru") and app.selected_index == PLAY_TAB
    assert app.play is not old_play and app.play.session is session
    assert session.builder is builder and any(builder.picked)
    assert session.language == "ru" and russian.gettext("Confirm") == \
        app.play.panel.confirm.description
    assert old_play.session is None  # the old widget let go: it no longer draws or plays
    assert app.viewer is not old_viewer and app.viewer.controller is controller
    assert controller.turn == 7 and controller.dirty
    assert controller.replay.turns[6].comment == "a comment not saved yet"
    assert app.learn.view.chapter.id == "actions"
    assert app.learn.progress.solved(app.learn.view.chapter) == 1
    assert app.learn.view.chapter.title == "Четыре действия"  # the lesson in Russian
    assert app.rules.picker.value == "R-NOBLE" and app.rules.language == "ru"
    app.selected_index = LEARN_TAB
    app.selected_index = REPLAY_TAB
    assert app.language.language == "ru" and app.titles[REPLAY_TAB] == tab_titles("ru")[0]


def test_the_picker_names_each_language_in_its_own_words() -> None:
    picker = LanguagePicker("es")
    assert picker.options == [list(pair) for pair in LANGUAGES]
    assert picker.label == "Idioma"
    picker.value = "tr"
    assert picker.label == "Dil" and picker.page_lang == "tr"
