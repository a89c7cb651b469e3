"""Hints: the move the expert bot would play in a person's place, with a short reason in words
derived from what the move changes (points, a noble, a card it brings within reach, a card it
takes away from an opponent who could buy it). The review says the same reason beside the move
it prefers.

>>> from splendor_nb import new_game, Move
>>> view = new_game(seed=7).player_view(0)
>>> hint_reason(view, Move.parse("+wbg"))
'It gathers what 1g6 needs.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from splendor_nb.ai import Bot
from splendor_nb.ai.heuristics import missing_bonuses
from splendor_nb.cards import CARD_BY_ID, GEMS, GOLD, Card
from splendor_nb.engine import GameState
from splendor_nb.engine.buying import price
from splendor_nb.moves import Move
from splendor_nb.play.describe import card_phrase, describe_turn
from splendor_nb.play.sentences import colour_name, say, say_n
from splendor_nb.rules import WINNING_POINTS


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and why, in words."""

    move: Move
    reason: str
    said: str
    """The move in words, as the move list says it, its notation after it."""


def hint(view: GameState, bot: Bot, names: Sequence[str]) -> Hint:
    """What ``bot`` would play in ``view`` (the mover's ``player_view``), and why; ``names``
    are the players'.

    >>> from splendor_nb import new_game
    >>> suggestion = hint(new_game(seed=7).player_view(0), Bot("expert", seed=1, budget=20),
    ...                   ["Ann", "Ben"])
    >>> suggestion.move in new_game(seed=7).legal_moves(), suggestion.said.startswith("Ann ")
    (True, True)
    """
    move = bot.choose(view)
    return Hint(move, hint_reason(view, move), move_in_words(view, move, names))


def move_in_words(view: GameState, move: Move, names: Sequence[str]) -> str:
    """``move`` played from ``view`` in words, as the move list says it, then its notation.

    >>> from splendor_nb import new_game
    >>> move_in_words(new_game(seed=7), Move.parse("+wbg"), ["Ann", "Ben"])
    'Ann took white, blue and green (+wbg)'
    """
    effects = view.apply(move).last_turn
    said = describe_turn(effects, names) if effects is not None else ""
    return f"{said.rstrip('.')} ({move})" if said else str(move)


def hint_reason(view: GameState, move: Move) -> str:
    """Why ``move`` is good in ``view``, in one sentence: what it scores, the noble it brings
    or nears, the card it takes from an opponent who could buy it, the card it makes
    affordable next turn, what it gathers. ``view`` is the mover's view (a whole position
    will do: only what the mover sees is read).

    >>> from splendor_nb import new_game
    >>> state = new_game(seed=7)
    >>> for move in ("+wgr", "+bb", "+wgr", "+kk"):
    ...     state = state.apply(Move.parse(move))
    >>> hint_reason(state, Move.parse("R1w4"))
    'Reserving 1w4 takes it away from an opponent who could buy it on their turn.'
    """
    if move.kind == "pass":
        return say("hint_pass")
    me = view.current_player
    before = view.players[me]
    after = view.apply(move)
    mine = after.players[me]
    if mine.points >= WINNING_POINTS > before.points:  # R-END-TRIGGER
        return say("hint_win", points=say_n("points", mine.points))
    if move.kind == "buy":
        return _buy_reason(view, after, CARD_BY_ID[move.card or ""])
    if move.kind == "reserve" and move.card is not None and _wanted(view, CARD_BY_ID[move.card]):
        return say("hint_reserve_deny", card=card_phrase(CARD_BY_ID[move.card]))
    seen = [c for row in view.market_rows for c in row if c is not None and c.id != move.card]
    targets = [*seen, *mine.reserved]
    within = [c for c in targets if _affordable(c, mine.token_counts, mine.bonus_counts)
              and not _affordable(c, before.token_counts, before.bonus_counts)]
    if within:
        best = max(within, key=lambda c: (c.points, c.tier))
        return say("hint_next_turn", card=card_phrase(best))
    if move.kind == "reserve":
        if move.card is not None:
            return say("hint_reserve", card=card_phrase(CARD_BY_ID[move.card]))
        return say("hint_reserve_gold")
    gains = {c: _shortfall(c, before.token_counts, before.bonus_counts)
             - _shortfall(c, mine.token_counts, mine.bonus_counts) for c in targets}
    helped = [c for c, gain in gains.items() if gain > 0]
    if helped:
        best = max(helped, key=lambda c: (
            gains[c], -_shortfall(c, mine.token_counts, mine.bonus_counts), c.points, -c.order))
        return say("hint_towards", card=card_phrase(best))
    return say("hint_best")


def _buy_reason(view: GameState, after: GameState, card: Card) -> str:
    turn = after.last_turn
    phrase = card_phrase(card)
    if turn is not None and turn.noble is not None:  # R-NOBLE
        return say("hint_buy_noble", card=phrase, noble=turn.noble.id)
    if card.points:
        return say("hint_buy_points", card=phrase)
    me = view.current_player
    old = view.players[me].bonus_counts
    new = after.players[me].bonus_counts
    for noble in after.nobles:
        if missing_bonuses(noble.needs, new) == 1 < missing_bonuses(noble.needs, old):
            return say("hint_buy_near_noble", card=phrase, noble=noble.id)
    if _wanted(view, card):
        return say("hint_buy_deny", card=phrase)
    return say("hint_buy_bonus", card=phrase, colour=colour_name(GEMS[card.bonus_index]))


def _wanted(view: GameState, card: Card) -> bool:
    """Whether an opponent of the mover could buy ``card`` on their next turn with the tokens
    and bonuses they hold (R-BUY); the mover's own reserved cards are theirs alone."""
    me = view.current_player
    if any(card.id == mine.id for mine in view.players[me].reserved):
        return False
    return any(_affordable(card, p.token_counts, p.bonus_counts)
               for i, p in enumerate(view.players) if i != me)


def _shortfall(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...]) -> int:
    """Tokens still missing to buy ``card``, gold counted as any colour (R-BUY-GOLD)."""
    due = price(card, bonuses)
    return max(0, sum(max(0, due[i] - tokens[i]) for i in range(GOLD)) - tokens[GOLD])


def _affordable(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...]) -> bool:
    return _shortfall(card, tokens, bonuses) == 0
