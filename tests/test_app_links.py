"""No link breaks the app: every query parameter it reads, given what a stranger may type
(5,000 nines, negative numbers, floats, empty values, repeated keys, other scripts), opens the
app with a short message in the tab the link leads to, never an error in the page."""

from __future__ import annotations

import html
import re

import pytest

from splendor_nb.app import (
    ANALYSE_TAB,
    FIRST_REPLAY,
    LEARN_TAB,
    LINK_TEXT_MAX,
    PLAY_TAB,
    SplendorApp,
    build_app,
    parse_deep_link,
    parse_lesson_link,
    parse_play_link,
)
from splendor_nb.ui import shipped_replays

NINES = "9" * 5000
"""Past Python's 4,300-digit limit for int(): the link that showed "There was an error"."""
VALUES = {"huge": NINES, "negative": "-3", "float": "2.5", "empty": "", "non-ASCII": "ü€😀١٢",
          "markup": "<b>x</b>", "repeated": "1&{key}=" + NINES}
"""What each parameter is given; "repeated" gives it twice (the last one counts)."""
QUERIES = ("replay={v}", "replay=" + FIRST_REPLAY + "&turn={v}", "rule={v}", "play={v}",
           "play=" + FIRST_REPLAY + "&turn={v}", "play=" + FIRST_REPLAY + "&seed={v}",
           "play=" + FIRST_REPLAY + "&seats={v}", "lesson={v}", "chapter={v}", "corpus={v}",
           "lang={v}")
"""Every parameter the app reads (splendor_nb.app and the tabs it calls), each where it
counts."""
MESSAGE_MAX = 400
"""The longest a message about a link may be (it quotes the value, cut)."""


def messages(app: SplendorApp) -> list[str]:
    """What the app says about its link: the Replay tab's banner, the Play, Learn and Analyse
    tabs' problems, the language picker's."""
    said = [app.viewer.controller.error, app.language.picker.problem]
    shown = {PLAY_TAB: lambda: app.play.form.message, LEARN_TAB: lambda: app.learn.message,
             ANALYSE_TAB: lambda: app.analyse.panel and app.analyse.panel.message}
    for tab, message in shown.items():
        if app.language.built(tab) and message():
            said.append(html.unescape(re.sub("<[^>]+>", "", message().value)))
    return [text for text in said if text]


@pytest.mark.slow
@pytest.mark.parametrize("kind", VALUES)
def test_every_parameter_read_with_any_value_opens_the_app(kind: str) -> None:
    for query in QUERIES:
        key = query.rsplit("&", 1)[-1].split("=")[0]
        asked = query.format(v=VALUES[kind].format(key=key))
        said = messages(build_app(asked))
        assert all(len(text) < MESSAGE_MAX for text in said), (asked[:80], said)
        if kind in ("huge", "repeated"):
            assert said, asked[:80]  # 5,000 nines are never taken for a number


@pytest.mark.parametrize("key", ["turn", "seed"])
def test_a_huge_number_in_a_play_link_says_what_is_wrong(key: str) -> None:
    link = parse_play_link(f"play={FIRST_REPLAY}&{key}={NINES}", list(shipped_replays()))
    assert link is not None and link.error.startswith(f"{key} must be a whole number from 0 on")
    assert "…" in link.error and len(link.error) < MESSAGE_MAX
    link = parse_play_link(f"play={FIRST_REPLAY}&{key}=10000000000", list(shipped_replays()))
    assert link is not None and link.error == (f"{key} must be at most 999999999, not "
                                               "'10000000000'.")


def test_a_huge_turn_in_a_replay_link_says_what_is_wrong() -> None:
    link = parse_deep_link(f"replay={FIRST_REPLAY}&turn={NINES}", [FIRST_REPLAY])
    assert link.turn is None and link.error.startswith("turn must be a whole number, not '999")
    assert parse_deep_link("turn=10000000000", []).error.startswith("turn must be at most")
    assert parse_lesson_link(f"lesson={NINES}") == "9" * LINK_TEXT_MAX + "…"


def test_a_link_message_is_in_the_pages_language() -> None:
    app = build_app(f"lang=fr&play={FIRST_REPLAY}&seed=10000000000")
    assert messages(app) == ["seed doit valoir au plus 999999999, pas '10000000000'."]
