"""The dropdowns of the Replay tab's toolbar and of the Learn tab at a phone's width (390x844), in
English, Russian and Turkish: every choice they offer fits in the box, whichever is chosen (a
long replay's name and a long chapter's title with its progress were cut, "... (0/"). A
``<select>`` never scrolls (its scrollWidth is its clientWidth whatever it shows), so the text
of each option is measured in the select's own font against the room inside its padding.
Screenshots in screenshots/pickers-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from support.screenshots import shoot
from support.voila_server import VoilaServer

# Per select shown in the tab: its classes, the room for its text and what it does not fit.
OVERFLOWS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((select) => select.getClientRects().length > 0).map((select) => {
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight);
    return {picker: select.parentElement.className, room, scroll: select.scrollWidth,
            client: select.clientWidth,
            cut: [...select.options].map((option) => option.text)
              .filter((text) => context.measureText(text).width > room)};
  })"""
PICKERS = {"replay": ("?replay=teacher-2p", ".splendor-app .splendor-board",
                      ".splendor-viewer .splendor-picker select"),
           "learn": ("?lesson=last-round", ".splendor-learn-tab .splendor-chapter-last-round",
                     ".splendor-learn-tab .splendor-chapter-picker select")}


@pytest.mark.parametrize("lang", ["en", "ru", "tr"])
@pytest.mark.parametrize("tab", list(PICKERS))
def test_every_choice_of_a_tabs_dropdowns_fits_at_a_phones_width(
        page: Page, voila_app: VoilaServer, open_voila: Any, tab: str, lang: str) -> None:
    link, shown, selects = PICKERS[tab]
    page.set_viewport_size({"width": 390, "height": 844})
    open_voila(f"{voila_app.url}{link}&lang={lang}", shown)
    page.wait_for_timeout(500)  # the layout settled
    found = page.evaluate(OVERFLOWS, selects)
    assert len(found) == 1, found
    for select in found:
        assert select["scroll"] <= select["client"], select
        assert select["cut"] == [], select
    shoot(page, f"pickers-{tab}-{lang}-390.png")


TABS_OUTSIDE = """() => {
  const bar = document.querySelector(".splendor-app > .lm-TabBar .lm-TabBar-content");
  const room = bar.getBoundingClientRect();
  return [...bar.querySelectorAll(".lm-TabBar-tab")].map((tab) => tab.getBoundingClientRect())
    .filter((box) => box.left < room.left - 0.5 || box.right > room.right + 0.5)
    .map((box) => [box.left, box.right, room.left, room.right]);
}"""


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ru", "tr"])
def test_the_five_tabs_fit_a_phones_width_in_every_language(
        page: Page, voila_app: VoilaServer, open_voila: Any, lang: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_voila(f"{voila_app.url}?lang={lang}", ".splendor-app .splendor-board")
    assert page.evaluate(TABS_OUTSIDE) == []  # "Правила" ended 10 px beyond the screen
