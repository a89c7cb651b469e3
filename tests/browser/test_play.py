"""Playing in chromium: the app's Play tab and the Play widget on built positions
(play_scenarios.ipynb), clicked and typed at as a person does.

A game from a late position of a shipped replay (the app's ``?play=`` deep link) is clicked
through to the Game over panel against the easy bot; the return-10 and noble prompts; an
illegal click, its message and its rule; the hot-seat cover; take back; hint; a turn by the
keyboard alone; Play from here; a game resumed after the page is reloaded. Every state is shot
at 1366 and 390 px (screenshots/play-*.png), where nothing may stick out sideways.

The app's server saves its games in a folder of its own ($SPLENDOR_GAMES), never in the
repository. Clicks are worked out on a twin session in this process: the same seed and seats
make the same game, the bots included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from splendor_nb.app import GAMES_ENV
from splendor_nb.cards import COLOURS, GEMS
from splendor_nb.play import PlaySession
from splendor_nb.replay import Replay
from splendor_nb.ui import shipped_replays
from support.screenshots import at_widths, shoot
from support.voila_server import APP_NOTEBOOK, VoilaServer, start_voila

SCENARIOS = Path(__file__).resolve().parent / "play_scenarios.ipynb"
UPDATE_MS = 30_000
"""How long a kernel round trip (a bot's reply included) may take on a loaded machine."""
WIDTHS = (1366, 390)
SHOT_HEIGHT = 2600
NEAR_END = "play=teacher-2p&turn=58&seats=Ann,easy&seed=3"
"""Ann to move, 13 points to the easy bot's 13: a few turns from the end."""

Open = Callable[..., Any]

FOCUSED = """() => {
  const element = document.activeElement;
  if (!element) return null;
  const action = element.getAttribute('data-action');
  if (action) return action + ' ' + (element.getAttribute('data-colour')
    || element.getAttribute('data-card') || element.getAttribute('data-tier') || '');
  return element.className || element.tagName;
}"""

OVERFLOW = """() => {
  const root = [...document.querySelectorAll('.splendor-play')]
    .find((element) => element.getClientRects().length);
  const box = root.getBoundingClientRect();
  const scrolling = [...document.querySelectorAll('body, body *')]
    .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
    .filter((element) => element.scrollWidth - element.clientWidth > 0);
  return { left: box.left, right: box.right, width: window.innerWidth,
           page: document.documentElement.scrollWidth, scrolled: scrolling.length,
           culprits: scrolling.map((element) => [String(element.className).split(" ").pop(),
                                                 element.scrollWidth, element.clientWidth]) };
}"""


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The app, its games saved in a folder of this module's (its kernels inherit the
    environment voila starts with)."""
    games = tmp_path_factory.mktemp("games")
    server = start_voila(APP_NOTEBOOK, env={GAMES_ENV: str(games)})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def scenarios(voila_server_factory: Callable[..., VoilaServer]) -> VoilaServer:
    return voila_server_factory(SCENARIOS)


def open_app(page: Page, open_voila: Open, server: VoilaServer, query: str = "") -> Any:
    page.set_viewport_size({"width": WIDTHS[0], "height": 1100})
    open_voila(f"{server.url}?{query}", ".splendor-app")
    return page.locator(".splendor-app")


def open_scenario(page: Page, open_voila: Open, server: VoilaServer, name: str) -> Any:
    page.set_viewport_size({"width": WIDTHS[0], "height": 1100})
    return open_voila(f"{server.url}?scenario={name}", f".scenario-{name} .splendor-board svg")


def play_root(page: Page) -> Any:
    return page.locator(".splendor-play").first


def expect_tab(app: Any, title: str) -> None:
    """The app shows its tab ``title``."""
    expect(app.get_by_role("tab", name=title, exact=True)).to_have_attribute(
        "aria-selected", "true", timeout=UPDATE_MS)


def board(page: Page) -> Any:
    return page.locator(".splendor-play .splendor-board").first


def click_board(page: Page, action: dict[str, str], force: bool = False) -> None:
    """Click what ``action`` names on the board (``force``: one marked aria-disabled, which a
    person can click all the same)."""
    keys = "".join(f'[data-{key}="{value}"]' for key, value in action.items() if key != "action")
    page.locator(f'.splendor-play [data-action="{action["action"]}"]{keys}').first.click(
        force=force)


def button(page: Page, css: str) -> Any:
    return page.locator(f".splendor-play {css}").first


def move_line(page: Page, number: int) -> Any:
    """The moves list's line for turn ``number``."""
    return page.locator(f'.splendor-play .splendor-play-moves li[value="{number}"]')


def shoot_at_widths(page: Page, name: str) -> None:
    """Shoot the widget at each width, checking that nothing sticks out sideways."""
    for width in at_widths(page, WIDTHS, height=SHOT_HEIGHT, settle_ms=400):
        fit = page.evaluate(OVERFLOW)
        assert fit["left"] >= 0 and fit["right"] <= fit["width"] + 0.5, (name, width, fit)
        assert fit["page"] <= fit["width"] and not fit["scrolled"], (name, width, fit["culprits"])
        shoot(play_root(page), f"play-{name}-{width}.png")
    page.set_viewport_size({"width": WIDTHS[0], "height": 1100})


# --- a twin session: the clicks a person makes, worked out here --------------------------------

def turn_clicks(twin: PlaySession) -> list[tuple[str, Any]]:
    """Play the person's turn on ``twin`` and say it as clicks: ``("board", action)`` or
    ``("button", css)``. Buy the dearest affordable card, else take the first take offered,
    else reserve; give back the most plentiful colour; choose the last noble."""
    builder = twin.builder
    assert builder is not None
    interaction = builder.interaction()
    reserved = {card.id for card in builder.view.players[builder.player].reserved}
    takes = [move for move in builder.moves if move.kind == "take"]
    clicks: list[tuple[str, Any]] = []

    def board_click(action: dict[str, str]) -> None:
        clicks.append(("board", action))
        assert twin.click(action) is None, action

    def press(css: str, method: Callable[[], object]) -> None:
        clicks.append(("button", css))
        assert method() is None, css

    if builder.stage == "pass":
        press(".splendor-pass", builder.pass_turn)
    elif interaction.buyable:
        card = max(sorted(interaction.buyable), key=lambda c: (int(c[0]), c))
        board_click({"action": "reserved" if card in reserved else "card", "card": card})
        press(".splendor-buy", builder.buy)
    elif takes:
        for i, count in enumerate(takes[0].gems):
            for _ in range(count):
                board_click({"action": "supply", "colour": GEMS[i]})
        press(".splendor-confirm", builder.confirm)
    else:
        cards = sorted(interaction.reservable)
        board_click({"action": "card", "card": cards[0]} if cards else
                    {"action": "deck", "tier": str(min(interaction.reservable_decks))})
        press(".splendor-reserve", builder.reserve)
    while builder.stage == "return":
        left = [h - r for h, r in zip(builder.hand, builder.returning, strict=True)]
        colour = COLOURS[left.index(max(left))]
        press(f".splendor-return-{colour}", lambda colour=colour: builder.choose_return(colour))
        if sum(builder.returning) == builder.excess:
            press(".splendor-confirm", builder.confirm)
    if builder.stage == "noble":
        noble = builder.nobles[-1]
        press(f'.splendor-noble-button:has-text("{noble}:")',
              lambda: builder.choose_noble(noble))
    return clicks


def do(page: Page, clicks: list[tuple[str, Any]]) -> None:
    for kind, what in clicks:
        if kind == "board":
            click_board(page, what)
        else:
            button(page, what).click()


# --- the tests ---------------------------------------------------------------------------------

def test_a_game_from_near_the_end_clicked_through_to_the_game_over_panel(
        page: Page, app_server: VoilaServer, open_voila: Open) -> None:
    app = open_app(page, open_voila, app_server, NEAR_END)
    expect_tab(app, "Play")
    expect(board(page)).to_have_attribute("data-turn", "58", timeout=UPDATE_MS)
    twin = PlaySession.from_replay(Replay.load(shipped_replays()["teacher-2p"]), 58,
                                   ["Ann", "easy"], source="teacher-2p.json", seed=3,
                                   autosave=False)
    shoot_at_widths(page, "start")
    turns = 0
    while not twin.over:
        assert turns < 30, "the game did not end"
        do(page, turn_clicks(twin))
        twin.play_bots()
        turns += 1
        if not twin.over:
            expect(board(page)).to_have_attribute("data-turn", str(twin.state.turn),
                                                  timeout=UPDATE_MS)
            expect(button(page, ".splendor-said")).to_contain_text(twin.said)
        if turns == 1:
            shoot_at_widths(page, "after-a-bot-reply")
    over = button(page, ".splendor-game-over")
    expect(over).to_be_visible(timeout=UPDATE_MS)
    outcome = twin.outcome
    assert outcome is not None
    expect(over.locator(".splendor-outcome").last).to_have_text(outcome.lines[-3])
    expect(over.locator(".splendor-scores li")).to_have_count(2)
    expect(over.locator(".splendor-game-over-charts .main-svg").first).to_be_visible(
        timeout=60_000)
    for name in ("Review this game", "Save", "Download", "Rematch", "New game"):
        expect(over.get_by_role("button", name=name, exact=True)).to_be_visible()
    over.get_by_role("button", name="Save", exact=True).click()
    expect(over.locator(".splendor-game-over-status")).to_contain_text("Saved as ")
    expect(over.locator(".splendor-game-over-status")).not_to_contain_text("/")
    page.wait_for_timeout(500)  # the charts settle for the picture
    shoot_at_widths(page, "game-over")
    with page.expect_download() as download:
        over.get_by_role("button", name="Download", exact=True).click()
    saved = Replay.load(download.value.path())
    assert saved.dumps() == twin.replay.dumps()
    over.get_by_role("button", name="Review this game", exact=True).click()
    expect_tab(app, "Replay")
    expect(page.locator(".splendor-viewer .splendor-board").first).to_have_attribute(
        "data-turn", "1", timeout=UPDATE_MS)


def test_r_limit10_the_return_prompt(page: Page, scenarios: VoilaServer,
                                     open_voila: Open) -> None:
    open_scenario(page, open_voila, scenarios, "return")
    for colour in ("white", "red", "black"):
        click_board(page, {"action": "supply", "colour": colour})
    button(page, ".splendor-confirm").click()
    prompt = button(page, ".splendor-prompt")
    expect(prompt).to_have_text("You would hold 12 tokens: choose 2 to return.",
                                timeout=UPDATE_MS)
    button(page, ".splendor-return-gold").click()
    expect(button(page, ".splendor-keep-gold")).to_be_visible(timeout=UPDATE_MS)
    expect(prompt).to_contain_text("Returning a gold.")
    shoot_at_widths(page, "return-10")
    button(page, ".splendor-return-black").click()
    expect(prompt).to_contain_text("Returning a black and a gold.", timeout=UPDATE_MS)
    button(page, ".splendor-confirm").click()
    expect(move_line(page, 1)).to_have_text(
        "Ann took white, red and black. Ann returned a black and a gold.", timeout=UPDATE_MS)
    expect(board(page)).to_have_attribute("data-turn", "2", timeout=UPDATE_MS)  # the bot too


def test_r_noble_the_noble_prompt_after_a_payment_with_gold(page: Page, scenarios: VoilaServer,
                                                            open_voila: Open) -> None:
    open_scenario(page, open_voila, scenarios, "noble")
    click_board(page, {"action": "card", "card": "1w8"})
    payment = page.get_by_role("radio", name="Pay two green and two gold")
    expect(payment).to_be_visible(timeout=UPDATE_MS)
    payment.check()
    expect(button(page, ".splendor-pays")).to_have_text("Paid with two green and two gold.",
                                                        timeout=UPDATE_MS)
    shoot_at_widths(page, "payment")
    button(page, ".splendor-buy").click()
    expect(button(page, ".splendor-prompt")).to_have_text(
        "Several nobles may visit: choose one of N4 and N5.", timeout=UPDATE_MS)
    shoot_at_widths(page, "noble")
    page.get_by_role("button", name="N5: 4 white and 4 blue").click()
    expect(move_line(page, 1)).to_have_text(
        "Ann bought 1w8 (1 point) and was visited by N5.", timeout=UPDATE_MS)


def test_an_illegal_click_is_refused_with_its_rule_which_opens_in_the_rules_tab(
        page: Page, app_server: VoilaServer, open_voila: Open) -> None:
    app = open_app(page, open_voila, app_server, "play=teacher-2p&turn=10&seats=Ann,easy")
    expect(board(page)).to_have_attribute("data-turn", "10", timeout=UPDATE_MS)
    click_board(page, {"action": "supply", "colour": "gold"}, force=True)
    problem = button(page, ".splendor-turn-panel .splendor-play-problem")
    expect(problem).to_contain_text("Gold cannot be taken: it comes only with a reserve.",
                                    timeout=UPDATE_MS)
    expect(problem).not_to_contain_text("Traceback")
    shoot_at_widths(page, "refused")
    problem.get_by_role("button", name="R-TAKE3").click()
    expect_tab(app, "Rules")
    expect(page.locator(".splendor-rules-text")).to_contain_text("R-TAKE3")


def test_hot_seat_the_cover_until_the_next_person_takes_the_seat(
        page: Page, scenarios: VoilaServer, open_voila: Open) -> None:
    open_scenario(page, open_voila, scenarios, "hotseat")
    for colour in ("white", "blue", "green"):
        click_board(page, {"action": "supply", "colour": colour})
    button(page, ".splendor-confirm").click()
    cover = button(page, ".splendor-cover")
    expect(cover).to_be_visible(timeout=UPDATE_MS)
    expect(cover).to_contain_text("Pass to Ben")
    expect(board(page)).to_be_hidden()
    expect(button(page, ".splendor-turn-panel")).to_be_hidden()
    page.wait_for_function("() => document.activeElement && document.activeElement"
                           ".classList.contains('splendor-cover-button')", timeout=UPDATE_MS)
    shoot_at_widths(page, "cover")
    page.keyboard.press("Enter")  # the cover's button has the focus
    expect(board(page)).to_be_visible(timeout=UPDATE_MS)
    expect(board(page)).to_have_attribute("data-player", "1")
    expect(button(page, ".splendor-play-status")).to_have_text("Ben to move.")


def test_take_back_and_hint(page: Page, app_server: VoilaServer, open_voila: Open) -> None:
    open_app(page, open_voila, app_server, "play=teacher-2p&turn=20&seats=Ann,hard&seed=1")
    expect(board(page)).to_have_attribute("data-turn", "20", timeout=UPDATE_MS)
    button(page, ".splendor-hint").click()
    hint = button(page, ".splendor-hint-said")
    expect(hint).to_contain_text("Hint: ", timeout=UPDATE_MS)
    expect(board(page).locator(".hint").first).to_be_visible()
    shoot_at_widths(page, "hint")
    for colour in ("white", "blue", "green"):
        click_board(page, {"action": "supply", "colour": colour})
    button(page, ".splendor-confirm").click()
    expect(board(page)).to_have_attribute("data-turn", "22", timeout=UPDATE_MS)
    expect(move_line(page, 21)).to_have_text("Ann took white, blue and green.")
    expect(move_line(page, 22)).to_contain_text("Hard bot")
    button(page, ".splendor-take-back").click()
    expect(board(page)).to_have_attribute("data-turn", "20", timeout=UPDATE_MS)
    expect(move_line(page, 21)).to_have_count(0)
    expect(button(page, ".splendor-take-back")).to_be_disabled()
    shoot_at_widths(page, "taken-back")


def tab_to(page: Page, wanted: str, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focused element's action or class has
    ``wanted``."""
    for _ in range(80):
        if wanted in (page.evaluate(FOCUSED) or ""):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {wanted!r}; the focus is on "
                         f"{page.evaluate(FOCUSED)!r}")


def test_a_turn_by_the_keyboard_alone(page: Page, scenarios: VoilaServer,
                                      open_voila: Open) -> None:
    open_scenario(page, open_voila, scenarios, "return")
    picked = board(page).locator("[data-picked]")
    page.keyboard.press("Tab")
    tab_to(page, "supply white")
    page.keyboard.press("Enter")
    expect(picked).to_have_count(1, timeout=UPDATE_MS)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "supply blue"
    page.keyboard.press(" ")
    expect(picked).to_have_count(2, timeout=UPDATE_MS)
    tab_to(page, "splendor-clear")
    page.keyboard.press("Escape")  # on a button, not the board: the turn starts again
    expect(picked).to_have_count(0, timeout=UPDATE_MS)
    tab_to(page, "supply green", back=True)
    for count, colour in enumerate(("green", "red", "black"), start=1):
        assert page.evaluate(FOCUSED) == f"supply {colour}"
        page.keyboard.press("Enter")
        expect(picked).to_have_count(count, timeout=UPDATE_MS)
        page.keyboard.press("Tab")
    tab_to(page, "splendor-confirm")
    page.keyboard.press("Enter")
    prompt = button(page, ".splendor-prompt")
    expect(prompt).to_contain_text("choose 2 to return", timeout=UPDATE_MS)
    tab_to(page, "splendor-return-gold", back=True)
    page.keyboard.press("Enter")
    expect(prompt).to_contain_text("Returning a gold.", timeout=UPDATE_MS)
    page.keyboard.press("Shift+Tab")
    assert "splendor-return-black" in page.evaluate(FOCUSED)
    page.keyboard.press("Enter")
    expect(prompt).to_contain_text("Returning a black and a gold.", timeout=UPDATE_MS)
    shoot_at_widths(page, "keyboard")
    tab_to(page, "splendor-confirm")
    page.keyboard.press("Enter")
    expect(board(page)).to_have_attribute("data-turn", "2", timeout=UPDATE_MS)
    page.wait_for_function("() => document.activeElement && document.activeElement"
                           ".classList.contains('splendor-board')", timeout=UPDATE_MS)
    page.keyboard.press("Tab")  # the board took the focus back: Tab goes into it
    assert (page.evaluate(FOCUSED) or "").startswith("deck ")


def test_play_from_here_in_the_replay_tab(page: Page, app_server: VoilaServer,
                                          open_voila: Open) -> None:
    app = open_app(page, open_voila, app_server, "replay=teacher-2p&turn=30")
    here = page.locator(".splendor-viewer .splendor-play-from")
    here.get_by_role("button", name="Play from here").click()
    form = here.locator(".splendor-play-from-form")
    expect(form).to_contain_text("Play on from turn 30 of teacher-2p", timeout=UPDATE_MS)
    form.locator(".splendor-seat-kind select").nth(1).select_option(label="Easy bot")
    shoot(page.locator(".splendor-viewer"), "play-from-here-form-1366.png")
    form.get_by_role("button", name="Start the game").click()
    expect_tab(app, "Play")
    expect(board(page)).to_have_attribute("data-turn", "30", timeout=UPDATE_MS)
    expect(board(page).locator('[data-action="supply"]').first).to_be_visible()
    shoot_at_widths(page, "from-here")


def test_a_game_is_resumed_after_the_page_is_reloaded(page: Page, app_server: VoilaServer,
                                                      open_voila: Open) -> None:
    open_app(page, open_voila, app_server, "play")
    form = page.locator(".splendor-new-game-form")
    expect(form).to_be_visible(timeout=UPDATE_MS)
    form.locator(".splendor-seat-name input").first.fill("Resumed Rita")
    form.locator(".splendor-seed input").fill("17")
    shoot_at_widths(page, "new-game")
    form.get_by_role("button", name="Start the game").click()
    for colour in ("white", "blue", "green"):
        click_board(page, {"action": "supply", "colour": colour})
    button(page, ".splendor-confirm").click()
    expect(board(page)).to_have_attribute("data-turn", "2", timeout=UPDATE_MS)
    page.reload()
    open_voila(f"{app_server.url}?play", ".splendor-app")
    row = page.locator(".splendor-unfinished .widget-hbox", has_text="Resumed Rita").first
    expect(row).to_be_visible(timeout=UPDATE_MS)
    expect(row).to_contain_text("Resumed Rita and Medium bot: 2 turns")
    shoot_at_widths(page, "resume-offer")
    row.get_by_role("button", name="Resume").click()
    expect(board(page)).to_have_attribute("data-turn", "2", timeout=UPDATE_MS)
    expect(move_line(page, 1)).to_have_text("Resumed Rita took white, blue and green.")


INSIDE = """(root) => {
  const edge = root.getBoundingClientRect().right;
  return [...root.querySelectorAll('*')].filter((element) => element.getClientRects().length)
    .filter((element) => element.getBoundingClientRect().right > edge + 0.5
                         && !element.closest('.splendor-play-moves')
                         && !element.parentElement.closest('svg'))  // an svg clips its own
    .map((element) => [element.tagName, String(element.className.baseVal ?? element.className)
      .slice(0, 40), String(element.parentElement.className.baseVal
      ?? element.parentElement.className).slice(-40),
      Math.round(element.getBoundingClientRect().right - edge)]);
}"""


def test_in_a_notebook_column_the_widget_fits_its_own_width(
        page: Page, scenarios: VoilaServer, open_voila: Open) -> None:
    """A JupyterLab column is narrower than the window: the widget follows its own width."""
    open_scenario(page, open_voila, scenarios, "noble")
    click_board(page, {"action": "card", "card": "1w8"})
    expect(page.get_by_role("radio", name="Pay two green and two gold")).to_be_visible(
        timeout=UPDATE_MS)
    root = play_root(page)
    for width in (900, 640, 480):
        root.evaluate(f"(element) => {{ element.style.width = '{width}px'; }}")
        page.wait_for_timeout(400)
        assert root.evaluate(INSIDE) == [], width
        narrow = width < 720
        frame = board(page)
        if narrow:
            expect(frame).to_have_class("splendor-board narrow")
        # narrow, the side column's parts are the row's own (display: contents), so that the
        # turn panel can stick at the bottom: it is the one looked for under the board
        side = button(page, ".splendor-turn-panel" if narrow else ".splendor-play-side")
        box = side.bounding_box()
        column = button(page, ".splendor-play-board-column").bounding_box()
        assert box is not None and column is not None
        assert box["y"] >= column["y"] + column["height"] - 1 if narrow else \
            box["x"] >= column["x"] + column["width"] - 1, width  # below, or beside
    shoot(root, "play-column-480.png")


BOTH_BOXES = """([first, second]) => {
    const boxes = [first, second].map(css => {
        const element = document.querySelector(css);
        const box = element && element.getBoundingClientRect();
        return box && box.width > 0 ? {y: box.y, height: box.height} : null;
    });
    return boxes.every(box => box) && boxes;
}"""


def test_on_a_phone_the_turn_s_buttons_stay_in_reach_and_the_tabs_are_one_row(
        page: Page, open_voila: Open, app_server: VoilaServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_voila(f"{app_server.url}?play=teacher-2p&turn=0&seats=Ann,easy&seed=3", ".splendor-app")
    expect(board(page)).to_be_visible(timeout=UPDATE_MS)
    tabs = [page.get_by_role("tab", name=title, exact=True).bounding_box()
            for title in ("Replay", "Play", "Learn", "Analyse", "Rules")]
    assert len({round(tab["y"]) for tab in tabs if tab}) == 1  # one row, not a 2x3 grid
    click_board(page, {"action": "supply", "colour": "white"})
    confirm = page.locator(".splendor-play .splendor-confirm").first
    expect(confirm).to_be_visible(timeout=UPDATE_MS)
    # both boxes read at once, when both are drawn: the board is drawn again after a click,
    # and a box read between two draws is None
    boxes = page.wait_for_function(BOTH_BOXES, arg=[
        '.splendor-play [data-action="supply"][data-colour="blue"]',
        ".splendor-play .splendor-confirm"], timeout=UPDATE_MS).json_value()
    pile_box, confirm_box = boxes
    # the next pile and Confirm on one screen: no scrolling between them
    assert pile_box["y"] >= 0 and confirm_box["y"] + confirm_box["height"] <= 844
    shoot(page, "play-phone-sticky.png")
