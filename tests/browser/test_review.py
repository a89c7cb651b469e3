"""Reviewing a game in chromium, in the app's Replay tab, as a person does: one click on
Review, the verdicts in the move list, N to the next mistake, the hard bot's move marked on the
board and said in words, the address following the position and Copy link, a side line made by
clicking on the board, chosen with the up and down keys, promoted and saved, and spoiler-free
mode; every state shot at 1366 and 390 px (screenshots/review-*.png), the charts as wide as
their column at both.

The app serves a folder of this module's own (a short game cut from a shipped replay, so the
review takes seconds), with the reviewing bot's budget small ($SPLENDOR_REVIEW_BUDGET): the
test checks what the page shows, and the same review made here says what to expect (a review
is a function of the game's record and the budget).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from splendor_nb.analysis.game_review import review
from splendor_nb.replay import Replay
from splendor_nb.ui import shipped_replays
from splendor_nb.ui.review_panel import BUDGET_ENV
from support.screenshots import at_widths, shoot
from support.voila_server import SERVER_MODULE, VoilaServer, start_voila

BUDGET = 40
"""The reviewing bot's budget in this test's app (the bot's strength is not under test)."""
TURNS = 40
"""The short game's length: the first turns of a shipped replay."""
SOURCE = "bots-2p-easy-vs-medium"
UPDATE_MS = 30_000
"""How long a kernel round trip may take on a loaded machine (not a speed check)."""
REVIEW_MS = 240_000
"""How long the short game's review may take on a loaded machine (not a speed check)."""
WIDTHS = (1366, 390)

Open = Callable[..., Any]


def short_game() -> Replay:
    """The first ``TURNS`` turns of the shipped replay ``SOURCE``."""
    whole = Replay.load(shipped_replays()[SOURCE])
    headers = dict(whole.headers)
    headers["result"] = ""
    short = Replay.from_state(whole.state(0), headers)
    for turn in whole.turns[:TURNS]:
        short.play(turn.move, reveal=turn.revealed)
    return short


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("replays")
    short_game().save(folder / "short.json")
    return folder


@pytest.fixture(scope="module")
def app_server(folder: Path) -> Iterator[VoilaServer]:
    notebook = Path(__file__).with_name("own_replays.ipynb")
    server = start_voila(notebook, module=SERVER_MODULE,
                         env={"SPLENDOR_TEST_REPLAYS": str(folder), BUDGET_ENV: str(BUDGET)})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def expected() -> Any:
    """The review the app will make of the short game."""
    return review(short_game(), budget=BUDGET, workers=1)


def in_viewer(app: Any, css: str, **options: Any) -> Any:
    return app.locator(f".splendor-viewer {css}", **options)


def board(app: Any) -> Any:
    return in_viewer(app, ".splendor-board-view .splendor-board").first


# Whether the charts are drawn as wide as the side column (never wider, at most 40 px less).
_CHARTS_FIT_JS = """() => {
    const svg = document.querySelector(".splendor-viewer .splendor-charts .main-svg");
    const column = document.querySelector(".splendor-viewer .splendor-side-column");
    if (!svg || !column) return false;
    const width = Number(svg.getAttribute("width"));
    return width <= column.clientWidth && width >= column.clientWidth - 40;
}"""


def shoot_at_widths(page: Page, app: Any, name: str) -> None:
    """The viewer's two columns at each width (one above the other on a phone), the charts
    drawn as wide as their column at each."""
    for width in at_widths(page, WIDTHS, height=1400, settle_ms=400):
        expect(in_viewer(app, ".splendor-charts .main-svg").first).to_be_visible(
            timeout=UPDATE_MS)
        page.wait_for_function(_CHARTS_FIT_JS, timeout=UPDATE_MS)
        for part in ("board-column", "side-column"):
            shoot(in_viewer(app, f".splendor-{part}").first,
                  f"review-{name}-{part}-{width}.png")
    page.set_viewport_size({"width": WIDTHS[0], "height": 1400})


def test_review_a_game_jump_to_its_mistakes_and_keep_a_promoted_side_line(
        page: Page, app_server: VoilaServer, open_voila: Open, folder: Path,
        expected: Any) -> None:
    page.set_viewport_size({"width": WIDTHS[0], "height": 1400})
    app = open_voila(f"{app_server.url}?replay=short&turn=0", ".splendor-app")
    expect(board(app)).to_have_attribute("data-turn", "0", timeout=UPDATE_MS)
    mistakes = expected.mistakes()
    assert len(mistakes) >= 2, "the short game needs two labelled moves for this test"

    # one click reviews the game, the page free meanwhile
    in_viewer(app, ".splendor-review-start").click()
    accuracy = in_viewer(app, ".splendor-review-accuracy")
    expect(accuracy).to_contain_text("Accuracy", timeout=REVIEW_MS)
    expect(in_viewer(app, ".splendor-review-start")).to_be_hidden(timeout=REVIEW_MS)
    verdicts = in_viewer(app, ".splendor-move[data-verdict]")
    expect(verdicts).to_have_count(len(mistakes), timeout=UPDATE_MS)
    expect(verdicts.first).to_have_attribute("data-turn", str(mistakes[0]))
    label = expected.moves[mistakes[0] - 1].label
    expect(verdicts.first.locator(".splendor-move-verdict-text")).to_contain_text(
        label.capitalize())
    shoot_at_widths(page, app, "reviewed")

    # N jumps to the next mistake; the bot's move from there is marked and said
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("n")
    expect(board(app)).to_have_attribute("data-turn", str(mistakes[0]), timeout=UPDATE_MS)
    page.keyboard.press("n")
    expect(board(app)).to_have_attribute("data-turn", str(mistakes[1]), timeout=UPDATE_MS)
    expect(in_viewer(app, ".splendor-board-view .suggestion").first).to_be_attached()
    best = expected.best[mistakes[1]]
    expect(in_viewer(app, ".splendor-review-best")).to_contain_text(f"({best})")
    expect(in_viewer(app, ".splendor-review-verdict")).to_contain_text(
        "The expert bot preferred:")
    page.keyboard.press("p")
    expect(board(app)).to_have_attribute("data-turn", str(mistakes[0]), timeout=UPDATE_MS)
    page.keyboard.press("n")
    expect(board(app)).to_have_attribute("data-turn", str(mistakes[1]), timeout=UPDATE_MS)
    shoot_at_widths(page, app, "mistake")

    # the address follows; Copy link gives a link to the position
    expect(page).to_have_url(f"{app_server.url}?replay=short&turn={mistakes[1]}",
                             timeout=UPDATE_MS)
    in_viewer(app, ".splendor-copy-link").click()
    expect(in_viewer(app, ".splendor-line-message")).to_contain_text(
        f"replay=short&turn={mistakes[1]}", timeout=UPDATE_MS)

    # a side line, made by clicking on the board
    game = short_game()
    turn = 4
    state = game.state(turn)
    played = game.turns[turn].move
    take = next(move for move in state.legal_moves() if move.kind == "take"
                and sum(move.gems) == 3 and move.gems != played.gems)
    in_viewer(app, ".splendor-move[data-turn='4'][data-depth='0']").click()
    expect(board(app)).to_have_attribute("data-turn", str(turn), timeout=UPDATE_MS)
    in_viewer(app, ".splendor-try-move").click()
    picker = in_viewer(app, ".splendor-answer-board")
    expect(picker).to_be_visible(timeout=UPDATE_MS)
    for colour, count in zip(("white", "blue", "green", "red", "black"), take.gems,
                             strict=False):
        if count:
            picker.locator(f"[data-action='supply'][data-colour='{colour}']").click()
    in_viewer(app, ".splendor-picker-take").click()
    side = in_viewer(app, ".splendor-move.side-line")
    expect(side).to_have_count(1, timeout=UPDATE_MS)
    expect(side).to_have_attribute("data-at", f"{turn + 1}.1.1")
    expect(side).to_have_class(re.compile(r"\bcurrent\b"))
    expect(in_viewer(app, ".splendor-where")).to_contain_text("side line")
    shoot_at_widths(page, app, "side-line")

    # up and down choose between the move played and the side line
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowUp")
    expect(in_viewer(app, ".splendor-move.current")).to_have_attribute(
        "data-at", str(turn + 1), timeout=UPDATE_MS)
    page.keyboard.press("ArrowDown")
    expect(in_viewer(app, ".splendor-move.current")).to_have_attribute(
        "data-at", f"{turn + 1}.1.1", timeout=UPDATE_MS)

    # promoted, then saved: the file holds the new main line and the old one as a side line
    in_viewer(app, ".splendor-promote").click()
    expect(in_viewer(app, ".splendor-move.current")).to_have_attribute(
        "data-at", str(turn + 1), timeout=UPDATE_MS)
    in_viewer(app, ".splendor-save").click()
    expect(in_viewer(app, ".splendor-status")).to_contain_text("Saved short.json",
                                                               timeout=UPDATE_MS)
    saved = Replay.load(folder / "short.json")
    assert saved.turns[turn].move.gems == take.gems
    assert saved.turns[turn].variations[0][0].move == played
    assert saved.analysis is not None  # the review's figures went into the file too

    # spoiler-free: the moves after the one shown are hidden
    in_viewer(app, ".splendor-spoiler-free input").check()
    expect(in_viewer(app, ".splendor-move[data-depth='0']:visible")).to_have_count(
        turn + 2, timeout=UPDATE_MS)  # the setup and the moves up to the one shown
    shoot_at_widths(page, app, "spoiler-free")
