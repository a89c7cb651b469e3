"""Reading a corpus: its shards checked, its tables as pandas or Dask DataFrames, any of its
games as a replay.

Opening a corpus reads only its manifest and each shard's Parquet footers: a shard that is
incomplete, truncated, foreign or from another run is reported with its path and skipped, and
the count of games read is printed. Tables come as pandas DataFrames up to
:data:`PANDAS_MAX_ROWS` rows, and as Dask DataFrames (one partition per shard) above, or as
asked with ``lazy=``.

>>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p")
/.../easy-v-medium-2p: 400 games read from 4 shards
>>> corpus.turns(columns=["game", "turn", "player", "points"]).head(2).values.tolist()
[['game-0000001', 0, 0, 0], ['game-0000001', 0, 1, 0]]
>>> corpus.replay("game-0000001").headers["players"][0]["level"]
'easy'
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from splendor_nb.analysis.corpus.shards import (
    GAME_SCHEMA,
    GAMES,
    MANIFEST,
    TEMPORARY_PREFIX,
    TURNS,
    CorpusError,
    RunArguments,
    Shard,
    check_shard,
    game_index,
    read_manifest,
    read_replay,
    shard_name,
)
from splendor_nb.analysis.tables import _Table
from splendor_nb.replay import Replay

PANDAS_MAX_ROWS = 1_000_000
"""Above this many rows a table is a Dask DataFrame unless asked otherwise (``lazy=False``): a
million turn rows is about 210 MB in pandas, some 8,000 two-player games."""
Report = Callable[[str], object] | None
"""Where :func:`open_corpus` writes the shards it skips and the count of games (``print`` by
default; ``None`` for silence, the problems are kept in ``Corpus.problems``)."""

_FILES = contextlib.ExitStack()
atexit.register(_FILES.close)
SHIPPED_CORPORA_DIR: Path = _FILES.enter_context(
    resources.as_file(resources.files("splendor_nb").joinpath("data", "corpus")))
"""The corpora shipped with the package (package data, found as ``shipped_replays`` finds the
replays)."""


@dataclass(frozen=True)
class CorpusInfo:
    """A corpus found by :func:`list_corpora`: its name (the folder's), path and arguments."""

    name: str
    path: Path
    arguments: RunArguments

    def __str__(self) -> str:
        arguments = self.arguments
        return (f"{self.name}: {arguments.games} games, {arguments.players} players, "
                f"levels {', '.join(arguments.levels)}, seed {arguments.seed}")


class Corpus:
    """An opened corpus: its whole shards, and what was skipped. Build with :func:`open_corpus`.
    """

    def __init__(self, path: Path, arguments: RunArguments, shards: Sequence[Shard],
                 problems: Sequence[str]) -> None:
        self.path = path
        self.arguments = arguments
        self.shards = tuple(shards)
        self.problems = tuple(problems)
        """One message per shard or file skipped, each starting with its path."""
        self._by_number = {shard.number: shard for shard in self.shards}

    def __repr__(self) -> str:
        return f"<Corpus {self.path}: {self.game_count} games in {len(self.shards)} shards>"

    @property
    def game_count(self) -> int:
        """The games in the whole shards: the games that every table and aggregate counts."""
        return sum(shard.games for shard in self.shards)

    @property
    def turn_rows(self) -> int:
        """The rows of the turns table."""
        return sum(shard.turn_rows for shard in self.shards)

    @property
    def missing(self) -> tuple[int, ...]:
        """The numbers of the run's shards not read (not written yet, or skipped)."""
        return tuple(number for number in range(1, self.arguments.shard_count + 1)
                     if number not in self._by_number)

    def summary(self) -> str:
        """One line: the games read, and the shards missing or skipped."""
        text = f"{self.path}: {self.game_count} games read from {len(self.shards)} shards"
        if self.problems:
            text += f"; {len(self.problems)} skipped (reported above)"
        if self.missing:
            text += f"; {len(self.missing)} of {self.arguments.shard_count} shards not read"
            if any(not (self.path / shard_name(n)).exists() for n in self.missing):
                text += " (the run is not finished: the same simulate command finishes it)"
        return text

    def turns(self, lazy: bool | None = None, columns: Sequence[str] | None = None) -> Any:
        """The turns of every game: the table of :func:`splendor_nb.analysis.turns`, the
        ``game`` column being the game's id (``game-0000001`` ...).

        A pandas DataFrame, or a Dask DataFrame with one partition per shard when ``lazy``
        (by default when the corpus has over :data:`PANDAS_MAX_ROWS` rows). ``columns``
        reads only those.
        """
        empty = _Table().frame()
        return self._table(TURNS, empty, self.turn_rows, lazy, columns)

    def games(self, lazy: bool | None = None, columns: Sequence[str] | None = None) -> Any:
        """One row per game and player (:data:`~.shards.GAME_COLUMNS`: the levels, who won,
        the final points, the cards and nobles): pandas or Dask as :meth:`turns`."""
        empty = GAME_SCHEMA.empty_table().to_pandas()
        rows = self.game_count * self.arguments.players
        return self._table(GAMES, empty, rows, lazy, columns)

    def game_list(self, first: int = 0, count: int = 100) -> pd.DataFrame:
        """A page of games, one row each in the order they were played (from index ``first``):
        id, levels by seat, scores, winners (seats from 1), rounds and the rule that ended it.
        For a list to pick a game from; games in shards not read are left out.

        >>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
        >>> corpus.game_list(0, 2).to_dict("records")[0]
        {'game': 'game-0000001', 'levels': 'easy v medium', 'scores': '...', 'winners': '...', \
'rounds': ..., 'ended_by': 'R-...'}
        """
        size = self.arguments.shard_size
        numbers = range(first // size + 1, (first + count - 1) // size + 2) if count > 0 else []
        frames = [pq.read_table(self._by_number[number].path / GAMES).to_pandas()
                  for number in numbers if number in self._by_number]
        if not frames:
            return pd.DataFrame(columns=["game", "levels", "scores", "winners", "rounds",
                                         "ended_by"])
        rows = pd.concat(frames, ignore_index=True)
        rows = rows[rows["index"].between(first, first + count - 1)]
        grouped = rows.sort_values(["index", "player"]).groupby("game", sort=True)
        return pd.DataFrame({
            "levels": grouped["level"].agg(" v ".join),
            "scores": grouped["points"].agg(lambda points: "-".join(map(str, points))),
            "winners": grouped.apply(lambda game: " ".join(
                str(seat + 1) for seat in game.loc[game["won"], "player"]), include_groups=False),
            "rounds": grouped["rounds"].first(),
            "ended_by": grouped["ended_by"].first(),
        }).reset_index()

    def replay(self, game: str | int) -> Replay:
        """One game as a replay, by its id (``"game-0000042"``) or index (from 0): to open in
        the replay viewer.

        >>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
        >>> replay = corpus.replay("game-0000002")
        >>> replay.headers["players"][0]["level"], replay.state(len(replay)).is_over
        ('medium', True)
        """
        index = game_index(game) if isinstance(game, str) else game
        if not 0 <= index < self.arguments.games:
            raise CorpusError(f"{self.path}: no game {index + 1} (it has "
                              f"{self.arguments.games})")
        number = index // self.arguments.shard_size + 1
        shard = self._by_number.get(number)
        if shard is None:
            raise CorpusError(f"{self.path / shard_name(number)}: not read (missing or "
                              f"skipped), so game {index + 1} cannot be shown")
        return read_replay(shard, index)

    def _table(self, name: str, empty: pd.DataFrame, rows: int, lazy: bool | None,
               columns: Sequence[str] | None) -> Any:
        wanted = list(columns) if columns is not None else list(empty.columns)
        files = [str(shard.path / name) for shard in self.shards]
        if lazy is None:
            lazy = rows > PANDAS_MAX_ROWS
        if lazy:
            try:
                import dask.dataframe as dd
            except ImportError as error:
                raise ImportError(f"{self.path}: {rows} rows: reading them lazily needs Dask "
                                  "(pip install 'splendor_nb[dask]'), or pass lazy=False") \
                    from error
            if not files:
                return dd.from_pandas(  # type: ignore[no-untyped-call]  # dask: no types
                    empty[wanted], npartitions=1)
            return dd.read_parquet(files, columns=wanted)
        if not files:
            return empty[wanted]
        tables = [pq.read_table(file, columns=wanted) for file in files]
        return pa.concat_tables(tables).to_pandas()


def open_corpus(path: str | os.PathLike[str], report: Report = print) -> Corpus:
    """Open the corpus in folder ``path``: check each shard from its footers, skip and report
    the bad ones with their paths, and report the count of games read.

    A folder that is not a corpus (no ``corpus.json``) raises :class:`~.shards.CorpusError`.
    """
    folder = Path(path)
    arguments = read_manifest(folder)
    shards = []
    problems = []
    for entry in sorted(folder.iterdir()):
        if entry.name == MANIFEST:
            continue
        if entry.name.startswith(TEMPORARY_PREFIX):
            problems.append(f"{entry}: a shard being written, or left by a killed run; "
                            "not counted")
            continue
        try:
            shards.append(check_shard(entry, arguments))
        except CorpusError as error:
            problems.append(f"{error}; skipped")
    corpus = Corpus(folder, arguments, shards, problems)
    if report is not None:
        for problem in problems:
            report(problem)
        report(corpus.summary())
    return corpus


def load_corpus(path: str | os.PathLike[str], lazy: bool | None = None,
                columns: Sequence[str] | None = None, report: Report = print) -> Any:
    """The turns of every game of a corpus, as :meth:`Corpus.turns` gives them: a Dask
    DataFrame over the Parquet shards, or pandas for a small corpus (see
    :data:`PANDAS_MAX_ROWS`). Bad shards are reported and skipped, as :func:`open_corpus` does.

    >>> df = load_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
    >>> type(df).__name__, df.game.nunique()
    ('DataFrame', 400)
    """
    return open_corpus(path, report).turns(lazy, columns)


def list_corpora(*folders: str | os.PathLike[str]) -> list[CorpusInfo]:
    """The corpora in ``folders`` (the shipped ones by default): each folder that is a corpus,
    and each corpus directly inside one, sorted by name.

    >>> [info.name for info in list_corpora()]
    ['easy-v-medium-2p']
    """
    found = []
    for folder in map(Path, folders or (SHIPPED_CORPORA_DIR,)):
        candidates = [folder] if (folder / MANIFEST).is_file() else (
            sorted(entry for entry in folder.iterdir() if (entry / MANIFEST).is_file())
            if folder.is_dir() else [])
        for candidate in candidates:
            try:
                found.append(CorpusInfo(candidate.name, candidate, read_manifest(candidate)))
            except CorpusError as error:
                print(f"{error}; not listed", file=sys.stderr)
    return found
