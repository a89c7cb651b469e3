"""The corpus on disk: a folder of shards, each holding the games of one slice of a run.

::

    corpus/
      corpus.json           the manifest: format, version, the run's arguments and its id
      shard-000001/         games 1 to shard_size, written whole, then renamed into place
        replays.jsonl       one replay a line, in the replay format (splendor_nb.replay)
        turns.parquet       their turns: the columns of splendor_nb.analysis.turns
        games.parquet       one row per game and player: GAME_COLUMNS
      shard-000002/         ...

A shard is written in a hidden folder beside it (``.tmp-shard-000001-*``), each file synced,
then renamed in one step: a shard folder is always whole, and a killed run leaves at most
hidden folders, which the next run removes. Both Parquet files carry the shard's facts in their
metadata (the run's id, the shard's number, its games, its rows, the size of its replays), so
that a reader can tell a whole shard from a truncated or foreign one without reading it all.
docs/corpus.md describes the format for other tools.

>>> arguments = RunArguments(games=2500, players=2, levels=("easy",), seed=1, shard_size=1000)
>>> arguments.shard_count, arguments.shard_games(3), shard_name(3), game_id(2499)
(3, range(2000, 2500), 'shard-000003', 'game-0002500')
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import secrets
import shutil
import time
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from splendor_nb.ai.simulate import Game, plan_game, play_replay, seating
from splendor_nb.analysis.tables import COLUMNS, _Table
from splendor_nb.replay import Replay

FORMAT = "splendor-nb-corpus"
VERSION = 1
MANIFEST = "corpus.json"
REPLAYS = "replays.jsonl"
TURNS = "turns.parquet"
GAMES = "games.parquet"
SHARD_FILES = (REPLAYS, TURNS, GAMES)
DEFAULT_SHARD_SIZE = 1000
"""Games per shard: about 120,000 turn rows with two players, a good size for a Parquet file
and a Dask partition, and a few seconds to a minute of a worker's time."""
TURN_BATCH = 250
"""Games whose turns a worker holds at once: each batch is a row group of ``turns.parquet``,
so a worker's memory does not grow with the shard size."""
METADATA_KEY = b"splendor-nb-corpus"
"""The key of the shard's facts in each Parquet file's metadata."""
TEMPORARY_PREFIX = ".tmp-"
GAME_ID_DIGITS = 7
"""Game ids are ``game-0000001`` and up: the same width for any run, so they sort as numbers."""
PARQUET_COMPRESSION = "zstd"

GAME_SCHEMA = pa.schema([
    ("game", pa.string()),       # game-0000001: its row in the turns table and its replay
    ("index", pa.int64()),       # the game's index in the run, from 0
    ("seed", pa.int64()),        # the deal's seed (new_game(players, seed))
    ("players", pa.int64()),
    ("player", pa.int64()),      # the seat, from 0 (0 moves first)
    ("name", pa.string()),
    ("level", pa.string()),      # the bot's level
    ("won", pa.bool_()),         # among the winners (R-END-WIN), a shared victory included
    ("winners", pa.int64()),     # how many players won: more than 1 is a shared victory
    ("points", pa.int64()),      # at the end
    ("cards", pa.int64()),       # cards bought
    ("nobles", pa.int64()),      # nobles visiting
    ("reserved", pa.int64()),    # cards reserved and never bought
    ("turns", pa.int64()),       # the game's length in turns (all players)
    ("rounds", pa.int64()),      # ... and in rounds
    ("finished", pa.bool_()),    # False for a game stopped at simulate.MAX_TURNS
    ("ended_by", pa.string()),   # the rule that ended it: R-END-TRIGGER, R-PASS, R-REPEAT
    ("bought", pa.string()),     # the ids of the cards bought, in order, space-separated
    ("nobles_taken", pa.string()),  # the ids of the nobles visiting, space-separated
    ("nobles_dealt", pa.string()),  # the nobles on the table at the start
])
GAME_COLUMNS: tuple[str, ...] = tuple(GAME_SCHEMA.names)
"""The columns of a shard's ``games.parquet``: one row per game and player."""
_SHARD_NAME = re.compile(r"shard-(\d{6,})")


class CorpusError(ValueError):
    """A folder that is not a corpus, a run that does not match its corpus, or a bad shard."""


@dataclass(frozen=True)
class RunArguments:
    """What decides a corpus's games: the same arguments give the same shards, byte for byte.

    ``levels`` are dealt to the seats in turn (:func:`~splendor_nb.ai.simulate.seating`).
    """

    games: int
    players: int
    levels: tuple[str, ...]
    seed: int
    budget: int | None = None
    shard_size: int = DEFAULT_SHARD_SIZE

    def __post_init__(self) -> None:
        seating(self.players, self.levels)
        if self.games < 0:
            raise ValueError(f"games must be 0 or more, not {self.games}")
        if self.shard_size < 1:
            raise ValueError(f"a shard holds at least 1 game, not {self.shard_size}")

    @property
    def shard_count(self) -> int:
        """How many shards the run writes."""
        return math.ceil(self.games / self.shard_size)

    def shard_games(self, number: int) -> range:
        """The indices of the games of shard ``number`` (from 1)."""
        first = (number - 1) * self.shard_size
        return range(first, min(first + self.shard_size, self.games))

    @property
    def run_id(self) -> str:
        """A short hash of the arguments, written in every shard.

        >>> RunArguments(10, 2, ("easy",), seed=0).run_id
        'a71c15d8d5f7b845'
        """
        text = json.dumps(self.to_json(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def to_json(self) -> dict[str, Any]:
        """The arguments as the manifest records them."""
        data = asdict(self)
        data["levels"] = list(self.levels)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunArguments:
        """The arguments recorded in a manifest."""
        return cls(int(data["games"]), int(data["players"]), tuple(data["levels"]),
                   int(data["seed"]), data["budget"], int(data["shard_size"]))


@dataclass(frozen=True)
class ShardTask:
    """One shard to write: what a worker needs (small, so it travels to any cluster)."""

    folder: str
    arguments: RunArguments
    number: int


@dataclass(frozen=True)
class ShardWritten:
    """What a worker sends back about a shard: a few numbers, never the games."""

    number: int
    games: int
    turns: int
    cpu_seconds: float
    written: bool
    """False when the shard was already there (a task run twice, as a cluster may do)."""


@dataclass(frozen=True)
class Shard:
    """A whole shard of a corpus, as checked by :func:`check_shard`."""

    number: int
    path: Path
    first: int
    """The index of its first game."""
    games: int
    turn_rows: int


def shard_name(number: int) -> str:
    """The folder name of shard ``number`` (from 1)."""
    return f"shard-{number:06}"


def shard_number(name: str) -> int | None:
    """The number in a shard's folder name, ``None`` for any other name.

    >>> shard_number("shard-000012"), shard_number("notes.txt")
    (12, None)
    """
    match = _SHARD_NAME.fullmatch(name)
    return int(match.group(1)) if match else None


def game_id(index: int) -> str:
    """The id of game ``index`` (from 0) in a corpus: its ``game`` in every table."""
    return f"game-{index + 1:0{GAME_ID_DIGITS}}"


def game_index(game: str) -> int:
    """The index of a game from its id.

    >>> game_index("game-0000042")
    41
    >>> game_index("club-1")
    Traceback (most recent call last):
    ...
    splendor_nb.analysis.corpus.shards.CorpusError: 'club-1' is not a game id like 'game-0000001'
    """
    match = re.fullmatch(r"game-(\d+)", game)
    if match is None or int(match.group(1)) < 1:
        raise CorpusError(f"{game!r} is not a game id like {game_id(0)!r}")
    return int(match.group(1)) - 1


def write_manifest(folder: Path, arguments: RunArguments) -> None:
    """Write ``corpus.json`` atomically (a temporary file, then a rename)."""
    document = {"format": FORMAT, "version": VERSION, "arguments": arguments.to_json(),
                "run": arguments.run_id, "made_by": f"splendor_nb {_package_version()}"}
    temporary = folder / f"{TEMPORARY_PREFIX}{MANIFEST}-{secrets.token_hex(4)}"
    temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    _sync_file(temporary)
    os.replace(temporary, folder / MANIFEST)
    _sync_file(folder)


def read_manifest(folder: Path) -> RunArguments:
    """The run arguments of the corpus in ``folder``; a :class:`CorpusError` if it is not one."""
    path = folder / MANIFEST
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorpusError(f"{folder}: not a corpus: it has no {MANIFEST}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CorpusError(f"{path}: cannot read: {error}") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise CorpusError(f"{path}: not a corpus manifest (its format is not {FORMAT!r})")
    if document.get("version") != VERSION:
        raise CorpusError(f"{path}: version {document.get('version')!r} of the corpus format; "
                          f"this splendor_nb reads version {VERSION}")
    try:
        return RunArguments.from_json(document["arguments"])
    except (KeyError, TypeError, ValueError) as error:
        raise CorpusError(f"{path}: bad run arguments: {error!r}") from error


def write_shard(task: ShardTask) -> ShardWritten:
    """Play a shard's games and write the shard whole; what every worker runs.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> arguments = RunArguments(games=3, players=2, levels=("easy",), seed=1, shard_size=2)
    >>> write_shard(ShardTask(folder, arguments, 2))
    ShardWritten(number=2, games=1, turns=..., cpu_seconds=..., written=True)
    >>> check_shard(Path(folder, "shard-000002"), arguments).games
    1
    """
    folder = Path(task.folder)
    final = folder / shard_name(task.number)
    if final.is_dir():
        return ShardWritten(task.number, 0, 0, 0.0, written=False)
    started = time.thread_time()  # this task's own CPU, whatever else shares the worker
    arguments = task.arguments
    seats = seating(arguments.players, arguments.levels)
    temporary = folder / f"{TEMPORARY_PREFIX}{final.name}-{secrets.token_hex(4)}"
    temporary.mkdir()
    try:
        rows = _GameRows()
        games = arguments.shard_games(task.number)
        with open(temporary / REPLAYS, "wb") as replays, _TurnsWriter(temporary / TURNS) as turns:
            for index in games:
                game = plan_game(index, arguments.seed, seats, arguments.budget)
                replay, _ = play_replay(game)
                # The replay's text has newlines only between JSON tokens (a newline in a
                # string is written \n): without them it is the same JSON on one line.
                replays.write(replay.dumps().replace("\n", "").encode("utf-8") + b"\n")
                turns.add(replay, game_id(index))
                rows.add(replay, game)
            replays.flush()
            os.fsync(replays.fileno())
            facts = {"run": arguments.run_id, "shard": task.number, "first": games.start,
                     "games": len(games), "turn_rows": turns.rows + turns.pending,
                     "jsonl_bytes": replays.tell()}
            turns.finish(facts)
        games_table = pa.table(rows.columns, schema=GAME_SCHEMA)
        pq.write_table(games_table.replace_schema_metadata(_metadata(facts)), temporary / GAMES,
                       compression=PARQUET_COMPRESSION)
        _sync_file(temporary / GAMES)
        _sync_file(temporary)
        try:
            temporary.rename(final)
        except OSError:
            if final.is_dir():  # the same shard, written meanwhile by another task
                return ShardWritten(task.number, 0, 0, 0.0, written=False)
            raise
        _sync_file(folder)
        return ShardWritten(task.number, len(games), rows.turns,
                            time.thread_time() - started, written=True)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


def check_shard(path: Path, arguments: RunArguments) -> Shard:
    """The shard in folder ``path`` if it is whole and of this run; else a :class:`CorpusError`
    saying what is wrong (a file missing, truncated, foreign or from another run)."""
    number = shard_number(path.name)
    if number is None or not 1 <= number <= arguments.shard_count:
        raise CorpusError(f"{path}: not a shard of this corpus (shards are shard-000001 to "
                          f"{shard_name(arguments.shard_count)})")
    missing = [name for name in SHARD_FILES if not (path / name).is_file()]
    if missing:
        raise CorpusError(f"{path}: {', '.join(missing)} missing")
    games_facts, games_rows = _parquet_facts(path / GAMES, GAME_COLUMNS)
    turns_facts, turns_rows = _parquet_facts(path / TURNS, COLUMNS)
    expected = arguments.shard_games(number)
    wanted = {"run": arguments.run_id, "shard": number, "first": expected.start,
              "games": len(expected)}
    if turns_facts != games_facts:
        raise CorpusError(f"{path}: {TURNS} and {GAMES} are from different shards")
    found = {key: games_facts.get(key) for key in wanted}
    if found != wanted:
        raise CorpusError(f"{path}: from another run or shard: {found}; this corpus expects "
                          f"{wanted}")
    if games_rows != len(expected) * arguments.players:
        raise CorpusError(f"{path / GAMES}: {games_rows} rows, "
                          f"{len(expected) * arguments.players} expected")
    if turns_rows != games_facts.get("turn_rows"):
        raise CorpusError(f"{path / TURNS}: {turns_rows} rows, "
                          f"{games_facts.get('turn_rows')} expected")
    size = (path / REPLAYS).stat().st_size
    if size != games_facts.get("jsonl_bytes"):
        raise CorpusError(f"{path / REPLAYS}: {size} bytes, {games_facts.get('jsonl_bytes')} "
                          "expected: truncated or changed")
    return Shard(number, path, expected.start, len(expected), turns_rows)


def read_replay(shard: Shard, index: int) -> Replay:
    """Game ``index`` of the run, from its shard's ``replays.jsonl``."""
    if index not in range(shard.first, shard.first + shard.games):
        raise CorpusError(f"{game_id(index)} is not in {shard.path}")
    path = shard.path / REPLAYS
    with open(path, "rb") as lines:
        for number, line in enumerate(lines):
            if number == index - shard.first:
                return Replay.loads(line)
    raise CorpusError(f"{path}: ends before {game_id(index)}")


class _GameRows:
    """The columns of ``games.parquet``, gathered game by game."""

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {name: [] for name in GAME_COLUMNS}
        self.turns = 0

    def add(self, replay: Replay, game: Game) -> None:
        final = replay.state(len(replay))
        players = replay.players
        winners = final.winners
        dealt = " ".join(noble.id for noble in replay.state(0).nobles)
        self.turns += len(replay)
        for player, (tableau, name) in enumerate(zip(final.players, replay.names, strict=True)):
            values = (game_id(game.index), game.index, game.seed, players, player, name,
                      game.levels[player], player in winners, len(winners), tableau.points,
                      len(tableau.cards), len(tableau.nobles), len(tableau.reserved),
                      len(replay), -(-len(replay) // players), final.is_over,
                      final.end_rule or "",
                      " ".join(card.id for card in tableau.cards),
                      " ".join(noble.id for noble in tableau.nobles), dealt)
            for column, value in zip(GAME_COLUMNS, values, strict=True):
                self.columns[column].append(value)


class _TurnsWriter:
    """``turns.parquet`` written :data:`TURN_BATCH` games at a time, one row group each; the
    shard's facts go in its metadata when it is finished."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows = 0
        """Rows written so far."""
        self._table = _Table()
        self._games = 0
        self._writer: pq.ParquetWriter | None = None

    def __enter__(self) -> _TurnsWriter:
        return self

    def __exit__(self, *_: object) -> None:
        if self._writer is not None:
            self._writer.close()

    @property
    def pending(self) -> int:
        """Rows gathered and not written yet."""
        return len(self._table.mover)

    def add(self, replay: Replay, game: str) -> None:
        self._table.add(replay, game)
        self._games += 1
        if self._games % TURN_BATCH == 0:
            self._flush()

    def finish(self, facts: dict[str, Any]) -> None:
        if self.pending or self._writer is None:
            self._flush()
        assert self._writer is not None
        self._writer.add_key_value_metadata(_metadata(facts))
        self._writer.close()
        self._writer = None
        _sync_file(self.path)

    def _flush(self) -> None:
        batch = pa.Table.from_pandas(self._table.frame(), preserve_index=False)
        if self._writer is None:
            self._writer = pq.ParquetWriter(self.path, batch.schema,
                                            compression=PARQUET_COMPRESSION)
        self._writer.write_table(batch)
        self.rows += batch.num_rows
        self._table = _Table()


def _metadata(facts: dict[str, Any]) -> dict[bytes, bytes]:
    return {METADATA_KEY: json.dumps(facts, sort_keys=True).encode()}


def _parquet_facts(path: Path, columns: tuple[str, ...]) -> tuple[dict[str, Any], int]:
    """A Parquet file's shard facts and row count, from its footer only."""
    try:
        footer = pq.read_metadata(path)
    except (OSError, pa.ArrowException) as error:
        raise CorpusError(f"{path}: not a whole Parquet file ({error})") from error
    names = tuple(footer.schema.to_arrow_schema().names)
    if names != columns:
        raise CorpusError(f"{path}: not a corpus table: its columns are {', '.join(names)}")
    raw = (footer.metadata or {}).get(METADATA_KEY)
    try:
        facts = json.loads(raw) if raw is not None else None
    except ValueError:
        facts = None
    if not isinstance(facts, dict):
        raise CorpusError(f"{path}: no corpus facts in its metadata: not written by simulate")
    return facts, footer.num_rows


def _sync_file(path: Path) -> None:
    """Flush a file or a folder's entries to the disk (what makes a rename durable)."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _package_version() -> str:
    try:
        return metadata.version("splendor_nb")
    except metadata.PackageNotFoundError:
        return "(not installed)"
