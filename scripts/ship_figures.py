"""Write the shipped figures: the Replay tab's first figure, of the replay the app opens in its
first language, which every pre-heated kernel would otherwise build (splendor_nb.ui.figure_cache).

    .venv/bin/python scripts/ship_figures.py

Run it after a change to the charts, their words or colours, or the shipped replay:
tests/test_figure_cache.py fails until then. It rewrites splendor_nb/data/figures/ (the
figures that are no longer the app's go) and prints what it wrote; review the diff.
"""

from __future__ import annotations

from splendor_nb.analysis import charts_figure
from splendor_nb.app import build_app
from splendor_nb.ui.figure_cache import SHIPPED_DIR, figure_name


def main() -> None:
    app = build_app("")  # the app as a pre-heated kernel builds it: its replay, its language
    charts = app.viewer.charts
    replay, language = charts.controller.replay, charts.language
    name = figure_name(replay, language)
    SHIPPED_DIR.mkdir(exist_ok=True)
    for old in SHIPPED_DIR.glob("charts-*.json"):
        if old.name != name:
            old.unlink()
    (SHIPPED_DIR / name).write_text(charts_figure(replay, language=language).to_json(),
                                    encoding="utf-8")
    print(f"{SHIPPED_DIR.name}/{name}: {charts.controller.name} in {language}")


if __name__ == "__main__":
    main()
