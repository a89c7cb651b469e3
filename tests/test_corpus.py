"""Corpora: bot games streamed to shards. The same arguments give the same games whatever the
executor and the shard size; a stopped run resumes with the missing shards only; a shard is
never half-written; other arguments are refused; bad shards are reported and skipped; the
tables are the replays' turns."""

from __future__ import annotations

import fcntl
import json
import shutil
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from splendor_nb.ai.simulate import simulate
from splendor_nb.analysis import turns
from splendor_nb.analysis.corpus import (
    CorpusError,
    CorpusRun,
    list_corpora,
    load_corpus,
    open_corpus,
    reading,
    simulate_corpus,
)
from splendor_nb.analysis.corpus import shards as shard_format
from splendor_nb.replay import Replay

GAMES = 5
LEVELS = ("easy", "medium")
SEED = 4


def replay_lines(folder: Path) -> list[bytes]:
    """Every replay line of a corpus, in game order."""
    return [line for path in sorted(folder.glob("shard-*/replays.jsonl"))
            for line in path.read_bytes().splitlines()]


def run(folder: Path, executor: Executor | None = None, shard_size: int = 2,
        seed: int = SEED, games: int = GAMES) -> CorpusRun:
    """The reference run's arguments (others as given), on a thread pool by default."""
    if executor is None:
        with ThreadPoolExecutor(2) as pool:
            return run(folder, pool, shard_size, seed, games)
    return simulate_corpus(folder, games, 2, LEVELS, seed, shard_size=shard_size,
                           executor=executor, progress=False)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A corpus of 5 games in shards of 2, written on threads: the reference of these tests."""
    folder = tmp_path_factory.mktemp("corpus") / "reference"
    run(folder)
    return folder


def test_a_corpus_holds_every_game_once(reference: Path) -> None:
    corpus = open_corpus(reference, report=None)
    assert [shard.path.name for shard in corpus.shards] == [
        "shard-000001", "shard-000002", "shard-000003"]
    assert corpus.game_count == GAMES and not corpus.problems and not corpus.missing
    games = corpus.games()
    assert games["game"].unique().tolist() == [f"game-000000{i}" for i in range(1, GAMES + 1)]
    assert json.loads((reference / "corpus.json").read_text())["arguments"]["seed"] == 4


def test_the_games_are_those_simulate_plays(reference: Path) -> None:
    """Game i comes from (seed, i) only: the corpus's replays are simulate's, seats rotating."""
    with ThreadPoolExecutor(2) as pool:
        replays = simulate(GAMES, players=2, levels=("easy", "medium"), seed=4, executor=pool,
                           progress=False)
    assert [Replay.loads(line).dumps() for line in replay_lines(reference)] == [
        replay.dumps() for replay in replays]


def test_shard_size_and_process_pool_give_the_same_games(reference: Path,
                                                         tmp_path: Path) -> None:
    with ProcessPoolExecutor(2) as pool:
        run(tmp_path, pool, shard_size=3)
    assert replay_lines(tmp_path) == replay_lines(reference)
    pd.testing.assert_frame_equal(open_corpus(tmp_path, report=None).turns(),
                                  open_corpus(reference, report=None).turns())


def test_turns_are_written_a_few_games_at_a_time(reference: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker holds the turns of TURN_BATCH games at most: each batch is a row group."""
    monkeypatch.setattr(shard_format, "TURN_BATCH", 2)
    run(tmp_path, shard_size=3)
    assert pq.read_metadata(tmp_path / "shard-000001" / "turns.parquet").num_row_groups == 2
    pd.testing.assert_frame_equal(open_corpus(tmp_path, report=None).turns(),
                                  open_corpus(reference, report=None).turns())


def test_a_dask_cluster_gives_the_same_games(reference: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, dashboard_address=":0") as client:
        run(tmp_path, client.get_executor())
    assert replay_lines(tmp_path) == replay_lines(reference)


def test_a_stopped_run_writes_only_what_is_missing(reference: Path, tmp_path: Path) -> None:
    """What a killed run leaves: a shard not written, a hidden half-written one; and a shard
    damaged since. The same arguments again write those two shards only, the same bytes."""
    folder = tmp_path / "corpus"
    shutil.copytree(reference, folder)
    shutil.rmtree(folder / "shard-000002")
    (folder / ".tmp-shard-000002-dead").mkdir()
    (folder / ".tmp-shard-000002-dead" / "replays.jsonl").write_text("{")
    replays = folder / "shard-000003" / "replays.jsonl"
    replays.write_bytes(replays.read_bytes()[:-10])
    again = run(folder)
    assert (again.written, again.already_there, again.played, again.games) == (2, 1, 3, GAMES)
    assert sorted(path.name for path in folder.iterdir()) == [
        "corpus.json", "shard-000001", "shard-000002", "shard-000003"]
    assert replay_lines(folder) == replay_lines(reference)


def test_a_failing_game_leaves_no_shard(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    """Atomic per shard: a shard whose second game fails is not there at all, not even its
    first game; the other shards are whole."""
    play = shard_format.play_replay

    def failing(game: shard_format.Game) -> tuple[Replay, tuple[tuple[float, ...], ...]]:
        if game.index == 3:
            raise RuntimeError("a worker dies")
        return play(game)

    monkeypatch.setattr(shard_format, "play_replay", failing)
    with pytest.raises(RuntimeError, match="a worker dies"):
        run(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "corpus.json", "shard-000001", "shard-000003"]
    corpus = open_corpus(tmp_path, report=None)
    assert corpus.missing == (2,) and corpus.game_count == 3


def test_other_arguments_are_refused(reference: Path, tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match=r"other arguments: seed 4 \(asked 5\)"):
        run(reference, seed=5)
    with pytest.raises(CorpusError, match=r"games 5 \(asked 6\), shard_size 2 \(asked 3\)"):
        run(reference, shard_size=3, games=6)
    (tmp_path / "notes.txt").write_text("my games")
    with pytest.raises(CorpusError, match="not empty and not a corpus"):
        simulate_corpus(tmp_path, 2, levels=("easy",), progress=False)


def test_a_second_run_at_once_is_refused(reference: Path) -> None:
    with open(reference / "corpus.json") as manifest:
        fcntl.flock(manifest, fcntl.LOCK_EX)
        with pytest.raises(CorpusError, match="another simulate is writing"):
            run(reference)


def test_bad_shards_are_reported_and_skipped(reference: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A truncated table, a foreign file in a shard's place, a shard of another run and a
    stray file are each reported with their path; the games counted are the whole shards'."""
    other = tmp_path / "other"
    run(other, seed=9)
    folder = tmp_path / "corpus"
    shutil.copytree(reference, folder)
    turns_file = folder / "shard-000001" / "turns.parquet"
    turns_file.write_bytes(turns_file.read_bytes()[:1000])
    (folder / "shard-000002" / "games.parquet").write_text("game,player\n1,0\n")
    shutil.rmtree(folder / "shard-000003")
    shutil.copytree(other / "shard-000003", folder / "shard-000003")
    (folder / "notes.txt").write_text("hello")
    load_corpus(folder)
    printed = capsys.readouterr().out.splitlines()
    assert [line.partition(": ")[0] for line in printed] == [
        str(folder / "notes.txt"), str(turns_file),
        str(folder / "shard-000002" / "games.parquet"), str(folder / "shard-000003"),
        str(folder)]
    assert all(line.endswith("; skipped") for line in printed[:-1])
    assert "not a shard of this corpus" in printed[0]
    assert "not a whole Parquet file" in printed[1] and "not a whole Parquet file" in printed[2]
    assert "from another run" in printed[3]
    assert printed[-1] == (f"{folder}: 0 games read from 0 shards; 4 skipped (reported above); "
                           "3 of 3 shards not read")


def test_an_unfinished_run_says_so(reference: Path, tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    shutil.copytree(reference, folder)
    shutil.rmtree(folder / "shard-000003")
    corpus = open_corpus(folder, report=None)
    assert corpus.game_count == 4 and corpus.missing == (3,) and not corpus.problems
    assert "the same simulate command finishes it" in corpus.summary()
    with pytest.raises(CorpusError, match="shard-000003: not read"):
        corpus.replay("game-0000005")


def test_the_tables_are_the_replays_turns(reference: Path) -> None:
    corpus = open_corpus(reference, report=None)
    expected = pd.concat([turns(Replay.loads(line), f"game-000000{i}") for i, line in
                          enumerate(replay_lines(reference), start=1)], ignore_index=True)
    pd.testing.assert_frame_equal(corpus.turns(), expected)
    lazy = corpus.turns(lazy=True)
    assert lazy.npartitions == 3
    pd.testing.assert_frame_equal(lazy.compute().reset_index(drop=True), expected,
                                  check_dtype=False)


def test_large_corpora_are_read_lazily(reference: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = open_corpus(reference, report=None)
    assert isinstance(corpus.turns(columns=["game"]), pd.DataFrame)
    monkeypatch.setattr(reading, "PANDAS_MAX_ROWS", corpus.turn_rows - 1)
    assert not isinstance(corpus.turns(columns=["game"]), pd.DataFrame)
    assert isinstance(corpus.games(), pd.DataFrame)


def test_the_games_table_says_who_won(reference: Path) -> None:
    """R-END-WIN: the winners, and each player's final points and cards, from the replay's last
    position, and the rule that ended the game (R-END-TRIGGER, R-PASS, R-REPEAT)."""
    games = open_corpus(reference, report=None).games()
    for (_, rows), line in zip(games.groupby("game"), replay_lines(reference), strict=True):
        replay = Replay.loads(line)
        final = replay.state(len(replay))
        assert rows["won"].tolist() == [seat in final.winners for seat in range(2)]
        assert rows["points"].tolist() == list(final.scores)
        assert rows["bought"].tolist() == [" ".join(card.id for card in p.cards)
                                           for p in final.players]
        assert rows["level"].tolist() == [p["level"] for p in replay.headers["players"]]
        assert rows["ended_by"].tolist() == [final.end_rule] * 2


def test_a_game_opens_as_a_replay(reference: Path) -> None:
    corpus = open_corpus(reference, report=None)
    lines = replay_lines(reference)
    assert corpus.replay("game-0000004").dumps() == Replay.loads(lines[3]).dumps()
    assert corpus.replay(0).dumps() == Replay.loads(lines[0]).dumps()
    with pytest.raises(CorpusError, match="no game 6"):
        corpus.replay("game-0000006")
    page = corpus.game_list(1, 3)
    assert page["game"].tolist() == ["game-0000002", "game-0000003", "game-0000004"]
    assert page["levels"].tolist() == ["medium v easy", "easy v medium", "medium v easy"]


def test_corpora_are_listed(reference: Path, tmp_path: Path) -> None:
    shutil.copytree(reference, tmp_path / "b-second")
    shutil.copytree(reference, tmp_path / "a-first")
    (tmp_path / "not-a-corpus").mkdir()
    assert [info.name for info in list_corpora(tmp_path)] == ["a-first", "b-second"]
    assert [info.name for info in list_corpora(reference)] == ["reference"]
    assert str(list_corpora(reference)[0]) == (
        "reference: 5 games, 2 players, levels easy, medium, seed 4")


def test_a_folder_that_is_no_corpus_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match=r"not a corpus: it has no corpus\.json"):
        open_corpus(tmp_path)
    (tmp_path / "corpus.json").write_text('{"format": "something else"}')
    with pytest.raises(CorpusError, match="not a corpus manifest"):
        open_corpus(tmp_path)
