"""Messages in a language: the gettext catalogues, read from the package, and a translator.

The catalogues are the translators' ``.po`` files, shipped inside the package as
``splendor_nb/locale/<lang>/LC_MESSAGES/splendor_nb.po``. They are compiled in memory the first
time a language is asked for (Babel's ``read_po`` and ``write_mo``, then the standard library's
:class:`gettext.GNUTranslations`), so an installed wheel needs no build step and no ``.mo`` file
can fall out of date with its ``.po``. Fuzzy entries are left out, as ``msgfmt`` does; a message
missing from a catalogue comes out in English.

>>> french = translator("fr")
>>> french.gettext("{name} to move.", name="Ada")
'À Ada de jouer.'
>>> [translator("ru").ngettext("{count} point", "{count} points", n) for n in (1, 3, 5)]
['1 очко', '3 очка', '5 очков']
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from io import BytesIO

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from splendor_nb.i18n.languages import (
    CODES,
    PSEUDO_LANGUAGE,
    SOURCE_LANGUAGE,
    current_language,
    normalise_language,
)

DOMAIN = "splendor_nb"
"""The gettext domain: the catalogues' file name."""
PSEUDO_WRAP = "⟦{}⟧"
"""How the pseudo-language wraps each translated text."""


class Translator:
    """The messages of one language. Placeholders are named and filled with ``str.format``:
    ``gettext("{name} to move.", name="Ada")``. The English text is the message id.

    >>> translator("tr").gettext("The whole rulebook")
    'Kuralların tamamı'
    """

    def __init__(self, language: str, catalogue: _gettext.NullTranslations,
                 wrap: str = "{}") -> None:
        self.language = language
        self._catalogue = catalogue
        self._wrap = wrap

    def gettext(self, message: str, /, **params: object) -> str:
        """``message`` in this language, its placeholders filled with ``params``.

        >>> translator("es").gettext("Rule")
        'Regla'
        """
        return self._fill(self._catalogue.gettext(message), params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form of the message that fits the number ``n`` in this language (Russian has
        three, French counts 0 as singular); ``{count}`` is ``n`` unless ``params`` gives it.

        >>> fr = translator("fr")
        >>> fr.ngettext("{count} card", "{count} cards", 0), fr.ngettext("{count} card",
        ...                                                              "{count} cards", 2)
        ('0 carte', '2 cartes')
        """
        return self._fill(self._catalogue.ngettext(singular, plural, n), {"count": n, **params})

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        """``message`` in this language as meant in ``context`` (gettext's ``msgctxt``), for
        one English text that other languages say in two ways.

        >>> translator("en").pgettext("diagram", "yes")
        'yes'
        """
        return self._fill(self._catalogue.pgettext(context, message), params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **params: object) -> str:
        """The form of a counted message that fits ``n``, as meant in ``context``.

        >>> translator("ru").npgettext("engine", "{count} {colour}", "{count} {colour}", 5,
        ...                            colour="синий")
        '5 фишек цвета «синий»'
        """
        return self._fill(self._catalogue.npgettext(context, singular, plural, n),
                          {"count": n, **params})

    def __repr__(self) -> str:
        return f"translator({self.language!r})"

    def _fill(self, text: str, params: dict[str, object]) -> str:
        return self._wrap.format(text.format(**params) if params else text)


def translator(language: str | None = None) -> Translator:
    """The translator for ``language`` (any tag ``normalise_language`` reads), by default the
    current language. Catalogues are read once per process.

    >>> translator("fr-CA").language, translator().language
    ('fr', 'en')
    """
    return _translator(normalise_language(language or current_language()))


def gettext(message: str, /, **params: object) -> str:
    """``message`` in the current language (see :func:`use_language`).

    >>> gettext("{name} to move.", name="Ada")
    'Ada to move.'
    """
    return translator().gettext(message, **params)


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of a counted message that fits ``n``, in the current language.

    >>> ngettext("{count} point", "{count} points", 15)
    '15 points'
    """
    return translator().ngettext(singular, plural, n, **params)


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalogues without translating it yet: for a table of English
    texts that code translates when it shows them (``gettext(BOT_NAMES[level])``).

    >>> N_("Easy bot")
    'Easy bot'
    """
    return message


def catalogue_file(language: str) -> Traversable:
    """The ``.po`` file of a language, inside the package (``importlib.resources``).

    >>> catalogue_file("ru").name
    'splendor_nb.po'
    """
    if language not in CODES or language == SOURCE_LANGUAGE:
        raise KeyError(f"no catalogue for {language!r}: the translated languages are "
                       + ", ".join(code for code in CODES if code != SOURCE_LANGUAGE))
    return resources.files("splendor_nb").joinpath("locale", language, "LC_MESSAGES",
                                                   f"{DOMAIN}.po")


@cache
def _translator(language: str) -> Translator:
    if language == PSEUDO_LANGUAGE:
        return Translator(language, _gettext.NullTranslations(), PSEUDO_WRAP)
    if language == SOURCE_LANGUAGE:
        return Translator(language, _gettext.NullTranslations())
    return Translator(language, _compiled(catalogue_file(language), language))


def _compiled(po: Traversable, language: str) -> _gettext.GNUTranslations:
    """The ``.po`` file compiled to a ``.mo`` in memory, read by the standard library."""
    with po.open("rb") as source:
        catalogue = read_po(source, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)
