"""The engine's reasons for refusing a move, said in the user's language.

An :class:`~splendor_nb.moves.IllegalMoveError` carries its rule id, the key of its sentence
in :data:`splendor_nb.refusals.REASONS` and the parameters that fill it (numbers, ids, and
words as data: a colour name, amounts of gems, where a card is). The catalogues translate each
sentence and word under the gettext context ``"engine"``; :func:`explain` has the error say
its sentence with the language's translator, so the words inside it are said in the language
too. Nothing is read back from English.

>>> from splendor_nb.moves import IllegalMoveError
>>> error = IllegalMoveError("R-TAKE2", "take2_supply", colour="red", count=3, take=2, need=4)
>>> print(explain(error, "es"))
en el centro hay 3 fichas de rubí; tomar 2 exige 4
>>> explain(error, "en")
'red has 3 tokens in the supply; taking 2 needs 4'
"""

from __future__ import annotations

from typing import Protocol

from splendor_nb.i18n.translator import Translator, translator


class Refusal(Protocol):
    """A refused move (an ``IllegalMoveError``): it says its sentence with the words given."""

    def said(self, words: Translator) -> str: ...


def explain(error: Refusal, language: str | None = None) -> str:
    """Why the engine refused a move, in ``language`` (by default the current one), without
    the rule id.

    >>> from splendor_nb.moves import IllegalMoveError
    >>> explain(IllegalMoveError("R-BUY", "unaffordable", card="1w6", price=(0, 3, 0, 0, 0),
    ...                          missing=(0, 1, 0, 0, 0), gold=0), "tr")
    '1w6 kartının bonuslardan sonraki bedeli 3 mavi; oyuncunun 1 mavi eksiği var ve 0 altını var'
    """
    return error.said(translator(language))
