"""Playing a move on a ``MovePicker`` in Python, as a learner's clicks do in the browser: piles
then *Take*, a deck then *Reserve*, or a card (face-up, or one of the mover's reserved cards)
then *Buy* or *Reserve*. The tokens given back and the noble are asked for after the action,
so only the action is clicked here."""

from __future__ import annotations

from splendor_nb.cards import GEMS
from splendor_nb.moves import Move
from splendor_nb.ui.learn_tab.move_picker import MovePicker


def play_on_board(picker: MovePicker, text: str) -> None:
    """Play the action of the move ``text`` with clicks on the board and the picker's buttons."""
    move = Move.parse(text)
    board = picker.board
    if move.kind == "take":
        for colour, count in zip(GEMS, move.gems, strict=False):
            for _ in range(count):
                board.act({"action": "supply", "colour": colour})
        picker.buttons["take"].click()
    elif move.kind == "reserve" and move.card is None:
        board.act({"action": "deck", "tier": str(move.tier)})
        picker.buttons["reserve"].click()
    else:
        view = picker.builder.view
        held = {card.id for card in view.players[view.current_player].reserved}
        board.act({"action": "reserved" if move.card in held else "card",
                   "card": move.card or ""})
        picker.buttons["buy" if move.kind == "buy" else "reserve"].click()
