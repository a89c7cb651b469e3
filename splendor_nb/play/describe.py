"""A turn in words, from the engine's record of it (``state.last_turn``, a TurnEffects).

>>> from splendor_nb import new_game, Move
>>> state = new_game(seed=7).apply(Move.parse("+wbg"))
>>> describe_turn(state.last_turn, ["Ben", "Ada"])
'Ben took white, blue and green.'
>>> state = state.apply(Move.parse("R?2"))
>>> describe_turn(state.last_turn, ["Ben", "Ada"])
'Ada reserved a tier-2 card from the deck and took a gold.'
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_nb.cards import GEMS, GOLD, Card
from splendor_nb.engine import TurnEffects
from splendor_nb.play.sentences import colour_name, say, say_n, tokens_phrase, word_list
from splendor_nb.rules import TAKE2_COUNT


def describe_turn(turn: TurnEffects, names: Sequence[str], seen_by: int | None = None) -> str:
    """What ``turn`` did, in whole sentences, its player named from ``names``.

    A card reserved blind from a deck is named only when ``seen_by`` is its owner
    (R-RESERVE-HIDDEN); ``None`` describes the turn as every player saw it.
    """
    return " ".join(turn_sentences(turn, names, seen_by))


def turn_sentences(turn: TurnEffects, names: Sequence[str], seen_by: int | None = None
                   ) -> list[str]:
    """The sentences of :func:`describe_turn`: the action, then the tokens returned (R-LIMIT10),
    a noble's visit when the action's sentence does not say it (R-NOBLE), an emptied slot
    (R-REFILL).

    >>> from splendor_nb import Move
    >>> from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID
    >>> turn = TurnEffects(0, Move.parse("+wbg -r N1"), returned=(0, 0, 0, 1, 0, 0),
    ...                    noble=NOBLE_BY_ID["N1"])
    >>> turn_sentences(turn, ["Ada"])
    ['Ada took white, blue and green.', 'Ada returned a red.', 'Ada was visited by N1.']
    """
    name = names[turn.player]
    move = turn.move
    noble = turn.noble.id if turn.noble is not None else None
    sentences = []
    noble_said = False
    if move.kind == "take":
        sentences.append(_took(name, move.gems))
    elif move.kind == "buy":
        card = turn.card
        phrase = card_phrase(card) if card is not None else str(move.card)
        noble_said = noble is not None
        key = _BOUGHT[turn.slot is None, noble_said]
        sentences.append(say(key, name=name, card=phrase, noble=noble))
    elif move.kind == "reserve":
        gold = bool(turn.taken[GOLD])
        if move.card is not None:
            sentences.append(say(_RESERVED["face-up", gold], name=name, card=move.card))
        elif seen_by == turn.player and turn.card is not None:
            sentences.append(say(_RESERVED["blind, seen", gold], name=name, card=turn.card.id,
                                 tier=move.tier))
        else:
            sentences.append(say(_RESERVED["blind", gold], name=name, tier=move.tier))
    else:
        noble_said = noble is not None
        sentences.append(say("passed_noble" if noble_said else "passed", name=name,
                             noble=noble))
    if any(turn.returned):
        sentences.append(say("returned", name=name, tokens=tokens_phrase(turn.returned)))
    if noble is not None and not noble_said:
        sentences.append(say("visited", name=name, noble=noble))
    if turn.slot is not None and turn.drawn is None:  # R-REFILL: the deck ran out
        sentences.append(say("deck_empty", tier=turn.slot[0]))
    return sentences


_BOUGHT = {(False, False): "bought", (False, True): "bought_noble",
           (True, False): "bought_reserved", (True, True): "bought_reserved_noble"}
"""The sentence of a purchase, by (from one's reserved cards, with a noble's visit)."""
_RESERVED = {("face-up", True): "reserved_gold", ("face-up", False): "reserved_no_gold",
             ("blind", True): "reserved_blind_gold", ("blind", False): "reserved_blind_no_gold",
             ("blind, seen", True): "reserved_blind_seen_gold",
             ("blind, seen", False): "reserved_blind_seen_no_gold"}
"""The sentence of a reserve, by (which card, as the reader may see it; a gold taken)."""


def card_phrase(card: Card) -> str:
    """A card's id with its points when it has any.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> card_phrase(CARD_BY_ID["1w1"]), card_phrase(CARD_BY_ID["3w1"])
    ('1w1', '3w1 (3 points)')
    """
    return say_n("card_points", card.points, card=card.id) if card.points else card.id


def payment_text(payment: Sequence[int]) -> str:
    """A payment (``COLOURS`` order, R-BUY-GOLD) as the words of its button.

    >>> payment_text((0, 2, 0, 0, 0, 1))
    'Pay two blue and a gold'
    """
    return say("pay", tokens=tokens_phrase(payment))


def _took(name: str, gems: Sequence[int]) -> str:
    colours = [colour_name(GEMS[i]) for i, n in enumerate(gems[:GOLD]) if n]
    if TAKE2_COUNT in gems:  # R-TAKE2
        return say("took_two", name=name, colour=colours[0])
    if len(colours) == 1:  # R-TAKE3 with one colour left
        return say("took_one", name=name, colour=colours[0])
    return say("took_different", name=name, colours=word_list(colours))
