"""A player's name holding a link or markup shows as plain text in the chart legend, drawn by
plotly.js in chromium."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from splendor_nb.analysis.chances import win_chances
from splendor_nb.analysis.charts import charts_figure
from tests.test_player_names import NAMES, named_replay


def test_a_name_holding_a_link_is_text_in_the_legend(page: Page) -> None:
    replay = named_replay()
    page.set_content(charts_figure(replay, chances=win_chances(replay)).to_html(
        include_plotlyjs=True, full_html=True))
    legend = page.locator(".legend")
    expect(legend.locator(".legendtext").first).to_be_visible()
    entries = legend.locator(".legendtext").all_text_contents()
    assert all(name in entries for name in NAMES)  # each name as it was typed
    assert legend.locator("a").count() == 0 and page.locator("svg a").count() == 0
    assert legend.locator(".legendtext tspan[style*='bold']").count() == 0
