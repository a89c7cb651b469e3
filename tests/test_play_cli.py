"""``splendor-nb play`` in the terminal, driven by stdin scripts in a subprocess: whole games,
the commands, refusals in words, hot seat, saving, listing and resuming."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from splendor_nb.app import build_app
from splendor_nb.i18n import translator
from splendor_nb.play import PlaySession
from splendor_nb.play.store import GAMES_ENV
from splendor_nb.replay import Replay


def play(folder: Path, script: str, *args: str,
         games: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``splendor-nb play ARGS`` in ``folder`` with ``script`` as its standard input, its
    games in ``games`` (default: ``folder/games``)."""
    english = {**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8",
               GAMES_ENV: str(games or folder / "games")}
    return subprocess.run([sys.executable, "-m", "splendor_nb.cli", "play", *args],
                          input=script, capture_output=True, text=True, cwd=folder, check=False,
                          env=english)


def test_the_terminal_speaks_the_language_asked_for(tmp_path: Path) -> None:
    run = play(tmp_path, "1\nquit\n", "--seats", "ann,easy", "--seed", "3")
    assert "Your legal moves:" in run.stdout
    games = {**os.environ, GAMES_ENV: str(tmp_path / "games")}
    turkish = subprocess.run([sys.executable, "-m", "splendor_nb.cli", "--lang", "tr", "play",
                              "--seats", "ann,easy", "--seed", "3"], input="1\nquit\n",
                             capture_output=True, text=True, cwd=tmp_path, check=False, env=games)
    assert turkish.returncode == 0, turkish.stderr
    assert translator("tr").gettext("Your legal moves:") in turkish.stdout
    assert "Your legal moves:" not in turkish.stdout
    french = {**games, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}
    listed = subprocess.run([sys.executable, "-m", "splendor_nb.cli", "play", "--list"],
                            capture_output=True, text=True, cwd=tmp_path, check=False, env=french)
    assert "ann et Easy bot" in listed.stdout  # the list in words, from the environment


def saved_games(folder: Path) -> list[Path]:
    return sorted((folder / "games").glob("*.json"))


def test_a_whole_game_against_the_easy_bot_picked_by_number(tmp_path: Path) -> None:
    run = play(tmp_path, "1\n" * 400, "--seats", "ann,easy", "--seed", "3")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Turn 0, round 1: ann to move." in out and "Your legal moves:" in out  # as the app
    # a terminal's width, no move or card broken (a file's path alone may be longer)
    assert [line for line in out.splitlines() if len(line) > 80 and "/" not in line] == []
    assert "  1. +wbg    2. +wbr" in out
    assert "  1. " in out and "ann> 1" in out
    assert "Easy bot took " in out or "Easy bot bought " in out
    assert "wins with" in out or "share the victory" in out
    assert "ann: " in out and "Easy bot: " in out
    [path] = saved_games(tmp_path)
    replay = Replay.load(path)
    assert replay.state(len(replay)).is_over and replay.names == ["ann", "Easy bot"]
    assert f"The game is saved in {path}." in " ".join(out.split())  # its lines joined


@pytest.mark.slow
def test_commands_refusals_and_resuming_after_the_input_ends(tmp_path: Path) -> None:
    script = "help\n+rrr\nsing\n999\nhint\n+wbg\nundo\n+wbk\n"
    run = play(tmp_path, script, "--seats", "Ann,hard", "--seed", "5", "--budget", "30")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "'undo' takes your last turn back" in out
    assert "\nR-TAKE3: " in out  # +rrr, in words, after the rule id as the engine says it
    assert "'sing' is not a move" in out
    assert "There is no move 999: choose 1 to 30." in out
    assert "Hint: " in out
    assert "Ann took white, blue and green." in out and "Taken back: Ann to move again." in out
    assert "Ann took white, blue and black." in out
    [path] = saved_games(tmp_path)
    assert str(Replay.load(path).turns[0].move) == "+wbk"
    assert len(Replay.load(path)) == 2

    listed = play(tmp_path, "", "--list")
    assert listed.stdout.startswith("1. Ann and Hard bot, 2 turns, ") and str(path) in listed.stdout
    again = play(tmp_path, "", "--seats", "Bo,easy")
    assert "You have 1 unfinished game in " in again.stdout
    resumed = play(tmp_path, "resign\n", "--resume", str(path), "--budget", "30")
    assert resumed.returncode == 0, resumed.stderr
    assert "Turn 2, round 2: Ann to move." in resumed.stdout
    assert "Ann resigned; Hard bot wins." in resumed.stdout
    assert Replay.load(path).headers["resigned"] == 0


def test_resume_continues_the_latest_unfinished_game(tmp_path: Path) -> None:
    play(tmp_path, "+wbg\n", "--seats", "Ann,medium", "--seed", "2")
    run = play(tmp_path, "quit\n", "--resume")
    assert run.returncode == 0 and "Turn 2, round 2: Ann to move." in run.stdout
    nothing = play(tmp_path, "", "--resume", "--games-dir", str(tmp_path / "elsewhere"))
    assert nothing.returncode == 1 and "No unfinished games in " in nothing.stderr


def test_hot_seat_in_the_terminal_asks_to_pass(tmp_path: Path) -> None:
    run = play(tmp_path, "+wbg\n\n+rr\nquit\n", "--seats", "Ann,Ben", "--seed", "1",
               "--first", "ben")
    out = run.stdout
    assert "Turn 0, round 1: Ben to move." in out and "Ben took white, blue and green." in out
    assert "Pass to Ann, then press Enter." in out and "Ann took two red." in out


def test_bad_seats_are_refused_with_the_reason(tmp_path: Path) -> None:
    one = play(tmp_path, "", "--seats", "ann")
    assert one.returncode == 1 and "R-SETUP-PLAYERS" in one.stderr
    none = play(tmp_path, "")
    assert none.returncode == 2 and "--seats" in none.stderr
    wrong = play(tmp_path, "", "--seats", "ann,easy", "--first", "zed")
    assert wrong.returncode == 2 and "'zed' is not a seat" in wrong.stderr
    assert saved_games(tmp_path) == []


def test_the_terminal_and_the_app_share_one_games_folder(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(GAMES_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the user's data folder
    app_game = PlaySession(["Ann", "easy"], seed=2)  # saved where the app saves its games
    app_game.submit("+wbg")
    assert app_game.path.parent == tmp_path / "data" / "splendor-nb" / "games"
    environment = {key: value for key, value in os.environ.items() if key != GAMES_ENV}
    listed = subprocess.run([sys.executable, "-m", "splendor_nb.cli", "--lang", "en", "play",
                             "--list"], capture_output=True, text=True, cwd=tmp_path,
                            check=False, env=environment)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.startswith("1. Ann and Easy bot, 1 turn, ")  # the bot has not moved
    assert str(app_game.path) in listed.stdout
    assert build_app("play").play.games_dir == app_game.path.parent
