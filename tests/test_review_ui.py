"""The Replay tab's review and side lines, driven from Python: one click reviews the game in a
thread (progress, Cancel, verdicts in the move list as the parts are judged, accuracy, the
hard bot's move marked on the board and said in words), N and P jump between mistakes, the
review is kept by Save and shown at once when the file is opened again; a move tried from a
position starts a side line shown under its move, chosen with the up and down keys, promoted
or deleted, kept in the file; the address follows the position; moves in words; spoiler-free
mode; a viewer rebuilt in another language over the same controller."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pandas as pd
import pytest

from splendor_nb.ai.puct import REVIEW_SIMULATIONS
from splendor_nb.analysis.game_review import INACCURACY, MISTAKE, made_up, stored_review
from splendor_nb.analysis.tables import turns
from splendor_nb.engine import new_game
from splendor_nb.replay import Replay
from splendor_nb.ui import ReplayController, ReplayViewer
from splendor_nb.ui.move_list import LABEL_MARKS
from splendor_nb.ui.replays import shipped_replays
from splendor_nb.ui.review_panel import BUDGET_ENV, review_budget
from support.games import random_replay

BUDGET = 60
"""A small budget of the reviewing bot: these tests check what the page shows, not its play."""


def short_game(turns: int = 8) -> Replay:
    return random_replay(2, seed=3, max_turns=turns)


def viewer_of(replay: Replay, tmp_path: Path | None = None, **options: object) -> ReplayViewer:
    path = None
    if tmp_path is not None:
        path = tmp_path / "game.json"
        replay.save(path)
        replay = Replay.load(path)
    viewer = ReplayViewer(ReplayController(replay, path=path, name="game"), **options)
    viewer.review.budget = BUDGET
    return viewer


def four_takes() -> Replay:
    """Four moves that the made-up reviews call ``+wbg`` (legal four times with 2 players)."""
    replay = Replay.from_state(new_game(players=2, seed=7))
    for _ in range(4):
        replay.play("+wbg")
    return replay


# --- the review -----------------------------------------------------------------------------


@pytest.mark.slow
def test_one_click_reviews_the_game_and_stores_it(tmp_path: Path) -> None:
    viewer = viewer_of(short_game(), tmp_path)
    controller, panel = viewer.controller, viewer.review
    assert controller.review is None and panel.start.layout.display is None
    panel.run(wait=True)
    review = controller.review
    assert review is not None and len(review.moves) == len(controller.replay)
    assert not controller.reviewing and panel.start.layout.display == "none"
    assert panel.progress.value == panel.progress.max == len(controller.replay) + 1
    assert "Accuracy" in panel.accuracy.value and "Player 1" in panel.accuracy.value
    assert controller.dirty and not controller.comments_only  # Save keeps the review
    assert "Unsaved changes" in viewer.toolbar.status.value
    viewer.toolbar.save_button.click()
    reopened = ReplayController(Replay.load(tmp_path / "game.json"))
    assert reopened.review == review  # shown at once: nothing is judged again


@pytest.mark.slow
def test_the_verdicts_show_as_the_parts_are_judged() -> None:
    viewer = viewer_of(short_game(10))
    seen: list[int] = []
    viewer.controller.observe(lambda change: seen.append(len(change["new"].moves))
                              if change["new"] is not None else None, names="review")
    viewer.review.run(wait=True)
    assert seen == [6, 10]  # the first part, then the whole game


@pytest.mark.slow
def test_a_cancelled_review_says_so_and_goes_on_later() -> None:
    viewer = viewer_of(short_game(30))
    controller, panel = viewer.controller, viewer.review
    panel.run()
    assert controller.reviewing and panel.running.layout.display == "flex"
    panel.cancel.click()  # long before 31 positions are judged
    assert panel.thread is not None
    panel.thread.join()
    assert "Review cancelled after" in panel.message.value
    assert not controller.reviewing and panel.start.layout.display is None
    panel.run(wait=True)  # goes on from the positions kept
    assert controller.review is not None and len(controller.review.moves) == 30


def test_a_review_that_fails_says_why_in_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("no workers")

    # the module, not the function that splendor_nb.analysis names "review"
    monkeypatch.setattr(sys.modules["splendor_nb.analysis.game_review"], "review_in_steps", broken)
    viewer = viewer_of(short_game())
    viewer.review.run(wait=True)
    assert "Could not review the game: no workers" in viewer.review.message.value
    assert not viewer.controller.reviewing


def test_the_move_list_marks_each_verdict_with_the_chance_lost() -> None:
    replay = four_takes()
    viewer = viewer_of(replay)
    viewer.controller.review = made_up(INACCURACY - 0.0001, INACCURACY, MISTAKE, 0.15,
                                       names=replay.names)
    rows = viewer.moves.rows[1:]
    assert [row["kind"] for row in rows] == ["", "inaccuracy", "mistake", "blunder"]
    assert [row["mark"] for row in rows] == ["", *LABEL_MARKS.values()]
    assert rows[2]["label"] == "Mistake: 10 points of win chance lost"
    assert rows[3]["label"] == "Blunder: 15 points of win chance lost"


def test_n_and_p_jump_between_mistakes_and_the_keys_are_offered_with_a_review() -> None:
    replay = four_takes()
    viewer = viewer_of(replay)
    keyboard, controller = viewer.keyboard, viewer.controller
    assert "n" not in keyboard.shortcuts  # nothing to jump to before a review
    controller.review = made_up(0.0, 0.12, 0.0, 0.2, names=replay.names)
    assert keyboard.shortcuts["n"] == "next_mistake" and keyboard.shortcuts["p"]
    keyboard._pressed(keyboard, {"action": "next_mistake"}, [])
    assert controller.turn == 2
    keyboard._pressed(keyboard, {"action": "next_mistake"}, [])
    assert controller.turn == 4
    keyboard._pressed(keyboard, {"action": "next_mistake"}, [])
    assert controller.turn == 4 and viewer.review.next.disabled
    keyboard._pressed(keyboard, {"action": "previous_mistake"}, [])
    assert controller.turn == 2 and viewer.review.previous.disabled  # none before turn 2
    assert "Move 2, Player 2:" in viewer.review.here.value
    assert "Mistake: 12 points of win chance lost" in viewer.review.here.value


@pytest.mark.slow
def test_the_hard_bot_s_move_is_marked_on_the_board_and_said_in_words() -> None:
    viewer = viewer_of(short_game())
    viewer.review.run(wait=True)
    controller = viewer.controller
    controller.go(3)
    best = controller.review.best[3]
    assert 'class="suggestion"' in viewer.board.widget.value
    here = viewer.review.here.value
    assert "From here the expert bot would play: " in here and f"({best})" in here
    viewer.review.show_best.value = False
    assert 'class="suggestion"' not in viewer.board.widget.value


@pytest.mark.slow
def test_the_better_move_is_said_for_a_labelled_move() -> None:
    viewer = viewer_of(short_game())
    viewer.review.run(wait=True)
    review = viewer.controller.review
    labelled = review.mistakes()
    if not labelled:
        pytest.skip("this short game has no labelled move at this budget")
    viewer.controller.go(labelled[0])
    assert "The expert bot preferred:" in viewer.review.here.value
    assert f"({review.moves[labelled[0] - 1].best})" in viewer.review.here.value


def test_the_review_budget_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BUDGET_ENV, "120")
    assert review_budget() == 120
    monkeypatch.setenv(BUDGET_ENV, "many")
    assert review_budget() == REVIEW_SIMULATIONS


@pytest.mark.slow
def test_a_stored_review_shows_when_a_reviewed_file_is_opened(tmp_path: Path) -> None:
    replay = short_game()
    viewer = viewer_of(replay, tmp_path)
    viewer.review.run(wait=True)
    viewer.controller.save()
    other = viewer_of(Replay.from_state(new_game(seed=1)))
    assert other.controller.open_file(tmp_path / "game.json")
    assert other.controller.review == stored_review(Replay.load(tmp_path / "game.json"))
    assert other.review.start.layout.display == "none"
    assert any(row["kind"] for row in other.moves.rows) == bool(other.controller.review.mistakes())


# --- side lines -----------------------------------------------------------------------------


def test_a_move_typed_from_a_position_starts_a_side_line_under_its_move() -> None:
    replay = short_game()
    viewer = viewer_of(replay)
    controller = viewer.controller
    controller.go(2)
    played = str(replay.turns[2].move)
    other = next(str(move) for move in controller.state.legal_moves() if str(move) != played)
    viewer.lines.typed.value = other
    viewer.lines.play_typed.click()
    assert controller.at == (3, 1, 1) and controller.in_side_line and controller.dirty
    rows = viewer.moves.rows
    index = [row["at"] for row in rows].index("3.1.1")
    assert rows[index - 1]["at"] == "3" and rows[index]["depth"] == 1  # under the move
    assert rows[index]["text"] == other and viewer.moves.at == "3.1.1"
    assert "side line" in viewer.navigation.label.value
    assert viewer.lines.promote.layout.display is None


def test_a_move_clicked_on_the_board_starts_a_side_line() -> None:
    viewer = viewer_of(short_game())
    controller = viewer.controller
    controller.go(1)
    viewer.lines.try_move.click()
    picker = viewer.lines.picker
    assert picker is not None and viewer.lines.picker_box.layout.display == "flex"
    take = next(move for move in controller.state.legal_moves() if move.kind == "take"
                and sum(move.gems) == 3 and move != controller.replay.turns[1].move)
    for colour, count in zip(("white", "blue", "green", "red", "black"), take.gems):
        if count:
            picker.board.act({"action": "supply", "colour": colour})
    picker.buttons["take"].click()
    assert controller.in_side_line and controller.current.move.gems == take.gems
    assert viewer.lines.picker is None and viewer.lines.picker_box.layout.display == "none"


def test_a_bad_move_is_said_and_adds_nothing() -> None:
    viewer = viewer_of(short_game())
    viewer.lines.typed.value = "+ww?"
    viewer.lines.play_typed.click()
    assert "Not a move:" in viewer.lines.message.value
    viewer.lines.typed.value = "B3k1"
    viewer.lines.play_typed.click()
    assert "Not played:" in viewer.lines.message.value
    assert not viewer.controller.dirty and viewer.controller.at == ()


def test_up_and_down_choose_between_the_moves_played_from_a_position() -> None:
    replay = short_game()
    viewer = viewer_of(replay)
    keyboard, controller = viewer.keyboard, viewer.controller
    controller.go(2)
    legal = [str(m) for m in controller.state.legal_moves() if m != replay.turns[2].move]
    controller.play(legal[0])
    controller.go(2)
    controller.play(legal[1])
    controller.go(3)
    assert keyboard.shortcuts["ArrowDown"] == "next_line"
    keyboard._pressed(keyboard, {"action": "next_line"}, [])
    assert controller.at == (3, 1, 1)
    keyboard._pressed(keyboard, {"action": "next_line"}, [])
    assert controller.at == (3, 2, 1)
    keyboard._pressed(keyboard, {"action": "previous_line"}, [])
    keyboard._pressed(keyboard, {"action": "previous_line"}, [])
    assert controller.at == (3,)
    controller.go(5)
    assert "ArrowDown" not in keyboard.shortcuts  # a page keeps its scrolling keys there


def test_a_side_line_steps_forward_in_its_own_line_and_takes_comments() -> None:
    replay = short_game()
    viewer = viewer_of(replay)
    controller = viewer.controller
    controller.go(2)
    first = next(m for m in controller.state.legal_moves() if m != replay.turns[2].move)
    controller.play(first)
    second = controller.state.legal_moves()[0]
    controller.play(second)
    assert controller.at == (3, 1, 2)
    viewer.navigation.buttons["back"].click()
    assert controller.at == (3, 1, 1)
    viewer.navigation.buttons["forward"].click()
    assert controller.at == (3, 1, 2) and viewer.navigation.buttons["forward"].disabled
    viewer.annotation.comment.value = "Tried instead."
    viewer.annotation.glyph.value = "!?"
    assert replay.turns[2].variations[0][1].comment == "Tried instead."
    row = next(row for row in viewer.moves.rows if row["at"] == "3.1.2")
    assert (row["comment"], row["glyph"]) == ("Tried instead.", "!?")


def test_promote_and_delete_are_kept_by_save(tmp_path: Path) -> None:
    viewer = viewer_of(short_game(), tmp_path)
    controller = viewer.controller
    replay = controller.replay
    controller.go(4)
    old = replay.turns[4].move
    other = next(m for m in controller.state.legal_moves() if m != old)
    controller.play(other)
    viewer.lines.promote.click()
    assert controller.at == (5,) and replay.turns[4].move == other
    assert replay.turns[4].variations[0][0].move == old
    viewer.toolbar.save_button.click()
    saved = Replay.load(tmp_path / "game.json")
    assert saved.turns[4].move == other and saved.turns[4].variations[0][0].move == old
    controller.go_to((5, 1, 1))
    viewer.lines.delete.click()
    assert controller.at == (5,) and replay.turns[4].variations == []
    viewer.toolbar.save_button.click()
    assert Replay.load(tmp_path / "game.json").turns[4].variations == []


def test_no_side_line_while_a_review_runs() -> None:
    viewer = viewer_of(short_game())
    controller = viewer.controller
    controller.reviewing = True
    assert viewer.lines.try_move.disabled
    viewer.lines.typed.value = str(controller.state.legal_moves()[0])
    viewer.lines.play_typed.click()
    assert "A review is running" in viewer.lines.message.value and not controller.dirty


# --- reading a game -------------------------------------------------------------------------


def test_the_address_follows_the_position_of_a_shipped_replay() -> None:
    shipped = shipped_replays()
    path = shipped["teacher-2p"]
    controller = ReplayController(Replay.load(path), path=path, name="teacher-2p")
    viewer = ReplayViewer(controller, keyboard="page")
    assert viewer.address.follow and viewer.address.query == "replay=teacher-2p&turn=0"
    controller.go(17)
    assert viewer.address.query == "replay=teacher-2p&turn=17"
    viewer.address._heard(viewer.address, {"type": "copied", "link": "http://x/?replay=a"}, [])
    assert "Link copied: http://x/?replay=a" in viewer.lines.message.value
    assert not ReplayViewer(ReplayController(Replay.load(path))).address.follow  # a notebook


def test_an_upload_has_no_link() -> None:
    viewer = viewer_of(short_game())
    assert viewer.address.query == ""
    viewer.lines.copy_link.click()
    assert "Only a shipped replay has a link" in viewer.lines.message.value


def test_the_moves_in_words() -> None:
    viewer = viewer_of(short_game())
    viewer.options.shown_as.value = True
    assert viewer.moves.in_words
    assert all(row["said"].startswith(row["name"]) for row in viewer.moves.rows[1:])


def test_spoiler_free_hides_the_result_and_what_comes_next() -> None:
    replay = Replay.load(shipped_replays()["bots-2p-easy-vs-medium"])
    viewer = viewer_of(replay)
    controller = viewer.controller
    assert "final score" in viewer.title.value
    viewer.options.spoilers.value = True
    assert controller.spoiler_free and "final score" not in viewer.title.value
    assert viewer.moves.hide_after == 0
    controller.go(9)
    assert viewer.moves.hide_after == 9
    viewer.charts.load()
    assert tuple(viewer.charts.figure.layout.xaxis.range) == (-0.5, 9.5)
    viewer.options.spoilers.value = False
    assert viewer.moves.hide_after == -1
    assert tuple(viewer.charts.figure.layout.xaxis.range) == (-0.5, len(replay) + 0.5)



def test_spoiler_free_shows_nothing_of_the_review_past_the_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import splendor_nb.analysis as analysis

    def made_up_chances(replay: Replay, progress: object = None) -> pd.DataFrame:
        """Ann falls 10 points at move 1, Bob 5 at move 2 and 20 at move 4."""
        table = turns(replay)[["turn", "player", "name", "mover", "move"]]
        return table.assign(chance=[0.5, 0.5, 0.4, 0.6, 0.45, 0.55, 0.5, 0.5, 0.7, 0.3])

    monkeypatch.setattr(analysis, "win_chances", made_up_chances)
    viewer = viewer_of(four_takes())
    controller, panel = viewer.controller, viewer.review
    controller.review = made_up(0.0, 0.12, 0.0, 0.2)  # move 2 a mistake, move 4 a blunder
    controller.go(1)
    assert "mistakes 1" in panel.accuracy.value and "blunders 1" in panel.accuracy.value
    assert 'class="suggestion"' in viewer.board.widget.value  # the expert's +rr, often next
    viewer.options.spoilers.value = True
    accuracy = panel.accuracy.value
    assert "Accuracy over the first move" in accuracy
    assert "mistakes 0" in accuracy and "blunders 0" in accuracy and "59" not in accuracy
    assert 'class="suggestion"' not in viewer.board.widget.value
    assert "From here the expert bot would play" not in panel.here.value
    controller.go(2)
    assert "mistakes 1" in panel.accuracy.value and "blunders 0" in panel.accuracy.value
    viewer.charts.show_chances()
    falls = {button: turn for button, turn in viewer.charts._falls.items()}
    assert sorted(falls.values()) == [1, 2, 4]
    assert all((button.layout.display != "none") == (turn <= 2) for button, turn in falls.items())
    controller.go(4)
    assert all(button.layout.display != "none" for button in falls)
    assert "blunders 1" in panel.accuracy.value

def test_the_comment_box_grows_with_its_text() -> None:
    viewer = viewer_of(short_game())
    viewer.controller.go(1)
    assert viewer.annotation.comment.rows == 3
    viewer.annotation.comment.value = "\n".join(["A long thought."] * 8)
    assert viewer.annotation.comment.rows == 9


# --- languages and rebuilding ---------------------------------------------------------------


def test_a_viewer_rebuilt_in_another_language_keeps_everything_and_the_old_one_stops() -> None:
    viewer = viewer_of(short_game())
    controller = viewer.controller
    controller.go(3)
    controller.annotate(comment="keep me")
    viewer.close()
    old_label = viewer.navigation.label.value
    french = ReplayViewer(controller, language="fr")
    assert french.controller.turn == 3 and controller.dirty
    assert french.review.start.description == "Analyser la partie"
    assert french.toolbar.download_button.description == "Télécharger"
    assert "Tour 3" in french.navigation.label.value
    controller.go(5)
    assert viewer.navigation.label.value == old_label  # the closed viewer no longer follows
    assert "Tour 5" in french.navigation.label.value


def test_the_viewer_speaks_each_language() -> None:
    for language, moves in (("fr", "Coups"), ("es", "Jugadas"), ("ru", "Ходы"),
                            ("tr", "Hamleler")):
        viewer = ReplayViewer(ReplayController(short_game()), language=language)
        assert viewer.moves.label == moves



def test_a_shipped_bot_game_names_its_bots_in_the_viewer_s_language() -> None:
    path = shipped_replays()["bots-2p-medium-vs-hard"]
    viewer = ReplayViewer(ReplayController(Replay.load(path), path=path, name=path.stem),
                          language="ru")
    viewer.controller.go(4)
    viewer.charts.load()
    assert viewer.controller.names == ["Средний бот 1", "Сложный бот 2"]
    shown = [viewer.title.value, viewer.board.widget.value, viewer.navigation.label.value,
             str(viewer.moves.rows), viewer.annotation.heading.value,
             str([trace.name for trace in viewer.charts.figure.data])]
    assert all("Средний бот 1" in text for text in shown[:2])
    assert not [text for text in shown if "Medium bot" in text or "Hard bot" in text]


def test_the_teacher_game_s_comments_and_event_are_said_in_the_viewer_s_language() -> None:
    path = shipped_replays()["teacher-2p"]
    english = Replay.load(path).turns[0].comment
    for language, words in (("fr", "Les deux joueurs ouvrent"), ("es", "Los dos jugadores"),
                            ("ru", "Оба игрока начинают"), ("tr", "İki oyuncu da")):
        viewer = ReplayViewer(ReplayController(Replay.load(path), path=path, name=path.stem),
                              language=language)
        controller = viewer.controller
        controller.go(1)
        assert viewer.moves.rows[1]["comment"].startswith(words)
        assert viewer.annotation.comment.value.startswith(words)
        assert "sample game" not in viewer.title.value and "annotated" not in viewer.title.value
        viewer.annotation.glyph.value = "!"  # a glyph written: the comment stays as in the file
        assert controller.replay.turns[0].comment == english and controller.dirty
        viewer.annotation.comment.value = "À moi."
        assert controller.replay.turns[0].comment == "À moi."

def test_the_public_demo_reviews_on_one_process() -> None:
    demo = viewer_of(short_game())
    assert demo.review.workers is None  # every core on one's own machine
    read_only = ReplayViewer(ReplayController(short_game(), read_only=True))
    assert read_only.review.workers == 1  # visitors share the demo's machine


@pytest.mark.slow
def test_a_promoted_side_line_keeps_the_verdicts_before_it() -> None:
    viewer = viewer_of(short_game())
    controller = viewer.controller
    viewer.review.run(wait=True)
    controller.go(4)
    other = next(m for m in controller.state.legal_moves() if m != controller.replay.turns[4].move)
    controller.play(other)
    controller.promote()
    review = controller.review
    assert review is not None and len(review.moves) == 4  # the moves before the new one
    assert viewer.review.start.layout.display is None  # Review judges the new positions
    viewer.review.run(wait=True)
    assert len(controller.review.moves) == len(controller.replay)


def test_closing_twice_and_dropping_a_closed_viewer_raise_nothing(
        recwarn: pytest.WarningsRecorder) -> None:
    controller = ReplayController(short_game())
    viewer = ReplayViewer(controller)
    viewer.close()
    viewer.close()
    for widget in (viewer.moves, viewer.keyboard, viewer.address):
        widget.__del__()  # what ipywidgets does when the widget is dropped
    del viewer
    gc.collect()
    controller.go(2)  # nothing of the closed viewer listens any more
    assert ReplayViewer(controller).navigation.slider.value == 2
    assert not [w for w in recwarn if "Unraisable" in type(w.message).__name__]


def test_last_goes_to_the_end_of_the_line_in_one_step() -> None:
    replay = short_game(12)
    controller = ReplayController(replay)
    seen: list[tuple[int, ...]] = []
    controller.observe(lambda change: seen.append(change["new"]), names="at")
    controller.last()
    assert seen == [(12,)]  # the views redraw once, not once per move
    controller.go(3)
    controller.play(next(m for m in controller.state.legal_moves() if m != replay.turns[3].move))
    controller.play(controller.state.legal_moves()[0])
    controller.go_to((4, 1, 1))
    controller.last()
    assert controller.at == (4, 1, 2)


def test_a_detached_viewer_keeps_its_widgets_and_stops_following() -> None:
    controller = ReplayController(short_game())
    viewer = ReplayViewer(controller)
    viewer.detach()
    viewer.detach()
    label = viewer.navigation.label.value
    controller.go(4)
    assert viewer.navigation.label.value == label and viewer.moves.at == ""
    assert viewer.widget.comm is not None  # still drawable: a page may be showing it
    viewer.close()
    assert viewer.widget.comm is None


def test_a_viewer_in_another_language_drops_the_status_said_in_the_old_one() -> None:
    controller = ReplayController(short_game())
    controller.status = "Opened game"
    ReplayViewer(controller)  # English, as the status was said
    assert controller.status == "Opened game"
    ReplayViewer(controller, language="tr")
    assert controller.status == ""
