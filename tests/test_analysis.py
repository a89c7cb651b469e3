"""Tables and charts of replays: values agree with the engine, one trace per player (and colour)."""

from __future__ import annotations

from pathlib import Path

import pytest

from splendor_nb.analysis import (
    COLUMNS,
    bonus_chart,
    load_folder,
    points_chart,
    turning_points,
    turns,
    win_chances,
)
from splendor_nb.cards import GEMS
from splendor_nb.palette import GEM_COLOURS, LINE_COLOURS, OUTLINE
from splendor_nb.replay import Replay
from splendor_nb.ui.replays import REPLAYS_DIR
from support.games import random_replay


@pytest.fixture(scope="module", params=[2, 3, 4])
def game(request: pytest.FixtureRequest) -> Replay:
    replay = random_replay(request.param, seed=20 + request.param)
    replay.annotate(2, comment="Eyeing the blue noble.", glyph="!")
    return replay


def test_table_has_a_row_per_turn_and_player(game: Replay) -> None:
    df = turns(game, game="g")
    assert tuple(df.columns) == COLUMNS
    assert len(df) == (len(game) + 1) * game.players
    assert set(df.game) == {"g"}
    assert df[df.turn == 0].action.tolist() == ["setup"] * game.players
    movers = df[df.mover]
    assert movers.turn.tolist() == list(range(1, len(game) + 1))
    assert movers.player.tolist() == [game.state(t - 1).current_player
                                      for t in range(1, len(game) + 1)]
    assert movers.move.tolist() == [str(t.move) for t in game.turns]
    assert movers.action.tolist() == [t.move.kind for t in game.turns]
    assert movers["round"].tolist() == [game.state(t - 1).round for t in range(1, len(game) + 1)]


def test_the_table_counts_rounds_as_the_app_says_them(game: Replay) -> None:
    """One way of counting: rounds from 1, the setup in round 1 (the app's "round 1" at the
    setup and on the first move); the round of a position is the one its move was played in."""
    df = turns(game)
    assert df[df.turn == 0]["round"].tolist() == [1] * game.players
    assert df[df.turn == 1]["round"].tolist() == [1] * game.players
    assert df["round"].min() == 1
    first_of_round_two = game.players + 1
    assert set(df[df.turn == first_of_round_two]["round"]) == {2}
    assert df["name"].tolist()[:game.players] == game.names  # the seat's name, as shown


def test_final_points_equal_the_engine_scores(game: Replay) -> None:
    """R-END-WIN: the table's last row per player holds the engine's score."""
    df = turns(game)
    final = df[df.turn == len(game)].sort_values("player")
    assert tuple(final.points) == game.state(len(game)).scores
    for turn in range(0, len(game) + 1, 7):
        rows = df[df.turn == turn].sort_values("player")
        state = game.state(turn)
        assert tuple(rows.points) == state.scores
        for gem in GEMS:
            assert rows[f"bonus_{gem}"].tolist() == [p.bonuses[gem] for p in state.players]
        assert rows.token_gold.tolist() == [p.tokens["gold"] for p in state.players]
        assert rows.reserved.tolist() == [len(p.reserved) for p in state.players]
        assert rows.nobles.tolist() == [len(p.nobles) for p in state.players]


def test_comments_and_glyphs_are_in_the_table(game: Replay) -> None:
    df = turns(game)
    rows = df[df.turn == 2]
    assert set(rows.comment) == {"Eyeing the blue noble."} and set(rows.glyph) == {"!"}
    assert set(df[df.turn == 3].comment) == {""}


def test_points_chart_has_one_trace_per_player_with_the_scores(game: Replay) -> None:
    df = turns(game)
    figure = points_chart(df, turn=5)
    assert len(figure.data) == game.players
    assert [trace.name for trace in figure.data] == game.names
    for player, trace in enumerate(figure.data):
        assert list(trace.y) == [game.state(t).scores[player] for t in range(len(game) + 1)]
        assert list(trace.customdata) == list(range(len(game) + 1))
    lines = {(shape.x0, shape.y0, shape.line.dash) for shape in figure.layout.shapes}
    assert any(y0 == 15 and dash == "dash" for _, y0, dash in lines)
    assert any(x0 == 5 for x0, _, _ in lines)


def test_bonus_chart_has_one_trace_per_player_and_colour(game: Replay) -> None:
    df = turns(game)
    figure = bonus_chart(df)
    assert len(figure.data) == 5 * game.players
    assert [a.text for a in figure.layout.annotations] == game.names  # one panel per player
    assert LINE_COLOURS["white"] != "#ffffff" and GEM_COLOURS["white"] != "#ffffff"
    final = game.state(len(game))
    for index, trace in enumerate(figure.data):
        player, gem = divmod(index, 5)
        assert (trace.meta, trace.name, trace.legendgroup) == (game.names[player], GEMS[gem],
                                                                GEMS[gem])
        assert trace.line.color == LINE_COLOURS[GEMS[gem]]
        assert trace.marker.color == GEM_COLOURS[GEMS[gem]]
        assert trace.marker.line.color == OUTLINE
        grows = [0, *(t for t in range(1, len(game) + 1)
                      if trace.y[t] != trace.y[t - 1])]
        assert [t for t, size in enumerate(trace.marker.size) if size] == grows
        assert trace.y[-1] == final.players[player].bonus_counts[gem]
        assert list(trace.customdata) == list(range(len(game) + 1))
    assert not figure.layout.shapes


def test_the_bonus_charts_legend_names_the_colours_in_the_language(game: Replay) -> None:
    """The legend says what the hovers say: the gem's name in the chart's language."""
    from splendor_nb.i18n import translator

    figure = bonus_chart(turns(game), language="ru")
    words = translator("ru")
    shown = [trace.name for trace in figure.data if trace.showlegend]
    assert shown == [words.gettext(gem) for gem in GEMS] and shown[0] != "white"


def test_charts_refuse_a_table_of_several_games(tmp_path: Path) -> None:
    for seed in (1, 2):
        random_replay(2, seed).save(tmp_path / f"g{seed}.json")
    df = load_folder(tmp_path, progress=False)
    with pytest.raises(ValueError, match="2 games"):
        points_chart(df)
    assert len(bonus_chart(df[df.game == "g2"]).data) == 10


def test_load_folder_has_a_game_column_and_a_progress_bar(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = {f"game-{seed}": random_replay(2 + seed % 3, seed) for seed in range(4)}
    for name, replay in games.items():
        replay.save(tmp_path / f"{name}.json")
    (tmp_path / "notes.txt").write_text("not a replay", encoding="utf-8")
    df = load_folder(tmp_path, progress=False)
    assert capsys.readouterr().err == ""
    assert df.game.unique().tolist() == sorted(games)
    for name, replay in games.items():
        rows = df[(df.game == name) & (df.turn == len(replay))].sort_values("player")
        assert tuple(rows.points) == replay.state(len(replay)).scores
    load_folder(tmp_path, progress=True)
    assert "4/4" in capsys.readouterr().err


@pytest.mark.slow
def test_win_chances_end_with_the_winners_and_repeat_exactly() -> None:
    replay = Replay.load(REPLAYS_DIR / "teacher-2p.json")
    chances = win_chances(replay)
    assert len(chances) == 2 * (len(replay) + 1)
    assert chances.groupby("turn")["chance"].sum().round(9).eq(1).all()
    end = chances[chances["turn"] == len(replay)]
    winners = replay.state(len(replay)).winners
    assert end["chance"].tolist() == [1.0 if i in winners else 0.0 for i in range(2)]
    assert chances.equals(win_chances(replay))
    falls = turning_points(chances, count=5)
    assert len(falls) == 5 and falls["drop"].is_monotonic_decreasing and (falls["drop"] > 0).all()
    movers = chances[chances["mover"]].set_index("turn")["player"]
    assert all(movers[turn] == player for turn, player in zip(falls["turn"], falls["player"]))


def test_the_charts_legend_draws_each_player_as_their_points_are_drawn(game: Replay) -> None:
    from splendor_nb.analysis import charts_figure

    figure = charts_figure(game)
    names = game.names
    lines = {trace.name: trace.line for trace in figure.data[:game.players]}  # the points
    key = {trace.name: trace for trace in figure.data if trace.showlegend and
           trace.name in names}
    assert sorted(key) == sorted(names)
    for name, entry in key.items():  # the same colour and dash, not a grey line
        assert (entry.line.color, entry.line.dash) == (lines[name].color, lines[name].dash)
        assert entry.marker.color == lines[name].color
