"""Annotating the current move: a glyph picker and a comment box (:class:`AnnotationEditor`).

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg")
>>> controller = ReplayController(replay, turn=1)
>>> editor = AnnotationEditor(controller)
>>> editor.glyph.value = "!?"
>>> controller.replay.turns[0].glyph, controller.dirty
('!?', True)
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from splendor_nb.replay import GLYPHS
from splendor_nb.ui.controller import ReplayController


class AnnotationEditor:
    """A glyph picker and a comment box writing into the current move (``.widget``)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.heading = widgets.HTML()
        self.heading.add_class("splendor-annotation-heading")
        self.glyph = widgets.ToggleButtons(
            options=[("—", ""), *((glyph, glyph) for glyph in GLYPHS)], value="",
            tooltips=["no glyph", "good move", "mistake", "brilliant move", "blunder",
                      "interesting move", "dubious move"],
            style={"button_width": "38px"})
        self.glyph.add_class("splendor-glyph")
        self.comment = widgets.Textarea(placeholder="Write a comment on this move…",
                                        continuous_update=False,
                                        layout=widgets.Layout(width="100%", height="64px"))
        self.comment.add_class("splendor-comment")
        self._updating = False
        self.glyph.observe(self._written, names="value")
        self.comment.observe(self._written, names="value")
        controller.observe(self._show, names=["turn", "replay"])
        self.widget = widgets.VBox([self.heading, self.glyph, self.comment],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-annotation")
        self._show()

    def _written(self, _change: object) -> None:
        if not self._updating:
            self.controller.annotate(comment=self.comment.value, glyph=self.glyph.value)

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.current
        self._updating = True
        try:
            self.glyph.value = turn.glyph if turn else ""
            self.comment.value = turn.comment if turn else ""
        finally:
            self._updating = False
        self.glyph.disabled = self.comment.disabled = turn is None
        if turn is None:
            self.heading.value = "<b>Comment</b> <span class='splendor-muted'>— step to a move " \
                                 "to comment on it</span>"
        else:
            player = controller.replay.state(controller.turn - 1).current_player
            who = html.escape(controller.replay.names[player])
            self.heading.value = (f"<b>Comment on move {controller.turn}</b> "
                                  f"<span class='splendor-muted'>{who}: "
                                  f"<code>{html.escape(str(turn.move))}</code></span>")
