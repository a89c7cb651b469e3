"""A learner's first hour in the app's Learn tab, in chromium: the walk's piles beside its step
at a laptop's height, chapter 1's labelled card and board and the notation's key, the step
titles in Russian, a wrong number answered with the hint before the answer, the progress kept
across a reload of the page and reset, and the tab saying it loads at the first click.
Screenshots in English, Russian and Turkish at a laptop's and a phone's width go to
screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from support.screenshots import shoot
from support.voila_server import VoilaServer

UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""
FIRST_MS = 90_000
WIDTHS = {"laptop": 1366, "phone": 390}


def open_chapter(page: Page, server: VoilaServer, open_voila: Any, chapter: str,
                 width: int = 1366, height: int = 900, lang: str = "en") -> Any:
    page.set_viewport_size({"width": width, "height": height})
    open_voila(f"{server.url}?lesson={chapter}&lang={lang}",
               f".splendor-learn-tab .splendor-chapter-{chapter}")
    return page.locator(f".splendor-learn-tab .splendor-chapter-{chapter}")


def test_the_walks_piles_show_beside_its_step_at_a_laptops_height(
        page: Page, voila_app: VoilaServer, open_voila: Any) -> None:
    lesson = open_chapter(page, voila_app, open_voila, "actions")
    walk = lesson.locator(".splendor-walk").first
    walk.evaluate("(element) => element.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    pile = walk.locator('.splendor-walk-board [data-supply="gold"]')
    step = walk.locator(".splendor-walk-step")
    expect(pile).to_be_visible(timeout=FIRST_MS)
    pile_box, step_box, walk_box = pile.bounding_box(), step.bounding_box(), walk.bounding_box()
    assert pile_box is not None and step_box is not None and walk_box is not None
    # the piles in the walk's first 450 px: they show beside the step with the walk anywhere
    # in the window's top half (in the narrow layout beside the step they were 646 px down)
    assert pile_box["y"] + pile_box["height"] - walk_box["y"] <= 450, (pile_box, walk_box)
    assert abs(step_box["y"] - walk_box["y"]) < 50  # the step beside them, at the walk's top
    shoot(page, "learn-walk-fold-1366.png")


@pytest.mark.parametrize("lang", ["en", "ru", "tr"])
@pytest.mark.parametrize("screen", list(WIDTHS))
def test_chapter_1_shows_a_labelled_card_and_board_and_the_notation(
        page: Page, voila_app: VoilaServer, open_voila: Any, lang: str, screen: str) -> None:
    lesson = open_chapter(page, voila_app, open_voila, "setup", WIDTHS[screen], 2400, lang)
    pictures = lesson.locator(".splendor-labelled")
    expect(pictures).to_have_count(2, timeout=FIRST_MS)
    for part in ("points", "bonus", "cost", "tier"):
        expect(pictures.first.locator(f'[data-part="{part}"]')).to_be_visible()
    for part in ("nobles", "decks", "market", "supply", "player"):
        expect(pictures.nth(1).locator(f'[data-part="{part}"]')).to_be_visible()
    key = lesson.locator(".splendor-notation-key")
    expect(key).to_be_hidden()
    lesson.locator(".splendor-notation-button").click()
    expect(key).to_contain_text("B2w1=ggrrkky", timeout=UPDATE_MS)
    shoot(pictures.first, f"learn-card-{lang}-{WIDTHS[screen]}.png")
    shoot(pictures.nth(1), f"learn-board-{lang}-{WIDTHS[screen]}.png")
    shoot(lesson.locator(".splendor-notation"), f"learn-notation-{lang}-{WIDTHS[screen]}.png")


def test_the_walks_step_titles_are_russian(page: Page, voila_app: VoilaServer,
                                           open_voila: Any) -> None:
    lesson = open_chapter(page, voila_app, open_voila, "actions", lang="ru")
    step = lesson.locator(".splendor-walk-step").first
    expect(step).to_contain_text("Шаг 1: Начало хода", timeout=FIRST_MS)
    expect(step).not_to_contain_text("Start of the turn")


def test_a_wrong_number_gets_the_hint_then_the_answer_and_progress_survives_a_reload(
        page: Page, voila_app: VoilaServer, open_voila: Any) -> None:
    lesson = open_chapter(page, voila_app, open_voila, "setup", height=2400)
    exercise = lesson.locator(".splendor-exercise-cards-tier-1")
    number = exercise.locator("input").first
    number.fill("30")
    exercise.locator(".splendor-check").click()
    said = exercise.locator(".splendor-feedback")
    expect(said).to_contain_text("Not quite.", timeout=FIRST_MS)
    expect(said).not_to_contain_text("The answer is 40")
    expect(exercise.locator(".splendor-hint-text")).to_contain_text("Tier 1 is the biggest")
    exercise.locator(".splendor-show-answer").click()
    expect(said).to_contain_text("The answer is 40.", timeout=UPDATE_MS)
    shoot(exercise, "learn-exercise-show-answer-1366.png")
    number.fill("40")
    exercise.locator(".splendor-check").click()
    expect(exercise.locator(".splendor-solved")).to_be_visible(timeout=UPDATE_MS)
    progress = lesson.locator(".splendor-progress-text").first
    expect(progress).to_have_text("The box and the setup: 1 of 7 exercises solved.")
    page.reload()  # a new visit: a new kernel, the progress from the browser's storage
    lesson = open_chapter(page, voila_app, open_voila, "setup", height=2400)
    progress = lesson.locator(".splendor-progress-text").first
    expect(progress).to_have_text("The box and the setup: 1 of 7 exercises solved.",
                                  timeout=FIRST_MS)
    expect(lesson.locator(".splendor-exercise-cards-tier-1 .splendor-solved")).to_be_visible()
    lesson.locator(".splendor-reset-progress").click()
    expect(progress).to_have_text("The box and the setup: 0 of 7 exercises solved.",
                                  timeout=UPDATE_MS)
    page.reload()
    lesson = open_chapter(page, voila_app, open_voila, "setup", height=2400)
    expect(lesson.locator(".splendor-progress-text").first).to_have_text(
        "The box and the setup: 0 of 7 exercises solved.", timeout=FIRST_MS)


def test_the_learn_tab_says_it_loads_at_the_first_click(page: Page, voila_app: VoilaServer,
                                                        open_voila: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_voila(voila_app.url, ".splendor-app")
    # the note is in the page before the click, so the tab shows it at once (the browser
    # switches tabs) while the kernel builds the lessons
    loading = page.locator(".splendor-tab-loading")
    expect(loading.first).to_contain_text("Loading…")
    page.get_by_role("tab", name="Learn", exact=True).click()
    expect(page.locator(".splendor-learn-tab .splendor-chapter-setup")).to_be_visible(
        timeout=FIRST_MS)
