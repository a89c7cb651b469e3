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

from splendor_nb.i18n import translator
from splendor_nb.replay import GLYPHS
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.replay_texts import said
from splendor_nb.ui.shared_models import fixed_layout


class AnnotationEditor(ControllerView[widgets.VBox]):
    """A glyph picker and a comment box writing into the move shown, in any line
    (``.widget``); the box grows with its text."""

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        words = translator(language)
        self.language = language
        super().__init__(controller)
        self.heading = widgets.HTML()
        self.heading.add_class("splendor-annotation-heading")
        self.glyph = widgets.ToggleButtons(
            options=[("—", ""), *((glyph, glyph) for glyph in GLYPHS)], value="",
            tooltips=[words.gettext("no glyph"), words.gettext("good move"),
                      words.gettext("mistake"), words.gettext("brilliant move"),
                      words.gettext("blunder"), words.gettext("interesting move"),
                      words.gettext("dubious move")],
            style={"button_width": "38px"})
        self.glyph.add_class("splendor-glyph")
        self.comment = widgets.Textarea(placeholder=words.gettext("Write a comment on this move…"),
                                        continuous_update=False, rows=3,
                                        layout=fixed_layout(width="100%"))
        self.comment.add_class("splendor-comment")
        self._updating = False
        self._shown = ""
        """The comment as shown: a shipped replay's in the viewer's language."""
        self.glyph.observe(self._written, names="value")
        self.comment.observe(self._written, names="value")
        self.follow(self._show, names=["at", "replay"])
        self.widget = widgets.VBox([self.heading, self.glyph, self.comment],
                                   layout=fixed_layout(width="100%"))
        self.widget.add_class("splendor-annotation")
        self._show()

    def _written(self, _change: object) -> None:
        lines = sum(1 + len(line) // 60 for line in self.comment.value.split("\n"))
        self.comment.rows = max(3, min(lines + 1, 16))
        if not self._updating:  # a comment shown translated is written only once edited
            comment = self.comment.value
            self.controller.annotate(comment=None if comment == self._shown else comment,
                                     glyph=self.glyph.value)

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.current
        self._updating = True
        try:
            self.glyph.value = turn.glyph if turn else ""
            self._shown = self.comment.value = said(turn.comment, self.language) if turn else ""
        finally:
            self._updating = False
        # the box grows with its text: a row per line written (and per 60 characters)
        lines = sum(1 + len(line) // 60 for line in self.comment.value.split("\n"))
        self.comment.rows = max(3, min(lines + 1, 16))
        self.glyph.disabled = self.comment.disabled = turn is None
        words = translator(self.language)
        if turn is None:
            title = html.escape(words.gettext("Comment"))
            hint = html.escape(words.gettext("step to a move to comment on it"))
            self.heading.value = f"<b>{title}</b> <span class='splendor-muted'>— {hint}</span>"
        else:
            player = controller.mover
            assert player is not None
            who = html.escape(controller.names[player])
            title = html.escape(words.gettext("Comment on move {turn}", turn=controller.turn))
            if controller.in_side_line:
                title = html.escape(words.gettext("Comment on move {turn} (side line)",
                                                  turn=controller.turn))
            self.heading.value = (f"<b>{title}</b> "
                                  f"<span class='splendor-muted'>{who}: "
                                  f"<code>{html.escape(str(turn.move))}</code></span>")
