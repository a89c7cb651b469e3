"""The translations' catalogues (splendor_nb/locale/<lang>/LC_MESSAGES/splendor_nb.po): each
holds every message the sources say, each translated, its placeholders the source's, with as
many plural forms as its language has."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from splendor_nb.i18n import LANGUAGES, SOURCE_LANGUAGE
from splendor_nb.i18n.translator import catalogue_file

REPO = Path(__file__).resolve().parent.parent
TRANSLATED = tuple(code for code, _ in LANGUAGES if code != SOURCE_LANGUAGE)
MessageId = str | tuple[str, str]


@cache
def catalogue(language: str) -> Catalog:
    with catalogue_file(language).open("rb") as po:
        return read_po(po, locale=language)


@cache
def source_messages() -> frozenset[MessageId]:
    """Every message the sources hold, extracted as ``make messages`` does (babel.cfg)."""
    with (REPO / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, "babel.cfg")
    return frozenset(message for _, _, message, _, _ in
                     extract_from_dir(REPO, method_map, options_map))


def entries(language: str) -> list[Message]:
    return [message for message in catalogue(language) if message.id]


def fields(text: str) -> set[str]:
    """The named placeholders of a ``str.format`` template."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_sources_have_messages_from_every_kind_of_source() -> None:
    messages = source_messages()
    assert "{name} took {colours}." in messages  # splendor_nb/play/sentences.py, a table
    assert ("{count} point", "{count} points") in messages  # a plural of words.py
    assert "Take a card or gems?" in messages  # the turn diagram's LABELS
    assert "The whole rulebook" in messages  # a gettext call (the Rules tab)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_catalogue_holds_exactly_the_messages_of_the_sources(language: str) -> None:
    held = {message.id for message in entries(language)}
    missing, stale = source_messages() - held, held - source_messages()
    assert (sorted(map(str, missing)), sorted(map(str, stale))) == ([], []), (
        "run `make messages`, then translate the new entries")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(language: str) -> None:
    untranslated = [message.id for message in entries(language)
                    if message.fuzzy or not all(_forms(message))]
    assert untranslated == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_messages_have_as_many_forms_as_the_language(language: str) -> None:
    # CLDR's count, as Babel has it: ru 3 (1 очко, 2 очка, 5 очков); fr and es 3 (one, the
    # millions' "de", other); tr 2, although Turkish says "3 kart" with the singular
    forms = get_plural(language).num_plurals
    assert catalogue(language).num_plurals == forms
    plurals = [message for message in entries(language) if message.pluralizable]
    assert plurals, "no plural message in the catalogue"
    assert {message.id: len(_forms(message)) for message in plurals} == {
        message.id: forms for message in plurals}


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_translation_has_the_placeholders_of_its_source(language: str) -> None:
    wrong = {}
    for message in entries(language):
        source = message.id[1] if message.pluralizable else message.id
        expected = fields(source)
        for form in _forms(message):
            # a singular form may say the number in words ("одно очко") and drop {count}
            if not expected - {"count"} <= fields(form) <= expected:
                wrong[form] = sorted(expected)
    assert wrong == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_translation_formats(language: str) -> None:
    for message in entries(language):
        for form in _forms(message):
            form.format(**{name: "x" for name in fields(form)})


def _forms(message: Message) -> tuple[str, ...]:
    string_ = message.string
    return tuple(string_) if isinstance(string_, (tuple, list)) else (string_,)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_gives_the_colour_words_the_catalogue_uses(language: str) -> None:
    glossary = (REPO / "docs" / f"glossary.{language}.md").read_text(encoding="utf-8")
    words = {message.id: message.string for message in entries(language)}
    colours = ("white", "blue", "green", "red", "black", "gold")
    assert [word for word in (words[colour] for colour in colours) if word not in glossary] == []
