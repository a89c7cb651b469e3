"""Saving safely, and the read-only demo, driven from Python without a browser.

Local use: Save never overwrites a file changed since it was opened (another page or program
saved it); it asks, in the question banner, to save a copy. A page opening a file reads it as
it is when the page is asked for. The demo (``SPLENDOR_DEMO=1``): Save is off and says why,
Download works and keeps the comments. Nowhere does a page show a server folder.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import splendor_nb.app
from splendor_nb.app import DEMO_ENV, GAMES_ENV, LEARN_TAB, build_app
from splendor_nb.engine import new_game
from splendor_nb.replay import FileChangedError, Replay
from splendor_nb.ui import ReplayController, ReplayViewer
from splendor_nb.ui.learn_tab import LessonView


def short_game(seed: int, moves: tuple[str, ...] = ("+wbg", "+rr")) -> Replay:
    replay = Replay.from_state(new_game(players=2, seed=seed))
    for move in moves:
        replay.play(move)
    return replay


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A replays folder with two games, deep in a folder whose name must never be shown."""
    shipped = tmp_path / "server-secret-folder" / "replays"
    shipped.mkdir(parents=True)
    short_game(7).save(shipped / "duel.json")
    short_game(8).save(shipped / "three.json")
    return shipped


def viewer_on(folder: Path, *, read_only: bool = False) -> ReplayViewer:
    path = folder / "duel.json"
    controller = ReplayController(Replay.load(path), path=path, name="duel", turn=1,
                                  read_only=read_only)
    return ReplayViewer(controller, folder=folder)


def save_elsewhere(path: Path, comment: str) -> None:
    """Another page or program saves the file meanwhile."""
    other = Replay.load(path)
    other.annotate(1, comment=comment)
    other.save(path)


def saved_over_a_change(folder: Path) -> ReplayViewer:
    """A viewer on duel.json whose comment "Mine." was saved after another page saved
    "Theirs." into the file: the question banner asks about it."""
    viewer = viewer_on(folder)
    viewer.annotation.comment.value = "Mine."
    save_elsewhere(folder / "duel.json", "Theirs.")
    viewer.toolbar.save_button.click()
    return viewer


def page_text(viewer: ReplayViewer) -> str:
    """Everything the toolbar shows or says in a tooltip."""
    toolbar = viewer.toolbar
    parts = [toolbar.save_button.tooltip, toolbar.upload.tooltip, toolbar.status.value,
             toolbar.message.value, toolbar.question.value, toolbar.stale_question.value,
             toolbar.download_button.tooltip]
    return "\n".join(parts)


def test_the_save_tooltip_names_the_file_not_its_folder(folder: Path) -> None:
    viewer = viewer_on(folder)
    assert viewer.toolbar.save_button.tooltip == "Save the comments into duel.json"
    assert "server-secret-folder" not in page_text(viewer)


def test_a_save_into_an_unchanged_file_writes_it(folder: Path) -> None:
    viewer = viewer_on(folder)
    viewer.annotation.comment.value = "Mine."
    viewer.toolbar.save_button.click()
    assert Replay.load(folder / "duel.json").turns[0].comment == "Mine."
    assert viewer.controller.stale == "" and not viewer.controller.dirty
    viewer.annotation.comment.value = "Mine, again."  # its own save is not a change by others
    viewer.toolbar.save_button.click()
    assert Replay.load(folder / "duel.json").turns[0].comment == "Mine, again."


def test_a_file_changed_since_it_was_opened_is_not_overwritten(folder: Path) -> None:
    viewer = saved_over_a_change(folder)
    toolbar, controller = viewer.toolbar, viewer.controller
    assert Replay.load(folder / "duel.json").turns[0].comment == "Theirs."
    assert controller.stale == "duel.json" and controller.dirty
    assert toolbar.asking_stale.layout.display == "flex"
    assert "duel.json changed since you opened it" in toolbar.stale_question.value
    assert "role='alert'" in toolbar.stale_question.value
    assert controller.error == ""  # a question, not an error
    assert "server-secret-folder" not in page_text(viewer)
    with pytest.raises(FileChangedError, match=r"^duel\.json: changed since it was opened"):
        controller.save()


def test_save_a_copy_keeps_both_and_later_saves_go_to_the_copy(folder: Path) -> None:
    viewer = saved_over_a_change(folder)
    toolbar, controller = viewer.toolbar, viewer.controller
    toolbar.copy_button.click()
    assert Replay.load(folder / "duel.json").turns[0].comment == "Theirs."
    assert Replay.load(folder / "duel-copy.json").turns[0].comment == "Mine."
    assert controller.path == folder / "duel-copy.json" and controller.name == "duel-copy"
    assert toolbar.asking_stale.layout.display == "none" and not controller.dirty
    assert "Saved a copy: duel-copy.json (duel.json was left as it was)" in toolbar.status.value
    viewer.annotation.comment.value = "Mine, later."
    toolbar.save_button.click()
    assert Replay.load(folder / "duel-copy.json").turns[0].comment == "Mine, later."


def test_a_second_copy_never_overwrites_the_first(folder: Path) -> None:
    viewer = saved_over_a_change(folder)
    short_game(9).save(folder / "duel-copy.json")
    viewer.toolbar.copy_button.click()
    assert viewer.controller.path == folder / "duel-copy-2.json"
    assert Replay.load(folder / "duel-copy.json").turns == short_game(9).turns


def test_not_now_keeps_the_comments_unsaved_and_the_file_as_it_is(folder: Path) -> None:
    viewer = saved_over_a_change(folder)
    viewer.toolbar.not_now_button.click()
    assert viewer.toolbar.asking_stale.layout.display == "none"
    assert viewer.controller.dirty and viewer.controller.replay.turns[0].comment == "Mine."
    assert Replay.load(folder / "duel.json").turns[0].comment == "Theirs."


def test_save_then_open_on_a_changed_file_asks_and_opens_nothing(folder: Path) -> None:
    viewer = viewer_on(folder)
    toolbar, controller = viewer.toolbar, viewer.controller
    viewer.annotation.comment.value = "Mine."
    save_elsewhere(folder / "duel.json", "Theirs.")
    toolbar.picker.value = "three"
    toolbar.keep_button.click()
    assert controller.name == "duel" and controller.waiting == "three"
    assert controller.stale == "duel.json" and controller.error == ""
    toolbar.copy_button.click()  # the copy is saved; the other replay is still asked about
    assert controller.waiting == "three" and not controller.dirty
    toolbar.keep_button.click()
    assert controller.name == "three"


def test_a_page_reads_the_file_as_it_is_when_the_page_is_asked_for(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pre-heated kernel builds the app, then waits for the request; the file may be saved
    by another page in between."""
    def request_after_a_save() -> str:
        save_elsewhere(folder / "duel.json", "Saved while the kernel waited.")
        return "replay=duel&turn=1"

    monkeypatch.setattr(splendor_nb.app, "request_query", request_after_a_save)
    controller = build_app(folder=folder).viewer.controller
    assert controller.name == "duel" and controller.turn == 1
    assert controller.replay.turns[0].comment == "Saved while the kernel waited."
    controller.annotate(comment="Mine.")
    controller.save()  # what it read is what it saves over
    assert Replay.load(folder / "duel.json").turns[0].comment == "Mine."


def test_a_broken_file_is_named_without_its_folder(folder: Path) -> None:
    viewer = viewer_on(folder)
    broken = folder / "broken.json"
    broken.write_text(json.dumps({"format": "splendor-nb"}), encoding="utf-8")
    assert not viewer.controller.open_file(broken)
    assert viewer.controller.error.startswith("broken.json: ")
    assert "server-secret-folder" not in viewer.toolbar.message.value


# --- the demo: read-only ------------------------------------------------------------------------


def test_the_demo_flag_makes_the_app_read_only(folder: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DEMO_ENV, "1")
    assert build_app("", folder=folder).viewer.controller.read_only
    monkeypatch.setenv(DEMO_ENV, "0")
    assert not build_app("", folder=folder).viewer.controller.read_only


def test_in_the_demo_save_is_off_and_says_why(folder: Path) -> None:
    viewer = viewer_on(folder, read_only=True)
    toolbar, controller = viewer.toolbar, viewer.controller
    viewer.annotation.comment.value = "Mine."
    assert toolbar.save_button.disabled
    assert toolbar.save_button.tooltip.startswith("Saving is off in this public demo")
    assert "Unsaved comments: download to keep them" in toolbar.status.value
    with pytest.raises(ValueError, match="saving is off in this demo"):
        controller.save()
    with pytest.raises(ValueError, match="saving is off in this demo"):
        controller.save_copy()
    assert Replay.load(folder / "duel.json").turns[0].comment == ""
    assert "server-secret-folder" not in page_text(viewer)


def test_in_the_demo_download_keeps_the_comments(folder: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    viewer = viewer_on(folder, read_only=True)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(viewer.toolbar.downloader, "send", sent.append)
    viewer.annotation.comment.value = "Mine."
    viewer.toolbar.download_button.click()
    assert Replay.loads(sent[0]["text"]).turns[0].comment == "Mine."
    assert not viewer.controller.dirty


def test_in_the_demo_opening_another_replay_offers_a_download(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    viewer = viewer_on(folder, read_only=True)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(viewer.toolbar.downloader, "send", sent.append)
    viewer.annotation.comment.value = "Mine."
    viewer.toolbar.picker.value = "three"
    assert viewer.toolbar.keep_button.description == "Download them, then open"
    viewer.toolbar.keep_button.click()
    assert sent[0]["filename"] == "duel.json" and viewer.controller.name == "three"
    assert Replay.load(folder / "duel.json").turns[0].comment == ""


def files_under(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes()
            for path in sorted(root.rglob("*")) if path.is_file()}


def test_nothing_a_demo_visitor_does_reaches_the_next_visitor(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page has its own kernel; what they share is the server's disk, and a demo visitor
    writes nothing on it: comments, an upload, a Save sent though the button is off, a game in
    the Play tab, an exercise in the Learn tab, another language. The next visitor's app starts
    as the first's."""
    monkeypatch.setenv(DEMO_ENV, "1")
    monkeypatch.setenv(GAMES_ENV, str(tmp_path / "games"))
    monkeypatch.chdir(tmp_path)
    before = files_under(tmp_path)
    app = build_app("", folder=folder)
    first_seen = (app.viewer.controller.name, app.viewer.controller.replay.dumps())
    viewer, controller = app.viewer, app.viewer.controller
    controller.go(1)
    viewer.annotation.comment.value = "Mine."
    viewer.toolbar.save_button.click()  # a click the page can send though the button is off
    assert "saving is off in this demo" in controller.error
    data = short_game(12).dumps().encode()
    viewer.toolbar.upload._handle_custom_msg(
        {"type": "file", "name": "mine.json", "size": len(data)}, [data])
    with pytest.raises(ValueError, match="saving is off in this demo"):
        controller.resolve("save")  # the comments asked about: saving them is refused too
    controller.resolve("open")
    assert controller.name == "mine" and controller.path is None
    app.play.form.start.click()
    assert app.play.session is not None and not app.play.session.autosave
    assert app.play.session.submit("+wbg") is None  # a take of three: legal at the start
    app.selected_index = LEARN_TAB
    app.learn.next.click()
    assert isinstance(app.learn.view, LessonView)
    app.learn.view.build_rest()  # as the page asks for it
    app.learn.view.exercises["no-pass"].options["no"].click()
    app.language.picker.value = "fr"
    assert app.language.language == "fr"
    assert files_under(tmp_path) == before
    following = build_app("", folder=folder)
    assert (following.viewer.controller.name,
            following.viewer.controller.replay.dumps()) == first_seen
    assert following.play.session is None and following.play.form.games.children == ()
    assert following.learn.picker.options[1][0].endswith("(0/8)")
    assert following.language.language == "en" and following.titles[0] == "Replay"


# --- uploads of any size ------------------------------------------------------------------------


def test_a_file_over_the_limit_gets_a_message_and_the_button_still_opens_files(
        folder: Path) -> None:
    viewer = viewer_on(folder)
    upload, controller = viewer.toolbar.upload, viewer.controller
    upload._handle_custom_msg({"type": "refused", "name": "huge.json", "size": 20_000_000}, [])
    assert controller.error == ("huge.json is 19.1 MiB: a replay file is at most 10.0 MiB. "
                                "Nothing was sent. The replay already open stays open.")
    assert controller.name == "duel" and not upload.disabled
    data = short_game(11).dumps().encode()
    upload._handle_custom_msg({"type": "file", "name": "small.json", "size": len(data)}, [data])
    assert controller.name == "small" and controller.error == ""


def test_a_file_sent_over_the_limit_anyway_is_refused(folder: Path) -> None:
    viewer = viewer_on(folder)
    viewer.toolbar.upload.max_bytes = 100
    data = short_game(11).dumps().encode()
    viewer.toolbar.upload._handle_custom_msg({"type": "file", "name": "big.json"}, [data])
    assert viewer.controller.error.startswith("big.json is 0.0 MiB: a replay file is at most")
    assert viewer.controller.name == "duel"
