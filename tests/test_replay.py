"""Replays: the file format, round trips, validation with rule ids, partial loads, annotations."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from splendor_nb.engine import GameState, new_game
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.replay import GLYPHS, MAX_BYTES, Replay, ReplayError, Turn
from splendor_nb.ui.replays import REPLAYS_DIR
from support.games import random_replay

SEED7_MARKET = [["1g6", "1w4", "1g8", "1k7"], ["2r4", "2g4", "2r3", "2g5"],
                ["3r2", "3b4", "3b2", "3g4"]]
SEED7_NOBLES = ["N9", "N10", "N8"]


def seed7(*moves: str) -> dict[str, Any]:
    """The JSON document of the 2-player seed-7 game after ``moves``."""
    replay = Replay.from_state(new_game(2, seed=7), {"date": "2026-01-01"})
    for move in moves:
        replay.play(move)
    document: dict[str, Any] = json.loads(replay.dumps())
    return document


def load_error(document: dict[str, Any]) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        Replay.loads(json.dumps(document))
    return caught.value


# --- the file -----------------------------------------------------------------------------------

def test_round_trip_is_byte_identical(tmp_path: Path) -> None:
    replay = random_replay(3, seed=5)
    replay.annotate(4, comment="Blind reserve — «pourquoi pas» 🙂", glyph="?!")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    replay.save(first)
    Replay.load(first).save(second)
    assert first.read_bytes() == second.read_bytes()
    assert Replay.loads(first.read_text(encoding="utf-8")).dumps().encode() == first.read_bytes()


def test_file_layout_is_stable() -> None:
    replay = Replay.from_state(new_game(2, seed=7), {"date": "2026-01-01"})
    replay.play("R1g8")
    replay.annotate(1, comment="Cheap points later.", glyph="!")
    assert replay.dumps() == (
        '{\n "format": "splendor-nb-replay",\n "version": 1,\n "headers": {\n  "players": [\n'
        '   {\n    "name": "Player 1",\n    "kind": "human",\n    "level": null\n   },\n'
        '   {\n    "name": "Player 2",\n    "kind": "human",\n    "level": null\n   }\n  ],\n'
        '  "date": "2026-01-01",\n  "event": "",\n  "result": "",\n  "notes": "",\n'
        '  "seed": 7\n },\n'
        ' "setup": {"players": 2, "nobles": ["N9", "N10", "N8"], "market": [["1g6", "1w4", '
        '"1g8", "1k7"], ["2r4", "2g4", "2r3", "2g5"], ["3r2", "3b4", "3b2", "3g4"]]},\n'
        ' "turns": [\n  {"move": "R1g8", "revealed": "1b2", "comment": "Cheap points later.", '
        '"glyph": "!"}\n ]\n}\n')


def test_loaded_positions_equal_the_engine_game_positions() -> None:
    recorded = random_replay(4, seed=9)
    loaded = Replay.loads(recorded.dumps())
    assert len(loaded.states()) == len(recorded) + 1
    for before, after in zip(recorded.states(), loaded.states(), strict=True):
        assert before.players == after.players
        assert before.market_rows == after.market_rows
        assert before.supply_counts == after.supply_counts
        assert before.nobles == after.nobles
    assert loaded.state(len(loaded)).scores == recorded.state(len(recorded)).scores
    assert loaded.state(len(loaded)).is_over


def test_atomic_save_keeps_the_old_file_when_writing_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    target.write_text("old contents", encoding="utf-8")

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        random_replay(2, seed=1).save(target)
    assert target.read_text(encoding="utf-8") == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# --- annotations --------------------------------------------------------------------------------

def test_annotations_survive_load_and_save(tmp_path: Path) -> None:
    replay = random_replay(2, seed=3)
    replay.annotate(1, comment="Opening: three colours.")
    replay.annotate(2, glyph="??")
    replay.annotate(5, comment="Après ça, N3 est à portée.", glyph="!!")
    replay.save(tmp_path / "g.json")
    loaded = Replay.load(tmp_path / "g.json")
    assert [(t.comment, t.glyph) for t in loaded.turns[:5]] == [
        ("Opening: three colours.", ""), ("", "??"), ("", ""), ("", ""),
        ("Après ça, N3 est à portée.", "!!")]
    loaded.annotate(5, comment="", glyph="")
    assert Replay.loads(loaded.dumps()).turns[4] == Turn(loaded.turns[4].move,
                                                         loaded.turns[4].revealed)


@pytest.mark.parametrize("glyph", GLYPHS)
def test_every_glyph_is_accepted(glyph: str) -> None:
    replay = Replay.from_state(new_game(2, seed=7))
    replay.play("+wbg")
    replay.annotate(1, glyph=glyph)
    assert Replay.loads(replay.dumps()).turns[0].glyph == glyph


def test_annotate_rejects_a_bad_glyph_and_a_bad_turn() -> None:
    replay = Replay.from_state(new_game(2, seed=7))
    replay.play("+wbg")
    with pytest.raises(ValueError, match="glyph"):
        replay.annotate(1, glyph="!!!")
    with pytest.raises(IndexError):
        replay.annotate(2, comment="no such turn")
    with pytest.raises(IndexError):
        replay.annotate(0, comment="turn 0 is the setup")


# --- positions ----------------------------------------------------------------------------------

def test_state_gives_random_access_to_every_position() -> None:
    replay = random_replay(2, seed=11)
    states = replay.states()
    assert len(states) == len(replay) + 1
    for turn in (len(replay), 0, 17, 3):
        assert replay.state(turn) is states[turn]
        assert replay.state(turn).turn == turn
    with pytest.raises(IndexError):
        replay.state(len(replay) + 1)


def test_engine_recording_keeps_the_revealed_cards() -> None:
    """R-REFILL and R-RESERVE-HIDDEN: the card off the deck is recorded with the turn."""
    replay = Replay.from_state(new_game(2, seed=7))
    replay.play("R1g8")
    replay.play("R?3")
    replay.play("+wbg")
    assert [t.revealed for t in replay.turns] == ["1b2", replay.state(2).players[1].hidden[0],
                                                  None]


# --- typing in a game from a table --------------------------------------------------------------

def test_typed_in_game_needs_each_revealed_card() -> None:
    """R-REFILL: with the deck order unknown, a card off a deck must be named."""
    replay = Replay.from_setup(2, SEED7_NOBLES, SEED7_MARKET,
                               {"players": [{"name": "Ann"}, {"name": "Bo"}]})
    with pytest.raises(IllegalMoveError) as caught:
        replay.play("R1g8")
    assert caught.value.rule == "R-REFILL"
    assert len(replay) == 0
    state = replay.play("R1g8", reveal="1r3")
    assert [c.id if c else None for c in state.market[1]] == ["1g6", "1w4", "1r3", "1k7"]
    replay.play(Move.parse("R?2"), reveal="2k1")
    assert replay.state(2).players[1].reserved[0].id == "2k1"
    with pytest.raises(IllegalMoveError, match="R-REFILL"):
        replay.play("+wbg", reveal="1b1")
    with pytest.raises(InvalidMoveError):
        replay.play("+wxg")
    assert Replay.loads(replay.dumps()).dumps() == replay.dumps()


def test_typed_in_setup_is_checked() -> None:
    with pytest.raises(ReplayError, match="R-SETUP-NOBLES"):
        Replay.from_setup(2, ["N1", "N2"], SEED7_MARKET)
    with pytest.raises(ReplayError, match="R-SETUP-NOBLES"):
        Replay.from_setup(2, ["N1", "N2", "N11"], SEED7_MARKET)
    with pytest.raises(ReplayError, match="R-SETUP-MARKET"):
        Replay.from_setup(2, SEED7_NOBLES, [SEED7_MARKET[1], *SEED7_MARKET[1:]])
    with pytest.raises(ReplayError, match="R-SETUP-MARKET"):
        Replay.from_setup(2, SEED7_NOBLES, [["1g6", "1g6", "1g8", "1k7"], *SEED7_MARKET[1:]])
    with pytest.raises(ReplayError, match="R-SETUP-PLAYERS"):
        Replay.from_setup(5, ["N1", "N2", "N3", "N4", "N5", "N6"], SEED7_MARKET)


# --- validation: every rule that a typed-in turn can break --------------------------------------

RULE_CASES = [
    # (rule id, valid turns before, the bad turn)
    ("R-TAKE2", ["+rr"], {"move": "+rr"}),
    ("R-TAKE3", [], {"move": "+wwb"}),
    ("R-TAKE3", ["+wbg"], {"move": "+y"}),
    ("R-RESERVE", [], {"move": "R1b2", "revealed": "1r3"}),
    ("R-RESERVE-LIMIT", ["R1g8", "+wbg", "R1w4", "+wbg", "R1k7", "+wrk"],
     {"move": "R1g6", "revealed": "1r4"}),
    ("R-BUY", ["+wbk", "+wgr"], {"move": "B1w4"}),
    ("R-BUY-GOLD", ["R1g8", "+wbg"], {"move": "B1w4=bbky"}),
    ("R-LIMIT10", [], {"move": "+wbg -w"}),
    ("R-NOBLE", [], {"move": "+wbg N9"}),
    ("R-REFILL", ["+wbg"], {"move": "R1g6"}),
    ("R-REFILL", [], {"move": "+wbg", "revealed": "1r3"}),
    ("R-REFILL", [], {"move": "R1g6", "revealed": "2r1"}),
    ("R-REFILL", ["R1g8"], {"move": "R1w4", "revealed": "1g8"}),
    ("R-REFILL", [], {"move": "R1g6", "revealed": "1w99"}),
    ("R-PASS", ["+wbg"], {"move": "pass"}),
    ("notation", ["+wbg"], {"move": "+wxg"}),
    ("notation", [], {"move": "B9w1"}),
    ("format", ["+wbg", "+rr"], {"move": "+wbg", "glyph": "!!!"}),
    ("format", [], {"move": 12}),
    ("format", ["+wbg"], {"move": "+rr", "mood": "happy"}),
]


@pytest.mark.parametrize(("rule", "before", "bad"), RULE_CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(RULE_CASES)])
def test_each_rule_violation_is_caught_at_its_turn(rule: str, before: list[str],
                                                   bad: dict[str, Any]) -> None:
    document = seed7(*before)
    document["headers"]["players"] = [{"name": "Ann"}, {"name": "Bo"}]
    document["turns"].append(bad)
    document["turns"].append({"move": "+wbg", "comment": "after the bad turn"})
    error = load_error(document)
    number = len(before) + 1
    mover = len(before) % 2
    assert (error.turn, error.player, error.rule) == (number, mover, rule)
    assert error.move_text == (bad["move"] if isinstance(bad["move"], str) else None)
    # named as the app names them, seats from 1
    assert str(error).startswith(f"turn {number}, {['Ann', 'Bo'][mover]} (player {mover + 1})")
    assert rule in str(error)
    assert error.partial is not None
    assert [str(t.move) for t in error.partial.turns] == before


def test_a_move_after_the_end_is_caught() -> None:
    """No turn after the game is over: the error cites the rule that ended it."""
    replay = random_replay(2, seed=2)
    assert replay.state(len(replay)).passes == 0  # ended by R-END-TRIGGER, not by passes
    document = json.loads(replay.dumps())
    document["turns"].append({"move": "+wbg"})
    error = load_error(document)
    assert (error.turn, error.rule) == (len(replay) + 1, "R-END-TRIGGER")


def test_partial_load_keeps_the_comments_of_the_valid_prefix() -> None:
    document = seed7("+wbg", "+rr", "R1g8")
    document["turns"][1]["comment"] = "Two reds."
    document["turns"][1]["glyph"] = "!?"
    document["turns"].append({"move": "B3r2"})
    error = load_error(document)
    assert error.turn == 4 and error.rule == "R-BUY"
    partial = error.partial
    assert partial is not None and len(partial) == 3
    assert (partial.turns[1].comment, partial.turns[1].glyph) == ("Two reds.", "!?")
    partial.play("+wbg")
    assert len(Replay.loads(partial.dumps())) == 4


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    document = seed7("+wbg")
    document["turns"].append({"move": "+rr"})
    document["turns"].append({"move": "+rr"})
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ReplayError, match=r"bad\.json: turn 3, Player 1, move '\+rr': R-TAKE2"):
        Replay.load(path)


# --- malformed files: each a ReplayError --------------------------------------------------------

def good_text() -> str:
    return random_replay(2, seed=4).dumps()


MALFORMED = {
    "not JSON": "Splendor, 2 players, I won",
    "truncated JSON": good_text()[:700],
    "a JSON list": "[1, 2, 3]",
    "wrong format name": json.dumps({"format": "pgn", "version": 1}),
    "no format": json.dumps({"version": 1}),
    "unknown version": good_text().replace('"version": 1', '"version": 3'),
    "version as text": good_text().replace('"version": 1', '"version": "1"'),
    "turns not a list": json.dumps({**json.loads(good_text()), "turns": {"1": "+wbg"}}),
    "players as text": good_text().replace('"players": 2', '"players": "two"'),
    "unknown card in market": good_text().replace('"1', '"1x', 1),
    "card of the wrong tier": good_text().replace('["1', '["2', 1),
    "unknown noble": good_text().replace('"nobles": ["', '"nobles": ["N77", "', 1),
    "headers disagree with setup": good_text().replace('"players": 2', '"players": 3'),
    "missing setup": json.dumps({k: v for k, v in json.loads(good_text()).items()
                                 if k != "setup"}),
    "deep nesting": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_files_raise_replay_error(name: str) -> None:
    with pytest.raises(ReplayError) as caught:
        Replay.loads(MALFORMED[name])
    assert str(caught.value)


def test_not_utf8_is_a_replay_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(good_text().replace('"event": ""', '"event": "café"').encode("latin-1"))
    with pytest.raises(ReplayError, match="not UTF-8"):
        Replay.load(path)


@pytest.mark.parametrize("megabytes", [11, 50])
def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path, megabytes: int) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(megabytes * 1024 * 1024)  # sparse: the test does not write 50 MB
    assert path.stat().st_size > MAX_BYTES
    with pytest.raises(ReplayError, match="too large"):
        Replay.load(path)


def test_a_missing_file_is_a_replay_error(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read"):
        Replay.load(tmp_path / "nowhere.json")
    with pytest.raises(ReplayError, match="cannot read"):
        Replay.load(tmp_path)


def test_from_state_needs_the_first_position() -> None:
    state: GameState = new_game(2, seed=1)
    with pytest.raises(ValueError, match="turn 0"):
        Replay.from_state(state.apply(state.legal_moves()[0]))


def test_the_teacher_game_is_a_valid_annotated_replay() -> None:
    path = REPLAYS_DIR / "teacher-2p.json"
    replay = Replay.load(path)
    assert replay.dumps().encode() == path.read_bytes()
    final = replay.state(len(replay))
    assert final.is_over and replay.headers["result"] == "-".join(map(str, final.scores))
    annotated = [t for t in replay.turns if t.comment]
    assert len(annotated) >= 10 and any(t.glyph for t in annotated)
    assert any(t.move.kind == "reserve" and t.comment for t in replay.turns)


def test_headers_are_checked_when_a_replay_is_made() -> None:
    with pytest.raises(ReplayError, match="3 players named for a 2-player game"):
        Replay.from_state(new_game(2, seed=1), {"players": [{"name": n} for n in "ABC"]})
    with pytest.raises(ReplayError, match="kind"):
        Replay.from_setup(2, SEED7_NOBLES, SEED7_MARKET,
                          {"players": [{"name": "Ann", "kind": "robot"}, {"name": "Bo"}]})
    with pytest.raises(ReplayError, match="seed"):
        Replay.from_state(new_game(2, seed=1), {"seed": "seven"})


def test_a_byte_order_mark_from_an_editor_is_accepted() -> None:
    text = random_replay(2, seed=6).dumps()
    assert Replay.loads(b"\xef\xbb\xbf" + text.encode()).dumps() == text
