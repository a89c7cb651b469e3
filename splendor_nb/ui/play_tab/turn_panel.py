"""The turn being built, beside the board (:class:`TurnPanel`): the builder's prompt and the
buttons its stage asks for. Confirm and Clear while picking tokens; Buy (with the price and
which tokens pay) and Reserve for a card; the payment choices (R-BUY-GOLD); the tokens to give
back one by one above 10 (R-LIMIT10); the nobles to choose from (R-NOBLE); Pass when that is
all (R-PASS). A refusal shows its sentence and its rule id, a button that opens the rule
(:class:`Problem`).

The buttons are made once and shown or hidden, so that the keyboard focus stays on them
between two redraws.

>>> import tempfile
>>> from splendor_nb.play import PlaySession
>>> session = PlaySession(["Ann", "easy"], seed=3, games_dir=tempfile.mkdtemp())
>>> panel = TurnPanel(on_rule=print)
>>> panel.show(session)
>>> _ = session.click({"action": "supply", "colour": "gold"}); panel.show(session)
>>> panel.problem.text.value, panel.problem.rule.description
("<span class='splendor-play-problem-text'>Gold cannot be taken: it comes only with a \
reserve.</span>", 'R-TAKE3')
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from splendor_nb.cards import COLOURS, NOBLE_BY_ID
from splendor_nb.i18n import spoken, translator
from splendor_nb.play import PlaySession, TurnBuilder
from splendor_nb.play.describe import payment_text
from splendor_nb.play.sentences import colour_name, tokens_phrase
from splendor_nb.rulebook import RULE_IDS
from splendor_nb.rules import NOBLE_POINTS
from splendor_nb.ui.play_tab.play_labels import say

_RULE_AT_END = re.compile(r"^(?P<text>.*) \((?P<rule>R-[A-Z0-9]+(?:-[A-Z0-9]+)*)\)$", re.DOTALL)
"""A refusal's words end with its rule id in brackets (:class:`~splendor_nb.play.Refusal`)."""


class Problem:
    """A refusal or a problem in words; its rule id, when it cites one, is a button that calls
    ``on_rule(rule_id)`` (the app opens the Rules tab there)."""

    def __init__(self, on_rule: Callable[[str], None], *, language: str | None = None) -> None:
        self.language = translator(language).language
        self.on_rule = on_rule
        self.text = widgets.HTML()
        self.rule = widgets.Button(layout=widgets.Layout(width="auto"))
        self.rule.add_class("splendor-rule-link")
        self.rule.on_click(lambda _button: self.on_rule(self.rule.description))
        self.widget = widgets.HBox([self.text, self.rule], layout=widgets.Layout(
            flex_flow="row wrap", align_items="center", display="none"))
        self.widget.add_class("splendor-play-problem")
        self.widget.add_class("splendor-error")

    @spoken
    def say(self, message: str) -> None:
        """Show ``message`` ("" hides it); a rule id at its end becomes the rule's button."""
        found = _RULE_AT_END.match(message)
        rule = found["rule"] if found and found["rule"] in RULE_IDS else None
        text = found["text"] if found and rule else message
        self.text.value = (f"<span class='splendor-play-problem-text'>{html.escape(text)}"
                           f"</span>") if message else ""
        self.rule.description = rule or ""
        self.rule.tooltip = say("rule_help", rule=rule) if rule else ""
        self.rule.layout.display = None if rule else "none"
        self.widget.layout.display = "flex" if message else "none"


class TurnPanel:
    """The prompt and the buttons of the person's turn (``.widget``, DOM class
    ``splendor-turn-panel``); :meth:`show` draws it for a session."""

    def __init__(self, on_rule: Callable[[str], None], *, language: str | None = None) -> None:
        self.language = translator(language).language
        self.session: PlaySession | None = None
        self._build(on_rule)

    @spoken
    def _build(self, on_rule: Callable[[str], None]) -> None:
        self.prompt = widgets.HTML()
        self.prompt.add_class("splendor-prompt")
        self.confirm = _button("confirm", "check", self._on_builder(TurnBuilder.confirm),
                               primary=True)
        self.buy = _button("buy", "shopping-cart", self._on_builder(TurnBuilder.buy),
                           primary=True)
        self.reserve = _button("reserve", "bookmark", self._on_builder(TurnBuilder.reserve))
        self.pass_button = _button("pass", "forward", self._on_builder(TurnBuilder.pass_turn),
                                   primary=True)
        self.clear = _button("clear", "undo", self._on_builder(TurnBuilder.clear))
        self.pass_button.description = say("pass")
        self.confirm.description = say("confirm")
        self.clear.description = say("clear")
        self.pays = widgets.HTML()
        self.pays.add_class("splendor-pays")
        self.payments = widgets.RadioButtons(description=say("payment_label"),
                                             style={"description_width": "initial"},
                                             layout=widgets.Layout(width="auto"))
        self.payments.add_class("splendor-payments")
        self.payments.observe(self._paid, names="value")
        self.returns = {colour: _button("return_one", "", self._returned(colour, True))
                        for colour in COLOURS}
        self.keeps = {colour: _button("keep_one", "", self._returned(colour, False))
                      for colour in COLOURS}
        for colour in COLOURS:
            self.returns[colour].add_class(f"splendor-return-{colour}")
            self.keeps[colour].add_class(f"splendor-keep-{colour}")
        self.return_box = widgets.VBox([
            _row(list(self.returns.values()), "splendor-returns"),
            _row(list(self.keeps.values()), "splendor-keeps")])
        self.nobles = _row([], "splendor-noble-choice")
        self.buttons = _row([self.confirm, self.buy, self.reserve, self.pass_button, self.clear],
                            "splendor-turn-buttons")
        self.problem = Problem(on_rule, language=self.language)
        self._updating = False
        self._nobles_shown: tuple[str, ...] = ()
        self.widget = widgets.VBox([self.prompt, self.pays, self.payments, self.return_box,
                                    self.nobles, self.buttons, self.problem.widget],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-turn-panel")

    @spoken
    def show(self, session: PlaySession) -> None:
        """Draw the panel for ``session``: its builder's stage, or nothing to do."""
        self.session = session
        builder = session.builder if session.cover is None and not session.over else None
        stage = builder.stage if builder is not None else None
        self.prompt.value = (f"<div class='splendor-prompt-text' aria-live='polite'>"
                             f"{html.escape(builder.prompt)}</div>") if builder else ""
        _shown(self.confirm, stage in ("pick", "return"))
        _shown(self.clear, stage in ("pick", "card", "deck", "return", "noble"))
        _shown(self.pass_button, stage == "pass")
        self._show_card(builder)
        self._show_returns(builder)
        self._show_nobles(builder)
        self.problem.say(file_names_only(session.message, session.path))

    # --- the stages ---------------------------------------------------------------------------

    def _show_card(self, builder: TurnBuilder | None) -> None:
        offer = builder.offer if builder is not None and builder.stage == "card" else None
        deck = builder.deck if builder is not None and builder.stage == "deck" else None
        _shown(self.buy, offer is not None and offer.can_buy)
        _shown(self.reserve, deck is not None or (offer is not None and offer.can_reserve))
        if offer is not None:
            self.buy.description = say("buy", card=offer.card)
            self.reserve.description = say("reserve", card=offer.card)
        elif deck is not None:
            self.reserve.description = say("reserve_deck", tier=deck)
        if offer is None:
            self.pays.value = ""
        elif offer.payment is None:
            self.pays.value = _note(say("cannot_buy", card=offer.card))
        else:
            self.pays.value = _note(say("pays", tokens=tokens_phrase(offer.payment)))
        several = offer is not None and offer.payment is not None and len(offer.payments) > 1
        self.payments.layout.display = "flex" if several else "none"
        if several and offer is not None and offer.payment is not None:
            options = [(payment_text(p), index) for index, p in enumerate(offer.payments)]
            self._updating = True
            try:
                if list(self.payments.options) != options:
                    self.payments.options = options
                self.payments.value = offer.payments.index(offer.payment)
            finally:
                self._updating = False

    def _show_returns(self, builder: TurnBuilder | None) -> None:
        returning = builder is not None and builder.stage == "return"
        self.return_box.layout.display = "flex" if returning else "none"
        if builder is None or not returning:
            return
        for i, colour in enumerate(COLOURS):
            kept = builder.hand[i] - builder.returning[i]
            name = colour_name(colour)
            give, keep = self.returns[colour], self.keeps[colour]
            give.description = say("return_one", colour=name, count=kept)
            give.tooltip = say("return_one_help", colour=name, count=kept)
            keep.description = say("keep_one", colour=name, count=builder.returning[i])
            keep.tooltip = say("keep_one_help", colour=name)
            _shown(give, builder.hand[i] > 0)  # at 0 it refuses: the focus stays on it
            _shown(keep, builder.returning[i] > 0)

    def _show_nobles(self, builder: TurnBuilder | None) -> None:
        due = builder.nobles if builder is not None else ()
        if self._nobles_shown != due:
            self.nobles.children = tuple(self._noble_button(noble) for noble in due)
            self._nobles_shown = due
        self.nobles.layout.display = "flex" if due else "none"

    def _noble_button(self, noble: str) -> widgets.Button:
        needs = tokens_phrase((*NOBLE_BY_ID[noble].needs, 0))  # bonuses, no gold (R-NOBLE)
        button = widgets.Button(description=say("noble_button", noble=noble, needs=needs),
                                icon="star",
                                tooltip=say("noble_help", noble=noble, needs=needs,
                                            points=NOBLE_POINTS),
                                layout=widgets.Layout(width="auto"))
        button.add_class("splendor-noble-button")
        button.on_click(lambda _button: self._act(lambda b: b.choose_noble(noble)))
        return button

    # --- the buttons --------------------------------------------------------------------------

    def _on_builder(self, method: Callable[[TurnBuilder], object]) -> Callable[[Any], None]:
        return lambda _button: self._act(method)

    def _returned(self, colour: str, give: bool) -> Callable[[Any], None]:
        if give:
            return lambda _button: self._act(lambda b: b.choose_return(colour))
        return lambda _button: self._act(lambda b: b.unreturn(colour))

    @spoken
    def _paid(self, change: Mapping[str, Any]) -> None:
        if self._updating or not isinstance(change["new"], int):
            return
        index: int = change["new"]

        def choose(builder: TurnBuilder) -> object:
            offer = builder.offer
            return builder.choose_payment(offer.payments[index]) if offer is not None else None

        self._act(choose)

    @spoken
    def _act(self, method: Callable[[TurnBuilder], object]) -> None:
        session = self.session
        if session is None:
            return
        builder = session.builder
        if builder is None or session.cover is not None or session.over:
            session.click({"action": "cancel"})  # refused by the session, in words
            return
        method(builder)


def file_names_only(text: str, path: Path) -> str:
    """``text`` with the game's file written by its name: a page never shows the server's
    folders.

    >>> file_names_only("Could not save /srv/games/a.json: disk full", Path("/srv/games/a.json"))
    'Could not save a.json: disk full'
    """
    for spelling in sorted({str(path), os.path.realpath(path)}, key=len, reverse=True):
        text = text.replace(spelling, path.name)
    return text


def _button(key: str, icon: str, on_click: Callable[[Any], None],
            primary: bool = False) -> widgets.Button:
    button = widgets.Button(icon=icon, button_style="primary" if primary else "",
                            layout=widgets.Layout(width="auto", display="none"))
    button.add_class(f"splendor-{key.replace('_', '-')}")
    button.on_click(on_click)
    return button


def _row(children: list[widgets.Button], css: str) -> widgets.HBox:
    row = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="center"))
    row.add_class(css)
    return row


def _shown(button: widgets.Button, shown: bool) -> None:
    button.layout.display = None if shown else "none"  # a button's own display


def _note(text: str) -> str:
    return f"<div class='splendor-muted'>{html.escape(text)}</div>"
