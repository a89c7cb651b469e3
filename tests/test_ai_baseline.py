"""The baseline level (the expert before the self-play network): legal moves only,
deterministic for a seed, a budget of work (simulations, not seconds), decisions from its
player's view only (R-RESERVE-HIDDEN), and its value model read from the package's data."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from importlib import resources

import numpy as np
import pytest

import splendor_nb.ai.baseline as baseline_module
from splendor_nb import GameState, Move, new_game
from splendor_nb.ai import Bot
from splendor_nb.ai.baseline import baseline, grow, rate
from splendor_nb.ai.features import FEATURES, NAMES, features
from splendor_nb.ai.model import WEIGHTS_FILE, load_weights, win_chances
from support.games import blind_reserve_positions

SMALL = 16
"""Simulations per move small enough for whole test games."""


def play(bots: list[Bot], seed: int, players: int) -> list[GameState]:
    state = new_game(players=players, seed=seed)
    states = [state]
    while not state.is_over:
        assert state.turn < 1000, "game does not end"
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves(), f"{move} is not legal at turn {state.turn}"
        state = state.apply(move)
        states.append(state)
    return states


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_baseline_plays_only_legal_moves(players: int) -> None:
    """Whole games at every player count, returns above 10 (R-LIMIT10) and nobles (R-NOBLE)
    included: every move the baseline picks is one of ``legal_moves()``."""
    bots = [Bot("baseline", seed=seat, budget=SMALL) if seat % 2 == 0 else Bot("medium", seed=seat)
            for seat in range(players)]
    assert play(bots, 200 + players, players)[-1].is_over


@pytest.mark.slow
def test_same_seed_same_moves() -> None:
    """Determinism: a seeded baseline plays the same game twice; another seed may differ."""
    def game(seed: int) -> list[str]:
        bots = [Bot("baseline", seed=seed, budget=SMALL), Bot("easy", seed=1)]
        return [str(s.last_move) for s in play(bots, 11, 2)[1:]]

    assert game(4) == game(4)


def test_the_budget_is_simulations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget counts work, not time: the search runs exactly its simulations, and a model
    made slower (a busy machine) changes neither their number nor the move."""
    state = new_game(players=2, seed=3).apply(Move.parse("+wbg")).apply(Move.parse("+rkg"))
    view = state.player_view(state.current_player)
    for simulations in (5, 40):
        assert grow(view, random.Random(1), simulations, view.legal_moves()).visits == \
            simulations
    quick = baseline(view, random.Random(1), 40)

    def slow(states: list[GameState]) -> list[list[float]]:
        time.sleep(0.002)
        return rate(states)

    monkeypatch.setattr(baseline_module, "rate", slow)
    assert baseline(view, random.Random(1), 40) == quick


def test_the_default_budget_follows_the_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a budget the baseline runs SIMULATIONS for the game's number of players (fewer
    with more players, each simulation costing more); a budget given is kept at every count."""
    asked: list[int] = []
    real = baseline_module.grow

    def counting(view: GameState, rng: random.Random, simulations: int,
                 root_moves: list[Move]) -> object:
        asked.append(simulations)
        return real(view, rng, 2, root_moves)

    monkeypatch.setattr(baseline_module, "grow", counting)
    for players in (2, 3, 4):
        Bot("baseline", seed=1).choose(new_game(players=players, seed=3))
        Bot("baseline", seed=1, budget=7).choose(new_game(players=players, seed=3))
    defaults = baseline_module.SIMULATIONS
    assert asked == [defaults[2], 7, defaults[3], 7, defaults[4], 7]
    assert defaults[2] > defaults[3] > defaults[4]


def test_a_new_position_looks_two_moves_ahead() -> None:
    """A simulation that reaches a new position backs up the chances after its mover's
    best-rated move and the next player's best-rated reply to it (every player picks for
    themselves); the reply's position is expanded, no other."""
    state = new_game(players=2, seed=3).apply(Move.parse("+wbg")).apply(Move.parse("+rkg"))
    view = state.player_view(state.current_player)
    me = view.current_player
    first = grow(view, random.Random(1), 1, view.legal_moves())
    children = first.children or {}
    best = max(children.values(), key=lambda child: child.chances[me])
    replies = best.children or {}
    assert replies, "the best move's position is expanded"
    reply = max(replies.values(), key=lambda child: child.chances[1 - me])
    assert first.total == list(reply.chances)
    assert all(child.children is None for child in children.values() if child is not best)
    assert all(child.children is None for child in replies.values())


@pytest.mark.slow
def test_hidden_cards_do_not_change_the_move() -> None:
    """R-RESERVE-HIDDEN: states that differ only in the deck order and the opponent's blind
    reserve give the same move for the same seed."""
    for state in blind_reserve_positions(tier=1):
        me = state.current_player
        for deal in (1, 2):
            other = state.determinize(me, deal)
            assert other.players[1 - me].hidden != state.players[1 - me].hidden
            assert Bot("baseline", seed=8, budget=60).choose(other) == \
                Bot("baseline", seed=8, budget=60).choose(state)


def test_the_search_is_given_the_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot hands its search the player's view, never the position itself: the view's decks
    and the opponent's blind reserve are a fixed redeal, not the real ones."""
    import splendor_nb.ai.bots as bots_module

    state = blind_reserve_positions(tier=1)[0]
    me = state.current_player
    seen: list[GameState] = []

    def spy(view: GameState, rng: random.Random, simulations: int | None) -> Move:
        seen.append(view)
        return baseline(view, rng, simulations)

    monkeypatch.setattr(bots_module, "baseline", spy)
    Bot("baseline", seed=2, budget=10).choose(state)
    assert seen == [state.player_view(me)] and seen[0].decks != state.decks


def test_the_bots_load_numpy_only_for_a_network() -> None:
    """The app imports the bots without numpy (a tenth of a second); the first move of the expert
    or the baseline reads its network."""
    script = ("import sys; import splendor_nb.ai; "
              "print('numpy' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "False"


def test_the_model_is_package_data() -> None:
    """The weights ship in splendor_nb/data and read back as a network of the features' size;
    its chances are probabilities, and a finished game gives its winner 1."""
    assert resources.files("splendor_nb.data").joinpath(WEIGHTS_FILE).is_file()
    weights = load_weights()
    assert weights.hidden.shape[0] == FEATURES == len(NAMES)
    states = play([Bot("medium", seed=1), Bot("easy", seed=2)], 4, 2)
    chances = win_chances(states)
    assert np.allclose(chances.sum(axis=1), 1) and (chances >= 0).all()
    assert chances[-1][states[-1].winners[0]] == 1.0
    assert len(features(states[-2])) == 2


def test_the_model_favours_the_leader() -> None:
    """Late in a game the model gives the eventual winner the better chance more often than
    not (a sanity check of the trained weights, not a measure of them: docs/ai.md has that)."""
    right = total = 0
    for seed in range(6):
        states = play([Bot("medium", seed=seed), Bot("medium", seed=seed + 50)], 30 + seed, 2)
        winners = states[-1].winners
        if len(winners) != 1:
            continue
        late = states[-6:-1]
        chances = win_chances(late)
        right += int((chances[:, winners[0]] > 0.5).sum())
        total += len(late)
    assert right > total * 0.7
