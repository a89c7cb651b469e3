"""The lessons: every rule of docs/rules.md taught and checked, every exercise's stated answer
accepted by the engine and a wrong one refused, and broken chapter files refused with the file
and the field named."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import fastjsonschema
import pytest

from splendor_nb.learn.checkers import KINDS, quantity
from splendor_nb.learn.lessons import (
    LESSONS,
    Chapter,
    Exercise,
    LessonError,
    load_chapter,
    loads_chapter,
    shipped_chapters,
)
from splendor_nb.learn.progress import Progress
from splendor_nb.moves import InvalidMoveError, Move
from splendor_nb.rulebook import RULE_IDS
from splendor_nb.ui.replays import REPLAYS_DIR

CHAPTERS = shipped_chapters()
EXERCISES = [(chapter, exercise) for chapter in CHAPTERS for exercise in chapter.exercises]


def exercise_id(item: tuple[Chapter, Exercise]) -> str:
    return f"{item[0].id}/{item[1].id}"


# --- the shipped chapters -------------------------------------------------------------------

def test_chapters_in_the_order_of_the_course() -> None:
    assert [c.id for c in CHAPTERS] == ["setup", "actions", "bonuses", "token-limit", "nobles",
                                        "last-round", "strategy"]
    files = sorted(f.name for f in LESSONS.iterdir() if f.name.endswith(".toml"))
    assert all(name[:2].isdigit() and name[2] == "-" for name in files)


def test_every_chapter_file_validates_against_the_schema() -> None:
    schema = json.loads(LESSONS.joinpath("chapter.schema.json").read_text(encoding="utf-8"))
    validate = fastjsonschema.compile(schema)
    for file in LESSONS.iterdir():
        if file.name.endswith(".toml"):
            validate(tomllib.loads(file.read_text(encoding="utf-8")))


def test_every_rule_is_taught_in_some_chapter_and_checked_by_an_exercise() -> None:
    taught = {rule for chapter in CHAPTERS for rule in chapter.rules_taught}
    checked = {rule for chapter in CHAPTERS for rule in chapter.rules_checked}
    assert set(RULE_IDS) - taught == set()
    assert set(RULE_IDS) - checked == set()


@pytest.mark.parametrize("item", EXERCISES, ids=exercise_id)
def test_stated_answer_accepted_and_wrong_answer_refused(item: tuple[Chapter, Exercise]) -> None:
    _, exercise = item
    right = exercise.check(exercise.answer)
    assert right.correct, [str(d) for d in right.detail]
    assert right.explanation == exercise.right and right.detail
    wrong = exercise.check(exercise.wrong_answer)
    assert not wrong.correct, [str(d) for d in wrong.detail]
    assert wrong.explanation == exercise.wrong
    assert set(right.rules) == set(exercise.rules)


def stated_moves(exercise: Exercise) -> list[str]:
    """The moves an exercise gives as playable: a move to find, the move of a `legal`
    question answered yes, the move of a question about what a move does, the moves chosen
    as its answer, and every move its right answer's explanation writes in backticks."""
    params, answer = exercise.params, exercise.answer
    moves = [str(answer)] if exercise.pick == "move" else []
    if exercise.kind == "legal" and answer == "yes":
        moves.append(params["move"])
    if exercise.kind in ("refill", "ends_game", "tie_winner") and \
            params.get("move", "played") != "played":
        moves.append(params["move"])
    if exercise.kind == "frees_card":
        moves += [str(option) for option in answer]  # type: ignore[union-attr]
    for written in re.findall(r"`([^`]+)`", exercise.right):
        try:
            Move.parse(written)
        except InvalidMoveError:
            continue
        moves.append(written)
    return moves


@pytest.mark.parametrize("item", [item for item in EXERCISES if item[1].position is not None],
                         ids=exercise_id)
def test_every_move_an_exercise_gives_is_accepted_as_written(
        item: tuple[Chapter, Exercise]) -> None:
    """R-LIMIT10: a move that takes a player over ten tokens is written with its return."""
    _, exercise = item
    assert exercise.position is not None
    state = exercise.position.state
    for written in stated_moves(exercise):
        state.apply(Move.parse(written))


@pytest.mark.parametrize("item", EXERCISES, ids=exercise_id)
def test_explanations_cite_the_rules_the_exercise_checks(item: tuple[Chapter, Exercise]) -> None:
    _, exercise = item
    for text in (exercise.right, exercise.wrong):
        assert any(rule in text for rule in exercise.rules), text


def test_every_exercise_sits_in_one_section_and_walks_are_on_live_positions() -> None:
    for chapter in CHAPTERS:
        placed = [e.id for s in chapter.sections for e in s.exercises]
        assert sorted(placed) == sorted(e.id for e in chapter.exercises)
        for section in chapter.sections:
            if section.walk:
                assert section.position is not None and not section.position.state.over
        assert chapter.minutes and chapter.audit() == []


def test_positions_come_from_real_moves() -> None:
    chapter = next(c for c in CHAPTERS if c.id == "setup")
    order = chapter.positions["order"]
    assert order.turn == 3 and order.state.round == 2 and order.state.current_player == 0
    assert [str(t.move) for t in order.replay.turns] == ["+wbg", "+wbr", "+bgk"]
    typed = chapter.positions["typed"]  # a setup typed in, the card turned up named
    assert [c.id if c else "" for c in typed.state.market_rows[0]] == ["1b5", "1k4", "1w6",
                                                                      "1r5"]
    actions = next(c for c in CHAPTERS if c.id == "actions")
    dry = actions.positions["dry-supply"]
    assert dry.names == ("Ada", "Ben") and str(dry.played) == "+rk -w"
    assert "Only red and black" in dry.comment
    assert actions.positions["mia-hal"].names == ("Mia", "Hal")


def test_find_the_move_answers_are_the_moves_played() -> None:
    strategy = next(c for c in CHAPTERS if c.id == "strategy")
    for exercise in strategy.exercises:
        assert exercise.kind == "find_the_move" and exercise.position is not None
        assert exercise.expected == exercise.position.played


# --- a teacher's own chapter ------------------------------------------------------------------

MINIMAL = '''
id = "mine"
title = "My chapter"

[[sections]]
text = "Two of a colour need four in the pile (R-TAKE2)."
position = "start"
exercises = ["double"]

[positions.start]
deal = { players = 2, seed = 7 }
names = ["Ada", "Ben"]
moves = ["+rr"]

[[exercises]]
id = "double"
position = "start"
question = "May Ben take two red now?"
answer_by = "choice"
options = ["yes", "no"]
answer = "no"
wrong_answer = "yes"
hint = "Ada just took two."
right = "No: two red are left (R-TAKE2)."
wrong = "A double needs four in the pile (R-TAKE2)."
rules = ["R-TAKE2"]
checker = { kind = "legal", move = "+rr" }
'''


def test_a_minimal_chapter_loads_and_checks() -> None:
    chapter = loads_chapter(MINIMAL, "mine.toml")
    assert chapter.rules_taught == ("R-TAKE2",) and chapter.audit() == []
    feedback = chapter.exercise("double").check("yes")
    assert not feedback.correct
    assert feedback.detail[0].text() == ("+rr is not legal here: R-TAKE2: red has 2 tokens in "
                                         "the supply; taking 2 needs 4")


def test_a_chapter_file_reads_its_games_beside_it(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "ours.json").write_bytes((REPLAYS_DIR / "teacher-2p.json").read_bytes())
    text = MINIMAL.replace('deal = { players = 2, seed = 7 }\nnames = ["Ada", "Ben"]\n'
                           'moves = ["+rr"]', 'replay = "games/ours.json"\nturn = 54')
    text = text.replace('move = "+rr"', 'move = "+gg"').replace('"no"\nwrong_answer = "yes"',
                                                              '"yes"\nwrong_answer = "no"')
    text = text.replace("No: two red are left", "Yes: green has four")
    (tmp_path / "09-mine.toml").write_text(text, encoding="utf-8")
    chapter = load_chapter(tmp_path / "09-mine.toml")
    assert chapter.positions["start"].turn == 54 and chapter.audit() == []


BROKEN = [
    ("not toml", 'id = "x', "", "not valid TOML"),
    ("missing field", MINIMAL.replace('hint = "Ada just took two."\n', ""), "exercises[0]",
     "must contain"),
    ("misspelt field", MINIMAL.replace("hint =", "hnit ="), "exercises[0]",
     "must contain ['hint'] properties; unknown: hnit"),
    ("unknown field", MINIMAL.replace("multiple", "multipel").replace(
        'options = ["yes", "no"]', 'options = ["yes", "no"]\nmultipel = false'),
     "exercises[0]", "must not contain {'multipel'}"),
    ("unknown checker", MINIMAL.replace('kind = "legal"', 'kind = "legality"'),
     "exercises[0].checker.kind", "must be one of"),
    ("missing parameter", MINIMAL.replace(', move = "+rr" }', " }"), "exercises[0].checker",
     "must contain ['move']"),
    ("stray parameter", MINIMAL.replace('move = "+rr" }', 'move = "+rr", card = "1w1" }'),
     "exercises[0].checker", "card"),
    ("illegal move", MINIMAL.replace('moves = ["+rr"]', 'moves = ["+rr", "+rr"]'),
     "positions.start.moves[1]", "R-TAKE2: red has 2 tokens"),
    ("bad notation", MINIMAL.replace('moves = ["+rr"]', 'moves = ["take two red"]'),
     "positions.start.moves[0]", "is not a move"),
    ("unknown position", MINIMAL.replace('position = "start"\nquestion', 'position = "begin"\n'
                                         'question'), "exercises[0].position", "no position"),
    ("unknown rule", MINIMAL.replace('rules = ["R-TAKE2"]', 'rules = ["R-TAKE4"]'),
     "exercises[0].rules[0]", "not a rule id"),
    ("unknown rule cited", MINIMAL.replace("four in the pile (R-TAKE2).\"\nposition",
                                           "four in the pile (R-TAKE-TWO).\"\nposition"),
     "sections[0].text", "R-TAKE-TWO is not a rule id"),
    ("uncited rule", MINIMAL.replace('right = "No: two red are left (R-TAKE2)."',
                                     'right = "No: two red are left."'),
     "exercises[0].right", "must cite"),
    ("answer not an option", MINIMAL.replace('answer = "no"', 'answer = "never"'),
     "exercises[0].answer", "not among the options"),
    ("unknown replay", MINIMAL.replace("deal = { players = 2, seed = 7 }",
                                       'replay = "no-such-game"'),
     "positions.start.replay", "cannot read 'no-such-game'"),
    ("two sources", MINIMAL.replace("deal = { players = 2, seed = 7 }",
                                    'deal = { players = 2, seed = 7 }\nreplay = "teacher-2p"'),
     "positions.start", "exactly one of deal, setup or replay"),
    ("checker refuses the position", MINIMAL.replace('{ kind = "legal", move = "+rr" }',
                                                     '{ kind = "buy_for_noble" }').replace(
        'answer = "no"\nwrong_answer = "yes"', 'answer = "1w1"\nwrong_answer = "1w2"').replace(
        'answer_by = "choice"\noptions = ["yes", "no"]', 'answer_by = "board"\npick = "card"'),
     "exercises[0].checker", "brings a noble"),
    ("exercise in no section", MINIMAL.replace('exercises = ["double"]\n', ""),
     "exercises[0]", "in no section"),
    ("unknown exercise", MINIMAL.replace('exercises = ["double"]', 'exercises = ["triple"]'),
     "sections[0].exercises[0]", "no exercise 'triple'"),
    ("bad setup", MINIMAL.replace("deal = { players = 2, seed = 7 }",
                                  'setup = { players = 2, nobles = ["N1", "N2"], market = '
                                  '[["1w1", "1w2", "1w3", "1w4"], ["2w1", "2w2", "2w3", "2w4"], '
                                  '["3w1", "3w2", "3w3", "3w4"]] }'),
     "positions.start.setup", "R-SETUP-NOBLES"),
]


@pytest.mark.parametrize(("case", "text", "field", "problem"), BROKEN,
                         ids=[case[0] for case in BROKEN])
def test_a_broken_chapter_names_the_file_and_the_field(case: str, text: str, field: str,
                                                       problem: str) -> None:
    with pytest.raises(LessonError) as caught:
        loads_chapter(text, "broken.toml")
    error = caught.value
    assert error.file == "broken.toml" and error.field == field, str(error)
    assert problem in error.problem, str(error)
    assert str(error).startswith(f"broken.toml: {field + ': ' if field else ''}")


def test_a_broken_chapter_file_names_its_path(tmp_path: Path) -> None:
    path = tmp_path / "01-broken.toml"
    path.write_text(MINIMAL.replace('moves = ["+rr"]', 'moves = ["+rr", "+rr"]'),
                    encoding="utf-8")
    with pytest.raises(LessonError, match=r"01-broken\.toml: positions\.start\.moves\[1\]: "):
        load_chapter(path)
    with pytest.raises(LessonError, match="cannot read"):
        load_chapter(tmp_path / "missing.toml")


# --- the teacher's guide, docs/lessons.md ----------------------------------------------------

GUIDE = (Path(__file__).parent.parent / "docs" / "lessons.md").read_text(encoding="utf-8")


def test_the_guide_s_first_chapter_loads_and_checks() -> None:
    example = GUIDE.split("```toml\n", 1)[1].split("```", 1)[0]
    chapter = loads_chapter(example, "doubles.toml")
    assert chapter.audit() == [] and chapter.rules_taught == ("R-TAKE2",)


def test_the_guide_lists_every_checker_and_every_quantity() -> None:
    table = GUIDE.split("## Checkers", 1)[1].split("## When", 1)[0]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE)
    assert listed == ["kind", *KINDS]  # the header, then every kind in order
    for name in ("cards", "nobles_in_box", "noble_points", "cards_for_a_noble", "tokens_in_box",
                 "gems_per_colour", "gold", "nobles", "face_up", "deck"):
        assert quantity({"quantity": name, "tier": 1}) > 0 and f"`{name}`" in table


def test_progress_line_per_chapter_counts_solved_exercises_once() -> None:
    chapter = next(c for c in CHAPTERS if c.id == "nobles")
    progress = Progress()
    first, *rest = chapter.exercises
    progress.record(chapter, first, first.check(first.wrong_answer))
    assert progress.line(chapter).text() == "Nobles: 0 of 3 exercises solved."
    progress.record(chapter, first, first.check(first.answer))
    progress.record(chapter, first, first.check(first.wrong_answer))  # stays solved
    assert progress.solved(chapter) == 1
    for exercise in rest:
        progress.record(chapter, exercise, exercise.check(exercise.answer))
    assert progress.line(chapter).text() == "Nobles: all 3 exercises solved."
