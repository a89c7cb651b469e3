"""The training script's baseline bootstrap (generation 0): the baseline's own search plays itself,
its positions are recorded as self-play's are (rows, the root's moves, their shares of the
expert's root visits, the result), only from its player's view (R-RESERVE-HIDDEN), and a tiny
run resumes to the same files and starts self-play from the bootstrap's network."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from splendor_nb import GameState, Move, new_game
from splendor_nb.ai.baseline import baseline, grow, root_moves
from splendor_nb.ai.features import FEATURES
from splendor_nb.ai.policy_value import MOVE_FEATURES
from splendor_nb.ai.simulate import derive_seed
from tests.test_ai_expert import hidden_variants, positions, trainer

SMALL = 4
"""Simulations per move small enough for whole test games."""


def bootstrap_game(script: ModuleType, tmp_path: Path, index: int
                   ) -> tuple[dict[str, np.ndarray], GameState]:
    """Game ``index`` of a bootstrap at ``SMALL`` simulations, as written; and its deal."""
    settings = script.Settings(bootstrap_simulations=SMALL)
    out = tmp_path / f"{index:05}.npz"
    script.play_bootstrap(script.Bootstrap(settings, index, out))
    with np.load(out) as stored:
        game = {name: stored[name] for name in stored.files}
    players = script.PLAYER_MIX[index % len(script.PLAYER_MIX)]
    deal = new_game(players=players, seed=derive_seed(settings.seed, "deal", 0, index))
    return game, deal


@pytest.mark.parametrize("index", [0, 3])
def test_the_bootstrap_rows_have_the_shapes_of_self_play(tmp_path: Path, index: int) -> None:
    """A 2-player and a 3-player game: a row per player and position, a block of move rows
    per position, one share per move, every position's shares adding up to 1, and the
    result's; the training reads them."""
    script = trainer()
    game, deal = bootstrap_game(script, tmp_path, index)
    players = len(deal.players)
    count = len(game["movers"])
    assert count > 20 and str(game["end"]) == "R-END-TRIGGER"
    assert game["rows"].shape == (count, players, FEATURES)
    assert game["counts"].shape == (count,) and game["counts"].min() >= 2
    assert game["moves"].shape == (game["counts"].sum(), MOVE_FEATURES)
    assert game["shares"].shape == (game["counts"].sum(),)
    starts = np.concatenate([[0], np.cumsum(game["counts"])[:-1]])
    assert np.allclose(np.add.reduceat(game["shares"], starts), 1.0)
    assert set(game["movers"]) == set(range(players))
    assert game["result"].shape == (players,) and game["result"].sum() == pytest.approx(1.0)
    data = script.load_positions([tmp_path / f"{index:05}.npz"])
    assert list(data) == [players] and len(data[players].movers) == count


def test_the_policy_targets_are_the_expert_root_visit_shares(tmp_path: Path) -> None:
    """A position's target is the share of the baseline's visits below its root of each of the
    root's moves (the legal moves it weighs), the move the baseline bot would play beside it;
    a game's first recorded position is the baseline's search of its deal, share for share."""
    script = trainer()
    state = positions(3, 7, seed=5)
    view = state.player_view(state.current_player)
    searched, moves, shares, move, chances = script.baseline_decision(state, random.Random(9), 30)
    assert searched == view and chances is None  # the bootstrap's value target: the result
    assert list(moves) == root_moves(view) and set(moves) <= set(state.legal_moves())
    children = grow(view, random.Random(9), 30, moves).children or {}
    visits = [children[m].visits for m in moves]
    assert sum(visits) == 29 and max(visits) < 29
    assert list(shares) == [v / 29 for v in visits]
    assert move == baseline(view, random.Random(9), 30)

    game, deal = bootstrap_game(script, tmp_path, 1)
    rng = random.Random(derive_seed(script.Settings().seed, "bootstrap", 0, 1))
    _, moves, shares, _, _ = script.baseline_decision(deal, rng, SMALL)
    assert game["counts"][0] == len(moves)
    assert np.array_equal(game["shares"][:len(moves)], np.array(shares, dtype=np.float32))


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_cards_do_not_change_the_bootstrap(players: int) -> None:
    """Two positions that differ only in what the player to move cannot see (the decks'
    order, an opponent's blind reserve: R-RESERVE-HIDDEN) get the same root moves, the same
    visit shares and the same move, for the same seed."""
    script = trainer()
    state, others = hidden_variants(players, seed=60 + players)
    expected = script.baseline_decision(state, random.Random(4), 20)
    for other in others:
        assert other.decks != state.decks
        assert script.baseline_decision(other, random.Random(4), 20) == expected


def test_the_expert_searches_only_views(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    """In a bootstrap game, every position the baseline's search is given is its player's view
    (the unseen cards dealt back in a fixed order), never the game's own position."""
    script = trainer()
    seen: list[GameState] = []
    real_grow = script.grow

    def spy(view: GameState, rng: random.Random, simulations: int, moves: list[Move]) -> object:
        seen.append(view)
        return real_grow(view, rng, simulations, moves)

    monkeypatch.setattr(script, "grow", spy)
    bootstrap_game(script, tmp_path, 0)
    assert len(seen) > 20
    assert all(view == view.player_view(view.current_player) for view in seen)


def test_a_run_started_before_the_bootstrap_goes_on_without_it(tmp_path: Path) -> None:
    """A settings.json without the bootstrap's settings is a run of the old loop."""
    script = trainer()
    stored = {name: value for name, value in vars(script.Settings()).items()
              if not name.startswith("bootstrap")}
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "settings.json").write_text(json.dumps(stored))
    run = script.Run(tmp_path, {})
    assert run.settings.bootstrap_games == 0 and script.Run(tmp_path / "new", {}).settings \
        .bootstrap_games > 0


def arrays(path: Path) -> dict[str, np.ndarray]:
    """The arrays of an ``.npz`` file (its bytes hold the time it was written)."""
    with np.load(path) as stored:
        return {name: stored[name] for name in stored.files}


def same_arrays(first: dict[str, np.ndarray], second: dict[str, np.ndarray]) -> bool:
    return first.keys() == second.keys() and all(
        np.array_equal(first[name], second[name]) for name in first)


@pytest.mark.slow
def test_a_tiny_bootstrap_resumes_to_the_same_files(tmp_path: Path) -> None:
    """Generation 0 of 2 expert games: its games, candidate, gate and summary are written;
    deleting some and running again (on 2 workers) writes the same ones back; generation 1's
    self-play then starts from the bootstrap's candidate and trains on both generations."""
    script = trainer()
    run = tmp_path / "run"
    small = str(SMALL)

    def main(generations: int, workers: int) -> None:
        script.main(["--run", str(run), "--generations", str(generations),
                     "--workers", str(workers), "--games", "1", "--simulations", small,
                     "--gate-games", "2", "--gate-simulations", small, "--baseline-games", "0",
                     "--bootstrap-games", "2", "--bootstrap-simulations", small,
                     "--bootstrap-epochs", "3", "--gate-threshold", "0.0"])

    main(0, 1)
    generation = run / "gen-000"
    summary = json.loads((generation / "summary.json").read_text())
    assert summary["kind"] == "bootstrap" and summary["games"] == 2 and summary["kept"]
    assert summary["steps"] == 3 and summary["positions"] > 40
    assert (run / "train.log").read_text().startswith("generation 0: 2 baseline bootstrap games")
    files = ["games/00000.npz", "games/00001.npz", "candidate.npz"]
    before = {name: arrays(generation / name) for name in files}
    gate = (generation / "gate" / "00001.json").read_text()
    for name in ("summary.json", "candidate.npz", "games/00001.npz", "gate/00001.json"):
        (generation / name).unlink()
    main(0, 2)
    assert all(same_arrays(arrays(generation / name), before[name]) for name in files)
    assert (generation / "gate" / "00001.json").read_text() == gate
    again = json.loads((generation / "summary.json").read_text())
    kept = ("positions", "steps", "value_loss", "policy_loss", "gate", "kept", "ends")
    assert {key: again[key] for key in kept} == {key: summary[key] for key in kept}
    assert again["played_here"] == 1
    main(1, 1)
    second = json.loads((run / "gen-001" / "summary.json").read_text())
    assert second["best_before"] == "gen-000/candidate.npz"
    assert second["window_positions"] == summary["positions"] + second["positions"]
