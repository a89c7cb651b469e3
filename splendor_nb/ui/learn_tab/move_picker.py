"""A move played on the board as an answer (:class:`MovePicker`): piles then Take, a card then
Buy or Reserve, a deck then Reserve, as in the Play tab (:class:`~splendor_nb.play.TurnBuilder`
builds the move). A find-the-move exercise or puzzle is judged by the action, so the answer goes
out as soon as the action is chosen: the tokens given back and the noble are not asked.

>>> from splendor_nb import new_game
>>> answers = []
>>> picker = MovePicker(new_game(seed=7), on_move=answers.append)
>>> picker.board.act({"action": "card", "card": "1g8"})
>>> picker.buttons["reserve"].layout.display, picker.buttons["buy"].layout.display
(None, 'none')
>>> picker.buttons["reserve"].click()
>>> [str(move) for move in answers]
['R1g8']
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from splendor_nb.engine import GameState
from splendor_nb.i18n import spoken, translator, use_language
from splendor_nb.moves import Move
from splendor_nb.play import Refusal, TurnBuilder
from splendor_nb.render import board_svg
from splendor_nb.ui.board_widget import Action, ClickableBoard
from splendor_nb.ui.learn_tab.learn_labels import say
from splendor_nb.ui.learn_tab.links import LinkedHTML, sentence_html

BUTTONS = ("take", "buy", "reserve", "pass", "clear")


class MovePicker:
    """The board of ``state`` to play the mover's action on (``.widget``); ``on_move(action)``
    is called with each action chosen, and the picker starts again for another try."""

    def __init__(self, state: GameState, names: Sequence[str] | None = None, *,
                 on_move: Callable[[Move], None],
                 on_rule: Callable[[str], None] | None = None,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        with use_language(self.language):
            self.mover = state.current_player
            self.names = tuple(names) if names else None
            self.on_move = on_move
            self.builder = TurnBuilder(state.player_view(self.mover))
            self.refusal: Refusal | None = None
            self.board = ClickableBoard()
            self.board.add_class("splendor-answer-board")
            self.board.on_action(self._clicked)
            self.prompt = LinkedHTML()
            self.prompt.add_class("splendor-picker-prompt")
            if on_rule is not None:
                self.prompt.on_click(lambda _kind, target: on_rule(target))
            self.buttons = {name: widgets.Button(description=say(name),
                                                 layout=widgets.Layout(width="auto"))
                            for name in BUTTONS}
            actions: dict[str, Callable[[], Refusal | None]] = {
                "take": self.builder.confirm, "buy": self.builder.buy,
                "reserve": self.builder.reserve, "pass": self.builder.pass_turn,
                "clear": self.builder.clear}
            for name, button in self.buttons.items():
                button.add_class(f"splendor-picker-{name}")
                button.on_click(lambda _button, act=actions[name]: self._after(act()))
            self.widget = widgets.VBox(
                [self.board, self.prompt,
                 widgets.HBox(list(self.buttons.values()),
                              layout=widgets.Layout(flex_flow="row wrap"))],
                layout=widgets.Layout(width="100%"))
            self.widget.add_class("splendor-move-picker")
            self._show()

    @spoken
    def _clicked(self, action: Action) -> None:
        self._after(self.builder.click(action))

    @spoken
    def _after(self, refusal: Refusal | None) -> None:
        builder = self.builder
        self.refusal = refusal
        chosen = builder.action
        if chosen is not None:
            builder.clear()
            self._show()
            self.on_move(chosen)
            return
        self._show()

    @spoken
    def _show(self) -> None:
        builder = self.builder
        self.board.svg = board_svg(builder.view, viewer=self.mover, names=self.names,
                                   interaction=builder.interaction(), language=self.language)
        said = [f"<div>{html.escape(builder.prompt)}</div>"]
        if self.refusal is not None:
            said.append(f"<div class='splendor-refusal'>{sentence_html(str(self.refusal))}</div>")
        self.prompt.value = "".join(said)
        offer = builder.offer
        shown = {
            "take": builder.stage == "pick" and any(builder.picked),
            "buy": builder.stage == "card" and offer is not None and offer.can_buy,
            "reserve": builder.stage == "deck" or (builder.stage == "card" and offer is not None
                                                   and offer.can_reserve),
            "pass": builder.stage == "pass",
            "clear": builder.stage in ("card", "deck") or any(builder.picked),
        }
        for name, button in self.buttons.items():
            button.layout.display = None if shown[name] else "none"
