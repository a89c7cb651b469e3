"""The rules engine: immutable game states, legal moves, applying a move, scoring.

Every rule cited here is in the shared RULES.md by id. States are tuples underneath (fast to
build, hashable, compared by value); ``apply`` returns a new state and never changes the old one.

>>> state = new_game(players=2, seed=7)
>>> state.supply["red"], len(state.nobles), state.current_player
(4, 3, 0)
>>> move = Move.parse("+wbg")
>>> after = state.apply(move)
>>> after.players[0].tokens["white"], state.players[0].tokens["white"]
(1, 0)
>>> after.apply(Move.parse("+rr")).apply(Move.parse("+rr"))
Traceback (most recent call last):
...
splendor_nb.moves.IllegalMoveError: R-TAKE2: red has 2 tokens in the supply; taking 2 needs 4
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from itertools import chain, combinations, combinations_with_replacement, compress
from operator import itemgetter, sub
from typing import Final, NamedTuple, TypeVar

from splendor_nb.cards import (
    CARD_BY_ID,
    CARDS,
    COLOURS,
    GEMS,
    GOLD,
    NOBLE_BY_ID,
    NOBLES,
    Card,
    Noble,
)
from splendor_nb.moves import NO_TOKENS, PASS, IllegalMoveError, Move, MoveKind

WINNING_POINTS = 15
TOKEN_LIMIT = 10
RESERVE_LIMIT = 3
MARKET_SLOTS = 4
GEMS_PER_PLAYERS = {2: 4, 3: 5, 4: 7}
GOLD_TOKENS = 5
NO_BONUSES: tuple[int, ...] = (0, 0, 0, 0, 0)
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
_Dealer = Callable[[list[Card], int], Iterable[Card]]


class _Memo(dict[K, V]):
    """A dict that makes a missing value with ``make`` and starts afresh past ``size`` entries.

    A hit costs one dict lookup: about two thirds of what a ``functools.lru_cache`` call
    costs (callgrind, 3.11), with no LRU list to update.

    >>> squares = _Memo(lambda n: n * n, size=2)
    >>> squares[3], squares[4], squares[5], len(squares)
    (9, 16, 25, 1)
    """

    __slots__ = ("make", "size")

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        super().__init__()
        self.make = make
        self.size = size

    def __missing__(self, key: K) -> V:
        if len(self) >= self.size:
            self.clear()
        value = self[key] = self.make(key)
        return value


class PlayerState(NamedTuple):
    """One player's tableau. Token counts are index-aligned with ``COLOURS``."""

    token_counts: tuple[int, ...] = NO_TOKENS
    bonus_counts: tuple[int, ...] = NO_BONUSES
    cards: tuple[Card, ...] = ()
    reserved: tuple[Card, ...] = ()
    hidden: tuple[str, ...] = ()
    """Ids of the reserved cards taken blind from a deck (R-RESERVE-HIDDEN)."""
    nobles: tuple[Noble, ...] = ()
    points: int = 0

    @property
    def tokens(self) -> dict[str, int]:
        """Tokens held, per colour (gold included)."""
        return dict(zip(COLOURS, self.token_counts, strict=True))

    @property
    def bonuses(self) -> dict[str, int]:
        """Bonuses from purchased cards, per gem colour."""
        return dict(zip(GEMS, self.bonus_counts, strict=True))


class GameState(NamedTuple):
    """A position. Build one with :func:`new_game`; move on with :meth:`apply`.

    ``decks`` hold each tier's face-down cards with the top card last. ``market`` rows hold the
    face-up cards by slot, ``None`` for a slot left empty (R-REFILL).
    """

    players: tuple[PlayerState, ...]
    supply_counts: tuple[int, ...]
    market_rows: tuple[tuple[Card | None, ...], ...]
    decks: tuple[tuple[Card, ...], ...]
    nobles: tuple[Noble, ...]
    current_player: int = 0
    turn: int = 0
    """Turns played so far."""
    passes: int = 0
    """Consecutive passes just before this position (R-PASS)."""
    over: bool = False
    last_move: Move | None = None
    last_drawn: Card | None = None
    """The card revealed from a deck during the last turn (a refill or a blind reserve)."""
    seed: int | None = None

    # --- public views -------------------------------------------------------------------------

    @property
    def supply(self) -> dict[str, int]:
        """Tokens in the supply, per colour (gold included)."""
        return dict(zip(COLOURS, self.supply_counts, strict=True))

    @property
    def market(self) -> dict[int, tuple[Card | None, ...]]:
        """Face-up cards per tier 1..3, by slot; ``None`` marks an empty slot."""
        return {tier: row for tier, row in enumerate(self.market_rows, start=1)}

    @property
    def scores(self) -> tuple[int, ...]:
        """Prestige points per player (R-END-WIN)."""
        return tuple(p.points for p in self.players)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R-END-TRIGGER, or R-PASS by everyone)."""
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players' indices (several on a shared victory); empty while playing.

        R-END-WIN: most points, then fewest purchased cards; still tied, the victory is shared.
        """
        if not self.over:
            return ()
        best = max((p.points, -len(p.cards)) for p in self.players)
        return tuple(i for i, p in enumerate(self.players) if (p.points, -len(p.cards)) == best)

    @property
    def round(self) -> int:
        """The round being played, from 1 (a round is one turn of every player)."""
        return self.turn // len(self.players) + 1

    def __repr__(self) -> str:
        status = "over" if self.over else f"player {self.current_player} to move"
        return (f"<GameState {len(self.players)} players, turn {self.turn}, {status}, "
                f"scores {'-'.join(map(str, self.scores))}>")

    def _repr_html_(self) -> str:
        from splendor_nb.render import board_html  # display only: the engine stays Jupyter-free

        return board_html(self)

    def card_location(self, card_id: str) -> str:
        """Where a card is: ``"market"``, ``"deck"``, ``"reserved by N"`` or ``"bought by N"``.

        >>> new_game(seed=1).card_location(new_game(seed=1).market_rows[0][0].id)
        'market'
        """
        card = CARD_BY_ID[card_id]
        if any(card in row for row in self.market_rows):
            return "market"
        for i, player in enumerate(self.players):
            if card in player.reserved:
                return f"reserved by {i}"
            if card in player.cards:
                return f"bought by {i}"
        return "deck"

    # --- legal moves --------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every distinct full turn for the player to move, in a stable order.

        Buys (market by tier and slot, then reserved cards, paid the default way), then takes of
        three colours and of two, then reserves (face-up, then blind by tier); each with every
        way to return tokens above 10 and every noble that may visit.

        >>> len(new_game(seed=7).legal_moves())
        30
        """
        players, supply, rows, decks, nobles, me, _, _, over, _, _, _ = self
        if over:
            return []
        tokens, bonuses, cards, reserved, _, _, _ = players[me]
        face_up: tuple[Card, ...] = rows[0] + rows[1] + rows[2]  # type: ignore[assignment]
        if not all(face_up):  # some slot is empty: its deck ran out (R-REFILL)
            face_up = tuple(filter(None, face_up))
        w, b, g, r, k, gold = tokens
        bw, bb, bg, br, bk = bonuses
        verdicts = _VERDICTS[w + bw, b + bb, g + bg, r + br, k + bk, gold]
        # R-NOBLE: no noble asks for fewer than MIN_NOBLE_CARDS bonuses, so most turns skip it.
        due, after_buying = _PROSPECTS[nobles, bonuses] if len(cards) + 1 >= MIN_NOBLE_CARDS \
            and _NOBLE_REACH[bonuses][_NEAR] & _NOBLE_MASKS[nobles] else _NOBODY
        moves: list[Move] = []  # a loop, not a comprehension: 3.11 makes a function for those
        for card in face_up + reserved if reserved else face_up:
            if verdicts[card.order]:
                if after_buying is not None and after_buying[card.bonus_index]:
                    moves.extend(_buy_moves(card, after_buying[card.bonus_index]))
                else:
                    moves.append(_BUY[card])
        takes = _TAKES[bytes(supply).translate(_SHAPE_CODES)]
        total = w + b + g + r + k + gold
        if total <= TOKEN_LIMIT - 3 and not due:
            moves.extend(takes[_PLAIN])
        else:
            table = _TAKE_TABLES_WITH_NOBLES[tokens if total > TOKEN_LIMIT - 3 else NO_TOKENS,
                                             due] if due else _TAKE_TABLES[tokens]
            for take in takes[_IDS]:
                moves.extend(table[take])
        if len(reserved) < RESERVE_LIMIT:
            tiers = (1, 2, 3) if all(decks) else [t for t, deck in enumerate(decks, 1) if deck]
            gold_taken = 1 if supply[GOLD] else 0
            if total + gold_taken <= TOKEN_LIMIT and not due:
                moves.extend(map(_RESERVE.__getitem__, face_up))
                moves.extend(map(_RESERVE_BLIND.__getitem__, tiers))
            elif not due:
                pick = _RETURN_PICKERS[_return_key((w, b, g, r, k, gold + gold_taken))]
                for card in face_up:
                    moves.extend(pick(_RESERVE_BY_RETURN[card]))
                for tier in tiers:
                    moves.extend(pick(_by_return("reserve", NO_TOKENS, None, tier)))
            else:
                hand = (w, b, g, r, k, gold + gold_taken)
                for card in face_up:
                    moves.extend(_variants("reserve", NO_TOKENS, card.id, None, hand, due))
                for tier in tiers:
                    moves.extend(_variants("reserve", NO_TOKENS, None, tier, hand, due))
        if moves:
            return moves
        # R-PASS: nothing else is legal; R-NOBLE still applies at the end of the turn
        return [_interned("pass", NO_TOKENS, None, None, NO_TOKENS, noble) for noble in due] \
            if due else [PASS]

    # --- applying a move ----------------------------------------------------------------------

    def apply(self, move: Move, reveal: str | None = None) -> GameState:
        """The position after ``move``; raise :class:`IllegalMoveError` naming the rule broken.

        ``reveal`` names the card that comes off a deck during this turn (a refill or a blind
        reserve) when the deck order is not known, as when a game played on a table is typed in.
        """
        players, supply, market, decks, nobles, me, turn, passes, over, _, _, seed = self
        if over:
            raise IllegalMoveError("R-END-WIN", "the game is over")
        if reveal is not None:
            decks = self._with_reveal(move, reveal)
        tokens, bonuses, cards, reserved, hidden, owned, points = players[me]
        drawn: Card | None = None
        kind = move.kind
        returned = move.returned
        if kind == "take":
            gems = move.gems
            if gems not in _TAKES[bytes(supply).translate(_SHAPE_CODES)][_LEGAL]:
                raise _take_error(supply, gems)
            supply, tokens = _exchange(gems, returned, supply, tokens)
        elif kind == "buy":
            card = CARD_BY_ID[move.card or ""]
            if card in reserved:
                reserved = _without(reserved, card)
                if card.id in hidden:
                    hidden = _without(hidden, card.id)
            else:
                market, decks, drawn = self._take_from_market(card, decks, "buy")
            if move.payment is None:
                tokens, supply = _pay(card, tokens, bonuses, supply)
            else:
                paid = _payment(card, tokens, bonuses, move.payment)
                tokens, supply = _transfer(paid, tokens, supply)
            cards = (*cards, card)
            bonuses = _with(bonuses, card.bonus_index, bonuses[card.bonus_index] + 1)
            points += card.points
        elif kind == "reserve":
            if len(reserved) >= RESERVE_LIMIT:
                raise IllegalMoveError("R-RESERVE-LIMIT",
                                       f"player {me} already holds {len(reserved)} reserved cards")
            if move.card is None:
                tier = move.tier or 0
                if tier not in (1, 2, 3):
                    raise IllegalMoveError("R-RESERVE", f"there is no tier {tier} deck")
                deck = decks[tier - 1]
                if not deck:
                    raise IllegalMoveError("R-RESERVE", f"the tier {tier} deck is empty")
                card = drawn = deck[-1]
                decks = _with(decks, tier - 1, deck[:-1])
                hidden = (*hidden, card.id)
            else:
                card = CARD_BY_ID[move.card]
                market, decks, drawn = self._take_from_market(card, decks, "reserve")
            reserved = (*reserved, card)
            if supply[GOLD]:
                supply = (*supply[:GOLD], supply[GOLD] - 1)
                tokens = (*tokens[:GOLD], tokens[GOLD] + 1)
        elif kind == "pass":
            if any(other.kind != "pass" for other in self.legal_moves()):
                raise IllegalMoveError("R-PASS", "a player may pass only when no action is legal")
        else:
            raise IllegalMoveError("R-TURN", f"unknown action {kind!r}")
        if reveal is not None and drawn is None:
            raise IllegalMoveError("R-REFILL", f"no card comes off a deck in {move}, so "
                                   f"{reveal} cannot be revealed")
        if returned is not NO_TOKENS and kind != "take":  # a take returned them already
            tokens, supply = _transfer(returned, tokens, supply)
        total = sum(tokens)
        if total > TOKEN_LIMIT or (returned is not NO_TOKENS and (
                total != TOKEN_LIMIT or min(tokens) < 0)):
            _check_returns(tokens, returned)
        if move.noble is not None or (len(cards) >= MIN_NOBLE_CARDS and _NOBLE_REACH[
                bonuses][_DUE] & _NOBLE_MASKS[nobles]):
            visitor = _visiting_noble(nobles, bonuses, move)
            nobles = _without(nobles, visitor)
            owned = (*owned, visitor)
            points += visitor.points
            if move.noble is None:
                move = Move(move.kind, move.gems, move.card, move.tier, move.returned,
                            visitor.id, move.payment)
        seats = list(players)  # as in _with, inline: apply runs once per ply
        seats[me] = _new(PlayerState, (tokens, bonuses, cards, reserved, hidden, owned, points))
        players = tuple(seats)
        passes = passes + 1 if kind == "pass" else 0
        me += 1
        over = passes >= len(players)
        if me == len(players):  # R-END-TRIGGER: the round is over; has anyone reached 15?
            me = 0
            for player in players:
                if player.points >= WINNING_POINTS:
                    over = True
        return _new(GameState, (players, supply, market, decks, nobles, me, turn + 1, passes,
                                over, move, drawn, seed))

    def _take_from_market(self, card: Card, decks: tuple[tuple[Card, ...], ...], action: str
                          ) -> tuple[tuple[tuple[Card | None, ...], ...],
                                     tuple[tuple[Card, ...], ...], Card | None]:
        tier = card.tier - 1
        row = self.market_rows[tier]
        try:
            slot = row.index(card)
        except ValueError:
            rule = "R-BUY" if action == "buy" else "R-RESERVE"
            where = self.card_location(card.id)
            raise IllegalMoveError(rule, f"card {card.id} is not face-up in the market "
                                   f"(it is {where}); a player may {action} a face-up card"
                                   + (" or one of their own reserved cards" if action == "buy"
                                      else " or the top card of a deck")) from None
        # _with, spelled out: a third of the plies take a card from the market
        refilled = list(row)
        rows = list(self.market_rows)
        deck = decks[tier]
        if deck:
            refilled[slot] = drawn = deck[-1]
            remaining = list(decks)
            remaining[tier] = deck[:-1]
            decks = tuple(remaining)
        else:
            refilled[slot] = drawn = None
        rows[tier] = tuple(refilled)
        return tuple(rows), decks, drawn

    def _with_reveal(self, move: Move, reveal: str) -> tuple[tuple[Card, ...], ...]:
        card = CARD_BY_ID.get(reveal)
        if card is None:
            raise IllegalMoveError("R-REFILL", f"there is no card {reveal!r} to reveal")
        deck = self.decks[card.tier - 1]
        try:
            at = deck.index(card)
        except ValueError:
            raise IllegalMoveError("R-REFILL", f"card {reveal} cannot come off the tier "
                                   f"{card.tier} deck: it is {self.card_location(reveal)}"
                                   ) from None
        source = (move.tier if move.card is None else CARD_BY_ID[move.card].tier) \
            if move.kind in ("reserve", "buy") else None
        if source is not None and source != card.tier:
            raise IllegalMoveError("R-REFILL", f"{move} draws from the tier {source} deck, "
                                   f"but {reveal} is a tier {card.tier} card")
        return _with(self.decks, card.tier - 1, (*deck[:at], *deck[at + 1:], card))

    # --- hidden information -------------------------------------------------------------------

    def player_view(self, player: int) -> GameState:
        """What ``player`` may know: deck order and the others' blind reserves are hidden.

        The unseen cards of each tier (deck plus other players' blind reserves) are dealt back in
        a fixed order, so two states that differ only in what ``player`` cannot see give the
        same view (R-RESERVE-HIDDEN).

        >>> state = new_game(seed=3)
        >>> state.player_view(0) == new_game(seed=4).player_view(0)
        False
        >>> state.player_view(0).decks == state.player_view(1).decks
        True
        """
        return self._redeal(player, lambda cards, tier: sorted(cards, key=_card_order))

    def determinize(self, player: int, seed: int) -> GameState:
        """A random position consistent with what ``player`` sees: the unseen cards reshuffled."""
        return self._redeal(player, lambda cards, tier: _shuffled(
            sorted(cards, key=_card_order), seed, tier))

    def _redeal(self, viewer: int, order: _Dealer) -> GameState:
        unseen: list[list[Card]] = [list(deck) for deck in self.decks]
        for i, p in enumerate(self.players):
            if i != viewer:
                for card_id in p.hidden:
                    hidden_card = CARD_BY_ID[card_id]
                    unseen[hidden_card.tier - 1].append(hidden_card)
        dealt = [list(order(cards, tier)) for tier, cards in enumerate(unseen, start=1)]
        players = list(self.players)
        for i, p in enumerate(self.players):
            if i != viewer and p.hidden:
                swap = {}
                for card_id in p.hidden:
                    swap[card_id] = dealt[CARD_BY_ID[card_id].tier - 1].pop()
                reserved = tuple(swap.get(c.id, c) for c in p.reserved)
                players[i] = p._replace(reserved=reserved,
                                        hidden=tuple(swap[h].id for h in p.hidden))
        last_drawn = self.last_drawn
        if last_drawn is not None and self.last_move is not None and \
                self.last_move.kind == "reserve" and self.last_move.card is None and \
                (self.current_player - 1) % len(self.players) != viewer:
            last_drawn = None
        return self._replace(players=tuple(players), decks=tuple(tuple(d) for d in dealt),
                             last_drawn=last_drawn, seed=None)


def new_game(players: int = 2, seed: int | None = 0) -> GameState:
    """A new game for 2 to 4 players (R-SETUP-*); the same seed always deals the same game.

    >>> game = new_game(players=3, seed=11)
    >>> len(game.nobles), game.supply["blue"], [len(game.decks[t]) for t in range(3)]
    (4, 5, [36, 26, 16])
    """
    if players not in GEMS_PER_PLAYERS:
        raise ValueError(f"R-SETUP-PLAYERS: Splendor is for 2 to 4 players, not {players}")
    key = 0 if seed is None else seed
    decks = []
    market = []
    for tier in (1, 2, 3):
        deck = _shuffled(_TIER_CARDS[tier - 1], key, tier)
        market.append(tuple(deck[-1:-MARKET_SLOTS - 1:-1]))
        decks.append(tuple(deck[:-MARKET_SLOTS]))
    nobles = tuple(_shuffled(list(NOBLES), key, 0)[:players + 1])
    return setup(players, nobles, market, decks, seed=seed)


def setup(players: int, nobles: Sequence[Noble], market: Sequence[Sequence[Card | None]],
          decks: Sequence[Sequence[Card]] | None = None, seed: int | None = None) -> GameState:
    """A game from a known setup: the nobles revealed and the face-up cards per tier.

    Without ``decks``, the rest of each tier is the deck, its order unknown: pass each revealed
    card to :meth:`GameState.apply` as ``reveal``. This is how a game played on a table is typed in.

    >>> game = setup(2, [NOBLE_BY_ID[n] for n in ("N1", "N2", "N3")],
    ...              [[CARD_BY_ID[f"{t}w{i}"] for i in range(1, 5)] for t in (1, 2, 3)])
    >>> [len(d) for d in game.decks]
    [36, 26, 16]
    """
    if players not in GEMS_PER_PLAYERS:
        raise ValueError(f"R-SETUP-PLAYERS: Splendor is for 2 to 4 players, not {players}")
    rows = tuple(tuple(row) for row in market)
    if decks is None:
        shown = {c.id for row in rows for c in row if c is not None}
        decks = [sorted((c for c in CARDS if c.tier == t and c.id not in shown), key=_card_order)
                 for t in (1, 2, 3)]
    gems = GEMS_PER_PLAYERS[players]
    return GameState(
        players=tuple(PlayerState() for _ in range(players)),
        supply_counts=(gems, gems, gems, gems, gems, GOLD_TOKENS),
        market_rows=rows,
        decks=tuple(tuple(d) for d in decks),
        nobles=tuple(nobles),
        seed=seed,
    )


# A game loop asks ``is_over`` after every move: read the field in C, without a Python call.
GameState.is_over = property(  # type: ignore[assignment]
    itemgetter(GameState._fields.index("over")), doc=GameState.is_over.__doc__)


def _card_order(card: Card) -> int:
    return CARD_ORDER[card.id]


CARD_ORDER: dict[str, int] = {card.id: i for i, card in enumerate(CARDS)}
_TIER_CARDS = tuple(tuple(c for c in CARDS if c.tier == tier) for tier in (1, 2, 3))
_MASK = (1 << 64) - 1


def _shuffled(items: Sequence[T], seed: int, stream: int) -> list[T]:
    """Fisher-Yates with splitmix64: the same on every machine and Python version.

    The draws don't depend on each other, so all of them are computed at once, in 64-bit lanes
    of one integer spaced 128 bits apart (products stay in their lane): a few operations on one
    large integer instead of a dozen per card.

    >>> _shuffled(range(6), seed=7, stream=1)
    [0, 4, 3, 5, 2, 1]
    """
    shuffled = list(items)
    count = len(shuffled) - 1
    if count < 1:
        return shuffled
    ones, steps, low = _lanes(count)
    start = (seed * _GOLDEN_GAMMA + stream * _MIX1 + 1) & _MASK
    z = (start * ones + _GOLDEN_GAMMA * steps) & low  # lane k: the state after k + 1 steps
    z = ((z ^ ((z >> 30) & low)) * _MIX1) & low
    z = ((z ^ ((z >> 27) & low)) * _MIX2) & low
    z ^= (z >> 31) & low
    draws = struct.unpack(f"<{2 * count}Q", z.to_bytes(16 * count, "little"))[::2]
    for i, draw in zip(range(count, 0, -1), draws, strict=True):
        j = draw % (i + 1)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


@cache
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes: 1 in each, k + 1 in lane k, and the low 64 bits of each set."""
    ones = sum(1 << (128 * k) for k in range(count))
    return ones, sum((k + 1) << (128 * k) for k in range(count)), ones * _MASK


_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _take_error(supply: tuple[int, ...], gems: tuple[int, ...]) -> IllegalMoveError:
    """Why taking ``gems`` from ``supply`` is not one of the legal takes (R-TAKE3, R-TAKE2)."""
    if gems[GOLD]:
        return IllegalMoveError("R-TAKE3", "gold cannot be taken; it comes only with a reserve")
    count = sum(gems)
    if count == 2 and 2 in gems and min(gems) == 0:
        colour = gems.index(2)
        return IllegalMoveError("R-TAKE2", f"{GEMS[colour]} has {supply[colour]} tokens in the "
                                "supply; taking 2 needs 4")
    if count > 3 or max(gems) > 1 or min(gems) < 0 or not count:
        return IllegalMoveError("R-TAKE3", "take 3 tokens of different colours, or 2 of one "
                                "colour (R-TAKE2)")
    for i, taken in enumerate(gems[:GOLD]):
        if taken and not supply[i]:
            return IllegalMoveError("R-TAKE3", f"there is no {GEMS[i]} token in the supply")
    available = sum(1 for n in supply[:GOLD] if n)
    return IllegalMoveError("R-TAKE3", f"{available} colours are in the supply, so take "
                            f"{min(3, available)} different ones, not {count}")


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Two counts of the six colours added (spelled out: three times faster than ``map``)."""
    w, u, g, r, k, y = a
    dw, du, dg, dr, dk, dy = b
    return (w + dw, u + du, g + dg, r + dr, k + dk, y + dy)


def _transfer(counts: tuple[int, ...], source: tuple[int, ...], target: tuple[int, ...]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``source`` and ``target`` after ``counts`` of the six colours go from one to the other
    (one call for both: a call costs about as much as the arithmetic).

    >>> _transfer((1, 0, 0, 0, 0, 2), (4, 4, 4, 4, 4, 5), (0, 1, 0, 0, 0, 0))
    ((3, 4, 4, 4, 4, 3), (1, 1, 0, 0, 0, 2))
    """
    w, u, g, r, k, y = counts
    sw, su, sg, sr, sk, sy = source
    tw, tu, tg, tr, tk, ty = target
    return ((sw - w, su - u, sg - g, sr - r, sk - k, sy - y),
            (tw + w, tu + u, tg + g, tr + r, tk + k, ty + y))


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``index`` (through a list: faster than slicing and joining)."""
    copy = list(items)
    copy[index] = value
    return tuple(copy)


def _without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` without ``item``, which is among them (two slices: no generator to start).

    >>> _without(("1w1", "2b3", "3k1"), "2b3")
    ('1w1', '3k1')
    """
    at = items.index(item)
    return items[:at] + items[at + 1:]


def _pay(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...], supply: tuple[int, ...]
         ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The player's tokens and the supply after paying for ``card`` the default way: coloured
    tokens first, gold for the rest (R-BUY, R-BUY-GOLD).

    >>> _pay(CARD_BY_ID["1w1"], (0, 0, 0, 1, 1, 1), NO_BONUSES, (4, 4, 4, 4, 4, 5))
    ((0, 0, 0, 0, 0, 0), (4, 4, 4, 5, 5, 6))
    """
    kept = list(tokens)
    returned = list(supply)
    gold = 0
    for colour in card.colours:  # the colours the card costs
        price = card.costs[colour] - bonuses[colour]
        if price > 0:
            held = kept[colour]
            if price > held:
                gold += price - held
                price = held
            kept[colour] = held - price
            returned[colour] += price
    if gold > kept[GOLD]:
        raise _unaffordable(card, tokens, bonuses)
    kept[GOLD] -= gold
    returned[GOLD] += gold
    return tuple(kept), tuple(returned)


def _payment(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...],
             payment: tuple[int, ...]) -> tuple[int, ...]:
    """``payment`` for ``card``, checked against the tokens held and the price (R-BUY-GOLD)."""
    price = _price(card, bonuses)
    for i in range(6):
        if payment[i] > tokens[i]:
            raise IllegalMoveError("R-BUY-GOLD", f"the payment uses {payment[i]} {COLOURS[i]} "
                                   f"but the player holds {tokens[i]}")
    for i in range(5):
        if payment[i] > price[i]:
            raise IllegalMoveError("R-BUY-GOLD", f"the payment gives {payment[i]} {GEMS[i]} but "
                                   f"card {card.id} asks {price[i]} {GEMS[i]} after bonuses")
    if sum(price) - sum(payment[:5]) != payment[GOLD]:
        raise IllegalMoveError("R-BUY-GOLD", f"card {card.id} costs {_price_text(price)} after "
                               "bonuses; gold must cover exactly what coloured tokens do not")
    return payment


def _unaffordable(card: Card, tokens: tuple[int, ...], bonuses: tuple[int, ...]
                 ) -> IllegalMoveError:
    price = _price(card, bonuses)
    missing = ", ".join(f"{p - t} {GEMS[i]}" for i, (p, t) in enumerate(zip(price, tokens))
                        if p > t)
    return IllegalMoveError("R-BUY", f"card {card.id} costs {_price_text(price)} after bonuses; "
                            f"player lacks {missing} and has {tokens[GOLD]} gold")


def _price(card: Card, bonuses: tuple[int, ...]) -> tuple[int, ...]:
    """What ``card`` costs in tokens, per gem colour, after these bonuses (R-BUY)."""
    return tuple(map(max, map(sub, card.costs, bonuses), NO_BONUSES))


def _price_text(price: Sequence[int]) -> str:
    return ", ".join(f"{n} {GEMS[i]}" for i, n in enumerate(price) if n) or "nothing"


def _exchange(gems: tuple[int, ...], returned: tuple[int, ...], supply: tuple[int, ...],
              tokens: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The supply and the player's tokens after taking ``gems`` and returning ``returned``
    (a take's whole exchange in one call; :func:`_check_returns` checks the returns).

    >>> _exchange((1, 1, 1, 0, 0, 0), (0, 0, 0, 0, 0, 1), (4, 4, 4, 4, 4, 4), (3, 3, 0, 0, 0, 1))
    ((3, 3, 3, 4, 4, 5), (4, 4, 1, 0, 0, 0))
    """
    w, u, g, r, k, y = gems
    rw, ru, rg, rr, rk, ry = returned
    sw, su, sg, sr, sk, sy = supply
    tw, tu, tg, tr, tk, ty = tokens
    return ((sw - w + rw, su - u + ru, sg - g + rg, sr - r + rr, sk - k + rk, sy - y + ry),
            (tw + w - rw, tu + u - ru, tg + g - rg, tr + r - rr, tk + k - rk, ty + y - ry))


def _check_returns(kept: tuple[int, ...], returned: tuple[int, ...]) -> None:
    """Raise the error that fits if ``returned`` does not bring the hand down to exactly 10
    (R-LIMIT10); ``kept`` is what the player holds after returning them.

    >>> _check_returns((2, 3, 3, 2, 0, 0), (1, 0, 0, 0, 0, 0))
    >>> _check_returns((2, 3, 3, 2, 0, 0), (0, 0, 0, 0, 0, 0))
    >>> _check_returns((3, 3, 3, 2, 0, 0), (0, 0, 0, 0, 0, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splendor_nb.moves.IllegalMoveError: R-LIMIT10: the player holds 11 tokens and must return 1...
    """
    held = _plus(kept, returned)
    total = sum(held)
    count = sum(returned)
    if total <= TOKEN_LIMIT:
        if count:
            raise IllegalMoveError("R-LIMIT10", f"the player holds {total} tokens, so returns "
                                   "nothing")
        return
    if total - count != TOKEN_LIMIT:
        raise IllegalMoveError("R-LIMIT10", f"the player holds {total} tokens and must return "
                               f"{total - TOKEN_LIMIT}, not {count}")
    if min(kept) < 0:
        i = min(range(6), key=kept.__getitem__)
        raise IllegalMoveError("R-LIMIT10", f"the player returns {returned[i]} {COLOURS[i]} "
                               f"but holds {held[i]}")


def _visiting_noble(nobles: tuple[Noble, ...], bonuses: tuple[int, ...], move: Move) -> Noble:
    """The noble that visits: the one the move names, else the only one due (R-NOBLE)."""
    due_mask = _NOBLE_REACH[bonuses][_DUE]
    if move.noble is not None:
        chosen = NOBLE_BY_ID[move.noble]
        if chosen not in nobles or not due_mask & _NOBLE_BYTES[chosen]:
            why = "is not on the table" if chosen not in nobles else "requires " + ", ".join(
                f"{need} {GEMS[i]}" for i, need in enumerate(chosen.needs) if need)
            raise IllegalMoveError("R-NOBLE", f"noble {chosen.id} cannot visit: it {why}")
        return chosen
    due = [noble for noble in nobles if due_mask & _NOBLE_BYTES[noble]]
    if len(due) > 1:
        raise IllegalMoveError("R-NOBLE", "several nobles may visit ("
                               + ", ".join(n.id for n in due) + "); the move must name one")
    return due[0]


def _verdicts(means: tuple[int, ...]) -> bytes:
    """One byte per card of ``CARDS``: 1 if it can be bought with these means, else 0 (R-BUY).

    ``means`` are, per gem colour, the tokens plus the bonuses, then the gold tokens, which fill
    the gaps. Every card is checked at once: ``_SHORTFALLS`` give, per colour and means, one
    integer holding each card's shortfall in its own byte. Their sum plus ``127 - gold`` in every
    byte sets a byte's top bit exactly when the card costs too much.

    >>> verdicts = _verdicts((0, 0, 0, 2, 1, 0))
    >>> [card.id for card in CARDS[:3] if verdicts[card.order]]
    ['1w1']
    """
    w, b, g, r, k, gold = means
    white, blue, green, red, black = _SHORTFALLS
    return (white[w] + blue[b] + green[g] + red[r] + black[k] + _GOLD_OFFSETS[gold]).to_bytes(
        len(CARDS), "little").translate(_WITHIN_REACH)


_MOST_OF_A_COLOUR = max(GEMS_PER_PLAYERS.values()) + max(
    sum(card.bonus_index == colour for card in CARDS) for colour in range(5))
_SHORTFALLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(max(0, card.costs[colour] - means) << (8 * i) for i, card in enumerate(CARDS))
          for means in range(_MOST_OF_A_COLOUR + 1))
    for colour in range(5))
"""Per gem colour and means: every card's shortfall in that colour, one byte per card."""
_GOLD_OFFSETS = tuple(sum((127 - gold) << (8 * i) for i in range(len(CARDS)))
                      for gold in range(GOLD_TOKENS + 1))
_WITHIN_REACH = bytes(1 if byte < 128 else 0 for byte in range(256))


def _gem_counts(colours: tuple[int, ...]) -> tuple[int, ...]:
    """Token counts per colour; no colours gives ``NO_TOKENS`` itself, which ``apply`` tests by
    identity to skip returning tokens.
    """
    counts = [0] * 6
    for colour in colours:
        counts[colour] += 1
    return tuple(counts) if colours else NO_TOKENS


_SHAPE_CODES = bytes(0 if n == 0 else 2 if n >= 4 else 1 for n in range(256))
"""``bytes(supply).translate(_SHAPE_CODES)`` is the supply's shape: per colour, 0 for no token,
1 for some, 2 for at least 4 (all that R-TAKE3 and R-TAKE2 look at)."""


_TAKE_GEMS: tuple[tuple[int, ...], ...] = tuple(
    _gem_counts(colours) for count in (3, 2, 1) for colours in combinations(range(5), count)
) + tuple(_gem_counts((i, i)) for i in range(5))
"""Every take there may be (R-TAKE3, R-TAKE2); a take's id is its index here."""
_TAKE_IDS = {gems: i for i, gems in enumerate(_TAKE_GEMS)}


def _takes(shape: bytes) -> tuple[tuple[int, ...], frozenset[tuple[int, ...]], tuple[Move, ...]]:
    """The legal takes from a supply of this shape (see ``_SHAPE_CODES``): at ``_IDS`` their
    ids in ``_TAKE_GEMS``, at ``_LEGAL`` the gems they take, at ``_PLAIN`` their moves for a
    hand that stays within 10 with no noble due. A plain tuple: 3.11 specialises indexing a
    tuple, not reading a NamedTuple's field.

    >>> [_TAKE_GEMS[i] for i in _takes(bytes((2, 0, 1, 0, 0, 1)))[_IDS]]
    [(1, 0, 1, 0, 0, 0), (2, 0, 0, 0, 0, 0)]
    """
    available = [i for i in range(5) if shape[i]]
    three = [_gem_counts(c) for c in combinations(available, min(3, len(available)))
             if available]
    gems = (*three, *(_gem_counts((i, i)) for i in range(5) if shape[i] == 2))
    ids = tuple(map(_TAKE_IDS.__getitem__, gems))
    plain = tuple(chain.from_iterable(map(_TAKE_TABLES[NO_TOKENS].__getitem__, ids)))
    return ids, frozenset(gems), plain


_IDS: Final = 0
_LEGAL: Final = 1
_PLAIN: Final = 2


class _TakeTable(dict[int, tuple[Move, ...]]):
    """For one hand: each take's moves (every return above 10, every noble), by take id, made
    when asked."""

    def __init__(self, tokens: tuple[int, ...], due: tuple[str, ...]) -> None:
        super().__init__()
        self.held = tokens
        self.due = due

    def __missing__(self, take: int) -> tuple[Move, ...]:
        gems = _TAKE_GEMS[take]
        hand = _plus(self.held, gems)
        if self.due:
            moves = self[take] = _variants("take", gems, None, None, hand, self.due)
        else:  # many hands share a return key: their moves are made once
            moves = self[take] = _TAKE_MOVES[take, _return_key(hand)]
        return moves


def _variants(kind: MoveKind, gems: tuple[int, ...], card: str | None, tier: int | None,
              hand: tuple[int, ...], due: tuple[str, ...]) -> tuple[Move, ...]:
    """One action with every way to return tokens above 10 and every noble that may visit."""
    return tuple(_interned(kind, gems, card, tier, returned, noble)
                 for returned in _returns(hand) for noble in due)


_ALL_RETURNS: tuple[tuple[int, ...], ...] = tuple(
    _gem_counts(colours) for count in range(4)
    for colours in combinations_with_replacement(range(6), count))
"""Every return of up to 3 tokens (a turn adds at most 3 tokens, R-LIMIT10), in a fixed order."""
_RETURNS_OF_SIZE = tuple(tuple(i for i, returned in enumerate(_ALL_RETURNS) if sum(returned) == n)
                         for n in range(4))


def _returns(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every multiset of tokens that brings ``hand`` down to 10 (R-LIMIT10).

    >>> _returns((0, 0, 0, 0, 10, 1))
    ((0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 1))
    """
    return tuple(map(_ALL_RETURNS.__getitem__, _returns_within(_return_key(hand))))


def _return_key(hand: tuple[int, ...]) -> bytes:
    """All that the returns bringing ``hand`` down to 10 depend on (R-LIMIT10): the excess,
    then each colour's count capped at it; empty when the hand stays within 10.

    >>> _return_key((0, 0, 0, 0, 10, 1)), _return_key((2, 2, 2, 2, 2, 0))
    (b'\\x01\\x00\\x00\\x00\\x00\\x01\\x01', b'')
    """
    excess = sum(hand) - TOKEN_LIMIT
    if excess <= 0:
        return b""
    return bytes((excess, *hand)).translate(_CAPPED_AT[excess])


_CAPPED_AT = tuple(bytes(min(n, cap) for n in range(256)) for cap in range(4))
"""``bytes(hand).translate(_CAPPED_AT[cap])``: each colour's count, at most ``cap``."""
_RETURN_FITS = tuple(
    tuple(tuple(sum(1 << (8 * j) for j, i in enumerate(of_size) if _ALL_RETURNS[i][colour] <= cap)
                for cap in range(excess + 1))
          for colour in range(6))
    for excess, of_size in enumerate(_RETURNS_OF_SIZE))
"""Per return size, colour and cap: which returns of that size fit, a byte per return."""


def _returns_within(key: bytes) -> tuple[int, ...]:
    """The returns that a :func:`_return_key` allows (as indices into ``_ALL_RETURNS``).

    Every return is checked at once, as in :func:`_verdicts`: ``_RETURN_FITS`` give, per colour
    and cap, an integer with a byte per return of that size, 1 where it fits under the cap.

    >>> [_ALL_RETURNS[i] for i in _returns_within(bytes((2, 0, 0, 0, 0, 2, 1)))]
    [(0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 1, 1)]
    """
    if not key:
        return (0,)
    excess, w, b, g, r, k, y = key
    white, blue, green, red, black, gold = _RETURN_FITS[excess]
    of_size = _RETURNS_OF_SIZE[excess]
    fits = white[w] & blue[b] & green[g] & red[r] & black[k] & gold[y]
    return tuple(compress(of_size, fits.to_bytes(len(of_size), "little")))


@cache
def _by_return(kind: MoveKind, gems: tuple[int, ...], card: str | None, tier: int | None
               ) -> tuple[Move, ...]:
    """The action with each return of ``_ALL_RETURNS``, in that order."""
    return tuple(_interned(kind, gems, card, tier, returned, None) for returned in _ALL_RETURNS)


def _return_picker(key: bytes) -> Callable[[tuple[Move, ...]], tuple[Move, ...]]:
    """Picks, out of a :func:`_by_return` table, the moves that a :func:`_return_key` allows."""
    indices = _returns_within(key)
    if len(indices) == 1:
        return itemgetter(slice(indices[0], indices[0] + 1))
    return itemgetter(*indices)


_Prospects = tuple[tuple[str, ...], tuple[tuple[str, ...], ...] | None]


def _prospects(key: tuple[tuple[Noble, ...], tuple[int, ...]]) -> _Prospects:
    """For the nobles on the table and a player's bonuses (R-NOBLE): the nobles due now, and
    per colour of one more card bought, the nobles then due (``None`` when no purchase brings
    one). A plain tuple, as in :func:`_noble_reach`.

    >>> _prospects(((NOBLE_BY_ID["N1"],), (0, 0, 0, 4, 3)))
    ((), ((), (), (), (), ('N1',)))
    """
    nobles, bonuses = key
    due: list[str] = []
    after: list[list[str]] | None = None
    has_w, has_u, has_g, has_r, has_k = bonuses
    for noble in nobles:
        w, u, g, r, k = noble.needs
        lacking = (w - has_w, u - has_u, g - has_g, r - has_r, k - has_k)  # as in _plus
        most = max(lacking)
        if most <= 0:
            due.append(noble.id)
            if after is not None:
                for ids in after:
                    ids.append(noble.id)
        elif most == 1 and lacking.count(1) == 1:
            if after is None:  # a due noble visits whatever is bought
                after = [due[:], due[:], due[:], due[:], due[:]]
            after[lacking.index(1)].append(noble.id)
    if after is None:
        return tuple(due), (tuple(due),) * 5 if due else None
    return tuple(due), tuple(map(tuple, after))


_NOBODY: _Prospects = ((), None)


def _noble_reach(bonuses: tuple[int, ...]) -> tuple[int, int]:
    """The nobles within reach of these bonuses, every noble at once (as in _verdicts).

    Two masks with a byte per noble of ``NOBLES``, 1 for yes: at ``_DUE``, the nobles these
    bonuses bring now; at ``_NEAR``, those they bring now or after buying one more card. A plain
    tuple, not a NamedTuple: 3.11 specialises indexing a tuple, not reading a field.

    >>> reach = _noble_reach((0, 0, 0, 4, 3))
    >>> reach[_DUE], reach[_NEAR] == _NOBLE_MASKS[(NOBLE_BY_ID["N1"],)]
    (0, True)
    """
    w, b, g, r, k = bonuses
    white, blue, green, red, black = _NOBLE_GAPS
    gaps = (white[w] + blue[b] + green[g] + red[r] + black[k]).to_bytes(len(NOBLES), "little")
    return (int.from_bytes(gaps.translate(_NONE_LEFT), "little"),
            int.from_bytes(gaps.translate(_AT_MOST_ONE_LEFT), "little"))


_DUE, _NEAR = 0, 1


_NOBLE_GAPS = tuple(
    tuple(sum(max(0, noble.needs[colour] - bonus) << (8 * i) for i, noble in enumerate(NOBLES))
          for bonus in range(len(CARDS)))
    for colour in range(5))
"""Per gem colour and bonus count: how many bonuses each noble still lacks, a byte per noble."""
_NONE_LEFT = bytes(1 if gap == 0 else 0 for gap in range(256))
_AT_MOST_ONE_LEFT = bytes(1 if gap <= 1 else 0 for gap in range(256))
_NOBLE_BYTES = {noble: 1 << (8 * i) for i, noble in enumerate(NOBLES)}


@lru_cache(maxsize=1 << 12)
def _buy_moves(card: Card, visitors: tuple[str, ...]) -> tuple[Move, ...]:
    """Buying ``card`` with each noble that may then visit (R-NOBLE)."""
    return tuple(_interned("buy", NO_TOKENS, card.id, None, NO_TOKENS, noble)
                 for noble in visitors)


@cache
def _interned(kind: MoveKind, gems: tuple[int, ...], card: str | None, tier: int | None,
              returned: tuple[int, ...], noble: str | None) -> Move:
    """One shared object per distinct generated move (a few thousand in all)."""
    return Move(kind, gems, card, tier, returned, noble)


_BUY: dict[Card, Move] = {c: Move("buy", card=c.id) for c in CARDS}
_RESERVE: dict[Card, Move] = {c: Move("reserve", card=c.id) for c in CARDS}
_RESERVE_BY_RETURN: _Memo[Card, tuple[Move, ...]] = _Memo(
    lambda card: _by_return("reserve", NO_TOKENS, card.id, None), len(CARDS))
_RESERVE_BLIND: dict[int, Move] = {tier: Move("reserve", tier=tier) for tier in (1, 2, 3)}
MIN_NOBLE_CARDS = min(sum(n.needs) for n in NOBLES)
_SHAPES = 3 ** 6
"""How many supply shapes there are (see ``_SHAPE_CODES``): the memo below never forgets."""
_TAKES = _Memo(_takes, _SHAPES)
"""The legal takes per supply shape: computing the shape costs less than looking up the supply
in a memo, and this memo stays small enough for the processor's caches."""
_VERDICTS = _Memo(_verdicts, 1 << 16)
_NOBLE_REACH = _Memo(_noble_reach, 1 << 14)
_PROSPECTS = _Memo(_prospects, 1 << 12)
_TAKE_TABLES: _Memo[tuple[int, ...], _TakeTable] = _Memo(
    lambda tokens: _TakeTable(tokens, ()), 1 << 14)
"""Per hand of tokens, the moves of each take (see :class:`_TakeTable`), no noble due."""
_TAKE_TABLES_WITH_NOBLES: _Memo[tuple[tuple[int, ...], tuple[str, ...]], _TakeTable] = _Memo(
    lambda key: _TakeTable(*key), 1 << 12)
"""The same, per hand and nobles due (the hand is ``NO_TOKENS`` when it stays within 10)."""
_RETURN_PICKERS = _Memo(_return_picker, 1 << 14)
"""Per :func:`_return_key` (a few thousand at most), its return picker."""
_TAKE_MOVES: _Memo[tuple[int, bytes], tuple[Move, ...]] = _Memo(
    lambda key: _RETURN_PICKERS[key[1]](_by_return("take", _TAKE_GEMS[key[0]], None, None)),
    1 << 16)
"""Per take id and :func:`_return_key` of the hand after it, the take's moves, no noble due."""
_NOBLE_MASKS: _Memo[tuple[Noble, ...], int] = _Memo(
    lambda nobles: sum(map(_NOBLE_BYTES.__getitem__, nobles)), 1 << 12)
"""The nobles of a table, a byte per noble of ``NOBLES`` (as in :func:`_noble_reach`)."""
_new = tuple.__new__
"""Builds a state from a tuple of all its fields, skipping NamedTuple's argument handling."""

__all__ = ["GameState", "IllegalMoveError", "Move", "PlayerState", "new_game", "setup"]
