"""The Learn tab of the Voila app in chromium: the turn diagram walked on a position (a node's
answer, a branch greyed with its reason, a rule read in the side panel, a take clicked on the
board, the end-of-turn checks), exercises answered wrong then right (by a button and on the
board), and the Replay tab's step-through. Each test opens the app at a chapter with
``?lesson=``. Screenshots at a laptop's and a phone's width go to screenshots/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from support.screenshots import shoot
from support.voila_server import VoilaServer

UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""
FIRST_MS = 90_000
"""The first round trip after the page shows waits for the kernel to draw the Replay tab's
charts (pandas and plotly, once the page is drawn): a while on a loaded machine."""
WIDTHS = {"laptop": 1366, "phone": 390}

Open = Callable[..., Any]


def open_lesson(page: Page, server: VoilaServer, open_voila: Open, chapter: str,
                width: int) -> Any:
    # a tall window: voila scrolls an inner element, and a screenshot shows what is in view
    page.set_viewport_size({"width": width, "height": 2400})
    open_voila(f"{server.url}?lesson={chapter}", f".splendor-learn-tab .splendor-chapter-{chapter}")
    expect(page.get_by_role("tab", name="Learn", exact=True)).to_have_attribute(
        "aria-selected", "true")
    return page.locator(f".splendor-learn-tab .splendor-chapter-{chapter}")


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_a_turn_walked_through_the_diagram(page: Page, voila_app: VoilaServer,
                                           open_voila: Open, screen: str) -> None:
    lesson = open_lesson(page, voila_app, open_voila, "actions", WIDTHS[screen])
    walk = lesson.locator(".splendor-walk").first
    step = walk.locator(".splendor-walk-step")
    diagram = walk.locator(".splendor-walk-diagram svg")
    expect(step).to_contain_text("Step 1: Start of the turn")
    expect(step).to_contain_text("Ada to move: turn 0, round 1.")
    walk.locator(".splendor-walk-next").click()
    expect(step).to_contain_text("Both are open: Ada can get a card or take gems.",
                                 timeout=FIRST_MS)
    # R-PASS: the pass branch is closed here, greyed in the diagram and listed with why
    closed = diagram.locator('[data-node="pass"]')
    expect(closed).to_have_attribute("data-closed", "1")
    expect(closed).to_have_attribute("data-why", "Ada has a legal action, so may not pass "
                                     "(R-PASS).")
    expect(step.locator(".splendor-walk-closed")).to_contain_text("may not pass")
    diagram.locator('[data-node="q_four"]').click()  # a box of the diagram chooses the gems
    expect(step).to_contain_text("Step 3: 4 or more of one colour available?",
                                 timeout=UPDATE_MS)
    expect(step).to_contain_text("Yes: white, blue, green, red, black have 4 or more each")
    panel = lesson.locator(".splendor-rule-panel")
    expect(panel).to_contain_text("R-TAKE2: two tokens of one colour")  # its rule, beside
    step.locator('.splendor-rule-link[data-rule="R-TAKE2"]').first.click()
    expect(panel).to_be_visible()
    shoot(lesson.locator(".splendor-walk").first, f"learn-walk-{WIDTHS[screen]}.png")
    walk.locator(".splendor-walk-next").click()
    expect(step).to_contain_text("Step 4: Take 2 of the same colour?", timeout=UPDATE_MS)
    walk.locator(".splendor-walk-way", has_text="no → Take 3 different colours").click()
    expect(step).to_contain_text("Step 5: Take 3 different colours", timeout=UPDATE_MS)
    board = walk.locator(".splendor-walk-board")
    for colour in ("white", "blue", "green"):
        pile = board.locator(f'[data-action="supply"][data-colour="{colour}"]')
        expect(pile).to_be_visible(timeout=UPDATE_MS)
        pile.click()
        if colour != "green":
            expect(step).to_contain_text("Picked so far", timeout=UPDATE_MS)
    expect(step).to_contain_text("The turn: +wbg", timeout=UPDATE_MS)
    expect(board.locator(".splendor-board")).to_have_attribute("data-turn", "1")
    checks = [("Step 7: More than 10 tokens?", "No: Ada holds 3 tokens, no more than 10"),
              ("Step 8: A noble's requirement met?", "No: the closest noble"),
              ("Step 9: 15 or more points?", "No: Ada has 0 points, short of 15"),
              ("Step 10: Next player", "Ben plays next.")]
    expect(step).to_contain_text("Step 6: End of turn")  # the take done, the checks follow
    for question, answer in checks:
        walk.locator(".splendor-walk-next").click()
        expect(step).to_contain_text(question, timeout=UPDATE_MS)
        expect(step).to_contain_text(answer)
    expect(step).to_contain_text("The turn is over")
    expect(diagram).to_have_attribute("data-path", "start q_action q_four q_take2 take3 end "
                                      "q_over10 q_noble q_15 next")
    shoot(lesson.locator(".splendor-walk").first, f"learn-walk-done-{WIDTHS[screen]}.png")
    walk.locator(".splendor-walk-restart").click()
    expect(step).to_contain_text("Step 1: Start of the turn", timeout=UPDATE_MS)


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_an_exercise_answered_wrong_then_right(page: Page, voila_app: VoilaServer,
                                               open_voila: Open, screen: str) -> None:
    lesson = open_lesson(page, voila_app, open_voila, "actions", WIDTHS[screen])
    exercise = lesson.locator(".splendor-exercise-no-pass")
    exercise.locator(".splendor-option", has_text="yes").click()
    wrong = exercise.locator(".splendor-feedback .splendor-wrong")
    expect(wrong).to_contain_text("Not quite.", timeout=FIRST_MS)
    expect(wrong).to_contain_text("A player passes only when no action at all is possible")
    expect(wrong).to_contain_text("Try again")
    expect(lesson.locator(".splendor-progress-text").first).to_have_text(
        "The four actions: 0 of 8 exercises solved.")
    exercise.locator(".splendor-hint").click()
    expect(exercise.locator(".splendor-hint-text")).to_contain_text("Look at the market.",
                                                                    timeout=UPDATE_MS)
    exercise.scroll_into_view_if_needed()
    shoot(exercise, f"learn-exercise-wrong-{WIDTHS[screen]}.png")
    exercise.locator(".splendor-option", has_text="no").click()
    right = exercise.locator(".splendor-feedback .splendor-right")
    expect(right).to_contain_text("Right.", timeout=UPDATE_MS)
    expect(right).to_contain_text("passing is not allowed")
    expect(exercise.locator(".splendor-solved")).to_contain_text("solved")
    expect(lesson.locator(".splendor-progress-text").first).to_have_text(
        "The four actions: 1 of 8 exercises solved.")
    expect(page.locator(".splendor-chapter-picker select")).to_contain_text(
        "2. The four actions (1/8)")
    right.locator('.splendor-rule-link[data-rule="R-PASS"]').first.click()  # the rule cited
    expect(lesson.locator(".splendor-rule-panel")).to_contain_text("R-PASS", timeout=UPDATE_MS)
    section = lesson.locator(".splendor-lesson-section",
                             has=page.locator(".splendor-exercise-no-pass"))
    expect(section.locator(".splendor-rule-panel")).to_be_visible()  # under the exercise
    shoot(section, f"learn-section-{WIDTHS[screen]}.png")


def test_a_board_exercise_answered_by_clicking_cards(page: Page, voila_app: VoilaServer,
                                                     open_voila: Open) -> None:
    lesson = open_lesson(page, voila_app, open_voila, "nobles", WIDTHS["laptop"])
    exercise = lesson.locator(".splendor-exercise-noble-ben")
    board = exercise.locator(".splendor-exercise-board")
    board.locator('[data-action="card"][data-card="1k2"]').click()
    wrong = exercise.locator(".splendor-wrong")
    expect(wrong).to_contain_text("brings no noble", timeout=FIRST_MS)
    expect(wrong.locator('.splendor-rule-link[data-rule="R-NOBLE"]').first).to_be_visible()
    board.locator('[data-action="card"][data-card="1r2"]').click()
    expect(exercise.locator(".splendor-right")).to_contain_text("Buying 1r2 brings N2",
                                                                timeout=UPDATE_MS)
    shoot(exercise, "learn-board-exercise-1366.png")


def test_the_replay_diagram_steps_through_a_move(page: Page, voila_app: VoilaServer,
                                                 open_voila: Open) -> None:
    page.set_viewport_size({"width": 1366, "height": 2400})
    app = open_voila(f"{voila_app.url}?replay=teacher-2p&turn=9", ".splendor-app")
    diagram = app.locator(".splendor-diagram-view svg")
    expect(diagram).to_have_attribute("data-path", "start q_action q_reserved q_reserve "
                                      "reserve gold end q_over10 return q_noble q_15 next")
    stepper = app.locator(".splendor-move-stepper")
    stepper.locator(".splendor-step-through").click()
    expect(stepper).to_contain_text("Step 1 of 12: Start of the turn", timeout=FIRST_MS)
    stepper.locator(".splendor-step-next").click()
    expect(stepper).to_contain_text("Step 2 of 12: Take a card or gems?", timeout=UPDATE_MS)
    expect(diagram).to_have_attribute("data-current", "q_action")
    diagram.locator('[data-node="return"]').click()  # a node of the path: its step and rule
    expect(stepper).to_contain_text("Step 9 of 12: Return tokens until 10 left",
                                    timeout=UPDATE_MS)
    expect(stepper).to_contain_text("Ada comes down to 10")
    expect(app.locator(".splendor-board-column .splendor-rule-panel")).to_contain_text(
        "R-LIMIT10: ten tokens at most")
    shoot(app.locator(".splendor-board-column"), "replay-step-through-1366.png")
    app.locator(".splendor-forward").click()
    expect(stepper.locator(".splendor-step-through")).to_be_visible(timeout=UPDATE_MS)
    expect(diagram).not_to_have_attribute("data-current", "q_action")
