"""The Analyse tab of the Voila app in chromium: the shipped corpus opened, what it holds, its
games filtered (a level in a seat, the winner), the chart drawn and another picked, the list
sorted by a header and a game opened in the Replay tab, the games kept downloaded as CSV.
Screenshots at a laptop's and a phone's width go to screenshots/, with nothing sticking out of
the page.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, open_corpus
from support.screenshots import shoot
from support.voila_server import VoilaServer

UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""
FIRST_MS = 90_000
"""The tab's first showing reads the corpus and counts it (pandas and plotly loaded first):
a while on a loaded machine."""
WIDTHS = {"laptop": 1366, "phone": 390}

Open = Callable[..., Any]


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Downloads kept, so that the test can read the export."""
    return {**browser_context_args, "accept_downloads": True}


def medium_beats_easy_in_seat_1() -> tuple[int, int]:
    """How many shipped games the medium bot won against the easy bot in seat 1, and the
    rounds of the longest."""
    games = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None).games()
    first = games[(games["player"] == 0) & (games["level"] == "easy")]["game"]
    won = games[(games["level"] == "medium") & games["won"] & (games["winners"] == 1)]["game"]
    kept = games[games["game"].isin(set(first) & set(won))]
    return kept["game"].nunique(), int(kept["rounds"].max())


def sticks_out(page: Page) -> int:
    """How many pixels the page is wider than the window (0: nothing sticks out)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_a_corpus_filtered_charted_listed_opened_and_exported(
        page: Page, voila_app: VoilaServer, open_voila: Open, screen: str) -> None:
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 2400})  # voila scrolls an inner element
    open_voila(voila_app.url, ".splendor-app")
    page.get_by_role("tab", name="Analyse", exact=True).click()
    tab = page.locator(".splendor-analyse")
    summary = tab.locator(".splendor-corpus-summary")
    expect(summary).to_contain_text("400 games in 4 shards", timeout=FIRST_MS)
    expect(summary).to_contain_text("2 players a game")
    expect(summary).to_contain_text("run seed 1")
    chart = tab.locator(".splendor-analyse-chart .js-plotly-plot")
    title = tab.locator(".splendor-analyse-chart-title")
    expect(chart.locator(".barlayer .point").first).to_be_visible(timeout=FIRST_MS)
    expect(title).to_have_text("Wins by level")
    count = tab.locator(".splendor-analyse-count")
    expect(count).to_have_text("400 of 400 games")
    shoot(tab, f"analyse-{width}.png")
    assert sticks_out(page) == 0

    tab.locator(".splendor-filter-seat select").select_option(label="seat 1")
    # the first round trip may wait for the kernel to draw the Replay tab's charts
    expect(count).to_have_text("400 of 400 games", timeout=FIRST_MS)  # any level in seat 1
    tab.locator(".splendor-filter-level select").select_option(label="easy")
    expect(count).to_have_text("200 of 400 games", timeout=UPDATE_MS)
    tab.locator(".splendor-filter-winner select").select_option(label="the medium bot")
    kept, longest = medium_beats_easy_in_seat_1()
    expect(count).to_have_text(f"{kept} of 400 games", timeout=UPDATE_MS)
    rows = tab.locator(".splendor-games-table tbody tr")
    expect(rows.first.locator('[data-key="levels"]')).to_have_text("easy · medium",
                                                                  timeout=UPDATE_MS)
    tab.locator(".splendor-chart-picker select").select_option(label="Game length")
    expect(title).to_have_text("Game length", timeout=UPDATE_MS)
    bars = chart.locator(".barlayer .point")
    expect(bars.first).to_be_visible()

    rounds = tab.locator('.splendor-games-table thead th[data-key="rounds"]')
    rounds.locator("button").click()
    expect(rounds).to_have_attribute("aria-sort", "ascending", timeout=UPDATE_MS)
    rounds.locator("button").click()
    expect(rounds).to_have_attribute("aria-sort", "descending", timeout=UPDATE_MS)
    expect(rows.first.locator('[data-key="rounds"]')).to_have_text(str(longest),
                                                                  timeout=UPDATE_MS)
    shown = [int(text) for text in rows.locator('[data-key="rounds"]').all_inner_texts()]
    assert shown == sorted(shown, reverse=True) and len(shown) == 20
    expect(tab.locator(".splendor-games-page")).to_have_text(f"Page 1 of {-(-kept // 20)}")
    shoot(tab, f"analyse-filtered-{width}.png")
    assert sticks_out(page) == 0

    # the export may wait for a count still running beside it in the kernel
    with page.expect_download(timeout=FIRST_MS) as download_info:
        tab.locator(".splendor-export-csv").click()
    download = download_info.value
    assert download.suggested_filename == "easy-v-medium-2p-filtered.csv"
    exported = list(csv.DictReader(io.StringIO(Path(download.path()).read_text())))
    assert len(exported) == 2 * kept  # a row per game and player
    assert {row["level"] for row in exported if row["player"] == "0"} == {"easy"}
    assert {row["level"] for row in exported if row["won"] == "True"} == {"medium"}

    first = rows.first.locator(".splendor-games-open")
    number = first.inner_text()
    first.click()
    expect(page.get_by_role("tab", name="Replay", exact=True)).to_have_attribute(
        "aria-selected", "true", timeout=UPDATE_MS)
    viewer = page.locator(".splendor-viewer").first
    expect(viewer).to_contain_text(f"game-{int(number):07d}", timeout=UPDATE_MS)
    expect(viewer.locator(".splendor-board").first).to_be_visible()
    # the page at its top (voila scrolls an element of its own), the old link gone
    page.wait_for_function("() => Math.max(window.scrollY, ...Array.from("
                           "document.querySelectorAll('*'), node => node.scrollTop)) === 0",
                           timeout=UPDATE_MS)
    assert "replay=" not in page.url and "turn=" not in page.url


def test_a_corpus_link_opens_the_tab_in_the_page_language(
        page: Page, voila_app: VoilaServer, open_voila: Open) -> None:
    page.set_viewport_size({"width": 1366, "height": 2400})
    # the page is built in English, then again in French: a while on a loaded machine
    open_voila(f"{voila_app.url}?corpus=easy-v-medium-2p&lang=fr", ".splendor-app",
               timeout_ms=2 * FIRST_MS)
    tab = page.locator(".splendor-analyse")
    expect(tab.locator(".splendor-corpus-summary")).to_contain_text("400 parties en 4 fragments",
                                                                    timeout=FIRST_MS)
    expect(tab.locator(".splendor-analyse-chart-title")).to_have_text(
        "Victoires par niveau de bot", timeout=FIRST_MS)
    expect(tab.locator(".splendor-analyse-count")).to_have_text("400 sur 400 parties")
    expect(tab.locator(".splendor-games-table thead")).to_contain_text("Partie")
    bars = tab.locator(".splendor-analyse-chart .js-plotly-plot .barlayer .point")
    expect(bars.first).to_be_visible(timeout=UPDATE_MS)
    expect(tab.locator(".splendor-analyse-chart .xtick").first).to_have_text("facile")
    shoot(tab, "analyse-fr-1366.png")
    assert sticks_out(page) == 0
