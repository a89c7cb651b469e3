"""The side panel that shows a rule's text from docs/rules.md (:class:`RulePanel`), when a rule
id or a node of the turn diagram is clicked anywhere in the Learn widgets.

>>> panel = RulePanel()
>>> panel.show("q_four")
>>> panel.shown, "R-TAKE2" in panel.text.value, panel.widget.layout.display
(('R-TAKE2',), True, None)
>>> panel.close.click()
>>> panel.shown, panel.widget.layout.display
((), 'none')
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from splendor_nb.diagram import LABELS, NODES
from splendor_nb.learn import rules_for
from splendor_nb.ui.learn.links import LinkedHTML, markdown_html
from splendor_nb.ui.learn.words import WORDS

RULE_PANEL_CLASS = "splendor-rule-panel"


class RulePanel:
    """The rules of a rule id or a diagram node (``.widget``, hidden while nothing is shown).

    The rule texts cite other rules: clicking one of those shows it in turn.
    """

    def __init__(self) -> None:
        self.shown: tuple[str, ...] = ()
        """The rule ids shown (none while the panel is hidden)."""
        self.title = widgets.HTML()
        self.title.add_class("splendor-rule-panel-title")
        self.close = widgets.Button(description=WORDS["close"], icon="times",
                                    tooltip=WORDS["close_rules"],
                                    layout=widgets.Layout(width="auto"))
        self.close.add_class("splendor-rule-panel-close")
        self.close.on_click(lambda _button: self.hide())
        self.text = LinkedHTML()
        self.text.on_click(lambda _kind, target: self.show(target))
        self.widget = widgets.VBox(
            [widgets.HBox([self.title, self.close],
                          layout=widgets.Layout(justify_content="space-between",
                                                align_items="center")),
             self.text], layout=widgets.Layout(display="none"))
        self.widget.add_class(RULE_PANEL_CLASS)

    def show(self, target: str) -> None:
        """Show the rule ``target`` (a rule id), or the rules of the diagram node ``target``;
        a node without rules of its own (the start, the end) changes nothing."""
        found = rules_for(target)
        if not found:
            return
        self.shown = tuple(rule for rule, _ in found)
        heading = (WORDS["rules_of_node"].format(node=LABELS[target]) if target in NODES
                   else WORDS["rule"])
        self.title.value = f"<b>{html.escape(heading)}</b>"
        self.text.value = "".join(markdown_html(text) for _, text in found)
        self.widget.layout.display = None

    def hide(self) -> None:
        """Hide the panel."""
        self.shown = ()
        self.widget.layout.display = "none"
