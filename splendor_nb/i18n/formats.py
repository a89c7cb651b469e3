"""Numbers and dates as each language writes them (Babel's CLDR data).

English follows British usage, as the texts do (``1 Dec 2025``).

>>> format_number(1234567.5, "fr") == "1\u202f234\u202f567,5"
True
>>> format_percent(0.54, "fr") == "54\u00a0%", format_percent(0.54, "tr")
(True, '%54')
>>> import datetime
>>> format_date(datetime.date(2025, 12, 1), "tr")
'1 Ara 2025'
"""

from __future__ import annotations

import datetime
from copy import copy

from babel import Locale
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


def format_percent(fraction: float, language: str | None = None, digits: int = 0) -> str:
    """``fraction`` (0.54) as a percentage written for ``language``, with ``digits`` decimals:
    CLDR puts the sign and its space where each language does (French "54 %" with a no-break
    space, Turkish "%54").

    >>> format_percent(0.54, "en"), format_percent(0.545, "es", digits=1) == "54,5\u00a0%"
    ('54%', True)
    >>> format_percent(0.5, "ru", digits=1) == "50,0\u00a0%", format_percent(1 / 3, "tr", 1)
    (True, '%33,3')
    """
    locale = Locale.parse(_locale(language))
    pattern = copy(locale.percent_formats[None])  # the locale's own pattern, so sign and space
    pattern.frac_prec = (digits, digits)          # stay where the language puts them
    return str(pattern.apply(fraction, locale))


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
