"""The app's languages in chromium: the pseudo-language (every translated text wrapped in
⟦...⟧) walked through the tabs, the picker switching language without losing the game, and
the app in Russian and Turkish at 1366 and 390 px (screenshots/lang-*.png), where nothing may
stick out sideways.

The pseudo-language check reads every text node a person sees in the open tab, the tab bar and
the picker's bar, the board's and the turn diagram's SVG included, and fails on any word
outside the wrappers. Not words to translate, and so allowed outside: the players' names (the
game's own, typed by people; the board marks them ``data-name``), a replay's own texts (its
event, date and comments, class ``splendor-content``; what a text box holds), numbers, the move
notation and card, noble and rule ids (language-neutral, R-...), file names (a corpus's, a
replay's: lower-case words joined by hyphens), the file formats CSV and Parquet, the languages'
own names in the picker, and punctuation. The Replay (a game, then its review), Play (a turn
being built, resigning, the game-over panel), Learn (a chapter, a walk of the turn diagram, the
puzzles), Analyse and Rules tabs are walked. The charts are left out (plotly's drawings: their
owners' tests read their titles and axes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from splendor_nb.app import GAMES_ENV
from splendor_nb.i18n import LANGUAGES, PSEUDO_LANGUAGE, translator
from support.screenshots import shoot
from support.voila_server import APP_NOTEBOOK, VoilaServer, start_voila

UPDATE_MS = 60_000
"""How long a kernel round trip (a whole switch of language) may take on a loaded machine."""
REVIEW_MS = 180_000
"""How long the review of the shipped 2-player game may take at the small budget below."""
REVIEW_BUDGET = "30"
"""The review's simulations per move in these tests ($SPLENDOR_REVIEW_BUDGET): its words are
the same at any strength."""
WIDTHS = {"laptop": 1366, "phone": 390}
NAMES = {"Ada", "Ben", "Ann", "Chen", "Dara", "Ana", "Bruno", "Splendor", "CSV", "Parquet"}
"""The players' names of the shipped games and lessons, the game's name, the file formats."""
NEUTRAL = re.compile(
    r"^(?:[+\-\u2212]?\d+(?:[.,/]\d+)?%?"  # numbers, +n and -n badges, tokens held of 10
    r"|[wbgrky]|I{1,3}"  # the board's gem letters (the notation's) and tiers (roman numerals)
    r"|R-[A-Z0-9-]+"  # rule ids
    r"|[1-3][wbgrk]\d+|N\d+"  # card and noble ids
    r"|[+\-][wbgrky]+|[BR][123?][wbgrk]?\d*(?:=[wbgrky]+)?|pass"  # the move notation
    r"|[a-z0-9]+(?:-[a-z0-9]+)+(?:\.json)?"  # file names
    r"|[^\w\s]+)$")  # punctuation and symbols (·, ×, →, ✓, …)
Open = Callable[..., Any]
TAB_CONTENT = {"Play": ".splendor-play-board svg", "Learn": ".splendor-lesson",
               "Rules": ".splendor-rules-text"}
"""What shows that a tab's content is drawn (the tabs' views come when first shown)."""

VISIBLE_TEXT = """(selector) => {
  const roots = [...document.querySelectorAll(selector)];
  const out = [];
  const shown = (element) => element.getClientRects().length > 0
    && getComputedStyle(element).visibility !== 'hidden';
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('style, script, textarea, .js-plotly-plot, .splendor-chart, '
                                    + '.splendor-content, [data-name], [data-notation]'))
        continue;
      if (!shown(parent) || !node.textContent.trim()) continue;
      out.push(node.textContent);
    }
    for (const field of root.querySelectorAll('input, textarea')) {
      if (shown(field) && field.placeholder) out.push(field.placeholder);
    }
  }
  return out.join(' ');
}"""

OVERFLOW = """() => {
  const app = document.querySelector('.splendor-app');
  const box = app.getBoundingClientRect();
  return { right: box.right, width: window.innerWidth,
           page: document.documentElement.scrollWidth };
}"""

BOARD_TEXT_OUTSIDE = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('svg.splendor-board-svg')) {
    const box = svg.getBoundingClientRect();
    if (!box.width) continue;
    for (const text of svg.querySelectorAll('text')) {
      const r = text.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1) out.push(text.textContent);
    }
  }
  return out;
}"""
"""The texts of the board's SVG that stick out of it (a long word in a language)."""


def outside_wrappers(text: str) -> list[str]:
    """The words of ``text`` outside every ⟦...⟧ (wrappers nest: a list of wrapped colours
    inside a wrapped sentence), neutral words left out.

    >>> outside_wrappers("⟦Ada took ⟦white⟧ and ⟦blue⟧.⟧ Turn 3 R-TAKE2 +wbg")
    ['Turn']
    """
    depth, kept = 0, []
    for char in text:
        if char == "⟦":
            depth += 1
            kept.append(" ")
        elif char == "⟧":
            depth = max(0, depth - 1)
            kept.append(" ")
        elif depth == 0:
            kept.append(char)
    own_names = {name for _, name in LANGUAGES}
    words = re.findall(r"\S+", "".join(kept))
    return [word for word in words if not NEUTRAL.match(word)
            and word.strip(".,:;()") not in NAMES | own_names]


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The app, its games saved in a folder of this module's."""
    games = tmp_path_factory.mktemp("games")
    server = start_voila(APP_NOTEBOOK, env={GAMES_ENV: str(games),
                                            "SPLENDOR_REVIEW_BUDGET": REVIEW_BUDGET})
    yield server
    server.stop()


def open_app(page: Page, open_voila: Open, server: VoilaServer, query: str,
             width: int = WIDTHS["laptop"]) -> Any:
    page.set_viewport_size({"width": width, "height": 2400})
    open_voila(f"{server.url}?{query}", ".splendor-app")
    expect(page.locator(".splendor-language-bar")).to_be_visible(timeout=UPDATE_MS)
    return page.locator(".splendor-app")


def select_tab(page: Page, language: str, tab: str) -> None:
    """Open the app's tab whose English title is ``tab``, as titled in ``language``."""
    title = translator(language).pgettext("tab", tab)
    page.get_by_role("tab", name=title, exact=True).click()
    expect(page.get_by_role("tab", name=title, exact=True)).to_have_attribute(
        "aria-selected", "true", timeout=UPDATE_MS)


def words_outside(page: Page) -> list[str]:
    """What the open tab, the tab bar and the picker show outside the wrappers."""
    text = page.evaluate(VISIBLE_TEXT, ".splendor-language-bar, .splendor-app > .lm-TabBar, "
                         ".splendor-app .widget-tab-contents > .lm-Widget:not(.lm-mod-hidden)")
    assert text.strip(), "nothing visible was read"
    return outside_wrappers(text)


def assert_all_wrapped(page: Page) -> None:
    left = words_outside(page)
    assert not left, "outside the catalogues: " + " ".join(left)


def shoot_fitting(page: Page, name: str, width: int) -> None:
    """Shoot what the page shows as screenshots/lang-NAME-WIDTH.png once its layout has
    settled; the app must not stick out sideways, nor the board's words out of the drawing,
    whatever their length."""
    page.wait_for_timeout(1500)  # the layout settles
    shoot(page, f"lang-{name}-{width}.png")
    box = page.evaluate(OVERFLOW)
    assert box["right"] <= width + 1 and box["page"] <= width, (name, box)
    assert page.evaluate(BOARD_TEXT_OUTSIDE) == [], name


def test_the_pseudo_language_leaves_nothing_outside_the_catalogues_in_the_replay_tab(
        page: Page, app_server: VoilaServer, open_voila: Open) -> None:
    app = open_app(page, open_voila, app_server,
                   f"lang={PSEUDO_LANGUAGE}&replay=teacher-2p&turn=9")
    viewer = app.locator(".splendor-viewer").first
    expect(viewer.locator(".splendor-charts .main-svg").first).to_be_visible(timeout=UPDATE_MS)
    expect(viewer.locator(".splendor-board").first).to_have_attribute("data-turn", "9",
                                                                      timeout=UPDATE_MS)
    assert_all_wrapped(page)  # a game at turn 9: board, moves, comments, diagram
    viewer.locator(".splendor-review-start").first.click()
    expect(viewer.locator(".splendor-review-next").first).to_be_visible(
        timeout=REVIEW_MS)
    expect(viewer.locator(".suggestion-tag").first).to_be_visible(timeout=UPDATE_MS)
    assert_all_wrapped(page)  # reviewed: verdicts, accuracy, the board's best move


def test_the_pseudo_language_leaves_no_text_outside_the_catalogues(
        page: Page, app_server: VoilaServer, open_voila: Open) -> None:
    open_app(page, open_voila, app_server, f"lang={PSEUDO_LANGUAGE}&play")
    play = page.locator(".splendor-play").first
    expect(play.locator(".splendor-start")).to_be_visible(timeout=UPDATE_MS)
    assert_all_wrapped(page)  # the new-game form
    play.locator(".splendor-start").click()
    expect(play.locator(".splendor-play-board svg").first).to_be_visible(timeout=UPDATE_MS)
    for colour in ("white", "blue", "green"):
        play.locator(f'[data-action="supply"][data-colour="{colour}"]').first.click()
    expect(play.locator(".splendor-prompt-text")).to_contain_text("⟦Picked", timeout=UPDATE_MS)
    assert_all_wrapped(page)  # a turn being built
    select_tab(page, PSEUDO_LANGUAGE, "Learn")
    expect(page.locator(".splendor-lesson").first).to_be_visible(timeout=UPDATE_MS)
    assert_all_wrapped(page)  # the first chapter
    select_tab(page, PSEUDO_LANGUAGE, "Analyse")
    expect(page.locator(".splendor-analyse").first).to_be_visible(timeout=UPDATE_MS)
    page.wait_for_timeout(3000)  # the corpus's summary comes from a thread
    assert_all_wrapped(page)
    select_tab(page, PSEUDO_LANGUAGE, "Rules")
    expect(page.locator(".splendor-rules-text").first).to_contain_text("R-TAKE2",
                                                                        timeout=UPDATE_MS)
    assert_all_wrapped(page)


def test_an_unknown_language_is_said_in_english(page: Page, app_server: VoilaServer,
                                                open_voila: Open) -> None:
    open_app(page, open_voila, app_server, "lang=de&rule=R-TAKE2")
    expect(page.locator(".splendor-language-problem")).to_contain_text(
        "There is no language 'de' here: showing English.", timeout=UPDATE_MS)
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.get_by_role("tab", name="Rules", exact=True)).to_have_attribute(
        "aria-selected", "true")


def test_the_picker_switches_language_and_keeps_the_game(page: Page, app_server: VoilaServer,
                                                         open_voila: Open) -> None:
    open_app(page, open_voila, app_server, "play")
    play = page.locator(".splendor-play").first
    play.locator(".splendor-start").click()
    for colour in ("white", "blue"):
        play.locator(f'[data-action="supply"][data-colour="{colour}"]').first.click()
    expect(play.locator(".splendor-prompt-text")).to_contain_text("Picked", timeout=UPDATE_MS)
    page.locator(".splendor-language-select").select_option("fr")
    french = translator("fr")
    expect(page.get_by_role("tab", name=french.pgettext("tab", "Play"), exact=True)
           ).to_have_attribute("aria-selected", "true", timeout=UPDATE_MS)
    play = page.locator(".splendor-play").first
    expect(play.locator(".splendor-confirm")).to_have_text(french.gettext("Confirm"),
                                                           timeout=UPDATE_MS)
    assert page.evaluate("document.documentElement.lang") == "fr"
    # The same turn, its two picked gems kept, said in French
    picked = french.gettext("Picked {tokens}. Confirm, pick more, or click a picked pile to "
                            "put it back.", tokens="|").split("|")[0]
    expect(play.locator(".splendor-prompt-text")).to_contain_text(picked, timeout=UPDATE_MS)
    select_tab(page, "fr", "Rules")
    select_tab(page, "fr", "Play")
    expect(page.locator(".splendor-language-select")).to_have_value("fr")


@pytest.mark.parametrize("language", ["ru", "tr"])
@pytest.mark.parametrize("screen", list(WIDTHS))
def test_russian_and_turkish_fit_the_screen(page: Page, app_server: VoilaServer,
                                            open_voila: Open, language: str,
                                            screen: str) -> None:
    width = WIDTHS[screen]
    open_app(page, open_voila, app_server, f"lang={language}&play", width)
    assert page.evaluate("document.documentElement.lang") == language
    play = page.locator(".splendor-play").first
    play.locator(".splendor-start").click()
    expect(play.locator(".splendor-play-board svg").first).to_be_visible(timeout=UPDATE_MS)
    for tab in ("Play", "Learn", "Rules"):
        select_tab(page, language, tab)
        # a tab's view comes into the page when the tab is first shown: wait for its content
        expect(page.locator(TAB_CONTENT[tab]).first).to_be_visible(timeout=UPDATE_MS)
        shoot_fitting(page, f"{language}-{tab.lower()}", width)


@pytest.mark.parametrize("language", ["ru", "tr"])
@pytest.mark.parametrize("screen", list(WIDTHS))
def test_the_replay_tab_in_russian_and_turkish_fits_the_screen(
        page: Page, app_server: VoilaServer, open_voila: Open, language: str,
        screen: str) -> None:
    width = WIDTHS[screen]
    app = open_app(page, open_voila, app_server, f"lang={language}&replay=teacher-2p&turn=9",
                   width)
    viewer = app.locator(".splendor-viewer").first
    expect(viewer.locator(".splendor-charts .main-svg").first).to_be_visible(timeout=UPDATE_MS)
    expect(viewer.locator(".splendor-board").first).to_have_attribute("data-turn", "9",
                                                                      timeout=UPDATE_MS)
    shoot_fitting(page, f"{language}-replay", width)


@pytest.mark.parametrize("lesson, drawn", [("actions", ".splendor-walk-diagram svg"),
                                           ("puzzles", ".splendor-puzzles .splendor-board")])
def test_the_pseudo_language_leaves_nothing_outside_in_a_walk_and_the_puzzles(
        page: Page, app_server: VoilaServer, open_voila: Open, lesson: str,
        drawn: str) -> None:
    # a lesson with the turn diagram walked on a board, and the puzzles from a real game
    open_app(page, open_voila, app_server, f"lang={PSEUDO_LANGUAGE}&lesson={lesson}")
    expect(page.locator(drawn).first).to_be_visible(timeout=UPDATE_MS)
    assert_all_wrapped(page)


def test_the_pseudo_language_leaves_nothing_outside_at_a_game_over(
        page: Page, app_server: VoilaServer, open_voila: Open) -> None:
    # a game resigned at once: the game-over panel, its outcome, scores and buttons
    open_app(page, open_voila, app_server, f"lang={PSEUDO_LANGUAGE}&play")
    play = page.locator(".splendor-play").first
    play.locator(".splendor-start").click()
    expect(play.locator(".splendor-play-board svg").first).to_be_visible(timeout=UPDATE_MS)
    play.locator(".splendor-resign").click()
    expect(play.locator(".splendor-resign-yes")).to_be_visible(timeout=UPDATE_MS)
    assert_all_wrapped(page)  # the question
    play.locator(".splendor-resign-yes").click()
    over = play.locator(".splendor-game-over")
    expect(over).to_be_visible(timeout=UPDATE_MS)
    expect(over.locator(".splendor-game-over-charts .main-svg").first).to_be_visible(
        timeout=UPDATE_MS)
    assert_all_wrapped(page)


@pytest.mark.parametrize("language", ["ru", "tr"])
@pytest.mark.parametrize("screen", list(WIDTHS))
def test_the_game_over_panel_in_russian_and_turkish_fits_the_screen(
        page: Page, app_server: VoilaServer, open_voila: Open, language: str,
        screen: str) -> None:
    width = WIDTHS[screen]
    open_app(page, open_voila, app_server, f"lang={language}&play", width)
    play = page.locator(".splendor-play").first
    play.locator(".splendor-start").click()
    expect(play.locator(".splendor-play-board svg").first).to_be_visible(timeout=UPDATE_MS)
    play.locator(".splendor-resign").click()
    play.locator(".splendor-resign-yes").click()
    over = play.locator(".splendor-game-over")
    expect(over.locator(".splendor-game-over-charts .main-svg").first).to_be_visible(
        timeout=UPDATE_MS)
    shoot_fitting(page, f"{language}-play-over", width)
