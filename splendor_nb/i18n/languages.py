"""The languages the app speaks, and the one in force in the current context.

A language is a short code (``"fr"``). ``normalise_language`` turns whatever a link, a browser
or a caller gives (``"fr-FR"``, ``"tr_TR.UTF-8"``) into one of ``LANGUAGES``; anything else
falls back to English, the source language of every message. The current language is
context-local (a :class:`contextvars.ContextVar`): ``use_language`` sets it for a block, and
two kernels' threads or tasks never see each other's choice.

>>> with use_language("ru-RU"):
...     current_language()
'ru'
>>> current_language()
'en'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Concatenate, ParamSpec, Protocol, TypeVar

LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("fr", "Français"),
    ("es", "Español"),
    ("ru", "Русский"),
    ("tr", "Türkçe"),
)
"""Every language as (code, its own name for itself), English first: a picker's options."""
SOURCE_LANGUAGE = "en"
"""The language the messages are written in; its catalogue is the source text itself."""
PSEUDO_LANGUAGE = "qps"
"""A pseudo-language for tests: English with every translated text wrapped in ``⟦...⟧``, so
that a text shown without going through the catalogues stands out."""
CODES: tuple[str, ...] = tuple(code for code, _ in LANGUAGES)

P = ParamSpec("P")
R = TypeVar("R")


class Speaker(Protocol):
    """Anything that speaks one language: a widget, a play session."""

    @property
    def language(self) -> str: ...


S = TypeVar("S", bound=Speaker)
_TAG_SEPARATORS = re.compile(r"[-_.@]")
_current: ContextVar[str] = ContextVar("splendor_nb_language", default=SOURCE_LANGUAGE)


def normalise_language(tag: str | None) -> str:
    """The code of ``LANGUAGES`` that a language tag asks for, else ``"en"``.

    Case, region, script, encoding and modifier are ignored: only the primary subtag counts.

    >>> normalise_language("fr-FR"), normalise_language("TR_tr.UTF-8"), normalise_language("de")
    ('fr', 'tr', 'en')
    """
    primary = _TAG_SEPARATORS.split((tag or "").strip().lower(), maxsplit=1)[0]
    return primary if primary in CODES or primary == PSEUDO_LANGUAGE else SOURCE_LANGUAGE


def current_language() -> str:
    """The language of the current context (English unless ``use_language`` says otherwise).

    >>> current_language()
    'en'
    """
    return _current.get()


@contextmanager
def use_language(tag: str | None) -> Iterator[str]:
    """Make ``normalise_language(tag)`` the current language inside the ``with`` block; the
    block receives that code. The previous language is back afterwards, even on an error.

    >>> with use_language("es-MX") as language:
    ...     language, current_language()
    ('es', 'es')
    """
    language = normalise_language(tag)
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def speaking(tag: str | None, action: Callable[P, R]) -> Callable[P, R]:
    """``action`` made to run in the language ``tag`` (see :func:`use_language`), for a widget's
    callbacks: a button's click runs later, outside the ``with`` block that built the button.

    >>> say = speaking("tr", current_language)
    >>> say(), current_language()
    ('tr', 'en')
    """
    language = normalise_language(tag)

    @wraps(action)
    def spoken(*args: P.args, **kwargs: P.kwargs) -> R:
        with use_language(language):
            return action(*args, **kwargs)

    return spoken


def spoken(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A method run in its object's ``language`` (see :func:`use_language`): the sentences it
    makes, and those of what it calls, come out in that language, whoever calls it and on
    whichever thread.

    >>> class Greeter:
    ...     language = "es"
    ...     @spoken
    ...     def greet(self) -> str:
    ...         return current_language()
    >>> Greeter().greet()
    'es'
    """
    @wraps(method)
    def in_language(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with use_language(self.language):
            return method(self, *args, **kwargs)

    return in_language
