"""The clickable board in chromium: clicks and keys reach Python as actions, the board redraws
with the picks, the keyboard focus survives the redraw, and the board fits a laptop's and a
phone's width (the narrow layout below 720 px).

The notebook (clickable_board.ipynb) echoes every action it receives in a label and marks the
piles and the card clicked as picked. Screenshots go to screenshots/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from support.screenshots import shoot

NOTEBOOK = Path(__file__).resolve().parent / "clickable_board.ipynb"
UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""

Open = Callable[..., Any]

FOCUSED = """() => {
  const element = document.activeElement;
  if (!element || !element.closest('.board-under-test')) return null;
  return element.getAttribute('data-action') + ' ' + (element.getAttribute('data-colour')
    || element.getAttribute('data-card') || element.getAttribute('data-tier') || '');
}"""

OVERFLOW = """() => {
  const board = document.querySelector('.board-under-test .splendor-board svg');
  const box = board.getBoundingClientRect();
  // Whatever can scroll sideways (voila scrolls an inner element, not the page).
  const widest = Math.max(0, ...[...document.querySelectorAll('body, body *')]
    .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
    .map((element) => element.scrollWidth - element.clientWidth));
  return { left: box.left, right: box.right, width: window.innerWidth,
           page: document.documentElement.scrollWidth, scrolled: widest };
}"""


def open_board(page: Page, server: Any, open_voila: Open, width: int) -> Any:
    page.set_viewport_size({"width": width, "height": 1000})
    root = open_voila(server, ".board-root .board-under-test .splendor-board svg")
    return root.page.locator(".board-root")


def echo(page: Page) -> Any:
    return page.locator(".board-echo")


def test_clicks_on_a_pile_and_a_card_reach_python_and_redraw_the_board(
        page: Page, voila_server_factory: Callable[..., Any], open_voila: Open) -> None:
    root = open_board(page, voila_server_factory(NOTEBOOK), open_voila, 1366)
    board = root.locator(".board-under-test")
    expect(echo(page)).to_have_text("no action yet")
    board.locator('[data-action="supply"][data-colour="red"]').click()
    expect(echo(page)).to_have_text('1 {"action": "supply", "colour": "red"}', timeout=UPDATE_MS)
    expect(board.locator('[data-colour="red"]')).to_have_attribute("data-picked", "1")
    board.locator('[data-action="card"][data-card="1g8"]').click()
    expect(echo(page)).to_have_text('2 {"action": "card", "card": "1g8"}', timeout=UPDATE_MS)
    card = board.locator('[data-action="card"][data-card="1g8"]')
    expect(card.locator(".picked")).to_have_count(1)
    expect(card).to_have_attribute("aria-label", "card 1g8, 1 point, green bonus, costs 4 black, "
                                   "can be bought or reserved, picked")
    expect(card.locator("title")).to_have_text("card 1g8, 1 point, green bonus, costs 4 black")
    board.locator('[data-action="reserved"][data-card="1b1"]').click()
    expect(echo(page)).to_have_text('3 {"action": "reserved", "card": "1b1"}', timeout=UPDATE_MS)
    board.locator('[data-action="deck"][data-tier="2"]').click()
    expect(echo(page)).to_have_text('4 {"action": "deck", "tier": "2"}', timeout=UPDATE_MS)
    frame = board.locator(".splendor-board")
    expect(frame).to_have_attribute("data-turn", "6")
    expect(frame).not_to_have_class("narrow")
    shoot(root, "board-clicked-1366.png")


def test_a_keyboard_only_turn_tab_enter_space_and_escape(
        page: Page, voila_server_factory: Callable[..., Any], open_voila: Open) -> None:
    root = open_board(page, voila_server_factory(NOTEBOOK), open_voila, 1366)
    board = root.locator(".board-under-test")
    for _ in range(10):  # from the page's start to the board's first button
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED) == "deck 3"  # tier III's deck comes first
    page.keyboard.press("Enter")
    expect(echo(page)).to_have_text('1 {"action": "deck", "tier": "3"}', timeout=UPDATE_MS)
    assert page.evaluate(FOCUSED) == "deck 3"
    blue = board.locator('[data-action="supply"][data-colour="blue"]')
    blue.focus()
    page.keyboard.press("Enter")
    expect(blue).to_have_attribute("data-picked", "1", timeout=UPDATE_MS)
    # The board was drawn anew: the focus is on the new blue pile, so Tab goes on from there.
    assert page.evaluate(FOCUSED) == "supply blue"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "supply green"
    page.keyboard.press(" ")
    expect(echo(page)).to_have_text('3 {"action": "supply", "colour": "green"}',
                                    timeout=UPDATE_MS)
    expect(board.locator('[data-colour="green"]')).to_have_attribute("data-picked", "1")
    assert page.evaluate(FOCUSED) == "supply green"
    expect(board.locator('[data-colour="green"] .focus-ring')).to_be_visible()
    shoot(root, "board-keyboard-1366.png")
    page.keyboard.press("Escape")
    expect(echo(page)).to_have_text('4 {"action": "cancel"}', timeout=UPDATE_MS)
    expect(board.locator("[data-picked]")).to_have_count(0)
    assert page.evaluate(FOCUSED) == "supply green"


@pytest.mark.parametrize("width", [1366, 1024, 390])
def test_the_board_fits_the_width_without_clipping_or_sideways_scrolling(
        page: Page, voila_server_factory: Callable[..., Any], open_voila: Open,
        width: int) -> None:
    root = open_board(page, voila_server_factory(NOTEBOOK), open_voila, width)
    frame = root.locator(".board-under-test .splendor-board")
    narrow = width < 720
    if narrow:
        expect(frame).to_have_class("splendor-board narrow")
    else:
        expect(frame).not_to_have_class("narrow")
    svg = frame.locator("svg")
    box = svg.get_attribute("viewBox") or ""
    assert box == svg.get_attribute("data-narrow-viewbox" if narrow else "data-wide-viewbox")
    fit = page.evaluate(OVERFLOW)
    assert fit["left"] >= 0 and fit["right"] <= fit["width"], fit
    assert fit["page"] <= fit["width"] and fit["scrolled"] <= 0, fit
    panels = frame.locator(".splendor-panels").bounding_box()
    market = frame.locator('[data-slot="1-3"]').bounding_box()
    assert panels is not None and market is not None
    if narrow:  # the players below the market, and a card still big enough to tap
        assert panels["y"] > market["y"] + market["height"] and market["width"] >= 60
    else:
        assert panels["x"] > market["x"] + market["width"]
    root.locator('[data-action="supply"][data-colour="white"]').click()
    expect(echo(page)).to_have_text('1 {"action": "supply", "colour": "white"}',
                                    timeout=UPDATE_MS)
    shoot(root, f"board-clickable-{width}.png")


def test_in_a_notebook_column_the_board_follows_its_own_width(
        page: Page, voila_server_factory: Callable[..., Any], open_voila: Open) -> None:
    """A JupyterLab column is narrower than the window: the layout follows the widget's width."""
    root = open_board(page, voila_server_factory(NOTEBOOK), open_voila, 1366)
    frame = root.locator(".board-under-test .splendor-board")
    expect(frame).not_to_have_class("narrow")
    for width, narrow in ((640, True), (900, False), (480, True)):
        root.evaluate(f"(element) => {{ element.style.width = '{width}px'; }}")
        if narrow:
            expect(frame).to_have_class("splendor-board narrow")
        else:
            expect(frame).not_to_have_class("narrow")
        box = frame.locator("svg").bounding_box()
        column = root.bounding_box()
        assert box is not None and column is not None
        assert box["x"] >= column["x"] and box["x"] + box["width"] <= column["x"] + width + 0.5
    shoot(root, "board-clickable-column-480.png")
