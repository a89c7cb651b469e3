"""R-COMP-CARDS, R-COMP-NOBLES, R-COMP-TOKENS: the components, checked against the reference.

The reference is tests/data/cards.csv and nobles.csv: the 90 cards and 10 nobles as printed,
kept apart from the package's own data (splendor_nb/data/), so that an edit of the package's
files shows up here as a difference.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from splendor_nb import CARDS, GEMS, NOBLES
from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID

REFERENCE = Path(__file__).resolve().parent / "data"
PACKAGE_DATA = Path(__file__).resolve().parents[1] / "splendor_nb" / "data"


def test_r_comp_cards_40_30_20() -> None:
    assert len(CARDS) == 90
    assert Counter(c.tier for c in CARDS) == {1: 40, 2: 30, 3: 20}


@pytest.mark.parametrize(("tier", "per_colour"), [(1, 8), (2, 6), (3, 4)])
def test_r_comp_cards_bonus_colours_per_tier(tier: int, per_colour: int) -> None:
    assert Counter(c.bonus for c in CARDS if c.tier == tier) == dict.fromkeys(GEMS, per_colour)


@pytest.mark.parametrize(("tier", "points", "cost"), [(1, 5, 33), (2, 55, 41), (3, 80, 43)])
def test_r_comp_cards_points_and_cost_totals(tier: int, points: int, cost: int) -> None:
    cards = [c for c in CARDS if c.tier == tier]
    assert sum(c.points for c in cards) == points
    for gem in GEMS:
        assert sum(c.cost[gem] for c in cards) == cost, gem


def test_r_comp_cards_ids_stable_readable_unique() -> None:
    assert len(CARD_BY_ID) == 90
    assert CARDS[0].id == "1w1" and CARDS[-1].id == "3k4"
    for card in CARDS:
        assert card.id[0] == str(card.tier) and "wbgrk"[GEMS.index(card.bonus)] == card.id[1]


def test_r_comp_nobles_structure() -> None:
    assert len(NOBLES) == 10 and len(NOBLE_BY_ID) == 10
    assert all(n.points == 3 for n in NOBLES)
    shapes = Counter(tuple(sorted((v for v in n.needs if v), reverse=True)) for n in NOBLES)
    assert shapes == {(4, 4): 5, (3, 3, 3): 5}
    assert len({n.needs for n in NOBLES}) == 10


@pytest.mark.parametrize("name", ["cards.csv", "nobles.csv"])
def test_r_comp_package_data_matches_the_reference(name: str) -> None:
    with (REFERENCE / name).open() as reference, (PACKAGE_DATA / name).open() as ours:
        assert list(csv.reader(reference)) == list(csv.reader(ours))
