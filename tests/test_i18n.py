"""splendor_nb.i18n: choosing a language, translating with placeholders and plurals, the
pseudo-language, and numbers and dates written for each language."""

from __future__ import annotations

import datetime
import threading

import pytest

from splendor_nb.i18n import (
    LANGUAGES,
    PSEUDO_LANGUAGE,
    current_language,
    format_date,
    format_number,
    gettext,
    ngettext,
    normalise_language,
    translator,
    use_language,
)
from splendor_nb.i18n.translator import catalogue_file

COUNTED_CARDS = ("{count} card", "{count} cards")


@pytest.mark.parametrize(("tag", "code"), [
    ("fr", "fr"), ("fr-FR", "fr"), ("fr_CA", "fr"), ("FR", "fr"), (" es-419 ", "es"),
    ("ru-RU.UTF-8", "ru"), ("tr_TR@euro", "tr"), ("zh-Hant-TW", "en"), ("de", "en"),
    ("en-GB", "en"), ("", "en"), (None, "en"), ("french", "en"), ("qps", PSEUDO_LANGUAGE),
])
def test_normalise_language_reads_the_primary_subtag_else_english(tag: str | None,
                                                                  code: str) -> None:
    assert normalise_language(tag) == code


def test_the_languages_name_themselves_english_first() -> None:
    assert LANGUAGES == (("en", "English"), ("fr", "Français"), ("es", "Español"),
                         ("ru", "Русский"), ("tr", "Türkçe"))


@pytest.mark.parametrize("code", [code for code, _ in LANGUAGES if code != "en"])
def test_every_language_loads_from_the_package_resources(code: str) -> None:
    assert catalogue_file(code).is_file()
    assert translator(code).gettext("The game is over.") != "The game is over."


def test_placeholders_are_named_and_filled() -> None:
    assert translator("fr").gettext("{name} bought {card}.", name="Ada", card="2g4") == \
        "Ada a acheté 2g4."
    assert translator("tr").gettext("{name} bought {card}.", name="Ada", card="2g4") == \
        "Ada, 2g4 kartını satın aldı."


@pytest.mark.parametrize(("code", "counts", "expected"), [
    # Russian: one (1, 21), few (2-4, 22), many (5-20, 11-14, 25, 0)
    ("ru", (1, 2, 5, 11, 12, 21, 22, 25, 0),
     ("1 карта", "2 карты", "5 карт", "11 карт", "12 карт", "21 карта", "22 карты", "25 карт",
      "0 карт")),
    ("fr", (0, 1, 2), ("0 carte", "1 carte", "2 cartes")),  # French: 0 is singular
    ("es", (0, 1, 2), ("0 cartas", "1 carta", "2 cartas")),
    ("tr", (1, 3), ("1 kart", "3 kart")),  # Turkish: the singular after any number
    ("en", (0, 1, 2), ("0 cards", "1 card", "2 cards")),
])
def test_plural_forms_follow_each_language(code: str, counts: tuple[int, ...],
                                           expected: tuple[str, ...]) -> None:
    words = translator(code)
    assert tuple(words.ngettext(*COUNTED_CARDS, n) for n in counts) == expected


def test_a_message_the_catalogue_lacks_comes_in_english() -> None:
    assert translator("ru").gettext("Not a message of {name}", name="Ada") == \
        "Not a message of Ada"


def test_use_language_sets_the_current_language_for_a_block_and_restores_it() -> None:
    assert current_language() == "en"
    with use_language("fr-FR") as outer:
        assert (outer, current_language(), gettext("Rule")) == ("fr", "fr", "Règle")
        with use_language("ru"):
            assert ngettext(*COUNTED_CARDS, 3) == "3 карты"
        assert current_language() == "fr"
    assert current_language() == "en"
    with pytest.raises(RuntimeError), use_language("tr"):
        raise RuntimeError
    assert current_language() == "en"


def test_the_current_language_is_local_to_its_context() -> None:
    seen: list[str] = []
    with use_language("es"):
        thread = threading.Thread(target=lambda: seen.append(current_language()))
        thread.start()
        thread.join()
        assert current_language() == "es"
    assert seen == ["en"]  # a new thread starts in a context of its own


def test_the_pseudo_language_wraps_every_translated_text() -> None:
    pseudo = translator(PSEUDO_LANGUAGE)
    assert pseudo.gettext("{name} to move.", name="Ada") == "⟦Ada to move.⟧"
    assert pseudo.ngettext(*COUNTED_CARDS, 2) == "⟦2 cards⟧"


def test_numbers_and_dates_are_written_for_each_language() -> None:
    day = datetime.date(2025, 12, 1)
    assert [format_number(12345.5, code) for code, _ in LANGUAGES] == [
        "12,345.5", "12\u202f345,5", "12.345,5", "12\u00a0345,5", "12.345,5"]
    assert [format_date(day, code) for code, _ in LANGUAGES] == [
        "1 Dec 2025", "1 déc. 2025", "1 dic 2025", "1 дек. 2025\u202fг.", "1 Ara 2025"]
    with use_language("fr"):
        assert format_number(0.5) == "0,5"
