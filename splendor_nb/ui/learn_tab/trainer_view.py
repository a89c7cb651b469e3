"""The puzzle trainer (:class:`TrainerView`): a mined puzzle at the learner's level, solved on
the board by clicks as in Play (a *line*: the first move, the others' replies played, then the
next move); right or wrong with the reason and the rule, a hint, the solution, the next
puzzle; filters by player count and theme; the learner's rating, streak and a chart of the
rating over their attempts.

Each puzzle's source game opens at the puzzle's turn: in the app's Replay tab (``on_replay``),
or under the trainer in a notebook.

What the learner did is kept by a :class:`~splendor_nb.ui.learn_tab.trainer_store.RecordStore`:
on disk in JupyterLab, in the visitor's browser in the app, in memory by default.

>>> from splendor_nb.learn.puzzle_set import load_puzzles
>>> view = TrainerView(load_puzzles(players=2), seed=1)
>>> puzzle = view.puzzle
>>> view.answer(puzzle.first).solved, "Right!" in view.said.value
(True, True)
>>> view.next.click(); view.puzzle is not puzzle
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from splendor_nb.ai.names import player_names
from splendor_nb.engine import GameState
from splendor_nb.i18n import format_percent, spoken, translator, use_language
from splendor_nb.learn import phrase
from splendor_nb.learn.checkers import action
from splendor_nb.learn.puzzle_rating import Rating
from splendor_nb.learn.puzzle_set import REVIEWED, RatedPuzzle
from splendor_nb.learn.puzzle_themes import THEME_RULES, THEMES
from splendor_nb.learn.puzzle_trainer import Outcome, PuzzleTrainer, TrainerRecord
from splendor_nb.moves import Move
from splendor_nb.play import describe_turn
from splendor_nb.replay import Replay
from splendor_nb.rules import PLAYER_COUNTS
from splendor_nb.ui.learn_tab.links import LinkedHTML, sentence_html
from splendor_nb.ui.learn_tab.move_picker import MovePicker
from splendor_nb.ui.learn_tab.rule_panel import RulePanel
from splendor_nb.ui.learn_tab.style import LEARN_CLASS, style_widget
from splendor_nb.ui.learn_tab.trainer_labels import say
from splendor_nb.ui.learn_tab.trainer_store import MemoryStore, RecordStore

if TYPE_CHECKING:  # the viewer's review panel holds a trainer: imported when a game opens
    from splendor_nb.ui.viewer import ReplayViewer

TRAINER_CLASS = "splendor-trainer"
CHART_SIZE = (320, 80)
"""The rating chart's width and height in pixels."""
OpenReplay = Callable[[Replay, str, int], None]
"""What the trainer calls to show a puzzle's source game: the replay, its name and the turn
(the app opens it in the Replay tab)."""


class TrainerView:
    """Puzzles one at a time for one learner (``.widget``, DOM class ``splendor-trainer``)."""

    def __init__(self, puzzles: Sequence[RatedPuzzle], *, store: RecordStore | None = None,
                 seed: int | None = None, language: str | None = None,
                 on_replay: OpenReplay | None = None) -> None:
        self.language = translator(language).language
        self.on_replay = on_replay
        self.store: RecordStore = store if store is not None else MemoryStore()
        self.trainer = PuzzleTrainer(puzzles, self.store.load(), seed=seed)
        self.puzzle: RatedPuzzle | None = None
        """The puzzle shown (``None`` when the filters leave none)."""
        self.outcome: Outcome | None = None
        """The first attempt's outcome at the puzzle shown: only it moves the ratings."""
        self.step = 0
        """Where in the puzzle's line the move to find now is (one of its ``steps``)."""
        self.game: ReplayViewer | None = None
        """The source game opened under the trainer (``open_source`` without a Replay tab)."""
        self.picker: MovePicker | None = None
        """The board the move to find now is played on (``None`` when no puzzle is shown)."""
        with use_language(self.language):
            self.rules = RulePanel(language=self.language)
            # 0 and "" stand for any (a Dropdown shows a None value as a blank)
            self.players = widgets.Dropdown(
                description=say("players"), value=0,
                options=[(say("any_players"), 0)] + [(str(n), n) for n in PLAYER_COUNTS],
                layout=widgets.Layout(width="auto"))
            self.theme = widgets.Dropdown(
                description=say("theme"), value="",
                options=[(say("any_theme"), "")] + [(say(f"theme.{t}"), t) for t in THEMES],
                layout=widgets.Layout(width="auto"))
            for picker in (self.players, self.theme):
                picker.observe(lambda _change: self._filtered(), "value")
            self.rating = widgets.HTML()
            self.chart = widgets.HTML()
            self.where = widgets.HTML()
            self.said = LinkedHTML()
            self.said.add_class("splendor-feedback")
            self.said.on_click(lambda _kind, target: self.rules.show(target))
            self.hint = _button("hint", "lightbulb-o", self.show_hint)
            self.solution = _button("solution", "eye", self.show_solution)
            self.next = _button("next", "arrow-right", self.show_next)
            self.reset = _button("reset", "undo", self.reset_record)
            self.open_game = _button("open_game", "external-link", self.open_source)
            self.board_box = widgets.Box(layout=widgets.Layout(width="100%"))
            self.game_box = widgets.Box(layout=widgets.Layout(width="100%"))
            """Where the source game opens when there is no Replay tab (a notebook)."""
            header = widgets.HTML(f"<h2 class='splendor-chapter-title'>"
                                  f"{html.escape(say('title'))}</h2>"
                                  f"<div class='splendor-chapter-summary'>"
                                  f"{html.escape(say('summary'))}</div>")
            filters = widgets.HBox([self.players, self.theme],
                                   layout=widgets.Layout(flex_flow="row wrap"))
            buttons = widgets.HBox([self.hint, self.solution, self.next, self.open_game,
                                    self.reset],
                                   layout=widgets.Layout(flex_flow="row wrap"))
            buttons.add_class("splendor-learn-nav")
            kept = [self.store] if isinstance(self.store, widgets.DOMWidget) else []
            self.widget = widgets.VBox(
                [style_widget(), *kept, header, filters, self.rating, self.chart, self.where,
                 self.board_box, buttons, self.said, self.rules.widget, self.game_box],
                layout=widgets.Layout(width="100%"))
            self.widget.add_class(LEARN_CLASS)
            self.widget.add_class(TRAINER_CLASS)
            restore = getattr(self.store, "on_restore", None)
            if restore is not None:  # a browser gives its record back once it draws the view
                restore(self._restored)
            self.show_next()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @spoken
    def show_next(self) -> None:
        """Show a puzzle at the learner's level, among those the filters keep."""
        self.puzzle = self.trainer.next_puzzle()
        self.outcome = None
        self.step = 0
        self.said.value = ""
        self.game = None
        self.game_box.children = ()
        puzzle = self.puzzle
        if puzzle is None:
            self.picker = None
            self.board_box.children = ()
            self.where.value = f"<div class='splendor-muted'>{html.escape(say('none_left'))}</div>"
        else:
            names = self._names(puzzle)
            self._board(puzzle.state, names)
            source = puzzle.source
            player = names[puzzle.state.current_player]
            find = say("find", player=player, rating=round(self.trainer.rating_of(puzzle).rating))
            if len(puzzle.steps) > 1:
                find += " " + say("line", player=player)
            origin = (say("from_review", turn=source.turn + 1) if source.corpus == REVIEWED
                      else say("from_game", game=source.game, corpus=source.corpus,
                               turn=source.turn + 1))
            self.where.value = (f"<div class='splendor-puzzle-where'>{html.escape(find)}"
                                f"<div class='splendor-muted'>{html.escape(origin)}</div></div>")
        for button in (self.hint, self.solution):
            button.disabled = puzzle is None
        # a learner's own mistakes come from the game under review: nothing else to open
        self.open_game.layout.display = (
            "none" if puzzle is None or puzzle.source.corpus == REVIEWED else None)
        self._show_rating()

    @spoken
    def answer(self, move: Move | str) -> Outcome:
        """Judge ``move`` as the move to find now and say why: in a line, a right first move
        plays the others' replies and asks for the next. The first attempt at a puzzle (its
        last move found, or a move got wrong) moves the ratings; the next ones only say
        whether they are right."""
        puzzle = self.puzzle
        if puzzle is None:
            raise ValueError("no puzzle is shown")
        played = Move.parse(move) if isinstance(move, str) else move
        solved = puzzle.check(played, self.step)
        if solved and self.step != puzzle.steps[-1]:
            self._go_on(puzzle)
            return Outcome(puzzle, played, True, 0.0)
        first = self.outcome is None
        if first:
            before = self.trainer.record.learner
            self.outcome = self.trainer.attempt(puzzle, played, self.step)
            self.store.save(self.trainer.record)
            moved = say("rating_moved", before=round(before.rating),
                        after=round(self.trainer.record.learner.rating))
        else:
            moved = ""
        self.said.value = self._verdict(puzzle, played, solved, moved)
        self._show_rating()
        change = self.outcome.change if first and self.outcome is not None else 0.0
        return Outcome(puzzle, played, solved, change)

    @spoken
    def show_hint(self) -> None:
        """Say which kind of action the answer is, and the rule its theme turns on."""
        puzzle = self.puzzle
        if puzzle is None:
            return
        player = self._names(puzzle)[puzzle.state.current_player]
        lines = [phrase(f"hint.{puzzle.moves[self.step].kind}", player=player).text()]
        lines += [say("hint_theme", theme=say(f"theme.{theme}"), rule=THEME_RULES[theme])
                  for theme in puzzle.themes[:1]]
        self.said.value = (f"<div class='splendor-hint-said'><b>{html.escape(say('hint'))}:</b> "
                           + " ".join(sentence_html(line) for line in lines) + "</div>")

    @spoken
    def show_solution(self) -> None:
        """Give the move to find now away, with why the line is best."""
        puzzle = self.puzzle
        if puzzle is None:
            return
        answer = str(puzzle.moves[self.step])
        self.said.value = (f"<div class='splendor-hint-said'><b>"
                           f"{html.escape(say('solution_said', answer=answer))}"
                           f"</b> {self._why(puzzle)}</div>")

    @spoken
    def open_source(self) -> None:
        """Open the puzzle's source game at the puzzle's position: in the Replay tab when the
        app gave ``on_replay``, else under the trainer."""
        puzzle = self.puzzle
        if puzzle is None or puzzle.source.corpus == REVIEWED:
            return
        source = puzzle.source
        name = f"{source.corpus}-{source.game}"
        if self.on_replay is not None:
            self.on_replay(puzzle.replay, name, source.turn)
            return
        from splendor_nb.ui.controller import ReplayController
        from splendor_nb.ui.viewer import ReplayViewer

        self.game = ReplayViewer(ReplayController(puzzle.replay, name=name, turn=source.turn),
                                 language=self.language)
        self.game_box.children = (self.game.widget,)

    @spoken
    def reset_record(self) -> None:
        """Forget the learner's rating and history, here and in the store."""
        self.trainer.reset()
        self.store.save(self.trainer.record)
        self.show_next()
        self.said.value = f"<div class='splendor-muted'>{html.escape(say('reset_done'))}</div>"

    @spoken
    def _restored(self, record: TrainerRecord) -> None:
        self.trainer.record = record
        self.show_next()

    @spoken
    def _played(self, move: Move) -> None:
        self.answer(move)

    @spoken
    def _filtered(self) -> None:
        self.trainer.choose(self.players.value or None,
                            (self.theme.value,) if self.theme.value else ())
        self.show_next()

    @spoken
    def _verdict(self, puzzle: RatedPuzzle, played: Move, solved: bool, moved: str) -> str:
        if solved:
            head = f"<div class='splendor-right'><b>{html.escape(say('right'))}</b> "
            body = self._why(puzzle)
        else:
            if self.step:  # the line's next move: its chances were not measured
                text = say("wrong_line", move=str(played))
            elif action(played) == action(puzzle.runner_up):
                text = say("wrong_tempting", move=str(played), **_chances(puzzle))
            else:
                text = say("wrong", move=str(played), margin=format_percent(puzzle.margin))
            head = "<div class='splendor-wrong'>"
            body = (sentence_html(text) + f"<div class='splendor-muted'>"
                    f"{html.escape(say('again'))}</div>")
        tail = f"<div class='splendor-muted'>{html.escape(moved)}</div>" if moved else ""
        return head + body + tail + "</div>"

    @spoken
    def _why(self, puzzle: RatedPuzzle) -> str:
        state = puzzle.state
        names = self._names(puzzle)
        done = state.apply(puzzle.first).last_turn
        assert done is not None  # a position after a move has its record
        lines = [describe_turn(done, names, seen_by=state.current_player),
                 say("right_why", answer=str(puzzle.first), player=names[state.current_player],
                     runner_up=str(puzzle.runner_up), **_chances(puzzle))]
        lines += [say("about", theme=say(f"theme.{theme}"), rule=THEME_RULES[theme])
                  for theme in puzzle.themes]
        return " ".join(sentence_html(line) for line in lines)

    def _board(self, state: GameState, names: Sequence[str]) -> None:
        """Show ``state`` on a board that takes the learner's move by clicks."""
        self.picker = MovePicker(state, names, on_move=self._played, on_rule=self.rules.show,
                                 language=self.language)
        self.board_box.children = (self.picker.widget,)

    @spoken
    def _go_on(self, puzzle: RatedPuzzle) -> None:
        """After the line's first move found: play the others' replies, say them, and show
        the position of the next move to find."""
        names = self._names(puzzle)
        me = puzzle.state.current_player
        found = self.step
        self.step = next(step for step in puzzle.steps if step > found)
        state = puzzle.state_at(found + 1)
        replies = []
        for move in puzzle.moves[found + 1:self.step]:
            state = state.apply(move)
            done = state.last_turn
            assert done is not None  # a position after a move has its record
            replies.append(describe_turn(done, names, seen_by=me))
        self._board(state, names)
        self.said.value = ("<div class='splendor-right'>" + sentence_html(
            say("line_right", replies=" ".join(replies), player=names[me])) + "</div>")

    def _names(self, puzzle: RatedPuzzle) -> tuple[str, ...]:
        """The puzzle's players as the view's language says them (a bot by its level)."""
        return tuple(player_names(puzzle.replay, self.language))

    @spoken
    def _show_rating(self) -> None:
        record = self.trainer.record
        learner = record.learner
        rating = say("rating", rating=round(learner.rating), deviation=round(learner.deviation))
        streak = say("streak", streak=record.streak, best=record.best_streak)
        self.rating.value = (f"<div class='splendor-trainer-rating'><b>{html.escape(rating)}</b>"
                             f" · {html.escape(streak)}</div>")
        self.chart.value = rating_chart([entry.rating for entry in record.history],
                                        say("chart"))


def rating_chart(ratings: Sequence[float], title: str,
                 size: tuple[int, int] = CHART_SIZE) -> str:
    """The learner's rating after each attempt as a small line chart (SVG), the start at
    1500 as its first point; empty before the first attempt.

    >>> rating_chart([], "x"), rating_chart([1510.0, 1530.0], "x").count("<polyline")
    ('', 1)
    """
    if not ratings:
        return ""
    points = [Rating().rating, *ratings]
    width, height = size
    low, high = min(points), max(points)
    span = max(high - low, 1.0)
    step = width / max(len(points) - 1, 1)
    line = " ".join(f"{i * step:.1f},{height - 4 - (value - low) / span * (height - 8):.1f}"
                    for i, value in enumerate(points))
    return (f"<svg class='splendor-trainer-chart' role='img' viewBox='0 0 {width} {height}' "
            f"width='{width}' height='{height}'><title>{html.escape(title)}</title>"
            f"<polyline points='{line}' fill='none' stroke='currentColor' stroke-width='2'/>"
            f"<text x='2' y='12' font-size='10'>{round(high)}</text>"
            f"<text x='2' y='{height - 2}' font-size='10'>{round(low)}</text></svg>")


def _chances(puzzle: RatedPuzzle) -> dict[str, str]:
    return {"chance": format_percent(puzzle.chance),
            "runner_up_chance": format_percent(puzzle.runner_up_chance)}


def _button(name: str, icon: str, action: Callable[[], None]) -> widgets.Button:
    button = widgets.Button(description=say(name), icon=icon,
                            layout=widgets.Layout(width="auto"))
    button.add_class(f"splendor-trainer-{name}")
    button.on_click(lambda _button: action())
    return button
