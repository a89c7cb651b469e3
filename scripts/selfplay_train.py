"""Learn the alphazero bot's network (splendor_nb/data/alphazero.npz) by self-play.

    nice -n 19 /work/main/.venv/bin/python scripts/selfplay_train.py --run /work/az-run \\
        [--generations 40] [--workers 2] [--seed 33] [--games 120] [--simulations 100] ...
    /work/main/.venv/bin/python scripts/selfplay_train.py --run /work/az-run \\
        --export splendor_nb/data/alphazero.npz      # the best network so far, to ship

AlphaZero's loop, one generation at a time, every step written to the run's folder as it is
done, so the same command resumes an interrupted run where it stopped (the settings are read
back from ``settings.json``; only ``--generations`` and ``--workers`` may change):

1. **Self-play**: ``games`` games of the best network's PUCT search (:mod:`splendor_nb.ai.puct`)
   against itself, 2, 3 or 4 players (``PLAYER_MIX``), ``simulations`` a move, Dirichlet noise
   at the root, the first ``sampled_turns`` turns drawn in proportion to the visits. Every
   searched position is kept: its rows, the root's moves and their shares of the visits (the
   policy's target), and the game's result (the value's target). ``gen-NNN/games/``.
2. **Training**: the last generation's candidate (kept or not: training goes on where it
   stopped, the gate only decides which network plays), trained in torch on the last
   ``window`` generations' positions (Adam, ``epochs`` passes, the cross-entropies of both
   heads). ``gen-NNN/candidate.npz``.
3. **Gate**: ``gate_games`` two-player games of the candidate against the best network, seats
   swapped; it becomes the best when it scores ``gate_threshold`` or more. ``gen-NNN/gate/``.
4. **Strength**: ``expert_games`` two-player games of the candidate against today's expert
   (the ``baseline`` level, at its default budget), seats swapped. ``gen-NNN/expert/``.

Generation 0 is :func:`~splendor_nb.ai.policy_value.initial_network` (medium's rating as the
value, flat priors). Each game's deal and seeds come from ``seed``, the generation and its
index, and games are gathered in index order, so the same settings give the same games, the
same networks and the same log, however many workers play them (at most 2 here). A log line
per generation goes to ``train.log`` in the run's folder and to the standard output: the
games, their CPU time, the losses, the gate's and the baseline match's scores, and how the
games ended (by R-END-TRIGGER, or stalled by R-PASS or R-REPEAT).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np
import torch
from tqdm import tqdm

from splendor_nb.ai.bots import Bot
from splendor_nb.ai.features import FEATURES, features
from splendor_nb.ai.policy_value import (
    MOVE_FEATURES,
    Network,
    initial_network,
    move_features,
    read_network,
    save_network,
)
from splendor_nb.ai.puct import Noise, best_move, search, searched_moves, visit_shares
from splendor_nb.ai.simulate import derive_seed, stream
from splendor_nb.engine import new_game

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
    expert_games: int = 10


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
class Match:
    """One two-player game of a network (seat ``seat``) against another network or, with
    ``rival`` None, the baseline expert; ``out`` gets the network's score."""

    settings: Settings
    kind: str
    generation: int
    index: int
    network: Path
    rival: Path | None
    out: Path


_NETWORKS: dict[Path, Network] = {}


def network_at(path: Path) -> Network:
    """The network written at ``path``, read once per process."""
    if path not in _NETWORKS:
        _NETWORKS[path] = read_network(path)
    return _NETWORKS[path]


def play_selfplay(task: SelfPlay) -> float:
    """Play one self-play game and write its positions (``out``, atomically); the CPU seconds
    it took."""
    started = time.process_time()
    settings = task.settings
    players = PLAYER_MIX[task.index % len(PLAYER_MIX)]
    rng = random.Random(derive_seed(settings.seed, "self-play", task.generation, task.index))
    state = new_game(players=players,
                     seed=derive_seed(settings.seed, "deal", task.generation, task.index))
    network = network_at(task.network)
    rows, movers, move_rows, counts, shares = [], [], [], [], []
    while not state.is_over and state.turn < MAX_TURNS:
        view = state.player_view(state.current_player)
        moves = searched_moves(view)
        if len(moves) == 1:
            state = state.apply(moves[0])
            continue
        noise = Noise(settings.noise_alpha, settings.noise_share, rng.randrange(1 << 32))
        root = search(view, rng, settings.simulations, moves, network, noise)
        share = visit_shares(root, moves)
        rows.append(features(state))
        movers.append(state.current_player)
        move_rows.append(move_features(view, moves))
        counts.append(len(moves))
        shares.extend(share)
        if state.turn < settings.sampled_turns and any(share):
            move = rng.choices(moves, weights=share)[0]
        else:
            move = best_move(root, moves, state.current_player)
        state = state.apply(move)
    if not state.is_over:
        rows, movers, move_rows, counts, shares = [], [], [], [], []
    result = [1 / len(state.winners) if i in state.winners else 0.0 for i in range(players)] \
        if state.is_over else [0.0] * players
    _write_npz(task.out, rows=np.array(rows, dtype=np.float32).reshape(-1, players, FEATURES),
               movers=np.array(movers, dtype=np.int64),
               moves=np.concatenate(move_rows).astype(np.float32) if move_rows
               else np.zeros((0, MOVE_FEATURES), dtype=np.float32),
               counts=np.array(counts, dtype=np.int64),
               shares=np.array(shares, dtype=np.float32),
               result=np.array(result, dtype=np.float32),
               end=np.array(state.end_rule or "unfinished"))
    return time.process_time() - started


def play_match(task: Match) -> float:
    """Play one match game and write the network's score (1, a share of a shared victory, or
    0; half when unfinished) to ``out``; the CPU seconds it took."""
    started = time.process_time()
    settings = task.settings
    seat = task.index % 2
    deal = derive_seed(settings.seed, task.kind, task.generation, task.index)
    state = new_game(players=2, seed=deal)
    baseline = Bot("baseline", seed=derive_seed(deal, "baseline"))
    sides = [network_at(task.network), None if task.rival is None else network_at(task.rival)]
    while not state.is_over and state.turn < MAX_TURNS:
        me = state.current_player
        side = sides[0] if me == seat else sides[1]
        if side is None:
            move = baseline.choose(state)
        else:
            view = state.player_view(me)
            moves = searched_moves(view)
            rng = random.Random(derive_seed(deal, me, state.turn))
            move = moves[0] if len(moves) == 1 else best_move(
                search(view, rng, settings.gate_simulations, moves, side), moves, me)
        state = state.apply(move)
    winners = state.winners if state.is_over else (0, 1)
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


def load_positions(files: Sequence[Path]) -> dict[int, Positions]:
    """Every position of the self-play games in ``files``, by number of players."""
    parts: dict[int, list[dict[str, np.ndarray[Any, Any]]]] = {}
    for path in files:
        with np.load(path) as stored:
            game = {name: stored[name] for name in stored.files}
        if len(game["movers"]):
            parts.setdefault(game["rows"].shape[1], []).append(game)
    found = {}
    for players, games in sorted(parts.items()):
        counts = np.concatenate([g["counts"] for g in games])
        found[players] = Positions(
            rows=np.concatenate([g["rows"] for g in games]),
            movers=np.concatenate([g["movers"] for g in games]),
            results=np.concatenate([np.repeat(g["result"][None], len(g["movers"]), axis=0)
                                    for g in games]),
            starts=np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64),
            counts=counts,
            moves=np.concatenate([g["moves"] for g in games]),
            shares=np.concatenate([g["shares"] for g in games]))
    return found


def losses(model: TorchNetwork, batch: tuple[torch.Tensor, ...]
           ) -> tuple[torch.Tensor, torch.Tensor]:
    """The value's and the policy's cross-entropies on one batch."""
    rows, movers, results, moves, shares, mask = batch
    value, policy = model(rows, movers, moves)
    value_loss = -(results * torch.log_softmax(value, dim=-1)).sum(-1).mean()
    policy = torch.log_softmax(policy.masked_fill(~mask, -torch.inf), dim=-1)
    policy_loss = -(shares * policy.masked_fill(~mask, 0.0)).sum(-1).mean()
    return value_loss, policy_loss


def train(start: Network, data: dict[int, Positions], settings: Settings, generation: int
          ) -> tuple[Network, float, float, int]:
    """``start`` trained on ``data``: the network, the last epoch's mean value and policy
    losses, and the steps taken."""
    torch.manual_seed(derive_seed(settings.seed, "train", generation) % (1 << 31))
    order = np.random.default_rng(derive_seed(settings.seed, "batches", generation))
    model = TorchNetwork(start)
    optimiser = torch.optim.Adam(model.parameters(), lr=settings.rate,
                                 weight_decay=settings.l2)
    steps = 0
    value_sum = policy_sum = 0.0
    for _ in range(settings.epochs):
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
        ``folder``, whose settings ``given`` must not contradict."""
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        stored = folder / "settings.json"
        if stored.exists():
            self.settings = Settings(**json.loads(stored.read_text()))
            changed = [name for name, value in given.items()
                       if getattr(self.settings, name) != value]
            if changed:
                raise ValueError(f"the run in {folder} was started with other settings "
                                 f"({', '.join(changed)}): see its settings.json")
        else:
            self.settings = Settings(**given)
            stored.write_text(json.dumps(asdict(self.settings), indent=1) + "\n")
        first = self.generation(0) / "network.npz"
        if not first.exists():
            first.parent.mkdir(parents=True, exist_ok=True)
            save_network(initial_network(np.random.default_rng(
                derive_seed(self.settings.seed, "initial"))), first)

    def generation(self, number: int) -> Path:
        return self.folder / f"gen-{number:03}"

    def summary(self, number: int) -> dict[str, Any] | None:
        path = self.generation(number) / "summary.json"
        return json.loads(path.read_text()) if path.exists() else None

    def finished(self) -> int:
        """The number of generations done, one after the other from the first."""
        number = 0
        while self.summary(number + 1) is not None:
            number += 1
        return number

    def best(self, before: int) -> Path:
        """The best network when generation ``before`` starts: the last candidate the gate
        kept, or generation 0."""
        for number in range(before - 1, 0, -1):
            summary = self.summary(number)
            if summary is not None and summary["kept"]:
                return self.generation(number) / "candidate.npz"
        return self.generation(0) / "network.npz"

    def log(self, line: str) -> None:
        print(line, flush=True)
        with (self.folder / "train.log").open("a") as file:
            file.write(line + "\n")

    def play_generation(self, number: int, workers: int) -> dict[str, Any]:
        """Every step of generation ``number`` not yet done; its summary."""
        settings = self.settings
        folder = self.generation(number)
        best = self.best(number)
        started = time.perf_counter()
        (folder / "games").mkdir(parents=True, exist_ok=True)
        games = [SelfPlay(settings, number, index, best, folder / "games" / f"{index:05}.npz")
                 for index in range(settings.games)]
        here, cpu = run_tasks(play_selfplay, games, workers, f"gen {number} self-play")
        played = time.perf_counter() - started
        files = [self.generation(g) / "games" / f"{i:05}.npz"
                 for g in range(max(1, number - settings.window + 1), number + 1)
                 for i in range(settings.games)]
        candidate = folder / "candidate.npz"
        data = load_positions(files)
        started = time.perf_counter()
        training_cpu = time.process_time()
        previous = (self.generation(number - 1) / "candidate.npz" if number > 1
                    else self.generation(0) / "network.npz")
        network, value_loss, policy_loss, steps = train(network_at(previous), data, settings,
                                                        number)
        save_network(network, candidate)
        trained = time.perf_counter() - started
        training_cpu = time.process_time() - training_cpu
        scores = {}
        match_cpu = 0.0
        ends: dict[str, int] = {}
        """The generation's games (self-play and matches) by the rule that ended them:
        R-END-TRIGGER, or a stall (R-PASS, R-REPEAT, unfinished)."""
        for kind, count, rival in (("gate", settings.gate_games, best),
                                   ("expert", settings.expert_games, None)):
            (folder / kind).mkdir(exist_ok=True)
            matches = [Match(settings, kind, number, index, candidate, rival,
                             folder / kind / f"{index:05}.json") for index in range(count)]
            match_cpu += run_tasks(play_match, matches, workers, f"gen {number} {kind}")[1]
            results = [json.loads(m.out.read_text()) for m in matches]
            scores[kind] = sum(result["score"] for result in results)
            for result in results:
                end = result.get("end", "not recorded")
                ends[end] = ends.get(end, 0) + 1
        gate = scores["gate"] / max(1, settings.gate_games)
        own = 0
        for game in games:
            with np.load(game.out) as stored:
                own += len(stored["movers"])
                end = str(stored["end"]) if "end" in stored.files else "not recorded"
            ends[end] = ends.get(end, 0) + 1
        return {"generation": number, "best_before": str(best.relative_to(self.folder)),
                "games": settings.games, "positions": own, "window_positions":
                sum(len(p.movers) for p in data.values()), "played_here": here,
                "self_play_cpu": round(cpu), "self_play_seconds": round(played),
                "train_seconds": round(trained), "train_cpu": round(training_cpu),
                "match_cpu": round(match_cpu), "steps": steps,
                "value_loss": round(value_loss, 4), "policy_loss": round(policy_loss, 4),
                "gate": scores["gate"], "gate_games": settings.gate_games,
                "kept": gate >= settings.gate_threshold,
                "expert": scores["expert"], "expert_games": settings.expert_games,
                "ends": ends}

    def advance(self, generations: int, workers: int) -> None:
        """Play every generation up to ``generations`` that is not done yet."""
        for number in range(1, generations + 1):
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
    return (f"generation {summary['generation']}: {summary['games']} self-play games "
            f"({summary['positions']} positions; {summary['played_here']} played by this "
            f"process in {summary['self_play_cpu']} s of CPU, {per_hour} games a CPU hour, "
            f"{summary['self_play_seconds']} s of wall clock); trained {summary['steps']} "
            f"steps on {summary['window_positions']} positions in {summary['train_cpu']} s of "
            f"CPU (value loss {summary['value_loss']}, policy loss {summary['policy_loss']}); "
            f"gate {summary['gate']:g} of {summary['gate_games']} against "
            f"{summary['best_before']}: {'kept' if summary['kept'] else 'not kept'}; "
            f"against the baseline expert {summary['expert']:g} of {summary['expert_games']} "
            f"({summary['match_cpu']} s of CPU for both matches); the games' ends: "
            f"{summary['ends']}; {summary['seconds']} s of "
            f"wall clock in all")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, required=True, help="the run's folder")
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--export", type=Path,
                        help="write the best network of the generations done here, and stop")
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
    if args.export is not None:
        best = run.best(run.finished() + 1)
        save_network(network_at(best), args.export)
        print(f"wrote {args.export}: {args.export.stat().st_size} bytes, from {best}")
        return
    run.advance(args.generations, min(2, args.workers))


if __name__ == "__main__":
    main()
