"""Numbers and dates as each language writes them (Babel's CLDR data).

English follows British usage, as the texts do (``1 Dec 2025``).

>>> format_number(1234567.5, "fr") == "1\u202f234\u202f567,5"
True
>>> import datetime
>>> format_date(datetime.date(2025, 12, 1), "tr")
'1 Ara 2025'
"""

from __future__ import annotations

import datetime

from babel.dates import format_date as _babel_date
from babel.dates import format_time, get_datetime_format
from babel.numbers import format_decimal

from splendor_nb.i18n.languages import (
    CODES,
    SOURCE_LANGUAGE,
    current_language,
    normalise_language,
)

_LOCALES = {SOURCE_LANGUAGE: "en_GB"}
"""The CLDR locale of a language, where it is not the language code itself."""


def format_number(number: float, language: str | None = None) -> str:
    """``number`` written for ``language`` (by default the current one).

    >>> format_number(1234.5, "en"), format_number(1234.5, "tr"), format_number(0.25, "es")
    ('1,234.5', '1.234,5', '0,25')
    """
    return format_decimal(number, locale=_locale(language))


def format_date(date: datetime.date, language: str | None = None) -> str:
    """``date`` in the language's medium format (day, abbreviated month, year).

    >>> format_date(datetime.date(2025, 12, 1), "en"), format_date(datetime.date(2025, 12, 1),
    ...                                                             "fr")
    ('1 Dec 2025', '1 déc. 2025')
    """
    return _babel_date(date, format="medium", locale=_locale(language))


def format_datetime(moment: datetime.datetime | float, language: str | None = None) -> str:
    """A moment (a datetime, or seconds since the epoch, as a file's modification time) as the
    language writes a date and a time of day: the medium date, then hours and minutes (CLDR's
    pattern joining them), in the server's local time.

    >>> moment = datetime.datetime(2025, 12, 1, 14, 5)
    >>> format_datetime(moment, "en"), format_datetime(moment, "tr")
    ('1 Dec 2025, 14:05', '1 Ara 2025 14:05')
    """
    when = moment if isinstance(moment, datetime.datetime) else \
        datetime.datetime.fromtimestamp(moment)
    locale = _locale(language)
    return str(get_datetime_format("medium", locale=locale)).replace(
        "{1}", format_date(when.date(), language)).replace(
        "{0}", format_time(when.time(), format="short", locale=locale))


def _locale(language: str | None) -> str:
    code = normalise_language(language or current_language())
    if code not in CODES:  # the pseudo-language writes numbers as English does
        code = SOURCE_LANGUAGE
    return _LOCALES.get(code, code)
