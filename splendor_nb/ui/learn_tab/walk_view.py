"""One turn walked through the rulebook's turn diagram on a real position (:class:`WalkView`):
the board and the diagram side by side, and the step the walk stands on.

At each node the step says what the diagram asks and what this position answers, with the
rule (:class:`~splendor_nb.learn.Walk`); the branches closed here are greyed in the diagram and
listed with the reason. A branch is chosen by clicking its box in the diagram or its button; a
move at an action node by clicking the board (the piles and cards that may be clicked are
marked) or its button; the board then shows the position after it. The end-of-turn checks
(R-LIMIT10, R-NOBLE, R-END-TRIGGER) are stepped the same way. Back, Restart, Next, and To the
next choice move along. A click on any node, or on a rule id, shows the rule's text.

>>> from splendor_nb import new_game
>>> view = WalkView(new_game(seed=7), ["Ada", "Ben"])
>>> view.next.click(); view.choose("q_four")
>>> print(view.walk.current.answer)
Yes: white, blue, green, red, black have 4 or more each (R-TAKE2)
>>> view.next.click(); view.choose("take2")
>>> for colour in ("red", "red"):
...     view.board.act({"action": "supply", "colour": colour})
>>> view.walk.current.node, str(view.walk.move)
('end', '+rr')
>>> view.skip.click()
>>> view.walk.nodes[-4:]
('q_over10', 'q_noble', 'q_15', 'next')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from splendor_nb.diagram import diagram_svg
from splendor_nb.engine import GameState
from splendor_nb.i18n import spoken, translator, use_language
from splendor_nb.learn import Option, Walk, walk_click, walk_interaction
from splendor_nb.learn.phrases import tokens_text
from splendor_nb.moves import NO_TOKENS
from splendor_nb.render import board_svg
from splendor_nb.ui.board_widget import Action, ClickableBoard
from splendor_nb.ui.learn_tab.learn_labels import node_labels, say
from splendor_nb.ui.learn_tab.links import LinkedHTML, rule_button, sentence_html
from splendor_nb.ui.learn_tab.rule_panel import RulePanel
from splendor_nb.ui.learn_tab.style import LEARN_CLASS, style_widget

WALK_CLASS = "splendor-walk"
BOARD_NODES = ("take2", "take3", "reserve", "buy")
"""The action nodes where a move is clicked on the board (walk_interaction marks them)."""
WALK_BOARD_NARROW_BELOW = 560
"""The walk's board switches to its narrow layout below this width (a board elsewhere: 720)."""
MOVE_BUTTONS = 12
"""Up to this many moves at a node are buttons; more are a drop-down list."""


class WalkView:
    """A turn of ``state`` walked through the diagram (``.widget``, DOM class
    ``splendor-walk``).

    ``on_rule(target)`` shows a rule id's or a node's rules; without it the view has its own
    :class:`~splendor_nb.ui.learn_tab.rule_panel.RulePanel`. ``viewer`` draws the board as that
    player sees it (the others' blind reserves face down).
    """

    def __init__(self, state: GameState, names: Sequence[str] | None = None, *,
                 caption: str = "", viewer: int | None = None,
                 on_rule: Callable[[str], None] | None = None,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        with use_language(self.language):
            self.walk = Walk.start(state, names)
            self.picked: tuple[int, ...] = NO_TOKENS
            """The piles clicked at a take, until they make one."""
            self.viewer = viewer
            self.rules = RulePanel(language=self.language) if on_rule is None else None
            self.on_rule = on_rule or (self.rules.show if self.rules else None)
            self.note = ""
            """A line about the last click that did not move the walk."""
            self.board = ClickableBoard()
            self.board.add_class("splendor-walk-board")
            self.board.on_action(self._clicked_board)
            self.diagram = LinkedHTML()
            self.diagram.add_class("splendor-walk-diagram")
            self.diagram.on_click(self._clicked_diagram)
            self.step = LinkedHTML()
            self.step.add_class("splendor-walk-step")
            self.step.on_click(lambda _kind, target: self._show_rule(target))
            self.ways = widgets.Box(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
            self.ways.add_class("splendor-walk-ways")
            self.moves = widgets.Dropdown(description=say("moves"),
                                          layout=widgets.Layout(width="auto"))
            self.play_move = widgets.Button(description=say("play_move"),
                                            layout=widgets.Layout(width="auto"))
            self.play_move.on_click(lambda _button: self._play_listed())
            self.restart = _button("restart", "undo", self._restart)
            self.back = _button("back", "arrow-left", self._back)
            self.next = _button("next", "arrow-right", self._next)
            self.skip = _button("skip", "forward", self._skip)
            navigation = widgets.HBox([self.restart, self.back, self.next, self.skip],
                                      layout=widgets.Layout(flex_flow="row wrap"))
            navigation.add_class("splendor-walk-nav")
            caption_html = widgets.HTML(
                f"<div class='splendor-caption'>{html.escape(caption)}</div>" if caption else "")
            # the board keeps its wide layout (players beside the market) down to 560 px, so
            # that its piles show beside the step at a laptop's height; the diagram goes under
            # the board (and keeps a readable width) where both cannot have their width
            self.board.narrow_below = WALK_BOARD_NARROW_BELOW
            board_column = widgets.VBox([self.board, caption_html],
                                        layout=widgets.Layout(flex="1 1 720px", min_width="0"))
            board_column.add_class("splendor-walk-board-column")
            diagram_column = widgets.VBox([self.step, self.ways, navigation, self.diagram],
                                          layout=widgets.Layout(flex="1 1 420px", min_width="0"))
            diagram_column.add_class("splendor-walk-diagram-column")
            parts: list[widgets.Widget] = [] if self.rules is None else [style_widget()]
            parts.append(widgets.HBox(
                [board_column, diagram_column],
                layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                      align_items="flex-start")))
            if self.rules is not None:
                parts.append(self.rules.widget)
            self.widget = widgets.VBox(parts, layout=widgets.Layout(width="100%"))
            self.widget.add_class(LEARN_CLASS)
            self.widget.add_class(WALK_CLASS)
            self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- moving along (the buttons call these too) ---------------------------------------------

    @spoken
    def choose(self, key: str) -> None:
        """Take the option ``key`` here: a branch's next node, a move's text, the tokens given
        back (``-ww``), a noble; :class:`ValueError` with the reason for a closed one."""
        self._go(self.walk.choose(key))

    @spoken
    def _restart(self) -> None:
        self._go(self.walk.restart())

    @spoken
    def _back(self) -> None:
        self._go(self.walk.back())

    @spoken
    def _next(self) -> None:
        self._go(self.walk.forward())

    @spoken
    def _skip(self) -> None:
        self._go(self.walk.finish())

    @spoken
    def _go(self, walk: Walk) -> None:
        self.walk = walk
        self.picked = NO_TOKENS
        self.note = ""
        self._show()

    # --- clicks --------------------------------------------------------------------------------

    @spoken
    def _clicked_board(self, action: Action) -> None:
        walk, picked = walk_click(self.walk, action, self.picked)
        if walk is not self.walk:
            self._go(walk)
            return
        if picked == self.picked and action.get("action") != "cancel" and \
                self.walk.current.node not in BOARD_NODES:
            self.note = say("not_now")
        else:
            self.note = say("picked", tokens=tokens_text(picked)) if any(picked) else ""
        self.picked = picked
        self._show()

    @spoken
    def _clicked_diagram(self, _kind: str, node: str) -> None:
        """A node: its rules shown; a way on chosen, a walked node gone back to, or the reason
        a closed one is closed."""
        self._show_rule(node)
        walk = self.walk
        if node in walk.view().choices:
            self.choose(node)
        elif node in walk.nodes[:-1]:
            self._go(walk.prefix(walk.nodes.index(node)))
        else:
            why = next((option.why.text() for step in walk.steps for option in step.closed
                        if option.next == node), "")
            if why:
                self.note = say("closed_node", node=node_labels()[node], why=why)
                self._show()

    @spoken
    def _play_listed(self) -> None:
        if self.moves.value:
            self.choose(self.moves.value)

    @spoken
    def _show_rule(self, target: str) -> None:
        if self.on_rule is not None:
            self.on_rule(target)

    # --- drawing -------------------------------------------------------------------------------

    @spoken
    def _show(self) -> None:
        walk = self.walk
        node = walk.current.node
        moved = walk.preview is not walk.state
        at_board = node in BOARD_NODES
        self.board.svg = board_svg(
            walk.preview, viewer=self.viewer, highlight=moved, names=walk.names,
            interaction=walk_interaction(walk, self.picked) if at_board else None,
            language=self.language)
        self.diagram.value = diagram_svg(step=walk.view(), labels=node_labels(),
                                              clickable=True)
        self.step.value = self._step_html()
        self._show_ways()
        self.back.disabled = self.restart.disabled = not walk.choices
        self.next.disabled = len(walk.current.open_options) != 1
        self.skip.disabled = walk.done or walk.finish().choices == walk.choices

    @spoken
    def _step_html(self) -> str:
        walk = self.walk
        current = walk.current
        rules = " ".join(rule_button(rule) for rule in current.rules)
        question = html.escape(say("step", number=len(walk.steps),
                                   question=node_labels()[current.node]))
        parts = [f"<div class='splendor-walk-question'><b>{question}</b> {rules}</div>",
                 f"<div class='splendor-walk-answer'>{sentence_html(current.answer.text())}"
                 "</div>"]
        closed = current.closed
        if closed:
            parts.append("<ul class='splendor-walk-closed'>" + "".join(
                "<li>" + sentence_html(say("closed", way=_way(option),
                                                              why=option.why.text())) + "</li>"
                for option in closed) + "</ul>")
        if walk.done:
            parts.append(f"<div class='splendor-walk-hint'>{say('walk_done')}</div>")
        elif len(current.open_options) > 1:
            key = ("choose_way" if _branches(current.open_options) else
                   "choose_move_board" if current.node in BOARD_NODES else "choose_move")
            parts.append(f"<div class='splendor-walk-hint'>{html.escape(say(key))}</div>")
        if walk.move is not None:
            parts.append("<div class='splendor-walk-move'>" + html.escape(
                say("move_so_far", move=walk.move)) + "</div>")
        if self.note:
            parts.append(f"<div class='splendor-walk-note'>{sentence_html(self.note)}</div>")
        return "".join(parts)

    @spoken
    def _show_ways(self) -> None:
        """A button per open way when there is a choice (a drop-down list for many moves)."""
        ways = self.walk.current.open_options
        if len(ways) < 2:
            self.ways.children = ()
        elif _branches(ways) or len(ways) <= MOVE_BUTTONS:
            self.ways.children = tuple(self._way_button(option) for option in ways)
        else:
            self.moves.options = [(option.label, option.key) for option in ways]
            self.moves.value = ways[0].key
            self.ways.children = (self.moves, self.play_move)

    @spoken
    def _way_button(self, option: Option) -> widgets.Button:
        branch = option.key == option.next
        button = widgets.Button(description=_way(option) if branch else option.label,
                                tooltip=option.why.text(),
                                layout=widgets.Layout(width="auto", max_width="100%"))
        button.add_class("splendor-walk-way")
        button.on_click(lambda _button, key=option.key: self.choose(key))
        return button


def _way(option: Option) -> str:
    """A branch in words: its arrow's label and where it goes (``yes → Buy a card``)."""
    target = node_labels()[option.next]
    label = translator().gettext(option.label)  # a diagram label (LABELS), as the walk names it
    return target if label == target else say("way", label=label, next=target)


def _branches(options: Sequence[Option]) -> bool:
    return all(option.key == option.next for option in options)


def _button(name: str, icon: str, action: Callable[[], None]) -> widgets.Button:
    button = widgets.Button(description=say(name), icon=icon, tooltip=say(f"{name}_tip"),
                            layout=widgets.Layout(width="auto"))
    button.add_class(f"splendor-walk-{name}")
    button.on_click(lambda _button: action())
    return button
