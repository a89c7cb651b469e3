"""The shipped figure is the one the charts build: the Replay tab's first figure, of the replay
the app opens in its first language (what a pre-heated kernel reads instead of building it).
After a change to the charts, their words or colours, or that replay, write it again:
``.venv/bin/python scripts/ship_figures.py``."""

from __future__ import annotations

import json

from splendor_nb.analysis import charts_figure
from splendor_nb.app import build_app
from splendor_nb.ui.figure_cache import SHIPPED_DIR, cached_figure, figure_name

AGAIN = "write it again: .venv/bin/python scripts/ship_figures.py"


def test_the_shipped_figure_is_the_app_s_first_figure_as_the_charts_build_it() -> None:
    charts = build_app("").viewer.charts
    replay, language = charts.controller.replay, charts.language
    name = figure_name(replay, language)
    assert sorted(path.name for path in SHIPPED_DIR.glob("*.json")) == [name], AGAIN
    built = json.loads(charts_figure(replay, language=language).to_json())
    assert json.loads((SHIPPED_DIR / name).read_text(encoding="utf-8")) == built, AGAIN
    shipped = cached_figure(replay, language, environ={})
    assert shipped is not None and json.loads(shipped.to_json()) == built


def test_the_charts_view_counts_the_legend_s_traces_as_the_charts_make_them() -> None:
    from splendor_nb.analysis import charts
    from splendor_nb.ui import replay_charts

    assert replay_charts._KEY_TRACES == charts.KEY_TRACES
