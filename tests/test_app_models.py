"""How many widget models the app makes before its first page is served: each is a comm a
pre-heated kernel opens and messages the page waits for (docs/performance.md, "The widget
models of the app's first page"). The figures are counts, not times: a change that builds more
before the board shows fails here."""

from __future__ import annotations

from collections import Counter

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances

from splendor_nb.app import build_app
from splendor_nb.ui.shared_models import fixed_layout, sharing

MODELS_MAX = 182
"""The most widget models ``build_app()`` makes (as a pre-heated kernel runs notebooks/app.ipynb):
347 before the Replay tab shared its layouts and styles and built *Play from here*'s question
when first asked."""
LAYOUTS_MAX = 55
"""The most Layouts among them (134 before)."""


def _built_models(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    monkeypatch.setenv("SPLENDOR_DEMO", "1")  # as the public demo's kernels
    before = set(_instances)
    app = build_app("")
    made = Counter(type(model).__name__ for key, model in _instances.items()
                   if key not in before)
    assert app.selected_index == 0
    return made


def test_the_first_page_makes_at_most_so_many_models(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = _built_models(monkeypatch)
    assert sum(made.values()) <= MODELS_MAX, made.most_common()
    assert made["Layout"] + made["FrozenLayout"] <= LAYOUTS_MAX, made.most_common()


def test_no_default_style_is_made_for_the_replay_tab(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _built_models(monkeypatch)
    # shared Styles (one a build); the others are given as values (style={...})
    assert made["FrozenButtonStyle"] == 1 and made["FrozenHTMLStyle"] <= 2, made.most_common()
    assert made["ButtonStyle"] == made["HTMLStyle"] == 0, made.most_common()


def test_a_shared_layout_refuses_a_change_and_sharing_ends_with_the_build() -> None:
    with sharing():
        button = widgets.Button(layout=fixed_layout(width="auto"))
        html = widgets.HTML()
        assert widgets.HTML().layout is html.layout
    with pytest.raises(Exception, match="frozen"):
        button.layout.display = "none"
    with pytest.raises(Exception, match="frozen"):
        html.style.font_size = "2em"
    after = widgets.HTML()
    after.layout.display = "none"  # its own Layout again
    assert after.layout is not html.layout and html.layout.display is None
