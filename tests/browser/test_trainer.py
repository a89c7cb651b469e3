"""The puzzle trainer in the Voila app, in chromium: a puzzle shown at the learner's level, its
solution asked for, then played on the board by clicks as in Play; right, with the chances and
the rating moved; the record kept in the browser across a reload; and the phone's width.
Screenshots go to screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from support.board_clicks import solve_by_the_solution
from support.screenshots import shoot
from support.voila_server import VoilaServer

UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""
FIRST_MS = 90_000
"""The first round trip after the page shows may wait for the kernel to finish drawing."""

Open = Callable[..., Any]
TRAINER = ".splendor-learn-tab .splendor-trainer"


def open_trainer(page: Page, server: VoilaServer, open_voila: Open, width: int) -> Locator:
    page.set_viewport_size({"width": width, "height": 2000})
    open_voila(f"{server.url}?lesson=trainer", f"{TRAINER} .splendor-puzzle-where")
    return page.locator(TRAINER)


def test_a_puzzle_solved_on_the_board_moves_the_rating_and_survives_a_reload(
        page: Page, voila_app: VoilaServer, open_voila: Open) -> None:
    trainer = open_trainer(page, voila_app, open_voila, 1366)
    rating = trainer.locator(".splendor-trainer-rating")
    expect(rating).to_contain_text("Your rating: 1500 ± 350", timeout=FIRST_MS)
    trainer.locator(".splendor-trainer-hint").click()
    expect(trainer.locator(".splendor-hint-said")).to_contain_text("Hint:", timeout=UPDATE_MS)
    solve_by_the_solution(trainer, UPDATE_MS)
    right = trainer.locator(".splendor-right")
    expect(right).to_contain_text("chance of winning")
    expect(rating).not_to_contain_text("1500 ± 350", timeout=UPDATE_MS)
    moved = rating.inner_text()
    expect(trainer.locator(".splendor-trainer-chart polyline")).to_have_count(1)
    shoot(trainer, "trainer-1366.png")
    page.reload()  # a new visit: a new kernel, the record from the browser's storage
    trainer = open_trainer(page, voila_app, open_voila, 1366)
    expect(trainer.locator(".splendor-trainer-rating")).to_have_text(moved, timeout=FIRST_MS)


def test_the_trainer_fits_a_phone(page: Page, voila_app: VoilaServer, open_voila: Open) -> None:
    trainer = open_trainer(page, voila_app, open_voila, 390)
    board = trainer.locator(".splendor-answer-board")
    expect(board).to_be_visible(timeout=FIRST_MS)
    for part in (board, trainer.locator(".splendor-trainer-rating"),
                 trainer.locator(".splendor-trainer-next")):
        box = part.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1, box
    shoot(trainer, "trainer-390.png")
    # the puzzle's source game, opened at its turn in the Replay tab
    where = trainer.locator(".splendor-puzzle-where").inner_text()
    turn = re.search(r"before turn (\d+)", where)
    assert turn is not None, where
    trainer.locator(".splendor-trainer-open_game").click()
    expect(page.get_by_role("tab", name="Replay", exact=True)).to_have_attribute(
        "aria-selected", "true", timeout=UPDATE_MS)
    replay = page.locator(".splendor-app .splendor-viewer").first
    expect(replay.locator(".splendor-board svg").first).to_be_visible(timeout=UPDATE_MS)
    # "before turn N": the position after N - 1 turns
    expect(replay).to_contain_text(f"Turn {int(turn.group(1)) - 1} of", timeout=UPDATE_MS)
    shoot(page, "trainer-game-390.png")
