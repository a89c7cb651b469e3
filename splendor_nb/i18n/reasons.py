"""The engine's reasons for refusing a move, said in the user's language.

An :class:`~splendor_nb.moves.IllegalMoveError` carries its rule id and an English reason,
built today with f-strings in splendor_nb/engine/. ``REASONS`` holds each of those sentences as
a template with named placeholders, so the catalogues translate it (gettext context
``"engine"``); :func:`explain` matches a reason against the templates, reads its parameters
back, says the ones that are words (colours, amounts of gems, where a card is) in the language,
and fills the translated template. A reason no template matches comes back as it was, in
English. docs/i18n.md proposes the next step: the engine raising the template and its
parameters itself, so that nothing has to be read back.

>>> print(explain("R-TAKE2", "red has 3 tokens in the supply; taking 2 needs 4", "es"))
en el centro hay 3 fichas de rubí; tomar 2 exige 4
>>> explain("R-TAKE2", "red has 3 tokens in the supply; taking 2 needs 4", "en")
'red has 3 tokens in the supply; taking 2 needs 4'
"""

from __future__ import annotations

import re
import string
from functools import cache

from splendor_nb.i18n.translator import Translator, translator

CONTEXT = "engine"
"""The gettext context of the engine's sentences and of the words put into them."""

REASONS: dict[str, str] = {
    # R-TAKE3, R-TAKE2 (engine/takes.py)
    "gold_not_taken": "gold cannot be taken; it comes only with a reserve",
    "take2_supply": "{colour} has {count} tokens in the supply; taking {take} needs {need}",
    "take_shape": "take {three} tokens of different colours, or {two} of one colour (R-TAKE2)",
    "take_empty": "there is no {colour} token in the supply",
    "take_width": "{available} colours are in the supply, so take {wanted} different ones, "
                  "not {count}",
    # R-RESERVE, R-RESERVE-LIMIT, R-BUY, R-REFILL, R-PASS, the end (engine/play.py)
    "reserve_limit": "player {player} already holds {count} reserved cards; the limit is "
                     "{limit}",
    "no_deck": "there is no tier {tier} deck",
    "deck_empty": "the tier {tier} deck is empty",
    "pass_refused": "a player may pass only when no action is legal",
    "no_reveal": "no card comes off a deck in {move}, so {card} cannot be revealed",
    "buy_not_face_up": "card {card} is not face-up in the market (it is {where}); a player may "
                       "buy a face-up card or one of their own reserved cards",
    "reserve_not_face_up": "card {card} is not face-up in the market (it is {where}); a player "
                           "may reserve a face-up card or the top card of a deck",
    "reveal_unknown": "there is no card {card} to reveal",
    "reveal_elsewhere": "card {card} cannot come off the tier {tier} deck: it is {where}",
    "reveal_tier": "{move} draws from the tier {source} deck, but {card} is a tier {tier} card",
    "over_passes": "the game is over: every player passed in a round",
    "over_repeat": "the game is over: the same position came {count} times with the same "
                   "player to move",
    "over_points": "the game is over: a player reached {points} points and the round was "
                   "finished",
    # R-BUY, R-BUY-GOLD (engine/buying.py)
    "pay_held": "the payment uses {count} {colour} but the player holds {held}",
    "pay_due": "the payment gives {count} {colour} but card {card} asks {due} {colour} after "
               "bonuses",
    "pay_gold": "card {card} costs {price} after bonuses; gold must cover exactly what "
                "coloured tokens do not",
    "unaffordable": "card {card} costs {price} after bonuses; player lacks {missing} and has "
                    "{gold} gold",
    # R-NOBLE (engine/nobles.py)
    "noble_absent": "noble {noble} cannot visit: it is not on the table",
    "noble_unmet": "noble {noble} cannot visit: it requires {requires}",
    "nobles_due": "several nobles may visit ({nobles}); the move must name one",
    # R-LIMIT10 (engine/returns.py)
    "return_none": "the player holds {count} tokens, so returns nothing",
    "return_count": "the player holds {count} tokens and must return {excess}, not {returned}",
    "return_held": "the player returns {count} {colour} but holds {held}",
    # the words put into the sentences above
    "nothing": "nothing",
    "in_market": "market",
    "in_deck": "deck",
    "reserved_by": "reserved by player {player}",  # seats from 1, as the app counts them
    "bought_by": "bought by player {player}",
}
"""Every reason the engine gives, and the words it puts in them, as templates by key."""
COUNTED: dict[str, tuple[str, str]] = {
    "amount": ("{count} {colour}", "{count} {colour}"),  # "3 jetons saphir", "1 jeton or"
}
"""The words that change with a number: an amount of gems of one colour."""

_AMOUNTS = {"price", "missing", "requires"}
"""Placeholders that hold amounts of gems: ``"3 blue, 1 red"`` or ``"nothing"``."""
_SENTENCES = tuple(key for key in REASONS if key not in {
    "nothing", "in_market", "in_deck", "reserved_by", "bought_by"})
_PLACES = ("in_market", "in_deck", "reserved_by", "bought_by")
_AMOUNT = re.compile(r"(\d+) (\w+)")


def explain(rule: str, reason: str, language: str | None = None) -> str:
    """The engine's ``reason`` for refusing a move under ``rule``, in ``language``.

    >>> explain("R-BUY", "card 1w6 costs 3 blue after bonuses; player lacks 1 blue and has 0 "
    ...         "gold", "tr")
    '1w6 kartının bonuslardan sonraki bedeli 3 mavi; oyuncunun 1 mavi eksiği var ve 0 altını var'
    """
    words = translator(language)
    for key, pattern in _patterns(_SENTENCES):
        found = pattern.fullmatch(reason)
        if found:
            params = {name: _said(name, value, words)
                      for name, value in found.groupdict().items()}
            return words.pgettext(CONTEXT, REASONS[key], **params)
    return reason


def _said(name: str, value: str, words: Translator) -> str:
    """A parameter read from an English reason, said in the translator's language."""
    if name == "colour":
        return words.gettext(value)
    if name in _AMOUNTS:
        if value == REASONS["nothing"]:
            return words.pgettext(CONTEXT, value)
        singular, plural = COUNTED["amount"]
        return ", ".join(words.npgettext(CONTEXT, singular, plural, int(count),
                                         colour=words.gettext(colour))
                         for count, colour in _AMOUNT.findall(value))
    if name == "where":
        for key, pattern in _patterns(_PLACES):
            found = pattern.fullmatch(value)
            if found:
                return words.pgettext(CONTEXT, REASONS[key], **found.groupdict())
    return value


@cache
def _patterns(keys: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template as a regular expression, its placeholders named groups."""
    return tuple((key, re.compile(_regex(REASONS[key]))) for key in keys)


def _regex(template: str) -> str:
    parts, seen = [], set()
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name:
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    return "".join(parts)
