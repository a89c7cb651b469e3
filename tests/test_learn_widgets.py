"""The Learn widgets driven from Python, as a learner's clicks drive them: the diagram walk on a
position (its buttons, the diagram's nodes and the board), the lessons' exercises answered
right and wrong, the puzzles, the app's Learn tab and the Replay tab's step-through.

Clicks on the board go through ``board.act`` (what the page sends), clicks on a diagram node or
a rule id through ``LinkedHTML.click``; what the page would show is read from the widgets.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from splendor_nb.app import LEARN_TAB, build_app
from splendor_nb.engine import new_game
from splendor_nb.learn import Chapter, Exercise, Walk, shipped_chapters, teacher_puzzles
from splendor_nb.learn.checkers import Answer
from splendor_nb.moves import Move
from splendor_nb.replay import Replay
from splendor_nb.ui import ReplayController, ReplayViewer
from splendor_nb.ui.board_widget import ClickableBoard
from splendor_nb.ui.learn_tab import (
    ExerciseView,
    LearnTab,
    LessonView,
    LinkedHTML,
    PuzzleView,
    RulePanel,
    WalkView,
)
from splendor_nb.ui.learn_tab.learn_labels import node_labels
from splendor_nb.ui.learn_tab.links import markdown_html
from splendor_nb.ui.learn_tab.more_below import MoreBelow
from splendor_nb.ui.learn_tab.notation_key import EXAMPLES as NOTATION_EXAMPLES
from splendor_nb.ui.learn_tab.style import learn_style
from splendor_nb.ui.learn_tab.trainer_view import TrainerView
from support.picker_clicks import play_on_board

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "splendor_nb" / "ui" / "static"
TUTORIAL = ROOT / "notebooks" / "tutorial.ipynb"


def chapter(chapter_id: str) -> Chapter:
    return next(c for c in shipped_chapters() if c.id == chapter_id)


def exercise(chapter_id: str, exercise_id: str) -> Exercise:
    return next(c for c in shipped_chapters() if c.id == chapter_id).exercise(exercise_id)


def answer_by_clicks(view: ExerciseView, value: Answer) -> None:
    """Answer an exercise the way a learner does: buttons, a number, the board."""
    exercise = view.exercise
    if exercise.answer_by == "choice" and exercise.multiple:
        chosen = {str(v) for v in value} if isinstance(value, tuple | list) else {str(value)}
        for option, button in view.options.items():
            button.value = option in chosen
        view.check.click()
    elif exercise.answer_by == "choice":
        view.options[str(value)].click()
    elif exercise.answer_by == "number":
        view.number.value = int(str(value))
        view.check.click()
    elif exercise.pick == "move":
        assert view.picker is not None
        play_on_board(view.picker, str(value))
    else:
        assert view.board is not None
        view.board.act({"action": "card", "card": str(value)})


# --- the diagram walk --------------------------------------------------------------------------


def test_each_decision_node_answers_for_the_position_with_its_rule() -> None:
    view = WalkView(new_game(seed=7), ["Ada", "Ben"])
    assert "Ada to move: turn 0, round 1." in view.step.value
    view.next.click()
    assert 'data-current="q_action"' in view.diagram.value
    view.diagram.click("node", "q_four")  # a marked box of the diagram: the gems branch
    assert view.walk.current.node == "q_four"
    assert "Yes: white, blue, green, red, black have 4 or more each" in view.step.value
    assert 'data-rule="R-TAKE2"' in view.step.value  # R-TAKE2 cited, as a button


def test_a_branch_closed_here_is_greyed_with_its_reason() -> None:
    view = WalkView(new_game(seed=7), ["Ada", "Ben"])
    view.next.click()
    # R-PASS: a player with a legal action may not pass
    assert 'data-node="pass"' in view.diagram.value
    pass_node = view.diagram.value.split('data-node="pass"')[1].split(">")[0]
    assert 'data-closed="1"' in pass_node and "may not pass" in pass_node
    assert "Closed here: “nothing legal → Pass (nothing is legal)”" in view.step.value
    view.diagram.click("node", "pass")
    assert view.walk.current.node == "q_action"  # a closed node cannot be chosen ...
    assert "is closed here" in view.step.value and "may not pass" in view.step.value
    assert view.rules is not None and view.rules.shown == ("R-PASS",)  # ... its rule shows


def test_reserving_is_closed_with_three_cards_in_hand() -> None:
    position = chapter("actions").positions["mia-hal"]  # Hal holds three reserved cards
    view = WalkView(position.state, position.names)
    view.next.click()
    view.choose("q_reserved")
    assert "No: Hal holds 3, the limit, so reserving is closed" in view.step.value
    assert 'data-rule="R-RESERVE-LIMIT"' in view.step.value
    with pytest.raises(ValueError, match="R-RESERVE-LIMIT"):
        view.choose("q_reserve")
    assert [button.description for button in view.ways.children] == []  # one way on: Next
    assert not view.next.disabled


def test_a_take_is_clicked_on_the_board_and_the_board_shows_it() -> None:
    view = WalkView(new_game(seed=7), ["Ada", "Ben"])
    view.next.click()
    view.choose("q_four")
    view.next.click()
    view.choose("take3")
    assert 'data-action="supply" data-colour="white"' in view.board.svg  # the piles marked
    for colour in ("white", "blue"):
        view.board.act({"action": "supply", "colour": colour})
    assert view.walk.current.node == "take3" and view.picked == (1, 1, 0, 0, 0, 0)
    assert "Picked so far: 1 white, 1 blue" in view.step.value
    view.board.act({"action": "supply", "colour": "green"})  # R-TAKE3: three colours
    assert view.walk.current.node == "end" and str(view.walk.move) == "+wbg"
    assert 'data-turn="1"' in view.board.svg  # the board shows the position after the take
    assert "The turn: +wbg" in view.step.value


def test_a_click_on_the_board_before_the_action_says_to_choose_a_way() -> None:
    view = WalkView(new_game(seed=7))
    view.board.act({"action": "supply", "colour": "red"})
    assert view.walk.current.node == "start"
    assert "Nothing to click on the board at this step" in view.step.value


def walk_to(view: WalkView, move: str, node: str) -> None:
    """Click the diagram's boxes along ``move``'s path, up to ``node``."""
    path = Walk.of_move(view.walk.state, move).nodes
    for box in path[1:path.index(node) + 1]:
        view.diagram.click("node", box)
    assert view.walk.current.node == node


def test_the_end_of_turn_checks_are_stepped_one_by_one() -> None:
    position = chapter("token-limit").positions["eleven"]  # Ada holds 9; red, black left
    view = WalkView(position.state, position.names)
    walk_to(view, "+rk -w", "take3")
    view.choose("+rk")  # R-TAKE3: the two colours left
    view.next.click()  # end -> q_over10
    assert view.walk.current.node == "q_over10"
    assert "Ada holds 11 tokens and gives back 1" in view.step.value
    assert 'data-rule="R-LIMIT10"' in view.step.value
    view.next.click()  # R-LIMIT10: more than 10, so the return node
    assert view.walk.current.node == "return"
    returns = [button.description for button in view.ways.children]
    assert returns and all(text.startswith("-") for text in returns)
    view.ways.children[0].click()
    assert view.walk.current.node == "q_noble" and 'data-rule="R-NOBLE"' in view.step.value
    view.next.click()
    assert view.walk.current.node == "q_15" and 'data-rule="R-END-TRIGGER"' in view.step.value
    view.next.click()
    assert view.walk.done and "The turn is over" in view.step.value
    assert view.next.disabled and view.skip.disabled


def test_a_noble_due_is_answered_at_its_check() -> None:
    position = chapter("nobles").positions["ben-noble"]
    view = WalkView(position.state, position.names)
    walk_to(view, "B1r2", "buy")
    view.board.act({"action": "card", "card": "1r2"})  # R-BUY: an affordable card, clicked
    assert view.walk.steps[-2].chosen == "B1r2"
    view.skip.click()  # one noble due: no choice to stop at
    assert view.walk.nodes[-4:] == ("q_noble", "noble", "q_15", "next")
    noble_step = next(step for step in view.walk.steps if step.node == "q_noble")
    assert noble_step.answer.text().startswith("Yes: N2 asks for 4 green, 4 red")
    assert 'data-visited="N2"' in view.board.svg  # R-NOBLE: the board shows the visit


def test_back_and_restart_and_a_walked_node_clicked_go_back() -> None:
    view = WalkView(new_game(seed=7))
    assert view.back.disabled and view.restart.disabled
    view.next.click()
    view.choose("q_four")
    view.next.click()
    view.back.click()
    assert view.walk.current.node == "q_four"
    view.diagram.click("node", "start")
    assert view.walk.nodes == ("start",)
    view.next.click()
    view.choose("q_reserved")
    view.restart.click()
    assert view.walk.nodes == ("start",) and view.back.disabled


def test_many_moves_at_a_node_are_a_list_to_pick_from() -> None:
    view = WalkView(new_game(seed=7))
    view.next.click()
    view.choose("q_reserved")
    view.next.click()
    view.choose("reserve")  # R-RESERVE: 12 face-up cards and 3 decks
    assert view.ways.children == (view.moves, view.play_move)
    view.moves.value = "R?2"
    view.play_move.click()
    assert view.walk.current.node == "gold" and str(view.walk.move) == "R?2"


def test_clicking_a_node_or_a_rule_id_shows_the_rule_text() -> None:
    view = WalkView(new_game(seed=7))
    assert view.rules is not None and view.rules.widget.layout.display == "none"
    view.diagram.click("node", "q_noble")  # not a way on: only its rule
    assert view.rules.shown == ("R-NOBLE",) and view.walk.nodes == ("start",)
    assert "### R-NOBLE" not in view.rules.text.value and "R-NOBLE" in view.rules.text.value
    view.step.click("rule", "R-PASS")
    assert view.rules.shown == ("R-PASS",)
    view.rules.text.click("rule", "R-TAKE2")  # a rule cited inside a rule's text
    assert view.rules.shown == ("R-TAKE2",)
    view.rules.close.click()
    assert view.rules.widget.layout.display == "none"


# --- links and the panel -------------------------------------------------------------------------


def test_rule_ids_become_buttons_and_the_page_cannot_send_anything_else() -> None:
    html = markdown_html("Take two (R-TAKE2), never R-NOSUCH, and `R-LIMIT10` in code.")
    assert html.count('data-rule="R-TAKE2"') == 1 and "R-NOSUCH" in html
    assert 'data-rule="R-NOSUCH"' not in html and 'data-rule="R-LIMIT10"' in html
    text = LinkedHTML(html)
    seen: list[tuple[str, str]] = []
    text.on_click(lambda kind, target: seen.append((kind, target)))
    for junk in ({"kind": "rule", "id": "R-NOSUCH"}, {"kind": "eval", "id": "x"},
                 {"kind": "rule"}, ["rule", "R-TAKE2"], {"kind": "node", "id": 3}):
        text._received(text, junk, None)
    text._received(text, {"kind": "node", "id": "q_15"}, None)
    assert seen == [("node", "q_15")]


def test_a_rule_clicked_in_a_lesson_opens_under_what_was_clicked() -> None:
    view = LessonView(chapter("actions"))
    shown = view.exercises["no-pass"]
    shown.options["yes"].click()
    shown.said.click("rule", "R-PASS")
    section = next(child for child in view.widget.children
                   if shown.widget in getattr(child, "children", ()))
    below = section.children[section.children.index(shown.widget) + 1]
    assert below.children == (view.rules.widget,) and view.rules.shown == ("R-PASS",)
    view.walks[0].diagram.click("node", "q_reserved")  # then a node of the walk: under it
    assert below.children == () and below.layout.display == "none"
    assert view.rules.shown == ("R-RESERVE-LIMIT",)


def test_a_panel_for_a_node_without_rules_stays_as_it_was() -> None:
    panel = RulePanel()
    panel.show("R-TAKE3")
    panel.show("start")
    assert panel.shown == ("R-TAKE3",)


def test_the_learn_front_end_is_in_files_in_the_palettes_colours() -> None:
    assert str(LinkedHTML._esm) == (STATIC / "learn_links.js").read_text(encoding="utf-8")
    assert str(LinkedHTML._css) == (STATIC / "learn_links.css").read_text(encoding="utf-8")
    css = (STATIC / "learn.css").read_text(encoding="utf-8")
    assert learn_style().endswith(f"{css}</style>")
    assert "--splendor-right-background:" in learn_style()


# --- exercises ---------------------------------------------------------------------------------


@pytest.mark.parametrize("chapter_index", range(len(shipped_chapters())))
def test_every_exercise_takes_its_stated_answer_by_clicks_and_refuses_the_wrong_one(
        chapter_index: int) -> None:
    lesson = shipped_chapters()[chapter_index]
    view = LessonView(lesson)
    for item in lesson.exercises:
        shown = view.exercises[item.id]
        answer_by_clicks(shown, item.wrong_answer)
        assert shown.feedback is not None and not shown.feedback.correct, item.id
        assert "splendor-wrong" in shown.said.value and "try again" in shown.said.value.lower()
        assert any(f'data-rule="{rule}"' in shown.said.value for rule in item.rules), item.id
        answer_by_clicks(shown, item.answer)
        assert shown.feedback.correct and shown.solved, item.id
        assert "splendor-right" in shown.said.value and "✓ solved" in shown.title.value
    assert f"all {len(lesson.exercises)} exercises solved" in view.progress_line.value
    assert view.progress_end.value == view.progress_line.value


def test_a_wrong_answer_after_a_right_one_keeps_the_exercise_solved() -> None:
    lesson = chapter("actions")
    view = LessonView(lesson)
    shown = view.exercises["no-pass"]
    shown.options["no"].click()
    shown.options["yes"].click()  # R-PASS
    assert shown.options["yes"].button_style == "danger" and shown.options["no"].button_style == ""
    assert shown.solved and "1 of 8 exercises solved" in view.progress_line.value


def test_a_wrong_number_gets_the_hint_first_and_the_answer_at_the_second_try() -> None:
    shown = ExerciseView(exercise("setup", "cards-tier-1"))
    shown.number.value = 30
    shown.check.click()
    first = shown.said.value
    assert "Not quite." in first and "The answer is 40" not in first
    assert "40, 30 and 20" not in first  # the explanation would give it away
    assert "Tier 1 is the biggest" in shown.hint_text.value  # the hint, pointing at the rule
    assert shown.show_answer.layout.display is None and 'data-rule="R-COMP-CARDS"' in first
    shown.number.value = 20
    shown.check.click()
    second = shown.said.value
    assert second != first and "40, 30 and 20" in second and "The answer is 40." in second
    assert second.count("Not quite") == 1 and shown.show_answer.layout.display == "none"
    shown.number.value = 40
    shown.check.click()
    assert shown.solved and shown.said.value.count("Yes") == 1


def test_show_the_answer_on_request_and_a_board_answer_named() -> None:
    shown = ExerciseView(exercise("nobles", "noble-ben"))
    assert shown.board is not None
    shown.board.act({"action": "card", "card": "1k2"})
    assert "The answer is 1r2." not in shown.said.value
    shown.show_answer.click()
    assert "The answer is 1r2." in shown.said.value and shown.exercise.wrong[:20] in \
        html.unescape(shown.said.value)


@pytest.mark.parametrize("language", ["en", "fr", "es", "ru", "tr"])
def test_feedback_never_says_its_verdict_twice(language: str) -> None:
    """"Right." above "Right: ..." (or "Not quite." above "Not quite: ...") is said once."""
    for lesson in shipped_chapters(language):
        view = LessonView(lesson, language=language)
        for item in lesson.exercises:
            shown = view.exercises[item.id]
            for value in (item.wrong_answer, item.wrong_answer, item.answer):
                shown.answer(value)
                text = re.sub(r"<[^>]+>", " ", html.unescape(shown.said.value))
                first = re.split(r"[.:!?]", text.strip(), maxsplit=1)[0].strip()
                assert text.count(first + ".") + text.count(first + ":") + \
                    text.count(first + " :") <= 1, (item.id, text)


def test_a_hint_is_shown_when_asked_for() -> None:
    shown = ExerciseView(exercise("actions", "reserve-limit"))
    assert shown.hint_text.value == ""
    shown.hint.click()
    assert "Count the cards in Hal's hand." in shown.hint_text.value


def test_the_engine_says_why_a_card_brings_no_noble() -> None:
    shown = ExerciseView(exercise("nobles", "noble-ben"))
    assert shown.board is not None and 'data-action="card"' in shown.board.svg
    shown.board.act({"action": "card", "card": "1k2"})
    assert shown.feedback is not None and not shown.feedback.correct
    assert "brings no noble" in shown.said.value and 'data-rule="R-NOBLE"' in shown.said.value


def test_an_illegal_move_on_the_board_is_refused_with_its_rule() -> None:
    shown = ExerciseView(exercise("strategy", "puzzle-green"))
    assert shown.picker is not None
    shown.picker.board.act({"action": "supply", "colour": "gold"})  # R-TAKE3: no gold pile
    assert "R-TAKE3" in shown.picker.prompt.value and shown.feedback is None
    play_on_board(shown.picker, "+gg")  # R-TAKE2: green has 4
    assert shown.feedback is not None and shown.feedback.correct


def test_a_board_exercise_without_a_click_says_to_pick_first() -> None:
    shown = ExerciseView(exercise("nobles", "noble-ben"))
    assert shown.check is None  # a card clicked is the answer: no Check button in the page
    shown._check_clicked()
    assert shown.feedback is None and "Pick something on the board first." in shown.said.value


def test_the_sections_board_is_not_drawn_twice() -> None:
    view = LessonView(chapter("nobles"))
    # "The reply" section: its board exercise draws the board, the choice after it has none
    assert view.exercises["noble-ada"].board is not None
    assert view.exercises["noble-tokens"].board is None
    assert len(view.walks) == 1


def test_the_tutorial_has_every_shipped_chapter_in_order_and_no_outputs() -> None:
    notebook = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    headings = ["".join(cell["source"]).splitlines()[0] for cell in cells
                if cell["cell_type"] == "markdown"]
    chapters = shipped_chapters()
    assert re.findall(r'LessonView\(chapters\["([a-z0-9-]+)"\]', code) == [c.id for c in chapters]
    for number, lesson in enumerate(chapters, start=1):
        assert f"## {number}. {lesson.title}" in headings
    assert "PuzzleView(teacher_puzzles())" in code
    assert all(not cell.get("outputs") and cell.get("execution_count") is None
               for cell in cells if cell["cell_type"] == "code")


# --- puzzles and the Learn tab -----------------------------------------------------------------


def test_the_teacher_games_puzzles_are_found_on_the_board() -> None:
    puzzles = teacher_puzzles()
    view = PuzzleView(puzzles)
    for index, puzzle in enumerate(puzzles):
        view.open(index)
        assert f"Puzzle {index + 1} of {len(puzzles)}" in view.where.value
        play_on_board(view.picker, str(puzzle.answer).split()[0])
        assert view.verdict is not None and view.verdict.correct, puzzle.number
        if puzzle.explanation:
            assert puzzle.explanation.split("(R-")[0][:40] in view.said.value.replace(
                "&#x27;", "'")
    assert len(view.solved) == len(puzzles) and view.next.disabled


def test_a_wrong_puzzle_move_names_the_move_to_find_only_when_asked() -> None:
    view = PuzzleView(teacher_puzzles())
    play_on_board(view.picker, "+wbr")
    assert view.verdict is not None and not view.verdict.correct
    assert "Try again" in view.said.value and view.solved == set()
    assert "+wbr is legal, but it is not the move to find." in view.said.value
    assert "+wbg" not in view.said.value  # a wrong try does not give the move away
    view.hint.click()
    assert "Ada takes gems." in view.said.value
    view.show.click()
    assert "The move was +wbg." in view.said.value


def test_the_learn_tab_picks_chapters_and_counts_progress() -> None:
    tab = LearnTab()
    assert tab.view.chapter.id == "setup" and tab.previous.disabled
    assert tab.picker.options[0][0] == "1. The box and the setup (0/7)"
    tab.next.click()
    assert tab.view.chapter.id == "actions" and tab.picker.value == 1
    assert isinstance(tab.view, LessonView)
    tab.view.build_rest()  # what the page asks for as it draws the chapter
    tab.view.exercises["no-pass"].options["no"].click()
    assert tab.picker.options[1][0] == "2. The four actions (1/8)" and tab.picker.value == 1
    tab.picker.value = len(tab.chapters)
    assert isinstance(tab.view, PuzzleView) and tab.next.description == "Puzzle trainer"
    play_on_board(tab.view.picker, "+wbg")
    assert tab.picker.options[-2][0].endswith(f"(1/{len(tab.puzzles)})")
    tab.next.click()
    assert isinstance(tab.view, TrainerView) and tab.next.layout.display == "none"
    assert tab.picker.options[-1][0] == "Puzzle trainer"
    tab.open("1")
    assert tab.view.chapter.id == "setup"
    with pytest.raises(KeyError, match="There is no chapter 'nope'"):
        tab.open("nope")


@pytest.mark.slow
def test_the_app_has_a_learn_tab_and_opens_a_chapter_from_the_link() -> None:
    app = build_app("lesson=last-round")
    assert app.titles[LEARN_TAB] == "Learn" and app.learn.widget in app.children[LEARN_TAB].children
    assert app.selected_index == LEARN_TAB and app.learn.view.chapter.id == "last-round"
    assert build_app("chapter=2").learn.view.chapter.id == "actions"
    assert isinstance(build_app("lesson=puzzles").learn.view, PuzzleView)
    assert isinstance(build_app("lesson=trainer").learn.view, TrainerView)
    broken = build_app("chapter=<b>9</b>")
    assert broken.selected_index == LEARN_TAB and broken.learn.view.chapter.id == "setup"
    assert "There is no chapter" in broken.learn.message.value
    assert "<b>9" not in broken.learn.message.value  # escaped
    assert build_app("").selected_index == 0


# --- the Replay tab's step-through -------------------------------------------------------------


def test_the_replay_diagram_steps_through_the_current_move() -> None:
    replay = Replay.from_state(new_game(seed=7), {"players": [{"name": "Ada"}, {"name": "Ben"}]})
    replay.play("+wbg")
    replay.play("R1g8")
    viewer = ReplayViewer(ReplayController(replay, turn=2))
    stepper = viewer.stepper
    whole = viewer.diagram.widget.value
    assert stepper.step is None and stepper.buttons["next"].layout.display == "none"
    stepper.start.click()
    assert stepper.step == 0 and "Step 1 of" in stepper.text.value
    assert "Ben to move" in stepper.text.value
    stepper.buttons["next"].click()
    stepper.buttons["next"].click()
    assert stepper.walk is not None and stepper.walk.nodes[2] == "q_reserved"
    assert 'data-current="q_reserved"' in viewer.diagram.widget.value
    assert "R-RESERVE-LIMIT" in stepper.text.value  # the node's answer, with its rule
    viewer.diagram.widget.click("node", "gold")  # a node of the path: its step, its rules
    assert stepper.walk.nodes[stepper.step] == "gold" and stepper.rules.shown == ("R-RESERVE",)
    stepper.buttons["last"].click()
    assert stepper.buttons["next"].disabled and "Ada plays next." in stepper.text.value
    viewer.navigation.buttons["back"].click()  # another turn: the whole path again
    assert stepper.step is None and stepper.rules.shown == ()
    assert viewer.diagram.widget.value != whole and "data-current" not in \
        viewer.diagram.widget.value
    stepper.buttons["first"].click()
    viewer.navigation.buttons["first"].click()
    assert stepper.start.disabled and "no move has been played yet" in stepper.text.value


@pytest.mark.parametrize("language", ["fr", "es", "ru", "tr"])
def test_the_walks_step_titles_are_in_the_learners_language(language: str) -> None:
    labels = node_labels(language)
    view = WalkView(new_game(seed=7), ["Ada", "Ben"], language=language)
    for _ in range(3):
        node = view.walk.current.node
        assert html.unescape(labels[node]) in html.unescape(view.step.value), node
        view.choose(view.walk.current.open_options[0].key)
    replay = Replay.from_state(new_game(seed=7), {"players": [{"name": "Ada"}, {"name": "Ben"}]})
    replay.play("+wbg")
    viewer = ReplayViewer(ReplayController(replay, turn=1), language=language)
    viewer.stepper.start.click()
    assert html.unescape(labels["start"]) in html.unescape(viewer.stepper.text.value)
    assert "Start of the turn" not in viewer.stepper.text.value


def descendants(widget: widgets.Widget) -> list[widgets.Widget]:
    """A widget and every widget inside it, in the page's order."""
    children = getattr(widget, "children", ())
    return [widget, *(inner for child in children for inner in descendants(child))]


def test_the_tab_builds_the_chapter_shown_its_opening_first_and_the_rest_as_the_page_asks() -> None:
    tab = LearnTab(keep="browser")
    assert list(tab.views) == [0]  # only the chapter shown
    lesson = tab.view
    assert isinstance(lesson, LessonView) and not lesson.built
    assert tab._state.browser is not None
    tab._state.browser.received({"type": "kept", "value": ["setup/nobles-4p"]})
    first = descendants(lesson.widget)
    boards = [part for part in first if isinstance(part, ClickableBoard)]
    assert len(boards) == 1 and lesson.exercises == {}  # the opening: its first board
    assert lesson.reset not in first
    everything = descendants(LessonView(lesson.chapter).widget)
    assert len(first) < len(everything) / 4
    asked = 0
    while not lesson.built:  # the page draws the note below, which asks for more
        more = lesson.widget.children[-1]
        assert isinstance(more, MoreBelow) and "Loading…" in more.text
        more.received({"event": "drawn"})
        asked += 1
        assert more.comm is None  # closed: the page drops it
    assert asked > 2 and lesson.widget.children[-1] is lesson.reset
    assert set(lesson.exercises) == {exercise.id for exercise in lesson.chapter.exercises}
    assert len(descendants(lesson.widget)) == len(everything)
    assert lesson.exercises["nobles-4p"].solved  # kept before it was built
    assert "1 of 7 exercises solved" in lesson.progress_end.value


def test_progress_kept_in_the_browser_comes_back_and_a_reset_forgets_it() -> None:
    tab = LearnTab(keep="browser")
    store = tab._state.browser
    assert store is not None and store in tab.widget.children  # drawn, so its script runs
    sent: list[object] = []
    store.send = sent.append  # type: ignore[method-assign]  # what goes to the page
    store.received({"type": "kept", "value": ["actions/no-pass", "setup/players"]})
    assert "2. The four actions (1/8)" in [label for label, _ in tab.picker.options]
    tab.open("actions")
    lesson = tab.view
    assert isinstance(lesson, LessonView)
    lesson.build_rest()
    assert lesson.exercises["no-pass"].solved
    assert "1 of 8 exercises solved" in lesson.progress_line.value
    lesson.exercises["keep"].options["B2r2"].value = True
    lesson.exercises["keep"].check.click()
    assert sent[-1] == {"type": "keep", "value": ["actions/keep", "actions/no-pass",
                                                 "setup/players"]}
    lesson.reset.click()
    assert sent[-1] == {"type": "keep", "value": []}
    assert not lesson.exercises["no-pass"].solved and lesson.exercises["keep"].said.value == ""
    assert "0 of 8 exercises solved" in lesson.progress_line.value
    assert "2. The four actions (0/8)" in [label for label, _ in tab.picker.options]


def test_progress_kept_on_disk_for_the_notebook(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from splendor_nb.learn import progress_file

    monkeypatch.setattr(progress_file, "progress_path", lambda: tmp_path / "progress.json")
    first = LearnTab(keep="disk")
    first.open("actions")
    assert isinstance(first.view, LessonView)
    first.view.build_rest()
    first.view.exercises["no-pass"].options["no"].click()
    again = LearnTab(keep="disk")  # the next session
    again.open("actions")
    assert isinstance(again.view, LessonView)
    again.view.build_rest()
    assert again.view.exercises["no-pass"].solved
    notebook = LessonView(chapter("actions"), progress_file.saved_progress())
    assert notebook.exercises["no-pass"].solved
    notebook.reset.click()
    assert progress_file.saved_progress().keys() == []


@pytest.mark.parametrize("language", ["en", "fr", "es", "ru", "tr"])
def test_chapter_1_draws_a_labelled_card_and_board_and_teaches_the_notation(
        language: str) -> None:
    lesson = next(c for c in shipped_chapters(language) if c.id == "setup")
    view = LessonView(lesson, language=language)
    pictures = [child for box in view.widget.children for child in getattr(box, "children", ())
                if "splendor-lesson-picture" in child._dom_classes]
    card, board = (picture.value for picture in pictures)
    assert 'data-card="2w1"' in card and 'class="splendor-board-svg"' in board
    for part in ("points", "bonus", "cost", "tier"):
        assert f'data-part="{part}"' in card
    for part in ("nobles", "decks", "market", "supply", "player"):
        assert f'data-part="{part}"' in board
    if language != "en":  # every label in the learner's language
        assert ">market<" not in board and ">cost<" not in card
    # the notation is taught before the first section that writes a card or a move
    headings = [section.text for section in lesson.sections]
    notation = next(k for k, text in enumerate(headings) if "`B2w1=ggrrkky`" in text)
    typed = next(k for k, section in enumerate(lesson.sections)
                 if section.position is not None and section.position.key == "typed")
    assert notation < typed
    view.notation.button.value = True  # the key, reopened at any time
    assert view.notation.panel.layout.display is None
    for _key, example in NOTATION_EXAMPLES:
        if example[0] not in "N123":
            Move.parse(example)
        assert f"<code>{html.escape(example)}</code>" in view.notation.panel.value


def test_chapter_2_walks_one_turn_in_prose_to_the_board_after_it() -> None:
    lesson = chapter("actions")
    section = next(s for s in lesson.sections if s.position is not None
                   and s.position.key == "after-wbg")
    state = section.position.state if section.position else None
    assert state is not None and state.turn == 1 and state.supply_counts[:3] == (3, 3, 3)
    assert "*Confirm*" in section.text and "`+wbg`" in section.text
    assert lesson.sections.index(section) == 1  # right after the walk of the same opening
