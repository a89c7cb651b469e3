"""Playing a move on a clickable answer board in a browser test, as a learner does: piles then
*Take*, or a card (face-up or one of the mover's reserved cards) or a deck then *Buy* or
*Reserve* (the Learn tab's ``MovePicker``: the puzzle trainer, the exercises)."""

from __future__ import annotations

from playwright.sync_api import Locator

from splendor_nb.cards import GEMS
from splendor_nb.moves import Move


def play_on_board(picker: Locator, text: str) -> None:
    """Play the move ``text`` on the answer board inside ``picker`` (an element holding the
    board and its buttons)."""
    board = picker.locator(".splendor-answer-board")
    move = Move.parse(text)
    if move.kind == "take":
        for colour, count in zip(GEMS, move.gems, strict=False):
            for _ in range(count):
                board.locator(f'[data-action="supply"][data-colour="{colour}"]').click()
        picker.locator(".splendor-picker-take").click()
        return
    if move.card is None:
        board.locator(f'[data-action="deck"][data-tier="{move.tier}"]').click()
    else:
        # a face-up card, or one of the mover's reserved cards (R-BUY)
        board.locator(f'[data-action="card"][data-card="{move.card}"], '
                      f'[data-action="reserved"]:has([data-card="{move.card}"])').first.click()
    picker.locator(f".splendor-picker-{move.kind}").click()
