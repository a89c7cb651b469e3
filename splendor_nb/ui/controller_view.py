"""A part of the Replay tab that follows the controller (:class:`ControllerView`): it observes
the controller through :meth:`~ControllerView.follow`, so that :meth:`~ControllerView.detach`
can stop every observer it registered (a viewer rebuilt over the same controller, in another
language, drops the old parts) and :meth:`~ControllerView.close` detach, then close its widget.

>>> import ipywidgets as widgets
>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> class TurnLabel(ControllerView[widgets.HTML]):
...     def __init__(self, controller):
...         super().__init__(controller)
...         self.widget = widgets.HTML()
...         self.follow(self._show, names="turn")
...     def _show(self, _change=None):
...         self.widget.value = str(self.controller.turn)
>>> replay = Replay.from_state(new_game(players=2, seed=7)); _ = replay.play("+wbg")
>>> controller = ReplayController(replay)
>>> label = TurnLabel(controller); controller.go(1); label.widget.value
'1'
>>> label.detach(); label.detach(); controller.go(0); label.widget.value  # no longer follows
'1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from splendor_nb.ui.controller import ReplayController

Shown = TypeVar("Shown", bound=widgets.Widget)
Handler = Callable[[Any], None]


class ControllerView(Generic[Shown]):
    """A view of a :class:`ReplayController` shown in ``widget`` (set by the subclass)."""

    widget: Shown

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self._followed: list[tuple[Handler, str | Sequence[str]]] = []

    def follow(self, handler: Handler, names: str | Sequence[str]) -> None:
        """Call ``handler(change)`` when the controller's traits ``names`` change, until
        :meth:`detach`."""
        self.controller.observe(handler, names=names)
        self._followed.append((handler, names))

    def detach(self) -> None:
        """Stop following the controller, the widgets left as they are (a second call does
        nothing)."""
        followed, self._followed = self._followed, []
        for handler, names in followed:
            self.controller.unobserve(handler, names=names)

    def close(self) -> None:
        """Detach from the controller, then close the widget."""
        self.detach()
        self.widget.close()
