"""Properties of the engine over random games (hypothesis): tokens and cards conserved, limits
kept, every game ended with winners, states never changed, moves that round-trip, hidden
information hidden; and what makes two states equal."""

from __future__ import annotations

import copy
import functools
import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_nb import CARDS, IllegalMoveError, Move, new_game
from splendor_nb.engine import (
    GEMS_PER_PLAYERS,
    GOLD_TOKENS,
    RESERVE_LIMIT,
    TOKEN_LIMIT,
    GameState,
    reference,
)
from splendor_nb.moves import NO_TOKENS
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


def vandalise(state: GameState) -> None:
    """Change every mapping and list that ``state`` hands out, as careless callers would."""
    state.supply.clear()
    state.market.clear()
    state.legal_moves().clear()
    for player in state.players:
        player.tokens.clear()
        player.bonuses.clear()


@settings(max_examples=15, deadline=None)
@given(games)
def test_apply_never_changes_the_old_state(game: tuple[int, int]) -> None:
    states = random_game(*game)
    for before, after in itertools.pairwise(states):
        seen, key, moves = reference.from_state(before), hash(before), before.legal_moves()
        vandalise(before)
        for move in random.Random(key).sample(moves, min(3, len(moves))):
            before.apply(move)
        assert reference.from_state(before) == seen and hash(before) == key
        assert before.legal_moves() == moves
        assert after.last_move is not None and before.apply(after.last_move) == after


def played(state: GameState, *moves: str) -> GameState:
    for move in moves:
        state = state.apply(Move.parse(move))
    return state


def test_a_position_reached_two_ways_is_one_state() -> None:
    start = new_game(players=2, seed=7)
    one = played(start, "+wbg", "+rkw", "+rkb")
    other = played(start, "+rkb", "+rkw", "+wbg")  # a transposition: the same tokens each
    assert one.last_turn != other.last_turn
    assert one == other and (one != other) is False and hash(one) == hash(other)
    assert len({one, other}) == 1 and {one: "seen"}[other] == "seen"
    assert played(start, "+rkb", "+rkw", "+wbk") != one  # black, not green: another position


def test_what_is_not_the_position_does_not_count() -> None:
    state = played(new_game(players=3, seed=2), "+wbg", "+rgk")
    assert state._replace(turn=40, seed=None, last_turn=None) == state
    # the passes and R-REPEAT's positions decide how the game may end: they count
    assert state._replace(passes=1) != state
    assert state._replace(repeats=((state.players, 2),)) != state
    assert state._replace(current_player=0) != state


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


def test_a_move_listed_is_taken_a_move_added_to_the_list_is_still_checked() -> None:
    state = played(new_game(players=2, seed=7), "+rr")  # red left at 2: another +rr breaks R-TAKE2
    moves = state.legal_moves()
    take = Move.parse("+gg")
    assert take in moves
    assert state.apply(take) == state._replace().apply(take)  # a copy: checked rule by rule
    moves.append(Move.parse("+rr"))  # a caller's list is its own: apply keeps what it listed
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(Move.parse("+rr"))
    assert refused.value.rule == "R-TAKE2"
    state.legal_moves()
    other = state.apply(Move.parse("+wbg"))  # green left at 3: +gg, listed above, is refused
    with pytest.raises(IllegalMoveError) as refused:
        other.apply(take)
    assert refused.value.rule == "R-TAKE2"


def test_moves_are_interned_and_stay_so_through_pickle_and_copy() -> None:
    move = Move.parse("+wbg -ky")
    assert Move("take", (1, 1, 1, 0, 0, 0), returned=(0, 0, 0, 0, 1, 1)) is move
    assert pickle.loads(pickle.dumps(move)) is move and copy.deepcopy(move) is move
    assert Move("take", (1, 1, 1, 0, 0, 0), returned=(0,) * 6).returned is NO_TOKENS
    with pytest.raises(AttributeError, match="immutable"):
        move.kind = "pass"
