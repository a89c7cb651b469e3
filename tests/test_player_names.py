"""A player's name is text wherever it shows: plotly reads markup in its labels, so a name
holding a link showed as a link in the chart legend; every label a name goes into has it
escaped, as the board and the Replay tab's other parts have."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from splendor_nb.analysis.chances import win_chances
from splendor_nb.analysis.charts import bonus_chart, charts_figure
from splendor_nb.analysis.tables import turns
from splendor_nb.engine import new_game
from splendor_nb.render import board_html, board_svg
from splendor_nb.replay import Replay
from splendor_nb.ui import ReplayController, ReplayViewer

NAMES = ['<a href="https://example.org">Eve</a>', "<b>Bob</b> & <i>co</i>"]
"""Names a visitor may type (a game set up in the Play tab, a replay file opened)."""


def named_replay() -> Replay:
    replay = Replay.from_state(new_game(players=2, seed=7),
                               {"players": [{"name": name, "kind": "human", "level": None}
                                            for name in NAMES]})
    for move in ("+wbg", "+rr", "+wbk", "+rgk"):
        replay.play(move)
    return replay


def labels(figure: Any) -> list[str]:
    """Every text plotly draws from the figure: traces' names, hovers, texts, titles."""
    found = [str(annotation.text) for annotation in figure.layout.annotations or ()]
    for trace in figure.data:
        found += [str(trace.name or ""), str(trace.hovertemplate or "")]
        found += [str(text) for text in (trace.text or ())]
        if trace.legendgrouptitle is not None:
            found.append(str(trace.legendgrouptitle.text or ""))
    return found


def test_names_are_escaped_in_every_chart_label() -> None:
    replay = named_replay()
    assert replay.names == NAMES
    for figure in (charts_figure(replay, chances=win_chances(replay)),
                   bonus_chart(turns(replay))):
        shown = "\n".join(labels(figure))
        for name in NAMES:
            assert name not in shown
            assert html.escape(name, quote=False) in shown


def html_of(widget: Any) -> list[str]:
    """The markup of every HTML widget under ``widget``."""
    found = [str(widget.value)] if isinstance(widget, widgets.HTML) else []
    for child in getattr(widget, "children", ()):
        found += html_of(child)
    return found


def test_names_are_text_on_the_board_and_in_the_replay_viewer() -> None:
    replay = named_replay()
    state = replay.state(len(replay))
    viewer = ReplayViewer(ReplayController(replay, name="named"))
    shown = "\n".join(html_of(viewer.widget))
    assert "Eve&lt;/a&gt;" in shown  # the title names the players, as text
    for markup in (board_svg(state, names=NAMES), board_html(state, names=NAMES), shown):
        assert not any(name in markup for name in NAMES)
        assert '<a href="https://example.org"' not in markup
