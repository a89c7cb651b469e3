"""The move notation: every form round-trips; bad text raises InvalidMoveError saying why."""

from __future__ import annotations

import pytest

from splendor_nb import InvalidMoveError, Move, new_game

FORMS = ["+wbg", "+rr", "+k", "+wb", "R1w3", "R?2", "B2g4", "B2g4=bby", "B1w6=", "+wbg -wy",
         "R3k1 -y", "B3r2 N4", "+wbk -r N10", "pass", "pass N4"]


@pytest.mark.parametrize("text", FORMS)
def test_notation_round_trip(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert eval(repr(move)) == move  # repr is an expression that rebuilds the move


def test_notation_fields() -> None:
    move = Move.parse("B2g4=bby N3")
    assert (move.kind, move.card, move.noble) == ("buy", "2g4", "N3")
    assert move.payment == (0, 2, 0, 0, 0, 1)
    assert Move.parse("R?2").tier == 2 and Move.parse("R?2").card is None
    assert Move.parse("+wbg -ky").returned_tokens == {"black": 1, "gold": 1}


@pytest.mark.parametrize(("text", "says"), [
    ("", "is not a move"),
    ("take wbg", "is not a move"),
    ("+wbgr", "is not a move"),
    ("+wxz", "'x' is not a token letter"),
    ("B9z9", "no card '9z9'"),
    ("R1w9", "no card '1w9'"),
    ("R?4", "no tier 4"),
    ("+wbg N11", "no noble 'N11'"),
    ("pass -w", "a pass returns no tokens"),
])
def test_notation_errors_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(InvalidMoveError, match=says):
        Move.parse(text)


def test_invalid_move_error_is_a_value_error() -> None:
    assert issubclass(InvalidMoveError, ValueError)


def test_every_legal_move_round_trips() -> None:
    state = new_game(4, seed=9)
    for move in state.legal_moves():
        assert Move.parse(str(move)) == move
