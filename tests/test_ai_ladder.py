"""The ladder's ratings: Bradley-Terry on the Elo scale, with 95% intervals."""

from __future__ import annotations

from splendor_nb.ai.ladder import ANCHOR, ratings


def test_even_records_give_even_ratings() -> None:
    """Levels that split their games rate alike, the first one at the anchor."""
    board = ratings(("a", "b", "c"), {("a", "b"): (10, 10), ("b", "c"): (7, 7),
                                      ("a", "c"): (5, 5)})
    assert [round(r.rating, 6) for r in board] == [ANCHOR] * 3


def test_a_stronger_record_rates_higher_with_narrower_intervals_for_more_games() -> None:
    """Winning three games of four is about 190 Elo points (log10(3) * 400, shrunk a little by
    the split game each pair is credited); four times the games narrow the interval by half."""
    few = ratings(("a", "b"), {("b", "a"): (30, 10)})[1]
    many = ratings(("a", "b"), {("b", "a"): (120, 40)})[1]
    assert 170 < few.rating - ANCHOR < 191 and 185 < many.rating - ANCHOR < 191
    assert few.low < few.rating < few.high
    width = (few.high - few.low) / (many.high - many.low)
    assert 1.9 < width < 2.1


def test_a_clean_sweep_stays_finite() -> None:
    """A level that won every game still gets a finite rating (the credited split game)."""
    top = ratings(("a", "b"), {("b", "a"): (20, 0)})[1]
    assert ANCHOR < top.rating < ANCHOR + 1000 and top.high < ANCHOR + 1500
