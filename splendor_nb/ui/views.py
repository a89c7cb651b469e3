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
>>> ViewSwitch(controller, language="fr").widget.options[0]
('Tout voir', -1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from splendor_nb.diagram import StepView, diagram_svg, turn_path
from splendor_nb.i18n import SOURCE_LANGUAGE, translator
from splendor_nb.moves import Move
from splendor_nb.render import board_svg
from splendor_nb.ui.board_widget import ClickableBoard
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.learn_tab.learn_labels import node_labels
from splendor_nb.ui.learn_tab.links import LinkedHTML
from splendor_nb.ui.shared_models import fixed_layout


class BoardView(ControllerView[ClickableBoard]):
    """The board of the current position, the last move highlighted (``.widget``: a
    :class:`~splendor_nb.ui.board_widget.ClickableBoard`, with nothing to click in a replay).

    Once the game is reviewed, the hard bot's move from the position shown (on the main line)
    is marked on the board (:attr:`suggestion`), unless ``show_best`` is off or the viewer is
    spoiler-free (it is often the move played next). The board's words
    are in ``language``.
    """

    def __init__(self, controller: ReplayController, language: str = SOURCE_LANGUAGE) -> None:
        super().__init__(controller)
        self.language = language  # of the board's words
        self.show_best = True
        self.widget = ClickableBoard()
        self.widget.add_class("splendor-board-view")
        self.follow(self._show, names=["at", "replay", "viewer", "review", "spoiler_free"])
        self._show()

    @property
    def suggestion(self) -> Move | None:
        """The review's preferred move from the position shown (None: no review, a side
        line, the game's end, or ``show_best`` off)."""
        return best_move(self.controller) if self.show_best else None

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        best = self.suggestion
        self.widget.svg = board_svg(controller.state, viewer=controller.viewer, highlight=True,
                                    names=controller.names,
                                    suggest=str(best) if best is not None else None,
                                    language=self.language)


def best_move(controller: ReplayController) -> Move | None:
    """The review's preferred move from the main-line position shown, if there is one and the
    viewer is not spoiler-free (the expert's move is often the one played next)."""
    review = controller.review
    if review is None or controller.spoiler_free or controller.in_side_line or \
            controller.turn >= len(review.best):
        return None
    best: Move | None = review.best[controller.turn]
    return best


class DiagramView(ControllerView[LinkedHTML]):
    """The rulebook's turn diagram with the current move's path lit (``.widget``: a
    :class:`~splendor_nb.ui.learn_tab.links.LinkedHTML`, the SVG its ``value``).

    :meth:`show_step` draws the move walked so far instead, its nodes clickable (the Replay
    tab's *Step through this move*, :class:`~splendor_nb.ui.move_stepper.MoveStepper`).
    """

    def __init__(self, controller: ReplayController, language: str = SOURCE_LANGUAGE) -> None:
        super().__init__(controller)
        self.labels = node_labels(language)  # the diagram's words
        self.widget = LinkedHTML()
        self.widget.add_class("splendor-diagram-view")
        self.follow(self._show, names=["at", "replay"])
        self._show()

    def show_step(self, step: StepView | None) -> None:
        """Draw a walk of the current move as far as it has gone (``None``: the whole path)."""
        if step is None:
            self._show()
        else:
            self.widget.value = diagram_svg(step=step, labels=self.labels, clickable=True)

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.current
        if turn is None:
            self.widget.value = diagram_svg(labels=self.labels)
            return
        before = controller.replay.state(controller.replay.back(controller.at))
        self.widget.value = diagram_svg(turn_path(before, turn.move, controller.state),
                                        self.labels)


class ViewSwitch(ControllerView[widgets.ToggleButtons]):
    """Hidden information: the all-seeing board or one player's view (``.widget``)."""

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        super().__init__(controller)
        self.language = language
        self.widget = widgets.ToggleButtons(style={"button_width": "auto"},
                                            tooltips=[], layout=fixed_layout(width="auto"))
        self.widget.add_class("splendor-view-switch")
        self._updating = False
        self.widget.observe(self._picked, names="value")
        self.follow(self._show, names=["replay", "viewer"])
        self._show()

    def _picked(self, change: Mapping[str, Any]) -> None:
        if not self._updating:
            self.controller.viewer = None if change["new"] < 0 else change["new"]

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        words = translator(self.language)
        options = [(words.gettext("All-seeing"), -1),
                   *((words.gettext("{name}'s view", name=name), i)
                     for i, name in enumerate(controller.names))]
        self._updating = True
        try:
            if list(self.widget.options) != options:
                self.widget.options = options
            self.widget.value = -1 if controller.viewer is None else controller.viewer
        finally:
            self._updating = False
