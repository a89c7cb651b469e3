"""The notation's key (:class:`NotationKey`): a *Notation* button at the top of every chapter
that opens, and closes, how cards, nobles and moves are written, with an example of each. The
lessons teach it in chapter 1; the key is there to look it up again.

>>> key = NotationKey()
>>> key.panel.layout.display
'none'
>>> key.button.value = True  # clicked
>>> key.panel.layout.display is None, "B2w1=ggrrkky" in key.panel.value
(True, True)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from splendor_nb.ui.learn_tab.learn_labels import say

EXAMPLES = (("notation_card", "1r3"), ("notation_noble", "N5"), ("notation_take3", "+wbg"),
            ("notation_take2", "+rr"), ("notation_return", "+rk -w"),
            ("notation_reserve", "R1b5"), ("notation_blind", "R?1"), ("notation_buy", "B2w1"),
            ("notation_pay", "B2w1=ggrrkky"), ("notation_visit", "B1k3 N5"),
            ("notation_pass", "pass"))
"""Each line of the key: its words and its example, a card, a noble or a move."""


class NotationKey:
    """The button (``.button``) and the key it shows and hides (``.panel``); ``.widget``
    holds both."""

    def __init__(self) -> None:
        self.button = widgets.ToggleButton(description=say("notation"), icon="book",
                                           tooltip=say("notation_tip"), value=False,
                                           layout=widgets.Layout(width="auto"))
        self.button.add_class("splendor-notation-button")
        self.panel = widgets.HTML(_key_html(), layout=widgets.Layout(display="none"))
        self.panel.add_class("splendor-notation-key")
        self.button.observe(self._toggled, names="value")
        self.widget = widgets.VBox([self.button, self.panel],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-notation")

    def _toggled(self, change: dict[str, object]) -> None:
        self.panel.layout.display = None if change["new"] else "none"


def _key_html() -> str:
    lines = "".join(
        "<li>" + escape(say(key, example="\0")).replace(
            "\0", f"<code>{escape(example)}</code>") + "</li>" for key, example in EXAMPLES)
    return (f"<div class='splendor-notation-title'><b>{escape(say('notation_title'))}</b>"
            f"</div><div>{escape(say('notation_letters'))}</div><ul>{lines}</ul>")
