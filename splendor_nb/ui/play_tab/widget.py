"""The Play widget (:class:`PlayWidget`): a game against the bots or other people, on the
clickable board, in a notebook or in the app's Play tab.

It observes a :class:`~splendor_nb.play.PlaySession` and draws it: the board with what may be
clicked (:class:`~splendor_nb.ui.board_widget.ClickableBoard`), the turn being built beside it
(:class:`~splendor_nb.ui.play_tab.turn_panel.TurnPanel`), Take back, Hint and Resign, the last move
and every move in words, the hot-seat cover, and the end of the game
(:class:`~splendor_nb.ui.play_tab.game_over.GameOverPanel`). Before a game, and after New game, the
new-game form (:class:`~splendor_nb.ui.play_tab.new_game.NewGameForm`) offers the unfinished games.
Bots reply after a short pause without blocking the kernel
(:class:`~splendor_nb.ui.play_tab.bot_runner.BotRunner`).

>>> import tempfile
>>> play = PlayWidget(seats=["Ann", "easy"], seed=3, games_dir=tempfile.mkdtemp())
>>> for colour in ("white", "blue", "green"):
...     play.board.act({"action": "supply", "colour": colour})
>>> play.panel.confirm.click()
>>> play.session.log[:1], play.session.state.turn  # the easy bot replied at once: no loop here
(['Ann took white, blue and green.'], 2)

``language=`` speaks another language; a widget rebuilt over the same session (``session=``)
goes on with the same game, said again in its language (the app's language picker):

>>> session = play.session
>>> play.close()
>>> play = PlayWidget(session=session, language="es")
>>> session.log[0], play.hint.description
('Ann tomó fichas de diamante, zafiro y esmeralda.', 'Pista')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import mistune

from splendor_nb.i18n import spoken, translator
from splendor_nb.palette import css_variables
from splendor_nb.play import PlaySession, Seat
from splendor_nb.play.store import GameStore, games_folder
from splendor_nb.render import board_svg
from splendor_nb.replay import Replay, ReplayError
from splendor_nb.rulebook import rule_text
from splendor_nb.ui.board_widget import ClickableBoard
from splendor_nb.ui.play_tab.bot_runner import PAUSE, BotRunner
from splendor_nb.ui.play_tab.game_over import GameOverPanel
from splendor_nb.ui.play_tab.keys import BOARD, COVER, PlayKeys
from splendor_nb.ui.play_tab.new_game import NewGameForm
from splendor_nb.ui.play_tab.play_labels import say
from splendor_nb.ui.play_tab.turn_panel import Problem, TurnPanel, file_names_only

PLAY_CLASS = "splendor-play"
"""The DOM class of the widget's root."""
_MARKDOWN = mistune.create_markdown(escape=True, plugins=["table"])


class PlayWidget:
    """A game of Splendor to play (``.widget``, a VBox with the DOM class ``splendor-play``).

    ``seats`` (names and levels, see :func:`~splendor_nb.play.parse_seats`) start a game at
    once, ``seats[first]`` starting; without them the new-game form shows. Games are saved
    after every turn to ``games_dir`` unless ``autosave`` is false (then no unfinished games
    are offered either). ``pause`` is the bots' pause before each move, in seconds.

    ``on_review(session)`` opens a finished game in a replay viewer, ``on_rule(rule_id)`` a rule
    of the rulebook: the app wires both to its tabs; without them the viewer or the rule shows
    inside the widget.

    ``language`` (a code of :data:`splendor_nb.i18n.LANGUAGES`; default: the current language)
    is the language of every word shown. ``session`` continues a :class:`PlaySession` that
    another widget showed (its games folder, saving and hint budget are the session's); call
    the other's :meth:`close` first.
    """

    def __init__(self, seats: str | Sequence[str | Seat] | None = None,
                 seed: int | None = None, *, first: int = 0,
                 games_dir: str | Path | None = None, autosave: bool = True,
                 hint_budget: int | None = None, pause: float = PAUSE,
                 on_review: Callable[[PlaySession], None] | None = None,
                 on_rule: Callable[[str], None] | None = None,
                 language: str | None = None, session: PlaySession | None = None) -> None:
        self.language = translator(language).language
        self.games_dir = (Path(games_dir if games_dir is not None else games_folder())
                          if session is None else session.store.folder)
        self.autosave = autosave if session is None else session.autosave
        self.hint_budget = hint_budget if session is None else session.hint_budget
        self.on_review = on_review
        self.on_rule = on_rule
        self.session: PlaySession | None = None
        self.runner = BotRunner(lambda: self.session, pause, on_error=self._failed,
                                language=self.language)
        self._replay_shown: Replay | None = None
        self._focused_for: object = None
        """The turn builder the board last took the focus for."""
        self._hinting = False
        self._failure = ""
        """What went wrong outside the session (a bot that could not move), in words."""
        self._build()
        if session is not None:
            session.set_language(self.language)
            self._watch(session)
            self._show_game()
        elif seats is not None:
            self.start(seats, seed, first)
        else:
            self.show_form()

    def close(self) -> None:
        """Let go of the session (another widget is taking it over): stop drawing it and playing
        its bots."""
        session = self.session
        if session is not None:
            session.unobserve(self._changed, names=["changed", "thinking"])
        self.session = None  # the bot runner stops at its next step

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- starting a game ----------------------------------------------------------------------

    @spoken
    def start(self, seats: str | Sequence[str | Seat], seed: int | None = None,
              first: int = 0) -> None:
        """Start a new game between ``seats`` (table order), ``seats[first]`` starting."""
        self._failure = ""
        if self.session is None:
            self._watch(PlaySession(seats, seed, first=first, **self._options()))
        else:
            self.session.new_game(seats, seed, first)

    @spoken
    def resume(self, path: str | Path) -> bool:
        """Continue the saved game at ``path``; False (and the form says why) if it cannot."""
        path = Path(path)
        self._failure = ""
        try:
            if self.session is None:
                self._watch(PlaySession.resume(path, **self._options()))
            else:
                self.session.resume_game(path)
        except (ReplayError, ValueError, OSError) as problem:
            text = str(problem).replace(str(path.absolute()), path.name).replace(
                str(path), path.name)  # a page never shows the server's folders
            self.show_form()
            self.form.problem(say("resume_failed", file=path.name, problem=text))
            return False
        return True

    @spoken
    def play_from(self, replay: Replay, turn: int, seats: str | Sequence[str | Seat], *,
                  source: str = "", seed: int | None = None) -> None:
        """What-if: play on from ``replay``'s position after ``turn`` turns (see
        :meth:`~splendor_nb.play.PlaySession.play_from`); a ValueError says why not."""
        self._failure = ""
        if self.session is None:
            self._watch(PlaySession.from_replay(replay, turn, seats, source=source, seed=seed,
                                                **self._options()))
        else:
            self.session.play_from(replay, turn, seats, source=source, seed=seed)

    @spoken
    def show_form(self) -> None:
        """Show the new-game form (the unfinished games read again)."""
        session = self.session
        if session is not None:
            self.form.fill(session.seats)
        self.form.refresh()
        self.back.layout.display = None if session is not None and not session.over \
            else "none"
        self.setup.layout.display = "flex"
        self.game.layout.display = "none"

    # --- building the widget ------------------------------------------------------------------

    @spoken
    def _build(self) -> None:
        self.board = ClickableBoard()
        self.board.add_class("splendor-play-board")
        self.board.on_action(self._clicked)
        self.status = widgets.HTML()
        self.status.add_class("splendor-play-status")
        self.cover_title = widgets.HTML()
        self.cover_text = widgets.HTML()
        self.cover_button = widgets.Button(button_style="primary", icon="eye",
                                           layout=widgets.Layout(width="auto"))
        self.cover_button.add_class("splendor-cover-button")
        self.cover_button.on_click(lambda _button: self._uncover())
        self.cover = widgets.VBox([self.cover_title, self.cover_text, self.cover_button],
                                  layout=widgets.Layout(display="none", width="100%",
                                                        align_items="flex-start"))
        self.cover.add_class("splendor-cover")
        self.panel = TurnPanel(on_rule=self._rule, language=self.language)
        self.take_back = _button("take_back", "undo", self._take_back)
        self.hint = _button("hint", "lightbulb-o", self._hint)
        self.resign = _button("resign", "flag", self._ask_resign)
        self.to_new_game = _button("to_new_game", "plus", self.show_form)
        self.controls = widgets.HBox([self.take_back, self.hint, self.resign, self.to_new_game],
                                     layout=widgets.Layout(flex_flow="row wrap",
                                                           align_items="center"))
        self.controls.add_class("splendor-play-controls")
        self.resign_yes = widgets.Button(description=say("resign_yes"), button_style="danger",
                                         layout=widgets.Layout(width="auto"))
        self.resign_yes.add_class("splendor-resign-yes")
        self.resign_yes.on_click(lambda _button: self._resign())
        self.resign_no = widgets.Button(description=say("resign_no"),
                                        layout=widgets.Layout(width="auto"))
        self.resign_no.add_class("splendor-resign-no")
        self.resign_no.on_click(lambda _button: self._keep_playing())
        self.resign_question = widgets.HBox(
            [widgets.HTML(f"<span role='alert'>{html.escape(say('resign_sure'))}</span>"),
             self.resign_yes, self.resign_no],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", display="none"))
        self.resign_question.add_class("splendor-question")
        self.hint_text = widgets.HTML()
        self.hint_text.add_class("splendor-hint-text")
        self.said = widgets.HTML()
        self.said.add_class("splendor-said")
        self.log = widgets.HTML()
        self.log.add_class("splendor-play-log")
        self.saved_note = widgets.HTML()
        self.rule_box = widgets.HTML()
        self.rule_box.add_class("splendor-rule-inline")
        self.problem = Problem(self._rule, language=self.language)  # a bot's failure, a save's
        self.over = GameOverPanel(on_review=self._review, on_rematch=self._rematch,
                                  on_new_game=self.show_form, language=self.language)
        self.keys = PlayKeys(self._cancel)
        self.board_column = widgets.VBox([self.board, self.cover], layout=widgets.Layout(
            flex="1 1 560px", min_width="min(320px, 100%)", max_width="1000px"))
        self.board_column.add_class("splendor-play-board-column")
        self.side = widgets.VBox(
            [self.panel.widget, self.hint_text, self.controls, self.resign_question,
             self.problem.widget, self.rule_box, self.over.widget, self.said, self.log,
             self.saved_note],
            layout=widgets.Layout(flex="1 1 300px", min_width="0", max_width="100%"))
        self.side.add_class("splendor-play-side")
        self.game = widgets.VBox([self.status, widgets.HBox(
            [self.board_column, self.side],
            layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                  align_items="flex-start"))],
            layout=widgets.Layout(width="100%"))
        self.game.add_class("splendor-play-game")
        self.back = widgets.Button(description=say("back_to_game"), icon="arrow-left",
                                   layout=widgets.Layout(width="auto", display="none"))
        self.back.add_class("splendor-back-to-game")
        self.back.on_click(lambda _button: self._show_game())
        store = GameStore(self.games_dir)
        self.form = NewGameForm(self._start_from_form, self.resume,
                                unfinished=store.unfinished if self.autosave else None,
                                language=self.language)
        self.setup = widgets.VBox([self.back, self.form.widget],
                                  layout=widgets.Layout(width="100%", display="none"))
        self.setup.add_class("splendor-play-setup")
        self.widget = widgets.VBox([widgets.HTML(page_style()), self.setup, self.game,
                                    self.keys], layout=widgets.Layout(width="100%"))
        self.widget.add_class(PLAY_CLASS)

    def _options(self) -> dict[str, Any]:
        return {"games_dir": self.games_dir, "autosave": self.autosave,
                "hint_budget": self.hint_budget, "language": self.language}

    def _watch(self, session: PlaySession) -> None:
        self.session = session
        session.observe(self._changed, names=["changed", "thinking"])
        self._refresh()

    def _changed(self, _change: object) -> None:
        self.runner.on_loop(self._refresh)

    # --- drawing ------------------------------------------------------------------------------

    @spoken
    def _refresh(self) -> None:
        session = self.session
        if session is None:
            return
        if session.replay is not self._replay_shown and self.setup.layout.display != "none":
            self._show_game()  # a game was started, resumed or branched
        self._replay_shown = session.replay
        covered = session.cover is not None
        result = session.outcome if session.resigned is not None else None
        self.board.svg = board_svg(session.view, interaction=session.interaction,
                                   names=session.names, language=self.language,
                                   ended=result.lines[0] if result is not None else None)
        self.board.layout.display = "none" if covered else None
        self.cover.layout.display = "flex" if covered else "none"
        if session.cover is not None:
            name = session.names[session.cover]
            self.cover_title.value = (f"<div class='splendor-cover-title' role='heading' "
                                      f"aria-level='3'>{html.escape(say('cover_title', name=name))}"
                                      f"</div>")
            self.cover_text.value = f"<p>{html.escape(say('cover_text', name=name))}</p>"
            self.cover_button.description = say("cover_button", name=name)
        self.status.value = _status(session)
        panel = not covered and not session.over
        self.panel.widget.layout.display = "flex" if panel else "none"
        self.panel.show(session)
        # What the session says outside a turn (a failed save at the end), or a bot's failure
        self.problem.say(self._failure or ("" if panel else
                                           file_names_only(session.message, session.path)))
        self._show_controls(session)
        self._show_moves(session)
        self.over.show(session)
        self._focus(session)
        self.runner.wake()

    def _show_game(self) -> None:
        self.setup.layout.display = "none"
        self.game.layout.display = "flex"
        self.form.problem("")

    def _show_controls(self, session: PlaySession) -> None:
        playing = not session.over
        people = [seat for seat in session.seats if not seat.is_bot]
        self.controls.layout.display = "flex" if playing else "none"
        self.take_back.layout.display = None if len(people) == 1 and \
            len(session.seats) > 1 else "none"
        self.take_back.disabled = not session.can_undo
        person_to_move = session.builder is not None and session.cover is None
        self.hint.disabled = not person_to_move or self._hinting
        self.resign.disabled = not people
        if not playing:
            self.resign_question.layout.display = "none"
        suggestion = session.suggestion
        if self._hinting:
            self.hint_text.value = _note(say("hint_thinking"))
        elif suggestion is not None and playing:
            text = say("hint_said", move=suggestion.said, reason=suggestion.reason)
            self.hint_text.value = f"<div class='splendor-hint-said' role='status'>" \
                                   f"{html.escape(text)}</div>"
        else:
            self.hint_text.value = ""
        if session.autosave:
            self.saved_note.value = _note(say("saved_where", file=session.path.name))
        else:
            self.saved_note.value = _note(say("not_saved"))

    def _show_moves(self, session: PlaySession) -> None:
        said = session.said
        self.said.value = (f"<div class='splendor-said-text' aria-live='polite'>"
                           f"<b>{html.escape(say('last_move'))}:</b> {html.escape(said)}</div>"
                           if said else "")
        entries = "".join(f"<li value='{number}'>{html.escape(line)}</li>"
                          for number, line in reversed(list(enumerate(session.log, start=1))))
        self.log.value = (f"<div class='splendor-section' role='heading' aria-level='3'>"
                          f"{html.escape(say('moves'))}</div>"
                          + (f"<ol class='splendor-play-moves' reversed tabindex='0' "
                             f"aria-label='{html.escape(say('moves'))}'>{entries}</ol>"
                             if entries else _note(say("no_moves"))))

    def _focus(self, session: PlaySession) -> None:
        """The cover takes the focus; a person's new turn gives it back to the board."""
        if session.cover is not None:
            self.keys.focus(COVER, inside=True)
        elif session.builder is not None and session.builder is not self._focused_for:
            self.keys.focus(BOARD)
        self._focused_for = session.builder

    # --- what the person does -----------------------------------------------------------------

    def _start_from_form(self, seats: tuple[Seat, ...], seed: int | None, first: int) -> None:
        self.start(seats, seed, first)
        self._show_game()

    @spoken
    def _clicked(self, action: dict[str, str]) -> None:
        if action.get("action") == "cancel":
            self._cancel()
        elif self.session is not None:
            self.session.click(action)

    @spoken
    def _cancel(self) -> None:
        """Escape: start the turn being built again (nothing when no turn is being built)."""
        session = self.session
        if session is not None and session.builder is not None and session.cover is None \
                and not session.over:
            session.builder.clear()

    @spoken
    def _uncover(self) -> None:
        if self.session is not None:
            self.session.uncover()

    @spoken
    def _take_back(self) -> None:
        if self.session is not None:
            self.session.undo()

    @spoken
    def _hint(self) -> None:
        session = self.session
        if session is None or self._hinting:
            return
        self._hinting = True
        self._refresh()

        def done(_found: object) -> None:
            self._hinting = False
            self._refresh()

        self.runner.in_thread(session.hint, done)

    def _ask_resign(self) -> None:
        self.resign_question.layout.display = "flex"

    def _keep_playing(self) -> None:
        self.resign_question.layout.display = "none"

    @spoken
    def _resign(self) -> None:
        self.resign_question.layout.display = "none"
        if self.session is not None:
            self.session.resign()

    @spoken
    def _rematch(self) -> None:
        if self.session is not None:
            self.session.rematch()

    @spoken
    def _review(self, session: PlaySession) -> None:
        if self.on_review is not None:
            self.on_review(session)
            return
        from splendor_nb.ui.controller import ReplayController
        from splendor_nb.ui.viewer import ReplayViewer

        replay = Replay.loads(session.replay.dumps())
        path = session.path if session.autosave and session.path.exists() else None
        viewer = ReplayViewer(ReplayController(replay, path=path, name=session.path.stem,
                                               turn=1, read_only=not session.autosave))
        self.over.extra.children = (viewer.widget,)

    @spoken
    def _rule(self, rule: str) -> None:
        if self.on_rule is not None:
            self.on_rule(rule)
            return
        self.rule_box.value = (f"<div class='splendor-rule-text'>"
                               f"{_MARKDOWN(rule_text(rule, self.language))}</div>")

    @spoken
    def _failed(self, text: str) -> None:
        self._failure = text
        self._hinting = False
        self._refresh()


def page_style() -> str:
    """The widget's page style, as a ``<style>`` element: the palette's custom properties, then
    static/play.css.

    >>> page_style().startswith("<style>.splendor-play {")
    True
    """
    css = (Path(__file__).parent.parent / "static" / "play.css").read_text(encoding="utf-8")
    return f"<style>{css_variables('.' + PLAY_CLASS)}\n{css}</style>"


def _status(session: PlaySession) -> str:
    """The line above the board: whose turn it is, or how the game ended."""
    found = session.outcome
    if found is not None:
        text, css = found.lines[-len(found.scores) - 1], "splendor-play-status-over"
    elif session.bot_to_move:
        text = say("bot_thinking", name=session.names[session.state.current_player])
        css = "splendor-thinking"
    else:
        text, css = session.status, ""
    return (f"<div class='splendor-play-status-text {css}' role='status'>"
            f"<b>{html.escape(text)}</b></div>")


def _button(key: str, icon: str, action: Callable[[], None]) -> widgets.Button:
    button = widgets.Button(description=say(key), icon=icon, tooltip=say(f"{key}_help"),
                            layout=widgets.Layout(width="auto"))
    button.add_class(f"splendor-{key.replace('_', '-')}")
    button.on_click(lambda _button: action())
    return button


def _note(text: str) -> str:
    return f"<div class='splendor-muted'>{html.escape(text)}</div>"
