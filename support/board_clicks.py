"""Playing a move on a clickable answer board in a browser test, as a learner does: piles then
*Take*, or a card (face-up or one of the mover's reserved cards) or a deck then *Buy* or
*Reserve* (the Learn tab's ``MovePicker``: the puzzle trainer, the exercises)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

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
                      f'[data-action="reserved"][data-card="{move.card}"]').first.click()
    picker.locator(f".splendor-picker-{move.kind}").click()


def solve_by_the_solution(trainer: Locator, timeout_ms: float) -> None:
    """Solve the puzzle shown in the trainer ``trainer`` as a learner who asks for the solution
    at each move to find and plays it on the board (a line asks twice)."""
    for _ in range(2):  # a line is two moves to find
        said = trainer.locator(".splendor-hint-said")
        trainer.locator(".splendor-trainer-solution").click()
        expect(said).to_contain_text("The solution:", timeout=timeout_ms)
        answer = re.search(r"The solution: (\S+(?: -[a-z]+)?(?: N\d+)?)\.", said.inner_text())
        assert answer is not None and answer.group(1)[0] in "+RB", said.inner_text()
        play_on_board(trainer, answer.group(1))
        right = trainer.locator(".splendor-right")
        expect(right).to_contain_text("Right!", timeout=timeout_ms)
        if "Now find" not in right.inner_text():
            return
