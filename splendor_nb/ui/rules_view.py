"""The rulebook (docs/rules.md) in the app: pick a rule by id and read it, or the whole book.

Every error, the turn diagram and the lessons cite rule ids; this is where a reader looks them
up. ``RulesView.show("R-TAKE2")`` opens a rule, as the app's ``?rule=R-TAKE2`` deep link does.

>>> view = RulesView()
>>> view.show("R-TAKE2")
>>> view.picker.value, "R-TAKE2" in view.text.value
('R-TAKE2', True)
"""

from __future__ import annotations

import ipywidgets as widgets
import mistune

from splendor_nb.rulebook import RULE_IDS, RULEBOOK, rule_text, rule_title

WHOLE_BOOK = ""
"""The picker's value for the whole rulebook."""
_MARKDOWN = mistune.create_markdown(escape=True, plugins=["table"])


class RulesView:
    """A rule picker above the rule's text (``.widget``, DOM class ``splendor-rules``)."""

    def __init__(self, rule_id: str = WHOLE_BOOK) -> None:
        self.picker = widgets.Dropdown(
            options=[("The whole rulebook", WHOLE_BOOK),
                     *((f"{rule}: {rule_title(rule)}", rule) for rule in RULE_IDS)],
            description="Rule", style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="460px"))
        self.text = widgets.HTML(layout=widgets.Layout(max_width="860px"))
        self.text.add_class("splendor-rules-text")
        self.widget = widgets.VBox([self.picker, self.text])
        self.widget.add_class("splendor-rules")
        self.picker.observe(lambda change: self._draw(), names="value")
        self.show(rule_id)
        self._draw()

    def show(self, rule_id: str) -> None:
        """Open one rule (``WHOLE_BOOK`` for all); raise ``KeyError`` on an unknown id."""
        if rule_id != WHOLE_BOOK and rule_id not in RULE_IDS:
            rule_text(rule_id)  # raises the KeyError that lists the known ids
        self.picker.value = rule_id

    def _draw(self) -> None:
        rule = self.picker.value
        source = RULEBOOK if rule == WHOLE_BOOK else rule_text(rule)
        self.text.value = str(_MARKDOWN(source))
