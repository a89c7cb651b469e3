"""What a puzzle is about: themes read off its position and its answer, as chess puzzles are
tagged *fork* or *mate in 2*, so that a learner can practise one idea at a time.

Each theme is a rule of the game the answer turns on:

- ``noble``: the answer brings its player a noble (R-NOBLE).
- ``deny``: the answer reserves a face-up card that an opponent could buy on their next turn
  (R-RESERVE), so they cannot.
- ``token_limit``: the answer gives tokens back, its player holding more than
  :data:`~splendor_nb.rules.TOKEN_LIMIT` otherwise (R-LIMIT10).
- ``gold``: the answer buys a card paying with gold (R-BUY-GOLD).
- ``last_round``: the answer is played once the end is triggered, or triggers it, and its
  player wins the game (R-END-TRIGGER, R-END-WIN).
- ``tie_break``: the answer ends level on points with an opponent at the end and wins by
  having fewer cards (R-END-WIN's tie-break).
- ``blind``: the answer reserves the top card of a deck unseen (R-RESERVE-HIDDEN).

>>> from splendor_nb import Move, new_game
>>> themes(new_game(seed=7), Move.parse("R?2"))
('blind',)
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_nb.cards import GOLD, Card
from splendor_nb.engine import GameState
from splendor_nb.moves import Move
from splendor_nb.rules import WINNING_POINTS

THEMES: tuple[str, ...] = ("noble", "deny", "token_limit", "gold", "last_round", "tie_break",
                           "blind")
"""Every theme, in the order they are listed to a learner."""
THEME_RULES: dict[str, str] = {"noble": "R-NOBLE", "deny": "R-RESERVE", "token_limit": "R-LIMIT10",
                               "gold": "R-BUY-GOLD", "last_round": "R-END-TRIGGER",
                               "tie_break": "R-END-WIN", "blind": "R-RESERVE-HIDDEN"}
"""The rule each theme turns on, as the list above gives them."""


def themes(state: GameState, answer: Move, line: Sequence[Move] = ()) -> tuple[str, ...]:
    """The themes of the puzzle whose position is ``state`` and whose answer is ``answer``;
    ``line`` is how the game went on after it as the miner expects (the replies and the
    next moves), read for the themes that show at the end of the game."""
    me = state.current_player
    after = state.apply(answer)
    effects = after.last_turn
    assert effects is not None  # a position after a move has its record
    found = set()
    if effects.noble is not None:
        found.add("noble")
    if answer.kind == "reserve" and answer.card is not None and \
            _rival_can_buy(state, me, answer.card):
        found.add("deny")
    if any(answer.returned):
        found.add("token_limit")
    if answer.kind == "buy" and effects.paid[GOLD] > 0:
        found.add("gold")
    if answer.kind == "reserve" and answer.card is None:
        found.add("blind")
    end = after
    for move in line:
        if end.over:
            break
        end = end.apply(move)
    ending = max(state.scores) >= WINNING_POINTS or after.players[me].points >= WINNING_POINTS
    if end.over and ending and end.winners == (me,):
        found.add("last_round")
        mine = end.players[me]
        if any(rival.points == mine.points for i, rival in enumerate(end.players) if i != me):
            found.add("tie_break")
    return tuple(theme for theme in THEMES if theme in found)


def _rival_can_buy(state: GameState, me: int, card_id: str) -> bool:
    """Whether a player other than ``me`` could pay for ``card_id`` now, with their tokens,
    gold and bonuses (R-BUY, R-BUY-GOLD)."""
    card = next(card for row in state.market_rows for card in row
                if card is not None and card.id == card_id)
    return any(_affordable(card, rival.token_counts, rival.bonus_counts)
               for i, rival in enumerate(state.players) if i != me)


def _affordable(card: Card, tokens: Sequence[int], bonuses: Sequence[int]) -> bool:
    short = sum(max(0, need - bonus - held)
                for need, bonus, held in zip(card.costs, bonuses, tokens))
    return short <= tokens[GOLD]
