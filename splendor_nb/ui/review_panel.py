"""The Replay tab's *Review* (:class:`ReviewPanel`): one click judges every move of the main
line in the background (:func:`splendor_nb.analysis.game_review.review_in_steps` in a thread, the
page free meanwhile), with a progress bar and Cancel; the verdicts show as the parts are judged.
Then each player's accuracy, the previous / next mistake buttons (keys P and N), what the move
shown cost and the expert bot's preferred move from the position shown, in words with its
reason (the board marks it). The finished review is stored in the replay, so Save and Download
keep it and a reviewed file shows it at once when opened again.

``SPLENDOR_REVIEW_BUDGET`` in the environment sets the expert bot's budget (simulations per
position; default :data:`~splendor_nb.ai.puct.REVIEW_SIMULATIONS`).

>>> from splendor_nb.analysis.game_review import made_up
>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> for move in ("+wbg", "+rr", "+wbk"):
...     _ = replay.play(move)
>>> controller = ReplayController(replay)
>>> panel = ReviewPanel(controller)
>>> controller.review = made_up(0.0, 0.12, 0.0, names=replay.names)
>>> panel.next.click(); controller.turn
2
>>> print(panel.accuracy.value.split("</b>")[1].split("<")[0].strip())
Player 1 100 · Player 2 59
"""

from __future__ import annotations

import dataclasses
import html
import os
import threading
from contextlib import suppress
from typing import TYPE_CHECKING

import ipywidgets as widgets

from splendor_nb.ai.puct import REVIEW_SIMULATIONS
from splendor_nb.i18n import format_number, translator, use_language
from splendor_nb.moves import Move
from splendor_nb.play.describe import describe_turn
from splendor_nb.play.hint import hint_reason
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.move_list import verdict
from splendor_nb.ui.shared_models import fixed_layout
from splendor_nb.ui.views import best_move

if TYPE_CHECKING:
    from splendor_nb.analysis.game_review import Review

BUDGET_ENV = "SPLENDOR_REVIEW_BUDGET"
"""The environment variable that sets the reviewing bot's budget (a whole number from 1)."""


def review_budget() -> int:
    """The reviewing bot's budget: ``$SPLENDOR_REVIEW_BUDGET``, else the review's default.

    >>> review_budget() > 0
    True
    """
    text = os.environ.get(BUDGET_ENV, "")
    return int(text) if text.isdigit() and int(text) > 0 else REVIEW_SIMULATIONS


class ReviewPanel(ControllerView[widgets.VBox]):
    """Review the open game (``.widget``): the button, the progress and Cancel while it runs,
    then the accuracy, the mistakes' buttons and the move shown's verdict and better move."""

    def __init__(self, controller: ReplayController, language: str | None = None,
                 budget: int | None = None) -> None:
        super().__init__(controller)
        self.language = language
        self.budget = budget or review_budget()
        self.workers = 1 if controller.read_only else None
        """The review's processes: every core, or one in the public demo (read-only), where
        many visitors share the machine."""
        words = translator(language)
        self.thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self.start = widgets.Button(description=words.gettext("Review the game"),
                                    icon="search", button_style="primary",
                                    tooltip=words.gettext(
                                        "Judge every move with the expert bot: the mistakes, the "
                                        "better moves and each player's accuracy"),
                                    layout=widgets.Layout(width="auto"))
        self.start.add_class("splendor-review-start")
        self.start.on_click(lambda _button: self.run())
        self.progress = widgets.IntProgress(layout=fixed_layout(width="160px"))
        self.progress.add_class("splendor-review-progress")
        self.done = widgets.HTML()
        self.done.add_class("splendor-review-done")
        self.cancel = widgets.Button(description=words.gettext("Cancel"),
                                     tooltip=words.gettext(
                                         "Stop the review; the positions judged are kept"),
                                     layout=fixed_layout(width="auto"))
        self.cancel.add_class("splendor-review-cancel")
        self.cancel.on_click(lambda _button: self._cancel.set())
        self.running = widgets.HBox([self.progress, self.done, self.cancel],
                                    layout=widgets.Layout(align_items="center",
                                                          flex_flow="row wrap"))
        self.previous = widgets.Button(description=words.gettext("Previous mistake"),
                                       icon="chevron-left",
                                       tooltip=words.gettext("The previous mistake (P)"),
                                       layout=fixed_layout(width="auto"))
        self.previous.add_class("splendor-review-previous")
        self.previous.on_click(lambda _button: controller.next_mistake(-1))
        self.next = widgets.Button(description=words.gettext("Next mistake"),
                                   icon="chevron-right",
                                   tooltip=words.gettext("The next mistake (N)"),
                                   layout=fixed_layout(width="auto"))
        self.next.add_class("splendor-review-next")
        self.next.on_click(lambda _button: controller.next_mistake(1))
        self.show_best = widgets.Checkbox(value=True, indent=False,
                                          description=words.gettext(
                                              "Mark the bot's move on the board"),
                                          layout=fixed_layout(width="auto"))
        self.show_best.add_class("splendor-review-show-best")
        self.accuracy = widgets.HTML()
        self.accuracy.add_class("splendor-review-accuracy")
        self.here = widgets.HTML()
        self.here.add_class("splendor-review-here")
        self.practise_row = widgets.HBox(layout=fixed_layout(flex_flow="row wrap"))
        self.practise_row.add_class("splendor-review-practise")
        self.practice = widgets.Box(layout=fixed_layout(width="100%"))
        """*Practise my mistakes*: a trainer over the mistakes of the player asked for."""
        self.results = widgets.VBox(
            [self.accuracy,
             widgets.HBox([self.previous, self.next, self.show_best],
                          layout=fixed_layout(align_items="center", flex_flow="row wrap")),
             self.here, self.practise_row, self.practice], layout=widgets.Layout(width="100%"))
        self.message = widgets.HTML()
        self.message.add_class("splendor-review-message")
        self.widget = widgets.VBox([self.start, self.running, self.message, self.results],
                                   layout=fixed_layout(width="100%"))
        self.widget.add_class("splendor-review")
        self._names = ["review", "reviewing", "at", "replay", "spoiler_free"]
        self.follow(self._show, names=self._names)
        self._show()

    def run(self, wait: bool = False) -> None:
        """Review the open game in a thread (``wait``: until it is done, for scripts and
        tests). Nothing happens while a review runs."""
        controller = self.controller
        if controller.reviewing:
            return
        from splendor_nb.analysis.game_review import ReviewCancelled, review_in_steps

        replay = controller.replay
        self._cancel.clear()
        self.message.value = ""
        self.progress.value, self.progress.max = 0, 1
        self.done.value = ""
        controller.reviewing = True

        def advance(done: int, total: int) -> None:
            self.progress.max, self.progress.value = max(total, 1), done
            self.done.value = html.escape(translator(self.language).gettext(
                "{done} of {total} positions", done=done, total=total))

        def part(result: Review) -> None:
            if controller.replay is replay:
                controller.review = result

        def work() -> None:
            words = translator(self.language)
            try:
                result = review_in_steps(replay, advance, self._cancel, self.budget,
                                         on_part=part, workers=self.workers)
            except ReviewCancelled as stopped:
                self._say(words.gettext(
                    "Review cancelled after {done} of {total} positions; the ones judged are "
                    "kept, and Review goes on from there.", done=stopped.done,
                    total=stopped.total))
            except Exception as problem:  # a message in the page, never a traceback
                self._say(words.gettext("Could not review the game: {problem}",
                                        problem=problem))
            else:
                if controller.replay is replay:
                    controller.reviewed(result)
            finally:
                controller.reviewing = False

        self.thread = threading.Thread(target=work, name="splendor-review", daemon=True)
        self.thread.start()
        if wait:
            self.thread.join()

    def practise(self, player: int) -> None:
        """*Practise my mistakes*: the moves of ``player`` the review labels mistakes or
        blunders, as puzzles in a trainer under the review (each answer the expert's move)."""
        from splendor_nb.learn.puzzle_set import mistake_puzzles
        from splendor_nb.ui.learn_tab.trainer_view import TrainerView

        controller = self.controller
        review = controller.review
        if review is None:
            return
        words = translator(self.language)
        puzzles = mistake_puzzles(controller.replay, review, player)
        name = controller.names[player]
        if not puzzles:
            self.practice.children = ()
            self._say(words.gettext("{name} made no mistake or blunder to practise.", name=name))
            return
        self.message.value = ""
        self.practice.children = (TrainerView(puzzles, seed=player,
                                              language=self.language).widget,)

    def _say(self, text: str) -> None:
        self.message.value = f"<div class='splendor-muted' role='status'>{html.escape(text)}</div>"

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        review = controller.review
        whole = review is not None and len(review.moves) >= len(controller.replay)
        self.start.layout.display = "none" if controller.reviewing or whole else None
        self.start.disabled = not len(controller.replay)
        self.running.layout.display = "flex" if controller.reviewing else "none"
        self.results.layout.display = "none" if review is None else "flex"
        if review is None:
            return
        # spoiler-free: the figures of the moves played so far, nothing of the later ones
        self.accuracy.value = _accuracy(review, controller.names, self.language,
                                        controller.turn if controller.spoiler_free else None)
        self.previous.disabled = review.previous_mistake(controller.turn) is None
        self.next.disabled = review.next_mistake(controller.turn) is None
        self.here.value = here_text(controller, self.language)
        # the mistakes tell later turns: not before the end in spoiler-free mode
        hidden = controller.spoiler_free and controller.turn < len(controller.replay)
        if hidden or len(self.practise_row.children) != len(controller.names):
            self.practise_row.children = () if hidden else tuple(
                self._practise_button(player, name)
                for player, name in enumerate(controller.names))

    def _practise_button(self, player: int, name: str) -> widgets.Button:
        words = translator(self.language)
        button = widgets.Button(description=words.gettext("Practise {name}'s mistakes",
                                                          name=name),
                                icon="graduation-cap", layout=widgets.Layout(width="auto"),
                                tooltip=words.gettext(
                                    "Their mistakes and blunders as puzzles: find the better "
                                    "move"))
        button.add_class("splendor-review-practise-button")
        button.on_click(lambda _button: self.practise(player))
        return button


def here_text(controller: ReplayController, language: str | None = None) -> str:
    """What the review says of the position shown: the move that led here (its verdict and
    the bot's better move) and the bot's move from here, in words (HTML)."""
    review = controller.review
    if review is None:
        return ""
    words = translator(language)
    if controller.in_side_line:
        text = words.gettext("A side line: the review judged the main line only.")
        return f"<div class='splendor-muted'>{html.escape(text)}</div>"
    names = controller.names
    parts = []
    turn = controller.turn
    if 0 < turn <= len(review.moves):
        judged = review.moves[turn - 1]
        name = names[judged.player]
        if judged.label is not None:
            where = words.gettext("Move {turn}, {name}:", turn=turn, name=name)
            said = verdict(judged.label, judged.loss, language)
            better = words.gettext("The expert bot preferred: {move}",
                                   move=_in_words(controller, turn - 1, judged.best, language))
            better += _reason(controller, turn - 1, judged.best, language)
            parts.append(f"<div class='splendor-review-verdict' data-verdict='{judged.label}'>"
                         f"<b>{html.escape(where)}</b> {html.escape(said)}. "
                         f"{html.escape(better)}</div>")
        else:
            fine = words.gettext("Move {turn}, {name}: no mistake found.", turn=turn, name=name)
            parts.append(f"<div class='splendor-muted'>{html.escape(fine)}</div>")
    best = best_move(controller)
    if best is not None:
        said = words.gettext("From here the expert bot would play: {move} (marked “best” on "
                             "the board)", move=_in_words(controller, turn, best, language))
        said += _reason(controller, turn, best, language)
        parts.append(f"<div class='splendor-review-best'>{html.escape(said)}</div>")
    return "".join(parts)


def _reason(controller: ReplayController, turn: int, move: Move, language: str | None) -> str:
    """Why the bot prefers ``move`` after ``turn`` moves of the main line, as a sentence after
    one (:func:`~splendor_nb.play.hint.hint_reason`); nothing for a made-up review's move."""
    with use_language(language), suppress(ValueError):  # a made-up review's illegal move
        return ". " + hint_reason(controller.replay.state(turn), move)
    return ""


def _in_words(controller: ReplayController, turn: int, move: Move,
              language: str | None) -> str:
    """``move`` played from the main line's position after ``turn`` moves, in words, with its
    notation."""
    replay = controller.replay
    try:
        effects = replay.after(turn, move).last_turn
    except ValueError:  # a made-up review's move (a real one's is legal): its notation alone
        return str(move)
    if effects is None:
        return str(move)
    with use_language(language):
        said = describe_turn(effects, controller.names)
    return f"{said.rstrip('.')} ({move})"


def _accuracy(review: Review, names: list[str], language: str | None,
              upto: int | None = None) -> str:
    """Each player's accuracy and mistakes (the players named ``names``), over the whole game
    or the first ``upto`` moves."""
    words = translator(language)
    if upto is not None:
        review = dataclasses.replace(review, moves=review.moves[:upto])
    figures = " · ".join(f"{html.escape(name)} {format_number(round(figure, 1), language)}"
                         for name, figure in zip(names, review.accuracy, strict=True))
    counts = []
    for player, name in enumerate(names):
        found = review.counts(player)
        counts.append(words.gettext(
            "{name}: inaccuracies {inaccuracies}, mistakes {mistakes}, blunders {blunders}",
            name=name, inaccuracies=found["inaccuracy"], mistakes=found["mistake"],
            blunders=found["blunder"]))
    title = words.gettext("Accuracy") if not upto else words.ngettext(
        "Accuracy over the first move", "Accuracy over the first {count} moves", upto)
    return (f"<div><b>{html.escape(title)}</b> {figures}</div>"
            f"<div class='splendor-muted'>{html.escape(' · '.join(counts))}</div>")
