"""Mining find-the-move puzzles from games: the positions where one move is clearly best.

Every position of a game's main line is judged in two passes. A screen searches it with the
baseline bot's search at :data:`SCREEN_SIMULATIONS` and drops it unless the move searched most
stands :data:`SCREEN_MARGIN` above every other move; the same search stopped after its first
:data:`PRESCREEN_SIMULATIONS` drops it already unless that move stands :data:`PRESCREEN_MARGIN`
above (:data:`SCREEN_STAGES`). A position that passes is searched again, :data:`JUDGES` times
with different seeds at :data:`SIMULATIONS` (four times the baseline's budget in play), and kept
only if each search prefers the same move and rates it :data:`MARGIN` or more above every other
action: a *margin in win chance*, the chance of winning its player keeps with the answer minus
the chance with the best other action, as the baseline's search finds them (a move's chance is
the average result of the simulations that went through it). A puzzle is an action to find, as
the Learn tab's puzzles are: the tokens given back and the noble chosen are the turn's last
step, so the moves that differ from the answer only there count as the answer, the best of them
giving its chance. A position with only one action is never a puzzle.

When the mover's next move, after the others' replies as the baseline expects them, is clearly
best too (the same judges), the puzzle is a *line* of two moves to find
(:attr:`MinedPuzzle.then`): the first may pay off only with the second, as in a noble race.
The weaker bots (:data:`WEAKER_LEVELS`) then try it :data:`TRIES` times each, with different
seeds (a line is found when both its moves are); a puzzle that every try of every weaker bot
solves teaches nothing and is dropped. The
tries give the puzzle its starting rating (:func:`~splendor_nb.learn.puzzle_rating.
starting_rating`). A puzzle whose answer triggers the end of the game (or comes after it is
triggered) also records how the baseline expects the round to finish, :attr:`MinedPuzzle.line`,
for the themes that show only at the end (:mod:`~splendor_nb.learn.puzzle_themes`).

>>> SIMULATIONS, JUDGES, MARGIN
(400, 2, 0.1)
>>> from splendor_nb import new_game
>>> mine_position(new_game(seed=1).apply(Move.parse("+wbg")), seed=1) is None  # no clear best
True
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from tqdm import tqdm

from splendor_nb.ai import Bot
from splendor_nb.ai.baseline import SIMULATIONS as PLAY_SIMULATIONS
from splendor_nb.ai.baseline import extend, grow, root_moves
from splendor_nb.ai.simulate import derive_seed, stream
from splendor_nb.analysis.corpus import Corpus, open_corpus
from splendor_nb.analysis.corpus.shards import REPLAYS, game_id, game_index
from splendor_nb.engine import GameState
from splendor_nb.learn.checkers import action
from splendor_nb.learn.puzzle_file import MinedGame, MinedPuzzle, gzip_member, read_mined
from splendor_nb.learn.puzzle_rating import starting_rating
from splendor_nb.learn.puzzle_themes import themes
from splendor_nb.moves import Move
from splendor_nb.replay import Replay
from splendor_nb.rules import WINNING_POINTS

SCREEN_SIMULATIONS = 100
"""The screen's budget: the baseline's own in a two-player game."""
SCREEN_MARGIN = 0.06
"""The screen's margin, below :data:`MARGIN`: a budget this small misjudges by a few points,
and a position it drops here is searched no further."""
PRESCREEN_SIMULATIONS = 20
"""The pre-screen's budget: the screen's first simulations, a fifth of its CPU."""
PRESCREEN_MARGIN = 0.05
"""The pre-screen's margin. On the 1,760 positions of 30 mined games of the shipped
easy-against-medium corpus, it passes 22% of them (the screen alone passes 13.8%, after it
10.7%), and it keeps 91.1% of the 269 puzzles mined from 153 of them: the screen's CPU a
position falls to 37% (docs/puzzles.md, scripts/measure_prescreen.py)."""
SCREEN_STAGES: tuple[tuple[int, float], ...] = (
    (PRESCREEN_SIMULATIONS, PRESCREEN_MARGIN), (SCREEN_SIMULATIONS, SCREEN_MARGIN))
"""The screen's stages, each a budget and the least margin to go on: one search grown on, so
the pre-screen's simulations are the screen's first ones, and a position the pre-screen passes
gets exactly the screen it would get alone."""
SIMULATIONS = 4 * PLAY_SIMULATIONS[2]
"""The judges' budget: four times the baseline's in play."""
JUDGES = 2
"""Independent searches (different seeds) that must agree on the answer and its margin."""
MARGIN = 0.10
"""The least lead in win chance of the answer over every other move. In 95 screened
positions of the shipped easy-against-medium games, 6% had a lead of 0.10 or more at 200
simulations, 3% of 0.15 or more and none of 0.20 (docs/puzzles.md)."""
WEAKER_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""The bots that try each puzzle, weakest first: their tries set its starting rating."""
TRIES = 3
"""Tries of each weaker bot, each with its own seed."""
CORPUS_SEEDS = {"easy-v-medium-2p": 0, "easy-medium-3p": 3, "easy-medium-4p": 4}
"""The seed each corpus of the shipped puzzles is mined with (scripts/mine_puzzles.py): with the
game and the turn it seeds every search of a position (:func:`position_seed`)."""


class _Searched(Protocol):
    """A root move's node in the baseline's grown tree, as a judgement reads it."""

    visits: int

    def worth(self, player: int) -> float: ...


@dataclass(frozen=True)
class _Judgement:
    answer: Move
    margin: float
    chance: float
    runner_up: Move
    runner_up_chance: float


def mine_position(state: GameState, seed: int) -> MinedPuzzle | None:
    """The puzzle of ``state`` if it has one (its ``turn`` being the state's), else ``None``.
    The searches see only what the player to move sees (``player_view``)."""
    if state.over:
        return None
    view = state.player_view(state.current_player)
    moves = root_moves(view)
    if len(moves) < 2:
        return None
    staged = _screens(view, moves, seed, [budget for budget, _ in SCREEN_STAGES])
    for (_, least), screened in zip(SCREEN_STAGES, staged):
        if screened is None or screened.margin < least:
            return None
    kept = _judged(view, moves, seed)
    if kept is None:
        return None
    answer = kept[0].answer
    then = _then(state, answer, seed)
    found = {level: (sum(_solves(level, derive_seed(seed, level, attempt), state,
                                 (answer, *then)) for attempt in range(TRIES)), TRIES)
             for level in WEAKER_LEVELS}
    if all(solved == tries for solved, tries in found.values()):
        return None
    line = _line(state, answer, seed)
    runner_up = max(kept, key=lambda judgement: judgement.runner_up_chance).runner_up
    return MinedPuzzle(  # chances to 4 places, ratings whole: as the file keeps them
        turn=state.turn, answer=str(answer), then=tuple(map(str, then)),
        margin=round(min(judgement.margin for judgement in kept), 4),
        chance=round(sum(judgement.chance for judgement in kept) / len(kept), 4),
        runner_up=str(runner_up),
        runner_up_chance=round(sum(judgement.runner_up_chance for judgement in kept)
                               / len(kept), 4),
        found=found, line=tuple(map(str, line)),
        themes=themes(state, answer, line), rating=float(round(starting_rating(found))))


def still_best(state: GameState, answer: Move, seed: int) -> bool:
    """Whether the judges of :func:`mine_position` (the searches seeded from ``seed``, the
    position's seed) still agree on ``answer``'s action and rate it :data:`MARGIN` above every
    other: a shipped puzzle re-checked against the baseline (:func:`position_seed`).

    >>> from splendor_nb import new_game
    >>> still_best(new_game(seed=1), Move.parse("+wbg"), seed=1)  # the first move: no clear best
    False
    """
    view = state.player_view(state.current_player)
    kept = _judged(view, root_moves(view), seed)
    return kept is not None and action(kept[0].answer) == action(answer)


def position_seed(corpus: str, game: int, turn: int) -> int:
    """The seed the searches of a position of a shipped corpus are run with: from the seed the
    corpus is mined with (:data:`CORPUS_SEEDS`), the game's index (from 0) and the turn, as
    :func:`mine_corpus` derives it."""
    return derive_seed(_game_seed(CORPUS_SEEDS[corpus], corpus, game), turn)


def mine_replay(replay: Replay, seed: int = 0) -> list[MinedPuzzle]:
    """Every puzzle of ``replay``'s main line, the searches seeded from ``seed`` and the turn."""
    return [puzzle for turn in range(len(replay))
            if (puzzle := mine_position(replay.state(turn), derive_seed(seed, turn)))
            is not None]


def mine_game(task: tuple[str, str, int]) -> MinedGame:
    """The puzzles of one game, ``task`` being (source, replay text, seed): the work a process
    of the pool (or a Dask worker) does."""
    source, text, seed = task
    replay = Replay.loads(text)
    return MinedGame(source, _compact(replay), len(replay), tuple(mine_replay(replay, seed)))


def mine_corpus(corpus: str | os.PathLike[str], out: str | os.PathLike[str], *,
                games: int | None = None, seed: int = 0, name: str | None = None,
                executor: Executor | None = None, workers: int | None = None,
                progress: bool = True) -> list[MinedGame]:
    """Mine the games of the corpus in folder ``corpus`` (the first ``games`` of them, or all)
    into ``out``, a gzipped file of one :class:`MinedGame` a line, on ``executor`` (a process
    pool of ``workers`` by default, or a Dask cluster's: :func:`~splendor_nb.analysis.corpus.
    dask_executor`). The games' sources, and with ``seed`` their searches' seeds, name the
    corpus ``name`` (by default the folder's): a larger corpus played with a smaller one's
    arguments holds its games first, and mined under its name, goes on from them. A game
    already in ``out`` is not mined again, so a stopped run goes on where it stopped; each game
    is written as soon as it is done. Returns the games mined now.
    """
    folder = Path(corpus)
    opened = open_corpus(folder, report=print if progress else None)
    count = opened.game_count if games is None else min(games, opened.game_count)
    done = _kept_whole(Path(out))
    tasks = [task for task in _tasks(opened, name or folder.name, count, seed)
             if task[0] not in done]
    mined: list[MinedGame] = []
    with open(out, "ab") as file, \
            tqdm(total=len(tasks), desc="mining", unit="game", disable=not progress) as bar:
        for game in stream(mine_game, tasks, executor, workers):
            file.write(gzip_member(game))
            file.flush()
            mined.append(game)
            bar.set_postfix(puzzles=sum(len(game.puzzles) for game in mined))
            bar.update()
    return mined


def recheck_mined(path: str | os.PathLike[str], *, executor: Executor | None = None,
                  workers: int | None = None, progress: bool = True) -> tuple[int, int]:
    """Judge every puzzle of the mined file ``path`` again with the baseline
    (:func:`still_best`, each position seeded as it was mined) and write the file again without
    those that no longer pass: after the baseline's search changes. Returns the puzzles kept and
    dropped."""
    games = list(read_mined(path))
    tasks = [(game, puzzle) for game in games for puzzle in game.puzzles]
    verdicts: dict[tuple[str, int], bool] = {}
    with tqdm(total=len(tasks), desc="re-checking", unit="puzzle", disable=not progress) as bar:
        for source, turn, passed in stream(
                _recheck, [(game.source, game.record, puzzle.turn, puzzle.answer)
                           for game, puzzle in tasks], executor, workers):
            verdicts[source, turn] = passed
            bar.update()
    kept = [MinedGame(game.source, game.record, game.positions,
                      tuple(puzzle for puzzle in game.puzzles
                            if verdicts[game.source, puzzle.turn]))
            for game in games]
    Path(path).write_bytes(b"".join(map(gzip_member, kept)))
    kept_count = sum(verdicts.values())
    return kept_count, len(verdicts) - kept_count


def _recheck(task: tuple[str, str, int, str]) -> tuple[str, int, bool]:
    """One mined puzzle, ``task`` being (source, replay text, turn, answer), with whether it
    passes :func:`still_best`: the work of a process of the pool."""
    source, record, turn, answer = task
    corpus, game = source.rsplit("/", 1)
    return source, turn, still_best(Replay.loads(record).state(turn), Move.parse(answer),
                                    position_seed(corpus, game_index(game), turn))


def _kept_whole(path: Path) -> set[str]:
    """The sources of the games already mined into ``path``, the file written again without a
    torn last game if a stopped run left one."""
    if not path.exists():
        return set()
    games = list(read_mined(path))
    whole = b"".join(map(gzip_member, games))
    if path.read_bytes() != whole:
        path.write_bytes(whole)
    return {game.source for game in games}


def screen_margins(state: GameState, seed: int, budgets: Iterable[int]
                   ) -> Iterator[float | None]:
    """The lead of the screen's preferred action over every other (as the judges measure it,
    ``None`` when there is no other action) after each of ``budgets`` simulations (increasing),
    in the screen's own search of ``state`` seeded from the position's ``seed``, each found as
    the next is asked for: one tree grown on, so the lead after 20 is that of the first 20
    simulations of the search :func:`mine_position` screens with (scripts/measure_prescreen.py
    chooses :data:`SCREEN_STAGES` by them).

    >>> from splendor_nb import new_game
    >>> first, last = screen_margins(new_game(seed=1), 1, (1, 30))
    >>> -1 <= first <= 1 and -1 <= last <= 1
    True
    """
    view = state.player_view(state.current_player)
    for screened in _screens(view, root_moves(view), seed, budgets):
        yield None if screened is None else screened.margin


def _screens(view: GameState, moves: Sequence[Move], seed: int, budgets: Iterable[int]
             ) -> Iterator[_Judgement | None]:
    """The screen's judgement after each of ``budgets`` simulations, its tree grown on from one
    budget to the next as the caller asks for the next."""
    rng = random.Random(derive_seed(seed, "screen"))
    root, grown = None, 0
    for budget in budgets:
        root = (grow(view, rng, budget, moves) if root is None
                else extend(root, view, rng, budget - grown, moves))
        grown = budget
        yield _judgement(root.children or {}, moves, view.current_player)


def _judge(view: GameState, moves: Sequence[Move], simulations: int, seed: int
           ) -> _Judgement | None:
    """The search's preferred action in ``view`` (its best-rated move) and its lead over every
    other action; ``None`` when there is no other action."""
    children = grow(view, random.Random(seed), simulations, moves).children or {}
    return _judgement(children, moves, view.current_player)


def _judgement(children: Mapping[Move, _Searched], moves: Sequence[Move], me: int
               ) -> _Judgement | None:
    """The preferred action among a grown tree's root ``children`` (their most visited move's,
    rated by its best-rated move) and its lead over every other action for ``me``; ``None``
    when there is no other action."""
    searched = [move for move in moves if move in children]
    chosen = action(max(searched, key=lambda move: (children[move].visits,
                                                    children[move].worth(me))))
    best: dict[Move, Move] = {}  # each action's best-rated move
    for move in searched:
        kind = action(move)
        if kind not in best or children[move].worth(me) > children[best[kind]].worth(me):
            best[kind] = move
    rivals = [move for kind, move in best.items() if kind != chosen]
    if not rivals:
        return None
    answer = best[chosen]
    runner_up = max(rivals, key=lambda move: children[move].worth(me))
    chance, other = children[answer].worth(me), children[runner_up].worth(me)
    return _Judgement(answer, chance - other, chance, runner_up, other)


def _line(state: GameState, answer: Move, seed: int) -> list[Move]:
    """How the baseline expects the game to go on to the end of the round after ``answer``, when
    the answer triggers the end or comes after it was triggered (R-END-TRIGGER); else empty."""
    after = state.apply(answer)
    if max(after.scores) < WINNING_POINTS:
        return []
    return _expected(after, len(state.players), random.Random(derive_seed(seed, "line")))


def _then(state: GameState, answer: Move, seed: int) -> list[Move]:
    """The rest of the puzzle's line after ``answer``: the other players' replies as the baseline
    expects them, then the mover's next move, when the judges find that one clearly best too
    (a puzzle of two moves to find); empty when they do not, or when the game ends first."""
    after = state.apply(answer)
    replies = _expected(after, len(state.players) - 1, random.Random(derive_seed(seed, "then")))
    for reply in replies:
        after = after.apply(reply)
    if after.over or after.current_player != state.current_player:
        return []
    view = after.player_view(after.current_player)
    moves = root_moves(view)
    kept = _judged(view, moves, derive_seed(seed, "next")) if len(moves) > 1 else None
    return [*replies, kept[0].answer] if kept is not None else []


def _expected(state: GameState, count: int, rng: random.Random) -> list[Move]:
    """The next ``count`` moves from ``state`` as the baseline expects them (its search at the
    screen's budget, each player seeing what it may see), fewer if the game ends first."""
    moves_played: list[Move] = []
    while not state.over and len(moves_played) < count:
        view = state.player_view(state.current_player)
        moves = root_moves(view)
        children = grow(view, rng, SCREEN_SIMULATIONS, moves).children or {}
        move = max(moves, key=lambda m: children[m].visits if m in children else -1)
        moves_played.append(move)
        state = state.apply(move)
    return moves_played


def _solves(level: str, seed: int, state: GameState, line: Sequence[Move]) -> bool:
    """Whether a bot of ``level`` finds the puzzle's line: its action at ``state``, and for a
    line of two moves to find, its action again after the others' replies."""
    bot = Bot(level, seed=seed)
    if action(bot.choose(state)) != action(line[0]):
        return False
    if len(line) == 1:
        return True
    for move in line[:-1]:
        state = state.apply(move)
    return action(bot.choose(state)) == action(line[-1])


def _tasks(corpus: Corpus, name: str, count: int, seed: int) -> Iterable[tuple[str, str, int]]:
    """The first ``count`` games of the corpus as tasks, read shard by shard."""
    for shard in corpus.shards:
        with open(shard.path / REPLAYS, encoding="utf-8") as lines:
            for index, line in enumerate(lines, start=shard.first):
                if index < count:
                    yield f"{name}/{game_id(index)}", line, _game_seed(seed, name, index)


def _game_seed(corpus_seed: int, corpus: str, game: int) -> int:
    """The seed of the searches in game number ``game`` of the corpus folder ``corpus``."""
    return derive_seed(corpus_seed, corpus, game)


def _judged(view: GameState, moves: Sequence[Move], seed: int) -> list[_Judgement] | None:
    """The judges' searches of a position (:data:`JUDGES` of them, seeded from ``seed``), if
    they all prefer one action and rate it :data:`MARGIN` or more above every other; the
    searches stop at the first judge that disagrees (most screened positions fail there)."""
    kept: list[_Judgement] = []
    for judge in range(JUDGES):
        judgement = _judge(view, moves, SIMULATIONS, derive_seed(seed, "judge", judge))
        if judgement is None or judgement.margin < MARGIN or (
                kept and action(judgement.answer) != action(kept[0].answer)):
            return None
        kept.append(judgement)
    return kept


def _compact(replay: Replay) -> str:
    """The replay's text on one line, without spaces between its parts."""
    return json.dumps(json.loads(replay.dumps()), ensure_ascii=False, separators=(",", ":"))
