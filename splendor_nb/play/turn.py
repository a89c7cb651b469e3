"""Building a person's turn from clicks, with no widgets: the same calls a board's clicks make.

A :class:`TurnBuilder` holds one position (the mover's view) and what the person has picked so
far. Its stages, in the rulebook's order:

- ``pick``: click token piles (up to 3 different colours, or 2 of one: the only pile picked,
  clicked again, takes a second of it where R-TAKE2 allows, else says why not; a pile picked
  beside others, clicked again, goes back), then :meth:`confirm`; or click a card or a deck;
- ``card``: a face-up card or one of one's reserved cards: :meth:`buy` (paid the default way or
  as chosen with :meth:`choose_payment`, R-BUY-GOLD) or :meth:`reserve`;
- ``deck``: :meth:`reserve` its top card unseen (R-RESERVE-HIDDEN);
- ``return``: above 10 tokens, :meth:`choose_return` tokens one by one until 10 remain, then
  :meth:`confirm` (R-LIMIT10);
- ``noble``: when several nobles may visit, :meth:`choose_noble` (R-NOBLE);
- ``pass``: when nothing else is legal, :meth:`pass_turn` (R-PASS);
- ``done``: :attr:`move` is the whole turn, one the engine accepts.

Every refused attempt returns a :class:`Refusal`: the rule id and a sentence in words.

>>> from splendor_nb import new_game
>>> builder = TurnBuilder(new_game(seed=7))
>>> for colour in ("white", "blue", "green"):
...     builder.click({"action": "supply", "colour": colour})
>>> builder.confirm(), builder.stage, str(builder.move)
(None, 'done', '+wbg')
>>> print(TurnBuilder(new_game(seed=7)).click({"action": "supply", "colour": "gold"}))
Gold cannot be taken: it comes only with a reserve. (R-TAKE3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from splendor_nb.cards import CARD_BY_ID, COLOURS, GEMS, GOLD, Card
from splendor_nb.engine import GameState
from splendor_nb.engine.buying import price
from splendor_nb.engine.counts import with_item
from splendor_nb.moves import NO_TOKENS, PASS, IllegalMoveError, Move
from splendor_nb.play.payments import payments
from splendor_nb.play.sentences import colour_name, say, say_n, tokens_phrase, word_list
from splendor_nb.render import Interaction
from splendor_nb.rules import (
    RESERVE_GOLD,
    RESERVE_LIMIT,
    TAKE2_COUNT,
    TAKE2_MIN_SUPPLY,
    TAKE3_COUNT,
    TOKEN_LIMIT,
)

Stage = Literal["pick", "card", "deck", "return", "noble", "pass", "done"]
PROMPTS: tuple[Stage, ...] = ("return", "noble", "pass", "done")
"""Stages that ask a question: clicks on the board wait until it is answered."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an attempt was refused: the rule id (``None`` when no rule is at stake, as for a
    click on something that cannot be clicked) and a sentence in words.

    >>> print(Refusal("R-TAKE2", "Two red may be taken only from a pile of 4 or more."))
    Two red may be taken only from a pile of 4 or more. (R-TAKE2)
    """

    rule: str | None
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class CardOffer:
    """What the picked card offers: its price after bonuses (R-BUY, gem colours), whether it may
    be bought or reserved, and the distinct payments, the default first (R-BUY-GOLD)."""

    card: str
    reserved: bool
    """One of the mover's reserved cards (which can only be bought)."""
    price: tuple[int, ...]
    can_buy: bool
    can_reserve: bool
    payments: tuple[tuple[int, ...], ...]
    payment: tuple[int, ...] | None
    """The payment chosen (the default until another is chosen); ``None`` if unaffordable."""


class TurnBuilder:
    """One person's turn, built from clicks on ``view`` (the mover's ``player_view``).

    ``on_change(builder)`` is called after every call that changes or refuses something, so a
    view can redraw; when :attr:`stage` is ``"done"``, :attr:`move` is the turn.
    """

    stage: Stage
    picked: tuple[int, ...]
    """The tokens picked for a take (``COLOURS`` order)."""
    card: str | None
    """The card picked (stage ``card``)."""
    deck: int | None
    """The deck picked (stage ``deck``)."""
    payment: tuple[int, ...] | None
    """The payment chosen for the picked card (R-BUY-GOLD)."""
    action: Move | None
    """The action chosen (no returns, no noble), once the person has chosen one."""
    returning: tuple[int, ...]
    """The tokens chosen for returning (stage ``return``, R-LIMIT10)."""
    move: Move | None
    """The whole turn, once :attr:`stage` is ``"done"``."""
    refusal: Refusal | None
    """The last refusal, until the next accepted call."""

    def __init__(self, view: GameState,
                 on_change: Callable[[TurnBuilder], None] | None = None) -> None:
        if view.is_over:
            raise ValueError("the game is over: there is no turn to build")
        self.view = view
        self.player = view.current_player
        self.moves = view.legal_moves()
        self.on_change = on_change
        self.hint: Move | None = None
        """A move to highlight (set by the session's Hint)."""
        self._takes = {move.gems for move in self.moves if move.kind == "take"}
        self._buyable = {move.card for move in self.moves if move.kind == "buy"}
        self._reservable = {move.card for move in self.moves
                            if move.kind == "reserve" and move.card is not None}
        self._decks = {move.tier for move in self.moves
                       if move.kind == "reserve" and move.tier is not None}
        self._reset()

    # --- what the person sees --------------------------------------------------------------

    @property
    def held(self) -> tuple[int, ...]:
        """The mover's tokens now (``COLOURS`` order)."""
        return self.view.players[self.player].token_counts

    @property
    def offer(self) -> CardOffer | None:
        """The picked card's offer (stage ``card``), else ``None``."""
        if self.card is None:
            return None
        card = CARD_BY_ID[self.card]
        player = self.view.players[self.player]
        can_buy = self.card in self._buyable
        return CardOffer(self.card, card in player.reserved, price(card, player.bonus_counts),
                         can_buy, self.card in self._reservable,
                         payments(card, player.token_counts, player.bonus_counts),
                         self.payment if can_buy else None)

    @property
    def hand(self) -> tuple[int, ...]:
        """The tokens the mover would hold after the chosen action, before returning any."""
        gained = NO_TOKENS
        if self.action is not None and self.action.kind == "take":
            gained = self.action.gems
        elif self.action is not None and self.action.kind == "reserve" and \
                self.view.supply_counts[GOLD]:  # R-RESERVE: a gold while any is left
            gained = with_item(NO_TOKENS, GOLD, RESERVE_GOLD)
        return tuple(a + b for a, b in zip(self.held, gained, strict=True))

    @property
    def excess(self) -> int:
        """How many tokens must go back (R-LIMIT10)."""
        return max(0, sum(self.hand) - TOKEN_LIMIT)

    @property
    def nobles(self) -> tuple[str, ...]:
        """The nobles that may visit, when the person must choose (stage ``noble``)."""
        if self.stage != "noble":
            return ()
        return tuple(dict.fromkeys(m.noble for m in self._candidates() if m.noble))

    @property
    def prompt(self) -> str:
        """What to do now, in words."""
        stage = self.stage
        if stage == "pass":
            return say("prompt_pass")
        if stage == "pick":
            return say("prompt_picking", tokens=tokens_phrase(self.picked)) \
                if any(self.picked) else say("prompt_pick")
        if stage == "card":
            offer = self.offer
            assert offer is not None
            key = "prompt_card_reserved" if offer.reserved else "prompt_card"
            return say(key, card=offer.card, price=tokens_phrase(offer.price))
        if stage == "deck":
            return say("prompt_deck", tier=self.deck)
        if stage == "return":
            asked = say("prompt_return", held=sum(self.hand), count=self.excess)
            if any(self.returning):
                return asked + " " + say("prompt_returning", tokens=tokens_phrase(self.returning))
            return asked
        if stage == "noble":
            return say("prompt_noble", nobles=word_list(self.nobles))
        return say("prompt_done", move=str(self.move))

    def interaction(self) -> Interaction:
        """What the board lets the person click now, and what is picked.

        ``takeable`` includes the picked piles: clicking one again takes a second of it or puts
        it back.
        """
        hint = str(self.hint) if self.hint is not None else None
        if self.stage not in ("pick", "card", "deck"):
            return Interaction(picked_tokens=self.picked, picked_card=self.card, hint=hint,
                               picked_deck=self.deck)
        takeable = frozenset(colour for i, colour in enumerate(GEMS)
                             if self.picked[i] or self._extendable(with_item(self.picked, i, 1)))
        return Interaction(
            takeable=takeable, picked_tokens=self.picked,
            buyable=frozenset(card for card in self._buyable if card),
            reservable=frozenset(card for card in self._reservable if card),
            reservable_decks=frozenset(tier for tier in self._decks if tier),
            picked_card=self.card, hint=hint, picked_deck=self.deck)

    # --- clicks ------------------------------------------------------------------------------

    def click(self, action: Mapping[str, str]) -> Refusal | None:
        """Handle a board click: ``{"action": "supply", "colour": "red"}``, ``{"action": "card",
        "card": "2g4"}``, ``{"action": "deck", "tier": "2"}``, ``{"action": "reserved", "card":
        "1b5"}`` or ``{"action": "cancel"}``."""
        kind = action.get("action")
        if kind == "supply":
            return self.pick_colour(action.get("colour", ""))
        if kind in ("card", "reserved"):
            return self.pick_card(action.get("card", ""))
        if kind == "deck":
            tier = action.get("tier", "")
            return self.pick_deck(int(tier)) if tier.isdigit() else self._unknown()
        if kind == "cancel":
            return self.clear()
        return self._unknown()

    def pick_colour(self, colour: str) -> Refusal | None:
        """Pick a token pile, or click a picked one again (R-TAKE3, R-TAKE2)."""
        if colour not in COLOURS:
            return self._unknown()
        if self.stage in PROMPTS:
            return self._busy()
        if colour == "gold":
            return self._refuse("R-TAKE3", say("refuse_gold_pile"))
        i = GEMS.index(colour)
        held = self.picked[i]
        if held == 0:
            picked = with_item(self.picked, i, 1)
            if not self._extendable(picked):
                return self._refuse(*self._why_not_pick(i))
        elif held == 1 and sum(self.picked) == 1:  # R-TAKE2: a second of the only colour
            picked = with_item(NO_TOKENS, i, TAKE2_COUNT)
            if picked not in self._takes:  # the pile holds fewer than 4
                return self._refuse("R-TAKE2", say("refuse_take2_short", colour=colour_name(
                    colour), count=self.view.supply_counts[i], least=TAKE2_MIN_SUPPLY))
        else:
            picked = with_item(self.picked, i, 0)
        self.card = self.deck = self.payment = None  # tokens instead of a card or a deck
        self.stage = "pick"
        self.picked = picked
        return self._changed()

    def pick_card(self, card_id: str) -> Refusal | None:
        """Pick a face-up card or one of the mover's reserved cards; again, to put it back."""
        card = CARD_BY_ID.get(card_id)
        if card is None:
            return self._unknown()
        if self.stage in PROMPTS:
            return self._busy()
        if card_id == self.card:
            self.card = self.payment = None
            self.stage = "pick"
            return self._changed()
        player = self.view.players[self.player]
        face_up = any(card in row for row in self.view.market_rows)
        if not face_up and card not in player.reserved:
            return self._refuse("R-BUY", say("refuse_not_yours", card=card_id))
        if card_id not in self._buyable and card_id not in self._reservable:
            if face_up and len(player.reserved) >= RESERVE_LIMIT:
                return self._refuse("R-RESERVE-LIMIT", say(
                    "refuse_cannot_buy_or_reserve", card=card_id, count=len(player.reserved)))
            return self._refuse("R-BUY", self._cannot_buy(card))
        self.picked = NO_TOKENS
        self.deck = None
        self.card = card_id
        options = payments(card, player.token_counts, player.bonus_counts)
        self.payment = options[0] if options else None
        self.stage = "card"
        return self._changed()

    def pick_deck(self, tier: int) -> Refusal | None:
        """Pick a deck to reserve its top card unseen (R-RESERVE-HIDDEN); again, to put it back.
        """
        if self.stage in PROMPTS:
            return self._busy()
        if tier == self.deck:
            self.deck = None
            self.stage = "pick"
            return self._changed()
        if tier not in self._decks:
            reserved = len(self.view.players[self.player].reserved)
            if reserved >= RESERVE_LIMIT:
                return self._refuse("R-RESERVE-LIMIT", say("refuse_reserve_limit",
                                                           count=reserved))
            return self._refuse("R-RESERVE", say("refuse_deck_empty", tier=tier))
        self.picked = NO_TOKENS
        self.card = self.payment = None
        self.deck = tier
        self.stage = "deck"
        return self._changed()

    # --- buttons -----------------------------------------------------------------------------

    def confirm(self) -> Refusal | None:
        """Confirm: the tokens picked, the card's purchase, the deck's reserve, the tokens
        returned, or the pass, as the stage asks."""
        stage = self.stage
        if stage == "pick":
            if not any(self.picked):
                return self._refuse("R-TAKE3", say("refuse_nothing_picked"))
            if self.picked not in self._takes:
                return self._refuse("R-TAKE3", self._missing_picks())
            return self._choose(Move("take", gems=self.picked))
        if stage == "card":
            return self.buy()
        if stage == "deck":
            return self.reserve()
        if stage == "return":
            left = self.excess - sum(self.returning)
            if left:
                return self._refuse("R-LIMIT10", say_n("refuse_return_more", left))
            return self._after_returns()
        if stage == "pass":
            return self.pass_turn()
        return self._busy()

    def clear(self) -> Refusal | None:
        """Start the turn again (the Clear button, or Escape)."""
        self._reset()
        return self._changed()

    def buy(self) -> Refusal | None:
        """Buy the picked card with the chosen payment (R-BUY, R-BUY-GOLD)."""
        if self.card is None or self.stage != "card":
            return self._refuse("R-BUY", say("refuse_no_card")) if self.stage not in PROMPTS \
                else self._busy()
        if self.card not in self._buyable:
            return self._refuse("R-BUY", self._cannot_buy(CARD_BY_ID[self.card]))
        return self._choose(Move("buy", card=self.card))

    def reserve(self) -> Refusal | None:
        """Reserve the picked card, or the picked deck's top card (R-RESERVE)."""
        if self.stage == "deck":
            return self._choose(Move("reserve", tier=self.deck))
        if self.card is None or self.stage != "card":
            return self._refuse("R-RESERVE", say("refuse_no_card")) if self.stage not in PROMPTS \
                else self._busy()
        if self.card in self._reservable:
            return self._choose(Move("reserve", card=self.card))
        player = self.view.players[self.player]
        if CARD_BY_ID[self.card] in player.reserved:
            return self._refuse("R-RESERVE", say("refuse_reserve_own", card=self.card))
        return self._refuse("R-RESERVE-LIMIT", say("refuse_reserve_limit",
                                                   count=len(player.reserved)))

    def choose_payment(self, payment: Sequence[int]) -> Refusal | None:
        """Pay the picked card this way (one of :attr:`offer`'s payments, R-BUY-GOLD)."""
        offer = self.offer
        if self.stage != "card" or offer is None:
            return self._refuse("R-BUY-GOLD", say("refuse_no_card")) \
                if self.stage not in PROMPTS else self._busy()
        chosen = tuple(payment)
        if chosen not in offer.payments:
            return self._refuse("R-BUY-GOLD", say("refuse_not_a_payment", card=offer.card))
        self.payment = chosen
        return self._changed()

    def choose_return(self, colour: str) -> Refusal | None:
        """Return one more token of ``colour`` (R-LIMIT10: just-taken ones and gold included)."""
        if colour not in COLOURS:
            return self._unknown()
        if self.stage != "return":
            return self._no_return()
        i = COLOURS.index(colour)
        if sum(self.returning) >= self.excess:
            return self._refuse("R-LIMIT10", say("refuse_return_enough"))
        if self.returning[i] >= self.hand[i]:
            return self._refuse("R-LIMIT10", say("refuse_return_none",
                                                 colour=colour_name(colour)))
        self.returning = with_item(self.returning, i, self.returning[i] + 1)
        return self._changed()

    def unreturn(self, colour: str) -> Refusal | None:
        """Keep one token of ``colour`` chosen for returning."""
        if colour not in COLOURS:
            return self._unknown()
        if self.stage != "return":
            return self._no_return()
        i = COLOURS.index(colour)
        if not self.returning[i]:
            return self._refuse("R-LIMIT10", say("refuse_not_returning",
                                                 colour=colour_name(colour)))
        self.returning = with_item(self.returning, i, self.returning[i] - 1)
        return self._changed()

    def choose_noble(self, noble: str) -> Refusal | None:
        """Choose the noble that visits among those due (R-NOBLE)."""
        if self.stage != "noble":
            return self._busy() if self.stage in PROMPTS else self._refuse(
                "R-NOBLE", say("refuse_no_noble_choice"))
        due = self.nobles
        if noble not in due:
            return self._refuse("R-NOBLE", say("refuse_noble_not_due", noble=noble,
                                               nobles=word_list(due)))
        return self._finish(next(m for m in self._candidates() if m.noble == noble))

    def pass_turn(self) -> Refusal | None:
        """Pass, when nothing else is legal (R-PASS)."""
        if self.stage != "pass":
            return self._refuse("R-PASS", say("refuse_no_pass")) if self.stage not in PROMPTS \
                else self._busy()
        return self._choose(PASS)

    # --- private helpers ---------------------------------------------------------------------

    def _reset(self) -> None:
        only_passes = all(move.kind == "pass" for move in self.moves)
        self.stage = "pass" if only_passes else "pick"
        self.picked = NO_TOKENS
        self.card = self.deck = self.payment = self.action = self.move = self.refusal = None
        self.returning = NO_TOKENS

    def _changed(self) -> Refusal | None:
        """Tell the view; ``None``, as every accepted call returns."""
        self.refusal = None
        if self.on_change is not None:
            self.on_change(self)
        return None

    def _refuse(self, rule: str | None, text: str) -> Refusal:
        self.refusal = Refusal(rule, text)
        if self.on_change is not None:
            self.on_change(self)
        return self.refusal

    def _unknown(self) -> Refusal:
        return self._refuse(None, say("refuse_unknown_click"))

    def _busy(self) -> Refusal:
        """A click while a question waits for its answer, or after the turn is complete."""
        if self.stage == "pass":
            return self._refuse("R-PASS", say("refuse_must_pass"))
        if self.stage == "done":
            return self._refuse(None, say("refuse_finished"))
        return self._refuse("R-LIMIT10" if self.stage == "return" else "R-NOBLE",
                            say("refuse_prompt"))

    def _no_return(self) -> Refusal:
        return self._busy() if self.stage in PROMPTS else self._refuse(
            "R-LIMIT10", say("refuse_no_return"))

    def _extendable(self, picked: tuple[int, ...]) -> bool:
        """Whether some legal take includes ``picked``."""
        return any(all(t >= p for t, p in zip(take, picked, strict=True))
                   for take in self._takes)

    def _why_not_pick(self, i: int) -> tuple[str, str]:
        colour = colour_name(GEMS[i])
        supply = self.view.supply_counts
        if not supply[i]:
            return "R-TAKE3", say("refuse_empty_pile", colour=colour)
        if TAKE2_COUNT in self.picked:
            return "R-TAKE2", say("refuse_after_two",
                                  colour=colour_name(GEMS[self.picked.index(TAKE2_COUNT)]))
        available = sum(1 for n in supply[:GOLD] if n)
        if available < TAKE3_COUNT:
            return "R-TAKE3", say("refuse_fewer_colours", count=available)
        return "R-TAKE3", say("refuse_three_picked", count=sum(1 for n in self.picked if n))

    def _missing_picks(self) -> str:
        """Why the picked tokens are not yet a take (R-TAKE3, R-TAKE2)."""
        supply = self.view.supply_counts
        available = sum(1 for n in supply[:GOLD] if n)
        picked = sum(1 for n in self.picked if n)
        if picked == 1 and with_item(NO_TOKENS, self.picked.index(1), TAKE2_COUNT) in self._takes:
            return say("refuse_pick_more_or_two", colour=colour_name(GEMS[self.picked.index(1)]))
        return say_n("refuse_pick_more_n", min(TAKE3_COUNT, available) - picked)

    def _cannot_buy(self, card: Card) -> str:
        player = self.view.players[self.player]
        due = price(card, player.bonus_counts)
        short = tuple(max(0, due[i] - player.token_counts[i]) for i in range(GOLD))
        return say("refuse_cannot_buy", card=card.id, price=tokens_phrase(due),
                   missing=tokens_phrase(short), gold=player.token_counts[GOLD])

    def _choose(self, action: Move) -> Refusal | None:
        """The person chose ``action``: ask for returns or a noble if the rules want them."""
        self.action = action
        self.returning = NO_TOKENS
        if self.excess:
            self.stage = "return"
            return self._changed()
        return self._after_returns()

    def _after_returns(self) -> Refusal | None:
        candidates = self._candidates()
        if len({move.noble for move in candidates}) > 1:
            self.stage = "noble"
            return self._changed()
        return self._finish(candidates[0])

    def _candidates(self) -> list[Move]:
        """The legal moves of the chosen action with the chosen returns."""
        action = self.action
        assert action is not None
        return [move for move in self.moves if move.kind == action.kind and
                move.gems == action.gems and move.card == action.card and
                move.tier == action.tier and move.returned == self.returning]

    def _finish(self, move: Move) -> Refusal | None:
        if move.kind == "buy" and self.offer is not None and self.payment is not None and \
                self.payment != self.offer.payments[0]:  # R-BUY-GOLD: not the default
            move = Move("buy", card=move.card, returned=move.returned, noble=move.noble,
                        payment=self.payment)
            try:
                self.view.apply(move)
            except IllegalMoveError as error:
                return self._refuse(error.rule, say("refuse_engine", reason=error.reason))
        self.move = move
        self.stage = "done"
        return self._changed()
