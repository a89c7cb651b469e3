"""Properties of the engine over random games (hypothesis): the 'Facts for checks' of RULES.md."""

from __future__ import annotations

import functools
import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_nb import CARDS, Move
from splendor_nb.engine import GEMS_PER_PLAYERS, GOLD_TOKENS, RESERVE_LIMIT, TOKEN_LIMIT, GameState
from support.games import random_states

MAX_PLIES = 2000


# A game played to its end by a random player who buys, most of the time, when it can.
random_game = functools.partial(random_states, max_turns=MAX_PLIES, buy_chance=0.8)


games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32))


def check_position(state: GameState) -> None:
    players = len(state.players)
    start = (GEMS_PER_PLAYERS[players],) * 5 + (GOLD_TOKENS,)
    for colour in range(6):  # token conservation
        held = sum(p.token_counts[colour] for p in state.players)
        assert state.supply_counts[colour] + held == start[colour]
        assert state.supply_counts[colour] >= 0
    places = [c for deck in state.decks for c in deck]
    places += [c for row in state.market_rows for c in row if c is not None]
    for p in state.players:
        places += [*p.reserved, *p.cards]
        # R-LIMIT10, R-RESERVE-LIMIT at the end of every turn
        assert sum(p.token_counts) <= TOKEN_LIMIT and len(p.reserved) <= RESERVE_LIMIT
        assert min(p.token_counts) >= 0
        assert p.points == sum(c.points for c in p.cards) + 3 * len(p.nobles)
        assert p.bonus_counts == tuple(sum(c.bonus_index == i for c in p.cards) for i in range(5))
        assert set(p.hidden) <= {c.id for c in p.reserved}
    assert sorted(c.id for c in places) == sorted(c.id for c in CARDS)  # card conservation
    owned_nobles = [n for p in state.players for n in p.nobles]
    assert len(owned_nobles) + len(state.nobles) == players + 1


@settings(max_examples=25, deadline=None)
@given(games)
def test_conservation_limits_and_points(game: tuple[int, int]) -> None:
    for state in random_game(*game):
        check_position(state)


@settings(max_examples=25, deadline=None)
@given(games)
def test_every_game_ends_with_winners(game: tuple[int, int]) -> None:
    final = random_game(*game)[-1]
    assert final.is_over and final.legal_moves() == []
    best = max(final.scores)
    assert final.winners and all(final.scores[w] == best for w in final.winners)
    assert best >= 15 or final.passes >= len(final.players)


@settings(max_examples=15, deadline=None)
@given(games)
def test_apply_never_changes_the_old_state(game: tuple[int, int]) -> None:
    states = random_game(*game)
    snapshots = [tuple(s) for s in states]
    for before, after in itertools.pairwise(states):
        assert after.last_move is not None
        assert before.apply(after.last_move) == after
    assert [tuple(s) for s in states] == snapshots


@settings(max_examples=15, deadline=None)
@given(games)
def test_legal_moves_round_trip_distinct_and_apply(game: tuple[int, int]) -> None:
    for state in random_game(*game)[::7]:
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert Move.parse(str(move)) == move
        for move in random.Random(len(moves)).sample(moves, min(5, len(moves))):
            state.apply(move)


@settings(max_examples=10, deadline=None)
@given(games)
def test_player_view_hides_only_what_is_hidden(game: tuple[int, int]) -> None:
    for state in random_game(*game)[::5]:
        for viewer in range(len(state.players)):
            view = state.player_view(viewer)
            check_position(view)
            assert view.market_rows == state.market_rows and view.supply == state.supply
            assert view.players[viewer] == state.players[viewer]
            assert view.legal_moves() == state.legal_moves() or viewer != state.current_player
            assert [len(d) for d in view.decks] == [len(d) for d in state.decks]
            check_position(state.determinize(viewer, seed=viewer))


def naive_can_buy(state: GameState, card_id: str) -> bool:
    """R-BUY spelled out: tokens and bonuses pay each colour, gold covers what is missing."""
    player = state.players[state.current_player]
    card = next(c for c in CARDS if c.id == card_id)
    short = sum(max(0, cost - bonus - held) for cost, bonus, held
                in zip(card.costs, player.bonus_counts, player.token_counts))
    return short <= player.token_counts[-1]


def naive_visitors(state: GameState, card_id: str) -> set[str]:
    """R-NOBLE spelled out: the nobles whose needs the bonuses meet once the card is bought."""
    player = state.players[state.current_player]
    card = next(c for c in CARDS if c.id == card_id)
    bonuses = list(player.bonus_counts)
    bonuses[card.bonus_index] += 1
    return {n.id for n in state.nobles if all(b >= need for b, need in zip(bonuses, n.needs))}


@settings(max_examples=20, deadline=None)
@given(games)
def test_r_buy_r_noble_buys_offered_are_exactly_the_affordable_cards(game: tuple[int, int]
                                                                     ) -> None:
    for state in random_game(*game):
        if state.is_over:
            continue
        player = state.players[state.current_player]
        offered = [c.id for row in state.market_rows for c in row if c] + \
            [c.id for c in player.reserved]
        buys = [m for m in state.legal_moves() if m.kind == "buy"]
        bought = {m.card or "" for m in buys}
        assert sorted(bought) == sorted(c for c in offered if naive_can_buy(state, c))
        for card_id in bought:
            nobles = {m.noble for m in buys if m.card == card_id}
            expected: set[str | None] = set(naive_visitors(state, card_id))
            assert nobles == (expected or {None})
