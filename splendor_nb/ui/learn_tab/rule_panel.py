"""The panel that shows a rule's text from docs/rules.md (:class:`RulePanel`), when a rule id or
a node of the turn diagram is clicked anywhere in the Learn widgets. A lesson shows it right
under what was clicked (:meth:`RulePanel.show_in` a slot), so that it is in view on a phone as
on a laptop; a page's fixed or sticky side panel is not, inside Voila's and JupyterLab's boxes.

>>> panel = RulePanel()
>>> panel.show("q_four")
>>> panel.shown, "R-TAKE2" in panel.text.value, panel.widget.layout.display
(('R-TAKE2',), True, None)
>>> panel.close.click()
>>> panel.shown, panel.widget.layout.display
((), 'none')
>>> first, second = rule_slot(), rule_slot()
>>> panel.show_in("R-TAKE3", first); panel.show_in("R-BUY", second)
>>> first.children, second.children == (panel.widget,), second.layout.display
((), True, None)
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from splendor_nb.diagram import NODES
from splendor_nb.i18n import spoken, translator, use_language
from splendor_nb.learn import rules_for
from splendor_nb.ui.learn_tab.learn_labels import node_labels, say
from splendor_nb.ui.learn_tab.links import LinkedHTML, markdown_html
from splendor_nb.ui.shared_models import fixed_layout

RULE_PANEL_CLASS = "splendor-rule-panel"


class RulePanel:
    """The rules of a rule id or a diagram node (``.widget``, hidden while nothing is shown).

    The rule texts cite other rules: clicking one of those shows it in turn.
    """

    def __init__(self, *, language: str | None = None) -> None:
        self.language = translator(language).language
        with use_language(self.language):
            self._slot: widgets.Box | None = None
            self.shown: tuple[str, ...] = ()
            """The rule ids shown (none while the panel is hidden)."""
            self.title = widgets.HTML()
            self.title.add_class("splendor-rule-panel-title")
            self.close = widgets.Button(description=say("close"), icon="times",
                                        tooltip=say("close_rules"),
                                        layout=fixed_layout(width="auto"))
            self.close.add_class("splendor-rule-panel-close")
            self.close.on_click(lambda _button: self.hide())
            self.text = LinkedHTML()
            self.text.on_click(lambda _kind, target: self.show(target))
            self.widget = widgets.VBox(
                [widgets.HBox([self.title, self.close],
                              layout=fixed_layout(justify_content="space-between",
                                                    align_items="center")),
                 self.text], layout=widgets.Layout(display="none"))
            self.widget.add_class(RULE_PANEL_CLASS)

    @spoken
    def show(self, target: str) -> None:
        """Show the rule ``target`` (a rule id), or the rules of the diagram node ``target``;
        a node without rules of its own (the start, the end) changes nothing."""
        found = rules_for(target)
        if not found:
            return
        self.shown = tuple(rule for rule, _ in found)
        heading = (say("rules_of_node", node=node_labels()[target]) if target in NODES
                   else say("rule"))
        self.title.value = f"<b>{html.escape(heading)}</b>"
        self.text.value = "".join(markdown_html(text) for _, text in found)
        self.widget.layout.display = None

    @spoken
    def show_in(self, target: str, slot: widgets.Box) -> None:
        """Show ``target``'s rules in ``slot`` (a :func:`rule_slot` beside what was clicked),
        moving the panel out of the slot it was in."""
        self.show(target)
        if not self.shown or self._slot is slot:
            return
        if self._slot is not None:
            self._slot.children = ()
            self._slot.layout.display = "none"
        slot.children = (self.widget,)
        slot.layout.display = None
        self._slot = slot

    @spoken
    def hide(self) -> None:
        """Hide the panel."""
        self.shown = ()
        self.widget.layout.display = "none"


def rule_slot() -> widgets.Box:
    """An empty place for the rule panel, hidden until the panel is shown in it."""
    return widgets.Box(layout=widgets.Layout(display="none", width="100%"))
