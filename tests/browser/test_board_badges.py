"""The board's +n and -n badges in chromium, with the page's style (static/board.css): a pile
both taken from and given back to in one turn (``+wgr -rkk``) shows both badges apart, neither
over the other nor over the pile's count and letter, in the supply and in the player's area."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from splendor_nb import Move
from splendor_nb.render import board_svg
from tests.positions import position

BOARD_CSS = Path(__file__).resolve().parents[2] / "splendor_nb" / "ui" / "static" / "board.css"


def apart(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two bounding boxes do not overlap (touching is apart)."""
    return (one["x"] + one["width"] <= other["x"] or other["x"] + other["width"] <= one["x"] or
            one["y"] + one["height"] <= other["y"] or other["y"] + other["height"] <= one["y"])


def test_a_pile_taken_and_given_back_shows_its_two_badges_apart(page: Page) -> None:
    before = position(tokens={0: "rrkkkbbwwg"}, supply="wwbbgggrrrkyyyyy")  # 10 tokens held
    after = before.apply(Move.parse("+wgr -rkk"))
    page.set_content(f"<style>{BOARD_CSS.read_text(encoding='utf-8')}</style>"
                     f"<div class='splendor-clickable-board'><div class='splendor-board'>"
                     f"{board_svg(after, highlight=True)}</div></div>")
    for pile in ('[data-supply="red"]', '[data-token="red"]'):
        badges = page.locator(f"{pile} > g.last-move rect")
        assert badges.count() == 2, pile  # +1 and -1
        plus, minus = badges.nth(0).bounding_box(), badges.nth(1).bounding_box()
        count = page.locator(f"{pile} > g > text").first.bounding_box()
        assert plus and minus and count
        assert apart(plus, minus), pile
        assert apart(minus, count) and apart(plus, count), pile
