"""The board's words: cards, nobles, piles and players in words (tooltips and accessible names),
in the language asked for, with the rulebooks' game words.

>>> from splendor_nb.i18n import translator
>>> amounts_in_words(translator("fr"), (0, 5, 3, 0, 0))
'5 saphir, 3 émeraude'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape

from splendor_nb.cards import CARD_BY_ID, GEMS, Card, Noble
from splendor_nb.engine import GameState
from splendor_nb.i18n import N_, SOURCE_LANGUAGE, Translator, translator

_NAME_CHARS = 30

COLOUR_WORDS: dict[str, str] = {
    "white": N_("white"), "blue": N_("blue"), "green": N_("green"), "red": N_("red"),
    "black": N_("black"), "gold": N_("gold")}
"""The colours' names, as the catalogues translate them (the gems: "saphir", "zafiro")."""


def card_label(card: Card, language: str = SOURCE_LANGUAGE) -> str:
    """A card in words: its id, points, bonus and cost (its tooltip and accessible name).

    >>> card_label(CARD_BY_ID["2g4"])
    'card 2g4, 2 points, green bonus, costs 5 blue, 3 green'
    >>> card_label(CARD_BY_ID["2g4"], "tr")
    '2g4 kartı, 2 puan, yeşil bonus, bedel: 5 mavi, 3 yeşil'
    """
    return card_words(card.id, translator(language).language)


@cache
def card_words(card_id: str, language: str) -> str:
    """:func:`card_label` of the card ``card_id`` in a language the catalogues have (cached)."""
    card = CARD_BY_ID[card_id]
    words = translator(language)
    if card.points:
        points = words.ngettext("{count} point", "{count} points", card.points)
    else:
        points = words.gettext("no points")
    return words.gettext("card {card}, {points}, {colour} bonus, costs {costs}", card=card.id,
                         points=points, colour=colour_name(words, card.bonus),
                         costs=amounts_in_words(words, card.costs))


def colour_name(words: Translator, colour: str) -> str:
    """A colour's name in the translator's language."""
    return words.gettext(COLOUR_WORDS[colour])


def amounts_in_words(words: Translator, counts: Sequence[int]) -> str:
    """Counts by gem colour in words ("5 blue, 3 green"), as a cost or a requirement says."""
    return ", ".join(words.pgettext("cost", "{count} {colour}", count=n,
                                    colour=colour_name(words, gem))
                     for gem, n in zip(GEMS, counts, strict=False) if n)


def noble_words(noble: Noble, language: str) -> str:
    """A noble in words: its id, points and the bonuses it needs (R-NOBLE)."""
    words = translator(language)
    return words.ngettext("noble {noble}, {count} point, needs bonuses {needs}",
                          "noble {noble}, {count} points, needs bonuses {needs}", noble.points,
                          noble=noble.id, needs=amounts_in_words(words, noble.needs))


def pile_words(words: Translator, colour: str, left: int) -> str:
    """A supply pile in words: its colour and how many tokens are left on it."""
    return words.ngettext("{colour} tokens, {count} left", "{colour} tokens, {count} left",
                          left, colour=colour_name(words, colour))


def player_labels(state: GameState, names: Sequence[str] | None, words: Translator) -> list[str]:
    """The players' names as the board shows them: ``names``, then "Player 3" ... for the rest,
    escaped and cut to 30 characters."""
    count = len(state.players)
    given = list(names or ())[:count]
    labels = [str(n) for n in given] + [words.gettext("Player {number}", number=i + 1)
                                        for i in range(len(given), count)]
    return [escape(n if len(n) <= _NAME_CHARS else n[:_NAME_CHARS - 1] + "\u2026")
            for n in labels]


def fill_template(template: str, **markup: str) -> str:
    """A translated template, escaped, with its placeholders replaced by SVG markup (a name in
    its ``<tspan>``): the translation decides where they go."""
    text = escape(template)
    for key, value in markup.items():
        text = text.replace("{" + key + "}", value)
    return text


def name_markup(label: str) -> str:
    """A player's name (already escaped), marked as a name: not a word of the app."""
    return f'<tspan data-name="">{label}</tspan>'
