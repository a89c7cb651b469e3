"""Every word a person reads, in English, French, Spanish, Russian or Turkish.

Messages are written in English in the code (the English text is the gettext message id) and
translated in gettext catalogues, ``splendor_nb/locale/<lang>/LC_MESSAGES/splendor_nb.po``,
the files translators' tools read. ``make messages`` extracts the messages from the sources
(``babel.cfg``) and updates the catalogues; docs/i18n.md tells how to translate.

>>> from splendor_nb.i18n import LANGUAGES, translator, use_language, gettext
>>> dict(LANGUAGES)["tr"]
'Türkçe'
>>> translator("fr").gettext("{name} took {colours}.", name="Ada", colours="rubis")
'Ada a pris des jetons rubis.'
>>> with use_language("es"):
...     gettext("The game is over.")
'La partida ha terminado.'
"""

from splendor_nb.i18n.formats import (
    format_date,
    format_datetime,
    format_number,
    format_percent,
)
from splendor_nb.i18n.languages import (
    LANGUAGES,
    PSEUDO_LANGUAGE,
    SOURCE_LANGUAGE,
    current_language,
    normalise_language,
    speaking,
    spoken,
    use_language,
)
from splendor_nb.i18n.translator import (
    DOMAIN,
    N_,
    Translator,
    gettext,
    ngettext,
    translator,
)

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "PSEUDO_LANGUAGE",
    "SOURCE_LANGUAGE",
    "Translator",
    "current_language",
    "format_date",
    "format_datetime",
    "format_number",
    "format_percent",
    "gettext",
    "ngettext",
    "normalise_language",
    "speaking",
    "spoken",
    "translator",
    "use_language",
]
