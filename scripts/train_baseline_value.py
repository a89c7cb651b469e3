"""Train the baseline bot's value model (splendor_nb/data/baseline_value.npz) from bot games
(the baseline was the expert level when this model was trained; docs/ai.md).

    nice -n 19 .venv/bin/python scripts/train_baseline_value.py [--seed 20] [--workers 2]
        [--cache /tmp/baseline-data.npz] [--out splendor_nb/data/baseline_value.npz]

It plays seeded bot games (the mix in ``MIX``: medium and hard bots, 2 to 4 players; every
game's deal and bot seeds come from ``--seed`` and its index, as in ``splendor-nb simulate``),
turns every position of every finished game into the feature rows of
:mod:`splendor_nb.ai.features` with the game's result as the target (a shared victory shared),
and fits the network of :mod:`splendor_nb.ai.model` by full-batch Adam on the cross-entropy
of the predicted win chances. The last tenth of the games is held out: the script prints the
held-out loss and the Brier score of the 2-player chances, beside those of a coin flip and of
``evaluate`` (the expert's judgement; when the shipped model was trained, the hard bot's
search). Same seed, same data, same weights (numpy's float sums aside).
``--cache`` keeps the played positions, so a second run only trains.

``--searched`` adds the positions of the baseline's own games (an archive of replays, such as
``scripts/baseline_games.tar.xz``), with the win chances the baseline's search finds there as
their targets: every ``SEARCHED_EVERY``-th position, searched from its mover's view with
``SEARCHED_SIMULATIONS`` simulations, by the weights of ``--search-weights`` (by default
those the package has). Each replay's seeds come from its name in the archive.
"""

from __future__ import annotations

import argparse
import random
import sys
import tarfile
import time
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np

from splendor_nb.ai import evaluate, model
from splendor_nb.ai.baseline import grow, root_moves
from splendor_nb.ai.bots import Bot
from splendor_nb.ai.features import FEATURES, features
from splendor_nb.ai.model import Array, Weights, softmax
from splendor_nb.ai.simulate import Game, derive_seed, plan_game, stream
from splendor_nb.engine import GameState, new_game
from splendor_nb.replay import Replay

MIX: tuple[tuple[tuple[str, ...], int | None, int], ...] = (
    (("medium", "medium"), None, 800),
    (("easy", "medium"), None, 100),
    (("medium", "hard"), 300, 60),
    (("hard", "hard"), 300, 30),
    (("medium", "medium", "medium"), None, 60),
    (("medium", "medium", "medium", "medium"), None, 40),
)
"""Seats, the hard bots' budget, and the number of games of each kind."""
HIDDEN = 24
STEPS = 300
RATE = 0.01
L2 = 1e-3
HELD_OUT = 10
"""Every this-many-th game is held out of the fit and scores it."""
MAX_TURNS = 400
SEARCHED_EVERY = 4
"""Every this-many-th position of a baseline game is searched for its target."""
SEARCHED_SIMULATIONS = 60
SEARCHED_WEIGHT = 3.0
"""How much a searched position counts in the fit against a position of ``MIX``."""


def play(game: Game) -> tuple[list[GameState], tuple[int, ...]]:
    """One game's positions before each move, and its winners (none when unfinished)."""
    state = new_game(players=len(game.levels), seed=game.seed)
    bots = [Bot(level, seed=seed, budget=game.budget)
            for level, seed in zip(game.levels, game.bot_seeds, strict=True)]
    states = []
    while not state.is_over and state.turn < MAX_TURNS:
        states.append(state)
        state = state.apply(bots[state.current_player].choose(state))
    return states, state.winners if state.is_over else ()


def rows(game: Game) -> tuple[int, int, Array, Array]:
    """A game's feature rows and targets: (players, index, rows, targets)."""
    states, winners = play(game)
    players = len(game.levels)
    if not winners:
        return players, game.index, np.zeros((0, players, FEATURES)), np.zeros((0, players))
    target = [1 / len(winners) if i in winners else 0.0 for i in range(players)]
    return (players, game.index, np.array([features(s) for s in states]),
            np.array([target] * len(states)))


def games(seed: int) -> list[Game]:
    """Every game of ``MIX``, numbered across kinds so that each has its own seeds."""
    planned = []
    for kind, (seats, budget, count) in enumerate(MIX):
        for index in range(count):
            game = plan_game(index, derive_seed(seed, "kind", kind), seats, budget)
            planned.append(replace(game, index=len(planned)))
    return planned


def collect(seed: int, workers: int) -> dict[str, Array]:
    """Play the games and stack their rows per player count, train and held-out apart."""
    parts: dict[str, list[Array]] = {}
    planned = games(seed)
    started = time.perf_counter()
    for done, (players, index, x, y) in enumerate(stream(rows, planned, workers=workers), 1):
        split = "test" if index % HELD_OUT == 0 else "train"
        parts.setdefault(f"{split}_x{players}", []).append(x)
        parts.setdefault(f"{split}_y{players}", []).append(y)
        if done % 100 == 0:
            print(f"  {done}/{len(planned)} games, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
    return {name: np.concatenate(chunks) for name, chunks in sorted(parts.items())}


def searched(replay: tuple[str, str]) -> tuple[str, Array, Array]:
    """One 2-player replay's searched positions: (its name, their rows, the chances the search
    found). The name's CRC32 picks the first position and seeds each search."""
    name, text = replay
    seed = zlib.crc32(name.encode())
    states = Replay.loads(text).states()
    rows, chances = [], []
    for turn in range(seed % SEARCHED_EVERY, len(states) - 1, SEARCHED_EVERY):
        state = states[turn]
        view = state.player_view(state.current_player)
        moves = root_moves(view)
        if len(moves) < 2:
            continue
        root = grow(view, random.Random(seed + turn), SEARCHED_SIMULATIONS, moves)
        chances.append([total / root.visits for total in root.total])
        rows.append(features(state))
    return name, np.array(rows).reshape(-1, 2, FEATURES), np.array(chances).reshape(-1, 2)


def search(archive: Path, workers: int) -> dict[str, Array]:
    """The searched positions of every replay in ``archive``, train and held-out apart (a
    tenth of the replays, by their names' CRC32)."""
    with tarfile.open(archive) as tar:
        replays = [(member.name, tar.extractfile(member).read().decode())  # type: ignore[union-attr]
                   for member in sorted(tar.getmembers(), key=lambda m: m.name)
                   if member.isfile()]
    parts: dict[str, list[Array]] = {}
    started = time.perf_counter()
    for done, (name, x, y) in enumerate(stream(searched, replays, workers=workers), 1):
        split = "test" if zlib.crc32(name.encode()) % HELD_OUT == 0 else "train"
        parts.setdefault(f"{split}_xs", []).append(x)
        parts.setdefault(f"{split}_ys", []).append(y)
        if done % 100 == 0:
            print(f"  {done}/{len(replays)} replays searched, "
                  f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    return {name: np.concatenate(chunks) for name, chunks in sorted(parts.items())}


def forward(w: Weights, x: Array) -> tuple[Array, Array]:
    hidden = np.tanh(x @ w.hidden + w.hidden_bias)
    return hidden, softmax(hidden @ w.out + x @ w.linear)


def loss(w: Weights, data: dict[str, Array], split: str) -> float:
    total = count = 0.0
    for players in (2, 3, 4):
        x = data.get(f"{split}_x{players}")
        if x is None or not len(x):
            continue
        _, p = forward(w, x)
        total += float(-(data[f"{split}_y{players}"] * np.log(p + 1e-12)).sum())
        count += len(x)
    return total / count


def fit(data: dict[str, Array], seed: int) -> Weights:
    """Full-batch Adam on the cross-entropy of the win chances, all player counts together."""
    rng = np.random.default_rng(seed)
    w = Weights(rng.normal(0, 0.3, (FEATURES, HIDDEN)), np.zeros(HIDDEN),
                rng.normal(0, 0.3, HIDDEN), np.zeros(FEATURES))
    moments = [np.zeros_like(a) for a in w]
    squares = [np.zeros_like(a) for a in w]
    groups = [(data[f"train_x{n}"], data[f"train_y{n}"], 1.0) for n in (2, 3, 4)
              if f"train_x{n}" in data]
    if "train_xs" in data:
        groups.append((data["train_xs"], data["train_ys"], SEARCHED_WEIGHT))
    total = sum(len(x) * weight for x, _, weight in groups)
    for step in range(1, STEPS + 1):
        grads = [L2 * a for a in w]
        for x, y, weight in groups:
            hidden, p = forward(w, x)
            ds = weight * (p - y) / total
            dz = ds[..., None] * w.out * (1 - hidden ** 2)
            grads[0] += np.einsum("npf,nph->fh", x, dz)
            grads[1] += dz.sum(axis=(0, 1))
            grads[2] += np.einsum("nph,np->h", hidden, ds)
            grads[3] += np.einsum("npf,np->f", x, ds)
        updated = []
        for a, g, m, v in zip(w, grads, moments, squares, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            updated.append(a - RATE * (m / (1 - 0.9 ** step)) /
                           (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8))
        w = Weights(*updated)
        if step % 50 == 0:
            print(f"  step {step}: train loss {loss(w, data, 'train'):.4f}, "
                  f"held-out {loss(w, data, 'test'):.4f}", file=sys.stderr)
    return w


def brier_of_evaluate(seed: int, sample: int = 600) -> float:
    """The Brier score of ``evaluate`` on held-out 2-player positions, replayed from the games
    (``evaluate`` needs the positions, not their rows)."""
    chosen = [g for g in games(seed) if g.index % HELD_OUT == 0 and len(g.levels) == 2]
    rng = random.Random(seed)
    errors = []
    for game in chosen:
        states, winners = play(game)
        if not winners:
            continue
        for state in rng.sample(states, min(len(states), max(1, sample // len(chosen)))):
            won = 1.0 if winners == (0,) else 0.0 if winners == (1,) else 0.5
            errors.append((evaluate(state)[0] - won) ** 2)
    return float(np.mean(errors))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--out", type=Path, default=Path("splendor_nb/data/baseline_value.npz"))
    parser.add_argument("--no-evaluate", dest="compare", action="store_false",
                        help="skip the Brier score of evaluate (a few minutes)")
    parser.add_argument("--searched", type=Path,
                        help="an archive of the baseline's 2-player replays to search for targets")
    parser.add_argument("--search-weights", type=Path,
                        help="the weights the search uses (by default the package's)")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.cache is not None and args.cache.exists():
        with np.load(args.cache) as stored:
            data = {name: stored[name] for name in stored.files}
    else:
        data = collect(args.seed, args.workers)
    played = time.perf_counter() - started
    if args.searched is not None and "train_xs" not in data:
        if args.search_weights is not None:
            with np.load(args.search_weights) as stored:
                weights = Weights(*(np.asarray(stored[name], dtype=np.float64)
                                    for name in Weights._fields))
            # the search reads the model through load_weights; the workers, forked after, too
            model.load_weights = lambda: weights  # type: ignore[assignment]
        started = time.perf_counter()
        data |= search(args.searched, args.workers)
        print(f"searched positions: {len(data['train_xs'])} for the fit, "
              f"{len(data['test_xs'])} held out ({time.perf_counter() - started:.0f} s)")
    if args.cache is not None:
        np.savez_compressed(args.cache, **data)  # type: ignore[arg-type]
    sizes = {name: len(a) for name, a in data.items() if "_x" in name}
    print(f"positions: {sizes} ({played:.0f} s to play)")
    started = time.perf_counter()
    w = fit(data, args.seed)
    print(f"fit: {STEPS} steps in {time.perf_counter() - started:.0f} s; cross-entropy "
          f"train {loss(w, data, 'train'):.4f}, held-out {loss(w, data, 'test'):.4f}")
    _, p = forward(w, data["test_x2"])
    won = data["test_y2"][:, 0]
    print(f"held-out 2-player Brier: model {np.mean((p[:, 0] - won) ** 2):.4f}, "
          f"coin flip {np.mean((0.5 - won) ** 2):.4f}")
    if "test_xs" in data:
        _, p = forward(w, data["test_xs"])
        print(f"held-out searched positions, cross-entropy against the search's chances: "
              f"{float(-(data['test_ys'] * np.log(p + 1e-12)).sum(-1).mean()):.4f}")
    if args.compare:
        print(f"held-out 2-player Brier of evaluate: {brier_of_evaluate(args.seed):.4f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **w._asdict())  # type: ignore[arg-type]
    print(f"wrote {args.out}: {args.out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
