"""The expert bot (the self-play network's search): its network's shapes, the numpy forward
pass equal to the training one (torch), legal moves only, decisions from its player's view
only (R-RESERVE-HIDDEN), and a tiny self-play training run that writes, resumes and refuses
to mix settings."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from splendor_nb import GameState, Move, new_game
from splendor_nb.ai import LEVELS, Bot
from splendor_nb.ai import puct as puct_module
from splendor_nb.ai.baseline import baseline
from splendor_nb.ai.features import FEATURES, features
from splendor_nb.ai.policy_value import (
    HIDDEN,
    MOVE_FEATURES,
    WEIGHTS_FILE,
    Network,
    assess,
    initial_network,
    move_features,
    read_network,
    save_network,
    shipped_network,
    softmax,
)
from splendor_nb.ai.puct import best_move, judge, puct, search, searched_moves
from splendor_nb.ai.simulate import seating

SMALL = 8
"""Simulations per move small enough for whole test games."""
SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "selfplay_train.py"


def trainer() -> ModuleType:
    """scripts/selfplay_train.py as a module; the test is skipped without torch."""
    pytest.importorskip("torch", reason="torch is in the train extra, not the test extra: "
                        "pip install torch==2.13.0 to run the training tests")
    if "selfplay_train" not in sys.modules:
        spec = importlib.util.spec_from_file_location("selfplay_train", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["selfplay_train"] = module
        spec.loader.exec_module(module)
    return sys.modules["selfplay_train"]


def positions(players: int, moves: int, seed: int) -> GameState:
    """A position after ``moves`` moves of medium bots."""
    state = new_game(players=players, seed=seed)
    bots = [Bot("medium", seed=seat) for seat in range(players)]
    for _ in range(moves):
        state = state.apply(bots[state.current_player].choose(state))
    return state


def hidden_variants(players: int, seed: int) -> tuple[GameState, list[GameState]]:
    """A position just after the player before the mover reserved blind, and two deals of it
    that differ from it only in what the mover cannot see: the decks' order and that blind
    reserve (R-RESERVE-HIDDEN)."""
    state = positions(players, 2 * players + 1, seed=seed)
    state = state.apply(Move.parse("R?1"))  # the player before this one reserves blind
    me = state.current_player
    holder = (me - 1) % players
    others = [other for other in (state.determinize(me, deal) for deal in range(10))
              if other.players[holder].hidden != state.players[holder].hidden][:2]
    assert len(others) == 2
    return state, others


def scrambled(seed: int) -> Network:
    """A network with every weight random (the initial one has flat priors)."""
    rng = np.random.default_rng(seed)
    return Network(*(rng.normal(0, 0.3, array.shape)
                     for array in initial_network(rng)))


def same_weights(first: Network, second: Network) -> bool:
    """Whether two networks have every weight equal."""
    return all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


def tiny_run(run: Path, gate_games: int) -> list[str]:
    """The training script's arguments for a run of one generation of 2 self-play games at 4
    simulations, ``gate_games`` gate games and no other match."""
    return ["--run", str(run), "--generations", "1", "--workers", "1", "--games", "2",
            "--simulations", "4", "--gate-games", str(gate_games), "--gate-simulations", "4",
            "--baseline-games", "0", "--baseline-games-4p", "0", "--bootstrap-games", "0"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_network_gives_chances_for_every_player_and_priors_for_every_move(
        players: int) -> None:
    state = positions(players, 3 * players, seed=players)
    moves = state.legal_moves()
    chances, priors, _, _ = assess(state, moves, scrambled(1))
    assert len(chances) == players and sum(chances) == pytest.approx(1.0)
    assert len(priors) == len(moves) and sum(priors) == pytest.approx(1.0)
    assert move_features(state, moves).shape == (len(moves), MOVE_FEATURES)
    # a later deal's new moves get priors on the same scale, as if asked about with the first
    found = assess(state, moves[1:], scrambled(1))
    assert found.more_priors(state, moves[:1], scrambled(1)) == pytest.approx(
        [priors[0] / (1 - priors[0])])
    shipped = shipped_network()
    assert shipped.row_in.shape == (FEATURES, HIDDEN)
    assert shipped.move_in.shape == (MOVE_FEATURES, HIDDEN)


def test_saved_weights_read_back(tmp_path: Path) -> None:
    """Weights are stored as float32: reading them back changes nothing beyond that."""
    network = scrambled(2)
    save_network(network, tmp_path / "n.npz")
    for saved, kept in zip(read_network(tmp_path / "n.npz"), network, strict=True):
        assert np.array_equal(saved, kept.astype(np.float32))


def test_the_numpy_forward_equals_the_torch_one() -> None:
    """What plays (numpy, one position) and what trains (torch, padded batches of positions
    with different numbers of moves) compute the same chances and priors."""
    torch = trainer().torch
    network = read_network_float32(scrambled(3))
    model = trainer().TorchNetwork(network)
    states = [positions(3, moves, seed=moves) for moves in (2, 7, 12)]
    counts = [len(state.legal_moves()) for state in states]
    width = max(counts)
    rows = np.array([features(state) for state in states], dtype=np.float32)
    padded = np.zeros((len(states), width, MOVE_FEATURES), dtype=np.float32)
    for index, state in enumerate(states):
        padded[index, :counts[index]] = move_features(state, state.legal_moves())
    value, policy = model(torch.from_numpy(rows),
                          torch.tensor([state.current_player for state in states]),
                          torch.from_numpy(padded))
    for index, state in enumerate(states):
        chances, priors, _, _ = assess(state, state.legal_moves(), network)
        assert np.allclose(softmax(value[index].detach().numpy().astype(np.float64)), chances,
                           atol=1e-5)
        scores = policy[index, :counts[index]].detach().numpy().astype(np.float64)
        assert np.allclose(softmax(scores), priors, atol=1e-5)


def read_network_float32(network: Network) -> Network:
    """The network as it is once saved (float32 weights)."""
    return Network(*(array.astype(np.float32).astype(np.float64) for array in network))


def test_the_benchmark_level_plays_but_no_menu_lists_it() -> None:
    """``baseline`` is the baseline's search, move for move, not the expert's; it can be seated
    in a tournament, and the four levels of the menus are unchanged."""
    assert LEVELS == ("easy", "medium", "hard", "expert")
    state = positions(2, 5, seed=6)
    me = state.current_player
    view = state.player_view(me)
    assert Bot("baseline", seed=3, budget=20).choose(state) == \
        baseline(view, random.Random(f"3/{view.turn}/{me}"), 20)
    assert Bot("expert", seed=3, budget=20).choose(state) == \
        puct(view, random.Random(f"3/{view.turn}/{me}"), 20)
    assert seating(2, ("expert", "baseline")) == ("expert", "baseline")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_plays_only_legal_moves(players: int) -> None:
    """Whole games at every player count, returns above 10 (R-LIMIT10) and nobles (R-NOBLE)
    included: every move the search picks is one of ``legal_moves()``."""
    state = new_game(players=players, seed=300 + players)
    bots = [Bot("expert", seed=seat, budget=SMALL) if seat % 2 == 0
            else Bot("medium", seed=seat) for seat in range(players)]
    while not state.is_over:
        assert state.turn < 1000, "game does not end"
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves(), f"{move} is not legal at turn {state.turn}"
        state = state.apply(move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_cards_do_not_change_the_move(players: int) -> None:
    """Two positions that differ only in what the player to move cannot see (the decks'
    order and an opponent's blind reserve, R-RESERVE-HIDDEN) get the same move, the same
    judgement (the review's, *Who was winning?*'s) and the same search, visit for visit, for
    the same seed."""
    state, others = hidden_variants(players, seed=40 + players)
    me = state.current_player
    for other in others:
        assert other.decks != state.decks
        assert Bot("expert", seed=8, budget=40).choose(other) == \
            Bot("expert", seed=8, budget=40).choose(state)
        assert judge(other, simulations=40) == judge(state, simulations=40)
        trees = [search(s.player_view(me), random.Random(3), 40, s.player_view(me).legal_moves())
                 for s in (state, other)]
        assert [(m, c.visits) for m, c in trees[0].children.items()] == \
            [(m, c.visits) for m, c in trees[1].children.items()]


@pytest.mark.parametrize("players", [2, 4])
def test_the_expert_stops_searching_once_its_move_is_decided(players: int) -> None:
    """The expert stops once no move could overtake the most visited one in the simulations
    left: it plays the very move of the whole budget's search, and in most positions sooner."""
    state = new_game(players=players, seed=60 + players)
    bots = [Bot("medium", seed=seat) for seat in range(players)]
    stopped_early = 0
    for _ in range(12):
        for _ in range(players):
            state = state.apply(bots[state.current_player].choose(state))
        me = state.current_player
        view = state.player_view(me)
        moves = searched_moves(view)
        whole = search(view, random.Random(state.turn), 300, moves)
        early = search(view, random.Random(state.turn), 300, moves, until_decided=True)
        assert best_move(early, moves, me) is best_move(whole, moves, me), f"turn {state.turn}"
        assert puct(view, random.Random(state.turn), 300) is best_move(whole, moves, me)
        stopped_early += early.visits < whole.visits == 300
    assert stopped_early >= 6


def test_an_untried_move_counts_less_once_the_likelier_moves_are_tried(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """First play urgency: once the move the policy likes (nine tenths of the prior) has been
    tried, a move not yet tried counts its position's chance less FIRST_PLAY_REDUCTION times
    the square root of that share, so the search goes on with the liked move where, counting
    the position's chance in full, it would turn to the other."""
    liked, other = new_game(players=2, seed=4).legal_moves()[:2]
    node = puct_module.Node(2)
    node.priors = {liked: 0.9, other: 0.1}
    node.visits, node.total = 4, [2.0, 2.0]  # the position: a chance of 0.5 for player 0
    tried = node.children[liked] = puct_module.Node(2)
    tried.visits, tried.total = 3, [0.72, 2.28]  # the liked move so far: 0.24
    # scores: liked 0.24 + 2 * 0.9 / 4 = 0.69; other 0.5 + 2 * 0.1 = 0.70, less 0.095
    assert puct_module._select(node, [liked, other], 0) is liked
    monkeypatch.setattr(puct_module, "FIRST_PLAY_REDUCTION", 0.0)
    assert puct_module._select(node, [liked, other], 0) is other


@pytest.mark.slow
def test_a_tiny_training_run_writes_resumes_and_reproduces(tmp_path: Path) -> None:
    """A generation of 2 self-play games: its games, candidate, gate, summary and log line are
    written; deleting some of them and running again writes the same ones back (the same
    positions, the same weights); ``--export`` writes the best network; a run refuses
    settings other than its own."""
    script = trainer()
    run = tmp_path / "run"
    tiny = tiny_run(run, gate_games=2)
    script.main(tiny)
    generation = run / "gen-001"
    summary = json.loads((generation / "summary.json").read_text())
    assert summary["games"] == 2 and summary["positions"] > 20 and summary["steps"] >= 2
    assert sum(summary["ends"].values()) == 2 + 2  # self-play and gate games, by their end
    assert (run / "train.log").read_text().startswith("generation 1: 2 self-play games")
    with np.load(generation / "games" / "00001.npz") as stored:
        game = {name: stored[name] for name in stored.files}
    weights = read_network(generation / "candidate.npz")
    for written in ("summary.json", "candidate.npz", "games/00001.npz", "gate/00000.json"):
        (generation / written).unlink()
    script.main(tiny)
    with np.load(generation / "games" / "00001.npz") as stored:
        assert all(np.array_equal(stored[name], game[name]) for name in game)
    assert same_weights(read_network(generation / "candidate.npz"), weights)
    assert json.loads((generation / "summary.json").read_text())["gate"] == summary["gate"]
    script.main([*tiny, "--export", str(tmp_path / "best.npz")])
    best = generation / "candidate.npz" if summary["kept"] else run / "gen-000" / "network.npz"
    assert same_weights(read_network(tmp_path / "best.npz"), read_network(best))
    with pytest.raises(SystemExit):
        script.main([*tiny, "--simulations", "5"])


@pytest.mark.slow
def test_retrain_trains_a_generation_s_window_afresh_and_reproducibly(tmp_path: Path) -> None:
    """``--retrain G --export FILE`` writes a network trained from the run's initial network on
    generation G's games, not the candidate (which went on from generation 0's network); the
    same command writes the same weights; it needs ``--export`` and a finished generation with
    games (generation 0 of a run without a bootstrap has none)."""
    script = trainer()
    run = tmp_path / "run"
    tiny = tiny_run(run, gate_games=0)
    script.main(tiny)
    retrain = [*tiny, "--retrain", "1", "--retrain-epochs", "3"]
    script.main([*retrain, "--export", str(tmp_path / "a.npz")])
    script.main([*retrain, "--export", str(tmp_path / "b.npz")])
    fresh = read_network(tmp_path / "a.npz")
    assert same_weights(fresh, read_network(tmp_path / "b.npz"))
    candidate = read_network(run / "gen-001" / "candidate.npz")
    assert not same_weights(fresh, candidate)
    initial = read_network(run / "gen-000" / "network.npz")
    assert not same_weights(fresh, initial)
    elsewhere = ["--export", str(tmp_path / "c.npz")]
    refused = [retrain,  # no --export
               [*tiny, "--retrain", "0", *elsewhere],  # generation 0 has no games here
               [*tiny, "--retrain", "2", *elsewhere]]  # generation 2 is not played
    for arguments in refused:
        with pytest.raises(SystemExit):
            script.main(arguments)


def test_a_recorded_game_replays_to_its_positions_and_is_read_again_with_new_features(
        tmp_path: Path) -> None:
    """A self-play game's file holds its deal and moves: played again, they give back its
    kept positions (half of the later moves are quick ones, not kept), whose features and move
    rows are the ones stored; a file whose features are named otherwise than today's is read
    with today's, from its replay, and a file without its moves is refused, naming it."""
    script = trainer()
    run = tmp_path / "run"
    script.main([*tiny_run(run, gate_games=0), "--full-share", "0.5", "--fast-simulations", "2"])
    path = run / "gen-001" / "games" / "00000.npz"
    with np.load(path) as stored:
        game = {name: stored[name] for name in stored.files}
    assert len(game["played"]) > len(game["kept"]) + 10  # quick moves, played and not kept
    positions = script.replay(game)
    assert len(positions) == len(game["movers"]) > 10
    assert [state.current_player for state, _ in positions] == game["movers"].tolist()
    assert np.array_equal(np.array([features(state) for state, _ in positions],
                                   dtype=np.float32), game["rows"])
    assert np.array_equal(np.concatenate(
        [move_features(state.player_view(state.current_player), moves)
         for state, moves in positions]).astype(np.float32), game["moves"])
    renamed = {**game, "feature_names": np.array(["an older feature"]),
               "rows": np.zeros((len(game["movers"]), 2, 3), dtype=np.float32)}
    np.savez(tmp_path / "renamed.npz", **renamed)
    again = script.load_positions([tmp_path / "renamed.npz"])[2]
    assert np.array_equal(again.rows, game["rows"])
    assert np.array_equal(again.moves, game["moves"])
    unplayable = {name: array for name, array in renamed.items() if name != "played"}
    np.savez(tmp_path / "unplayable.npz", **unplayable)
    with pytest.raises(ValueError, match=r"unplayable\.npz .*without its moves"):
        script.load_positions([tmp_path / "unplayable.npz"])


def test_a_run_takes_up_training_afresh_for_the_generations_not_yet_done(
        tmp_path: Path) -> None:
    """``--afresh-from G`` on a run already started is taken (and written to its settings)
    when generation G is not done yet: its candidate is then the network ``--retrain G``
    writes, not one going on from the last candidate; for a generation already done it is
    refused, as it would change that generation."""
    script = trainer()
    run = tmp_path / "run"
    tiny = tiny_run(run, gate_games=0)
    script.main(tiny)
    afresh = [*tiny, "--generations", "2", "--afresh-from", "2", "--afresh-epochs", "3"]
    script.main(afresh)
    assert json.loads((run / "settings.json").read_text())["afresh_from"] == 2
    script.main([*afresh, "--retrain", "2", "--retrain-epochs", "3",
                 "--export", str(tmp_path / "retrained.npz")])
    candidate = read_network(run / "gen-002" / "candidate.npz")
    assert same_weights(candidate, read_network(tmp_path / "retrained.npz"))
    for start in ("1", "3"):  # generation 1 was trained on; 2 already is afresh
        with pytest.raises(SystemExit):
            script.main([*afresh, "--afresh-from", start])


def test_held_out_prints_each_network_s_losses_on_a_generation_s_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--held-out G --networks FILE...`` prints every file's value and policy losses on
    generation G's games, by player count: the initial network's priors are flat, so its
    policy loss is the mean log of the number of moves searched; it needs ``--networks`` and a
    finished generation with games."""
    script = trainer()
    run = tmp_path / "run"
    tiny = tiny_run(run, gate_games=0)
    script.main(tiny)
    capsys.readouterr()
    initial = run / "gen-000" / "network.npz"
    script.main([*tiny, "--held-out", "1", "--networks", str(initial)])
    counts = np.concatenate([np.load(path)["counts"]
                             for path in sorted((run / "gen-001" / "games").glob("*.npz"))])
    printed = capsys.readouterr().out.strip().splitlines()
    assert len(printed) == 1  # the two games are 2-player ones
    assert printed[0].startswith(f"{initial}: 2 players, {len(counts)} positions: value loss ")
    assert float(printed[0].rsplit(" ", 1)[1]) == pytest.approx(np.log(counts).mean(), abs=1e-4)
    refused = [[*tiny, "--held-out", "1"],  # no --networks
               [*tiny, "--held-out", "2", "--networks", str(initial)]]  # not played
    for arguments in refused:
        with pytest.raises(SystemExit):
            script.main(arguments)


def test_a_four_player_match_seats_the_network_once_among_baseline_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``baseline-4p`` match game has 4 players: the network searches in seat ``index % 4``
    alone, the baseline's bot plays the three others (the medium bot stands in for it, for
    speed), and the network's score is its share of the victory."""
    script = trainer()
    weights = tmp_path / "network.npz"
    save_network(scrambled(4), weights)
    real_bot, real_puct = script.Bot, script.puct
    levels: list[str] = []
    searched: set[tuple[int, int]] = set()

    def stand_in(level: str, seed: int) -> Bot:
        levels.append(level)
        return real_bot("medium", seed=seed)

    def recorded(view: GameState, *args: object, **kwargs: object) -> object:
        searched.add((len(view.players), view.current_player))
        return real_puct(view, *args, **kwargs)

    monkeypatch.setattr(script, "Bot", stand_in)
    monkeypatch.setattr(script, "puct", recorded)
    out = tmp_path / "game.json"
    match = script.Match(script.Settings(gate_simulations=4), "baseline-4p", 1, 6, weights, None,
                         out)
    script.play_match(match)
    result = json.loads(out.read_text())
    assert levels == ["baseline"] and searched == {(4, 6 % 4)}
    assert result["end"] == "R-END-TRIGGER" and result["score"] in (0.0, 0.25, 1 / 3, 0.5, 1.0)


def test_a_run_can_start_from_a_network_file(tmp_path: Path) -> None:
    """``--start FILE``: a new run's generation 0 is a copy of that network (the shipped
    weights here), which generation 1's self-play then plays, not the initial network; the
    setting is kept in settings.json, and a later command that contradicts it is refused."""
    script = trainer()
    run = tmp_path / "run"
    shipped = resources.files("splendor_nb.data").joinpath(WEIGHTS_FILE)
    with resources.as_file(shipped) as path:
        started = script.Run(run, {"bootstrap_games": 0, "start": str(path)})
        assert same_weights(read_network(run / "gen-000" / "network.npz"), shipped_network())
        assert json.loads((run / "settings.json").read_text())["start"] == str(path)
        assert started.best(1) == run / "gen-000" / "network.npz"
    with pytest.raises(ValueError, match="other settings"):
        script.Run(run, {"start": ""})


def test_self_play_records_the_search_chances_which_value_mix_blends_with_the_result(
        tmp_path: Path) -> None:
    """A self-play game keeps every player's chance as the search found it at each recorded
    position; with ``value_mix`` the value target is that share of them and the rest the
    game's result, and without recorded chances (the expert's bootstrap) the result alone."""
    script = trainer()
    weights = tmp_path / "network.npz"
    save_network(scrambled(4), weights)
    settings = script.Settings(simulations=4, value_mix=0.25)
    out = tmp_path / "00000.npz"
    script.play_selfplay(script.SelfPlay(settings, 1, 0, weights, out))
    with np.load(out) as stored:
        game = {name: stored[name] for name in stored.files}
    players = len(game["result"])
    assert game["chances"].shape == (len(game["movers"]), players)
    assert np.allclose(game["chances"].sum(axis=1), 1.0, atol=1e-5)
    blended = script.value_targets(game, 0.25)
    assert np.allclose(blended, 0.75 * game["result"][None] + 0.25 * game["chances"])
    assert not np.allclose(blended, game["result"][None])
    assert np.allclose(script.value_targets(game, 0.0), game["result"][None])
    without = {name: array for name, array in game.items() if name != "chances"}
    assert np.allclose(script.value_targets(without, 0.25), game["result"][None])
    loaded = script.load_positions([out], 0.25)[players]
    assert np.allclose(loaded.results, blended)


def test_playout_cap_keeps_only_the_fully_searched_moves(tmp_path: Path) -> None:
    """With ``full_share`` below 1 a self-play game keeps every move of its first
    ``sampled_turns`` turns and only some of the later ones, each kept position with its
    search's chances; settings that cannot play are refused."""
    script = trainer()
    weights = tmp_path / "network.npz"
    save_network(scrambled(4), weights)
    games = {}
    for share in (1.0, 0.3):
        settings = script.Settings(simulations=4, full_share=share, fast_simulations=2,
                                   value_mix=0.5)
        out = tmp_path / f"{share}.npz"
        script.play_selfplay(script.SelfPlay(settings, 1, 0, weights, out))
        with np.load(out) as stored:
            games[share] = {name: stored[name] for name in stored.files}
    full, capped = games[1.0], games[0.3]
    opening = script.Settings().sampled_turns
    assert len(capped["movers"]) >= opening
    assert len(capped["movers"]) < 0.6 * len(full["movers"])
    assert capped["chances"].shape == (len(capped["movers"]), len(capped["result"]))
    with pytest.raises(ValueError, match="fast_simulations"):
        script.Settings(full_share=0.5)
    with pytest.raises(ValueError, match="full_share"):
        script.Settings(full_share=0.0, fast_simulations=2)
