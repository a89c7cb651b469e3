"""The games of a corpus one row each (:func:`read_games`, :func:`game_table`) and their order
(:func:`sort_games`): pure functions of pandas tables, which the Analyse tab shows and
filters (:class:`~splendor_nb.ui.analyse_tab.filtering.GameFilter`); a notebook can use them as
they are.

>>> from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, open_corpus
>>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
>>> games = read_games(corpus).table
>>> len(games), games.columns.tolist()[:6]
(400, ['game', 'number', 'seed', 'players', 'levels', 'scores'])
>>> from splendor_nb.ui.analyse_tab.filtering import GameFilter
>>> chosen = GameFilter(level="medium", seat=1, winner="level:easy").select(games)
>>> 0 < len(chosen) < 200, set(chosen["level_1"]), set(chosen["winner_level"])
(True, {'medium'}, {'easy'})
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from splendor_nb.analysis.corpus import Corpus
from splendor_nb.analysis.corpus.shards import GAMES
from splendor_nb.ui.analyse_tab.filtering import MAX_GAMES, SHARED, UNFINISHED

SORTS = ("number", "seed", "rounds", "top", "margin", "winner", "ended_by")
"""The columns the game list sorts by."""
_COLUMNS = ["game", "index", "seed", "players", "player", "level", "won", "winners", "points",
            "turns", "rounds", "finished", "ended_by"]
"""The columns of the corpus's games table that the tab reads."""


@dataclass(frozen=True)
class Games:
    """The games read (:func:`read_games`): one row each, and how many the corpus has."""

    table: pd.DataFrame
    total: int
    """The games of the corpus's whole shards; more than the table's rows past the cap."""
    rows: pd.DataFrame
    """The same games one row per game and player (the corpus's games table, every column):
    what the tab exports."""


def read_games(corpus: Corpus, max_games: int = MAX_GAMES) -> Games:
    """The first ``max_games`` games of ``corpus``'s whole shards, one row each
    (:func:`game_table`), and one row per game and player (to export)."""
    tables: list[pa.Table] = []
    read = 0
    for shard in sorted(corpus.shards, key=lambda shard: shard.number):
        if read >= max_games:
            break
        tables.append(pq.read_table(shard.path / GAMES))
        read += shard.games
    if tables:
        rows = pa.concat_tables(tables).to_pandas()
        first = rows["index"].drop_duplicates().nsmallest(max_games)
        rows = rows[rows["index"].isin(first)].reset_index(drop=True)
    else:
        rows = corpus.games(lazy=False)
    return Games(game_table(rows[_COLUMNS]), corpus.game_count, rows)


def game_table(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per game from a corpus's games table (one row per game and player): its id and
    number (from 1), seed, players, the levels seat by seat (``levels``, and ``level_1``...),
    the scores in seat order, the top score and the margin over the next, the winning seats
    (from 1, space-separated; empty if no one won), the winner's level (``"shared"`` for a
    shared victory), rounds, turns and the rule that ended it (``"unfinished"``).

    >>> rows = pd.DataFrame({"game": ["game-0000001"] * 2, "index": [0, 0], "seed": [5, 5],
    ...     "players": [2, 2], "player": [0, 1], "level": ["easy", "medium"],
    ...     "won": [False, True], "winners": [1, 1], "points": [9, 15], "turns": [50, 50],
    ...     "rounds": [25, 25], "finished": [True, True], "ended_by": ["R-END-TRIGGER"] * 2})
    >>> game_table(rows)[["levels", "scores", "margin", "winner", "winner_level"]].values.tolist()
    [['easy v medium', '9-15', 6, '2', 'medium']]
    """
    ordered = rows.sort_values(["index", "player"])
    first = ordered.groupby("index", sort=True).first()
    levels = ordered.pivot(index="index", columns="player", values="level")
    points = ordered.pivot(index="index", columns="player", values="points")
    best = -np.sort(-points.to_numpy(), axis=1) if len(points) else np.zeros((0, 1), int)
    won = ordered[ordered["won"]]
    seat = (won["player"] + 1).astype(str).set_axis(won["index"])
    shared = won["index"].duplicated(keep=False).to_numpy()  # the few shared victories
    seats = pd.concat([seat[~shared], seat[shared].groupby(level=0).agg(" ".join)])
    winner_level = won.groupby("index")["level"].first().where(
        won.groupby("index").size() == 1, SHARED)
    table = pd.DataFrame({
        "game": first["game"],
        "number": first.index + 1,
        "seed": first["seed"].astype(str),  # 64-bit seeds: a browser's numbers would round them
        "players": first["players"],
        "levels": _joined(levels, " v "),  # column by column: a row-wise join is slow
        "scores": _joined(points.astype(str), "-"),
        "top": best[:, 0],
        "margin": best[:, 0] - best[:, 1] if best.shape[1] > 1 else best[:, 0],
        "winner": seats.reindex(first.index, fill_value=""),
        "winner_level": winner_level.reindex(first.index, fill_value=""),
        "rounds": first["rounds"],
        "turns": first["turns"],
        "ended_by": first["ended_by"].where(first["finished"] & (first["ended_by"] != ""),
                                            UNFINISHED),
    })
    for player in levels.columns:
        table[f"level_{int(player) + 1}"] = levels[player]
    return table.reset_index(drop=True)


def sort_games(table: pd.DataFrame, column: str, ascending: bool = True) -> pd.DataFrame:
    """``table`` sorted by one of :data:`SORTS`, ties in game order.

    >>> table = pd.DataFrame({"number": [1, 2, 3], "rounds": [30, 25, 30]})
    >>> sort_games(table, "rounds", ascending=False)["number"].tolist()
    [1, 3, 2]
    """
    if column not in SORTS:
        raise ValueError(f"cannot sort the games by {column!r}: by one of {', '.join(SORTS)}")
    key = "seed_number" if column == "seed" else column
    if column == "seed":
        table = table.assign(seed_number=table["seed"].map(int))
    ordered = table.sort_values([key, "number"], ascending=[ascending, True], kind="stable")
    return ordered.drop(columns=["seed_number"], errors="ignore")


def _joined(table: pd.DataFrame, separator: str) -> pd.Series:
    """Each row's cells joined by ``separator``, in column order."""
    columns = [table[column].astype(str) for column in table.columns]
    joined = columns[0] if columns else pd.Series("", index=table.index)
    for column in columns[1:]:
        joined = joined + separator + column
    return joined
