"""The moves of the replay as a clickable list (:class:`MoveList`, an anywidget; its
JavaScript and CSS are static/move_list.js and static/move_list.css): the main line, the side
lines indented under the move they replace (as PGN prints them), the review's verdicts, and each
move in notation or in words.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.add_variation(1, "+rr")
>>> [(row["at"], row["text"], row["depth"]) for row in MoveList(ReplayController(replay)).rows]
[('', '', 0), ('1', '+wbg', 0), ('1.1.1', '+rr', 1)]
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.i18n import translator, use_language
from splendor_nb.play.describe import describe_turn
from splendor_nb.replay import format_path, parse_path
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.replay_texts import said

LABEL_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""How the list marks a reviewed move (the glyphs chess players read for the same verdicts)."""


class MoveList(anywidget.AnyWidget):
    """The moves as a clickable list; the current one is highlighted and kept in view.

    ``rows`` are dicts: ``at`` (the move's path as text, ``""`` the setup), ``number``,
    ``player`` (-1 the setup), ``name``, ``text`` (the notation), ``said`` (the move in words),
    ``glyph``, ``comment``, ``depth`` (0 the main line), and from a review ``label`` (its
    verdict in words, ``""`` for none), ``kind`` (``inaccuracy``, ``mistake``, ``blunder``) and
    ``mark``. Clicking a row sets ``at``. Text goes into the page as text, never as HTML. A
    player's name has a dot in the player's colour (``--splendor-player-I``, from
    :func:`splendor_nb.palette.css_variables`). ``in_words`` shows the moves in words;
    ``hide_after`` (spoiler-free mode) hides the moves after that turn, in any line (a line
    promoted away may hold what happened), -1: none.
    """

    _esm = Path(__file__).parent / "static" / "move_list.js"
    _css = Path(__file__).parent / "static" / "move_list.css"
    rows: traitlets.List[dict[str, object]] = traitlets.List().tag(sync=True)
    at = traitlets.Unicode("").tag(sync=True)
    in_words = traitlets.Bool(False).tag(sync=True)
    hide_after = traitlets.Int(-1).tag(sync=True)
    label = traitlets.Unicode("Moves").tag(sync=True)
    """The list's accessible name."""

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        words = translator(language)
        super().__init__(layout=widgets.Layout(height="100%", width="100%"),
                         label=words.gettext("Moves"))
        self.controller = controller
        self.language = language
        self.add_class("splendor-movelist")
        self.observe(self._clicked, names="at")
        controller.observe(self._show_rows, names=["replay", "revision", "review"])
        controller.observe(self._show_at, names="at")
        self._attached = True
        self._show_rows()

    def detach(self) -> None:
        """Stop observing the controller (a viewer rebuilt over it drops this list); the
        widget is closed as any widget is."""
        if self._attached:
            self._attached = False
            self.controller.unobserve(self._show_rows, names=["replay", "revision", "review"])
            self.controller.unobserve(self._show_at, names="at")

    def _clicked(self, change: Mapping[str, Any]) -> None:
        path = parse_path(change["new"])
        if path != self.controller.at:
            self.controller.go_to(path)

    def _show_rows(self, _change: object = None) -> None:
        words = translator(self.language)
        controller = self.controller
        replay = controller.replay
        names = controller.names
        review = controller.review
        rows: list[dict[str, object]] = [_row("", 0, -1, words.gettext("Setup"))]
        with use_language(self.language):
            for node in replay.walk():
                row = _row(format_path(node.path), node.number, node.player, names[node.player],
                           str(node.turn.move), glyph=node.turn.glyph,
                           comment=said(node.turn.comment, self.language),
                           depth=node.depth)
                effects = node.state.last_turn
                row["said"] = describe_turn(effects, names) if effects is not None else ""
                if review is not None and node.depth == 0 and node.number <= len(review.moves):
                    judged = review.moves[node.number - 1]
                    if judged.move == node.turn.move and judged.label is not None:
                        row["kind"] = judged.label
                        row["mark"] = LABEL_MARKS[judged.label]
                        row["label"] = verdict(judged.label, judged.loss, self.language)
                rows.append(row)
        with self.hold_sync():
            self.rows = rows
            self.at = format_path(controller.at)

    def _show_at(self, change: Mapping[str, Any]) -> None:
        self.at = format_path(change["new"])


def verdict(label: str, loss: float, language: str | None = None) -> str:
    """A review's verdict on a move in words, with the win chance it lost.

    >>> verdict("mistake", 0.123)
    'Mistake: 12 points of win chance lost'
    """
    words = translator(language)
    points = round(loss * 100)
    names = {"inaccuracy": words.ngettext("Inaccuracy: {count} point of win chance lost",
                                          "Inaccuracy: {count} points of win chance lost",
                                          points),
             "mistake": words.ngettext("Mistake: {count} point of win chance lost",
                                       "Mistake: {count} points of win chance lost", points),
             "blunder": words.ngettext("Blunder: {count} point of win chance lost",
                                       "Blunder: {count} points of win chance lost", points)}
    return names[label]


def _row(at: str, number: int, player: int, name: str, text: str = "", *, glyph: str = "",
         comment: str = "", depth: int = 0) -> dict[str, object]:
    return {"at": at, "number": number, "player": player, "name": name, "text": text,
            "said": "", "glyph": glyph, "comment": comment, "depth": depth, "label": "",
            "kind": "", "mark": ""}
