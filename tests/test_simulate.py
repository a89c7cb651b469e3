"""Simulation at scale: the same seed gives the same games whatever the executor, the
replays are saved and valid, the tournament counts wins, and the command line runs both (its
simulate writes a corpus: tests/test_corpus.py tests corpora)."""

from __future__ import annotations

import importlib
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from splendor_nb.ai.bots import Bot
from splendor_nb.ai.policy_value import (
    Network,
    initial_network,
    network_in,
    read_network,
    save_network,
)
from splendor_nb.ai.puct import puct
from splendor_nb.ai.simulate import TournamentResult, derive_seed, simulate, tournament, wilson
from splendor_nb.cli import main
from splendor_nb.engine import GameState
from splendor_nb.moves import Move
from splendor_nb.replay import Replay

simulate_module = importlib.import_module("splendor_nb.ai.simulate")
bots_module = importlib.import_module("splendor_nb.ai.bots")
"""The module (``splendor_nb.ai.simulate`` the name is its function, which the package exports)."""

GAMES = 4
LEVELS = ("easy", "medium", "hard")
BUDGET = 30
"""A tiny hard budget: these tests check the plumbing, not the strength."""


def texts(replays: list[Replay]) -> list[str]:
    return [replay.dumps() for replay in replays]


@pytest.fixture(scope="module")
def reference() -> list[str]:
    """The games played in this process's threads, the reference for the other executors."""
    with ThreadPoolExecutor(2) as pool:
        return texts(simulate(GAMES, players=3, levels=LEVELS, seed=11, executor=pool,
                              progress=False, budget=BUDGET))


def test_thread_pool_games_are_finished_bot_games(reference: list[str]) -> None:
    """Each replay is a whole game (R-END-TRIGGER) with the bots named in its headers and
    the seats rotating from game to game."""
    replays = [Replay.loads(text) for text in reference]
    assert [[p["level"] for p in r.headers["players"]] for r in replays[:2]] == \
        [["easy", "medium", "hard"], ["medium", "hard", "easy"]]
    for replay in replays:
        assert replay.state(len(replay)).is_over
        assert replay.headers["result"]
        assert all(p["kind"] == "ai" for p in replay.headers["players"])
    assert len({r.headers["seed"] for r in replays}) == GAMES


def test_process_pool_gives_the_same_games(reference: list[str]) -> None:
    with ProcessPoolExecutor(2) as pool:
        assert texts(simulate(GAMES, players=3, levels=LEVELS, seed=11, executor=pool,
                              progress=False, budget=BUDGET)) == reference


def test_default_executor_gives_the_same_games(reference: list[str]) -> None:
    assert texts(simulate(GAMES, players=3, levels=LEVELS, seed=11, progress=False,
                          budget=BUDGET, workers=2)) == reference


def test_dask_cluster_gives_the_same_games(reference: list[str]) -> None:
    """A local Dask cluster through ``Client.get_executor()``, as a user with a real cluster
    would pass it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        assert texts(simulate(GAMES, players=3, levels=LEVELS, seed=11,
                              executor=client.get_executor(), progress=False,
                              budget=BUDGET)) == reference


def test_replays_are_saved_and_load_back(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as pool:
        replays = simulate(3, players=2, levels=("easy",), seed=2, executor=pool,
                           out_dir=tmp_path, progress=False)
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["game-00001.json", "game-00002.json", "game-00003.json"]
    assert [Replay.load(f).dumps() for f in files] == texts(replays)


def test_another_seed_gives_other_games(reference: list[str]) -> None:
    with ThreadPoolExecutor(2) as pool:
        assert texts(simulate(GAMES, players=3, levels=LEVELS, seed=12, executor=pool,
                              progress=False, budget=BUDGET)) != reference


def test_levels_must_fit_the_players() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        simulate(1, players=2, levels=("easy", "master"), progress=False)
    with pytest.raises(ValueError, match="3 levels for 2 players"):
        simulate(1, players=2, levels=LEVELS, progress=False)


def test_tournament_swaps_seats_and_counts_every_game() -> None:
    with ThreadPoolExecutor(2) as pool:
        result = tournament("medium", "easy", 4, seed=5, executor=pool, progress=False)
    assert result.games == 4 and sum(result.wins) + result.draws == 4
    assert sum(result.ends.values()) == 4
    low, high = result.interval(0)
    assert low <= result.win_rate(0) <= high
    assert "95% CI" in str(result)


def test_a_tournament_says_how_its_games_ended() -> None:
    """The stalls the issue counts (R-REPEAT between experts) are printed beside the normal
    ends."""
    result = TournamentResult(("expert", "hard"), 3, (2, 0), 1, (0.5, 0.2),
                              ends={"R-END-TRIGGER": 2, "R-REPEAT": 1})
    assert "3 games, 1 draws (shared victories); ended 2 by R-END-TRIGGER, 1 by R-REPEAT" \
        in str(result)


def test_wilson_interval() -> None:
    """The Wilson score interval: inside [0, 1] even at 0 or all successes."""
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_seeds_are_derived_stably() -> None:
    """Seeds do not depend on Python's per-process hash randomisation."""
    assert derive_seed(0, 0) == 3065247057545751466


def test_simulate_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    arguments = ["simulate", "--games", "3", "--players", "2", "--levels", "easy,medium",
                 "--seed", "3", "--out", str(out), "--shard-size", "2", "--no-progress"]
    assert main([*arguments, "--workers", "1", "--csv", str(tmp_path / "turns.csv")]) == 0
    assert sorted(path.name for path in out.iterdir()) == [
        "corpus.json", "shard-000001", "shard-000002"]
    assert (tmp_path / "turns.csv").read_text().startswith("game,turn,round")
    printed = capsys.readouterr().out
    assert "3 games in 2 shards (2 written now, 0 already there)" in printed
    assert "wins by level: easy " in printed and " of 3 (" in printed
    assert main(arguments) == 0
    assert "(0 written now, 2 already there)" in capsys.readouterr().out
    assert main([*arguments[:-1], "--seed", "4"]) == 1
    assert "other arguments: seed 3 (asked 4)" in capsys.readouterr().err


def test_simulate_command_on_a_dask_scheduler(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """--scheduler ADDRESS: the games of the process pool, played by the cluster's workers."""
    distributed = pytest.importorskip("distributed")
    arguments = ["simulate", "--games", "3", "--levels", "easy", "--seed", "3",
                 "--shard-size", "2", "--no-progress", "--out"]
    assert main([*arguments, str(tmp_path / "pool"), "--workers", "1"]) == 0
    with distributed.LocalCluster(processes=False, dashboard_address=":0") as cluster:
        assert main([*arguments, str(tmp_path / "dask"), "--scheduler",
                     cluster.scheduler_address]) == 0
    assert "3 games in 2 shards" in capsys.readouterr().out
    assert [path.read_bytes() for path in sorted((tmp_path / "dask").glob("*/*.jsonl"))] == [
        path.read_bytes() for path in sorted((tmp_path / "pool").glob("*/*.jsonl"))]


def test_tournament_command(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["tournament", "medium", "easy", "--games", "2", "--seed", "1",
                   "--workers", "1", "--no-progress"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "medium v easy: 2 games" in printed and "95% CI" in printed


def test_a_tournament_gives_each_level_its_own_budget(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    made: list[tuple[str, int | None]] = []

    class Recorded(simulate_module.Bot):
        def __init__(self, level: str, seed: int | None = None,
                     budget: int | None = None, weights: str | None = None) -> None:
            made.append((level, budget))
            super().__init__(level, seed, budget, weights)

    monkeypatch.setattr(simulate_module, "Bot", Recorded)
    with ThreadPoolExecutor(1) as pool:
        result = tournament("hard", "easy", 2, seed=3, executor=pool, progress=False,
                            budget=40, budgets={"hard": 12}, out_dir=tmp_path)
    assert result.games == 2 and sorted(set(made)) == [("easy", 40), ("hard", 12)]
    notes = Replay.load(tmp_path / "game-00001.json").headers["notes"]
    assert notes.endswith("; hard budget 40; budget of hard: 12")


def test_a_tournament_at_three_players_seats_the_first_level_once_in_every_seat(
        tmp_path: Path) -> None:
    """``--players 3``: one seat of the first level against two of the second, its seat
    moving on one each game; its wins are counted against an even share of a third."""
    with ThreadPoolExecutor(1) as pool:
        result = tournament("medium", "easy", 3, seed=4, executor=pool, progress=False,
                            players=3, out_dir=tmp_path)
    seated = [[player["level"] for player in
               Replay.load(tmp_path / f"game-{index:05}.json").headers["players"]]
              for index in (1, 2, 3)]
    assert seated == [["medium", "easy", "easy"], ["easy", "easy", "medium"],
                      ["easy", "medium", "easy"]]
    winners = [Replay.load(path).state(len(Replay.load(path))).winners
               for path in sorted(tmp_path.glob("game-*.json"))]
    medium_won = sum(1 for seats, won in zip(seated, winners, strict=True)
                     if len(won) == 1 and seats[won[0]] == "medium")
    assert result.players == 3 and result.wins[0] == medium_won
    assert sum(result.wins) + result.draws == 3
    assert "at 3 players (one seat against 2; an even share is 33.3%)" in str(result)


def test_a_tournament_plays_the_expert_level_with_the_weights_given(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``--weights``: a training run's generation measured in place of the shipped network."""
    weights = tmp_path / "candidate.npz"
    save_network(initial_network(np.random.default_rng(5)), weights)
    searched_with: set[int] = set()

    def recorded(view: GameState, rng: random.Random, simulations: int | None = None,
                 network: Network | None = None) -> Move:
        searched_with.add(id(network))
        return puct(view, rng, simulations, network)

    monkeypatch.setattr(bots_module, "puct", recorded)
    with ThreadPoolExecutor(1) as pool:
        result = tournament("expert", "easy", 1, seed=3, executor=pool, progress=False,
                            budgets={"expert": 4}, weights=str(weights),
                            out_dir=tmp_path / "games")
    assert result.games == 1
    assert searched_with == {id(network_in(str(weights)))}
    assert np.array_equal(network_in(str(weights)).row_in, read_network(weights).row_in)
    notes = Replay.load(tmp_path / "games" / "game-00001.json").headers["notes"]
    assert notes.endswith(f"; budget of expert: 4; expert weights {weights}")
    with pytest.raises(ValueError, match="only the expert level"):
        Bot("baseline", weights=str(weights))
