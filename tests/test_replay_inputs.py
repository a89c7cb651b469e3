"""Replay files as a stranger may send them: every input loads and saves again, or is refused
with a ReplayError that says what is wrong and where (the rule ``format`` for the file's text).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_nb.moves import Move
from splendor_nb.replay import (
    FORMAT_RULE,
    GLYPHS,
    MAX_BYTES,
    STALE_TEMPORARY_SECONDS,
    FileChangedError,
    Replay,
    ReplayError,
    Turn,
    replay_files,
)
from splendor_nb.replay.replay_text import turn_line
from support.games import random_replay
from tests.test_replay_properties import _paths, mutated

GOOD = random_replay(2, seed=4).dumps()


def refused(text: str | bytes) -> ReplayError:
    """The error of loading ``text``, which must be exactly a ReplayError about the format."""
    with pytest.raises(ReplayError) as caught:
        Replay.loads(text)
    assert type(caught.value) is ReplayError
    assert caught.value.rule == FORMAT_RULE and caught.value.turn is None
    return caught.value


def changed(old: str, new: str) -> str:
    """The good file with its first ``old`` replaced by ``new``."""
    assert old in GOOD
    return GOOD.replace(old, new, 1)


def loads_and_saves_again(text: str) -> Replay:
    replay = Replay.loads(text)
    assert Replay.loads(replay.dumps()).dumps() == replay.dumps()
    return replay


# --- numbers --------------------------------------------------------------------------------------

@pytest.mark.parametrize("digits", [101, 4301, 100_000])
def test_a_huge_integer_is_refused_where_it_stands(digits: int) -> None:
    error = refused(changed('"seed": 4', f'"seed": {"9" * digits}'))
    assert f"headers/seed: an integer of {digits} characters (the limit is 100)" in str(error)


def test_a_huge_integer_in_a_free_header_is_refused_too() -> None:
    error = refused(changed('"notes": ""', f'"notes": "", "elo": [1, -{"7" * 5000}]'))
    assert "headers/elo/1: an integer of 5001 characters" in str(error)


def test_integers_of_up_to_100_characters_load() -> None:
    replay = loads_and_saves_again(changed('"seed": 4', f'"seed": {"9" * 100}'))
    assert replay.headers["seed"] == int("9" * 100)


@pytest.mark.parametrize(("old", "new", "where"), [
    ('"players": 2,', '"players": 2.0,', "setup/players: must be integer"),
    ('"players": 2,', '"players": 2e0,', "setup/players: must be integer"),
    ('"seed": 4', '"seed": 4.0', "headers/seed: must be integer or null"),
    ('"seed": 4', '"seed": 40E-1', "headers/seed: must be integer or null"),
])
def test_an_integer_written_as_a_float_is_refused(old: str, new: str, where: str) -> None:
    assert where in str(refused(changed(old, new)))


def test_the_version_must_be_the_integer_1() -> None:
    assert "version: must be the integer 1, not 1.0" in str(
        refused(changed('"version": 1', '"version": 1.0')))
    assert "version: must be the integer 1, not True" in str(
        refused(changed('"version": 1', '"version": true')))
    assert "unknown replay version 2.5" in str(refused(changed('"version": 1', '"version": 2.5')))


@pytest.mark.parametrize(("literal", "problem"), [
    ("NaN", "NaN is not a JSON number"), ("-Infinity", "-Infinity is not a JSON number"),
    ("1e400", "1e400 is too large for a number"),
    ("0." + "0" * 200 + "1", "a number of 203 characters (the limit is 100)"),
])
def test_numbers_that_are_not_json_numbers_are_refused(literal: str, problem: str) -> None:
    error = refused(changed('"notes": ""', f'"notes": "", "rating": {literal}'))
    assert f"headers/rating: {problem}" in str(error)


def test_floats_in_free_headers_load_and_save_again() -> None:
    replay = loads_and_saves_again(changed('"notes": ""', '"notes": "", "rating": [1.5, 2.0]'))
    assert replay.headers["rating"] == [1.5, 2.0]


# --- text -----------------------------------------------------------------------------------------

def test_a_lone_surrogate_in_a_name_is_refused() -> None:
    error = refused(changed('"name": "Player 2"', '"name": "Bo\\ud800"'))
    assert ("headers/players/1/name: a lone surrogate \\ud800 at character 2 "
            "(half of a UTF-16 pair: not text)") in str(error)


def test_a_lone_surrogate_in_a_comment_names_the_turn() -> None:
    document = json.loads(GOOD)
    document["turns"][2]["comment"] = "ok \udfff"
    error = refused(json.dumps(document))
    assert "turns/2/comment: a lone surrogate \\udfff at character 3" in str(error)


def test_a_lone_surrogate_in_a_key_is_refused() -> None:
    error = refused(changed('"event"', '"ev\\udc00nt"'))
    assert "headers: the key 'ev\\udc00nt' holds a lone surrogate \\udc00" in str(error)


def test_a_surrogate_pair_is_one_character_and_loads() -> None:
    replay = loads_and_saves_again(changed('"notes": ""', '"notes": "\\ud83d\\ude00"'))
    assert replay.headers["notes"] == "\N{GRINNING FACE}"


def test_a_lone_surrogate_in_python_text_is_not_utf8() -> None:
    assert "not UTF-8 text" in str(refused(changed('"event": ""', '"event": "\ud800"')))


# --- objects --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("old", "new", "where"), [
    ('"event": "",', '"event": "", "event": "x",', "headers: the key 'event'"),
    ('"format"', '"turns": [], "format"', "the document: the key 'turns'"),
    ('"name": "Player 1",', '"name": "Player 1", "name": "Eve",', "headers/players/0: the key"),
])
def test_a_key_twice_in_one_object_is_refused(old: str, new: str, where: str) -> None:
    message = str(refused(changed(old, new)))
    assert where in message and "appears twice in one object" in message


def test_a_repeated_key_in_a_turn_is_refused() -> None:
    lines = GOOD.splitlines()  # the file ends with the last turn, " ]" and "}"
    lines[-3] = lines[-3].replace('{"move"', '{"glyph": "!", "glyph": "?", "move"')
    last = len(json.loads(GOOD)["turns"]) - 1
    assert f"turns/{last}: the key 'glyph' appears twice" in str(refused("\n".join(lines)))


# --- files that are not regular files -------------------------------------------------------------

def load_refused(path: str | Path) -> ReplayError:
    """The error of loading ``path``, which must be exactly a ReplayError naming the path."""
    with pytest.raises(ReplayError) as caught:
        Replay.load(path)
    assert type(caught.value) is ReplayError and str(caught.value).startswith(f"{path}: ")
    return caught.value


def test_a_device_is_refused_before_it_is_read() -> None:
    error = load_refused("/dev/zero")
    assert str(error) == "/dev/zero: cannot read: it is a character device, not a regular file"


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    assert "cannot read: it is a named pipe (FIFO), not a regular file" in str(load_refused(pipe))


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert "cannot read: it is a folder, not a regular file" in str(load_refused(tmp_path))


def test_a_pipe_swapped_in_after_the_check_is_refused_once_open(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    regular = tmp_path / "regular.json"
    regular.write_text(GOOD, encoding="utf-8")
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda path, **kw: real_stat(
        regular if Path(path) == pipe else path, **kw))  # the pipe looks regular before the open
    assert "it is a named pipe (FIFO), not a regular file" in str(load_refused(pipe))


def test_an_endless_file_is_read_only_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay_files, "_check_regular", lambda path, status: None)
    error = load_refused("/dev/zero")  # like a /proc file, whose size says 0
    assert str(error) == f"/dev/zero: over {MAX_BYTES} bytes is too large for a replay"
    assert error.rule == FORMAT_RULE


# --- saving what the loader takes, and only that --------------------------------------------------

@pytest.mark.slow
def test_a_file_whose_headers_grow_past_the_limit_when_saved_is_refused() -> None:
    nested = "[" * 500 + "]" * 500  # 1 kB here, a quarter of a megabyte re-indented one per line
    text = changed('"notes": ""', f'"notes": "", "deep": [{", ".join([nested] * 45)}]')
    assert len(text.encode()) < MAX_BYTES // 100
    error = refused(text)
    assert str(error) == (f"written out, this replay would be over {MAX_BYTES} bytes, "
                          "the limit of a replay file")


def test_a_file_near_the_limit_loads_and_saves_to_the_same_bytes() -> None:
    document = json.loads(GOOD)
    document["turns"][0]["comment"] = "é" * ((MAX_BYTES - len(GOOD.encode()) - 20) // 2)
    text = Replay.loads(json.dumps(document, ensure_ascii=False)).dumps()
    assert MAX_BYTES - 100 < len(text.encode()) <= MAX_BYTES
    assert Replay.loads(text).dumps() == text


@pytest.mark.parametrize(("header", "value", "problem"), [
    ("seed", 4.0, "cannot be saved: not a valid replay: headers/seed: must be integer or null"),
    ("event", "Club \udc00", "cannot be saved: headers/event: a lone surrogate \\udc00 at "
                             "character 5 (half of a UTF-16 pair: not text)"),
    ("rating", float("nan"), "cannot be saved: the headers hold what JSON cannot: Out of range "
                             "float values are not JSON compliant"),
    ("tags", {"a", "b"}, "cannot be saved: the headers hold what JSON cannot: Object of type "
                         "set is not JSON serializable"),
    ("elo", 10**5000, "cannot be saved: the headers hold what JSON cannot: Exceeds the limit"),
    ("elo", 10**150, "cannot be saved: not valid JSON text: headers/elo: an integer of 151 "
                     "characters (the limit is 100)"),
    ("notes", "x" * MAX_BYTES, f"written out, this replay would be over {MAX_BYTES} bytes"),
    ("players", [{"name": "Ann", "kind": "robot"}, {"name": "Bo"}],
     "cannot be saved: not a valid replay: headers/players/0/kind: must be one of"),
    ("players", [{"name": "Ann"}], "cannot be saved: not a valid replay: headers/players: must "
                                   "contain at least 2 items"),
], ids=["float seed", "lone surrogate", "NaN", "a set", "5001 digits", "151 digits", "too long",
        "bad kind", "one player"])
def test_a_save_the_loader_would_refuse_writes_nothing(
        tmp_path: Path, header: str, value: object, problem: str) -> None:
    replay = Replay.loads(GOOD)
    target = tmp_path / "game.json"
    target.write_text("the old file", encoding="utf-8")
    replay.headers[header] = value
    with pytest.raises(ReplayError) as caught:
        replay.save(target)
    assert type(caught.value) is ReplayError and caught.value.rule == FORMAT_RULE
    assert str(caught.value).startswith(problem)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert target.read_text(encoding="utf-8") == "the old file"


@pytest.mark.parametrize(("field", "value", "problem"), [
    ("comment", "ok \ud800", "cannot be saved: turns/3/comment: a lone surrogate \\ud800 at "
                             "character 3"),
    ("glyph", "!!!", "cannot be saved: turn 4: glyph: must be one of"),
])
def test_a_turn_changed_behind_annotate_is_refused_at_save(
        tmp_path: Path, field: str, value: str, problem: str) -> None:
    replay = Replay.loads(GOOD)
    setattr(replay.turns[3], field, value)  # annotate() would refuse the glyph
    with pytest.raises(ReplayError, match=f"^{re.escape(problem)}"):
        replay.save(tmp_path / "game.json")
    assert list(tmp_path.iterdir()) == []


@given(comment=st.text(max_size=30), glyph=st.sampled_from(("", *GLYPHS)),
       revealed=st.sampled_from([None, "1w1", "3k4"]))
def test_a_turn_line_is_the_json_of_the_turn(comment: str, glyph: str,
                                             revealed: str | None) -> None:
    turn = Turn(Move.parse("B1w3"), revealed, comment, glyph)
    assert turn_line(turn) == "  " + json.dumps(turn.to_json(), ensure_ascii=False)


# --- saving: the file's mode, symlinks, syncing, temporary files ----------------------------------

def saved_game(folder: Path, name: str = "game.json") -> Path:
    path = folder / name
    Replay.loads(GOOD).save(path)
    return path


def test_saving_keeps_the_mode_of_the_file(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    path.chmod(0o640)
    Replay.loads(GOOD).save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        path = saved_game(tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # 0666 less the umask, not mkstemp's 0600


def test_saving_through_a_symlink_writes_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = saved_game(tmp_path / "real")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    replay = Replay.load(link)
    replay.annotate(1, comment="through the link")
    replay.save(link)
    assert link.is_symlink() and link.resolve() == real
    assert Replay.load(real).turns[0].comment == "through the link"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real"]
    assert [p.name for p in real.parent.iterdir()] == ["game.json"]


def test_the_folder_is_synced_after_the_rename(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved_game(tmp_path)
    replay = Replay.loads(GOOD)
    replay.annotate(1, comment="new")
    synced: list[tuple[str, bool]] = []
    real_fsync = os.fsync

    def recording_fsync(descriptor: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file"
        synced.append((kind, "new" in path.read_text(encoding="utf-8")))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    replay.save(path)
    assert synced == [("file", False), ("folder", True)]


def test_temporary_files_are_named_after_the_file_they_replace(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved_game(tmp_path)
    seen: list[str] = []
    real_replace = os.replace

    def recording_replace(source: str | Path, target: str | Path) -> None:
        seen.append(Path(source).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", recording_replace)
    Replay.loads(GOOD).save(path)
    assert len(seen) == 1 and re.fullmatch(r"\.game\.json\.splendor-tmp-[0-9a-f]{16}", seen[0])


def test_a_killed_save_leaves_a_temporary_file_the_next_save_removes(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    killed = subprocess.run([sys.executable, "-c", KILLED_SAVE, str(path)], check=False)
    assert killed.returncode == -signal.SIGKILL
    left = [p for p in tmp_path.iterdir() if p != path]
    assert len(left) == 1 and left[0].name.startswith(".game.json.splendor-tmp-")
    hour_ago = time.time() - 3600
    os.utime(left[0], (hour_ago, hour_ago))
    Replay.loads(GOOD).save(path)
    assert list(tmp_path.iterdir()) == [path]


KILLED_SAVE = """
import os, signal, sys
from splendor_nb.replay import Replay
from support.games import random_replay
from tests.test_replay_properties import _paths, mutated
os.replace = lambda source, target: os.kill(os.getpid(), signal.SIGKILL)
random_replay(2, seed=4).save(sys.argv[1])
"""


def test_only_stale_temporary_files_of_the_same_file_are_removed(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    stale, fresh, other = (tmp_path / ".game.json.splendor-tmp-0badcafe0badcafe",
                           tmp_path / ".game.json.splendor-tmp-1234567812345678",
                           tmp_path / ".other.json.splendor-tmp-0badcafe0badcafe")
    for leftover in (stale, fresh, other):
        leftover.write_text("half a file", encoding="utf-8")
    old = time.time() - STALE_TEMPORARY_SECONDS - 60
    for leftover in (stale, other):
        os.utime(leftover, (old, old))
    Replay.loads(GOOD).save(path)
    assert not stale.exists()
    assert fresh.exists()  # perhaps another save, still writing
    assert other.exists()  # another file's


# --- saving a file that changed since it was opened -----------------------------------------------

def changed_behind(path: Path) -> None:
    """Another page saves the file: one more comment."""
    other = Replay.load(path)
    other.annotate(2, comment="another page's comment")
    other.save(path)


def refused_save(replay: Replay, path: Path) -> FileChangedError:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(FileChangedError) as caught:
        replay.save(path, if_unchanged=True)
    assert type(caught.value) is FileChangedError and isinstance(caught.value, ReplayError)
    assert str(caught.value).startswith(f"{path}: ")
    assert (path.read_bytes() if path.exists() else None) == before
    assert [p for p in path.parent.iterdir() if p.name.startswith(".")] == []
    return caught.value


def test_a_file_changed_since_it_was_opened_is_not_overwritten(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    mine = Replay.load(path)
    mine.annotate(1, comment="my comment")
    changed_behind(path)
    error = refused_save(mine, path)
    assert str(error) == (f"{path}: changed since it was opened; save a copy under another "
                          "name to keep both")
    copy = tmp_path / "game (copy).json"
    mine.save(copy, if_unchanged=True)
    assert Replay.load(copy).turns[0].comment == "my comment"
    assert Replay.load(path).turns[1].comment == "another page's comment"


def test_saving_again_and_again_is_not_a_change(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    replay = Replay.load(path)
    for comment in ("one", "two", "three"):
        replay.annotate(1, comment=comment)
        replay.save(path, if_unchanged=True)
    assert Replay.load(path).turns[0].comment == "three"
    stamp = replay.source_stamp
    assert stamp is not None and stamp.path == path.resolve()
    assert (stamp.size, stamp.sha256) == (path.stat().st_size,
                                          hashlib.sha256(path.read_bytes()).hexdigest())


def test_a_file_touched_but_not_changed_is_saved(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    replay = Replay.load(path)
    os.utime(path, (1, 1))
    replay.annotate(1, comment="saved")
    replay.save(path, if_unchanged=True)
    assert Replay.load(path).turns[0].comment == "saved"


def test_a_file_changed_to_the_same_size_is_not_overwritten(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    replay = Replay.load(path)
    path.write_text(path.read_text(encoding="utf-8").replace("Player 1", "Player 9"),
                    encoding="utf-8")
    assert "changed since it was opened" in str(refused_save(replay, path))


def test_a_file_this_replay_was_not_opened_from_is_not_overwritten(tmp_path: Path) -> None:
    first, second = saved_game(tmp_path, "first.json"), saved_game(tmp_path, "second.json")
    error = refused_save(Replay.load(first), second)
    assert str(error) == (f"{second}: a file is already there that this replay was not opened "
                          "from; save a copy under another name")
    assert "not opened from" in str(refused_save(Replay.loads(GOOD), first))


def test_a_missing_file_is_saved_even_if_unchanged_is_asked(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    replay = Replay.load(path)
    path.unlink()
    replay.save(path, if_unchanged=True)
    Replay.loads(GOOD).save(tmp_path / "new.json", if_unchanged=True)
    assert Replay.load(path).dumps() == Replay.load(tmp_path / "new.json").dumps()


def test_a_file_opened_through_a_symlink_is_the_same_file(tmp_path: Path) -> None:
    real = saved_game(tmp_path)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    Replay.load(link).save(real, if_unchanged=True)
    Replay.load(real).save(link, if_unchanged=True)
    assert link.is_symlink()


# --- any input ------------------------------------------------------------------------------------

ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=10)


@st.composite
def any_values_anywhere(draw: st.DrawFn) -> str:
    """The good file with one to three values, anywhere in it, replaced by any JSON."""
    document = json.loads(GOOD)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = draw(ANY_JSON)
    return json.dumps(document, ensure_ascii=draw(st.booleans()))


@settings(max_examples=200, deadline=None)
@given(st.one_of(any_values_anywhere(), mutated()))
def test_any_input_loads_and_saves_again_or_is_a_replay_error(text: str | bytes) -> None:
    try:
        replay = Replay.loads(text)
    except ReplayError as error:
        assert str(error)
    else:
        saved = replay.dumps()
        assert Replay.loads(saved).dumps() == saved
