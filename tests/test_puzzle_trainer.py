"""The puzzle trainer: puzzles at the learner's level, ratings and streaks, a record kept."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import splendor_nb.ui
from splendor_nb import Move, new_game
from splendor_nb.analysis.game_review import MoveReview, Review
from splendor_nb.app import REPLAY_TAB, build_app
from splendor_nb.learn import phrase
from splendor_nb.learn.puzzle_rating import Rating
from splendor_nb.learn.puzzle_set import (
    REVIEWED,
    PuzzleSource,
    RatedPuzzle,
    load_puzzles,
    mistake_puzzles,
)
from splendor_nb.learn.puzzle_trainer import (
    NEAREST,
    PuzzleTrainer,
    TrainerRecord,
    load_record,
    record_file,
    save_record,
)
from splendor_nb.replay import Replay
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.learn_tab.trainer_view import TrainerView
from splendor_nb.ui.review_panel import ReviewPanel
from support.picker_clicks import play_on_board


def ladder(base: RatedPuzzle, ratings: list[float]) -> list[RatedPuzzle]:
    """Copies of one puzzle at the given ratings, each with its own id."""
    return [replace(base, source=PuzzleSource("made-up", f"game-{i:07}", base.source.turn),
                    rating=Rating(rating, 200.0)) for i, rating in enumerate(ratings)]


@pytest.fixture(scope="module")
def shipped() -> list[RatedPuzzle]:
    """The shipped puzzles, and copies of the first at other ratings and themes."""
    puzzles = load_puzzles(players=2)
    copies = ladder(puzzles[0], [1300.0 + 20 * i for i in range(20)])
    themed = [replace(puzzle, themes=(theme,)) for puzzle, theme in
              zip(copies, ["gold", "noble", "deny", "blind"] * 5)]
    return [*puzzles, *themed]


def test_the_next_puzzle_is_near_the_learners_rating(shipped: list[RatedPuzzle]) -> None:
    puzzles = ladder(shipped[0], [800.0 + 25 * i for i in range(80)])  # 800 to 2775
    trainer = PuzzleTrainer(puzzles, seed=3)
    drawn = {trainer.next_puzzle().rating.rating for _ in range(40)}  # type: ignore[union-attr]
    nearest = sorted(puzzles, key=lambda puzzle: abs(puzzle.rating.rating - 1500.0))[:NEAREST]
    assert drawn <= {puzzle.rating.rating for puzzle in nearest}
    assert len(drawn) > 1  # drawn among them, not always the same


def test_solving_raises_the_rating_and_the_streak_and_failing_ends_it(
        shipped: list[RatedPuzzle]) -> None:
    trainer = PuzzleTrainer(shipped, seed=1)
    first = trainer.next_puzzle()
    assert first is not None
    solved = trainer.attempt(first, first.moves[-1], first.steps[-1])
    assert solved.solved and solved.change > 0 and trainer.record.streak == 1
    second = trainer.next_puzzle()
    assert second is not None and second.id != first.id  # a solved puzzle does not come back
    failed = trainer.attempt(second, second.runner_up)
    assert not failed.solved and failed.change < 0
    assert trainer.record.streak == 0 and trainer.record.best_streak == 1
    assert [entry.solved for entry in trainer.record.history] == [True, False]
    assert trainer.rating_of(second).rating > second.rating.rating  # it proved harder


def test_filters_keep_only_the_player_count_and_themes_asked(
        shipped: list[RatedPuzzle]) -> None:
    themed = next(puzzle for puzzle in shipped if puzzle.themes)
    trainer = PuzzleTrainer(shipped, seed=2)
    trainer.choose(players=2, themes=[themed.themes[0]])
    assert trainer.candidates()
    assert all(themed.themes[0] in puzzle.themes for puzzle in trainer.candidates())
    trainer.choose(players=4, themes=["no-such-theme"][:0])
    assert all(puzzle.players == 4 for puzzle in trainer.candidates())
    with pytest.raises(ValueError, match="no puzzle theme 'fork'"):
        trainer.choose(themes=["fork"])


def test_the_record_survives_a_visit_and_a_damaged_one_starts_afresh(
        tmp_path: Path, shipped: list[RatedPuzzle]) -> None:
    trainer = PuzzleTrainer(shipped, seed=4)
    puzzle = trainer.next_puzzle()
    assert puzzle is not None
    trainer.attempt(puzzle, puzzle.first)
    path = record_file(tmp_path)
    save_record(trainer.record, path)
    again = load_record(path)
    assert again.learner.rating == pytest.approx(trainer.record.learner.rating, abs=0.01)
    assert [entry.puzzle for entry in again.history] == [puzzle.id]
    assert again.puzzles.keys() == {puzzle.id}
    path.write_text("{not json", encoding="utf-8")
    assert load_record(path) == TrainerRecord()
    path.write_text(json.dumps({"format": "splendor-nb-puzzle-record", "learner": "x"}))
    assert load_record(path) == TrainerRecord()
    assert load_record(tmp_path / "missing.json") == TrainerRecord()


def test_reset_forgets_everything(shipped: list[RatedPuzzle]) -> None:
    trainer = PuzzleTrainer(shipped, seed=5)
    puzzle = trainer.next_puzzle()
    assert puzzle is not None
    trainer.attempt(puzzle, Move.parse(str(puzzle.first)))
    trainer.reset()
    assert trainer.record == TrainerRecord()


def test_a_reviewed_players_mistakes_become_their_puzzles() -> None:
    replay = Replay.from_state(new_game(players=2, seed=6))
    for text in ("+wbg", "+rr", "+wbk"):
        replay.play(text)
    played, better = Move.parse("+wbk"), Move.parse("+grk")
    assert better in replay.state(2).legal_moves()
    moves = (MoveReview(1, 0, Move.parse("+wbg"), Move.parse("+wbg"), 0.5, 0.5, 0.5),
             MoveReview(2, 1, Move.parse("+rr"), Move.parse("+kk"), 0.5, 0.48, 0.5),
             MoveReview(3, 0, played, better, 0.5, 0.30, 0.55))  # a blunder of 0.25
    review = Review(("Ann", "Bob"), ((0.5, 0.5),) * 4, (None,) * 4, moves, "test", 10)
    (puzzle,) = mistake_puzzles(replay, review, player=0, rating=Rating(1320.0))
    assert puzzle.answer == better and puzzle.runner_up == played
    assert puzzle.state.turn == 2 and puzzle.state.current_player == 0
    assert puzzle.rating.rating == 1320.0 and puzzle.source.corpus == "reviewed"
    assert puzzle.check(better) and not puzzle.check(played)
    assert mistake_puzzles(replay, review, player=1) == []  # a loss of 0.02 is no mistake


def test_the_view_filters_and_says_when_no_puzzle_is_left(shipped: list[RatedPuzzle]) -> None:
    view = TrainerView([puzzle for puzzle in shipped if puzzle.players == 2], seed=1)
    assert view.puzzle is not None and view.players.value == 0  # any number shown, not blank
    view.players.value = 4
    assert view.puzzle is None and "No puzzle left" in view.where.value
    view.players.value = 0
    view.theme.value = "gold"
    assert view.puzzle is not None and "gold" in view.puzzle.themes


def test_the_review_panel_turns_a_players_mistakes_into_a_trainer() -> None:
    replay = Replay.from_state(new_game(players=2, seed=6))
    for text in ("+wbg", "+rr", "+wbk"):
        replay.play(text)
    moves = (MoveReview(1, 0, Move.parse("+wbg"), Move.parse("+wbg"), 0.5, 0.5, 0.5),
             MoveReview(2, 1, Move.parse("+rr"), Move.parse("+kk"), 0.5, 0.48, 0.5),
             MoveReview(3, 0, Move.parse("+wbk"), Move.parse("+grk"), 0.5, 0.30, 0.55))
    controller = ReplayController(replay)
    panel = ReviewPanel(controller)
    controller.review = Review(("Ann", "Bob"), ((0.5, 0.5),) * 4, (None,) * 4, moves, "t", 10)
    buttons = panel.practise_row.children
    assert [button.description for button in buttons] == [  # type: ignore[attr-defined]
        "Practise Player 1's mistakes", "Practise Player 2's mistakes"]
    panel.practise(0)
    (trainer,) = panel.practice.children
    shown = " ".join(getattr(child, "value", "") for child in trainer.children)
    assert "before turn 3: the move played there was a mistake" in shown
    panel.practise(1)  # a loss of 0.02: no mistake
    assert panel.practice.children == () and "made no mistake" in panel.message.value


def test_the_readmes_learn_example_runs_and_keeps_the_trainers_record_on_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    example = next(block for block in re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
                   if "TrainerView(" in block)
    made: list[TrainerView] = []

    class Seen(TrainerView):  # the README's TrainerView, kept to look at afterwards
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(splendor_nb.ui, "TrainerView", Seen)
    monkeypatch.setenv("SPLENDOR_NB_DATA", str(tmp_path))
    exec(compile(example, "README.md", "exec"), {})
    [trainer] = made
    assert trainer.puzzle is not None and trainer.puzzle.players == 2
    assert trainer.answer(trainer.puzzle.first).solved
    assert load_record(tmp_path / "puzzles.json").streak == 1


def test_the_trainer_says_the_bots_names_in_russian(shipped: list[RatedPuzzle]) -> None:
    view = TrainerView(shipped, seed=1, language="ru")
    assert view.puzzle is not None
    english = view.puzzle.replay.names[view.puzzle.state.current_player]
    assert " bot" in english  # the mined games' players are bots, under English names
    picker = view.board_box.children[0]
    board = picker.children[0]  # type: ignore[attr-defined]
    view.show_hint()
    view.show_solution()
    for shown in (view.where.value, board.svg, view.said.value):
        assert " бот" in shown and " bot" not in shown, shown


def test_a_line_asks_for_the_first_move_plays_the_reply_then_asks_for_the_next(
        shipped: list[RatedPuzzle]) -> None:
    base = shipped[0]
    after = base.state.apply(base.first)
    reply = after.legal_moves()[0]
    then = after.apply(reply).legal_moves()[-1]
    wrong = next(move for move in after.apply(reply).legal_moves() if not
                 base.check(move) and move.kind != then.kind)
    line = replace(base, answer=(base.first, reply, then))
    view = TrainerView([line], seed=1)
    assert "a line of two moves" in view.where.value
    right = view.answer(line.first)
    assert right.solved and right.change == 0.0 and view.step == 2
    assert "Right! Then:" in view.said.value and view.outcome is None
    assert not view.trainer.record.history  # no attempt counted before the line is done
    view.show_hint()
    assert phrase(f"hint.{then.kind}", player="x").text().split()[-1] in view.said.value
    missed = view.answer(wrong)
    assert not missed.solved and "the line goes on with another action" in view.said.value
    assert [entry.solved for entry in view.trainer.record.history] == [False]
    assert view.answer(then).solved and "Right!" in view.said.value
    assert len(view.trainer.record.history) == 1  # only the first attempt moves the ratings


def answer_kind(puzzle: RatedPuzzle, step: int) -> str:
    """What a learner clicks to play the puzzle's move at ``step``."""
    move = puzzle.moves[step]
    state = puzzle.state_at(step)
    mover = state.players[state.current_player]
    if move.kind == "take":
        return "take and give back" if any(move.returned) else "take"
    if move.card is None:
        return "reserve from a deck"
    held = move.card in {card.id for card in mover.reserved}
    return f"{move.kind} {'a reserved card' if held else 'a face-up card'}"


def test_each_kind_of_answer_is_played_by_clicks_on_the_trainers_board() -> None:
    # the first shipped puzzle of each kind of click, and a line: a reserved card is bought
    # from the mover's panel (a browser test once looked for it on the table)
    kinds: dict[str, RatedPuzzle] = {}
    for puzzle in load_puzzles():
        kinds.setdefault(answer_kind(puzzle, 0), puzzle)
        if len(puzzle.steps) > 1:
            kinds.setdefault("a line", puzzle)
    assert set(kinds) == {"take", "take and give back", "reserve from a deck",
                          "reserve a face-up card", "buy a face-up card", "buy a reserved card",
                          "a line"}
    for kind, puzzle in kinds.items():
        view = TrainerView([puzzle], seed=1)
        for step in puzzle.steps:
            assert view.step == step and view.picker is not None, kind
            play_on_board(view.picker, str(puzzle.moves[step]))
        assert view.outcome is not None and view.outcome.solved, kind
        assert "Right!" in view.said.value, kind


def test_a_puzzles_game_opens_at_its_turn_in_the_replay_tab_or_under_the_trainer() -> None:
    app = build_app("lesson=trainer")
    trainer = app.learn.view
    assert isinstance(trainer, TrainerView) and trainer.puzzle is not None
    source = trainer.puzzle.source
    trainer.open_game.click()
    controller = app.viewer.controller
    assert app.selected_index == REPLAY_TAB
    assert controller.name == f"{source.corpus}-{source.game}" and controller.turn == source.turn
    assert controller.replay.state(source.turn) == trainer.puzzle.state

    alone = TrainerView(load_puzzles(players=3), seed=2)  # a notebook: no Replay tab
    assert alone.puzzle is not None and not alone.game_box.children
    alone.open_game.click()
    assert alone.game is not None and alone.game_box.children == (alone.game.widget,)
    assert alone.game.controller.turn == alone.puzzle.source.turn
    assert f"before turn {alone.puzzle.source.turn + 1}" in alone.where.value
    alone.next.click()
    assert alone.game is None and not alone.game_box.children  # not the last one's game


def test_a_learners_own_mistakes_have_no_other_game_to_open(shipped: list[RatedPuzzle]) -> None:
    mistake = replace(shipped[0], source=PuzzleSource(REVIEWED, "", 3))
    view = TrainerView([mistake], seed=1, on_replay=lambda *_: pytest.fail("opened"))
    assert view.open_game.layout.display == "none"
    view.open_source()
