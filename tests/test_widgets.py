"""The replay viewer and the app, driven from Python without a browser.

Buttons are clicked with ``button.click()``, traits set as the browser would set them, and
what the page would show is read from the widgets' values.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ipywidgets import Widget

import splendor_nb.ui
from splendor_nb.ai import Bot
from splendor_nb.analysis import turning_points
from splendor_nb.app import (
    FIRST_REPLAY,
    GAMES_ENV,
    PLAY_TAB,
    RULES_TAB,
    DeepLink,
    build_app,
    parse_deep_link,
    request_query,
)
from splendor_nb.diagram import diagram_svg, turn_path
from splendor_nb.engine import new_game
from splendor_nb.palette import css_variables
from splendor_nb.play.store import GameStore
from splendor_nb.render import board_html
from splendor_nb.replay import GLYPHS, Replay
from splendor_nb.ui import KEYS, ReplayController, ReplayViewer, shipped_replays

XSS = "<img src=x onerror=alert(1)>"
KEY = 5 + 2
"""The legend's key traces at the end of the charts: a player's line style each (two players
in the key of a two-player game, before the five gem colours)."""


def play_game(names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 3) -> Replay:
    """A whole game between easy bots, with the players named."""
    replay = Replay.from_state(new_game(players=len(names), seed=seed))
    for entry, name in zip(replay.headers["players"], names, strict=True):
        entry["name"] = name
    bots = [Bot("easy", seed=seed + i) for i in range(len(names))]
    state = replay.state(0)
    while not state.is_over:
        state = replay.play(bots[state.current_player].choose(state))
    return replay


@pytest.fixture(scope="module")
def game() -> Replay:
    return play_game()


@pytest.fixture
def folder(tmp_path: Path, game: Replay) -> Path:
    """A replays folder with two games in it."""
    shipped = tmp_path / "replays"
    shipped.mkdir()
    game.save(shipped / "duel.json")
    play_game(("Cleo", "Dan", "Eve"), seed=5).save(shipped / "three.json")
    return shipped


@pytest.fixture
def viewer(folder: Path) -> ReplayViewer:
    controller = ReplayController(Replay.load(folder / "duel.json"), path=folder / "duel.json",
                                  name="duel")
    return ReplayViewer(controller, folder=folder)


def board_turn(viewer: ReplayViewer) -> int:
    value = viewer.board.widget.value
    start = value.index('data-turn="') + len('data-turn="')
    return int(value[start:value.index('"', start)])


# --- stepping ---------------------------------------------------------------------------------


def test_buttons_step_the_board_through_the_replay(viewer: ReplayViewer) -> None:
    buttons = viewer.navigation.buttons
    buttons["forward"].click()
    buttons["forward"].click()
    assert viewer.controller.turn == 2 and board_turn(viewer) == 2
    buttons["back"].click()
    assert board_turn(viewer) == 1
    buttons["last"].click()
    assert board_turn(viewer) == len(viewer.controller.replay)
    buttons["first"].click()
    assert board_turn(viewer) == 0


def test_turn_is_clamped_and_buttons_disable_at_the_ends(viewer: ReplayViewer) -> None:
    controller, buttons = viewer.controller, viewer.navigation.buttons
    assert buttons["first"].disabled and buttons["back"].disabled
    assert not buttons["forward"].disabled
    controller.go(10_000)
    assert controller.turn == len(controller.replay)
    assert buttons["forward"].disabled and buttons["last"].disabled
    controller.go(-5)
    assert controller.turn == 0


def test_board_highlights_the_last_move_of_the_current_turn(viewer: ReplayViewer) -> None:
    controller = viewer.controller
    controller.go(7)
    replay = controller.replay
    assert viewer.board.widget.value == board_html(
        replay.state(7), viewer=None, highlight=True, names=replay.names)


def test_diagram_shows_the_current_moves_path(viewer: ReplayViewer) -> None:
    assert viewer.diagram.widget.value == diagram_svg()
    viewer.controller.go(5)
    replay = viewer.controller.replay
    expected = diagram_svg(turn_path(replay.state(4), replay.turns[4].move, replay.state(5)))
    assert viewer.diagram.widget.value == expected


def test_slider_and_controller_follow_each_other(viewer: ReplayViewer) -> None:
    slider = viewer.navigation.slider
    assert slider.max == len(viewer.controller.replay)
    slider.value = 9
    assert viewer.controller.turn == 9 and board_turn(viewer) == 9
    viewer.controller.go(3)
    assert slider.value == 3
    assert "Turn 3</b> of" in viewer.navigation.label.value


def test_the_summary_gives_the_round_the_move_was_played_in(viewer: ReplayViewer) -> None:
    players = len(viewer.controller.replay.names)
    viewer.controller.go(players)  # the last move of the first round
    assert f"Turn {players}</b> of" in viewer.navigation.label.value
    assert "</code> in round 1</span>" in viewer.navigation.label.value
    assert viewer.controller.state.round == 2  # the board says the round of the next move
    viewer.controller.go(players + 1)
    assert "</code> in round 2</span>" in viewer.navigation.label.value


def test_keyboard_arrows_and_home_end_step_the_controller(viewer: ReplayViewer) -> None:
    keyboard, controller = viewer.keyboard, viewer.controller
    assert set(KEYS) >= {"ArrowLeft", "ArrowRight", "Home", "End"}
    for action, expected in (("forward", 1), ("forward", 2), ("back", 1),
                             ("last", len(controller.replay)), ("first", 0)):
        keyboard._pressed(keyboard, {"action": action}, [])
        assert controller.turn == expected
    keyboard._pressed(keyboard, {"action": "__class__"}, [])
    assert controller.turn == 0


# --- move list --------------------------------------------------------------------------------


def test_move_list_has_a_row_per_turn_and_follows_the_turn(viewer: ReplayViewer) -> None:
    moves, replay = viewer.moves, viewer.controller.replay
    assert len(moves.rows) == len(replay) + 1
    fields = ("at", "number", "player", "name", "text", "glyph", "comment", "depth")
    assert [moves.rows[0][key] for key in fields] == ["", 0, -1, "Setup", "", "", "", 0]
    assert [moves.rows[1][key] for key in fields] == [
        "1", 1, 0, "Ann", str(replay.turns[0].move), "", "", 0]
    assert [moves.rows[2][key] for key in ("player", "name")] == [1, "Bob"]
    assert moves.rows[1]["said"].startswith("Ann ")  # the move in words, as Play says it
    viewer.controller.go(12)
    assert moves.at == "12"


def test_clicking_a_move_jumps_the_board_there(viewer: ReplayViewer) -> None:
    viewer.moves.at = "20"  # what the browser sets when a row is clicked
    assert viewer.controller.turn == 20 and board_turn(viewer) == 20


def test_move_list_marks_glyphs_and_comments(viewer: ReplayViewer) -> None:
    viewer.controller.go(4)
    viewer.annotation.glyph.value = "!?"
    viewer.annotation.comment.value = "A quiet move."
    assert [viewer.moves.rows[4][key] for key in ("glyph", "comment")] == [
        "!?", "A quiet move."]


# --- comments, glyphs and saving --------------------------------------------------------------


def test_comment_box_and_glyph_picker_write_into_the_replay(viewer: ReplayViewer) -> None:
    controller = viewer.controller
    controller.go(3)
    viewer.annotation.comment.value = "Takes the last red."
    viewer.annotation.glyph.value = "?"
    entry = controller.replay.turns[2]
    assert (entry.comment, entry.glyph) == ("Takes the last red.", "?")
    assert controller.dirty and not viewer.toolbar.save_button.disabled
    controller.go(4)
    assert viewer.annotation.comment.value == "" and viewer.annotation.glyph.value == ""
    controller.go(3)
    assert viewer.annotation.comment.value == "Takes the last red."
    assert list(viewer.annotation.glyph.options)[1:] == [(g, g) for g in GLYPHS]


def test_save_button_writes_the_comment_into_the_file(viewer: ReplayViewer) -> None:
    controller = viewer.controller
    controller.go(6)
    viewer.annotation.comment.value = XSS
    viewer.toolbar.save_button.click()
    assert controller.error == ""
    saved = Replay.load(controller.path)
    assert saved.turns[5].comment == XSS
    assert not controller.dirty and viewer.toolbar.save_button.disabled
    assert "Saved duel.json" in viewer.toolbar.status.value


def test_the_setup_takes_no_comment(viewer: ReplayViewer) -> None:
    assert viewer.controller.turn == 0
    assert viewer.annotation.comment.disabled and viewer.annotation.glyph.disabled
    with pytest.raises(ValueError, match="setup is not a move"):
        viewer.controller.annotate(comment="nothing to comment")


def test_download_sends_the_replay_with_its_comments(viewer: ReplayViewer,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(viewer.toolbar.downloader, "send", sent.append)
    viewer.controller.go(2)
    viewer.annotation.comment.value = "Downloaded with this."
    viewer.toolbar.download_button.click()
    assert sent[0]["type"] == "download" and sent[0]["filename"] == "duel.json"
    assert Replay.loads(sent[0]["text"]).turns[1].comment == "Downloaded with this."


# --- opening replays --------------------------------------------------------------------------


def upload(viewer: ReplayViewer, name: str, data: bytes) -> None:
    """What the browser's upload button sends for one file."""
    viewer.toolbar.upload._handle_custom_msg({"type": "file", "name": name, "size": len(data)},
                                             [memoryview(data)])


def test_a_bad_upload_shows_the_error_and_keeps_the_replay(viewer: ReplayViewer,
                                                          game: Replay) -> None:
    controller = viewer.controller
    controller.go(5)
    document = json.loads(game.dumps())
    document["turns"][3]["move"] = "B3r9"
    upload(viewer, "broken.json", json.dumps(document).encode())
    assert "broken.json" in controller.error and "turn 4" in controller.error
    assert "(the 3 turns before it are valid)" in controller.error
    assert viewer.toolbar.banner.layout.display == "flex"
    assert "role='alert'" in viewer.toolbar.message.value
    assert controller.name == "duel" and controller.turn == 5 and board_turn(viewer) == 5
    upload(viewer, "junk.json", b"\xff\xfe not json")
    assert "junk.json: not UTF-8" in controller.error and controller.name == "duel"
    viewer.toolbar.dismiss.click()
    assert controller.error == "" and viewer.toolbar.banner.layout.display == "none"


def test_a_good_upload_opens_and_can_only_be_downloaded(viewer: ReplayViewer) -> None:
    other = play_game(("Zoe", "Yann"), seed=11)
    viewer.controller.error = "an old error"
    upload(viewer, "zoe.json", other.dumps().encode())
    controller = viewer.controller
    assert controller.name == "zoe" and controller.path is None and controller.turn == 0
    assert controller.error == "" and viewer.toolbar.banner.layout.display == "none"
    assert len(viewer.moves.rows) == len(other) + 1
    assert viewer.navigation.slider.max == len(other)
    assert "Zoe" in viewer.title.value
    controller.go(1)
    viewer.annotation.comment.value = "only downloadable"
    assert viewer.toolbar.save_button.disabled
    with pytest.raises(ValueError, match="download it"):
        controller.save()


def comment_then_pick_three(viewer: ReplayViewer) -> None:
    """Comment on turn 1 of duel without saving, then pick the replay three."""
    viewer.controller.go(1)
    viewer.annotation.comment.value = "not saved yet"
    viewer.toolbar.picker.value = "three"


def test_picking_another_replay_with_unsaved_comments_asks_first(viewer: ReplayViewer) -> None:
    comment_then_pick_three(viewer)
    controller, toolbar = viewer.controller, viewer.toolbar
    assert controller.name == "duel" and controller.turn == 1 and controller.waiting == "three"
    assert toolbar.asking.layout.display == "flex"
    assert "Your comments on duel are not saved." in toolbar.question.value
    assert "before opening three?" in toolbar.question.value
    assert toolbar.keep_button.description == "Save them, then open"
    assert toolbar.picker.value == "duel"  # the picker shows what is open


def test_stay_here_keeps_the_comments(viewer: ReplayViewer) -> None:
    comment_then_pick_three(viewer)
    viewer.toolbar.stay_button.click()
    controller = viewer.controller
    assert controller.name == "duel" and controller.waiting == "" and controller.dirty
    assert controller.replay.turns[0].comment == "not saved yet"
    assert viewer.annotation.comment.value == "not saved yet"
    assert viewer.toolbar.asking.layout.display == "none"


def test_save_them_then_open_writes_the_file_first(viewer: ReplayViewer, folder: Path) -> None:
    comment_then_pick_three(viewer)
    viewer.toolbar.keep_button.click()
    assert Replay.load(folder / "duel.json").turns[0].comment == "not saved yet"
    controller = viewer.controller
    assert controller.name == "three" and controller.waiting == "" and not controller.dirty
    assert viewer.toolbar.picker.value == "three"
    assert viewer.toolbar.asking.layout.display == "none"


def test_a_failed_save_opens_nothing(viewer: ReplayViewer, folder: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(_replay: Replay, path: Path, **_options: object) -> None:
        raise PermissionError(f"[Errno 13] Permission denied: '{path}'")

    comment_then_pick_three(viewer)
    monkeypatch.setattr(Replay, "save", refuse)
    viewer.toolbar.keep_button.click()
    controller = viewer.controller
    assert controller.error.startswith("Could not save: [Errno 13] Permission denied")
    assert controller.error.endswith("Nothing was opened.")
    assert controller.name == "duel" and controller.dirty and controller.waiting == "three"
    viewer.toolbar.stay_button.click()
    assert controller.replay.turns[0].comment == "not saved yet"


def test_open_without_them_drops_the_comments_and_says_so(viewer: ReplayViewer,
                                                           folder: Path) -> None:
    comment_then_pick_three(viewer)
    viewer.toolbar.drop_button.click()
    assert viewer.controller.name == "three"
    assert viewer.toolbar.status.value.endswith(
        "Opened three (the unsaved comments on duel were dropped)</span>")
    assert Replay.load(folder / "duel.json").turns[0].comment == ""


def test_an_upload_with_comments_is_downloaded_before_another_opens(
        viewer: ReplayViewer, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(viewer.toolbar.downloader, "send", sent.append)
    upload(viewer, "zoe.json", play_game(("Zoe", "Yann"), seed=11).dumps().encode())
    controller = viewer.controller
    controller.go(1)
    viewer.annotation.comment.value = "only in this upload"
    viewer.toolbar.picker.value = "three"
    assert controller.name == "zoe" and controller.waiting == "three"
    assert viewer.toolbar.keep_button.description == "Download them, then open"
    viewer.toolbar.keep_button.click()
    assert sent[0]["filename"] == "zoe.json"
    assert Replay.loads(sent[0]["text"]).turns[0].comment == "only in this upload"
    assert controller.name == "three" and "dropped" not in viewer.toolbar.status.value


def test_downloading_an_upload_keeps_its_comments(viewer: ReplayViewer,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(viewer.toolbar.downloader, "send", lambda _message: None)
    upload(viewer, "zoe.json", play_game(("Zoe", "Yann"), seed=11).dumps().encode())
    viewer.controller.go(1)
    viewer.annotation.comment.value = "downloaded"
    assert "download to keep them" in viewer.toolbar.status.value
    viewer.toolbar.download_button.click()
    assert not viewer.controller.dirty and "Downloaded zoe.json" in viewer.toolbar.status.value
    viewer.toolbar.picker.value = "three"
    assert viewer.controller.name == "three" and viewer.controller.waiting == ""


def test_picker_opens_a_shipped_replay(viewer: ReplayViewer) -> None:
    viewer.charts.load()
    picker = viewer.toolbar.picker
    assert [value for _, value in picker.options] == ["", "duel", "three"]
    assert picker.value == "duel"
    picker.value = "three"
    controller = viewer.controller
    assert controller.name == "three" and controller.replay.players == 3
    assert [label for label, _ in viewer.view_switch.widget.options] == [
        "All-seeing", "Cleo's view", "Dan's view", "Eve's view"]
    assert len(viewer.charts.figure.data) == 3 + 3 * 5 + 3 + 5


def test_shipped_replays_are_json_files_inside_the_folder(folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (folder / "link.json").symlink_to(outside)
    (folder / "notes.txt").write_text("not a replay")
    assert list(shipped_replays(folder)) == ["duel", "three"]


# --- hidden information, charts, escaping -----------------------------------------------------


def test_hidden_information_switch_draws_a_players_view() -> None:
    replay = Replay.from_state(new_game(players=2, seed=7))
    replay.play("R?1")  # R-RESERVE-HIDDEN: player 0 reserves blind
    viewer = ReplayViewer(ReplayController(replay))
    viewer.controller.last()
    seeing = viewer.board.widget.value
    viewer.view_switch.widget.value = 1
    assert viewer.controller.viewer == 1
    assert viewer.board.widget.value == board_html(
        replay.state(1), viewer=1, names=replay.names)
    assert viewer.board.widget.value != seeing
    viewer.view_switch.widget.value = -1
    assert viewer.controller.viewer is None and viewer.board.widget.value == seeing


def test_charts_load_once_a_browser_has_drawn_the_viewer(viewer: ReplayViewer) -> None:
    charts = viewer.charts
    assert charts.figure is None
    viewer.controller.go(4)
    charts.shown._handle_custom_msg({"type": "shown"}, [])  # what the page sends
    assert charts.figure is not None and charts.box.children == (charts.view,)
    assert charts.view.figure["layout"]["shapes"][0]["x0"] == 4  # what the page draws
    assert charts.figure.layout.shapes[0].x0 == 4
    first = charts.figure
    charts.load()
    assert charts.figure is first


def test_chart_marker_follows_the_turn_and_a_click_jumps(viewer: ReplayViewer) -> None:
    viewer.charts.load()
    figure = viewer.charts.figure
    viewer.controller.go(8)
    assert (figure.layout.shapes[0].x0, figure.layout.shapes[0].x1) == (8, 8)

    assert viewer.charts.view.turn == 8  # the page moves its line
    trace = figure.data[len(figure.data) - 1 - KEY]  # the last bonus line
    # what the page sends for a click on that line's 18th point
    viewer.charts.view._handle_custom_msg({"type": "click", "turn": trace.customdata[17]}, [])
    assert viewer.controller.turn == trace.customdata[17] == 17
    assert board_turn(viewer) == 17


def test_bonus_chart_shows_one_player_or_everyone(viewer: ReplayViewer) -> None:
    viewer.charts.load()
    figure, buttons = viewer.charts.figure, viewer.charts.players
    buttons.value = 1
    bonus = figure.data[2:12]
    assert [trace.visible for trace in bonus] == [False] * 5 + [True] * 5
    key = figure.data[12:14]  # the legend lists the player shown only
    assert [(trace.name, trace.showlegend) for trace in key] == [("Ann", False), ("Bob", True)]
    buttons.value = -1
    assert all(trace.visible for trace in bonus) and all(trace.showlegend for trace in key)


def test_who_was_winning_charts_the_chances_and_jumps_to_the_biggest_falls(
        viewer: ReplayViewer, game: Replay) -> None:
    charts = viewer.charts
    charts.load()
    assert len(charts.figure.data) == 2 + 2 * 5 + KEY and charts.falls.children == ()
    charts.ask.click()
    chances = charts.chances
    assert chances is not None and len(chances) == 2 * (len(game) + 1)
    assert charts.progress.value == charts.progress.max == len(game) + 1
    assert charts.ask.layout.display == "none" and charts.progress.layout.display == "none"
    data = charts.figure.data
    assert [trace.name for trace in data[12:15]] == ["Ann", "Bob", "biggest falls"]
    assert charts.figure.layout.yaxis3.range == (0, 100)
    falls = turning_points(chances)
    buttons = charts.falls.children[1:]
    assert [button.description for button in buttons] == [
        f"Turn {turn}: {name} {move}" for turn, name, move in
        falls[["turn", "name", "move"]].itertuples(index=False)]
    assert list(data[14].x) == falls["turn"].tolist() and len(buttons) == 3
    buttons[1].click()
    assert viewer.controller.turn == falls["turn"][1] and board_turn(viewer) == falls["turn"][1]
    charts.players.value = 0  # the bonus buttons leave the chances alone
    assert [trace.visible for trace in data[2:12]] == [True] * 5 + [False] * 5
    assert all(trace.visible is not False for trace in data[12:15])


def test_who_was_winning_says_why_it_failed_and_can_be_asked_again(
        viewer: ReplayViewer, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the search ran out of memory")

    monkeypatch.setattr("splendor_nb.analysis.win_chances", broken)
    charts = viewer.charts
    charts.load()
    charts.ask.click()
    assert viewer.controller.error == "Could not rate the positions: the search ran out of memory"
    assert "ran out of memory" in viewer.toolbar.message.value
    assert charts.chances is None and len(charts.figure.data) == 2 + 2 * 5 + KEY
    assert not charts.ask.disabled and charts.ask.layout.display != "none"
    assert charts.progress.layout.display == "none"
    monkeypatch.undo()
    charts.ask.click()
    assert charts.chances is not None and len(charts.figure.data) == 2 + 2 * 5 + 3 + KEY
    assert viewer.controller.error == ""


def test_another_replay_asks_again_who_was_winning(viewer: ReplayViewer) -> None:
    viewer.charts.load()
    viewer.charts.ask.click()
    viewer.toolbar.picker.value = "three"
    charts = viewer.charts
    assert charts.chances is None and charts.falls.children == ()
    assert charts.ask.layout.display == "flex" and not charts.ask.disabled
    assert len(charts.figure.data) == 3 + 3 * 5 + 3 + 5


def test_names_and_comments_are_escaped(folder: Path) -> None:
    replay = play_game((XSS, "Bob"), seed=3)
    replay.annotate(1, comment=XSS)
    viewer = ReplayViewer(ReplayController(replay), folder=folder)
    viewer.controller.go(1)
    for html_text in (viewer.title.value, viewer.navigation.label.value,
                      viewer.annotation.heading.value, viewer.board.widget.value):
        assert XSS not in html_text
        assert "&lt;img src=x onerror=alert(1)&gt;" in html_text
    viewer.controller.error = XSS
    assert XSS not in viewer.toolbar.message.value
    assert viewer.moves.rows[1]["name"] == XSS  # the list's script puts it in as text


# --- the app and its deep links ---------------------------------------------------------------


def test_app_is_a_tab_with_the_replay_viewer(folder: Path) -> None:
    app = build_app("", folder=folder)
    assert "splendor-app" in app._dom_classes
    assert app.titles == ("Replay", "Play", "Learn", "Analyse", "Rules")
    assert app.viewer.widget in app.children[0].children
    assert app.viewer.keyboard.scope == "page"
    assert app.viewer.controller.name == "duel" and app.viewer.controller.error == ""


def test_the_play_tab_reads_the_unfinished_games_once_a_showing(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GAMES_ENV, str(tmp_path / "games"))
    reads: list[Path] = []
    listed = GameStore.unfinished
    monkeypatch.setattr(GameStore, "unfinished",
                        lambda store: reads.append(store.folder) or listed(store))
    app = build_app("", folder=folder)
    app.selected_index = PLAY_TAB  # built now: it reads them as it is built
    assert len(reads) == 1
    app.selected_index = 0
    app.selected_index = PLAY_TAB  # shown again: a game saved meanwhile shows up
    assert len(reads) == 2


def test_a_tabs_widgets_are_made_only_when_the_tab_is_first_shown(folder: Path) -> None:
    # A page loads every widget its kernel holds: the tabs nobody opened cost the demo's
    # visitors most of their page's widgets.
    made: list[Widget] = []
    Widget.on_widget_constructed(made.append)  # ipywidgets' hook, called by every new widget
    try:
        app = build_app("", folder=folder)
        at_build = len(made)
        assert [app.language.built(tab) for tab in range(5)] == [True, False, False, False, False]
        app.selected_index = PLAY_TAB
        assert app.language.built(PLAY_TAB) and app.play.widget in app.children[PLAY_TAB].children
        assert len(made) > at_build + 100  # the Play tab's own
    finally:
        Widget.on_widget_constructed(None)
    app.language.picker.value = "fr"  # a switch rebuilds the views built so far, no more
    assert [app.language.built(tab) for tab in range(5)] == [True, True, False, False, False]
    assert app.rules.language == "fr" and app.language.built(RULES_TAB)  # asked for: built


def test_app_opens_the_annotated_sample_game_first(folder: Path, game: Replay) -> None:
    game.save(folder / f"{FIRST_REPLAY}.json")
    assert build_app("", folder=folder).viewer.controller.name == FIRST_REPLAY


def test_deep_link_opens_a_shipped_replay_at_a_turn(folder: Path) -> None:
    app = build_app("replay=three&turn=12", folder=folder)
    app.viewer.charts.load()
    controller = app.viewer.controller
    assert (controller.name, controller.turn, controller.error) == ("three", 12, "")
    assert 'data-turn="12"' in app.viewer.board.widget.value
    assert app.viewer.charts.figure.layout.shapes[0].x0 == 12


def test_deep_link_turn_past_the_end_shows_the_last_position(folder: Path) -> None:
    controller = build_app("replay=duel&turn=999", folder=folder).viewer.controller
    assert controller.turn == len(controller.replay)
    assert "Turn 999 is past the end of duel" in controller.error


def test_deep_link_cannot_reach_outside_replays(folder: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    load = Replay.load
    monkeypatch.setattr(Replay, "load", lambda path: opened.append(Path(path)) or load(path))
    for name in ("../../pyproject.toml", "../duel", "/etc/passwd", "duel/../../x", ""):
        app = build_app(f"replay={name}&turn=3", folder=folder)
        message = app.viewer.controller.error
        assert message.startswith(f"There is no shipped replay named {name!r}.")
        assert "Shipped replays: duel, three." in message
        assert app.viewer.controller.name == "duel"
    assert {path.resolve().parent for path in opened} == {folder.resolve()}


@pytest.mark.parametrize(("query", "expected"), [
    ("", DeepLink()),
    ("replay=duel", DeepLink("duel")),
    ("?replay=duel.json&turn=4", DeepLink("duel", 4)),
    ("turn=4", DeepLink(None, 4)),
    ("replay=duel&turn=-1", DeepLink("duel", None, "turn must be 0 (the setup) or more, not -1.")),
    ("replay=duel&turn=4x", DeepLink("duel", None, "turn must be a whole number, not '4x'.")),
    ("replay=nope", DeepLink(None, None,
                             "There is no shipped replay named 'nope'. Shipped replays: duel.")),
])
def test_parse_deep_link(query: str, expected: DeepLink) -> None:
    assert parse_deep_link(query, ["duel"]) == expected


def test_request_query_reads_voilas_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "replay=duel&turn=2")
    assert request_query() == "replay=duel&turn=2"
    monkeypatch.delenv("QUERY_STRING")
    assert request_query() == ""


def test_app_without_shipped_replays_says_so(tmp_path: Path) -> None:
    controller = build_app("", folder=tmp_path / "empty").viewer.controller
    assert "No replays are shipped" in controller.error and len(controller.replay) == 0


# --- the package: front-end files -------------------------------------------------------------

STATIC = Path(splendor_nb.ui.__file__).parent / "static"


def test_the_viewer_loads_pandas_and_plotly_only_with_the_charts() -> None:
    code = ("import sys, splendor_nb.app, splendor_nb.ui; "
            "print(sorted({'pandas', 'plotly'} & set(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"


@pytest.mark.parametrize(("name", "esm", "css"), [
    ("MoveList", "move_list.js", "move_list.css"),
    ("KeyboardShortcuts", "keyboard.js", None),
    ("Downloader", "downloader.js", None),
    ("Shown", "shown.js", None),
])
def test_the_anywidgets_load_their_front_end_from_files(name: str, esm: str,
                                                        css: str | None) -> None:
    cls = getattr(splendor_nb.ui, name)
    assert str(cls._esm) == (STATIC / esm).read_text(encoding="utf-8")
    assert "export default { render }" in str(cls._esm)
    if css is not None:
        assert str(cls._css) == (STATIC / css).read_text(encoding="utf-8")


def test_the_front_end_draws_in_the_palettes_colours_only() -> None:
    declared = set(re.findall(r"(--splendor-[a-z0-9-]+):", css_variables()))
    for path in sorted(STATIC.iterdir()):
        text = path.read_text(encoding="utf-8")
        assert not re.findall(r"#[0-9a-fA-F]{3,8}\b|rgba?\(", text), f"a colour in {path.name}"
        used = set(re.findall(r"var\((--splendor-[a-z0-9-]*[a-z0-9])", text))
        used.discard("--splendor-player")  # each row's own, set by move_list.js
        assert used <= declared, f"{path.name} uses undeclared {sorted(used - declared)}"
    assert "--splendor-player-3" in declared  # one per seat, for the move list's dots
    viewer_css = (STATIC / "viewer.css").read_text(encoding="utf-8")
    style = ReplayViewer(ReplayController(Replay.from_state(new_game()))).widget.children[0]
    assert style.value == f"<style>{css_variables()}\n{viewer_css}</style>"


def test_keyboard_shortcuts_reach_the_page_as_a_trait(viewer: ReplayViewer) -> None:
    assert viewer.keyboard.shortcuts == {key: action for key, action in KEYS.items()
                                         if action in ("back", "forward", "first", "last")}
    assert "shortcuts" in viewer.keyboard.get_state()
