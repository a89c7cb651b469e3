"""One exercise of a lesson (:class:`ExerciseView`): the question, its board, the way to answer
(buttons to choose, a number, or clicks on the board), a hint, and the feedback.

The engine judges every answer (:meth:`splendor_nb.learn.Exercise.check`); right and wrong
answers both get the teacher's explanation, what the engine says of that very answer, and the
rules, which can be clicked. A wrong answer can be changed and checked again. A wrong number
or board answer teaches before it tells: the first gets the hint, which points at the rule,
and what the engine says of the answer given; the teacher's explanation and the answer come
with the second wrong try, or when *Show the answer* is clicked. A wrong choice is explained
at once, as the explanation is about the option chosen.

>>> from splendor_nb.learn import shipped_chapters
>>> exercise = shipped_chapters()[1].exercise("reserve-limit")
>>> view = ExerciseView(exercise)
>>> view.options["yes"].click()
>>> view.feedback.correct, "R-RESERVE-LIMIT" in view.said.value
(False, True)
>>> view.options["no"].click()
>>> view.solved, view.options["no"].button_style
(True, 'success')
>>> count = ExerciseView(shipped_chapters()[0].exercise("cards-tier-1"))
>>> count.number.value = 30
>>> count.check.click()
>>> "The answer is 40." in count.said.value, count.hint_text.value != ""
(False, True)
>>> count.show_answer.click()
>>> "The answer is 40." in count.said.value
True
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from splendor_nb.i18n import gettext, spoken, translator, use_language
from splendor_nb.learn import BoardAnswer, Exercise, Feedback
from splendor_nb.learn.checkers import Answer
from splendor_nb.learn.translations import OPTION_WORDS
from splendor_nb.moves import Move
from splendor_nb.render import board_svg
from splendor_nb.ui.board_widget import Action, ClickableBoard
from splendor_nb.ui.learn_tab.learn_labels import said, say
from splendor_nb.ui.learn_tab.links import LinkedHTML, markdown_html, rule_button, sentence_html
from splendor_nb.ui.learn_tab.move_picker import MovePicker

EXERCISE_CLASS = "splendor-exercise"
ANSWER_GIVEN = frozenset({"check.count", "check.price", "check.turns_left"})
"""The engine's sentences that say the right number: held back on a first wrong try."""


class ExerciseView:
    """An exercise to answer (``.widget``, DOM class ``splendor-exercise``).

    ``board`` draws the exercise's position above the question (a lesson leaves it out when
    the section's board just above shows the same position); a board answer always has its
    board, to click on. ``on_answer(exercise, feedback)`` hears every answer checked, and
    ``on_rule(target)`` every rule id clicked.
    """

    def __init__(self, exercise: Exercise, *, board: bool = True, viewer: int | None = None,
                 on_answer: Callable[[Exercise, Feedback], None] | None = None,
                 on_rule: Callable[[str], None] | None = None,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        with use_language(self.language):
            self.exercise = exercise
            self.on_answer = on_answer
            self.on_rule = on_rule
            self.feedback: Feedback | None = None
            """The last answer's feedback."""
            self.wrong_tries = 0
            """How many wrong answers were given."""
            self.revealed = False
            """The answer was shown (*Show the answer*, or a second wrong try)."""
            self._given: Answer | None = None
            self.solved = False
            """Answered right at least once."""
            self.options: dict[str, widgets.Button | widgets.ToggleButton] = {}
            """The choice buttons, by option (as text)."""
            self.title = widgets.HTML()
            self.question = self._linked(markdown_html(exercise.question), "splendor-question-text")
            self.said = self._linked("", "splendor-feedback")
            self.hint_text = self._linked("", "splendor-hint-text")
            self.hint = widgets.Button(description=say("hint"), icon="lightbulb-o",
                                       tooltip=say("hint_tip"), layout=widgets.Layout(width="auto"))
            self.hint.add_class("splendor-hint")
            self.hint.on_click(lambda _button: self.show_hint())
            # only the controls this exercise uses: a page draws every widget it is sent
            self.check = _button("check", "splendor-check", self._check_clicked) \
                if exercise.multiple or exercise.answer_by == "number" or \
                exercise.pick == "tokens" else None
            self.show_answer = None if exercise.answer_by == "choice" else \
                _button("show_answer", "splendor-show-answer", self.reveal)
            self.number = widgets.IntText(description=say("number"),
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="auto", max_width="220px")
                                          ) if exercise.answer_by == "number" else None
            self.board: ClickableBoard | None = None
            self.picker: MovePicker | None = None
            self.clicked: BoardAnswer | None = None
            """The answer clicked on the board so far (a card or tokens)."""
            parts: list[widgets.Widget] = [self.title, self.question]
            parts += self._board_part(board, viewer)
            parts += self._answer_part()
            parts += [self.hint_text, self.said]
            self.widget = widgets.VBox(parts, layout=widgets.Layout(width="100%"))
            self.widget.add_class(EXERCISE_CLASS)
            self.widget.add_class(f"splendor-exercise-{exercise.id}")
            self._show_title()

    # --- answering -----------------------------------------------------------------------------

    @spoken
    def answer(self, value: Answer) -> Feedback:
        """Check ``value`` as the learner's answer, show the feedback and return it."""
        exercise = self.exercise
        feedback = exercise.check(value)
        self.feedback = feedback
        self._given = value
        self.solved = self.solved or feedback.correct
        if not feedback.correct:
            self.wrong_tries += 1
            self.revealed = self.revealed or self.wrong_tries > 1
            if not self._teaching():
                self.show_hint()
        if self.show_answer is not None:
            self.show_answer.layout.display = "none" if feedback.correct or self._teaching() \
                else None
        self._show_feedback(feedback)
        self._mark_options(value, feedback.correct)
        self._show_title()
        if self.on_answer is not None:
            self.on_answer(exercise, feedback)
        return feedback

    @spoken
    def show_solved(self, solved: bool) -> None:
        """Mark the exercise solved (progress kept from before) or, reset, as never answered."""
        if solved == self.solved:
            return
        self.solved = solved
        if not solved:
            self.feedback, self._given, self.wrong_tries, self.revealed = None, None, 0, False
            self.said.value = self.hint_text.value = ""
            if self.show_answer is not None:
                self.show_answer.layout.display = "none"
            for button in self.options.values():
                button.button_style = ""
                if isinstance(button, widgets.ToggleButton):
                    button.value = False
        self._show_title()

    @spoken
    def reveal(self) -> None:
        """Show the answer, with the teacher's explanation of the last wrong one."""
        self.revealed = True
        if self.show_answer is not None:
            self.show_answer.layout.display = "none"
        if self.feedback is not None and not self.feedback.correct:
            self._show_feedback(self.feedback)

    @spoken
    def show_hint(self) -> None:
        """Show the exercise's hint."""
        self.hint_text.value = (f"<div class='splendor-hint-said'><b>{say('hint')}:</b> "
                                f"{markdown_html(self.exercise.hint)}</div>")

    @spoken
    def _check_clicked(self) -> None:
        exercise = self.exercise
        if exercise.answer_by == "number":
            assert self.number is not None
            self.answer(self.number.value)
        elif exercise.answer_by == "board":
            chosen = self.clicked.answer if self.clicked is not None else None
            if chosen is None:
                self.said.value = f"<div class='splendor-feedback-note'>" \
                                  f"{html.escape(say('nothing_picked'))}</div>"
                return
            self.answer(chosen)
        else:
            self.answer(tuple(option for option, button in self._choices()
                              if button.value))

    @spoken
    def _clicked_board(self, action: Action) -> None:
        clicked = self.clicked
        assert clicked is not None and self.board is not None
        clicked.click(action)
        self.board.svg = self._board_svg(clicked)
        if clicked.pick == "card" and clicked.answer is not None:
            self.answer(clicked.answer)

    @spoken
    def _picked_move(self, move: Move) -> None:
        self.answer(str(move))

    # --- drawing -------------------------------------------------------------------------------

    @spoken
    def _board_part(self, board: bool, viewer: int | None) -> list[widgets.Widget]:
        exercise = self.exercise
        position = exercise.position
        if position is None:
            return []
        state = position.state
        if exercise.answer_by == "board" and exercise.pick == "move":
            self.picker = MovePicker(state, position.names, on_move=self._picked_move,
                                     on_rule=self.on_rule, language=self.language)
            return [self.picker.widget]
        if exercise.answer_by == "board":
            self.clicked = BoardAnswer(state, "card" if exercise.pick == "card" else "tokens")
            self.board = ClickableBoard(self._board_svg(self.clicked))
            self.board.on_action(self._clicked_board)
        elif board:
            self.board = ClickableBoard(board_svg(state, viewer=viewer, names=position.names,
                                                  language=self.language))
        else:
            return []
        self.board.add_class("splendor-exercise-board")
        caption = widgets.HTML(f"<div class='splendor-caption'>{html.escape(position.caption)}"
                               "</div>" if position.caption else "")
        return [self.board, caption]

    @spoken
    def _board_svg(self, clicked: BoardAnswer) -> str:
        position = self.exercise.position
        assert position is not None
        return board_svg(position.state, names=position.names, interaction=clicked.interaction(),
                         language=self.language)

    @spoken
    def _answer_part(self) -> list[widgets.Widget]:
        exercise = self.exercise
        box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        box.add_class("splendor-answer")
        controls: list[widgets.Widget] = []
        if exercise.answer_by == "choice":
            for option in exercise.options:
                text = str(option)  # the options are keyed by their value, shown in words
                shown = gettext(OPTION_WORDS[text]) if text in OPTION_WORDS else text
                button: widgets.Button | widgets.ToggleButton
                if exercise.multiple:
                    button = widgets.ToggleButton(description=shown, value=False)
                else:
                    button = widgets.Button(description=shown)
                    button.on_click(lambda _button, value=option: self.answer(value))
                button.layout = widgets.Layout(width="auto")
                button.add_class("splendor-option")
                self.options[text] = button
                controls.append(button)
        elif exercise.answer_by == "number":
            assert self.number is not None
            controls.append(self.number)
        else:
            hint_key = f"answer_board_{exercise.pick}"
            controls.append(widgets.HTML(f"<span class='splendor-muted'>"
                                         f"{html.escape(say(hint_key))}</span>"))
        extra = [button for button in (self.check, self.hint, self.show_answer) if button]
        box.children = (*controls, *extra)
        return [box]

    @spoken
    def _choices(self) -> list[tuple[str | int, widgets.ToggleButton]]:
        return [(option, button) for option, button in zip(self.exercise.options,
                                                             self.options.values())
                if isinstance(button, widgets.ToggleButton)]

    @spoken
    def _mark_options(self, value: Answer, correct: bool) -> None:
        """The chosen buttons of a single choice turn green (right) or red (wrong)."""
        if self.exercise.multiple or self.exercise.answer_by != "choice":
            return
        for text, button in self.options.items():
            button.button_style = ("success" if correct else "danger") if text == str(value) \
                else ""

    def _teaching(self) -> bool:
        """Whether a wrong answer gets the teacher's explanation now: a choice's explains the
        option chosen; a number's or a board answer's would give the answer away, so it waits
        for the second wrong try or *Show the answer*."""
        return self.exercise.answer_by == "choice" or self.revealed

    @spoken
    def _show_feedback(self, feedback: Feedback) -> None:
        correct, teaching = feedback.correct, self._teaching()
        css = "splendor-right" if correct else "splendor-wrong"
        shown = teaching or correct
        explanation = feedback.explanation if shown else ""
        lines = [said(line) if not (self.revealed and not correct) else line.text()
                 for line in feedback.detail if shown or line.key not in ANSWER_GIVEN]
        if self.revealed and not correct and self.exercise.answer_by == "board":
            answer = str(self.exercise.answer)
            if not any(answer in line for line in lines):
                lines.append(say("answer_is", answer=answer))
        verdict = say("right") if correct else say("wrong")
        if _opens_with(explanation, verdict):
            verdict = ""  # the explanation says it ("Right: ...", "Not quite: ...")
        detail = "".join(f"<li>{sentence_html(line)}</li>" for line in lines)
        rules = html.escape(say("rules_checked")).format(
            rules=" ".join(map(rule_button, feedback.rules)))
        again = "" if correct else f"<div class='splendor-muted'>" \
            f"{html.escape(say('try_again' if teaching else 'try_again_hint'))}</div>"
        self.said.value = (f"<div class='{css}'>" + (f"<b>{verdict}</b> " if verdict else "")
                           + markdown_html(explanation)
                           + (f"<ul>{detail}</ul>" if detail else "")
                           + f"<div class='splendor-feedback-rules'>{rules}</div>{again}</div>")

    @spoken
    def _show_title(self) -> None:
        mark = f" <span class='splendor-solved'>✓ {say('solved')}</span>" if self.solved else ""
        self.title.value = f"<div class='splendor-exercise-title'>{say('exercise')}{mark}</div>"

    @spoken
    def _linked(self, value: str, css: str) -> LinkedHTML:
        text = LinkedHTML(value)
        text.add_class(css)
        if self.on_rule is not None:
            on_rule = self.on_rule
            text.on_click(lambda _kind, target: on_rule(target))
        return text


def _opens_with(text: str, verdict: str) -> bool:
    """Whether ``text`` starts with the verdict's words (``Right: ...`` after ``Right.``).

    >>> _opens_with("Right: two to four.", "Right."), _opens_with("No: she can.", "Right.")
    (True, False)
    """
    words = verdict.rstrip(".!。 ").casefold()
    return bool(words) and text.casefold().startswith(words)


def _button(name: str, css: str, action: Callable[[], None]) -> widgets.Button:
    """Check (``primary``) or Show the answer (hidden until a wrong answer)."""
    shown = name == "check"
    button = widgets.Button(description=say(name), icon="" if shown else "eye",
                            tooltip="" if shown else say(f"{name}_tip"),
                            button_style="primary" if shown else "",
                            layout=widgets.Layout(width="auto",
                                                  display=None if shown else "none"))
    button.add_class(css)
    button.on_click(lambda _button: action())
    return button
