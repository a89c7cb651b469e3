"""The rules, plainly: a slow statement of docs/rules.md that the fast engine is tested against.

A position is a :class:`Table` of plain dicts and lists. :func:`play` plays one whole turn
written in the notation and raises :class:`IllegalMoveError` naming the rule it breaks;
:func:`legal_turns` is every turn :func:`play` accepts. Each rule is one function below, named
after its id, in the order of a turn; no memos, no tricks.

>>> from splendor_nb.engine import new_game
>>> table = from_state(new_game(players=2, seed=7))
>>> len(legal_turns(table)), table.supply["white"]
(30, 4)
>>> after = play(table, "+wbg")
>>> after.players[0].tokens["white"], after.supply["white"], after.current
(1, 3, 1)
>>> play(after, "+ww")
Traceback (most recent call last):
...
splendor_nb.moves.IllegalMoveError: R-TAKE2: white has 3 tokens in the supply; taking 2 needs 4
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from splendor_nb.cards import CARD_BY_ID, COLOURS, GEMS, LETTERS, NOBLE_BY_ID
from splendor_nb.moves import IllegalMoveError, Move
from splendor_nb.refusals import Place
from splendor_nb.rules import (
    NOBLE_POINTS,
    REPEAT_LIMIT,
    RESERVE_GOLD,
    RESERVE_LIMIT,
    TAKE2_COUNT,
    TAKE2_MIN_SUPPLY,
    TAKE3_COUNT,
    TOKEN_LIMIT,
    WINNING_POINTS,
)

if TYPE_CHECKING:
    from splendor_nb.engine import GameState

Position = tuple[tuple[tuple[int, ...], ...], int]
"""R-REPEAT's position: each player's token counts (in ``COLOURS`` order), the player to move."""

Counts = dict[str, int]
"""Tokens or bonuses by colour name."""
LETTER = dict(zip(COLOURS, LETTERS, strict=True))
"""The notation's letter of each colour."""


@dataclass(frozen=True)
class Seat:
    """One player's holdings. Card and noble ids are listed in the order they came."""

    tokens: Counts
    """All six colours, gold included."""
    bonuses: Counts
    """The five gem colours: one per bought card of that bonus (R-BUY)."""
    cards: list[str]
    reserved: list[str]
    blind: list[str]
    """The reserved cards taken unseen from a deck (R-RESERVE-HIDDEN)."""
    nobles: list[str]
    points: int


@dataclass(frozen=True)
class Table:
    """A whole position, as a person would write it down."""

    players: list[Seat]
    supply: Counts
    market: dict[int, list[str | None]]
    """Per tier 1 to 3, the face-up card of each slot; ``None`` for an empty slot (R-REFILL)."""
    decks: dict[int, list[str]]
    """Per tier 1 to 3, the face-down cards, the top card last."""
    nobles: list[str]
    """The nobles still on the table."""
    current: int
    """The seat to play."""
    turn: int
    """Turns played so far."""
    passes: int
    """Passes in a row just before this position (R-PASS)."""
    over: bool
    seen: list[Position] = field(default_factory=list)
    """R-REPEAT: the positions since the last turn that cannot be undone, each as every player's
    tokens and the player to move (see :func:`r_repeat`)."""


def from_state(state: GameState) -> Table:
    """The fast engine's position as a :class:`Table`.

    >>> from splendor_nb.engine import new_game
    >>> table = from_state(new_game(players=3, seed=1))
    >>> len(table.players), len(table.nobles), [len(table.decks[tier]) for tier in (1, 2, 3)]
    (3, 4, [36, 26, 16])
    """
    return Table(
        players=[Seat(tokens=dict(p.tokens), bonuses=dict(p.bonuses),
                      cards=[c.id for c in p.cards], reserved=[c.id for c in p.reserved],
                      blind=list(p.hidden), nobles=[n.id for n in p.nobles], points=p.points)
                 for p in state.players],
        supply=dict(state.supply),
        market={tier: [c.id if c is not None else None for c in row]
                for tier, row in state.market.items()},
        decks={tier: [c.id for c in deck] for tier, deck in enumerate(state.decks, start=1)},
        nobles=[n.id for n in state.nobles],
        current=state.current_player, turn=state.turn, passes=state.passes, over=state.is_over,
        seen=[(tuple(tuple(seat.token_counts) for seat in seats), current)
              for seats, current in state.repeats])


def legal_turns(table: Table) -> set[str]:
    """Every distinct whole turn in the notation, buys paid the default way; none once over.

    Each action that :func:`play` accepts with every way to return tokens above 10
    (R-LIMIT10) and every noble that may then visit (R-NOBLE); ``pass`` only when no action is
    legal (R-PASS), and with a noble when one is due.

    >>> from splendor_nb.engine import new_game
    >>> sorted(legal_turns(from_state(new_game(seed=7))))[:3]
    ['+bb', '+bgk', '+bgr']
    """
    if table.over:
        return set()
    turns: set[str] = set()
    for action, after in _legal_actions(table) or [("pass", table)]:
        for returned in _ways_to_return(_seat(after).tokens):
            nobles: list[str | None] = [*_nobles_due(after)] or [None]
            for noble in nobles:  # returns leave the bonuses as they are
                turns.add(action + (" -" + _letters(returned) if returned else "")
                          + (" " + noble if noble else ""))
    return turns


def play(table: Table, text: str) -> Table:
    """The position after the turn ``text``; the table given is never changed.

    The action (R-TAKE3, R-TAKE2, R-RESERVE, R-BUY, R-PASS), then the end of the turn in the
    rulebook's order: R-LIMIT10, R-NOBLE, then R-END-TRIGGER. Raises
    :class:`IllegalMoveError` with the rule broken (:class:`InvalidMoveError` on bad text).

    >>> from splendor_nb.engine import new_game
    >>> after = play(from_state(new_game(seed=7)), "R?3")
    >>> after.players[0].tokens["gold"], len(after.players[0].blind), after.decks[3] == []
    (1, 1, False)
    """
    if table.over:
        raise _game_over(table)
    move = Move.parse(text)
    after = _act(table, move)
    after = r_limit10(after, _by_colour(move.returned))
    visited = r_noble(after, move.noble)
    ended = r_end_trigger(visited, passed=move.kind == "pass")
    return r_repeat(table, ended, undoable=visited.nobles == table.nobles and (
        move.kind == "pass" or (move.kind == "take" and sum(move.returned) == sum(move.gems))))


def winners(table: Table) -> list[int]:
    """R-END-WIN: the most points win; among them, the fewest bought cards; still tied, all.

    >>> from splendor_nb.engine import new_game
    >>> winners(from_state(new_game())), winners(replace(from_state(new_game()), over=True))
    ([], [0, 1])
    """
    if not table.over:
        return []
    most = max(seat.points for seat in table.players)
    best = [i for i, seat in enumerate(table.players) if seat.points == most]
    fewest = min(len(table.players[i].cards) for i in best)
    return [i for i in best if len(table.players[i].cards) == fewest]


# --- the action -------------------------------------------------------------------------------

def _act(table: Table, move: Move) -> Table:
    """The table after the move's action, before the end of the turn."""
    if move.kind == "take":
        return r_take(table, _by_colour(move.gems))
    if move.kind == "reserve":
        return r_reserve(table, move.card, move.tier)
    if move.kind == "buy":
        payment = None if move.payment is None else _by_colour(move.payment)
        return r_buy(table, move.card or "", payment)
    return r_pass(table)


def r_take(table: Table, taken: Counts) -> Table:
    """R-TAKE3 or R-TAKE2, never gold: the tokens move from the supply to the player."""
    if taken.get("gold"):
        raise IllegalMoveError("R-TAKE3", "gold_not_taken")
    if list(taken.values()) == [TAKE2_COUNT]:
        r_take2(table.supply, next(iter(taken)))
    else:
        r_take3(table.supply, taken)
    seat = _seat(table)
    supply, tokens = _move_tokens(taken, table.supply, seat.tokens)
    return replace(_with_seat(table, replace(seat, tokens=tokens)), supply=supply)


def r_take3(supply: Counts, taken: Counts) -> None:
    """R-TAKE3: one token of each of 3 different colours in the supply; when fewer than 3
    colours have tokens there, one of each colour that has."""
    if any(count > 1 for count in taken.values()):
        raise IllegalMoveError("R-TAKE3", "take_shape", three=TAKE3_COUNT, two=TAKE2_COUNT)
    for colour in taken:
        if supply[colour] == 0:
            raise IllegalMoveError("R-TAKE3", "take_empty", colour=colour)
    remaining = sum(1 for colour in GEMS if supply[colour] > 0)
    if len(taken) != min(TAKE3_COUNT, remaining):
        raise IllegalMoveError("R-TAKE3", "take_width", available=remaining,
                               wanted=min(TAKE3_COUNT, remaining), count=len(taken))


def r_take2(supply: Counts, colour: str) -> None:
    """R-TAKE2: two tokens of one colour, only if at least 4 of it are in the supply."""
    if supply[colour] < TAKE2_MIN_SUPPLY:
        raise IllegalMoveError("R-TAKE2", "take2_supply", colour=colour, count=supply[colour],
                               take=TAKE2_COUNT, need=TAKE2_MIN_SUPPLY)


def r_reserve(table: Table, card: str | None, tier: int | None) -> Table:
    """R-RESERVE: a face-up card, or blind the top card of a tier's deck (R-RESERVE-HIDDEN),
    within R-RESERVE-LIMIT; then 1 gold, if any is left."""
    r_reserve_limit(table)
    seat = _seat(table)
    if card is None:
        deck = table.decks[tier or 0]
        if not deck:
            raise IllegalMoveError("R-RESERVE", "deck_empty", tier=tier)
        card = deck[-1]
        table = replace(table, decks={**table.decks, tier or 0: deck[:-1]})
        seat = replace(seat, blind=[*seat.blind, card])
    else:
        table = _take_face_up(table, card, "R-RESERVE")
    seat = replace(seat, reserved=[*seat.reserved, card])
    gold = {"gold": RESERVE_GOLD} if table.supply["gold"] > 0 else {}
    supply, tokens = _move_tokens(gold, table.supply, seat.tokens)
    return replace(_with_seat(table, replace(seat, tokens=tokens)), supply=supply)


def r_reserve_limit(table: Table) -> None:
    """R-RESERVE-LIMIT: at most 3 reserved cards."""
    held = len(_seat(table).reserved)
    if held >= RESERVE_LIMIT:
        raise IllegalMoveError("R-RESERVE-LIMIT", "reserve_limit", player=table.current + 1,
                               count=held, limit=RESERVE_LIMIT)


def r_buy(table: Table, card: str, payment: Counts | None) -> Table:
    """R-BUY: a face-up card or one of one's own reserved cards, paid after bonuses
    (R-BUY-GOLD); the tokens go to the supply and the card's bonus counts from now on."""
    seat = _seat(table)
    if card in seat.reserved:  # R-RESERVE-KEEP: this is how a reserved card leaves the hand
        seat = replace(seat, reserved=_without(seat.reserved, card),
                       blind=_without(seat.blind, card))
    else:
        table = _take_face_up(table, card, "R-BUY")
    price = r_buy_price(card, seat.bonuses)
    paid = r_buy_gold_default(card, price, seat.tokens) if payment is None \
        else r_buy_gold(card, price, seat.tokens, payment)
    tokens, supply = _move_tokens(paid, seat.tokens, table.supply)
    bonus = CARD_BY_ID[card].bonus
    seat = replace(seat, tokens=tokens, cards=[*seat.cards, card],
                   bonuses={**seat.bonuses, bonus: seat.bonuses[bonus] + 1},
                   points=seat.points + CARD_BY_ID[card].points)
    return replace(_with_seat(table, seat), supply=supply)


def r_buy_price(card: str, bonuses: Counts) -> Counts:
    """R-BUY: the price of each colour is the cost less the bonuses of that colour, at least 0."""
    cost = CARD_BY_ID[card].cost
    return {colour: max(0, cost[colour] - bonuses[colour]) for colour in GEMS}


def r_buy_gold_default(card: str, price: Counts, tokens: Counts) -> Counts:
    """R-BUY-GOLD, the default payment: tokens of each colour first, gold for what is missing;
    R-BUY when the gold is not enough."""
    paid = {colour: min(price[colour], tokens[colour]) for colour in GEMS}
    paid["gold"] = sum(price.values()) - sum(paid.values())
    if paid["gold"] > tokens["gold"]:
        raise IllegalMoveError("R-BUY", "unaffordable", card=card, price=_amount(price),
                               missing=_amount({colour: price[colour] - paid[colour]
                                                for colour in GEMS}),
                               gold=tokens["gold"])
    return paid


def r_buy_gold(card: str, price: Counts, tokens: Counts, payment: Counts) -> Counts:
    """R-BUY-GOLD, a payment the player chose: tokens held, no colour above its price, and gold
    for exactly what the coloured tokens leave unpaid."""
    for colour, count in payment.items():
        if count > tokens[colour]:
            raise IllegalMoveError("R-BUY-GOLD", "pay_held", count=count, colour=colour,
                                   held=tokens[colour])
    for colour, count in payment.items():
        if colour != "gold" and count > price[colour]:
            raise IllegalMoveError("R-BUY-GOLD", "pay_due", count=count, colour=colour,
                                   card=card, due=price[colour])
    coloured = sum(count for colour, count in payment.items() if colour != "gold")
    if payment.get("gold", 0) != sum(price.values()) - coloured:
        raise IllegalMoveError("R-BUY-GOLD", "pay_gold", card=card, price=_amount(price))
    return payment


def r_pass(table: Table) -> Table:
    """R-PASS: a player passes only when no action is legal."""
    if _legal_actions(table):
        raise IllegalMoveError("R-PASS", "pass_refused")
    return table


def r_refill(table: Table, tier: int, slot: int) -> Table:
    """R-REFILL: the top card of the same tier's deck fills the slot; an empty deck leaves it
    empty."""
    deck = table.decks[tier]
    row = list(table.market[tier])
    row[slot] = deck[-1] if deck else None
    return replace(table, market={**table.market, tier: row},
                   decks={**table.decks, tier: deck[:-1]})


# --- the end of the turn ----------------------------------------------------------------------

def r_limit10(table: Table, returned: Counts) -> Table:
    """R-LIMIT10: above 10 tokens, the player returns tokens of their choice (gold and tokens
    just taken included) down to exactly 10; at 10 or fewer, none."""
    seat = _seat(table)
    if returned not in _ways_to_return(seat.tokens):
        held = sum(seat.tokens.values())
        excess = max(0, held - TOKEN_LIMIT)
        count = sum(returned.values())
        if count != excess and not excess:
            raise IllegalMoveError("R-LIMIT10", "return_none", count=held)
        if count != excess:
            raise IllegalMoveError("R-LIMIT10", "return_count", count=held, excess=excess,
                                   returned=count)
        colour = next(c for c in COLOURS if returned.get(c, 0) > seat.tokens[c])
        raise IllegalMoveError("R-LIMIT10", "return_held", count=returned[colour],
                               colour=colour, held=seat.tokens[colour])
    tokens, supply = _move_tokens(returned, seat.tokens, table.supply)
    return replace(_with_seat(table, replace(seat, tokens=tokens)), supply=supply)


def r_noble(table: Table, named: str | None) -> Table:
    """R-NOBLE: a noble whose requirement the player's bonuses meet visits, worth 3 points; one
    per turn, chosen by the player (named in the move) when several are due."""
    due = _nobles_due(table)
    if named is None:
        if not due:
            return table
        if len(due) > 1:
            raise IllegalMoveError("R-NOBLE", "nobles_due", nobles=tuple(due))
        named = due[0]
    elif named not in table.nobles:
        raise IllegalMoveError("R-NOBLE", "noble_absent", noble=named)
    elif named not in due:
        raise IllegalMoveError("R-NOBLE", "noble_unmet", noble=named,
                               requires=_amount(NOBLE_BY_ID[named].requires))
    seat = _seat(table)
    seat = replace(seat, nobles=[*seat.nobles, named], points=seat.points + NOBLE_POINTS)
    return replace(_with_seat(table, seat), nobles=_without(table.nobles, named))


def r_end_trigger(table: Table, passed: bool) -> Table:
    """R-END-TRIGGER: once the last seat has played, the game ends if anyone has 15 points;
    R-PASS: it ends too when every player has passed, one after another. Then the next seat."""
    seats = len(table.players)
    passes = table.passes + 1 if passed else 0
    round_done = table.current == seats - 1
    reached = any(seat.points >= WINNING_POINTS for seat in table.players)
    return replace(table, current=(table.current + 1) % seats, turn=table.turn + 1,
                   passes=passes, over=(round_done and reached) or passes >= seats)


def r_repeat(before: Table, after: Table, undoable: bool) -> Table:
    """R-REPEAT: the game ends when a position comes for the third time with the same player to
    move. Only a turn that changes nothing for good can lead back to an earlier position: a pass,
    or a take that gives back as many tokens as it took, with no noble visiting. Any other turn
    (a buy, a reserve, a take that leaves more tokens, a noble) makes every earlier position
    unreachable, so the positions are counted from the last such turn."""
    if not undoable:
        return replace(after, seen=[])
    seen = [*(before.seen or [_position(before)]), _position(after)]
    return replace(after, seen=seen,
                   over=after.over or seen.count(seen[-1]) >= REPEAT_LIMIT)


# --- helpers ----------------------------------------------------------------------------------

def _legal_actions(table: Table) -> list[tuple[str, Table]]:
    """Each action the rules allow, with the table after it: every take of 1 to 3 tokens of any
    colours, every buy and reserve of a card in sight, every blind reserve, tried in turn."""
    seat = _seat(table)
    face_up = [card for row in table.market.values() for card in row if card is not None]
    candidates = ["+" + "".join(LETTER[colour] for colour in colours)
                  for count in range(1, TAKE3_COUNT + 1)
                  for colours in combinations_with_replacement(COLOURS, count)]
    candidates += [f"B{card}" for card in face_up + seat.reserved]
    candidates += [f"R{card}" for card in face_up] + [f"R?{tier}" for tier in table.decks]
    found = []
    for text in candidates:
        try:
            found.append((text, _act(table, Move.parse(text))))
        except IllegalMoveError:
            continue
    return found


def _ways_to_return(tokens: Counts) -> list[Counts]:
    """R-LIMIT10: every distinct choice of tokens that brings the hand down to exactly 10."""
    excess = sum(tokens.values()) - TOKEN_LIMIT
    if excess <= 0:
        return [{}]
    ways = [_count(colours) for colours in combinations_with_replacement(COLOURS, excess)]
    return [way for way in ways if all(n <= tokens[colour] for colour, n in way.items())]


def _nobles_due(table: Table) -> list[str]:
    """R-NOBLE: the nobles on the table whose requirement the player's bonuses meet."""
    bonuses = _seat(table).bonuses
    return [noble for noble in table.nobles
            if all(bonuses[colour] >= need for colour, need in NOBLE_BY_ID[noble].requires.items())]


def _take_face_up(table: Table, card: str, rule: str) -> Table:
    tier = CARD_BY_ID[card].tier
    if card not in table.market[tier]:
        if rule == "R-BUY":
            raise IllegalMoveError(rule, "buy_not_face_up", card=card, where=_place(table, card))
        raise IllegalMoveError(rule, "reserve_not_face_up", card=card,
                               where=_place(table, card))
    return r_refill(table, tier, table.market[tier].index(card))


def _game_over(table: Table) -> IllegalMoveError:
    """The refusal of any turn once the game is over, citing the rule that ended it: R-PASS
    after a round of passes, R-REPEAT after a position seen three times, else R-END-TRIGGER."""
    if table.passes >= len(table.players):
        return IllegalMoveError("R-PASS", "over_passes")
    if table.seen and table.seen.count(table.seen[-1]) >= REPEAT_LIMIT:
        return IllegalMoveError("R-REPEAT", "over_repeat", count=REPEAT_LIMIT)
    return IllegalMoveError("R-END-TRIGGER", "over_points", points=WINNING_POINTS)


def _place(table: Table, card: str) -> Place:
    """Where a card is that is not face-up: reserved or bought by a player (seats from 1), or
    in a deck."""
    for i, seat in enumerate(table.players, start=1):
        if card in seat.reserved:
            return Place("reserved_by", i)
        if card in seat.cards:
            return Place("bought_by", i)
    return Place("in_deck")


def _position(table: Table) -> Position:
    """What R-REPEAT compares: every player's tokens and the player to move (the supply is the
    rest of the tokens, R-COMP-TOKENS, and nothing else changes between undoable turns)."""
    return (tuple(tuple(seat.tokens[c] for c in COLOURS) for seat in table.players),
            table.current)


def _seat(table: Table) -> Seat:
    return table.players[table.current]


def _with_seat(table: Table, seat: Seat) -> Table:
    players = list(table.players)
    players[table.current] = seat
    return replace(table, players=players)


def _move_tokens(counts: Counts, source: Counts, target: Counts) -> tuple[Counts, Counts]:
    """``source`` and ``target`` after ``counts`` go from one to the other."""
    return ({c: n - counts.get(c, 0) for c, n in source.items()},
            {c: n + counts.get(c, 0) for c, n in target.items()})


def _without(items: list[str], item: str) -> list[str]:
    return [other for other in items if other != item]


def _count(colours: tuple[str, ...]) -> Counts:
    return {colour: colours.count(colour) for colour in COLOURS if colour in colours}


def _by_colour(counts: tuple[int, ...]) -> Counts:
    """A move's token counts (index-aligned with ``COLOURS``) by colour name, zeros left out."""
    return {colour: n for colour, n in zip(COLOURS, counts, strict=True) if n}


def _letters(counts: Counts) -> str:
    return "".join(LETTER[colour] * counts.get(colour, 0) for colour in COLOURS)


def _amount(counts: Counts) -> tuple[int, ...]:
    """Gems by colour name as the five counts, in ``GEMS`` order, that a refusal carries."""
    return tuple(counts.get(colour, 0) for colour in GEMS)
