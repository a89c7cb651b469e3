"""Review a game as chess players review theirs: every position of the main line judged, each
move labelled by the chance of winning its player gave away, the expert bot's move beside it,
and an accuracy per player (docs/review.md gives the thresholds, the formula and the calibration).

The expert judges each position (:func:`splendor_nb.ai.puct.judge`): one search of
``budget`` simulations from the view of the player to move
(:data:`~splendor_nb.ai.puct.REVIEW_SIMULATIONS` by default) gives every player's chance of
winning and the move it prefers. A move's *loss* compares like with like: the mover's chance
after the expert's move minus their chance after the move played, both positions judged with
the next player to move. A move the expert would have played loses nothing.

The figures are stored in the replay (``replay.analysis``), so a saved file keeps them and a
second review reuses every position still current; a review is a function of the game's record
(the same file gives the same figures, however many workers judge it).

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("R3b4")
>>> result = review(replay, budget=60, workers=1)
>>> [(m.turn, str(m.move), str(m.best), round(m.loss, 3), m.label) for m in result.moves]
[(1, '+wbg', '+rr', 0.0, None), (2, 'R3b4', '+wbr', 0.071, 'inaccuracy')]
>>> len(replay.analysis.positions), pending(replay, budget=60)
(3, 0)
"""

from __future__ import annotations

import hashlib
import math
import os
import statistics
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata, resources
from typing import TypeVar, cast

import pandas as pd

from splendor_nb.ai.policy_value import WEIGHTS_FILE
from splendor_nb.ai.puct import REVIEW_SIMULATIONS, evaluate, judge
from splendor_nb.moves import Move
from splendor_nb.replay import Analysis, PositionAnalysis, Replay

LABELS = ("inaccuracy", "mistake", "blunder")
"""The verdicts, mildest first."""
INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.15
"""A move whose loss reaches a threshold gets its label: lichess's thresholds (0.1, 0.2, 0.3 on
its -1..1 scale of winning chances, so 5, 10 and 15 points of win chance), which suit the bots'
games here (docs/review.md: the rates by level)."""
THRESHOLDS = dict(zip(LABELS, (INACCURACY, MISTAKE, BLUNDER), strict=True))
CHANCE_DIGITS = 4
"""Chances are kept, and stored, with this many decimals."""
STEPS = (6, 12)
"""The parts :func:`review_in_steps` judges: the first 6 moves, then 12 at a time."""
MIN_PARALLEL = 4
"""Fewer positions to judge than this are judged in this process (a pool costs more)."""
POLL_SECONDS = 0.1
"""How often a running review looks at its cancellation."""

Cancel = threading.Event | Callable[[], bool]
Progress = Callable[[int, int], object]
Result = TypeVar("Result")


class ReviewCancelled(Exception):
    """The review was cancelled; the positions judged by then are kept in the replay's
    analysis (a contiguous run from the setup), so the next review goes on from there."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"review cancelled after {done} of {total} positions")
        self.done = done
        self.total = total


@dataclass(frozen=True)
class MoveReview:
    """One move of the main line as the review judged it (chances from 0 to 1)."""

    turn: int
    """1 = the first move."""
    player: int
    move: Move
    best: Move
    """The expert bot's move in the position the move was played from."""
    before: float
    """The mover's chance in that position."""
    after: float
    """The mover's chance after the move played."""
    best_after: float
    """The mover's chance after the bot's move (``after`` when it is the move played)."""

    @property
    def loss(self) -> float:
        """How much better the bot's move was judged: ``best_after - after``, never
        below 0 (a move judged better than the bot's loses nothing)."""
        return max(0.0, self.best_after - self.after)

    @property
    def label(self) -> str | None:
        """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None`` (see :func:`label`)."""
        return label(self.loss)

    @property
    def accuracy(self) -> float:
        """The move's accuracy, 0 to 100 (see :func:`move_accuracy`)."""
        return move_accuracy(self.loss)


@dataclass(frozen=True)
class Review:
    """A reviewed main line: the chances in every position, the expert bot's move in each (none
    once the game is over), and every move's verdict."""

    names: tuple[str, ...]
    chances: tuple[tuple[float, ...], ...]
    """Per position (0 = the setup), each player's chance of winning."""
    best: tuple[Move | None, ...]
    """Per position, the expert bot's move."""
    moves: tuple[MoveReview, ...]
    engine: str
    budget: int

    @property
    def accuracy(self) -> tuple[float, ...]:
        """Each player's accuracy: the mean of their moves' (100 for a player with none)."""
        return tuple(statistics.fmean([m.accuracy for m in self.moves if m.player == player]
                                      or [100.0]) for player in range(len(self.names)))

    def counts(self, player: int) -> dict[str, int]:
        """How many of ``player``'s moves got each label.

        >>> made_up(0.0, 0.06, 0.0, 0.2).counts(1)
        {'inaccuracy': 1, 'mistake': 0, 'blunder': 1}
        """
        found = [m.label for m in self.moves if m.player == player]
        return {name: found.count(name) for name in LABELS}

    def mistakes(self, least: str = "inaccuracy", player: int | None = None) -> list[int]:
        """The turns whose move is labelled ``least`` or worse, in the game's order (of
        ``player``'s moves only, if given): what "previous / next mistake" steps through.

        >>> game = made_up(0.0, 0.06, 0.12, 0.2)
        >>> game.mistakes(), game.mistakes("mistake"), game.mistakes(player=0)
        ([2, 3, 4], [3, 4], [3])
        """
        worst = LABELS[LABELS.index(least):]
        return [m.turn for m in self.moves
                if m.label in worst and (player is None or m.player == player)]

    def next_mistake(self, turn: int, least: str = "inaccuracy", player: int | None = None
                     ) -> int | None:
        """The first labelled turn after ``turn`` (see :meth:`mistakes`), or ``None``.

        >>> made_up(0.0, 0.06, 0.0, 0.2).next_mistake(2), made_up(0.1).next_mistake(1)
        (4, None)
        """
        return next((found for found in self.mistakes(least, player) if found > turn), None)

    def previous_mistake(self, turn: int, least: str = "inaccuracy",
                         player: int | None = None) -> int | None:
        """The last labelled turn before ``turn`` (see :meth:`mistakes`), or ``None``.

        >>> made_up(0.0, 0.06, 0.0, 0.2).previous_mistake(4)
        2
        """
        return next((found for found in reversed(self.mistakes(least, player)) if found < turn),
                    None)

    def to_frame(self) -> pd.DataFrame:
        """A row per move: ``turn``, ``player``, ``name``, ``move``, ``best``, ``before``,
        ``after``, ``best_after``, ``loss``, ``label``, ``accuracy``.

        >>> made_up(0.0, 0.2).to_frame()[["turn", "name", "loss", "label"]].values.tolist()
        [[1, 'Ann', 0.0, None], [2, 'Bob', 0.2, 'blunder']]
        """
        moves = self.moves
        return pd.DataFrame({
            "turn": [m.turn for m in moves], "player": [m.player for m in moves],
            "name": [self.names[m.player] for m in moves], "move": [str(m.move) for m in moves],
            "best": [str(m.best) for m in moves], "before": [m.before for m in moves],
            "after": [m.after for m in moves], "best_after": [m.best_after for m in moves],
            "loss": [m.loss for m in moves],
            "label": pd.Series([m.label for m in moves], dtype=object),  # None stays None
            "accuracy": [m.accuracy for m in moves]})


def review(replay: Replay, progress: Progress | None = None, cancel: Cancel | None = None,
           budget: int = REVIEW_SIMULATIONS, *, executor: Executor | None = None,
           workers: int | None = None, upto: int | None = None) -> Review:
    """Judge every position of ``replay``'s main line and every move; store the figures in
    ``replay.analysis`` and return the :class:`Review`.

    Each position is judged once (:func:`~splendor_nb.ai.puct.judge` at ``budget``
    simulations, from what the player to move sees): its chances and the expert's move, and
    the chances after that move when it is not the move played. Positions the stored analysis
    already holds for this engine and budget are not judged again.

    ``progress(done, total)`` is called with ``(0, total)`` first, then as each position to
    judge is done. ``cancel`` (a :class:`threading.Event`, or a function returning True to stop)
    is looked at between positions and every :data:`POLL_SECONDS`; a cancelled review raises
    :class:`ReviewCancelled`. Positions are judged on a process pool of ``workers`` processes
    (all cores by default; 1: in this process), or on ``executor`` (any
    :class:`concurrent.futures.Executor`). The main line is judged as it was when the review
    began: change it only once the review has returned (a UI runs it in a thread).

    ``upto`` judges only the positions after the first ``upto`` moves (and the setup), and the
    :class:`Review` returned covers those moves: a part of the review, the figures the same as
    the whole review's (see :func:`review_in_steps`).

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> seen = []
    >>> _ = review(replay, lambda done, total: seen.append((done, total)), budget=60, workers=1)
    >>> seen
    [(0, 2), (1, 2), (2, 2)]
    >>> stop = threading.Event(); stop.set()
    >>> review(replay, cancel=stop, budget=70, workers=1)
    Traceback (most recent call last):
    ...
    splendor_nb.analysis.game_review.ReviewCancelled: review cancelled after 0 of 2 positions
    """
    count = len(replay) + 1
    played = [turn.move for turn in replay.turns] + [None]
    entries: list[PositionAnalysis | None] = list(_kept(replay, budget))
    entries += [None] * (count - len(entries))
    judged = count if upto is None else max(1, min(count, upto + 1))
    todo = [index for index in range(judged) if not _complete(entries[index], played[index])]
    total = len(todo)
    if progress is not None:
        progress(0, total)
    if todo:
        judging = _Judging(replay, budget, entries, played, todo)
        try:
            _judge_all(judging, progress, cancel, executor, workers)
        except ReviewCancelled:
            judging.keep_done()
            if judging.entries:
                replay.analysis = Analysis(engine_id(), budget, _judged(judging.entries))
            raise
    if judged < count and len(_kept(replay, budget)) > judged:
        entries = list(_kept(replay, budget))  # judged further before: keep it all
    else:
        entries = entries[:judged]
    analysis = Analysis(engine_id(), budget, _judged(entries))
    replay.analysis = analysis
    return _built(replay, analysis)


def review_in_steps(replay: Replay, progress: Progress | None = None,
                    cancel: Cancel | None = None, budget: int = REVIEW_SIMULATIONS, *,
                    on_part: Callable[[Review], object] | None = None,
                    steps: Sequence[int] = STEPS, workers: int | None = None) -> Review:
    """:func:`review`, a part of the game at a time: the first ``steps[0]`` moves, then
    ``steps[1]`` more, and so on (the last step repeated), each part's :class:`Review` handed
    to ``on_part`` as it is done (the last is the whole review), so that a page shows the
    first verdicts after a few positions rather than after the whole game. The figures are
    the same as one review's (each part judges its positions from the whole record); one
    process pool serves every part. ``progress(done, total)`` counts the whole review's
    positions.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg"); _ = replay.play("+rr"); _ = replay.play("+wbk")
    >>> parts = []
    >>> whole = review_in_steps(replay, budget=60, workers=1, steps=(1, 2),
    ...                         on_part=lambda part: parts.append(len(part.moves)))
    >>> parts, whole == review(Replay.loads(replay.dumps()), budget=60, workers=1)
    ([1, 3], True)
    """
    total = pending(replay, budget)
    if progress is not None:
        progress(0, total)
    workers = workers or os.cpu_count() or 1
    pool = ProcessPoolExecutor(workers) if workers > 1 and total >= MIN_PARALLEL else None
    done = 0
    upto = 0
    sizes = iter(steps)
    size = next(sizes, len(replay) or 1)
    try:
        while True:
            upto = min(len(replay), upto + size)
            size = next(sizes, size)
            before = done

            def advance(finished: int, _part: int, before: int = before) -> None:
                if progress is not None and finished:
                    progress(min(total, before + finished), total)

            try:
                part = review(replay, advance, cancel, budget, executor=pool, upto=upto)
            except ReviewCancelled as stopped:
                raise ReviewCancelled(before + stopped.done, total) from None
            done = total - pending(replay, budget)
            if on_part is not None:
                on_part(part)
            if upto >= len(replay):
                return part
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def stored_review(replay: Replay, any_engine: bool = False) -> Review | None:
    """The review that ``replay.analysis`` holds, if it covers every position of the main line
    and is this engine's (``any_engine=True``: or an older one's, which ``Review.engine`` then
    names; see :func:`engine_id`), whatever its budget; else ``None``.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> stored_review(replay) is None
    True
    >>> _ = review(replay, budget=60, workers=1); _ = replay.play("+wbg")
    >>> stored_review(replay) is None, pending(replay, budget=60)
    (True, 1)
    """
    analysis = replay.analysis
    if analysis is None or not (any_engine or analysis.engine == engine_id()):
        return None
    played = [turn.move for turn in replay.turns] + [None]
    held = analysis.positions[:analysis.current(replay.turns)]
    if len(held) != len(played) or not all(map(_complete, held, played)):
        return None
    return _built(replay, analysis)


def held_review(replay: Replay) -> Review | None:
    """The part of a review that ``replay.analysis`` still holds: the moves of the main line
    up to the first position it does not cover (a side line promoted there, or a review
    cancelled), this engine's, whatever its budget; ``None`` when it holds no move. A viewer
    shows it until the game is reviewed again.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg"); _ = replay.play("R3b4"); _ = review(replay, budget=60, workers=1)
    >>> _ = replay.promote(replay.add_variation(2, "+kk"))
    >>> stored_review(replay) is None, len(held_review(replay).moves)
    (True, 1)
    """
    analysis = replay.analysis
    if analysis is None or analysis.engine != engine_id():
        return None
    played = [turn.move for turn in replay.turns] + [None]
    held = analysis.positions[:analysis.current(replay.turns)]
    count = 0
    while count < len(held) and _complete(held[count], played[count]):
        count += 1
    if count < 2:
        return None
    return _built(replay, Analysis(analysis.engine, analysis.budget, held[:count]))


def pending(replay: Replay, budget: int = REVIEW_SIMULATIONS) -> int:
    """How many positions :func:`review` would judge (0: the stored analysis is complete and
    current for this budget, and a review returns at once).

    >>> from splendor_nb.engine import new_game
    >>> pending(Replay.from_state(new_game(players=2, seed=7)))
    1
    """
    entries = _kept(replay, budget)
    played = [turn.move for turn in replay.turns] + [None]
    return sum(not (index < len(entries) and _complete(entries[index], move))
               for index, move in enumerate(played))


def label(loss: float) -> str | None:
    """The verdict on a move that lost ``loss`` (a chance, 0 to 1): the worst label whose
    threshold it reaches, or ``None``.

    >>> [label(loss) for loss in (0.0499, 0.05, 0.0999, 0.10, 0.15, 0.9)]
    [None, 'inaccuracy', 'inaccuracy', 'mistake', 'blunder', 'blunder']
    """
    found = None
    for name in LABELS:
        if loss >= THRESHOLDS[name] - 1e-9:  # chances have 4 decimals: 0.55 - 0.5 is 0.05
            found = name
    return found


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0 to 100, from the chance it lost: lichess's mapping, 100 for a move
    that lost nothing, else ``103.1668 exp(-0.04354 L) - 3.1669`` plus lichess's 1 point for
    the engine's uncertainty, ``L`` being the loss in points of win chance, held within 0 to 100.

    >>> [round(move_accuracy(loss), 1) for loss in (0.0, 0.0001, 0.05, 0.10, 0.15, 0.30, 1.0)]
    [100.0, 100.0, 80.8, 64.6, 51.5, 25.8, 0.0]
    """
    if loss <= 0:
        return 100.0
    raw = 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669
    return min(100.0, max(0.0, raw + 1))


@lru_cache(maxsize=1)
def engine_id() -> str:
    """What judges: the package version, a digest of the AI's code and one of the expert's
    network (new weights judge differently; the budget is stored beside it); an analysis
    stored by another engine is stale.

    >>> engine_id().startswith("splendor-nb ")
    True
    """
    digest = hashlib.sha256()
    code = resources.files("splendor_nb.ai")
    for name in sorted(entry.name for entry in code.iterdir() if entry.name.endswith(".py")):
        digest.update(name.encode() + b"\0" + code.joinpath(name).read_bytes())
    weights = resources.files("splendor_nb.data").joinpath(WEIGHTS_FILE).read_bytes()
    return (f"splendor-nb {metadata.version('splendor_nb')}, judged by the expert, "
            f"ai {digest.hexdigest()[:12]}, network {hashlib.sha256(weights).hexdigest()[:12]}")


def made_up(*losses: float, names: Sequence[str] = ("Ann", "Bob")) -> Review:
    """A review of made-up moves that lost ``losses`` in turn (players alternate; the move
    played is ``+wbg``, the bot's ``+rr``), for examples and tests of what reads a review.

    >>> [m.label for m in made_up(0.0, 0.05, 0.1, 0.15).moves]
    [None, 'inaccuracy', 'mistake', 'blunder']
    """
    players = len(names)
    moves = tuple(MoveReview(turn, (turn - 1) % players, Move.parse("+wbg"), Move.parse("+rr"),
                             0.5, 0.5 - loss, 0.5) for turn, loss in enumerate(losses, start=1))
    chances = tuple((1 / players,) * players for _ in range(len(losses) + 1))
    return Review(tuple(names), chances, (Move.parse("+rr"),) * (len(losses) + 1), moves,
                  "made up", 1)


# --- judging ------------------------------------------------------------------------------------

class _Judging:
    """The positions of one review still to judge, and what each needs next."""

    def __init__(self, replay: Replay, budget: int, entries: list[PositionAnalysis | None],
                 played: list[Move | None], todo: list[int]) -> None:
        self.record = _record_text(replay)
        self.budget = budget
        self.entries = entries
        self.played = played
        self.todo = todo
        self.found: dict[int, tuple[tuple[float, ...], Move | None]] = {}
        self.turns = replay.turns

    def first_jobs(self) -> list[tuple[str, int, str]]:
        """A job per position: judge it, or (its judgement kept) rate the bot's move only."""
        jobs = []
        for index in self.todo:
            entry = self.entries[index]
            jobs.append(("judge", index, "") if entry is None else
                        ("after", index, str(entry.best)))
        return jobs

    def run(self, job: tuple[str, int, str]) -> tuple[Callable[..., object], tuple[object, ...]]:
        kind, index, best = job
        if kind == "judge":
            return _judge, (self.record, index, self.budget)
        return _chances_after, (self.record, index, best, self.budget)

    def finish(self, job: tuple[str, int, str], result: object) -> tuple[str, int, str] | None:
        """Take a job's result; the position's next job, or None once it is judged."""
        kind, index, _ = job
        if kind == "judge":
            chances, best_text = cast(tuple[tuple[float, ...], str], result)
            move = Move.parse(best_text) if best_text else None
            self.found[index] = (chances, move)
            if move is not None and move != self.played[index]:
                return ("after", index, best_text)
            self.entries[index] = self._entry(index, chances, move, None)
            return None
        if index in self.found:
            chances, move = self.found.pop(index)
        else:
            kept = self.entries[index]
            assert kept is not None
            chances, move = kept.chances, kept.best
        self.entries[index] = self._entry(index, chances, move, cast(tuple[float, ...], result))
        return None

    def keep_done(self) -> None:
        """Keep the judged positions from the setup up to the first one not judged yet."""
        for index, entry in enumerate(self.entries):
            if entry is None or not _complete(entry, self.played[index]):
                del self.entries[index:]
                return

    def _entry(self, index: int, chances: tuple[float, ...], best: Move | None,
               best_chances: tuple[float, ...] | None) -> PositionAnalysis:
        turn = self.turns[index - 1] if index else None
        return PositionAnalysis(chances, best, best_chances,
                                str(turn.move) if turn else None, turn.revealed if turn else None)


def _judge_all(judging: _Judging, progress: Progress | None, cancel: Cancel | None,
               executor: Executor | None, workers: int | None) -> None:
    """Run the jobs on the pool, a position's second job first, as few at once as keep every
    worker busy (so the positions finish in order and the progress moves steadily)."""
    workers = workers or os.cpu_count() or 1
    own = executor is None and workers > 1 and len(judging.todo) >= MIN_PARALLEL
    pool: Executor = ProcessPoolExecutor(min(workers, len(judging.todo))) if own else \
        executor or _InProcess()
    limit = 2 * workers if own or executor is not None else 1
    waiting = deque(judging.first_jobs())
    running: dict[Future[object], tuple[str, int, str]] = {}
    done = 0
    try:
        while waiting or running:
            if _stopped(cancel):
                raise ReviewCancelled(done, len(judging.todo))
            while waiting and len(running) < limit:
                job = waiting.popleft()
                work, arguments = judging.run(job)
                running[pool.submit(work, *arguments)] = job
            finished, _ = wait(running, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in finished:
                following = judging.finish(running.pop(future), future.result())
                if following is not None:
                    waiting.appendleft(following)
                    continue
                done += 1
                if progress is not None:
                    progress(done, len(judging.todo))
    finally:
        for future in running:
            future.cancel()
        if own:
            pool.shutdown(wait=False, cancel_futures=True)


class _InProcess(Executor):
    """Runs each job when it is submitted: the review in this process, one job at a time."""

    def submit(self, fn: Callable[..., Result], /, *args: object, **kwargs: object
               ) -> Future[Result]:
        future: Future[Result] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to the caller by future.result()
            future.set_exception(error)
        return future


def _judge(record: str, index: int, budget: int) -> tuple[tuple[float, ...], str]:
    """A position's chances and the expert's move there (``""`` once the game is over): what
    a worker runs, from the game's record text (positions do not cross processes: their cards
    are compared by identity)."""
    found = judge(_replay_of(record).state(index), budget)
    return _rounded(found.chances), "" if found.move is None else str(found.move)


def _chances_after(record: str, index: int, move: str, budget: int) -> tuple[float, ...]:
    """The chances after ``move`` played in the position after turn ``index`` (the card off a
    deck being the one the record shows next: :meth:`Replay.after`)."""
    return _rounded(evaluate(_replay_of(record).after(index, move), budget))


@lru_cache(maxsize=4)
def _replay_of(record: str) -> Replay:
    return Replay.loads(record)


def _record_text(replay: Replay) -> str:
    """The main line alone as a replay's text: what the workers judge from, so that the
    judgement depends on the game's record only (not on comments, variations, or a deck
    order the file would not keep)."""
    start = replay.state(0)
    bare = Replay.from_setup(replay.players, [noble.id for noble in start.nobles],
                             [[card.id for card in row if card is not None]
                              for row in start.market_rows],
                             {"players": [{"name": name} for name in replay.names]})
    for turn in replay.turns:
        bare.play(turn.move, turn.revealed)
    return bare.dumps()


def _kept(replay: Replay, budget: int) -> Sequence[PositionAnalysis]:
    """The stored entries that still hold for this engine and budget, from the setup on."""
    analysis = replay.analysis
    if analysis is None or analysis.engine != engine_id() or analysis.budget != budget:
        return ()
    return analysis.positions[:analysis.current(replay.turns)]


def _complete(entry: PositionAnalysis | None, played: Move | None) -> bool:
    """Whether ``entry`` holds all a review needs of its position, the next move being
    ``played`` (``None`` at the end): the chances after the bot's move, unless it was played."""
    return entry is not None and (entry.best is None or entry.best == played
                                  or entry.best_chances is not None)


def _built(replay: Replay, analysis: Analysis) -> Review:
    """The review that ``analysis`` holds of the turns it covers (all of them, unless the main
    line grew while the review ran)."""
    positions = analysis.positions
    moves = []
    for turn, entry in enumerate(replay.turns[:len(positions) - 1], start=1):
        before, after = positions[turn - 1], positions[turn]
        player = replay.state(turn - 1).current_player
        best = before.best
        assert best is not None  # a move was played, so the game was not over
        best_after = after.chances if best == entry.move else before.best_chances
        assert best_after is not None
        moves.append(MoveReview(turn, player, entry.move, best, before.chances[player],
                                after.chances[player], best_after[player]))
    return Review(tuple(replay.names), tuple(p.chances for p in positions),
                  tuple(p.best for p in positions), tuple(moves), analysis.engine,
                  analysis.budget)


def _judged(entries: Sequence[PositionAnalysis | None]) -> tuple[PositionAnalysis, ...]:
    """``entries``, every one of them judged."""
    judged = tuple(entry for entry in entries if entry is not None)
    assert len(judged) == len(entries)
    return judged


def _rounded(chances: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(chance, CHANCE_DIGITS) for chance in chances)


def _stopped(cancel: Cancel | None) -> bool:
    if cancel is None:
        return False
    if isinstance(cancel, threading.Event):
        return cancel.is_set()
    return bool(cancel())
