"""Side lines: the move tree of a replay (variations under the move they replace, as in PGN),
its paths, promotion and deletion, annotations on variation moves, and version 2 files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor_nb.engine import GameState, new_game
from splendor_nb.moves import IllegalMoveError, Move
from splendor_nb.replay import (
    FORMAT_RULE,
    MAX_NESTING,
    NOTATION,
    Analysis,
    PositionAnalysis,
    Replay,
    ReplayError,
    format_path,
    parse_path,
)
from splendor_nb.ui.replays import REPLAYS_DIR
from support.games import random_replay
from tests.test_replay_properties import JSON_VALUES, _paths


def seed7(*moves: str) -> Replay:
    """The 2-player seed-7 game (deck order known) after ``moves``."""
    replay = Replay.from_state(new_game(2, seed=7), {"date": "2026-01-01"})
    for move in moves:
        replay.play(move)
    return replay


def folded(start: GameState, *moves: str) -> GameState:
    state = start
    for move in moves:
        state = state.apply(Move.parse(move))
    return state


def seen(state: GameState) -> tuple[object, ...]:
    """What anyone at the table sees of a position."""
    return state.players, state.market_rows, state.supply_counts, state.nobles, state.turn


def tree() -> Replay:
    """Four main-line turns; under turn 2, a variation of two moves with one inside it."""
    replay = seed7("+wbg", "+rr", "+kk", "R1g8")
    first = replay.add_variation(2, "+kk")
    second = replay.play_from(first, "+wgr")
    replay.add_variation(second, "R1g6")
    return replay


def moves_of(replay: Replay) -> list[tuple[str, str]]:
    return [(format_path(node.path), str(node.turn.move)) for node in replay.walk()]


# --- building the tree ----------------------------------------------------------------------------

def test_a_variation_hangs_under_the_move_it_replaces() -> None:
    replay = tree()
    assert moves_of(replay) == [("1", "+wbg"), ("2", "+rr"), ("2.1.1", "+kk"), ("2.1.2", "+wgr"),
                                ("2.1.2.1.1", "R1g6"), ("3", "+kk"), ("4", "R1g8")]
    assert [str(turn.move) for turn in replay.turns] == ["+wbg", "+rr", "+kk", "R1g8"]
    assert replay.variations(2) == [(2, 1, 1)]
    assert replay.variations((2, 1, 2)) == [(2, 1, 2, 1, 1)]


def test_variation_positions_are_the_engine_positions() -> None:
    replay = tree()
    start = new_game(2, seed=7)
    assert replay.state((2, 1, 1)) == folded(start, "+wbg", "+kk")
    assert replay.state((2, 1, 2)) == folded(start, "+wbg", "+kk", "+wgr")
    assert replay.state((2, 1, 2, 1, 1)) == folded(start, "+wbg", "+kk", "R1g6")
    assert replay.state((3,)) == replay.state(3) == folded(start, "+wbg", "+rr", "+kk")
    assert replay.state(()) == replay.state(0) == start


def test_nodes_give_the_move_its_number_depth_and_player() -> None:
    node = tree().node((2, 1, 2, 1, 1))
    assert (str(node.turn.move), node.number, node.depth, node.player) == ("R1g6", 3, 2, 0)
    assert node.state.players[0].reserved[0].id == "1g6"


def test_back_forward_and_alternatives_step_through_the_tree() -> None:
    replay = tree()
    assert replay.back((2, 1, 1)) == (1,) and replay.back((2, 1, 2)) == (2, 1, 1)
    assert replay.back((2, 1, 2, 1, 1)) == (2, 1, 1) and replay.back(1) == ()
    assert replay.forward(()) == (1,) and replay.forward((2, 1, 1)) == (2, 1, 2)
    assert replay.forward((2, 1, 2)) is None and replay.forward(4) is None
    assert replay.alternatives(2) == replay.alternatives((2, 1, 1)) == [(2,), (2, 1, 1)]
    assert replay.alternatives((2, 1, 2, 1, 1)) == [(2, 1, 2), (2, 1, 2, 1, 1)]


def test_a_move_already_in_the_tree_is_followed_not_copied() -> None:
    replay = tree()
    assert replay.add_variation(2, "+rr") == (2,)
    assert replay.add_variation(2, "+kk") == (2, 1, 1)
    assert replay.play_from(1, "+kk") == (2, 1, 1)
    assert replay.play_from((2, 1, 1), "+wgr") == (2, 1, 2)
    assert replay.variations(2) == [(2, 1, 1)]


def test_play_from_extends_a_line_at_its_end_and_branches_elsewhere() -> None:
    replay = tree()
    assert replay.play_from((2, 1, 2), "+wbk") == (2, 1, 3)
    assert replay.play_from(4, "+wgr") == (5,)
    assert len(replay) == 5 and str(replay.turns[4].move) == "+wgr"
    assert replay.play_from(0, "+rr") == (1, 1, 1)


def test_an_illegal_variation_move_adds_nothing() -> None:
    replay = tree()
    before = replay.dumps()
    with pytest.raises(IllegalMoveError) as caught:
        replay.add_variation(2, "B1g6")
    assert caught.value.rule == "R-BUY"
    with pytest.raises(IllegalMoveError):
        replay.play_from((2, 1, 2), "+ww")  # R-TAKE2: 2 white are left, 4 are needed
    assert replay.dumps() == before


def test_paths_that_name_no_move_are_index_errors() -> None:
    replay = tree()
    for path in [(9,), (2, 2, 1), (2, 1, 3), (2, 1), (0,), (2, 1, 0), (1, 1, 1)]:
        with pytest.raises(IndexError):
            replay.state(path)
    with pytest.raises(IndexError):
        replay.node(())
    with pytest.raises(IndexError):
        replay.annotate((2, 2, 1), comment="no such move")


def test_paths_as_text_round_trip() -> None:
    for path in [(), (7,), (12, 1, 3), (3, 2, 1, 1, 4)]:
        assert parse_path(format_path(path)) == path
    for text in ["1.2", "0", "1.0.1", "a", "1..1", "-1"]:
        with pytest.raises(ValueError):
            parse_path(text)


def test_variations_nest_only_so_deep() -> None:
    replay = seed7("+wbg", "+rr")
    path: tuple[int, ...] = (1,)
    for _ in range(MAX_NESTING):  # each variation under the second move of the one before
        played = replay.node(path).turn.move
        other = next(move for move in replay.state(replay.back(path)).legal_moves()
                     if move != played)
        first = replay.add_variation(path, other)
        path = replay.play_from(first, replay.state(first).legal_moves()[0])
    assert replay.node(path).depth == MAX_NESTING
    with pytest.raises(ValueError, match="nested at most"):
        replay.add_variation(path, replay.state(replay.back(path)).legal_moves()[-1])


# --- unknown deck order: what a variation reveals -------------------------------------------------

def typed_in() -> Replay:
    """The seed-7 game as a file holds it: the deck order is known only as far as it was seen."""
    return Replay.loads(seed7("R1g8", "R1g6", "+wbg").dumps())


def test_a_variation_reveals_the_card_the_record_shows_next() -> None:
    replay = typed_in()  # R-REFILL: turn 1 revealed 1b2, turn 2 the next tier 1 card
    seen = [turn.revealed for turn in replay.turns[:2]]
    first = replay.add_variation(1, "R1k7")
    assert replay.node(first).turn.revealed == seen[0]
    second = replay.play_from(first, "R1w4")
    assert replay.node(second).turn.revealed == seen[1]
    assert replay.state(second).market == seed7("R1k7", "R1w4").state(2).market


def test_a_variation_past_what_the_record_shows_reveals_a_stand_in() -> None:
    replay = typed_in()  # nothing came off the tier 2 deck in the record
    node = replay.node(replay.add_variation(3, "R2r4"))
    assert node.turn.revealed is not None and node.turn.revealed.startswith("2")
    assert replay.state(2).card_location(node.turn.revealed) == "deck"


def test_the_main_line_goes_on_only_with_the_card_revealed() -> None:
    replay = typed_in()
    with pytest.raises(IllegalMoveError) as caught:  # R-REFILL: a fact of the game, typed in
        replay.play_from(3, "R2r4")
    assert caught.value.rule == "R-REFILL" and len(replay) == 3
    assert replay.play_from(3, "R2r4", reveal="2k1") == (4,)


def test_a_revealed_card_can_be_given() -> None:
    replay = typed_in()
    path = replay.add_variation(1, "R1k7", reveal="1r3")
    assert replay.node(path).turn.revealed == "1r3"
    with pytest.raises(IllegalMoveError) as caught:
        replay.add_variation(1, "R1w4", reveal="2r4")
    assert caught.value.rule == "R-REFILL"


# --- promoting and deleting -----------------------------------------------------------------------

def test_promoting_swaps_the_variation_with_the_moves_it_replaced() -> None:
    replay = tree()
    assert replay.promote((2, 1, 2)) == (3,)
    assert [str(turn.move) for turn in replay.turns] == ["+wbg", "+kk", "+wgr"]
    assert moves_of(replay) == [("1", "+wbg"), ("2", "+kk"), ("2.1.1", "+rr"), ("2.1.2", "+kk"),
                                ("2.1.3", "R1g8"), ("3", "+wgr"), ("3.1.1", "R1g6")]
    assert replay.states() == [folded(new_game(2, seed=7), *moves) for moves in
                               [(), ("+wbg",), ("+wbg", "+kk"), ("+wbg", "+kk", "+wgr")]]


def test_promoting_one_level_and_back_again() -> None:
    replay = tree()
    original = replay.dumps()
    assert replay.promote((2, 1, 2, 1, 1), main_line=False) == (2, 1, 2)
    assert moves_of(replay)[2:5] == [("2.1.1", "+kk"), ("2.1.2", "R1g6"), ("2.1.2.1.1", "+wgr")]
    assert replay.promote((2, 1, 2, 1, 1), main_line=False) == (2, 1, 2)
    assert replay.dumps() == original
    assert replay.promote(3) == (3,)  # a main-line move is where it is


def test_promoting_takes_the_other_variations_along() -> None:
    replay = seed7("+wbg", "+rr")
    for move in ("+kk", "+wgk", "+bgr"):
        replay.add_variation(2, move)
    assert replay.promote((2, 2, 1)) == (2,)
    assert [str(replay.node(path).turn.move) for path in replay.alternatives(2)] == \
        ["+wgk", "+kk", "+rr", "+bgr"]


def test_the_result_follows_a_new_main_line() -> None:
    replay = random_replay(2, seed=4)
    ended = dict(replay.headers)
    assert ended["result"] and ended["ended_by"]
    last = len(replay)
    other = next(move for move in replay.state(last - 1).legal_moves()
                 if move != replay.turns[-1].move)
    replay.promote(replay.add_variation(last, other))
    final = replay.state(len(replay))
    assert replay.headers["result"] == ("-".join(map(str, final.scores)) if final.over else "")
    assert replay.headers.get("ended_by") == final.end_rule
    replay.promote((last, 1, 1))
    assert replay.headers == ended


def test_a_result_someone_wrote_is_kept() -> None:
    replay = seed7("+wbg", "+rr")
    replay.headers["result"] = "Ann resigned"
    replay.promote(replay.add_variation(2, "+kk"))
    assert replay.headers["result"] == "Ann resigned"


def test_deleting_removes_the_whole_variation() -> None:
    replay = tree()
    assert replay.delete_variation((2, 1, 2, 1, 1)) == (2, 1, 2)
    assert replay.variations((2, 1, 2)) == []
    assert replay.delete_variation((2, 1, 2)) == (2,)
    assert replay.version == 1
    assert replay.dumps() == seed7("+wbg", "+rr", "+kk", "R1g8").dumps()
    with pytest.raises(ValueError, match="main line"):
        replay.delete_variation(2)


# --- annotations and files ------------------------------------------------------------------------

def test_variation_moves_take_comments_and_glyphs(tmp_path: Path) -> None:
    replay = tree()
    replay.annotate((2, 1, 2, 1, 1), comment="A reserve to block «1g6» 🙂", glyph="!?")
    replay.annotate((2, 1, 1), glyph="?")
    replay.save(tmp_path / "game.json")
    again = Replay.load(tmp_path / "game.json")
    assert again.node((2, 1, 2, 1, 1)).turn.comment == "A reserve to block «1g6» 🙂"
    assert (again.node((2, 1, 2, 1, 1)).turn.glyph, again.node((2, 1, 1)).turn.glyph) == \
        ("!?", "?")
    with pytest.raises(ValueError, match="glyph"):
        again.annotate((2, 1, 1), glyph="?!?")


def test_a_variation_tree_round_trips_byte_identically(tmp_path: Path) -> None:
    replay = tree()
    replay.add_variation(4, "+wgr")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    replay.save(first)
    loaded = Replay.load(first)
    loaded.save(second)
    assert first.read_bytes() == second.read_bytes() == replay.dumps().encode()
    assert json.loads(first.read_text(encoding="utf-8"))["version"] == 2
    assert moves_of(loaded) == moves_of(replay)
    for node in replay.walk():  # the file does not hold the order of the cards never seen
        assert seen(loaded.node(node.path).state) == seen(node.state)


def test_the_tree_is_written_a_move_per_line() -> None:
    text = tree().dumps()
    assert '  {"move": "+rr", "variations": [\n   [\n    {"move": "+kk"},\n' in text
    assert '    {"move": "+wgr", "variations": [\n     [\n      {"move": "R1g6", ' in text


@pytest.mark.parametrize("name", sorted(p.name for p in REPLAYS_DIR.glob("*.json")))
def test_version_1_files_load_and_save_unchanged(name: str) -> None:
    data = (REPLAYS_DIR / name).read_bytes()
    replay = Replay.loads(data)
    assert replay.version == 1
    assert replay.dumps().encode() == data


def test_a_version_2_file_without_variations_or_analysis_saves_as_version_1() -> None:
    text = seed7("+wbg").dumps()
    replay = Replay.loads(text.replace('"version": 1', '"version": 2'))
    assert replay.dumps() == text


# --- bad version 2 files --------------------------------------------------------------------------

def bad(text: str) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        Replay.loads(text)
    return caught.value


def test_an_illegal_variation_move_names_where_it_is() -> None:
    error = bad(tree().dumps().replace('{"move": "+wgr", ', '{"move": "B1g6", '))
    assert str(error).startswith("turn 2, variation 1, move 2 (turn 3), Player 1, move 'B1g6': "
                                 "R-BUY: ")
    assert (error.turn, error.path, error.rule, error.move_text) == (2, (2, 1, 2), "R-BUY", "B1g6")
    assert error.partial is not None and len(error.partial) == 1


def test_a_variation_move_that_does_not_parse_names_where_it_is() -> None:
    error = bad(tree().dumps().replace('{"move": "R1g6", ', '{"move": "R1x6", '))
    assert str(error).startswith("turn 2, variation 1, move 2, variation 1, move 1 (turn 3), "
                                 "Player 1, move 'R1x6': notation: ")
    assert (error.path, error.rule) == ((2, 1, 2, 1, 1), NOTATION)


def test_a_variation_that_breaks_the_schema_names_its_turn() -> None:
    error = bad(tree().dumps().replace('{"move": "R1g6", ', '{"move": "R1g6", "glyph": "!!!", '))
    assert "turn 2, Player 2, move '+rr': format: variations/0/1/variations/0/0/glyph: " \
        "must be one of" in str(error)
    assert (error.turn, error.rule) == (2, FORMAT_RULE)
    empty = bad(seed7("+wbg").dumps().replace('{"move": "+wbg"}',
                                              '{"move": "+wbg", "variations": [[]]}')
                .replace('"version": 1', '"version": 2'))
    assert "variations/0: must contain at least 1 items" in str(empty)


def test_a_version_1_file_cannot_hold_variations() -> None:
    error = bad(tree().dumps().replace('"version": 2', '"version": 1'))
    assert "turn 2, Player 2, move '+rr': format: turn: must not contain {'variations'}" in \
        str(error)


def test_variations_nested_too_deep_are_refused() -> None:
    document: dict[str, Any] = json.loads(tree().dumps())
    move = document["turns"][0]
    for _ in range(MAX_NESTING + 1):
        move["variations"] = [[{"move": "+wbg"}]]
        move = move["variations"][0][0]
    error = bad(json.dumps(document))
    assert str(error) == f"not a valid replay: turns/0: variations nested more than " \
                         f"{MAX_NESTING} deep"


def with_analysis(replay: Replay) -> Replay:
    """``replay`` with a made-up analysis of its main line (the move played as the best)."""
    positions = []
    for index in range(len(replay) + 1):
        turn = replay.turns[index - 1] if index else None
        best = replay.turns[index].move if index < len(replay) else None
        positions.append(PositionAnalysis(
            (0.5 + index / 100, 0.5 - index / 100), best, (0.25, 0.75) if index % 2 else None,
            str(turn.move) if turn else None, turn.revealed if turn else None))
    replay.analysis = Analysis("made up", 100, tuple(positions))
    return replay


VERSION_2 = with_analysis(tree()).dumps()


@st.composite
def mutated_version_2(draw: st.DrawFn) -> str:
    document = json.loads(VERSION_2)
    paths = [path for path in _paths(document) if path and path[0] in ("turns", "analysis")]
    path = draw(st.sampled_from(paths))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    if draw(st.booleans()) and isinstance(parent, list | dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(JSON_VALUES)
    return json.dumps(document, ensure_ascii=draw(st.booleans()))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_version_2())
def test_mutated_version_2_files_load_or_raise_replay_error(text: str) -> None:
    try:
        replay = Replay.loads(text)
    except ReplayError as error:
        assert str(error)
        if error.partial is not None:
            assert Replay.loads(error.partial.dumps()).dumps() == error.partial.dumps()
    else:
        assert Replay.loads(replay.dumps()).dumps() == replay.dumps()
        assert len(list(replay.walk())) >= len(replay)
