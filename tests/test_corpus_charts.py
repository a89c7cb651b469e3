"""The charts of a corpus draw its aggregates: the bars are the rates, the error bars their
Wilson intervals, the bands the percentiles, and the clickable points carry what they show."""

from __future__ import annotations

import pytest

from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, Aggregates, aggregate, open_corpus
from splendor_nb.analysis.corpus_charts import (
    cards_chart,
    corpus_figures,
    length_chart,
    percentile_chart,
    points_chart,
    win_rate_chart,
)
from splendor_nb.palette import GEM_COLOURS


@pytest.fixture(scope="module")
def found() -> Aggregates:
    return aggregate(open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None))


def test_win_rates_are_bars_with_their_intervals(found: Aggregates) -> None:
    figure = win_rate_chart(found.wins_by_level)
    for trace, row in zip(figure.data, found.wins_by_level.itertuples(), strict=True):
        assert trace.name == row.level and trace.y[0] == pytest.approx(100 * row.rate)
        assert trace.y[0] + trace.error_y.array[0] == pytest.approx(100 * row.high)
        assert trace.y[0] - trace.error_y.arrayminus[0] == pytest.approx(100 * row.low)
    seats = win_rate_chart(found.wins_by_seat)
    assert [trace.name for trace in seats.data] == ["seat 1", "seat 2"]
    assert seats.layout.shapes[0].y0 == 50  # the fair share of two seats


def test_length_bars_carry_their_rounds(found: Aggregates) -> None:
    figure = length_chart(found.length)
    assert list(figure.data[0].customdata) == found.length["rounds"].tolist()
    assert sum(figure.data[0].y) == pytest.approx(100)


def test_percentile_bands_stop_where_few_games_remain(found: Aggregates) -> None:
    points = found.points
    figure = percentile_chart(points, "points", "Points", min_share=0.5)
    medians = {trace.name: trace for trace in figure.data if trace.name in ("easy", "medium")}
    for level, trace in medians.items():
        rows = points[points["level"] == level]
        kept = rows[rows["rows"] >= 0.5 * rows["rows"].max()]
        assert list(trace.x) == kept["round"].tolist()
        assert list(trace.y) == kept["p50"].tolist()
    assert points_chart(points).layout.shapes[0].y0 == 15  # R-END-TRIGGER


def test_the_cards_winners_buy_most(found: Aggregates) -> None:
    figure = cards_chart(found.cards, top=5)
    bars = figure.data[0]
    assert list(bars.customdata) == found.cards["card"].head(5).tolist()[::-1]
    assert list(bars.marker.color) == [GEM_COLOURS[bonus] for bonus in
                                       found.cards["bonus"].head(5).tolist()[::-1]]
    assert list(bars.x) == pytest.approx((100 * found.cards["rate_winners"].head(5)).tolist()[::-1])


def test_every_figure_has_its_title(found: Aggregates) -> None:
    figures = corpus_figures(found)
    assert all(figure.layout.title.text for figure in figures.values())
    assert len(figures["tiers"].data) == 4  # bought and reserved, for each of two levels
    assert sum(figures["endings"].data[0].y) == pytest.approx(100)
