"""The 90 development cards and 10 nobles of the base game (R-COMP-CARDS, R-COMP-NOBLES).

Card ids read as tier, bonus letter, ordinal within that tier and colour: ``"2g3"`` is the third
tier-2 card with a green bonus. Noble ids are ``"N1"`` to ``"N10"`` in the reference order.

>>> CARD_BY_ID["1w1"].cost
{'white': 0, 'blue': 0, 'green': 0, 'red': 2, 'black': 1}
>>> NOBLE_BY_ID["N1"].requires
{'white': 0, 'blue': 0, 'green': 0, 'red': 4, 'black': 4}
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from importlib import resources

GEMS: tuple[str, ...] = ("white", "blue", "green", "red", "black")
COLOURS: tuple[str, ...] = (*GEMS, "gold")
GOLD = 5
LETTERS: tuple[str, ...] = ("w", "b", "g", "r", "k", "y")
"""Notation letters, index-aligned with COLOURS: white, blue, green, red, black (k), gold (y)."""
LETTER_INDEX: dict[str, int] = {letter: i for i, letter in enumerate(LETTERS)}


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """A development card. Cards are singletons: compare them with ``is`` or by ``id``."""

    id: str
    tier: int
    bonus: str
    points: int
    costs: tuple[int, ...] = field(repr=False)
    bonus_index: int = field(repr=False)
    order: int = field(repr=False)
    """The card's position in ``CARDS``, 0 to 89."""
    colours: tuple[int, ...] = field(repr=False)
    """The gem colours the card costs (indices into ``GEMS``)."""

    @property
    def cost(self) -> dict[str, int]:
        """The cost per gem colour."""
        return dict(zip(GEMS, self.costs, strict=True))


@dataclass(frozen=True, eq=False, slots=True)
class Noble:
    """A noble tile: 3 points for the first player whose bonuses meet its requirement."""

    id: str
    points: int
    needs: tuple[int, ...] = field(repr=False)

    @property
    def requires(self) -> dict[str, int]:
        """The bonuses required per gem colour."""
        return dict(zip(GEMS, self.needs, strict=True))


def _read(name: str) -> list[dict[str, str]]:
    text = resources.files("splendor_nb").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _load_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    ordinal: dict[tuple[int, str], int] = {}
    for row in _read("cards.csv"):
        tier, bonus = int(row["tier"]), row["color"]
        ordinal[tier, bonus] = ordinal.get((tier, bonus), 0) + 1
        index = GEMS.index(bonus)
        card_id = f"{tier}{LETTERS[index]}{ordinal[tier, bonus]}"
        costs = tuple(int(row[gem]) for gem in GEMS)
        colours = tuple(i for i, n in enumerate(costs) if n)
        cards.append(Card(card_id, tier, bonus, int(row["points"]), costs, index, len(cards),
                          colours))
    return tuple(cards)


def _load_nobles() -> tuple[Noble, ...]:
    return tuple(
        Noble(f"N{i}", int(row["points"]), tuple(int(row[gem]) for gem in GEMS))
        for i, row in enumerate(_read("nobles.csv"), start=1)
    )


CARDS: tuple[Card, ...] = _load_cards()
NOBLES: tuple[Noble, ...] = _load_nobles()
CARD_BY_ID: dict[str, Card] = {card.id: card for card in CARDS}
NOBLE_BY_ID: dict[str, Noble] = {noble.id: noble for noble in NOBLES}
