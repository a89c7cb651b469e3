"""What the viewer shows of the current position: the board (:class:`BoardView`, the
:class:`~splendor_nb.ui.board_widget.ClickableBoard` that Play uses too), the turn diagram with
the last move's path lit (:class:`DiagramView`), and whose eyes the board is seen through
(:class:`ViewSwitch`). Each is a widget (``.widget``) observing a
:class:`~splendor_nb.ui.controller.ReplayController`.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> controller = ReplayController(Replay.from_state(new_game(players=2, seed=7)))
>>> ViewSwitch(controller).widget.options[1]
("Player 1's view", 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from splendor_nb.diagram import StepView, diagram_svg, turn_path
from splendor_nb.render import board_svg
from splendor_nb.ui.board_widget import ClickableBoard
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.learn.links import LinkedHTML


class BoardView:
    """The board of the current position, the last move highlighted (``.widget``: a
    :class:`~splendor_nb.ui.board_widget.ClickableBoard`, with nothing to click in a replay)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.widget = ClickableBoard()
        self.widget.add_class("splendor-board-view")
        controller.observe(self._show, names=["turn", "replay", "viewer"])
        self._show()

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.turn
        previous = controller.replay.state(turn - 1) if turn else None
        self.widget.svg = board_svg(controller.state, viewer=controller.viewer, highlight=True,
                                    previous=previous, names=controller.replay.names)


class DiagramView:
    """The rulebook's turn diagram with the current move's path lit (``.widget``: a
    :class:`~splendor_nb.ui.learn.links.LinkedHTML`, the SVG its ``value``).

    :meth:`show_step` draws the move walked so far instead, its nodes clickable (the Replay
    tab's *Step through this move*, :class:`~splendor_nb.ui.move_stepper.MoveStepper`).
    """

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.widget = LinkedHTML()
        self.widget.add_class("splendor-diagram-view")
        controller.observe(self._show, names=["turn", "replay"])
        self._show()

    def show_step(self, step: StepView | None) -> None:
        """Draw a walk of the current move as far as it has gone (``None``: the whole path)."""
        if step is None:
            self._show()
        else:
            self.widget.value = diagram_svg(step=step, clickable=True)

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.current
        if turn is None:
            self.widget.value = diagram_svg()
            return
        before = controller.replay.state(controller.turn - 1)
        self.widget.value = diagram_svg(turn_path(before, turn.move, controller.state))


class ViewSwitch:
    """Hidden information: the all-seeing board or one player's view (``.widget``)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.widget = widgets.ToggleButtons(style={"button_width": "auto"},
                                            tooltips=[], layout=widgets.Layout(width="auto"))
        self.widget.add_class("splendor-view-switch")
        self._updating = False
        self.widget.observe(self._picked, names="value")
        controller.observe(self._show, names=["replay", "viewer"])
        self._show()

    def _picked(self, change: Mapping[str, Any]) -> None:
        if not self._updating:
            self.controller.viewer = None if change["new"] < 0 else change["new"]

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        options = [("All-seeing", -1), *((f"{name}'s view", i)
                                         for i, name in enumerate(controller.replay.names))]
        self._updating = True
        try:
            if list(self.widget.options) != options:
                self.widget.options = options
            self.widget.value = -1 if controller.viewer is None else controller.viewer
        finally:
            self._updating = False
