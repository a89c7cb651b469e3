"""The Learn views' page style (static/learn.css, in the colours of splendor_nb.palette): every
Learn view's root has the DOM class ``splendor-learn`` and carries the style.

>>> learn_style().startswith("<style>.splendor-learn {")
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import ipywidgets as widgets

from splendor_nb.palette import css_variables

LEARN_CLASS = "splendor-learn"
"""The DOM class of every Learn view's root: its page style applies inside."""
_CSS = Path(__file__).resolve().parent.parent / "static" / "learn.css"


@cache
def learn_style() -> str:
    """The style, as a ``<style>`` element: the palette's custom properties, then learn.css."""
    return f"<style>{css_variables('.' + LEARN_CLASS)}\n{_CSS.read_text(encoding='utf-8')}</style>"


def style_widget() -> widgets.HTML:
    """The style as a widget, the first child of a Learn view's root."""
    return widgets.HTML(learn_style(), layout=widgets.Layout(display="none"))

