"""The moves of the replay as a clickable list (:class:`MoveList`, an anywidget; its
JavaScript and CSS are static/move_list.js and static/move_list.css).

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg")
>>> MoveList(ReplayController(replay)).rows
[[0, -1, 'Setup', '', '', ''], [1, 0, 'Player 1', '+wbg', '', '']]
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.ui.controller import ReplayController


class MoveList(anywidget.AnyWidget):
    """The moves as a clickable list; the current one is highlighted and kept in view.

    ``rows`` are ``[turn, player, name, move text, glyph, comment]`` (turn 0 is the setup,
    player -1); clicking a row sets ``turn``. Text goes into the page as text, never as HTML.
    A player's name has a dot in the player's colour (``--splendor-player-I``, from
    :func:`splendor_nb.palette.css_variables`).
    """

    _esm = Path(__file__).parent / "static" / "move_list.js"
    _css = Path(__file__).parent / "static" / "move_list.css"
    rows: traitlets.List[list[object]] = traitlets.List().tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)

    def __init__(self, controller: ReplayController) -> None:
        super().__init__(layout=widgets.Layout(height="100%", width="100%"))
        self.controller = controller
        self.add_class("splendor-movelist")
        self.observe(lambda change: controller.go(change["new"]), names="turn")
        controller.observe(self._show_rows, names=["replay", "revision"])
        controller.observe(self._show_turn, names="turn")
        self._show_rows()

    def _show_rows(self, _change: object = None) -> None:
        replay = self.controller.replay
        names = replay.names
        rows: list[list[object]] = [[0, -1, "Setup", "", "", ""]]
        for number, turn in enumerate(replay.turns, start=1):
            player = replay.state(number - 1).current_player
            rows.append([number, player, names[player], str(turn.move), turn.glyph, turn.comment])
        with self.hold_sync():
            self.rows = rows
            self.turn = self.controller.turn

    def _show_turn(self, change: Mapping[str, Any]) -> None:
        self.turn = change["new"]
