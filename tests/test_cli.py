"""The splendor-nb command line: validate, show, table; its help and errors in each language."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from splendor_nb.ai import LEVELS
from splendor_nb.cli import main
from splendor_nb.i18n import PSEUDO_LANGUAGE, translator
from splendor_nb.i18n.arguments import MESSAGES
from splendor_nb.replay import Replay
from support.games import random_replay


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak the environment's language: English here, whatever the machine's."""
    for key in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_the_commands_speak_the_language_asked_for(folder: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game = str(folder / "game1.json")
    assert main(["--lang", "ru", "validate", game]) == 0
    assert "в порядке, 2 игрока" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["show", game]) == 0
    assert "Cartas visibles: " in capsys.readouterr().out


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--help"])
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_the_help_speaks_the_language_asked_for_argparse_words_included(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    english = help_text(capsys)
    assert english.startswith("usage: splendor-nb") and "show this help message" in english
    french = help_text(capsys, "--lang", "fr")
    assert french.startswith("utilisation\u00a0: splendor-nb [-h] [--lang CODE] COMMAND")
    assert "afficher ce message d'aide et quitter" in french and "\noptions\u00a0:" not in french
    assert "vérifier des fichiers de parties" in french  # a command's help
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")  # no --lang: the environment's
    turkish = help_text(capsys, "play")
    assert turkish.startswith("kullanım: splendor-nb play") and "\nseçenekler:" in turkish
    assert "bitmemiş oyunları listele" in turkish
    # argparse is itself again once the command line is done
    assert argparse.ArgumentParser().format_help().startswith("usage: ")


def test_every_word_of_the_help_goes_through_the_catalogues(
        capsys: pytest.CaptureFixture[str]) -> None:
    for command in ((), ("validate",), ("show",), ("table",), ("simulate",), ("tournament",),
                    ("play",), ("puzzles",), ("puzzles", "mine"), ("puzzles", "build")):
        text = help_text(capsys, "--lang", PSEUDO_LANGUAGE, *command)
        depth, kept = 0, []
        for char in text:
            depth += {"⟦": 1, "⟧": -1}.get(char, 0)
            kept.append(char if depth == 0 and char not in "⟦⟧" else " ")
        # outside the wrappers: the program, commands, options, metavariables and choices
        left = set(re.findall(r"[^\s,.:;()\[\]{}|]+", "".join(kept)))
        typed = {word for word in left if re.fullmatch(
            r"splendor-nb|-h|--[a-z-]+|[A-Z][A-Z0-9_,.]*|[a-z]+|\d+|\.\.\.", word)}
        commands = {"validate", "show", "table", "simulate", "tournament", "play", "puzzles",
                    "mine", "build", "easy", "medium", "hard", "expert"}
        assert left - typed == set(), command
        assert {word for word in left if re.fullmatch(r"[a-z]+", word)} <= commands, command


def test_the_levels_the_help_and_the_readme_name_are_the_bots_levels(
        capsys: pytest.CaptureFixture[str]) -> None:
    def listed(words: str) -> list[str]:  # "easy, medium, hard or expert"
        return re.split(r",\s*|\s+or\s+", words.replace("`", ""))

    english = " ".join(help_text(capsys, "play").split())
    seats = re.search(r"seats in table order: (.+?) for a bot", english)
    assert seats is not None and listed(seats[1]) == list(LEVELS)
    for language in ("fr", "es", "ru", "tr"):  # the levels are typed: the same in every language
        said = help_text(capsys, "--lang", language, "play")
        assert all(re.search(rf"\b{level}\b", said) for level in LEVELS), language
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    bots = readme.split("\n## Bots\n", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^- \*\*(\w+)\*\*:", bots, flags=re.MULTILINE) == list(LEVELS)
    play = readme.split("\n## Play\n", 1)[1].split("\n## ", 1)[0]
    in_the_app = re.search(r"or a\s+bot \(([^)]+)\)", play)
    in_the_terminal = re.search(r"A seat named (.+?) is a bot", play, flags=re.DOTALL)
    assert in_the_app is not None and listed(in_the_app[1]) == list(LEVELS)
    assert in_the_terminal is not None and listed(in_the_terminal[1]) == list(LEVELS)


def test_argparse_errors_are_said_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "ru", "show"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "использование: splendor-nb show" in said
    assert "splendor-nb show: ошибка: требуются следующие аргументы: FILE" in said
    with pytest.raises(SystemExit):
        main(["--lang", "es", "tournament", "grandmaster"])
    assert "opción no válida: 'grandmaster' (elija entre" in capsys.readouterr().err


_PERCENT = re.compile(r"%(?:\(\w+\))?[sr%]")


@pytest.mark.parametrize("language", ["fr", "es", "ru", "tr"])
def test_argparse_translations_keep_its_placeholders(language: str) -> None:
    # argparse fills these with %: a placeholder lost or made up would break its message
    words = translator(language)
    for message in (*MESSAGES, "expected %s argument"):
        said = words.gettext(message) if message != "expected %s argument" else \
            words.ngettext(message, "expected %s arguments", 5)
        assert sorted(_PERCENT.findall(said)) == sorted(_PERCENT.findall(message)), said


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for seed in (1, 2, 3):
        players = [{"name": name} for name in ("Ann", "Bo", "Cy", "Di")[:1 + seed]]
        random_replay(1 + seed, seed, headers={"players": players}).save(
            tmp_path / f"game{seed}.json")
    return tmp_path


def test_validate_prints_ok_for_good_files(folder: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    files = sorted(str(p) for p in folder.glob("*.json"))
    assert main(["validate", *files]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == files
    assert all(": ok, " in line and "game over" in line for line in out)


def test_validate_fails_on_a_bad_file_and_names_the_error(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads((folder / "game1.json").read_text(encoding="utf-8"))
    document["turns"][4]["move"] = "+ww"
    document["turns"][3]["move"] = "pass"
    bad = folder / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    (folder / "empty.json").write_text("", encoding="utf-8")
    status = main(["validate", str(folder / "game1.json"), str(bad), str(folder / "empty.json")])
    captured = capsys.readouterr()
    assert status == 1
    assert captured.out.count(": ok, ") == 1
    errors = captured.err.splitlines()
    assert errors[0] == (f"{bad}: turn 4, Bo (player 2), move 'pass': R-PASS: a player may pass "
                         "only when no action is legal")
    assert errors[1].startswith(f"{folder / 'empty.json'}: not valid JSON")


def test_show_prints_moves_comments_glyphs_and_scores(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = folder / "game2.json"
    replay = Replay.load(path)
    replay.annotate(3, comment="Chasing the green noble.\nAnd blocking Bo.", glyph="!?")
    replay.save(path)
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    third = next(line for line in lines if line.startswith("  3. "))
    assert third.split() == ["3.", replay.names[2], *str(replay.turns[2].move).split()[:-1],
                             str(replay.turns[2].move).split()[-1] + "!?",
                             *(["(revealed", f"{replay.turns[2].revealed})"]
                               if replay.turns[2].revealed else [])]
    assert lines[lines.index(third) + 1:lines.index(third) + 3] == [
        "     Chasing the green noble.", "     And blocking Bo."]
    final = replay.state(len(replay))
    assert f"Final after {len(replay)} turns: " + ", ".join(
        f"{n} {p}" for n, p in zip(replay.names, final.scores, strict=True)) in out
    assert sum(1 for line in lines if line[:3].strip().isdigit()) == len(replay)


def test_show_fails_on_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.json").write_text('{"format": "splendor-nb-replay", "version": 9}')
    assert main(["show", str(tmp_path / "x.json")]) == 1
    assert "unknown replay version 9" in capsys.readouterr().err


def test_table_writes_a_csv_of_files_and_folders(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out" / "table.csv"
    out.parent.mkdir()
    assert main(["table", str(folder / "game1.json"), str(folder), "--csv", str(out),
                 "--no-progress"]) == 0
    table = pd.read_csv(out, keep_default_na=False)
    assert table.game.unique().tolist() == ["game1", "game1", "game2", "game3"][1:]
    assert len(table[table.game == "game1"]) == 2 * 2 * (len(Replay.load(folder / "game1.json"))
                                                         + 1)
    last = table[table.game == "game3"].turn.max()
    replay = Replay.load(folder / "game3.json")
    assert table[(table.game == "game3") & (table.turn == last)].points.tolist() == list(
        replay.state(len(replay)).scores)


def test_the_entry_point_runs_as_a_program(folder: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "splendor_nb.cli", "validate",
                             str(folder / "game1.json")], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0 and ": ok, " in result.stdout
    usage = subprocess.run([sys.executable, "-m", "splendor_nb.cli"], capture_output=True,
                           text=True, check=False)
    assert usage.returncode == 2 and "COMMAND" in usage.stderr
