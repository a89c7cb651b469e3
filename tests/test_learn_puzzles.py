"""Find-the-move puzzles built from replays: the teacher game's commented turns, any turn of
any replay, with the move played or the hard bot's as the answer."""

from __future__ import annotations

import pytest

from splendor_nb import Move, new_game
from splendor_nb.learn.puzzles import puzzle, puzzles, teacher_puzzles
from splendor_nb.replay import Replay
from splendor_nb.ui.replays import REPLAYS_DIR

TEACHER = Replay.load(REPLAYS_DIR / "teacher-2p.json")


def test_teacher_puzzles_are_its_commented_turns() -> None:
    found = teacher_puzzles()
    commented = [k for k, turn in enumerate(TEACHER.turns) if turn.comment]
    assert [p.turn for p in found] == commented and len(found) == 20
    for p in found:
        assert p.state == TEACHER.state(p.turn) and p.answer == TEACHER.turns[p.turn].move
        assert p.explanation == TEACHER.turns[p.turn].comment and p.source == "played"
        assert p.check(p.answer).correct
    assert [p.glyph for p in found if p.glyph] == ["!", "?!", "!?", "!", "!", "!", "!!"]


def test_puzzle_accepts_the_action_whatever_is_given_back() -> None:
    reserve = next(p for p in teacher_puzzles() if p.number == 9)
    assert reserve.player == "Ada" and str(reserve.answer) == "R1b5 -w"
    assert reserve.check("R1b5 -b").correct  # R-LIMIT10: which token goes back is free
    assert reserve.check("R1b5").correct  # the return is chosen at the end of the turn


def test_puzzle_refuses_another_move_and_an_illegal_one_with_its_rule() -> None:
    last = next(p for p in teacher_puzzles() if p.number == 62)
    other = last.check("B2w4")
    assert not other.correct
    assert other.detail[0].text() == "B2w4 is legal, but the move to find was B3k1."
    illegal = last.check("+gg")
    assert not illegal.correct and "R-TAKE2" in illegal.detail[0].text()
    unreadable = last.check("buy 3k1")
    assert not unreadable.correct and "is not a move" in unreadable.detail[0].text()


def test_puzzle_hint_names_the_kind_of_action() -> None:
    assert [str(p.hint) for p in teacher_puzzles()[:2]] == ["Ada takes gems.", "Ada takes gems."]
    assert str(next(p for p in teacher_puzzles() if p.number == 10).hint) == "Ben buys a card."


def test_any_turn_of_any_replay_and_the_hard_bots_answer() -> None:
    game = Replay.from_state(new_game(players=3, seed=4))
    for text in ("+wbg", "+wbr", "+rr"):
        game.play(text)
    every = puzzles(game, commented_only=False)
    assert [str(p.answer) for p in every] == ["+wbg", "+wbr", "+rr"]
    assert puzzles(game) == []  # nothing commented
    hard = puzzle(TEACHER, 57, source="hard", seed=1)
    assert hard.source == "hard" and hard.played == Move.parse("B1w8")
    assert hard.answer in hard.state.legal_moves() and hard.check(hard.answer).correct
    with pytest.raises(IndexError, match="no move after it"):
        puzzle(game, 3)
