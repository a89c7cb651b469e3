"""Find-the-move puzzles from real games (:class:`PuzzleView`): the position before a turn, the
move to play on the board, a hint, and the game's comment on the move once it is found.

>>> from splendor_nb.learn import teacher_puzzles
>>> view = PuzzleView(teacher_puzzles())
>>> for colour in ("white", "blue", "green"):
...     view.picker.board.act({"action": "supply", "colour": colour})
>>> view.picker.buttons["take"].click()
>>> view.verdict.correct, view.solved
(True, {0})
>>> view.next.click()
>>> view.index, "Puzzle 2 of" in view.where.value
(1, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from splendor_nb.i18n import spoken, translator, use_language
from splendor_nb.learn import Puzzle, Verdict
from splendor_nb.moves import Move
from splendor_nb.ui.learn_tab.learn_labels import said, say, say_n
from splendor_nb.ui.learn_tab.lesson_view import progress_html
from splendor_nb.ui.learn_tab.links import LinkedHTML, sentence_html
from splendor_nb.ui.learn_tab.move_picker import MovePicker
from splendor_nb.ui.learn_tab.rule_panel import RulePanel
from splendor_nb.ui.learn_tab.style import LEARN_CLASS, style_widget

PUZZLES_CLASS = "splendor-puzzles"


class PuzzleView:
    """A set of puzzles, one at a time (``.widget``, DOM class ``splendor-puzzles``);
    ``on_progress()`` is called when one more is solved. ``solved`` (the puzzles found, kept
    in it) and ``index`` (the one open) carry a learner's place over from another view."""

    def __init__(self, puzzles: Sequence[Puzzle], *,
                 on_progress: Callable[[], None] | None = None,
                 solved: set[int] | None = None, index: int = 0,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        with use_language(self.language):
            if not puzzles:
                raise ValueError("no puzzles to show")
            self.puzzles = tuple(puzzles)
            self.on_progress = on_progress
            """Called when a puzzle is solved."""
            self.index = max(0, min(index, len(self.puzzles) - 1))
            self.solved: set[int] = solved if solved is not None else set()
            """The indices of the puzzles found."""
            self.verdict: Verdict | None = None
            """The last answer's verdict."""
            self.rules = RulePanel(language=self.language)
            self.where = widgets.HTML()
            self.progress_line = widgets.HTML()
            self.said = LinkedHTML()
            self.said.add_class("splendor-feedback")
            self.said.on_click(lambda _kind, target: self.rules.show(target))
            self.hint = _button("hint", "lightbulb-o", self.show_hint)
            self.show = _button("puzzle_show", "eye", self.show_answer)
            self.previous = _button("puzzle_previous", "arrow-left",
                                    lambda: self.open(self.index - 1))
            self.next = _button("puzzle_next", "arrow-right", lambda: self.open(self.index + 1))
            self.picker = self._picker()
            self.board_box = widgets.Box([self.picker.widget], layout=widgets.Layout(width="100%"))
            header = widgets.HTML(f"<h2 class='splendor-chapter-title'>"
                                  f"{html.escape(say('puzzles_title'))}</h2>"
                                  f"<div class='splendor-chapter-summary'>"
                                  f"{html.escape(say('puzzles_summary'))}</div>")
            buttons = widgets.HBox([self.hint, self.show, self.previous, self.next],
                                   layout=widgets.Layout(flex_flow="row wrap"))
            buttons.add_class("splendor-learn-nav")
            self.widget = widgets.VBox(
                [style_widget(), header, self.progress_line, self.where, self.board_box, buttons,
                 self.said, self.rules.widget], layout=widgets.Layout(width="100%"))
            self.widget.add_class(LEARN_CLASS)
            self.widget.add_class(PUZZLES_CLASS)
            self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return self.puzzles[self.index]

    @spoken
    def open(self, index: int) -> None:
        """Show puzzle ``index`` (counted from 0; out of range: the first or the last)."""
        self.index = max(0, min(index, len(self.puzzles) - 1))
        self.verdict = None
        self.said.value = ""
        self.picker = self._picker()
        self.board_box.children = (self.picker.widget,)
        self._show()

    @spoken
    def answer(self, move: Move | str) -> Verdict:
        """Judge ``move`` as the answer to the puzzle shown, and say why."""
        puzzle = self.puzzle
        verdict = puzzle.check(move)
        self.verdict = verdict
        newly = verdict.correct and self.index not in self.solved
        if verdict.correct:
            self.solved.add(self.index)
        css = "splendor-right" if verdict.correct else "splendor-wrong"
        verdict_word = say("right") if verdict.correct else say("wrong")
        detail = " ".join(sentence_html(said(line)) for line in verdict.detail)
        parts = [f"<div class='{css}'><b>{html.escape(verdict_word)}</b> {detail}"]
        if verdict.correct:
            parts.append(self._comment())
        else:
            parts.append(f"<div class='splendor-muted'>{html.escape(say('try_again'))}</div>")
        self.said.value = "".join(parts) + "</div>"
        self._show()
        if newly and self.on_progress is not None:
            self.on_progress()
        return verdict

    @spoken
    def show_hint(self) -> None:
        """Say which kind of action the move is."""
        self.said.value = (f"<div class='splendor-hint-said'><b>{html.escape(say('hint'))}:"
                           f"</b> {sentence_html(self.puzzle.hint.text())}</div>")

    @spoken
    def show_answer(self) -> None:
        """Give the move away, with the game's comment on it."""
        move = html.escape(say("puzzle_answer", move=self.puzzle.answer))
        self.said.value = f"<div class='splendor-hint-said'><b>{move}</b>{self._comment()}</div>"

    @spoken
    def _comment(self) -> str:
        puzzle = self.puzzle
        comment = puzzle.explanation if puzzle.source == "played" else ""
        text = (f"{html.escape(puzzle.glyph)} {comment}".strip() if comment
                else say("puzzle_no_comment"))
        return f"<div class='splendor-puzzle-comment'>{sentence_html(text)}</div>"

    @spoken
    def _played(self, move: Move) -> None:
        self.answer(move)

    @spoken
    def _picker(self) -> MovePicker:
        puzzle = self.puzzle
        return MovePicker(puzzle.state, puzzle.names, on_move=self._played,
                          on_rule=self.rules.show, language=self.language)

    @spoken
    def _show(self) -> None:
        puzzle = self.puzzle
        key = "puzzle_where" if puzzle.source == "played" else "puzzle_where_hard"
        mark = " ✓" if self.index in self.solved else ""
        where = say(key, number=self.index + 1, count=len(self.puzzles),
                                  turn=puzzle.number, player=puzzle.player)
        self.where.value = (f"<div class='splendor-puzzle-where'>{html.escape(where)}"
                            f"<b class='splendor-solved'>{mark}</b></div>")
        self.progress_line.value = progress_html(
            say_n("puzzle_progress", len(self.puzzles), solved=len(self.solved)),
            len(self.solved), len(self.puzzles))
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index == len(self.puzzles) - 1


def _button(name: str, icon: str, action: Callable[[], None]) -> widgets.Button:
    button = widgets.Button(description=say(name), icon=icon,
                            layout=widgets.Layout(width="auto"))
    button.add_class(f"splendor-{name.replace('_', '-')}")
    button.on_click(lambda _button: action())
    return button
