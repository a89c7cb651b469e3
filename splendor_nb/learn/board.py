"""Clicks on the board, for the Learn widgets: answering an exercise, choosing a walk's move.

The clickable board (``render.Interaction``, ``ClickableBoard``) sends actions such as
``{"action": "supply", "colour": "red"}`` or ``{"action": "card", "card": "2g4"}``. Here they
become an exercise's answer (:class:`BoardAnswer`: a card's id, or a take such as ``+rk``) or a
walk's choice at an action node (:func:`walk_interaction`, :func:`walk_click`): at "Buy a card"
the cards that may be bought are marked and a click buys one, at "Take 3 different colours"
the piles are picked until they make a take. A whole turn built by clicks (an exercise that
picks a ``move``) is the Play package's ``TurnBuilder``.

>>> from splendor_nb import new_game
>>> answer = BoardAnswer(new_game(seed=7), "tokens")
>>> for colour in ("red", "black"):
...     answer.click({"action": "supply", "colour": colour})
>>> answer.answer, sorted(answer.interaction().takeable)[:2]
('+rk', ['black', 'blue'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from splendor_nb.cards import GEMS, LETTERS
from splendor_nb.engine import GameState
from splendor_nb.learn.walk import Walk
from splendor_nb.moves import NO_TOKENS, Move
from splendor_nb.render import Interaction
from splendor_nb.rules import TAKE2_COUNT, TAKE3_COUNT

Pick = Literal["card", "tokens"]


class BoardAnswer:
    """An answer clicked on the board: a card (any face-up card or one of the mover's
    reserved cards), or tokens picked from the supply (up to three colours, or two of one).

    >>> from splendor_nb import new_game
    >>> state = new_game(seed=7)
    >>> answer = BoardAnswer(state, "card")
    >>> answer.click({"action": "card", "card": state.market_rows[0][0].id})
    >>> answer.answer == state.market_rows[0][0].id
    True
    """

    def __init__(self, state: GameState, pick: Pick) -> None:
        self.state = state
        self.pick = pick
        self.picked: tuple[int, ...] = NO_TOKENS
        self.card: str | None = None

    @property
    def answer(self) -> str | None:
        """The answer so far: a card id, or a take in the notation; ``None`` before a click."""
        if self.pick == "card":
            return self.card
        return "+" + _letters(self.picked) if any(self.picked) else None

    def click(self, action: Mapping[str, str]) -> None:
        """Take one click into account (others are ignored): a card, a reserved card, a pile
        (clicked again: a second token of it, or back if it cannot be doubled), Escape."""
        kind = action.get("action")
        if kind == "cancel":
            self.clear()
        elif self.pick == "card" and kind in ("card", "reserved"):
            self.card = action.get("card")
        elif self.pick == "tokens" and kind == "supply" and action.get("colour") in GEMS:
            self.picked = _picked_with(self.picked, GEMS.index(action["colour"]),
                                       self.state.supply_counts)

    def clear(self) -> None:
        """Forget the clicks."""
        self.picked, self.card = NO_TOKENS, None

    def interaction(self) -> Interaction:
        """What the board marks (``board_svg(state, interaction=...)``): the cards the player
        to move can afford, as in a game, or the piles that hold tokens; and the picks."""
        if self.pick == "card":
            affordable = frozenset(m.card for m in self.state.legal_moves()
                                   if m.kind == "buy" and m.card)
            return Interaction(buyable=affordable, picked_card=self.card)
        return Interaction(takeable=frozenset(g for g, n in zip(GEMS, self.state.supply_counts)
                                              if n), picked_tokens=self.picked)


def walk_interaction(walk: Walk, picked: tuple[int, ...] = NO_TOKENS) -> Interaction:
    """What may be clicked on the board at the walk's current node: the piles at a take, the
    cards and decks at a reservation, the cards at a purchase; nothing elsewhere.

    >>> from splendor_nb import new_game
    >>> walk = Walk.start(new_game(seed=7)).finish().choose("q_reserved").finish()
    >>> walk = walk.choose("reserve")
    >>> sorted(walk_interaction(walk).reservable_decks)
    [1, 2, 3]
    """
    moves = _current_moves(walk)
    node = walk.current.node
    if node in ("take2", "take3"):
        colours = {GEMS[i] for m in moves for i in range(len(GEMS)) if m.gems[i]
                   and _extends(picked, m.gems)}
        return Interaction(takeable=frozenset(colours), picked_tokens=picked)
    if node == "reserve":
        return Interaction(reservable=frozenset(m.card for m in moves if m.card),
                           reservable_decks=frozenset(m.tier for m in moves if m.tier))
    if node == "buy":
        return Interaction(buyable=frozenset(m.card for m in moves if m.card))
    return Interaction()


def walk_click(walk: Walk, action: Mapping[str, str], picked: tuple[int, ...] = NO_TOKENS
               ) -> tuple[Walk, tuple[int, ...]]:
    """The walk and the tokens picked after a click on the board. A click that makes a move
    of the current node chooses it; a pile adds to the tokens picked until they make a take;
    Escape drops them; any other click changes nothing.

    >>> from splendor_nb import new_game
    >>> walk = Walk.start(new_game(seed=7)).finish().choose("q_four").finish().choose("take2")
    >>> walk, picked = walk_click(walk, {"action": "supply", "colour": "red"})
    >>> walk.current.node, picked
    ('take2', (0, 0, 0, 1, 0, 0))
    >>> walk, picked = walk_click(walk, {"action": "supply", "colour": "red"}, picked)
    >>> walk.current.node, walk.steps[-2].chosen, picked
    ('end', '+rr', (0, 0, 0, 0, 0, 0))
    """
    kind = action.get("action")
    node = walk.current.node
    keys = {option.key for option in walk.current.open_options}
    if kind == "cancel":
        return walk, NO_TOKENS
    if node in ("take2", "take3") and kind == "supply" and action.get("colour") in GEMS:
        colour = GEMS.index(action["colour"])
        grown = list(picked)
        grown[colour] += 1
        more = tuple(grown)
        moves = _current_moves(walk)
        if not any(_extends(more, m.gems) for m in moves):
            return walk, picked
        text = "+" + _letters(more)
        return (walk.choose(text), NO_TOKENS) if text in keys else (walk, more)
    key = {"card": f"B{action.get('card')}" if node == "buy" else f"R{action.get('card')}",
           "reserved": f"B{action.get('card')}",
           "deck": f"R?{action.get('tier')}"}.get(kind or "")
    if key in keys and node in ("buy", "reserve"):
        return walk.choose(key), NO_TOKENS
    return walk, picked


def _current_moves(walk: Walk) -> tuple[Move, ...]:
    return tuple(m for option in walk.current.open_options for m in option.moves)


def _extends(picked: tuple[int, ...], gems: tuple[int, ...]) -> bool:
    """Whether the tokens picked so far are part of the take ``gems``."""
    return all(p <= g for p, g in zip(picked, gems))


def _picked_with(picked: tuple[int, ...], colour: int, supply: tuple[int, ...]
                 ) -> tuple[int, ...]:
    """The picks after clicking a pile: a new colour while fewer than three are picked, a
    second token of the only colour picked (R-TAKE2 is the checker's to judge), or back."""
    counts = list(picked)
    if counts[colour] == 0 and sum(counts) < TAKE3_COUNT and max(counts) < TAKE2_COUNT:
        counts[colour] = 1
    elif counts[colour] == 1 and sum(counts) == 1 and supply[colour] >= TAKE2_COUNT:
        counts[colour] = TAKE2_COUNT
    else:
        counts[colour] = 0
    return tuple(counts)


def _letters(counts: tuple[int, ...]) -> str:
    return "".join(letter * n for letter, n in zip(LETTERS, counts))
