"""Moves and their text notation (round-trip exact).

A move is a whole turn: the action, the tokens returned above 10 (R-LIMIT10), the noble that
visits (R-NOBLE) and, for a buy, the payment when it is not the default one (R-BUY-GOLD).

Letters: ``w`` white, ``b`` blue, ``g`` green, ``r`` red, ``k`` black, ``y`` gold.

========================  ==========================================================
text                      turn
========================  ==========================================================
``+wbg``                  take white, blue and green (R-TAKE3)
``+rr``                   take two red (R-TAKE2)
``R1w3``                  reserve the face-up card 1w3 (R-RESERVE)
``R?2``                   reserve the top card of the tier-2 deck, unseen (R-RESERVE-HIDDEN)
``B2g4``                  buy card 2g4, paid the default way (R-BUY)
``B2g4=bby``              buy card 2g4 paying blue, blue and one gold (R-BUY-GOLD)
``+wbg -wy``              ... then return a white and a gold token (R-LIMIT10)
``B3r2 N4``               ... then noble N4 visits (R-NOBLE)
``pass``                  no action is possible (R-PASS)
``pass N4``               ... and noble N4 visits, a pass being a turn too (R-NOBLE)
========================  ==========================================================

>>> move = Move.parse("+wbg -ky")
>>> str(move), move.kind, move.taken
('+wbg -ky', 'take', {'white': 1, 'blue': 1, 'green': 1})
>>> Move.parse(str(move)) == move
True
>>> move
Move.parse('+wbg -ky')
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from splendor_nb.cards import CARD_BY_ID, COLOURS, GEMS, LETTER_INDEX, LETTERS, NOBLE_BY_ID
from splendor_nb.refusals import REASONS, Words, english, say

MoveKind = Literal["take", "reserve", "buy", "pass"]
NO_TOKENS: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
_INTERNED: dict[tuple[object, ...], Move] = {}
"""Every move built so far, by its fields (a few thousand in a game's worth of play)."""
_FIELDS = ("kind", "gems", "card", "tier", "returned", "noble", "payment")
"""A move's fields, in the order ``Move`` takes them."""

_PATTERN = re.compile(
    r"""\s*(?:
        (?P<pass>pass)
      | \+(?P<take>[a-z]{1,3})
      | R(?:\?(?P<tier>[0-9]+)|(?P<reserve>[0-9][a-z][0-9]+))
      | B(?P<buy>[0-9][a-z][0-9]+)(?:=(?P<pay>[a-z]*))?
    )
    (?:\s+-(?P<ret>[a-z]+))?
    (?:\s+(?P<noble>N[0-9]+))?
    \s*""",
    re.VERBOSE,
)


class InvalidMoveError(ValueError):
    """The text is not a move in the notation (a syntax error, not a rule violation)."""


class IllegalMoveError(ValueError):
    """The move breaks the rule ``rule``: ``key`` names the refusal's sentence in
    :data:`splendor_nb.refusals.REASONS` and ``params`` fill it. The message is the rule id,
    then the sentence in English; :func:`splendor_nb.i18n.reasons.explain` says it in another
    language.

    >>> error = IllegalMoveError("R-TAKE2", "take2_supply", colour="red", count=3, take=2,
    ...                          need=4)
    >>> str(error)
    'R-TAKE2: red has 3 tokens in the supply; taking 2 needs 4'
    >>> error.rule, error.key, error.params["count"]
    ('R-TAKE2', 'take2_supply', 3)
    """

    def __init__(self, rule: str, key: str, **params: object) -> None:
        if key not in REASONS:
            raise KeyError(f"no refusal {key!r} in splendor_nb.refusals.REASONS")
        super().__init__(rule, key)
        self.rule = rule
        self.key = key
        self.params = params

    @property
    def reason(self) -> str:
        """The sentence in English, without the rule id."""
        return english(self.key, self.params)

    def said(self, words: Words) -> str:
        """The sentence said by ``words`` (a translator), without the rule id."""
        return say(self.key, self.params, words)

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"


class Move:
    """One whole turn. Build moves with :meth:`parse` or take them from ``legal_moves()``.

    Token fields are counts index-aligned with ``COLOURS`` (white, blue, green, red, black, gold).
    Moves are immutable and interned: building a move equal to an existing one returns that
    very object, so two moves are equal exactly when they are the same object, and comparing
    or hashing one costs no Python call (the searches keep moves in dicts, and ``apply`` finds
    a move in the position's own ``legal_moves()`` by identity).

    >>> Move("take", (1, 1, 1, 0, 0, 0)) is Move.parse("+wbg")
    True
    """

    __slots__ = ("card", "gems", "kind", "noble", "payment", "returned", "tier")
    kind: MoveKind
    gems: tuple[int, ...]
    card: str | None
    tier: int | None
    returned: tuple[int, ...]
    noble: str | None
    payment: tuple[int, ...] | None

    def __new__(cls, kind: MoveKind, gems: tuple[int, ...] = NO_TOKENS, card: str | None = None,
                tier: int | None = None, returned: tuple[int, ...] = NO_TOKENS,
                noble: str | None = None, payment: tuple[int, ...] | None = None) -> Move:
        fields = (kind, gems, card, tier, returned, noble, payment)
        move = _INTERNED.get(fields)
        if move is None:
            move = object.__new__(cls)
            # no tokens is NO_TOKENS itself: the engine tests it by identity (R-LIMIT10)
            gems = NO_TOKENS if gems == NO_TOKENS else tuple(gems)
            returned = NO_TOKENS if returned == NO_TOKENS else tuple(returned)
            for name, value in zip(_FIELDS, (kind, gems, card, tier, returned, noble,
                                                  payment), strict=True):
                object.__setattr__(move, name, value)
            move = _INTERNED.setdefault(fields, move)
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Move], tuple[object, ...]]:
        # pickled and copied moves are built again, and so interned, in the process reading them
        return Move, tuple(getattr(self, name) for name in _FIELDS)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation; raise :class:`InvalidMoveError` on bad text.

        >>> Move.parse("B2g4=bby N3").payment
        (0, 2, 0, 0, 0, 1)
        """
        match = _PATTERN.fullmatch(text)
        if match is None:
            raise InvalidMoveError(f"{text!r} is not a move; expected e.g. '+wbg', '+rr', "
                                   "'R1w3', 'R?2', 'B2g4', 'B2g4=bby', with ' -wy' returns "
                                   "and ' N3' for a noble, or 'pass'")
        found = match.groupdict()
        returned = _counts(found["ret"], text) if found["ret"] else NO_TOKENS
        noble = found["noble"]
        if noble is not None and noble not in NOBLE_BY_ID:
            raise InvalidMoveError(f"{text!r}: there is no noble {noble!r} (N1 to N10)")
        if found["pass"]:
            if found["ret"]:  # a pass takes nothing, so never holds more than 10 (R-LIMIT10)
                raise InvalidMoveError(f"{text!r}: a pass returns no tokens")
            # R-NOBLE is checked at the end of every turn, a pass included: 'pass N4'
            return PASS if noble is None else cls("pass", noble=noble)
        if found["take"]:
            return cls("take", gems=_counts(found["take"], text), returned=returned, noble=noble)
        if found["tier"]:
            tier = int(found["tier"])
            if tier not in (1, 2, 3):
                raise InvalidMoveError(f"{text!r}: there is no tier {tier} deck (1, 2 or 3)")
            return cls("reserve", tier=tier, returned=returned, noble=noble)
        card = found["reserve"] or found["buy"]
        if card not in CARD_BY_ID:
            raise InvalidMoveError(f"{text!r}: there is no card {card!r}; card ids look like "
                                   "'1w1' (tier, bonus letter, number)")
        if found["reserve"]:
            return cls("reserve", card=card, returned=returned, noble=noble)
        payment = _counts(found["pay"], text) if found["pay"] is not None else None
        return cls("buy", card=card, returned=returned, noble=noble, payment=payment)

    def __str__(self) -> str:
        return _text(self)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def taken(self) -> dict[str, int]:
        """The gem tokens a take move takes, by colour (only colours taken)."""
        return {GEMS[i]: n for i, n in enumerate(self.gems[:5]) if n}

    @property
    def returned_tokens(self) -> dict[str, int]:
        """The tokens returned above 10, by colour (only colours returned)."""
        return {COLOURS[i]: n for i, n in enumerate(self.returned) if n}


PASS = Move("pass")


def _counts(letters: str, text: str) -> tuple[int, ...]:
    counts = [0] * 6
    for letter in letters:
        index = LETTER_INDEX.get(letter)
        if index is None:
            raise InvalidMoveError(f"{text!r}: {letter!r} is not a token letter "
                                   f"({', '.join(f'{a}={c}' for a, c in zip(LETTERS, COLOURS))})")
        counts[index] += 1
    return tuple(counts)


@lru_cache(maxsize=1 << 14)
def _text(move: Move) -> str:
    """The notation of ``move`` (kept: a game's moves recur, and tables and lists print them)."""
    if move.kind == "pass":
        text = "pass"
    elif move.kind == "take":
        text = "+" + _letters(move.gems)
    elif move.kind == "reserve":
        text = f"R{move.card}" if move.card else f"R?{move.tier}"
    else:
        text = f"B{move.card}"
        if move.payment is not None:
            text += "=" + _letters(move.payment)
    if any(move.returned):
        text += " -" + _letters(move.returned)
    if move.noble:
        text += " " + move.noble
    return text


def _letters(counts: tuple[int, ...]) -> str:
    return "".join(letter * n for letter, n in zip(LETTERS, counts))
