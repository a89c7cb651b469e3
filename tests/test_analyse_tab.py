"""The Analyse tab: it offers the shipped corpora and those of the app's folder (the shipped
ones only in the demo), says what a corpus holds, filters its games, charts the aggregates of
the games kept, lists them in the order asked, opens one in the Replay tab, exports the games
kept, counts without holding the page, says what is wrong in the tab (a bad shard, no game
kept, a count that fails) with no server path, and is rebuilt in another language over the
same state."""

from __future__ import annotations

import html
import io
import re
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from splendor_nb.analysis.corpus import (
    SHIPPED_CORPORA_DIR,
    aggregate,
    open_corpus,
    simulate_corpus,
)
from splendor_nb.app import ANALYSE_TAB, DEMO_ENV, REPLAY_TAB, build_app
from splendor_nb.replay import Replay
from splendor_nb.ui.analyse_tab import CORPORA_ENV, AnalyseTab, GameFilter, corpus_link
from splendor_nb.ui.analyse_tab import panel as panel_module
from splendor_nb.ui.analyse_tab.corpus_chart_view import ChartsView
from splendor_nb.ui.analyse_tab.panel import AnalysePanel
from splendor_nb.ui.analyse_tab.selection import read_games

SHIPPED = SHIPPED_CORPORA_DIR / "easy-v-medium-2p"


@pytest.fixture(scope="module")
def games() -> pd.DataFrame:
    """The shipped corpus's games, one row per game and player."""
    return open_corpus(SHIPPED, report=None).games()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of corpora: a copy of the shipped one, a 3-player corpus, and a folder that is
    no corpus."""
    corpora = tmp_path / "corpora"
    shutil.copytree(SHIPPED, corpora / "copy")
    with ThreadPoolExecutor(1) as pool:
        simulate_corpus(corpora / "three", 4, 3, ("easy",), 2, shard_size=2, executor=pool,
                        progress=False)
    (corpora / "notes").mkdir()
    return corpora


def charted(charts: ChartsView) -> str:
    """The title of the chart drawn ("" when no chart is)."""
    if not charts.chart.figure.get("data"):
        return ""
    return html.unescape(re.sub(r"<[^>]+>", "", charts.title.value))


def tab(**kwargs: Any) -> AnalysePanel:
    """The content of an Analyse tab in English that counts at once."""
    panel = AnalyseTab(language="en", background=False, **kwargs).panel
    assert panel is not None
    return panel


def test_the_tab_loads_when_asked_and_then_once() -> None:
    lazy = AnalyseTab(language="en", lazy=True, background=False)
    assert lazy.panel is None and "Opening the corpora" in lazy.widget.children[1].value
    lazy.load()
    panel = lazy.panel
    lazy.load()
    assert lazy.panel is panel and lazy.widget.children[1] is panel.widget


def test_the_shipped_corpora_and_the_folders_are_offered(folder: Path) -> None:
    assert [label for label, _ in tab().picker.options] == ["easy-v-medium-2p (shipped)"]
    offered = tab(folder=folder)
    assert [label for label, _ in offered.picker.options] == [
        "easy-v-medium-2p (shipped)", "copy", "three"]
    offered.picker.value = 2
    assert offered.charts.found is not None and offered.charts.found.games == 4
    assert "3 players a game" in offered.summary.value
    assert str(folder) not in offered.widget.children[3].value


def test_the_demo_offers_the_shipped_corpora_only(folder: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CORPORA_ENV, str(folder))
    assert [info.name for info in shown_corpora(build_app(""))] == [
        "easy-v-medium-2p", "copy", "three"]
    monkeypatch.setenv(DEMO_ENV, "1")
    assert [info.name for info in shown_corpora(build_app(""))] == ["easy-v-medium-2p"]


def shown_corpora(app: Any) -> list[Any]:
    """The corpora the app's Analyse tab offers, once it is shown."""
    app.analyse.load()
    return list(app.analyse.panel.corpora)


def test_the_summary_says_games_players_levels_and_seeds() -> None:
    summary = tab().summary.value
    for fact in ("400 games in 4 shards", "2 players a game", "easy, medium", "run seed 1"):
        assert fact in summary


def test_the_filters_keep_a_level_in_a_seat_and_a_winner(games: pd.DataFrame) -> None:
    shown = tab()
    shown.filters.level.value = "medium"
    shown.filters.seat.value = 1
    first = games[(games["player"] == 0) & (games["level"] == "medium")]["game"]
    assert "200 of 400 games" in shown.count.value
    assert set(shown.kept["game"]) == set(first)
    shown.filters.winner.value = "level:easy"
    won = games[(games["level"] == "easy") & games["won"] & (games["winners"] == 1)]["game"]
    assert set(shown.kept["game"]) == set(first) & set(won)
    assert all(row["winner"].startswith("seat 2") for row in shown.games.rows)


def test_the_rounds_and_the_ending_filter(games: pd.DataFrame) -> None:
    shown = tab()
    shown.filters.rounds.value = (20, 25)
    assert shown.kept["rounds"].between(20, 25).all()
    assert len(shown.kept) == games[games["rounds"].between(20, 25)]["game"].nunique()
    shown.filters.ended_by.value = "R-REPEAT"  # R-REPEAT: a position seen three times
    assert set(shown.kept["ended_by"]) <= {"R-REPEAT"}
    shown.filters.reset.click()
    assert shown.state.filter == GameFilter() and len(shown.kept) == 400


def test_the_charts_count_only_the_games_kept(games: pd.DataFrame) -> None:
    shown = tab()
    assert shown.charts.found.games == 400
    shown.filters.level.value = "easy"
    shown.filters.seat.value = 1
    found = shown.charts.found
    assert found.games == 200
    seats = found.wins_by_level_and_seat.set_index(["level", "player"])
    assert seats.loc[("easy", 0), "games"] == 200 and ("easy", 1) not in seats.index
    kept = games[games["game"].isin(shown.kept["game"])]
    easy = kept[kept["level"] == "easy"]
    assert seats.loc[("easy", 0), "wins"] == int((easy["won"] & (easy["winners"] == 1)).sum())
    assert charted(shown.charts) == "Wins by level"


def test_the_chart_picked_is_drawn_and_kept() -> None:
    shown = tab()
    shown.charts.picker.value = "cards"
    assert charted(shown.charts) == "The 20 cards winners buy most"  # above the plot: it wraps
    plot = shown.charts.chart.figure
    assert plot["data"][0]["name"] == "of winners" and shown.state.chart == "cards"


def test_no_game_kept_is_said_and_nothing_is_charted_or_exported() -> None:
    shown = tab()
    shown.filters.winner.value = "nobody"  # every shipped game has a winner
    assert "0 of 400 games" in shown.count.value and "No game matches" in shown.count.value
    assert charted(shown.charts) == "" and shown.games.rows == []
    assert shown.games.words["empty"] == "No game matches these filters."
    assert all(button.disabled for button in shown.export.buttons.values())


def test_the_list_sorts_and_pages() -> None:
    shown = tab()
    assert [row["number"] for row in shown.games.rows[:3]] == ["1", "2", "3"]
    shown.games.sort, shown.games.ascending = "rounds", False
    rounds = [int(row["rounds"]) for row in shown.games.rows]
    assert rounds == sorted(rounds, reverse=True)
    assert rounds[0] == shown.kept["rounds"].max()
    shown.games.page = 1
    assert len(shown.games.rows) == 20 and shown.games.words["page"] == "Page 2 of 20"
    shown.filters.level.value = "easy"  # a new filter starts at the first page
    assert shown.games.page == 0 and shown.state.page == 0


def test_a_game_opens_in_the_replay_tab() -> None:
    app = build_app("")
    app.analyse.load()
    analyse = app.analyse.panel
    game = analyse.games.rows[1]["game"]
    app.selected_index = ANALYSE_TAB
    analyse.open_game(game)
    assert app.selected_index == REPLAY_TAB
    controller = app.viewer.controller
    assert controller.name == f"easy-v-medium-2p-{game}"
    expected = open_corpus(SHIPPED, report=None).replay(game)
    assert controller.replay.dumps() == expected.dumps()


def test_a_game_opened_over_unsaved_work_asks_first_and_the_link_follows() -> None:
    app = build_app("")
    viewer = app.viewer
    controller = viewer.controller
    controller.go(3)
    controller.annotate(comment="worth keeping")
    viewer.lines.say("Link copied: http://here/?replay=teacher-2p&turn=3")
    app.analyse.load()
    analyse = app.analyse.panel
    game = analyse.games.rows[1]["game"]
    sent: list[object] = []
    viewer.address.send = sent.append  # what the page is asked to do
    analyse.open_game(game)
    assert app.selected_index == REPLAY_TAB and sent == [{"type": "top"}]  # the page's top
    assert controller.waiting == f"easy-v-medium-2p-{game}"  # asked, as the Replay picker
    assert controller.name == "teacher-2p" and controller.replay.turns[2].comment
    assert viewer.toolbar.asking.layout.display == "flex"
    controller.resolve("open")
    assert controller.name == f"easy-v-medium-2p-{game}"
    assert viewer.address.query == ""  # no link to it: the address drops the old one
    assert viewer.lines.message.value == ""  # the note of the link copied went with it


def test_without_the_app_a_game_opens_under_the_list() -> None:
    shown = tab()
    shown.open_game("game-0000003")
    assert len(shown.game_box.children) == 1


def test_a_game_that_cannot_be_read_is_said(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path / "copy")
    shown = tab(folder=tmp_path)
    shown.picker.value = 1
    (tmp_path / "copy" / "shard-000001" / "replays.jsonl").write_text("not a replay\n")
    shown.open_game("game-0000001")
    assert "game-0000001 cannot be opened" in shown.message.value
    assert str(tmp_path) not in shown.message.value


def export(shown: AnalysePanel, kind: str, monkeypatch: pytest.MonkeyPatch
           ) -> tuple[dict[str, Any], bytes]:
    sent: list[tuple[dict[str, Any], list[bytes]]] = []
    monkeypatch.setattr(shown.export.downloader, "send",
                        lambda content, buffers=None: sent.append((content, buffers or [])))
    shown.export.buttons[kind].click()
    [(content, [data])] = sent
    return content, data


def test_the_games_kept_are_exported_as_csv_and_parquet(
        games: pd.DataFrame, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = tab()
    shown.filters.level.value = "medium"
    shown.filters.seat.value = 2
    content, data = export(shown, "csv", monkeypatch)
    assert content == {"type": "download", "filename": "easy-v-medium-2p-filtered.csv",
                       "mime": "text/csv"}
    table = pd.read_csv(io.BytesIO(data))
    assert list(table.columns) == list(games.columns)
    assert set(table["game"]) == set(shown.kept["game"]) and len(table) == 2 * len(shown.kept)
    content, data = export(shown, "parquet", monkeypatch)
    assert content["filename"] == "easy-v-medium-2p-filtered.parquet"
    kept = games[games["game"].isin(shown.kept["game"])].reset_index(drop=True)
    pd.testing.assert_frame_equal(pd.read_parquet(io.BytesIO(data)), kept,
                                  check_dtype=False)


def test_a_bad_shard_is_said_by_its_name_and_left_out(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path / "copy")
    games_file = tmp_path / "copy" / "shard-000002" / "games.parquet"
    games_file.write_bytes(games_file.read_bytes()[:200])  # truncated
    shown = tab(folder=tmp_path)
    shown.picker.value = 1
    message = shown.message.value
    assert "1 shard of 4 is not counted" in message and "copy/shard-000002" in message
    assert str(tmp_path) not in message
    assert "300 games in 3 shards" in shown.summary.value and shown.charts.found.games == 300


def test_a_corpus_that_cannot_be_read_is_said(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path / "copy")
    shown = tab(folder=tmp_path)
    (tmp_path / "copy" / "corpus.json").write_text("{")
    shown.state.opened.clear()
    shown.picker.value = 1
    assert "copy cannot be read" in shown.message.value
    assert str(tmp_path) not in shown.message.value
    assert shown.summary.value == "" and charted(shown.charts) == ""
    shown.picker.value = 0  # the shipped one still opens
    assert shown.message.value == "" and shown.charts.found.games == 400


def test_a_count_that_fails_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError(f"{SHIPPED}/shard-000003/turns.parquet: unexpected end of file")

    monkeypatch.setattr(panel_module, "aggregate", broken)
    shown = tab()
    assert "The games could not be counted" in shown.message.value
    assert "easy-v-medium-2p/shard-000003" in shown.message.value
    assert str(SHIPPED_CORPORA_DIR) not in shown.message.value


def test_counting_runs_beside_the_page_and_a_newer_count_wins() -> None:
    shown = AnalyseTab(language="en").panel  # counts in a thread
    assert shown is not None
    shown.filters.level.value = "easy"
    shown.filters.seat.value = 2
    for thread in threading.enumerate():
        if thread.name == "splendor-analyse-count":
            thread.join()
    assert shown.charts.found is not None and shown.charts.found.games == 200
    assert shown.charts.found is shown.state.counted[(SHIPPED, shown.state.filter)]
    assert shown.charts.counting.layout.display == "none"


def test_a_big_corpus_is_read_up_to_the_cap() -> None:
    shown = tab(max_games=150)
    assert len(shown.kept) == 150 and "the tab reads the first 150" in shown.summary.value
    assert shown.charts.found.games == 150
    assert read_games(open_corpus(SHIPPED, report=None), 150).total == 400


def test_rebuilt_in_another_language_over_the_same_state() -> None:
    english = tab()
    english.filters.level.value = "medium"
    english.games.sort, english.games.ascending = "margin", False
    english.charts.picker.value = "points"
    found = english.charts.found
    english.close()
    french = AnalyseTab(language="fr", background=False, state=english.state, lazy=True).panel
    assert french is not None  # a state shown once loads the tab at once
    assert french.filters.level.value == "medium" and french.games.sort == "margin"
    assert french.charts.found is found  # not counted again
    assert french.charts.picker.value == "points" and french.picker.description == "Corpus"
    assert french.games.columns[0]["label"] == "Partie"
    assert charted(french.charts) == "Points par manche (médiane, 25-75 %, 10-90 %)"
    assert french.kept["game"].tolist() == english.kept["game"].tolist()


def test_a_corpus_deep_link_opens_it_or_says_it_is_unknown(folder: Path) -> None:
    assert corpus_link("?corpus=three&x=1") == "three" and corpus_link("replay=a") is None
    shown = tab(folder=folder)
    shown.show_corpus("three")
    assert shown.corpora[shown.picker.value].name == "three"
    shown.show_corpus("../../etc")
    said = html.unescape(shown.message.value)
    assert "There is no corpus named '../../etc'" in said
    assert "The corpora: easy-v-medium-2p, copy, three." in said


def test_a_replay_opened_from_the_tab_is_the_corpus_game() -> None:
    opened: list[tuple[Replay, str]] = []
    shown = tab(on_replay=lambda replay, name: opened.append((replay, name)))
    shown.games.sort = "seed"
    shown.open_game(shown.games.rows[0]["game"])
    [(replay, name)] = opened
    assert name == f"easy-v-medium-2p-{shown.games.rows[0]['game']}"
    assert replay.headers["seed"] == int(shown.games.rows[0]["seed"])


def test_every_aggregate_of_the_games_kept_matches_a_count_of_them() -> None:
    corpus = open_corpus(SHIPPED, report=None)
    kept = ["game-0000001", "game-0000150", "game-0000399"]
    found = aggregate(corpus, games=kept)
    assert found.games == 3 and int(found.length["games"].sum()) == 3
    assert int(found.wins_by_seat["games"].sum()) == 6


def test_the_chart_is_dimmed_while_the_games_kept_are_counted_again() -> None:
    shown = tab()
    found = shown.charts.found
    shown.charts.count(1, 4)
    assert "splendor-analyse-stale" in shown.charts.chart._dom_classes
    assert shown.charts.progress_text.value == "Counting the games: shard 1 of 4…"
    shown.charts.show(found)
    assert "splendor-analyse-stale" not in shown.charts.chart._dom_classes
    assert shown.charts.counting.layout.display == "none"


def test_a_filter_that_keeps_every_game_is_not_counted_again() -> None:
    shown = tab()
    everything = shown.charts.found
    shown.filters.level.value = "easy"  # the easy bot plays in every shipped game
    assert "400 of 400 games" in shown.count.value
    assert shown.charts.found is everything


def test_a_filter_given_from_python_shows_in_the_controls() -> None:
    shown = tab()
    shown.filter(GameFilter(level="easy", seat=1, winner="level:medium", rounds=(20, 30)))
    controls = shown.filters
    assert (controls.level.value, controls.seat.value, controls.winner.value) == (
        "easy", 1, "level:medium")
    assert controls.rounds.value == (20, 30) and controls.chosen == shown.state.filter
    assert shown.charts.found.games == len(shown.kept)


def test_a_shared_victory_is_listed_with_both_seats(games: pd.DataFrame) -> None:
    # R-END-WIN: a tie that the tie-break leaves a tie is a shared victory
    shown = tab()
    shown.filters.winner.value = "shared"
    shared = games[games["won"] & (games["winners"] > 1)]
    assert set(shown.kept["game"]) == set(shared["game"]) and len(shown.kept) >= 1
    seats = " ".join(str(seat + 1) for seat in shared[shared["game"] == shown.kept["game"].iloc[0]]
                     ["player"])
    assert shown.kept["winner"].iloc[0] == seats
    assert shown.games.rows[0]["winner"] == f"shared: seats {', '.join(seats.split())}"


def test_in_the_app_the_chart_waits_for_a_browser_to_draw_the_tab() -> None:
    shown = AnalyseTab(language="en").panel  # counts in a thread, as in the app
    assert shown is not None
    for thread in threading.enumerate():
        if thread.name == "splendor-analyse-count":
            thread.join()
    assert shown.charts.found is not None and charted(shown.charts) == ""
    shown.charts.shown._handle_custom_msg({"type": "shown"}, [])  # the browser drew it
    assert charted(shown.charts) == "Wins by level"
