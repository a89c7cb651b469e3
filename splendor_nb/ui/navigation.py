"""Stepping through a replay: first / back / forward / last buttons, a slider, and a line
saying where we are (:class:`NavigationBar`).

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg")
>>> bar = NavigationBar(ReplayController(replay))
>>> bar.buttons["last"].click(); bar.slider.value, bar.buttons["forward"].disabled
(1, True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from splendor_nb.ui.controller import ReplayController


class NavigationBar:
    """First / back / forward / last buttons, a slider and where we are (``.widget``)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.buttons: dict[str, widgets.Button] = {}
        for action, icon, tip in (("first", "step-backward", "First: the setup (Home)"),
                                  ("back", "caret-left", "Back one turn (←)"),
                                  ("forward", "caret-right", "Forward one turn (→)"),
                                  ("last", "step-forward", "Last turn (End)")):
            button = widgets.Button(icon=icon, tooltip=tip, layout=widgets.Layout(width="44px"))
            button.add_class(f"splendor-{action}")
            button.on_click(lambda _button, act=action: getattr(controller, act)())
            self.buttons[action] = button
        self.slider = widgets.IntSlider(min=0, max=max(len(controller.replay), 1),
                                        readout=False, continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="120px"))
        self.slider.add_class("splendor-slider")
        self.label = widgets.HTML()
        self.label.add_class("splendor-where")
        self._updating = False
        self.slider.observe(self._slid, names="value")
        controller.observe(self._show, names=["turn", "replay"])
        self.widget = widgets.HBox([*self.buttons.values(), self.slider, self.label],
                                   layout=widgets.Layout(align_items="center", width="100%"))
        self.widget.add_class("splendor-nav")
        self._show()

    def _slid(self, change: Mapping[str, Any]) -> None:
        if not self._updating:
            self.controller.go(change["new"])

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn, total = controller.turn, len(controller.replay)
        self._updating = True
        try:
            self.slider.max = max(total, 1)
            self.slider.value = turn
        finally:
            self._updating = False
        for action in ("first", "back"):
            self.buttons[action].disabled = turn == 0
        for action in ("forward", "last"):
            self.buttons[action].disabled = turn >= total
        self.label.value = _where(controller)


def _where(controller: ReplayController) -> str:
    turn, total = controller.turn, len(controller.replay)
    state = controller.state
    names = controller.replay.names
    played_in = 1
    if turn == 0:
        doing = "setup"
    else:
        before = controller.replay.state(turn - 1)  # the round is the one the move was played in
        played_in = before.round
        move = html.escape(str(state.last_move))
        doing = f"{html.escape(names[before.current_player])} played <code>{move}</code>"
    if state.is_over:
        winners = " and ".join(html.escape(names[i]) for i in state.winners)
        doing += f" · <b>{winners} won</b>" if winners else " · game over"
    return (f"<span data-turn='{turn}'><b>Turn {turn}</b> of {total} · "
            f"round {played_in} · {doing}</span>")
