"""Why a move is refused: the sentence of every refusal, by key, and how its words are said.

An :class:`~splendor_nb.moves.IllegalMoveError` carries a rule id, a key of ``REASONS`` and
the parameters that fill it; its message is the rule id, then the sentence in English.
``REASONS`` is the one table of these sentences: babel.cfg extracts it for the catalogues
(gettext context ``"engine"``), and :func:`splendor_nb.i18n.reasons.explain` says a refusal in
another language from the same key and parameters.

Parameters are data, never English: numbers, card, noble and move ids as they are written, and
three kinds of words, said in the language of the sentence:

- ``colour``: a colour name of ``COLOURS`` (``"red"``);
- ``price``, ``missing``, ``requires``: amounts of gems, five counts in ``GEMS`` order, said
  ``"3 blue, 1 red"`` (``"nothing"`` when all are 0);
- ``where``: a :class:`Place`; ``nobles``: noble ids, said one after the other.

>>> english("take2_supply", {"colour": "red", "count": 3, "take": 2, "need": 4})
'red has 3 tokens in the supply; taking 2 needs 4'
>>> english("unaffordable", {"card": "1w6", "price": (0, 3, 0, 0, 0),
...                          "missing": (0, 1, 0, 0, 0), "gold": 0})
'card 1w6 costs 3 blue after bonuses; player lacks 1 blue and has 0 gold'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Protocol, cast

from splendor_nb.cards import GEMS

CONTEXT = "engine"
"""The gettext context of the sentences below and of the words put into them."""

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
    # R-REFILL, a game typed in with the deck order unknown (replay.py)
    "reveal_needed": "{move} takes a card off the tier {tier} deck; say which card was revealed",
    # the words put into the sentences above
    "nothing": "nothing",
    "in_market": "market",
    "in_deck": "deck",
    "reserved_by": "reserved by player {player}",  # seats from 1, as the app counts them
    "bought_by": "bought by player {player}",
}
"""Every refusal, and the words put into them, as templates by key."""
COUNTED: dict[str, tuple[str, str]] = {
    "amount": ("{count} {colour}", "{count} {colour}"),  # "3 jetons saphir", "1 jeton or"
}
"""The words that change with a number: an amount of gems of one colour."""

_AMOUNTS = frozenset({"price", "missing", "requires"})
"""The parameters that hold amounts of gems."""


class Place(NamedTuple):
    """Where a card is: ``REASONS[key]`` (``"in_market"``, ``"in_deck"``, ``"reserved_by"``
    or ``"bought_by"``), with the player's seat counted from 1 for the last two."""

    key: str
    player: int = 0


class Words(Protocol):
    """What says a sentence's words: a :class:`splendor_nb.i18n.Translator`, or ``ENGLISH``."""

    def gettext(self, message: str, /, **params: object) -> str: ...

    def pgettext(self, context: str, message: str, /, **params: object) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **params: object) -> str: ...


class _English:
    """The words as the templates say them: English, with no catalogue."""

    def gettext(self, message: str, /, **params: object) -> str:
        return message.format(**params)

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        return message.format(**params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **params: object) -> str:
        return (singular if n == 1 else plural).format(**{"count": n, **params})


ENGLISH: Words = _English()


def say(key: str, params: Mapping[str, object], words: Words) -> str:
    """The sentence ``REASONS[key]`` filled with ``params``, said by ``words``.

    >>> say("buy_not_face_up", {"card": "1w1", "where": Place("reserved_by", 2)}, ENGLISH)[:53]
    'card 1w1 is not face-up in the market (it is reserved'
    """
    return words.pgettext(CONTEXT, REASONS[key], **{
        name: _said(name, value, words) for name, value in params.items()})


def english(key: str, params: Mapping[str, object]) -> str:
    """The sentence ``REASONS[key]`` filled with ``params``, in English."""
    return say(key, params, ENGLISH)


def _said(name: str, value: object, words: Words) -> object:
    """A parameter, said by ``words`` when it is a word (see above)."""
    if name == "colour":
        return words.gettext(str(value))
    if name in _AMOUNTS:
        singular, plural = COUNTED["amount"]
        return ", ".join(words.npgettext(CONTEXT, singular, plural, count,
                                         colour=words.gettext(GEMS[i]))
                         for i, count in enumerate(cast("tuple[int, ...]", value)) if count) \
            or words.pgettext(CONTEXT, REASONS["nothing"])
    if isinstance(value, Place):
        return words.pgettext(CONTEXT, REASONS[value.key], player=value.player)
    if name == "nobles":
        return ", ".join(cast("tuple[str, ...]", value))
    return value
