"""The clickable board from Python: its trait, the action dicts its page sends, and their checks.

The page's side (clicks, keys, focus, layouts) is tested in chromium: tests/browser/test_board.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from splendor_nb import Move, new_game
from splendor_nb.render import Interaction, board_html, board_svg
from splendor_nb.ui import ClickableBoard
from splendor_nb.ui.board_widget import ACTIONS

GOOD = [
    {"action": "supply", "colour": "red"},
    {"action": "supply", "colour": "gold"},
    {"action": "card", "card": "2g4"},
    {"action": "deck", "tier": "2"},
    {"action": "reserved", "card": "1b5"},
    {"action": "cancel"},
]


def received(board: ClickableBoard) -> list[dict[str, str]]:
    seen: list[dict[str, str]] = []
    board.on_action(seen.append)
    return seen


def send_from_page(board: ClickableBoard, content: Any) -> None:
    """What ipywidgets does with a custom message from the page (``model.send``)."""
    board._handle_custom_msg(content, [])


def test_every_action_reaches_every_callback_as_a_plain_dict() -> None:
    board = ClickableBoard()
    first, second = received(board), received(board)
    for action in GOOD:
        board.act(action)
    assert first == GOOD and second == GOOD
    assert {a["action"] for a in GOOD} == set(ACTIONS)
    first[0]["colour"] = "blue"  # each callback gets its own copy
    assert second[0]["colour"] == "red"


def test_messages_from_the_page_are_actions() -> None:
    board = ClickableBoard()
    seen = received(board)
    for action in GOOD:
        send_from_page(board, action)
    assert seen == GOOD


@pytest.mark.parametrize("content", [
    {"action": "supply"},
    {"action": "supply", "colour": "purple"},
    {"action": "supply", "colour": "red", "extra": "1"},
    {"action": "card", "card": "9z9"},
    {"action": "deck", "tier": 2},
    {"action": "deck", "tier": "0"},
    {"action": "reserved", "colour": "red"},
    {"action": "teleport"},
    {"type": "shown"},
    "cancel",
    None,
])
def test_malformed_actions_refused_from_python_and_dropped_from_the_page(content: Any) -> None:
    board = ClickableBoard()
    seen = received(board)
    with pytest.raises(ValueError, match="not a board action"):
        board.act(content)
    send_from_page(board, content)
    assert seen == []


def test_a_callback_can_be_removed() -> None:
    board = ClickableBoard()
    seen = received(board)
    board.on_action(seen.append, remove=True)
    board.act({"action": "cancel"})
    assert seen == []


def test_svg_trait_is_synced_and_value_is_the_board_html() -> None:
    state = new_game(seed=7).apply(Move.parse("+wbg"))
    board = ClickableBoard(board_svg(state, interaction=Interaction()))
    assert board.trait_metadata("svg", "sync") is True
    assert board.value == board_html(state, interaction=Interaction())
    assert ClickableBoard().value == ""
    assert "splendor-clickable-board" in board._dom_classes


def test_page_code_and_style_are_files_naming_every_action() -> None:
    """The page sends exactly the actions Python accepts, with the same id attributes."""
    script = str(ClickableBoard._esm)  # anywidget holds the file's contents
    for action, keys in ACTIONS.items():
        if keys:
            assert f'{action}: "{keys[0]}"' in script
    assert '"cancel"' in script and "Escape" in script and '"Enter"' in script
    style = str(ClickableBoard._css)
    assert ":focus-visible > .focus-ring" in style
