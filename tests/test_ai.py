"""The AI players: legal moves only, hidden information unseen, deterministic, and stronger with
search."""

from __future__ import annotations

import pytest

from splendor_nb import GameState, new_game
from splendor_nb.ai import LEVELS, Bot, evaluate
from splendor_nb.moves import PASS
from support.games import blind_reserve_positions

TINY = 40
"""A hard budget small enough for whole test games."""
LEVEL_CASES = [pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level
               for level in LEVELS]
"""Every level; the expert's cases, a minute between them, are left out of ``make check``."""


def play(bots: list[Bot], seed: int, players: int, check: bool = True) -> list[GameState]:
    """Play a whole game; with ``check``, assert every chosen move is legal."""
    state = new_game(players=players, seed=seed)
    states = [state]
    while not state.is_over:
        assert state.turn < 1000, "game does not end"
        move = bots[state.current_player].choose(state)
        if check:
            assert move in state.legal_moves(), f"{move} is not legal at turn {state.turn}"
        state = state.apply(move)
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_easy_and_medium_play_only_legal_moves(players: int, seed: int) -> None:
    """Every move the bots choose is one of ``legal_moves()``, at every player count,
    in whole games (returns above 10, R-LIMIT10, and nobles, R-NOBLE, included)."""
    bots = [Bot(("easy", "medium")[(seat + seed) % 2], seed=seed * 10 + seat)
            for seat in range(players)]
    states = play(bots, seed, players)
    assert states[-1].is_over
    kinds = {s.last_move.kind for s in states[1:] if s.last_move is not None}
    assert {"take", "buy"} <= kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_plays_only_legal_moves(players: int) -> None:
    """The same for the search bot, with a tiny budget so whole games stay quick."""
    bots = [Bot("hard", seed=seat, budget=TINY) if seat == 0 else Bot("medium", seed=seat)
            for seat in range(players)]
    assert play(bots, 100 + players, players)[-1].is_over


def test_a_forced_pass_is_returned() -> None:
    """R-PASS: when no action is legal, every level passes."""
    state = new_game(players=2, seed=1)
    blocked = state._replace(supply_counts=(0, 0, 0, 0, 0, 0), market_rows=((), (), ()),
                             decks=((), (), ()))
    assert blocked.legal_moves() == [PASS]
    for level in LEVELS:
        assert Bot(level, seed=1).choose(blocked) == PASS


@pytest.mark.parametrize("level", LEVEL_CASES)
def test_hidden_information_does_not_change_the_move(level: str) -> None:
    """R-RESERVE-HIDDEN: two states that differ only in the deck order and the opponent's blind
    reserve give the same move."""
    for state in blind_reserve_positions(tier=2):
        me = state.current_player
        assert state.players[1 - me].hidden, "the opponent holds a blind reserve"
        for deal in (1, 2, 3):
            other = state.determinize(me, deal)
            assert other.players[1 - me].hidden != state.players[1 - me].hidden or \
                other.decks != state.decks
            assert other.player_view(me) == state.player_view(me)
            assert Bot(level, seed=5, budget=TINY * 5).choose(other) == \
                Bot(level, seed=5, budget=TINY * 5).choose(state)


@pytest.mark.parametrize("level", LEVEL_CASES)
def test_same_seed_same_game(level: str) -> None:
    """Determinism: seeded bots replay the same game, move for move."""
    def moves(seed: int) -> list[str]:
        bots = [Bot(level, seed=seed, budget=TINY), Bot("easy", seed=seed + 1)]
        return [str(s.last_move) for s in play(bots, 9, 2, check=False)[1:]]

    assert moves(3) == moves(3)


def test_different_seeds_give_different_easy_games() -> None:
    """The easy bot's noise comes from its seed."""
    games = {tuple(str(s.last_move) for s in play([Bot("easy", seed=seed), Bot("easy", seed=7)],
                                                  9, 2, check=False)[1:]) for seed in range(3)}
    assert len(games) > 1


@pytest.mark.slow
def test_hard_beats_easy_in_a_small_match() -> None:
    """Strength smoke test: the search bot wins a seeded six-game match against easy, seats
    swapped every other game (the full tournament is a benchmark, benchmarks/tournament.py)."""
    wins = 0
    for game in range(6):
        hard_seat = game % 2
        bots = [Bot("hard", seed=game, budget=300), Bot("easy", seed=game)]
        if hard_seat:
            bots.reverse()
        final = play(bots, 500 + game, 2, check=False)[-1]
        wins += final.winners == (hard_seat,)
    assert wins >= 5


def test_evaluate_gives_win_probabilities() -> None:
    """evaluate: one probability per player, summing to 1; a finished game gives its winner 1."""
    states = play([Bot("medium", seed=1), Bot("easy", seed=2)], 4, 2)
    for state in states[::10]:
        chances = evaluate(state)
        assert len(chances) == 2 and abs(sum(chances) - 1) < 1e-9
    final = states[-1]
    assert evaluate(final)[final.winners[0]] == 1.0
    assert evaluate(states[-2])[final.winners[0]] > 0.5


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        Bot("grandmaster")
