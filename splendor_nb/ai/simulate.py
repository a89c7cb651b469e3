"""Bot games at scale: ``simulate`` writes many games as replays, ``tournament`` rates two levels.

Games run on a :mod:`concurrent.futures` executor: a process pool on this machine by default, or
any executor with ``submit`` (a thread pool, or a Dask cluster through
``distributed.Client(...).get_executor()``). Each game's deal and bot seeds come from the run's
seed and the game's index only (:func:`plan_game`), so the same seed gives the same games
whatever the executor and however many workers it has. Seats rotate from game to game: with two
levels, they swap every other game, so no level always moves first.

``simulate`` keeps every game in memory, for runs of a few thousand games; a corpus of millions
streams to shards with ``splendor_nb.analysis.corpus.simulate_corpus``, which runs its shards
through :func:`stream` and plays each game with :func:`play_replay`.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     replays = simulate(2, players=2, levels=("easy", "medium"), seed=1, executor=pool,
...                        progress=False)
>>> [[p["level"] for p in r.headers["players"]] for r in replays]
[['easy', 'medium'], ['medium', 'easy']]
>>> replays[0].state(len(replays[0])).is_over
True
"""

from __future__ import annotations

import hashlib
import math
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from tqdm import tqdm

from splendor_nb.ai.bots import BENCHMARK_LEVELS, LEVELS, Bot
from splendor_nb.engine import new_game
from splendor_nb.replay import Replay

MAX_TURNS = 1000
"""A game still running after this many turns is stopped and recorded as unfinished."""
EVENT = "splendor-nb simulate"
PENDING_PER_WORKER = 4
"""Tasks :func:`stream` keeps submitted per process of its own pool: enough to keep every
worker busy, few enough that the parent holds a handful of futures however many tasks there
are."""
PENDING_ON_EXECUTOR = 1024
"""Tasks :func:`stream` keeps submitted to an executor it was given (a Dask cluster may have
hundreds of workers, and it does not say how many)."""

Task = TypeVar("Task")
Result = TypeVar("Result")


@dataclass(frozen=True)
class Game:
    """One game to play: everything that decides it, so that any worker plays it the same."""

    index: int
    seed: int
    levels: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    budget: int | None = None
    budgets: tuple[tuple[str, int], ...] = ()
    """Budgets by level, over ``budget``: ``(("expert", 1200),)``."""
    weights: str | None = None
    """A file of weights the expert level plays instead of the shipped ones."""

    def budget_of(self, level: str) -> int | None:
        """The budget of the bots of ``level`` (``None``: the level's default).

        >>> Game(0, 1, ("hard", "expert"), (1, 2), 500, (("expert", 900),)).budget_of(
        ...     "expert")
        900
        """
        return dict(self.budgets).get(level, self.budget)


@dataclass(frozen=True)
class Played:
    """A played game: its replay as JSON text, and the seconds each seat took per move.

    Seconds are the thread's CPU time (``time.thread_time``): on a busy machine other work
    does not inflate them, and on an idle one they match the wall clock.
    """

    game: Game
    replay: str
    seconds: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class TournamentResult:
    """Two levels' record over a series of games (a shared victory counts as a draw). With
    more than 2 players the first level has one seat and the second the others."""

    levels: tuple[str, str]
    games: int
    wins: tuple[int, int]
    draws: int
    seconds_per_move: tuple[float, float]
    """Median CPU seconds per move of each level (see :class:`Played`)."""
    players: int = 2
    ends: Mapping[str, int] = field(default_factory=dict)
    """How many games each rule ended: ``R-END-TRIGGER``, or a stall (``R-PASS``,
    ``R-REPEAT``, ``unfinished`` after :data:`MAX_TURNS` turns)."""

    def win_rate(self, side: int) -> float:
        """Games won by ``levels[side]``, as a fraction of all games."""
        return self.wins[side] / self.games

    def interval(self, side: int, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval of ``win_rate(side)`` (95% with the default ``z``).

        >>> result = TournamentResult(("hard", "easy"), 100, (90, 10), 0, (0.5, 0.0))
        >>> [round(x, 3) for x in result.interval(0)]
        [0.826, 0.945]
        """
        return wilson(self.wins[side], self.games, z)

    def __str__(self) -> str:
        seats = "" if self.players == 2 else (
            f" at {self.players} players (one seat against {self.players - 1}; an even share "
            f"is {1 / self.players:.1%})")
        ended = ", ".join(f"{count} by {rule}" for rule, count in sorted(self.ends.items()))
        lines = [f"{self.levels[0]} v {self.levels[1]}{seats}: {self.games} games, "
                 f"{self.draws} draws (shared victories)" + (f"; ended {ended}" if ended else "")]
        for side, level in enumerate(self.levels):
            low, high = self.interval(side)
            lines.append(f"  {level:>6} wins {self.wins[side]:4} = {self.win_rate(side):6.1%}  "
                         f"95% CI [{low:.1%}, {high:.1%}]  "
                         f"median {self.seconds_per_move[side]:.3f} CPU s per move")
        return "\n".join(lines)


def simulate(games: int, players: int = 2, levels: Sequence[str] = ("medium",), seed: int = 0,
             executor: Executor | None = None, out_dir: str | Path | None = None,
             progress: bool = True, budget: int | None = None, workers: int | None = None,
             ) -> list[Replay]:
    """Play ``games`` bot games and return them as replays (also saved in ``out_dir``).

    ``levels`` are dealt to the seats in turn (repeated as needed) and rotate one seat each game.
    ``executor`` defaults to a process pool of ``workers`` processes (all cores by default);
    pass ``distributed.Client(...).get_executor()`` to spread the games over a Dask cluster.
    ``budget`` is the hard bots' budget per move. Files are named ``game-00001.json`` and so
    on; ``splendor_nb.analysis.load_folder(out_dir)`` turns them into one table.
    """
    return [Replay.loads(played.replay) for played in
            _run(_games(games, players, levels, seed, budget), executor, out_dir, progress,
                 workers)]


def tournament(level_a: str, level_b: str, games: int, seed: int = 0,
               executor: Executor | None = None, progress: bool = True,
               budget: int | None = None, workers: int | None = None,
               out_dir: str | Path | None = None,
               budgets: Mapping[str, int] | None = None,
               weights: str | None = None, players: int = 2) -> TournamentResult:
    """Play ``games`` games between two levels, seats swapped every other game
    (``budgets``: a budget by level, over ``budget``; ``weights``: a file of weights for the
    expert level, instead of the shipped ones). With 3 or 4 ``players``, ``level_a`` has
    one seat and ``level_b`` the others, ``level_a``'s seat moving on one each game.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:
    ...     result = tournament("medium", "easy", 2, seed=3, executor=pool, progress=False)
    >>> result.games, sum(result.wins) + result.draws, result.ends
    (2, 2, {'R-END-TRIGGER': 2})
    """
    levels = (level_a, level_b)
    seats = seating(players, (level_a,) + (level_b,) * (players - 1))
    planned = [plan_game(index, seed, seats, budget, budgets, weights) for index in range(games)]
    played = _run(planned, executor, out_dir, progress, workers)
    wins = [0, 0]
    draws = 0
    seconds: list[list[float]] = [[], []]
    ends: Counter[str] = Counter()
    for record in played:
        replay = Replay.loads(record.replay)
        final = replay.state(len(replay))
        winners = final.winners
        ends[final.end_rule or "unfinished"] += 1
        for seat in range(players):
            side = 0 if (seat + record.game.index) % players == 0 else 1  # seats rotate
            seconds[side].extend(record.seconds[seat])
            if winners == (seat,):
                wins[side] += 1
        if len(winners) != 1:
            draws += 1
    return TournamentResult(levels, games, (wins[0], wins[1]), draws,
                            (_median(seconds[0]), _median(seconds[1])), players, dict(ends))


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with the default ``z``).

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    shrink = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / shrink
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / shrink
    return (max(0.0, centre - half), min(1.0, centre + half))


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, the same on every machine and Python version.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_game(game: Game) -> Played:
    """Play one game to its end (or ``MAX_TURNS``); what every worker runs.

    >>> played = play_game(Game(0, seed=5, levels=("easy", "easy"), bot_seeds=(1, 2)))
    >>> Replay.loads(played.replay).headers["players"][1]["level"]
    'easy'
    """
    replay, seconds = play_replay(game)
    return Played(game, replay.dumps(), seconds)


def play_replay(game: Game) -> tuple[Replay, tuple[tuple[float, ...], ...]]:
    """Play one game to its end (or ``MAX_TURNS``): its replay, and each seat's CPU seconds
    per move (see :class:`Played`).

    >>> replay, seconds = play_replay(plan_game(0, seed=5, seats=("easy", "medium")))
    >>> replay.state(len(replay)).is_over, len(seconds)
    (True, 2)
    """
    headers = {
        "players": [{"name": f"{level.capitalize()} bot {seat + 1}", "kind": "ai",
                     "level": level} for seat, level in enumerate(game.levels)],
        "event": EVENT,
        "notes": f"game {game.index + 1}; bot seeds {', '.join(map(str, game.bot_seeds))}"
                 + (f"; hard budget {game.budget}" if game.budget is not None else "")
                 + "".join(f"; budget of {level}: {n}" for level, n in game.budgets)
                 + (f"; expert weights {game.weights}" if game.weights is not None else ""),
    }
    state = new_game(players=len(game.levels), seed=game.seed)
    replay = Replay.from_state(state, headers)
    bots = [Bot(level, seed=s, budget=game.budget_of(level),
                weights=game.weights if level == "expert" else None)
            for level, s in zip(game.levels, game.bot_seeds, strict=True)]
    seconds: list[list[float]] = [[] for _ in game.levels]
    while not state.is_over and len(replay) < MAX_TURNS:
        seat = state.current_player
        started = time.thread_time()
        move = bots[seat].choose(state)
        seconds[seat].append(time.thread_time() - started)
        state = replay.play(move)
    if not state.is_over:
        replay.headers["result"] = f"unfinished after {MAX_TURNS} turns"
    return replay, tuple(tuple(s) for s in seconds)


def seating(players: int, levels: Sequence[str]) -> tuple[str, ...]:
    """The levels of the seats in the first game: ``levels`` dealt in turn, repeated as needed.

    >>> seating(4, ("medium", "hard"))
    ('medium', 'hard', 'medium', 'hard')
    >>> seating(2, ("easy", "master"))
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'master': choose among easy, medium, hard, expert
    """
    if not levels:
        raise ValueError("give at least one level")
    for level in levels:
        if level not in LEVELS + BENCHMARK_LEVELS:
            raise ValueError(f"unknown level {level!r}: choose among {', '.join(LEVELS)}")
    seated = tuple(levels[i % len(levels)] for i in range(max(players, len(levels))))
    if len(seated) != players:
        raise ValueError(f"{len(levels)} levels for {players} players")
    return seated


def plan_game(index: int, seed: int, seats: Sequence[str], budget: int | None = None,
              budgets: Mapping[str, int] | None = None, weights: str | None = None) -> Game:
    """Game ``index`` of a run: its deal and bot seeds come from ``(seed, index)`` only, and
    the ``seats`` of :func:`seating` rotate one seat each game.

    >>> game = plan_game(1, seed=7, seats=("easy", "medium"))
    >>> game.levels, game.seed == derive_seed(7, 1)
    (('medium', 'easy'), True)
    """
    players = len(seats)
    return Game(index, derive_seed(seed, index),
                tuple(seats[(seat + index) % players] for seat in range(players)),
                tuple(derive_seed(seed, index, seat) for seat in range(players)), budget,
                tuple(sorted((budgets or {}).items())), weights)


def stream(work: Callable[[Task], Result], tasks: Iterable[Task],
           executor: Executor | None = None, workers: int | None = None) -> Iterator[Result]:
    """``work(task)`` for every task, run on ``executor`` and yielded as each one finishes.

    Tasks are submitted as results come back, a bounded number at a time
    (:data:`PENDING_PER_WORKER`, :data:`PENDING_ON_EXECUTOR`), so the parent's memory does not
    grow with the number of tasks. ``executor`` defaults to a process pool of ``workers``
    processes (all cores by default), shut down when the iterator ends or is closed; ``work``
    must then be a module-level function that the workers can import.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     sorted(stream(abs, [-3, 1, -2], pool))
    [1, 2, 3]
    """
    own = executor is None
    pool = ProcessPoolExecutor(workers) if executor is None else executor
    limit = (PENDING_PER_WORKER * (workers or os.cpu_count() or 1) if own
             else PENDING_ON_EXECUTOR)
    pending: set[Future[Result]] = set()
    try:
        for task in tasks:
            pending.add(pool.submit(work, task))
            if len(pending) >= limit:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                yield from (future.result() for future in done)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            yield from (future.result() for future in done)
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(cancel_futures=True)


def _games(games: int, players: int, levels: Sequence[str], seed: int, budget: int | None
           ) -> list[Game]:
    seats = seating(players, levels)
    return [plan_game(index, seed, seats, budget) for index in range(games)]


def _run(games: list[Game], executor: Executor | None, out_dir: str | Path | None,
         progress: bool, workers: int | None) -> list[Played]:
    folder = Path(out_dir) if out_dir is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    results: dict[int, Played] = {}
    with tqdm(total=len(games), desc="playing", unit="game", disable=not progress) as bar:
        for played in stream(play_game, games, executor, workers):
            results[played.game.index] = played
            if folder is not None:
                name = f"game-{played.game.index + 1:05}.json"
                Replay.loads(played.replay).save(folder / name)
            bar.update()
    return [results[game.index] for game in games]


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0
