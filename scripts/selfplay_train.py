"""Learn the expert bot's network (splendor_nb/data/expert_network.npz) by self-play, started
from a network that imitates the baseline bot (the expert level before this network).

    nice -n 19 .venv/bin/python scripts/selfplay_train.py --run ~/az-run \\
        [--generations 40] [--workers 2] [--seed 33] [--games 120] [--simulations 100] ...
    .venv/bin/python scripts/selfplay_train.py --run ~/az-run \\
        --export splendor_nb/data/expert_network.npz  # the best network so far, to ship
    .venv/bin/python scripts/selfplay_train.py --run ~/az-run --retrain 4 \\
        --export retrained.npz  # generation 4's games, learned afresh (Run.retrain)
    .venv/bin/python scripts/selfplay_train.py --run ~/az-run --held-out 5 \\
        --networks retrained.npz ...  # their losses on generation 5's games, by player count

AlphaZero's loop, one generation at a time, every step written to the run's folder as it is
done, so the same command resumes an interrupted run where it stopped (the settings are read
back from ``settings.json``; only ``--generations`` and ``--workers`` may change, and
``--afresh-from``/``--afresh-epochs`` for generations not yet done):

0. **Bootstrap** (expert iteration; generation 0, when ``bootstrap_games`` is not 0):
   ``bootstrap_games`` games of the baseline's own search (:mod:`splendor_nb.ai.baseline`, as the
   baseline bot plays: from its player's view, each simulation on a fresh deal of the cards
   they cannot see) against itself, 2, 3 or 4 players as ``PLAYER_MIX``, at the baseline's
   budget (``bootstrap_simulations`` 0) or another. Every searched position is kept as
   self-play keeps it, the policy's target being the baseline's root moves and their shares of
   its visits below the root (:func:`~splendor_nb.ai.baseline.root_visits`); the first
   ``sampled_turns`` turns are drawn in proportion to them, the rest the baseline's move. The
   initial network trained on them (``bootstrap_epochs`` passes) is generation 0's candidate,
   gated and matched against the baseline as every candidate (steps 3 and 4), and generation
   1's self-play starts from it when kept; its games stay in the training window as the
   generations after it do. ``gen-000/``.
1. **Self-play**: ``games`` games of the best network's PUCT search (:mod:`splendor_nb.ai.puct`)
   against itself, 2, 3 or 4 players (``PLAYER_MIX``), ``simulations`` a move, Dirichlet noise
   at the root, the first ``sampled_turns`` turns drawn in proportion to the visits. With
   ``full_share`` below 1, only that share of the later moves gets this search, the rest a
   quick one of ``fast_simulations`` that is played and not kept. Every fully searched
   position is kept: its rows, the root's moves and their shares of the visits (the
   policy's target), every player's chance of winning as the search found it at the root, and
   the game's result; and, so that a change of the features does not waste the games, the
   deal's seed, every move played and the features' names: a game recorded with other
   features is played again and read with today's (``refeaturize``). The value's target is
   the result, or with ``value_mix`` above 0 that share of the search's chances and the rest
   the result: one game's result says little of each of its positions, the search's chances
   say more of each but lean on the network being trained. ``gen-NNN/games/``.
2. **Training**: the last generation's candidate (kept or not: training goes on where it
   stopped, the gate only decides which network plays), trained in torch on the last
   ``window`` generations' positions (Adam, ``epochs`` passes, the cross-entropies of both
   heads); from generation ``afresh_from`` on (when not 0), the run's initial network
   trained afresh on them instead (``afresh_epochs`` passes). ``gen-NNN/candidate.npz``.
3. **Gate**: ``gate_games`` two-player games of the candidate against the best network, seats
   swapped; it becomes the best when it scores ``gate_threshold`` or more. ``gen-NNN/gate/``.
4. **Strength**: ``baseline_games`` two-player games of the candidate against the ``baseline``
   level at its default budget, seats swapped (``gen-NNN/baseline/``), and
   ``baseline_games_4p`` four-player games of the candidate in one seat against three
   ``baseline`` seats, its seat moving on one a game (``gen-NNN/baseline-4p/``; an even share
   is a quarter): the gate's games are 2-player, so these say whether a kept network plays
   better with 4 too.

Why the bootstrap: from :func:`~splendor_nb.ai.policy_value.initial_network` (medium's rating
as the value, flat priors) self-play learns too slowly for two cores: its first generation
(120 games, 45 minutes) won 1 of 10 games against the baseline. The baseline's games teach the
network the baseline's choices and a value of positions the baseline reaches; self-play then has
to improve on the baseline rather than find its way up to it. They cost more than self-play's
(the baseline rates every move of each new position): 24.0 s of CPU a game, 150 games a CPU
hour (20 games at the baseline's budget, one process at ``nice -n 19`` on the loaded 2-core
machine, 3 Dec 2026: 18.1 s with 2 players, 29.4 with 3, 36.0 with 4; 71 positions a game),
against some 500 of self-play's. The default 200 games take about 80 minutes of one core.
The ``bootstrap_epochs`` default, 40 passes, comes from those 20 games, 15 trained on and 5
held out: the held-out policy loss fell from 2.99 (the initial network) to 2.78 at 20 passes,
2.67 at 40, 2.50 at 160, then rose (2.56 at 320; the targets' own entropy, the floor, is 1.65);
the value loss was noisy from 20 passes on. With 13 times those positions the bootstrap
would overfit later still; 40 passes keep its training to minutes.

Without the bootstrap (``bootstrap_games`` 0, and a run whose settings.json was written before
it existed), generation 0 is the initial network itself, or with ``start`` a network file
given: a new run can go on from the shipped weights or another run's candidate, e.g.
``--bootstrap-games 0 --start splendor_nb/data/expert_network.npz`` (its window then holds
self-play alone, from generation 1 on). Each game's deal and seeds come from
``seed``, the generation and its index, and games are gathered in index order, so the same
settings give the same games, the same networks and the same log, however many workers play
them (at most 2 here). A log line per generation goes to ``train.log`` in the run's folder and
to the standard output: the games, their CPU time, the losses, the gate's and the baseline
match's scores, and how the games ended (by R-END-TRIGGER, or stalled by R-PASS or R-REPEAT).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch
from tqdm import tqdm

from splendor_nb.ai.baseline import SIMULATIONS as BASELINE_SIMULATIONS
from splendor_nb.ai.baseline import grow, preferred, root_moves, root_visits
from splendor_nb.ai.bots import Bot
from splendor_nb.ai.features import FEATURES, NAMES, features
from splendor_nb.ai.policy_value import (
    MOVE_FEATURES,
    MOVE_NAMES,
    Network,
    initial_network,
    move_features,
    network_in,
    save_network,
)
from splendor_nb.ai.puct import (
    Noise,
    best_move,
    puct,
    search,
    searched_moves,
    shares_of,
    visit_shares,
)
from splendor_nb.ai.simulate import derive_seed, stream
from splendor_nb.engine import GameState, Move, new_game

PLAYER_MIX = (2, 2, 2, 3, 4)
"""Self-play game ``i`` has ``PLAYER_MIX[i % 5]`` players: three games in five are 2-player."""
MAX_TURNS = 400
"""A game still running after this many turns is dropped (and scores half in a match)."""


@dataclass(frozen=True)
class Settings:
    """Everything that decides a run's data and networks."""

    seed: int = 33
    games: int = 120
    simulations: int = 100
    sampled_turns: int = 12
    noise_alpha: float = 0.3
    noise_share: float = 0.25
    window: int = 4
    epochs: int = 2
    batch: int = 256
    rate: float = 1e-3
    l2: float = 1e-4
    gate_games: int = 24
    gate_simulations: int = 100
    gate_threshold: float = 0.55
    baseline_games: int = 10
    baseline_games_4p: int = 8
    bootstrap_games: int = 200
    """Generation 0's games of the baseline against itself; 0: no bootstrap."""
    bootstrap_simulations: int = 0
    """The baseline's simulations a move in them; 0: its own budget (baseline.SIMULATIONS)."""
    bootstrap_epochs: int = 40
    """Passes over the bootstrap's positions to train generation 0's candidate."""
    value_mix: float = 0.0
    """The share of the search's root chances in a self-play position's value target, the rest
    the game's result (the bootstrap's positions: the result alone)."""
    full_share: float = 1.0
    """The share of self-play's moves searched with ``simulations``, noise and all, and kept
    for training; the others (never in the first ``sampled_turns`` turns) are searched with
    ``fast_simulations``, without noise, and only played (KataGo's playout cap
    randomisation: more games, so more results, for the same CPU)."""
    fast_simulations: int = 0
    """The simulations of a move not kept (``full_share`` below 1)."""
    start: str = ""
    """A network file generation 0 starts from (another run's candidate, the shipped weights),
    copied into the run as ``gen-000/network.npz``; empty: the initial network."""
    afresh_from: int = 0
    """The first generation whose candidate is trained afresh, from the run's initial network
    for ``afresh_epochs`` passes on its window (as ``--retrain`` trains one), instead of going
    on from the last candidate; 0: none is. A candidate trained afresh played better
    (docs/ai.md). A run may take it up part way, for generations not yet done."""
    afresh_epochs: int = 20

    def __post_init__(self) -> None:
        if not 0 < self.full_share <= 1:
            raise ValueError(f"full_share {self.full_share} is not in (0, 1]")
        if self.full_share < 1 and self.fast_simulations < 1:
            raise ValueError("full_share below 1 needs fast_simulations of 1 or more")


LEGACY: dict[str, Any] = {"bootstrap_games": 0, "value_mix": 0.0, "baseline_games_4p": 0}
"""The settings a run's ``settings.json`` lacks when it was started before they existed: such a
run goes on as it was started (no bootstrap; the result alone as the value's target; no
4-player matches)."""
TAKEN_UP_LATER = {"afresh_from", "afresh_epochs"}
"""The settings a run already started may change: those of generations not yet done."""
MATCH_PLAYERS = {"gate": 2, "baseline": 2, "baseline-4p": 4}
"""The players of a match game of each kind."""


# --- playing ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SelfPlay:
    """One self-play game to play and where to write its positions."""

    settings: Settings
    generation: int
    index: int
    network: Path
    out: Path


@dataclass(frozen=True)
class Bootstrap:
    """One game of generation 0 that the baseline's search plays against itself, and where to
    write its positions."""

    settings: Settings
    index: int
    out: Path


@dataclass(frozen=True)
class Match:
    """One game of a network (in seat ``index`` modulo the players, ``MATCH_PLAYERS[kind]``)
    against another network or, with ``rival`` None, the baseline in every other seat; ``out``
    gets the network's score."""

    settings: Settings
    kind: str
    generation: int
    index: int
    network: Path
    rival: Path | None
    out: Path


Decision = tuple[GameState, Sequence[Move], Sequence[float], Move, Sequence[float] | None]
"""A searched position: the view searched (the mover's), the root's moves, their shares of the
root's visits, the most visited move, and every player's chance of winning as the search found
it (``None``: not recorded, as in the baseline's bootstrap)."""


def play_selfplay(task: SelfPlay) -> float:
    """Play one self-play game and write its positions (``out``, atomically); the CPU seconds
    it took."""
    settings = task.settings
    network = network_in(task.network)

    def decide(state: GameState, rng: random.Random) -> Decision:
        view = state.player_view(state.current_player)
        moves = searched_moves(view)
        if len(moves) == 1:
            return view, moves, [1.0], moves[0], None
        if (settings.full_share < 1 and state.turn >= settings.sampled_turns
                and rng.random() >= settings.full_share):  # a fast move: played, not kept
            fast = search(view, rng, settings.fast_simulations, moves, network)
            return view, moves, [0.0] * len(moves), best_move(fast, moves,
                                                               state.current_player), None
        noise = Noise(settings.noise_alpha, settings.noise_share, rng.randrange(1 << 32))
        root = search(view, rng, settings.simulations, moves, network, noise)
        chances = [root.worth(player) for player in range(len(view.players))]
        return (view, moves, visit_shares(root, moves),
                best_move(root, moves, state.current_player), chances)

    return _record_game(settings, "self-play", task.generation, task.index, decide, task.out)


def baseline_decision(state: GameState, rng: random.Random, simulations: int) -> Decision:
    """The baseline's search from the view of the player to move in ``state`` (never the cards
    they cannot see), as the baseline bot plays: its root's moves, their shares of the visits
    below the root and the move it plays; ``simulations`` 0 is the baseline's own budget."""
    view = state.player_view(state.current_player)
    moves = root_moves(view)
    if len(moves) == 1:
        return view, moves, [1.0], moves[0], None
    budget = simulations or BASELINE_SIMULATIONS[len(view.players)]
    root = grow(view, rng, budget, moves)
    return view, moves, shares_of(root_visits(root, moves)), preferred(root, moves,
                                                                    view.current_player), None


def play_bootstrap(task: Bootstrap) -> float:
    """Play one game of the baseline's search against itself and write its positions (``out``,
    atomically), as self-play does; the CPU seconds it took."""
    simulations = task.settings.bootstrap_simulations
    return _record_game(task.settings, "bootstrap", 0, task.index,
                        lambda state, rng: baseline_decision(state, rng, simulations), task.out)


def _record_game(settings: Settings, kind: str, generation: int, index: int,
                 decide: Callable[[GameState, random.Random], Decision], out: Path) -> float:
    """Play game ``index`` of a generation with ``decide`` at every seat and write every
    searched position of it to ``out``: the rows, the mover, the root's moves and their visit
    shares, the chances the search found when ``decide`` gives them, and the game's result;
    the first ``sampled_turns`` turns are drawn in proportion to the shares. The deal's seed,
    every move played, the root's moves and the names of the features are written too, so
    that the positions can be read again with other features (:func:`replay`). The CPU
    seconds it took."""
    started = time.process_time()
    players = PLAYER_MIX[index % len(PLAYER_MIX)]
    rng = random.Random(derive_seed(settings.seed, kind, generation, index))
    deal = derive_seed(settings.seed, "deal", generation, index)
    state = new_game(players=players, seed=deal)
    rows, movers, move_rows, counts = [], [], [], []
    shares: list[float] = []
    found: list[Sequence[float]] = []
    played: list[str] = []
    kept: list[int] = []
    searched: list[str] = []
    while not state.is_over and state.turn < MAX_TURNS:
        view, moves, share, best, chances = decide(state, rng)
        if len(moves) == 1:
            played.append(str(moves[0]))
            state = state.apply(moves[0])
            continue
        if any(share):
            kept.append(len(played))
            searched.extend(str(move) for move in moves)
            rows.append(features(state))
            movers.append(state.current_player)
            move_rows.append(move_features(view, moves))
            counts.append(len(moves))
            shares.extend(share)
            if chances is not None:
                found.append(chances)
        if state.turn < settings.sampled_turns and any(share):
            best = rng.choices(moves, weights=share)[0]
        played.append(str(best))
        state = state.apply(best)
    if not state.is_over:
        rows, movers, move_rows, counts, shares, found = [], [], [], [], [], []
        kept, searched = [], []
    result = [1 / len(state.winners) if i in state.winners else 0.0 for i in range(players)] \
        if state.is_over else [0.0] * players
    _write_npz(out, rows=np.array(rows, dtype=np.float32).reshape(-1, players, FEATURES),
               movers=np.array(movers, dtype=np.int64),
               moves=np.concatenate(move_rows).astype(np.float32) if move_rows
               else np.zeros((0, MOVE_FEATURES), dtype=np.float32),
               counts=np.array(counts, dtype=np.int64),
               shares=np.array(shares, dtype=np.float32),
               result=np.array(result, dtype=np.float32),
               end=np.array(state.end_rule or "unfinished"),
               deal=np.array(deal, dtype=np.int64), played=np.array(played, dtype=str),
               kept=np.array(kept, dtype=np.int64), searched=np.array(searched, dtype=str),
               feature_names=np.array(NAMES), move_names=np.array(MOVE_NAMES),
               **({"chances": np.array(found, dtype=np.float32).reshape(-1, players)}
                  if found and len(found) == len(movers) else {}))
    return time.process_time() - started


def play_match(task: Match) -> float:
    """Play one match game and write the network's score (1, a share of a shared victory, or
    0; half when unfinished) to ``out``; the CPU seconds it took."""
    started = time.process_time()
    settings = task.settings
    players = MATCH_PLAYERS[task.kind]
    seat = task.index % players
    deal = derive_seed(settings.seed, task.kind, task.generation, task.index)
    state = new_game(players=players, seed=deal)
    baseline = Bot("baseline", seed=derive_seed(deal, "baseline"))
    mine, rival = network_in(task.network), None if task.rival is None else network_in(task.rival)
    while not state.is_over and state.turn < MAX_TURNS:
        me = state.current_player
        side = mine if me == seat else rival
        if side is None:
            move = baseline.choose(state)
        else:
            rng = random.Random(derive_seed(deal, me, state.turn))
            move = puct(state.player_view(me), rng, settings.gate_simulations, side)
        state = state.apply(move)
    winners = state.winners if state.is_over else tuple(range(players))
    score = 1 / len(winners) if seat in winners else 0.0
    _write_text(task.out, json.dumps({"score": score, "turns": state.turn,
                                      "end": state.end_rule or "unfinished"}))
    return time.process_time() - started


def _write_npz(path: Path, **arrays: Any) -> None:
    """Write ``arrays`` to ``path`` whole or not at all (a run stopped while writing)."""
    partial = path.with_name(path.stem + ".partial.npz")
    np.savez_compressed(partial, **arrays)
    partial.replace(path)


def _write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text)
    partial.replace(path)


def run_tasks(work: Callable[[Any], float], tasks: Sequence[Any], workers: int, label: str
              ) -> tuple[int, float]:
    """``work(task)`` for every task whose output file is missing, on ``workers`` processes,
    with a progress bar: how many were played, and their CPU seconds in all."""
    todo = [task for task in tasks if not task.out.exists()]
    if not todo:
        return 0, 0.0
    results: Iterator[float] = (map(work, todo) if workers <= 1
                                else stream(work, todo, workers=workers))
    seconds = 0.0
    with tqdm(total=len(tasks), initial=len(tasks) - len(todo), desc=label, unit="game",
              file=sys.stderr) as bar:
        for cpu in results:
            seconds += cpu
            bar.update()
    return len(todo), seconds


# --- training --------------------------------------------------------------------------------

class TorchNetwork(torch.nn.Module):
    """The network of :class:`~splendor_nb.ai.policy_value.Network`, in torch, batched."""

    def __init__(self, network: Network) -> None:
        super().__init__()
        for name, array in network._asdict().items():
            self.register_parameter(name, torch.nn.Parameter(
                torch.tensor(array, dtype=torch.float32)))

    def weight(self, name: str) -> torch.Tensor:
        result: torch.Tensor = getattr(self, name)
        return result

    def forward(self, rows: torch.Tensor, movers: torch.Tensor, moves: torch.Tensor
                ) -> tuple[torch.Tensor, torch.Tensor]:
        """Value scores (positions, players) and policy scores (positions, moves) for
        ``rows`` (positions, players, features), the movers' seats and the moves' rows
        (positions, moves, move features)."""
        w = self.weight
        first = torch.tanh(rows @ w("row_in") + w("row_in_bias"))
        encoded = first + torch.tanh(first @ w("row_mid") + w("row_mid_bias"))
        value = encoded @ w("value_out") + rows @ w("value_linear")
        seats = torch.arange(rows.shape[1])[None, :] == movers[:, None]
        mover = encoded[seats]
        rivals = encoded.masked_fill(seats[..., None], -torch.inf).max(dim=1).values
        context = mover @ w("mover_context") + rivals @ w("rival_context") + w("context_bias")
        policy = torch.tanh(context[:, None, :] + moves @ w("move_in")) @ w("move_out")
        return value, policy

    def network(self) -> Network:
        """The weights as the numpy network."""
        return Network(*(self.weight(name).detach().numpy().astype(np.float64)
                         for name in Network._fields))


@dataclass
class Positions:
    """The positions of games with the same number of players, stacked."""

    rows: np.ndarray[Any, Any]
    movers: np.ndarray[Any, Any]
    results: np.ndarray[Any, Any]
    starts: np.ndarray[Any, Any]
    counts: np.ndarray[Any, Any]
    moves: np.ndarray[Any, Any]
    shares: np.ndarray[Any, Any]

    def batch(self, chosen: np.ndarray[Any, Any]) -> tuple[torch.Tensor, ...]:
        """Tensors of the ``chosen`` positions, their moves padded (mask: a real move)."""
        width = int(self.counts[chosen].max())
        moves = np.zeros((len(chosen), width, self.moves.shape[1]), dtype=np.float32)
        shares = np.zeros((len(chosen), width), dtype=np.float32)
        mask = np.zeros((len(chosen), width), dtype=bool)
        for row, index in enumerate(chosen):
            start, count = self.starts[index], self.counts[index]
            moves[row, :count] = self.moves[start:start + count]
            shares[row, :count] = self.shares[start:start + count]
            mask[row, :count] = True
        return (torch.from_numpy(self.rows[chosen]), torch.from_numpy(self.movers[chosen]),
                torch.from_numpy(self.results[chosen]), torch.from_numpy(moves),
                torch.from_numpy(shares), torch.from_numpy(mask))


Game = dict[str, np.ndarray[Any, Any]]
"""A recorded game's arrays, by name (:func:`_record_game`)."""


def load_positions(files: Sequence[Path], value_mix: float = 0.0) -> dict[int, Positions]:
    """Every position of the games in ``files``, by number of players; a position's value
    target is its game's result, mixed with the search's chances where a game has them
    (``value_mix`` of the chances, :attr:`Settings.value_mix`). A game recorded with other
    features than today's is read again with today's (:func:`refeaturize`)."""
    parts: dict[int, list[Game]] = {}
    for path in files:
        with np.load(path) as stored:
            game = {name: stored[name] for name in stored.files}
        if not same_features(game):
            game = refeaturize(game, path)
        if len(game["movers"]):
            parts.setdefault(game["rows"].shape[1], []).append(game)
    found = {}
    for players, games in sorted(parts.items()):
        counts = np.concatenate([g["counts"] for g in games])
        found[players] = Positions(
            rows=np.concatenate([g["rows"] for g in games]),
            movers=np.concatenate([g["movers"] for g in games]),
            results=np.concatenate([value_targets(g, value_mix) for g in games]),
            starts=np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64),
            counts=counts,
            moves=np.concatenate([g["moves"] for g in games]),
            shares=np.concatenate([g["shares"] for g in games]))
    return found


def same_features(game: Game) -> bool:
    """Whether ``game``'s rows and move rows are today's features (a game recorded before the
    names were written is taken at its widths)."""
    if "feature_names" in game:
        return (tuple(game["feature_names"].tolist()) == NAMES
                and tuple(game["move_names"].tolist()) == MOVE_NAMES)
    return bool(game["rows"].shape[2] == FEATURES and game["moves"].shape[1] == MOVE_FEATURES)


def replay(game: Game) -> list[tuple[GameState, list[Move]]]:
    """The kept positions of a recorded game, each with its root's moves, played again from
    the game's deal and moves."""
    state = new_game(players=len(game["result"]), seed=int(game["deal"]))
    searched = [Move.parse(text) for text in game["searched"].tolist()]
    starts = np.concatenate([[0], np.cumsum(game["counts"])]).tolist()
    kept = {number: place for place, number in enumerate(game["kept"].tolist())}
    found = []
    for number, text in enumerate(game["played"].tolist()):
        if number in kept:
            place = kept[number]
            found.append((state, searched[starts[place]:starts[place + 1]]))
        state = state.apply(Move.parse(text))
    return found


def refeaturize(game: Game, path: Path) -> Game:
    """``game`` with its rows and move rows made again with today's features, from its
    replay; a game recorded without its moves cannot be, and says so."""
    if "played" not in game:
        raise ValueError(f"{path} was recorded with other features than today's and without "
                         "its moves, so its positions cannot be read again: play it anew")
    positions = replay(game)
    players = len(game["result"])
    rows = np.array([features(state) for state, _ in positions], dtype=np.float32)
    moves = [move_features(state.player_view(state.current_player), searched)
             for state, searched in positions]
    return {**game, "rows": rows.reshape(-1, players, FEATURES),
            "moves": (np.concatenate(moves) if moves else
                      np.zeros((0, MOVE_FEATURES))).astype(np.float32),
            "feature_names": np.array(NAMES), "move_names": np.array(MOVE_NAMES)}


def value_targets(game: Game, value_mix: float) -> np.ndarray[Any, Any]:
    """Each position's value target in one game's arrays: the result, or ``value_mix`` of the
    search's chances and the rest the result when the game recorded them."""
    results = np.repeat(game["result"][None], len(game["movers"]), axis=0)
    if value_mix and "chances" in game:
        results = (1 - value_mix) * results + value_mix * game["chances"]
    return results.astype(np.float32)


def losses(model: TorchNetwork, batch: tuple[torch.Tensor, ...]
           ) -> tuple[torch.Tensor, torch.Tensor]:
    """The value's and the policy's cross-entropies on one batch."""
    rows, movers, results, moves, shares, mask = batch
    value, policy = model(rows, movers, moves)
    value_loss = -(results * torch.log_softmax(value, dim=-1)).sum(-1).mean()
    policy = torch.log_softmax(policy.masked_fill(~mask, -torch.inf), dim=-1)
    policy_loss = -(shares * policy.masked_fill(~mask, 0.0)).sum(-1).mean()
    return value_loss, policy_loss


def held_out(network: Network, data: dict[int, Positions]) -> dict[int, tuple[float, float]]:
    """``network``'s value and policy cross-entropies on ``data`` (positions it was not trained
    on), by number of players: how well it foresees results and searches it never saw."""
    model = TorchNetwork(network)
    found = {}
    with torch.no_grad():
        for players, positions in data.items():
            value_loss, policy_loss = losses(model, positions.batch(
                np.arange(len(positions.movers))))
            found[players] = (value_loss.item(), policy_loss.item())
    return found


def train(start: Network, data: dict[int, Positions], settings: Settings, generation: int,
          epochs: int | None = None) -> tuple[Network, float, float, int]:
    """``start`` trained on ``data`` for ``epochs`` passes (by default ``settings.epochs``):
    the network, the last epoch's mean value and policy losses, and the steps taken."""
    torch.manual_seed(derive_seed(settings.seed, "train", generation) % (1 << 31))
    order = np.random.default_rng(derive_seed(settings.seed, "batches", generation))
    model = TorchNetwork(start)
    optimiser = torch.optim.Adam(model.parameters(), lr=settings.rate,
                                 weight_decay=settings.l2)
    steps = 0
    value_sum = policy_sum = 0.0
    for _ in range(settings.epochs if epochs is None else epochs):
        batches = [(players, chosen) for players, positions in data.items()
                   for chosen in np.array_split(order.permutation(len(positions.movers)),
                                                max(1, len(positions.movers)
                                                    // settings.batch))]
        value_sum = policy_sum = 0.0
        for pick in order.permutation(len(batches)):
            players, chosen = batches[pick]
            value_loss, policy_loss = losses(model, data[players].batch(chosen))
            optimiser.zero_grad()
            (value_loss + policy_loss).backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            steps += 1
            value_sum += value_loss.item()
            policy_sum += policy_loss.item()
        value_sum /= len(batches)
        policy_sum /= len(batches)
    return model.network(), value_sum, policy_sum, steps


# --- the run ---------------------------------------------------------------------------------

class Run:
    """A run's folder: its settings, its generations' files and its log."""

    def __init__(self, folder: Path, given: dict[str, Any]) -> None:
        """A new run with the settings ``given`` (the rest by default), or the run already in
        ``folder``, whose settings ``given`` must not contradict but for those it may take up
        later (:data:`TAKEN_UP_LATER`)."""
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        stored = folder / "settings.json"
        changed: list[str] = []
        if stored.exists():
            self.settings = Settings(**{**LEGACY, **json.loads(stored.read_text())})
            changed = [name for name, value in given.items()
                       if getattr(self.settings, name) != value]
            if changed and not (set(changed) <= TAKEN_UP_LATER and self._later(given)):
                raise ValueError(f"the run in {folder} was started with other settings "
                                 f"({', '.join(changed)}): see its settings.json")
            self.settings = replace(self.settings, **{name: given[name] for name in changed})
        else:
            self.settings = Settings(**given)
        if not stored.exists() or changed:
            stored.write_text(json.dumps(asdict(self.settings), indent=1) + "\n")
        first = self.generation(0) / "network.npz"
        if not first.exists():
            first.parent.mkdir(parents=True, exist_ok=True)
            save_network(network_in(self.settings.start) if self.settings.start else
                         self.initial(), first)

    def _later(self, given: dict[str, Any]) -> bool:
        """Whether training afresh, as ``given`` and as stored, starts after every generation
        done (or never), so that taking it up changes none of them."""
        done = self.finished()
        return all(start == 0 or start > done
                   for start in (given.get("afresh_from", 0), self.settings.afresh_from))

    def initial(self) -> Network:
        """The run's initial network (:func:`~splendor_nb.ai.policy_value.initial_network`
        of its seed): generation 0 when the run starts from no file."""
        return initial_network(np.random.default_rng(derive_seed(self.settings.seed, "initial")))

    def generation(self, number: int) -> Path:
        return self.folder / f"gen-{number:03}"

    def summary(self, number: int) -> dict[str, Any] | None:
        path = self.generation(number) / "summary.json"
        return json.loads(path.read_text()) if path.exists() else None

    def games(self, number: int) -> int:
        """How many games generation ``number`` plays: the bootstrap's for generation 0."""
        return self.settings.bootstrap_games if number == 0 else self.settings.games

    @property
    def first_played(self) -> int:
        """The first generation with games: 0 when the run bootstraps, else 1 (generation 0
        is then the start network alone)."""
        return 0 if self.settings.bootstrap_games else 1

    def finished(self) -> int:
        """The number of generations done, one after the other from the first (generation 0,
        the bootstrap, not counted)."""
        number = 0
        while self.summary(number + 1) is not None:
            number += 1
        return number

    def best(self, before: int) -> Path:
        """The best network when generation ``before`` starts: the last candidate the gate
        kept (the bootstrap's among them), or the initial network."""
        for number in range(before - 1, -1, -1):
            summary = self.summary(number)
            if summary is not None and summary["kept"]:
                return self.generation(number) / "candidate.npz"
        return self.generation(0) / "network.npz"

    def played(self, number: int) -> list[Path]:
        """The files of generation ``number``'s games."""
        return [self.generation(number) / "games" / f"{i:05}.npz"
                for i in range(self.games(number))]

    def window(self, number: int) -> list[Path]:
        """The games generation ``number``'s candidate is trained on: those of the last
        ``window`` generations up to it (the bootstrap's among them, when there is one)."""
        return [path for g in range(max(self.first_played, number - self.settings.window + 1),
                                    number + 1)
                for path in self.played(g)]

    def retrain(self, number: int, epochs: int) -> Network:
        """A network trained afresh on generation ``number``'s window: from the run's
        :meth:`initial` network (even when the run started from a file), ``epochs`` passes,
        seeded as that generation's training. The candidates go on from one another, so each
        carries what it learned from games long out of the window; one trained afresh on the
        same games judged positions better (docs/ai.md)."""
        data = load_positions(self.window(number), self.settings.value_mix)
        return train(self.initial(), data, self.settings, number, epochs)[0]

    def log(self, line: str) -> None:
        print(line, flush=True)
        with (self.folder / "train.log").open("a") as file:
            file.write(line + "\n")

    def play_generation(self, number: int, workers: int) -> dict[str, Any]:
        """Every step of generation ``number`` not yet done; its summary. Generation 0 is the
        bootstrap: the baseline's games, and a candidate trained on them from the initial
        network."""
        settings = self.settings
        folder = self.generation(number)
        best = self.best(number)
        started = time.perf_counter()
        (folder / "games").mkdir(parents=True, exist_ok=True)
        outs = self.played(number)
        if number == 0:
            here, cpu = run_tasks(play_bootstrap, [Bootstrap(settings, index, out)
                                                   for index, out in enumerate(outs)],
                                  workers, "gen 0 baseline bootstrap")
        else:
            here, cpu = run_tasks(play_selfplay, [SelfPlay(settings, number, index, best, out)
                                                  for index, out in enumerate(outs)],
                                  workers, f"gen {number} self-play")
        played = time.perf_counter() - started
        candidate = folder / "candidate.npz"
        data = load_positions(self.window(number), settings.value_mix)
        started = time.perf_counter()
        training_cpu = time.process_time()
        if settings.afresh_from and number >= settings.afresh_from:
            start, epochs = self.initial(), settings.afresh_epochs
        else:
            start = network_in(self.generation(number - 1) / "candidate.npz"
                               if number > self.first_played
                               else self.generation(0) / "network.npz")
            epochs = settings.bootstrap_epochs if number == 0 else settings.epochs
        network, value_loss, policy_loss, steps = train(start, data, settings, number, epochs)
        save_network(network, candidate)
        trained = time.perf_counter() - started
        training_cpu = time.process_time() - training_cpu
        scores, match_cpu, ends = self.matches(number, candidate, best, workers)
        gate = scores["gate"] / max(1, settings.gate_games)
        own = 0
        for out in outs:
            with np.load(out) as stored:
                own += len(stored["movers"])
                end = str(stored["end"]) if "end" in stored.files else "not recorded"
            ends[end] = ends.get(end, 0) + 1
        return {"generation": number, "kind": "bootstrap" if number == 0 else "self-play",
                "best_before": str(best.relative_to(self.folder)),
                "games": len(outs), "positions": own, "window_positions":
                sum(len(p.movers) for p in data.values()), "played_here": here,
                "self_play_cpu": round(cpu), "self_play_seconds": round(played),
                "train_seconds": round(trained), "train_cpu": round(training_cpu),
                "match_cpu": round(match_cpu), "steps": steps,
                "value_loss": round(value_loss, 4), "policy_loss": round(policy_loss, 4),
                "gate": scores["gate"], "gate_games": settings.gate_games,
                "kept": gate >= settings.gate_threshold,
                "baseline": scores["baseline"], "baseline_games": settings.baseline_games,
                "baseline_4p": scores["baseline-4p"],
                "baseline_games_4p": settings.baseline_games_4p, "ends": ends}

    def matches(self, number: int, candidate: Path, best: Path, workers: int
                ) -> tuple[dict[str, float], float, dict[str, int]]:
        """Generation ``number``'s gate (``candidate`` against ``best``) and its matches against
        the baseline (2 and 4 players): their scores, their CPU seconds, and their games by the
        rule that ended them (R-END-TRIGGER, or a stall: R-PASS, R-REPEAT, unfinished)."""
        settings = self.settings
        folder = self.generation(number)
        scores = {}
        match_cpu = 0.0
        ends: dict[str, int] = {}
        for kind, count, rival in (("gate", settings.gate_games, best),
                                   ("baseline", settings.baseline_games, None),
                                   ("baseline-4p", settings.baseline_games_4p, None)):
            (folder / kind).mkdir(exist_ok=True)
            matches = [Match(settings, kind, number, index, candidate, rival,
                             folder / kind / f"{index:05}.json") for index in range(count)]
            match_cpu += run_tasks(play_match, matches, workers, f"gen {number} {kind}")[1]
            results = [json.loads(m.out.read_text()) for m in matches]
            scores[kind] = sum(result["score"] for result in results)
            for result in results:
                end = result.get("end", "not recorded")
                ends[end] = ends.get(end, 0) + 1
        return scores, match_cpu, ends

    def advance(self, generations: int, workers: int) -> None:
        """Play every generation up to ``generations`` that is not done yet (generation 0
        first when the run bootstraps)."""
        for number in range(self.first_played, generations + 1):
            if self.summary(number) is not None:
                continue
            started = time.perf_counter()
            summary = self.play_generation(number, workers)
            summary["seconds"] = round(time.perf_counter() - started)
            _write_text(self.generation(number) / "summary.json",
                        json.dumps(summary, indent=1) + "\n")
            self.log(describe(summary))


def describe(summary: dict[str, Any]) -> str:
    """A generation's log line."""
    hours = summary["self_play_cpu"] / 3600
    per_hour = f"{summary['played_here'] / hours:.0f}" if hours else "-"
    games = ("baseline bootstrap games" if summary.get("kind") == "bootstrap"
             else "self-play games")
    return (f"generation {summary['generation']}: {summary['games']} {games} "
            f"({summary['positions']} positions; {summary['played_here']} played by this "
            f"process in {summary['self_play_cpu']} s of CPU, {per_hour} games a CPU hour, "
            f"{summary['self_play_seconds']} s of wall clock); trained {summary['steps']} "
            f"steps on {summary['window_positions']} positions in {summary['train_cpu']} s of "
            f"CPU (value loss {summary['value_loss']}, policy loss {summary['policy_loss']}); "
            f"gate {summary['gate']:g} of {summary['gate_games']} against "
            f"{summary['best_before']}: {'kept' if summary['kept'] else 'not kept'}; "
            f"against the baseline {summary['baseline']:g} of {summary['baseline_games']}"
            + (f", with 4 players {summary['baseline_4p']:g} of {summary['baseline_games_4p']}"
               if summary.get("baseline_games_4p") else "") +
            f" ({summary['match_cpu']} s of CPU for the matches); the games' ends: "
            f"{summary['ends']}; {summary['seconds']} s of "
            f"wall clock in all")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, required=True, help="the run's folder")
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--export", type=Path,
                        help="write the best network of the generations done here, and stop")
    parser.add_argument("--retrain", type=int, metavar="GENERATION",
                        help="with --export: write instead a network trained afresh on that "
                             "generation's window (--retrain-epochs passes)")
    parser.add_argument("--retrain-epochs", type=int, default=20)
    parser.add_argument("--held-out", type=int, metavar="GENERATION",
                        help="print the losses of the --networks files on that generation's "
                             "games (the value's against their results alone), and stop")
    parser.add_argument("--networks", type=Path, nargs="+", default=[],
                        help="with --held-out: the network files to judge")
    for field in fields(Settings):
        parser.add_argument(f"--{field.name.replace('_', '-')}", type=type(field.default),
                            help=f"default {field.default} (a new run only)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # one core for training: the machine is shared
    given = {field.name: getattr(args, field.name) for field in fields(Settings)
             if getattr(args, field.name) is not None}
    try:
        run = Run(args.run, given)
    except ValueError as error:
        parser.error(str(error))
    if args.held_out is not None:
        if not args.networks or args.held_out > run.finished() \
                or not run.played(args.held_out):
            parser.error(f"--held-out {args.held_out} needs --networks and a finished "
                         f"generation with games (generations done: {run.finished()})")
        data = load_positions(run.played(args.held_out))
        for path in args.networks:
            for players, (value, policy) in held_out(network_in(path), data).items():
                print(f"{path}: {players} players, {len(data[players].movers)} positions: "
                      f"value loss {value:.4f}, policy loss {policy:.4f}")
        return
    if args.retrain is not None:
        if args.export is None or args.retrain > run.finished() or not run.window(args.retrain):
            parser.error(f"--retrain {args.retrain} needs --export and a finished generation "
                         f"with games (generations done: {run.finished()})")
        save_network(run.retrain(args.retrain, args.retrain_epochs), args.export)
        print(f"wrote {args.export}: {args.export.stat().st_size} bytes, generation "
              f"{args.retrain}'s window trained afresh, {args.retrain_epochs} passes")
        return
    if args.export is not None:
        best = run.best(run.finished() + 1)
        save_network(network_in(best), args.export)
        print(f"wrote {args.export}: {args.export.stat().st_size} bytes, from {best}")
        return
    run.advance(args.generations, min(2, args.workers))


if __name__ == "__main__":
    main()
