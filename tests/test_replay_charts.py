"""The Replay tab's charts, driven from Python: the figure takes its column's width (no fixed
one), the page gets plotly.js once when it asks, a click from the page jumps only to a turn of
the game, the figure prepared before a visitor is used for the same replay only (and read
from another kernel of the same server that built it), *Who was winning?* reuses the chances
a stored review holds (rating only the positions it lacks), and its percentages (tooltips,
hovers, the axis) are written as the language writes them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from splendor_nb.analysis import win_chances
from splendor_nb.analysis.game_review import review
from splendor_nb.replay import Replay
from splendor_nb.ui import ReplayController
from splendor_nb.ui.figure_cache import CACHE_ENV
from splendor_nb.ui.plotly_view import PlotlyView, plotly_js
from splendor_nb.ui.replay_charts import ReplayCharts
from support.games import random_replay


def game(turns: int = 10, seed: int = 5) -> Replay:
    return random_replay(2, seed=seed, max_turns=turns)


def test_the_figure_has_no_fixed_width_so_the_page_sizes_it_to_its_column() -> None:
    charts = ReplayCharts(ReplayController(game()))
    charts.load()
    assert charts.figure is not None and charts.figure.layout.width is None
    assert "width" not in charts.view.figure["layout"]


def test_the_page_gets_plotly_js_when_it_asks_and_clicks_jump_to_the_games_turns_only() -> None:
    sent: list[tuple[Any, Any]] = []
    view = PlotlyView()
    view.send = lambda content, buffers=None: sent.append((content, buffers))  # type: ignore[method-assign]
    view._handle_custom_msg({"type": "plotly"}, [])
    assert sent == [({"type": "plotly"}, [plotly_js()])]
    assert b"plotly.js (basic - minified) v" in plotly_js()[:80]
    controller = ReplayController(game())
    charts = ReplayCharts(controller)
    charts.load()
    for crafted in ("3", 3.5, True, None, -1, len(controller.replay) + 1):
        charts.view._handle_custom_msg({"type": "click", "turn": crafted}, [])
        assert controller.turn == 0, crafted
    charts.view._handle_custom_msg({"type": "click", "turn": 4}, [])
    assert controller.turn == 4 and charts.view.turn == 4


def test_a_prepared_figure_is_used_for_the_replay_it_was_built_for_only() -> None:
    controller = ReplayController(game())
    charts = ReplayCharts(controller)
    charts.prepare()
    assert charts._preparing is not None
    charts._preparing.join()
    prepared = charts._prepared
    assert prepared is not None
    controller.go(3)
    charts.load()
    assert charts.figure is prepared[1]
    assert charts.figure.layout.shapes[0].x0 == 3 and charts.view.turn == 3
    other = ReplayCharts(ReplayController(game()))
    other.prepare()
    other.controller.open(game(seed=6), name="another")  # the replay changed meanwhile
    other.load()
    assert other._preparing is not None and other.figure is not None
    assert other.figure.data[0].x[-1] == len(other.controller.replay)


def test_a_kernel_prepares_the_figure_another_kernel_of_its_server_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's kernels share the first figure: the second reads it, the same figure (no
    pandas needed), and a figure of another replay or language is built as before."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))

    def prepared(replay: Replay, language: str | None = None) -> Any:
        charts = ReplayCharts(ReplayController(replay), language=language)
        charts.prepare()
        assert charts._preparing is not None
        charts._preparing.join()
        assert charts._prepared is not None
        return charts._prepared[1]

    first = json.loads(prepared(game()).to_json())
    assert len(list(tmp_path.glob("charts-*.json"))) == 1
    again = prepared(game())
    assert json.loads(again.to_json()) == first and again.data[0].x[-1] == len(game())
    assert json.loads(prepared(game(seed=6)).to_json()) != first
    assert json.loads(prepared(game(), "fr").to_json()) != first
    assert len(list(tmp_path.glob("charts-*.json"))) == 3
    for kept in tmp_path.glob("charts-*.json"):
        kept.write_text("{", encoding="utf-8")  # cut short: built again
    assert json.loads(prepared(game()).to_json()) == first


def test_spoiler_free_axes_are_as_high_as_the_turns_shown_need() -> None:
    """Spoiler-free: the points' and bonuses' axes end where the turns shown need, so their
    height does not give away how the game goes on; off, they fit the whole game."""
    replay = random_replay(2, seed=8, max_turns=40)
    controller = ReplayController(replay)
    charts = ReplayCharts(controller)
    charts.load()
    final = replay.state(len(replay))
    top = max(max(player.bonuses.values()) for player in final.players)
    assert charts.figure is not None
    assert tuple(charts.figure.layout.yaxis2.range) == (-0.3, top + 0.5)
    controller.spoiler_free = True
    controller.go(2)
    early = max(2, *(max(player.bonuses.values()) for player in replay.state(2).players))
    assert early < top, "the game needs bonuses bought after turn 2"  # 2: the axis' least
    assert tuple(charts.figure.layout.yaxis2.range) == (-0.3, early + 0.5)
    assert charts.view.relayout["yaxis2.range"] == [-0.3, early + 0.5]  # what the page gets
    assert charts.view.relayout["yaxis.range"][1] == 15 + 1.5  # 15 points stay in sight


@pytest.mark.slow
def test_who_was_winning_reuses_a_stored_review_and_rates_only_what_it_lacks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    replay = game(turns=12)
    fresh = win_chances(Replay.loads(replay.dumps()), reuse=False)
    reviewed = Replay.loads(replay.dumps())
    review(reviewed, workers=1, upto=8)  # positions 0 to 8 judged, at evaluate's budget
    rated: list[int] = []
    import splendor_nb.ai as ai

    real = ai.evaluate
    monkeypatch.setattr(ai, "evaluate", lambda state: rated.append(state.turn) or real(state))
    controller = ReplayController(reviewed)
    charts = ReplayCharts(controller)
    charts.load()
    charts.show_chances()
    assert controller.error == ""
    assert rated == list(range(9, len(replay) + 1))  # the positions the review did not judge
    assert charts.chances is not None
    assert (charts.chances.chance - fresh.chance).abs().max() < 1e-4
    assert charts.progress.max == len(rated)


@pytest.mark.slow
def test_the_falls_say_their_chances_as_the_language_writes_percentages() -> None:
    charts = ReplayCharts(ReplayController(game(turns=16)), language="fr")
    charts.load()
    charts.show_chances()
    tooltips = [button.tooltip for button in charts.falls.children[1:]]
    assert tooltips and all("\u00a0%" in tooltip for tooltip in tooltips)  # "54 %"
    hovers = [trace.text for trace in charts.figure.data if trace.text]
    assert hovers and all("\u00a0%" in text for texts in hovers for text in texts)
    axis = charts.figure.layout.yaxis3  # the chances' axis and their hover texts
    assert axis.ticktext[2] == "50\u00a0%" and tuple(axis.range) == (0, 100)
    lines = [trace for trace in charts.figure.data if trace.hovertemplate
             and "%{y}" in trace.hovertemplate and trace.yaxis == "y3"]
    assert lines and all("%{y}\u00a0%" in trace.hovertemplate for trace in lines)
    turkish = ReplayCharts(ReplayController(game(turns=16)), language="tr")
    turkish.load()
    turkish.show_chances()
    assert turkish.figure is not None and turkish.figure.layout.yaxis3.ticktext[2] == "%50"
