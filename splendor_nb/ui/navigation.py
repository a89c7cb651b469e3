"""Stepping through a replay and its side lines: first / back / forward / last buttons, a
slider and a line saying where we are (:class:`NavigationBar`); trying another move from the
position shown, which starts a side line, promoting and deleting side lines (:class:`LineTools`);
the move list's options, moves in words and spoiler-free mode (:class:`MoveListOptions`); and the
page's address following the position, with *Copy link* (:class:`AddressBar`, a hidden
anywidget, static/address.js).

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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.i18n import translator
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.learn_tab.move_picker import MovePicker
from splendor_nb.ui.move_list import MoveList
from splendor_nb.ui.shared_models import fixed_layout


class NavigationBar(ControllerView[widgets.HBox]):
    """First / back / forward / last buttons, a slider and where we are (``.widget``). The
    buttons step in the line shown (a side line's moves, once in one); the slider goes along
    the main line."""

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        words = translator(language)
        super().__init__(controller)
        self.language = language
        self.buttons: dict[str, widgets.Button] = {}
        for action, icon, tip in (
                ("first", "step-backward", words.gettext("First: the setup (Home)")),
                ("back", "caret-left", words.gettext("Back one move (←)")),
                ("forward", "caret-right", words.gettext("Forward one move (→)")),
                ("last", "step-forward", words.gettext("The last move of this line (End)"))):
            button = widgets.Button(icon=icon, tooltip=tip, layout=fixed_layout(width="44px"))
            button.add_class(f"splendor-{action}")
            button.on_click(lambda _button, act=action: getattr(controller, act)())
            self.buttons[action] = button
        self.slider = widgets.IntSlider(min=0, max=max(len(controller.replay), 1),
                                        readout=False, continuous_update=True,
                                        layout=fixed_layout(flex="1 1 auto", min_width="120px"))
        self.slider.add_class("splendor-slider")
        self.label = widgets.HTML()
        self.label.add_class("splendor-where")
        self._updating = False
        self.slider.observe(self._slid, names="value")
        self.follow(self._show, names=["at", "replay", "spoiler_free"])
        self.widget = widgets.HBox([*self.buttons.values(), self.slider, self.label],
                                   layout=fixed_layout(align_items="center", width="100%"))
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
            self.slider.value = min(turn, total)
        finally:
            self._updating = False
        for action in ("first", "back"):
            self.buttons[action].disabled = not controller.at
        at_end = controller.replay.forward(controller.at) is None
        for action in ("forward", "last"):
            self.buttons[action].disabled = at_end
        self.label.value = _where(controller, self.language)


class LineTools(ControllerView[widgets.VBox]):
    """Side lines from the position shown (``.widget``, a row of buttons; ``.picker_box``, where
    the board to play on shows): *Try a move* on the board or typed in the notation, which
    starts a side line (or goes on with the line at its end); *Promote* a side line to the main
    line; *Delete* it; and *Copy link* (set by the viewer).

    >>> from splendor_nb.engine import new_game
    >>> from splendor_nb.replay import Replay
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> controller = ReplayController(replay)
    >>> tools = LineTools(controller)
    >>> tools.typed.value = "+rr"; tools.play_typed.click(); controller.at
    (1, 1, 1)
    >>> tools.promote.click(); [str(turn.move) for turn in replay.turns]
    ['+rr']
    """

    def __init__(self, controller: ReplayController, language: str | None = None) -> None:
        words = translator(language)
        super().__init__(controller)
        self.language = language
        self.picker: MovePicker | None = None
        self.try_move = widgets.Button(description=words.gettext("Try a move"), icon="code-fork",
                                       tooltip=words.gettext(
                                           "Play another move from this position: it starts a "
                                           "side line, kept in the file"),
                                       layout=fixed_layout(width="auto"))
        self.try_move.add_class("splendor-try-move")
        self.try_move.on_click(lambda _button: self.open())
        self.promote = widgets.Button(description=words.gettext("Promote"), icon="level-up",
                                      tooltip=words.gettext(
                                          "Make this side line the main line"),
                                      layout=widgets.Layout(width="auto"))
        self.promote.add_class("splendor-promote")
        self.promote.on_click(lambda _button: self._do(controller.promote))
        self.delete = widgets.Button(description=words.gettext("Delete side line"),
                                     icon="trash",
                                     tooltip=words.gettext(
                                         "Delete this side line, with the side lines inside it"),
                                     layout=widgets.Layout(width="auto"))
        self.delete.add_class("splendor-delete-line")
        self.delete.on_click(lambda _button: self._do(controller.delete_line))
        self.copy_link = widgets.Button(description=words.gettext("Copy link"), icon="link",
                                        tooltip=words.gettext("Copy a link to this position"),
                                        layout=fixed_layout(width="auto"))
        self.copy_link.add_class("splendor-copy-link")
        self.typed = widgets.Text(placeholder=words.gettext("or type a move: +wbg, B1g4, R?2…"),
                                  layout=fixed_layout(width="220px"))
        self.typed.add_class("splendor-typed-move")
        self.play_typed = widgets.Button(description=words.gettext("Play it"),
                                         layout=fixed_layout(width="auto"))
        self.play_typed.add_class("splendor-play-typed")
        self.play_typed.on_click(lambda _button: self._play_typed())
        self.close_picker = widgets.Button(description=words.gettext("Done"),
                                           tooltip=words.gettext("Back to the replay's board"),
                                           layout=fixed_layout(width="auto"))
        self.close_picker.add_class("splendor-try-done")
        self.close_picker.on_click(lambda _button: self.shut())
        self.message = widgets.HTML()
        self.message.add_class("splendor-line-message")
        self.picker_box = widgets.VBox(layout=widgets.Layout(width="100%", display="none"))
        self.picker_box.add_class("splendor-try-box")
        self.widget = widgets.VBox(
            [widgets.HBox([self.try_move, self.promote, self.delete, self.copy_link],
                          layout=fixed_layout(flex_flow="row wrap", align_items="center")),
             self.message], layout=fixed_layout(width="100%"))
        self.widget.add_class("splendor-line-tools")
        self._names = ["at", "replay", "reviewing"]
        self.follow(self._show, names=self._names)
        self.follow(lambda _change: self.say(""), names="replay")  # "Link copied" was another's
        self._show()

    def close(self) -> None:
        """Detach from the controller, then close the widgets (the board to play on too)."""
        super().close()
        self.picker_box.close()

    def open(self) -> None:
        """Show the board to play a move on, from the position shown."""
        controller = self.controller
        if controller.state.is_over:
            self.say(translator(self.language).gettext("The game is over here: no move to try."))
            return
        self.picker = MovePicker(controller.state, controller.names,
                                 on_move=self._picked)
        words = translator(self.language)
        said = words.gettext("Your move for {name}, from this position:",
                             name=controller.names[controller.state.current_player])
        self.picker_box.children = (
            widgets.HTML(f"<b>{html.escape(said)}</b>"), self.picker.widget,
            widgets.HBox([self.typed, self.play_typed, self.close_picker],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")))
        self.picker_box.layout.display = "flex"
        self.say("")

    def shut(self) -> None:
        """Back to the replay's board."""
        self.picker = None
        self.picker_box.layout.display = "none"
        self.picker_box.children = ()

    def _picked(self, action: Move) -> None:
        """An action chosen on the board: the whole turn (the tokens returned and the noble
        as the first legal turn has them; typing the move chooses others)."""
        state = self.controller.state
        turns = [move for move in state.legal_moves() if _action(move) == _action(action)]
        self._play(turns[0] if turns else action)

    def _play_typed(self) -> None:
        words = translator(self.language)
        try:
            move = Move.parse(self.typed.value.strip())
        except InvalidMoveError as problem:
            self.say(words.gettext("Not a move: {problem}", problem=problem))
            return
        self._play(move)

    def _play(self, move: Move) -> None:
        try:
            self.controller.play(move)
        except (IllegalMoveError, ValueError) as problem:
            self.say(translator(self.language).gettext("Not played: {problem}",
                                                        problem=problem))
            return
        self.typed.value = ""
        self.shut()

    def _do(self, change: Any) -> None:
        try:
            change()
        except ValueError as problem:
            self.say(str(problem))
            return
        self.say("")

    def say(self, text: str) -> None:
        """Say ``text`` under the tools ("": nothing)."""
        self.message.value = (f"<div class='splendor-muted' role='status'>{html.escape(text)}"
                              f"</div>" if text else "")

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        side = controller.in_side_line
        self.promote.layout.display = self.delete.layout.display = None if side else "none"
        self.promote.disabled = controller.reviewing
        self.try_move.disabled = controller.reviewing
        if self.picker is not None:
            self.shut()


class MoveListOptions(ControllerView[widgets.HBox]):
    """Above the move list (``.widget``): moves in notation or in words, and spoiler-free mode
    (the result, the charts past the turn shown and the moves ahead are hidden)."""

    def __init__(self, controller: ReplayController, moves: MoveList,
                 language: str | None = None) -> None:
        words = translator(language)
        super().__init__(controller)
        self.moves = moves
        self.shown_as = widgets.ToggleButtons(
            options=[(words.gettext("Notation"), False), (words.gettext("Words"), True)],
            value=False, style={"button_width": "auto"},
            tooltips=[words.gettext("The moves in the notation"),
                      words.gettext("The moves in words")])
        self.shown_as.add_class("splendor-moves-as")
        self.shown_as.observe(lambda change: setattr(moves, "in_words", change["new"]),
                              names="value")
        self.spoilers = widgets.Checkbox(
            value=controller.spoiler_free, indent=False,
            description=words.gettext("Spoiler-free"),
            tooltip=words.gettext("Hide the result, the charts past this turn and the moves "
                                  "ahead, to guess each move"),
            layout=fixed_layout(width="auto"))
        self.spoilers.add_class("splendor-spoiler-free")
        self.spoilers.observe(lambda change: setattr(controller, "spoiler_free", change["new"]),
                              names="value")
        self.widget = widgets.HBox([self.shown_as, self.spoilers],
                                   layout=fixed_layout(align_items="center",
                                                         flex_flow="row wrap"))
        self.widget.add_class("splendor-move-options")
        self.follow(self._show, names=["spoiler_free", "turn"])
        self._show()

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        self.spoilers.value = controller.spoiler_free
        self.moves.hide_after = controller.turn if controller.spoiler_free else -1


class AddressBar(anywidget.AnyWidget):
    """The page's address follows the position (``?replay=NAME&turn=N``, the app's deep link,
    for a shipped replay; other parameters of the address are kept), and :meth:`copy` puts a
    link to the position on the clipboard; the browser says what it copied (``copied``), and
    ``say(text)`` tells the person (the side-line tools' message line, by default the
    controller's status).

    >>> from splendor_nb.replay import Replay
    >>> from splendor_nb.ui.replays import shipped_replays
    >>> shipped = shipped_replays()
    >>> controller = ReplayController(Replay.load(shipped["teacher-2p"]),
    ...                               path=shipped["teacher-2p"], name="teacher-2p", turn=12)
    >>> said = []
    >>> bar = AddressBar(controller, shipped, say=said.append)
    >>> bar.query
    'replay=teacher-2p&turn=12'
    >>> bar._heard(bar, {"type": "copied", "link": "http://here/?replay=teacher-2p&turn=12"}, [])
    >>> said
    ['Link copied: http://here/?replay=teacher-2p&turn=12']
    """

    _esm = Path(__file__).parent / "static" / "address.js"
    query = traitlets.Unicode("").tag(sync=True)
    """The position's query string ("" when the replay cannot be linked to: not shipped)."""
    follow = traitlets.Bool(True).tag(sync=True)
    """Whether the page's address follows (the app); a notebook keeps its own address."""
    copied = traitlets.Unicode("").tag(sync=True)
    """The last link the browser copied."""

    def __init__(self, controller: ReplayController, shipped: Mapping[str, Path], *,
                 language: str | None = None, follow: bool = True,
                 say: Callable[[str], object] | None = None) -> None:
        super().__init__(follow=follow, layout=fixed_layout(display="none"))
        self.controller = controller
        self.shipped = dict(shipped)
        self.language = language
        self.say = say or (lambda text: setattr(controller, "status", text))
        self.on_msg(self._heard)
        controller.observe(self._show, names=["at", "replay", "path", "name"])
        self._attached = True
        self._show()

    def detach(self) -> None:
        """Stop observing the controller (a viewer rebuilt over it drops this bar); the
        widget is closed as any widget is."""
        if self._attached:
            self._attached = False
            self.controller.unobserve(self._show, names=["at", "replay", "path", "name"])

    def top(self) -> None:
        """Ask the browser to scroll the page to its top (a game opened from far down)."""
        self.send({"type": "top"})

    def copy(self) -> None:
        """Ask the browser to copy a link to the position shown."""
        words = translator(self.language)
        if not self.query:
            self.say(words.gettext(
                "Only a shipped replay has a link: download this one to share it"))
            return
        self.send({"type": "copy", "query": self.query})

    def _heard(self, _widget: object, content: Mapping[str, Any], _buffers: object) -> None:
        words = translator(self.language)
        if content.get("type") == "copied":
            self.copied = str(content.get("link", ""))
            self.say(words.gettext("Link copied: {link}", link=self.copied))
        elif content.get("type") == "not-copied":
            self.copied = ""
            self.say(words.gettext("The browser did not copy the link; here it is: {link}",
                                   link=str(content.get("link", ""))))

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        linked = controller.path is not None and self.shipped.get(controller.name) == \
            controller.path
        self.query = urlencode({"replay": controller.name, "turn": controller.turn}) \
            if linked else ""


def _action(move: Move) -> Move:
    """A turn's action alone (no tokens returned, no noble, the default payment)."""
    return Move(move.kind, gems=move.gems, card=move.card, tier=move.tier)


def _where(controller: ReplayController, language: str | None) -> str:
    words = translator(language)
    turn, total = controller.turn, len(controller.replay)
    state = controller.state
    names = controller.names
    if not controller.at:
        doing = html.escape(words.gettext("setup"))
    else:
        # the round said with the move it was played in: the board beside says the round of
        # the player to move, one more after a round's last move
        before = controller.replay.state(controller.replay.back(controller.at))
        doing = html.escape(words.gettext("{name} played {move} in round {number}",
                                          name=names[before.current_player], move="\0",
                                          number=before.round))
        doing = doing.replace("\0", f"<code>{html.escape(str(state.last_move))}</code>")
    if state.is_over:
        winners = words.gettext(" and ").join(names[i] for i in state.winners)
        said = words.gettext("{names} won", names=winners) if winners else \
            words.gettext("game over")
        doing += f" · <b>{html.escape(said)}</b>"
    # the messages hold their bold: the numbers are ints, nothing else goes in
    where = words.gettext("<b>Turn {turn}</b> of {total}", turn=turn, total=total)
    if controller.in_side_line:
        where = words.gettext("<b>Turn {turn}</b>, side line", turn=turn)
    return f"<span data-turn='{turn}'>{where} · {doing}</span>"
