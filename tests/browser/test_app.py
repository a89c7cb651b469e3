"""The Voila app in a real browser: open it, pick a replay, step with the buttons and
the keyboard, jump from a chart point, comment and get the file back, deep links, escaping.

Every test opens a fresh page (voila gives it its own kernel). Screenshots go to screenshots/.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from splendor_nb.app import FIRST_REPLAY
from splendor_nb.replay import Replay
from splendor_nb.ui import shipped_replays
from support.screenshots import shoot
from support.voila_server import VoilaServer

XSS = "<img src=x onerror=alert(1)>"
UPDATE_MS = 15_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""

Open = Callable[..., Any]


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A desktop-sized window, and downloads kept so that a test can read them."""
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1600},
            "accept_downloads": True}


@pytest.fixture(scope="module")
def shipped() -> dict[str, Path]:
    replays = shipped_replays()
    if len(replays) < 2:
        pytest.fail(f"the app tests need two shipped replays in replays/, found {list(replays)}",
                    pytrace=False)
    return replays


def opened_first(shipped: dict[str, Path]) -> str:
    """The replay the app opens without a deep link."""
    return FIRST_REPLAY if FIRST_REPLAY in shipped else next(iter(shipped))


def another(shipped: dict[str, Path]) -> str:
    """A shipped replay other than the one opened first."""
    return next(name for name in shipped if name != opened_first(shipped))


@pytest.fixture
def dialogs(page: Page) -> list[str]:
    """Every alert/confirm the page raises (an injected script would raise one)."""
    seen: list[str] = []

    def dismiss(dialog: Any) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return seen


def board(page: Page) -> Any:
    return page.locator(".splendor-app .splendor-board").first


def in_viewer(app: Any, css: str, **options: Any) -> Any:
    """The elements matching css in the Replay tab (the Play and Learn tabs reuse its classes)."""
    return app.locator(f".splendor-viewer {css}", **options)


def choose_file(page: Page, app: Any, path: Path) -> None:
    """Open a file with the app's upload button (its file input is never in the page)."""
    with page.expect_file_chooser() as chooser:
        in_viewer(app, ".splendor-upload").click()
    chooser.value.set_files(str(path))


def test_step_with_the_buttons_and_the_keyboard(page: Page, voila_app: VoilaServer,
                                                open_voila: Open,
                                                shipped: dict[str, Path]) -> None:
    app = open_voila(voila_app, ".splendor-app")
    first = opened_first(shipped)
    expect(board(page)).to_have_attribute("data-turn", "0")
    expect(in_viewer(app, ".splendor-picker select")).to_have_value(first)
    in_viewer(app, ".splendor-forward").click()
    expect(board(page)).to_have_attribute("data-turn", "1", timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-move.current")).to_have_attribute("data-turn", "1")
    page.keyboard.press("ArrowRight")
    expect(board(page)).to_have_attribute("data-turn", "2", timeout=UPDATE_MS)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    expect(board(page)).to_have_attribute("data-turn", "3", timeout=UPDATE_MS)
    last = len(Replay.load(shipped[first]))
    page.keyboard.press("End")
    expect(board(page)).to_have_attribute("data-turn", str(last), timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-where")).to_contain_text(f"Turn {last} of {last}")
    page.keyboard.press("Home")
    expect(board(page)).to_have_attribute("data-turn", "0", timeout=UPDATE_MS)
    page.keyboard.press("End")
    expect(board(page)).to_have_attribute("data-turn", str(last), timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-charts .main-svg").first).to_be_visible(timeout=60_000)
    page.wait_for_timeout(500)  # let the chart's marker settle for the picture
    shoot(app, "app.png")
    shoot(in_viewer(app, ".splendor-board-column"), "board.png")


def test_pick_a_replay_then_jump_from_a_chart_point(page: Page, voila_app: VoilaServer,
                                                    open_voila: Open,
                                                    shipped: dict[str, Path]) -> None:
    app = open_voila(voila_app, ".splendor-app")
    other = another(shipped)
    replay = Replay.load(shipped[other])
    in_viewer(app, ".splendor-picker select").select_option(other)
    expect(in_viewer(app, ".splendor-title")).to_contain_text(replay.names[0], timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-move")).to_have_count(len(replay) + 1)
    expect(board(page)).to_have_attribute("data-turn", "0")

    target = min(9, len(replay))
    point = in_viewer(app, ".splendor-charts .scatterlayer .trace").first.locator(
        ".points path").nth(target)
    expect(point).to_be_visible(timeout=60_000)
    box = point.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(board(page)).to_have_attribute("data-turn", str(target), timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-where")).to_contain_text(f"Turn {target} of {len(replay)}")
    shoot(in_viewer(app, ".splendor-charts"), "charts.png")


def test_who_was_winning_then_jump_to_a_big_fall(page: Page, voila_app: VoilaServer,
                                                  open_voila: Open) -> None:
    app = open_voila(voila_app, ".splendor-app")
    expect(in_viewer(app, ".splendor-charts .main-svg").first).to_be_visible(timeout=60_000)
    in_viewer(app, ".splendor-ask-chances").click()
    falls = in_viewer(app, ".splendor-fall")
    expect(falls.first).to_be_visible(timeout=60_000)
    title = in_viewer(app, ".splendor-charts .annotation-text", has_text="Chance to win")
    expect(title).to_have_count(1, timeout=UPDATE_MS)
    fall = falls.nth(1)
    turn = fall.inner_text().split(":")[0].removeprefix("Turn ")
    fall.click()
    expect(board(page)).to_have_attribute("data-turn", turn, timeout=UPDATE_MS)
    page.wait_for_timeout(500)  # let the chart's marker settle for the picture
    shoot(in_viewer(app, ".splendor-charts"), "chances.png")


def test_a_comment_is_saved_and_shown_as_text(page: Page, voila_app: VoilaServer,
                                              open_voila: Open, shipped: dict[str, Path],
                                              tmp_path: Path, dialogs: list[str]) -> None:
    """Upload a copy whose first player is named like an attack, comment with an attack,
    download it back; both show as text and nothing runs."""
    document = json.loads(shipped[opened_first(shipped)].read_text(encoding="utf-8"))
    document["headers"]["players"][0]["name"] = XSS
    upload = tmp_path / "attack.json"
    upload.write_text(json.dumps(document), encoding="utf-8")

    app = open_voila(voila_app, ".splendor-app")
    choose_file(page, app, upload)
    expect(in_viewer(app, ".splendor-title")).to_contain_text(XSS, timeout=UPDATE_MS)
    in_viewer(app, ".splendor-forward").click()
    expect(board(page)).to_have_attribute("data-turn", "1", timeout=UPDATE_MS)
    comment = in_viewer(app, ".splendor-comment textarea")
    expect(comment).to_be_enabled()
    comment.fill(XSS)
    in_viewer(app, ".splendor-glyph button", has_text="!?").click()
    current = in_viewer(app, ".splendor-move.current")
    expect(current.locator(".splendor-move-comment")).to_have_text(XSS, timeout=UPDATE_MS)
    expect(current.locator(".splendor-move-glyph")).to_have_text("!?")
    expect(current.locator(".splendor-move-who")).to_have_text(XSS)

    with page.expect_download(timeout=UPDATE_MS) as download_info:
        in_viewer(app, ".splendor-download").click()
    download = download_info.value
    assert download.suggested_filename == "attack.json"
    saved = Replay.load(download.path())
    assert (saved.turns[0].comment, saved.turns[0].glyph) == (XSS, "!?")
    assert saved.names[0] == XSS

    assert page.locator("img[src='x']").count() == 0
    assert dialogs == []
    shoot(in_viewer(app, ".splendor-side-column"), "comment.png")

    # A bad file next: the error shows in a banner and the replay stays open.
    bad = tmp_path / "broken.json"
    document["turns"][2]["move"] = "B3r9"
    bad.write_text(json.dumps(document), encoding="utf-8")
    choose_file(page, app, bad)
    banner = in_viewer(app, ".splendor-error-text")
    expect(banner).to_contain_text("broken.json", timeout=UPDATE_MS)
    expect(banner).to_contain_text("turn 3")
    expect(banner).to_contain_text("The replay already open stays open.")
    expect(board(page)).to_have_attribute("data-turn", "1")
    expect(in_viewer(app, ".splendor-title")).to_contain_text(XSS)
    assert page.locator(".jp-OutputArea-output.jp-mod-error").count() == 0
    shoot(in_viewer(app, ".splendor-toolbar").locator("xpath=.."), "error.png")
    in_viewer(app, ".splendor-dismiss").click()
    expect(banner).to_have_count(0, timeout=UPDATE_MS)


def test_unsaved_comments_are_not_lost_by_opening_another_replay(
        page: Page, voila_app: VoilaServer, open_voila: Open, shipped: dict[str, Path]) -> None:
    """Comment, pick another replay: the app asks; Stay keeps the comment; Open without them
    opens the other replay. (Nothing is saved: the app serves the repository's replays.)"""
    app = open_voila(voila_app, ".splendor-app")
    first, other = opened_first(shipped), another(shipped)
    in_viewer(app, ".splendor-forward").click()
    expect(board(page)).to_have_attribute("data-turn", "1", timeout=UPDATE_MS)
    comment = in_viewer(app, ".splendor-comment textarea")
    comment.fill("Worth keeping.")
    comment.blur()  # the text box sends its value when it loses focus
    expect(in_viewer(app, ".splendor-status")).to_contain_text("Unsaved comments",
                                                           timeout=UPDATE_MS)
    picker = in_viewer(app, ".splendor-picker select")
    picker.select_option(other)
    question = in_viewer(app, ".splendor-question-text")
    expect(question).to_contain_text(f"Your comments on {first} are not saved",
                                     timeout=UPDATE_MS)
    expect(question).to_contain_text(f"before opening {other}?")
    expect(picker).to_have_value(first)
    expect(board(page)).to_have_attribute("data-turn", "1")
    shoot(in_viewer(app, ".splendor-toolbar").locator("xpath=.."), "unsaved.png")

    in_viewer(app, ".splendor-stay").click()
    expect(question).to_be_hidden(timeout=UPDATE_MS)
    expect(comment).to_have_value("Worth keeping.")
    expect(in_viewer(app, ".splendor-move.current .splendor-move-comment")).to_have_text(
        "Worth keeping.")

    picker.select_option(other)
    expect(question).to_be_visible(timeout=UPDATE_MS)
    in_viewer(app, ".splendor-drop").click()
    expect(picker).to_have_value(other, timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-status")).to_contain_text(
        f"the unsaved comments on {first} were dropped")
    expect(question).to_be_hidden()


def test_deep_link_opens_a_replay_at_a_turn(page: Page, voila_app: VoilaServer,
                                            open_voila: Open, shipped: dict[str, Path]) -> None:
    name = another(shipped)
    app = open_voila(f"{voila_app.url}?replay={name}&turn=7", ".splendor-app")
    expect(board(page)).to_have_attribute("data-turn", "7")
    expect(in_viewer(app, ".splendor-picker select")).to_have_value(name)
    expect(in_viewer(app, ".splendor-move.current")).to_have_attribute("data-turn", "7")
    expect(in_viewer(app, ".splendor-error-text")).to_have_count(0)


def test_deep_link_outside_replays_gets_a_message(page: Page, voila_app: VoilaServer,
                                                  open_voila: Open,
                                                  shipped: dict[str, Path]) -> None:
    app = open_voila(f"{voila_app.url}?replay=../../pyproject.toml&turn=3", ".splendor-app")
    banner = in_viewer(app, ".splendor-error-text")
    expect(banner).to_contain_text("There is no shipped replay named '../../pyproject.toml'.")
    expect(app).not_to_contain_text("[project]")
    expect(in_viewer(app, ".splendor-picker select")).to_have_value(opened_first(shipped))
    expect(board(page)).to_have_attribute("data-turn", "0")
    shoot(in_viewer(app, ".splendor-error"), "deep-link-error.png")
