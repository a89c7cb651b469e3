"""The Replay tab's *Step through this move* (:class:`MoveStepper`): the current move's path
through the turn diagram, walked node by node, each step saying what the diagram asks and what
the position answered, with the rule (:meth:`splendor_nb.learn.Walk.of_move`).

While stepping, the diagram's nodes can be clicked: a node of the path goes to that step, and
any node, or a rule id in the step's text, shows its rules below the diagram. Moving to another
turn goes back to the whole path.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> from splendor_nb.ui.views import DiagramView
>>> replay = Replay.from_state(new_game(seed=7))
>>> _ = replay.play("+rr")
>>> controller = ReplayController(replay, turn=1)
>>> stepper = MoveStepper(controller, DiagramView(controller))
>>> stepper.start.click()
>>> stepper.buttons["next"].click()
>>> stepper.step, 'data-current="q_action"' in stepper.diagram.widget.value
(1, True)
>>> print(stepper.text.value.split("</b>")[0].removeprefix("<b>"))
Step 2 of 10: Take a card or gems?
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from splendor_nb.i18n import use_language
from splendor_nb.learn import Walk
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.learn_tab.learn_labels import node_labels, say
from splendor_nb.ui.learn_tab.links import LinkedHTML, rule_button, sentence_html
from splendor_nb.ui.learn_tab.rule_panel import RulePanel
from splendor_nb.ui.learn_tab.style import LEARN_CLASS, style_widget
from splendor_nb.ui.shared_models import fixed_layout
from splendor_nb.ui.views import DiagramView

STEPPER_CLASS = "splendor-move-stepper"
STEP_BUTTONS = {"first": "fast-backward", "previous": "step-backward", "next": "step-forward",
                "last": "fast-forward"}


class MoveStepper(ControllerView[widgets.VBox]):
    """Step the current move through ``diagram`` (``.widget``, above the diagram; ``.rules``,
    the rule panel, goes below it). ``step`` is the node shown (from 0), ``None`` while the
    whole path is shown; its words are in ``language``."""

    def __init__(self, controller: ReplayController, diagram: DiagramView,
                 language: str | None = None) -> None:
        super().__init__(controller)
        with use_language(language) as code:
            self.language = code
            self._build(controller, diagram)

    def _build(self, controller: ReplayController, diagram: DiagramView) -> None:
        self.diagram = diagram
        self.walk: Walk | None = None
        """The current move's whole walk, while stepping."""
        self.step: int | None = None
        self.start = widgets.Button(description=say("step_through"), icon="step-forward",
                                    tooltip=say("step_through_tip"),
                                    layout=widgets.Layout(width="auto"))
        self.start.add_class("splendor-step-through")
        self.start.on_click(lambda _button: self.go(0))
        self.whole = widgets.Button(description=say("whole_path"), icon="times",
                                    tooltip=say("whole_path_tip"),
                                    layout=widgets.Layout(width="auto"))
        self.whole.add_class("splendor-whole-path")
        self.whole.on_click(lambda _button: self.stop())
        self.buttons = {name: widgets.Button(icon=icon, tooltip=say(f"{name}_step"),
                                             layout=widgets.Layout(width="auto"))
                        for name, icon in STEP_BUTTONS.items()}
        moves = {"first": lambda: 0, "previous": lambda: (self.step or 0) - 1,
                 "next": lambda: (self.step or 0) + 1, "last": lambda: self._count() - 1}
        for name, button in self.buttons.items():
            button.add_class(f"splendor-step-{name}")
            button.on_click(lambda _button, to=moves[name]: self.go(to()))
        self.text = LinkedHTML()
        self.text.add_class("splendor-step-text")
        self.rules = RulePanel(language=self.language)
        self.rules.widget.add_class(LEARN_CLASS)
        self.text.on_click(lambda _kind, target: self.rules.show(target))
        diagram.widget.on_click(self._clicked)
        self.controls = widgets.HBox([self.start, self.whole, *self.buttons.values()],
                                     layout=fixed_layout(flex_flow="row wrap",
                                                           align_items="center"))
        self.widget = widgets.VBox([style_widget(), self.controls, self.text],
                                   layout=fixed_layout(width="100%"))
        self.widget.add_class(LEARN_CLASS)
        self.widget.add_class(STEPPER_CLASS)
        self.follow(self._moved, names=["at", "replay"])
        self.stop()

    def close(self) -> None:
        """Detach from the controller, then close the widgets (the rule panel's too)."""
        super().close()
        self.rules.widget.close()

    def _moved(self, _change: object) -> None:
        self.stop()

    def go(self, step: int) -> None:
        """Show step ``step`` (from 0, kept within the path) of the current move."""
        with use_language(self.language):
            self._go(step)

    def _go(self, step: int) -> None:
        controller = self.controller
        turn = controller.current
        if turn is None:
            return
        if self.walk is None:
            replay = controller.replay
            self.walk = Walk.of_move(replay.state(replay.back(controller.at)), turn.move,
                                     controller.names)
        self.step = max(0, min(step, self._count() - 1))
        walked = self.walk.prefix(self.step)
        self.diagram.show_step(walked.view())
        current = walked.current
        rules = " ".join(rule_button(rule) for rule in current.rules)
        where = html.escape(say("step_of", number=self.step + 1, count=self._count(),
                                question=node_labels()[current.node]))
        self.text.value = (f"<b>{where}</b> {rules}<div class='splendor-step-answer'>"
                           f"{sentence_html(current.answer.text())}</div>")
        self._show_buttons()

    def stop(self) -> None:
        """Back to the whole path (and a new move's walk, when the turn changes)."""
        self.walk = None
        self.step = None
        self.diagram.show_step(None)
        self.rules.hide()
        with use_language(self.language):
            none = say("no_move")
        self.text.value = ("" if self.controller.current is not None else
                           f"<span class='splendor-muted'>{html.escape(none)}</span>")
        self._show_buttons()

    def _count(self) -> int:
        return len(self.walk.steps) if self.walk is not None else 0

    def _clicked(self, _kind: str, node: str) -> None:
        """A node of the stepped diagram: its rules, and its step if it is on the path."""
        self.rules.show(node)
        if self.walk is not None and node in self.walk.nodes:
            self.go(self.walk.nodes.index(node))

    def _show_buttons(self) -> None:
        stepping = self.step is not None
        self.start.layout.display = "none" if stepping else None
        self.start.disabled = self.controller.current is None
        self.whole.layout.display = None if stepping else "none"
        for button in self.buttons.values():
            button.layout.display = None if stepping else "none"
        if stepping:
            last = self._count() - 1
            self.buttons["first"].disabled = self.buttons["previous"].disabled = self.step == 0
            self.buttons["next"].disabled = self.buttons["last"].disabled = self.step == last
