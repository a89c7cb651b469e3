"""A corpus in a few small tables: win rates, game length, points and bonuses by round, nobles,
tiers and cards.

Each shard is reduced to counts on its own (reading only the columns it needs, and only the
movers' rows of the turns), and the counts of all shards are summed: the memory needed does not
grow with the corpus. By default the shards are counted here one after the other (about 6,000
games a second on these machines); Dask can count them in parallel on request (``scheduler=``).
Percentiles are exact: they are read from the summed counts of each value.

>>> from splendor_nb.analysis.corpus.reading import SHIPPED_CORPORA_DIR, open_corpus
>>> found = aggregate(open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None))
>>> found.games, found.wins_by_level[["level", "games", "wins"]].values.tolist()
(400, [['easy', 400, ...], ['medium', 400, ...]])
>>> found.points.columns.tolist()
['level', 'round', 'rows', 'p10', 'p25', 'p50', 'p75', 'p90']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq

from splendor_nb.ai.simulate import wilson
from splendor_nb.analysis.corpus.reading import Corpus
from splendor_nb.analysis.corpus.shards import GAMES, TURNS, game_index
from splendor_nb.cards import CARD_BY_ID, GEMS

PERCENTILES: tuple[int, ...] = (10, 25, 50, 75, 90)
"""The percentiles of points and bonuses by round."""
DISTRIBUTED = "distributed"
"""The ``scheduler`` of :func:`aggregate` that means the cluster of the open
``distributed.Client``."""
Counts = dict[str, pd.DataFrame]
"""A shard's counts, by table; summed over shards by :func:`_merge`."""
_RESULTS = ["games", "wins", "shared"]
_BONUSES = [f"bonus_{gem}" for gem in GEMS]
_TIER = r"^[BR]\??(\d)"  # the tier in a buy's or a reserve's notation: B2g4, R1w3, R?2


@dataclass(frozen=True)
class Aggregates:
    """A corpus's figures, each a small pandas DataFrame (charts: ``analysis.corpus_charts``).

    Wins are outright wins (R-END-WIN); a shared victory is counted apart, in ``shared``.
    ``rate``, ``low`` and ``high`` are a win rate and its 95% Wilson interval.
    """

    games: int
    unfinished: int
    """Games stopped at ``simulate.MAX_TURNS`` before their end (counted as no one's win)."""
    shared: int
    """Games ending in a shared victory."""
    wins_by_seat: pd.DataFrame
    """``player`` (the seat, from 0), games, wins, shared, rate, low, high."""
    wins_by_level: pd.DataFrame
    """``level``, games (a game counts once for each seat with that level), wins, ..."""
    wins_by_level_and_seat: pd.DataFrame
    """``level``, ``player``, games, wins, ...: the first-player advantage level by level."""
    length: pd.DataFrame
    """``rounds``, games, share: how many games lasted that many rounds."""
    endings: pd.DataFrame
    """``ended_by`` (the rule that ended the game: R-END-TRIGGER, R-PASS, R-REPEAT; empty for
    a game stopped unfinished), games, share."""
    points: pd.DataFrame
    """``level``, ``round``, rows, p10 ... p90: each player's points just after their move in
    that round. Only games still going count at a round, so late rounds are long games."""
    bonuses: pd.DataFrame
    """The same for each player's bonuses (purchased cards' gems, all colours)."""
    nobles: pd.DataFrame
    """``noble``, dealt (games it was on the table), taken, taken_by_winner, taken_rate
    (taken / dealt), winner_share (taken_by_winner / taken)."""
    tiers: pd.DataFrame
    """``level``, ``tier``, bought, reserved, and both per player (a player is a game's seat)."""
    cards: pd.DataFrame
    """``card``, tier, bonus, bought, bought_by_winner, rate_all (share of players who bought
    it), rate_winners (share of winners who bought it): the cards that winners buy most."""


Progress = Callable[[int, int], object]
"""Told ``(shards counted, shards)`` after each shard by :func:`aggregate` (to stop the count,
it raises)."""


def aggregate(corpus: Corpus, scheduler: str | None = None, *,
              games: Collection[str] | None = None,
              progress: Progress | None = None) -> Aggregates:
    """Count every whole shard of ``corpus``; the figures are :class:`Aggregates`.

    ``games`` (ids, ``game-0000042``) counts only those games, the others as if they were not
    there; shards holding none of them are not read. ``progress`` hears after each shard how
    many are counted (without ``scheduler`` only: Dask counts them all at once).

    >>> from splendor_nb.analysis.corpus.reading import SHIPPED_CORPORA_DIR, open_corpus
    >>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
    >>> aggregate(corpus, games=["game-0000001", "game-0000400"], progress=print).games
    1 2
    2 2
    2

    Without ``scheduler`` the shards are counted in this process, one after the other. With
    one, Dask counts them (``dask.bag``): ``"threads"``, ``"processes"`` (a spawned pool: from
    a script, only under ``if __name__ == "__main__":``), or :data:`DISTRIBUTED` for the cluster
    of the open ``distributed.Client``. Measured on 10 shards of 1,000 games on 2 busy cores:
    1.7 s here, 1.9 s on threads, 2.9 s on processes (their start included).
    """
    kept = None if games is None else frozenset(games)
    wanted = None if kept is None else {game_index(game) // corpus.arguments.shard_size + 1
                                        for game in kept}
    paths = [str(shard.path) for shard in corpus.shards if wanted is None or shard.number in wanted]
    count = functools.partial(shard_counts, keep=kept)
    if scheduler is None:
        counts = _no_counts()
        for done, path in enumerate(paths, start=1):
            counts = _merge(counts, count(path))
            if progress is not None:
                progress(done, len(paths))
    else:
        import dask.bag as db

        bag = db.from_sequence(  # type: ignore[no-untyped-call]  # dask.bag has no types
            paths, npartitions=max(1, min(len(paths), 64)))
        counted = bag.map(count).fold(_merge, _merge, initial=_no_counts())
        counts = counted.compute() if scheduler == DISTRIBUTED else counted.compute(
            scheduler=scheduler)
    return _finish(counts)


def win_rates(corpus: Corpus, by: str = "level") -> pd.DataFrame:
    """Only the win rates (``by`` ``"level"`` or ``"player"``, the seat), read from the games
    tables alone: quick, for a summary at the end of a run.

    >>> from splendor_nb.analysis.corpus.reading import SHIPPED_CORPORA_DIR, open_corpus
    >>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
    >>> win_rates(corpus)[["level", "games"]].values.tolist()
    [['easy', 400], ['medium', 400]]
    """
    parts = [_no_counts()["seat"].rename_axis(by)]  # the columns, if there is no shard
    for shard in corpus.shards:
        games = pq.read_table(shard.path / GAMES, columns=[by, "won", "winners"]).to_pandas()
        results = games.assign(games=1, wins=games["won"] & (games["winners"] == 1),
                               shared=games["won"] & (games["winners"] > 1))
        parts.append(results.groupby(by)[_RESULTS].sum())
    return _rates(pd.concat(parts).groupby(level=0).sum())


def shard_counts(path: str, keep: frozenset[str] | None = None) -> Counts:
    """The counts of one shard (a folder): what :func:`aggregate` sums over the shards; only
    the games whose ids are in ``keep``, if given.

    >>> from splendor_nb.analysis.corpus.reading import SHIPPED_CORPORA_DIR
    >>> counts = shard_counts(str(SHIPPED_CORPORA_DIR / "easy-v-medium-2p" / "shard-000001"))
    >>> int(counts["totals"]["games"].sum())
    100
    """
    games = pq.read_table(Path(path, GAMES), columns=[
        "game", "player", "level", "won", "winners", "rounds", "finished", "ended_by", "bought",
        "nobles_taken", "nobles_dealt"]).to_pandas()
    moves = pq.read_table(Path(path, TURNS), filters=[("mover", "==", True)], columns=[
        "game", "player", "round", "action", "move", "points", *_BONUSES]).to_pandas()
    if keep is not None:
        games, moves = (table[table["game"].isin(keep)] for table in (games, moves))
    results = games.assign(games=1, wins=games["won"] & (games["winners"] == 1),
                           shared=games["won"] & (games["winners"] > 1))
    one_row = games.drop_duplicates("game")
    winners = games[games["won"]]
    moves = moves.merge(games[["game", "player", "level"]], on=["game", "player"])
    moves["bonuses"] = moves[_BONUSES].sum(axis=1)
    acted = moves[moves["action"].isin(["buy", "reserve"])]
    acted = acted.assign(tier=acted["move"].str.extract(_TIER)[0].astype("int64"))
    return {
        "totals": pd.DataFrame({
            "games": [len(one_row)], "unfinished": [int((~one_row["finished"]).sum())],
            "shared": [int((one_row["winners"] > 1).sum())], "players": [len(games)],
            "winners": [len(winners)]}, index=pd.Index(["all"], name="corpus")),
        "seat": results.groupby("player")[_RESULTS].sum(),
        "level": results.groupby("level")[_RESULTS].sum(),
        "level_seat": results.groupby(["level", "player"])[_RESULTS].sum(),
        "length": one_row.groupby("rounds").size().to_frame("games"),
        "endings": one_row.groupby("ended_by").size().to_frame("games"),
        "points": moves.groupby(["level", "round", "points"]).size().to_frame("rows"),
        "bonuses": moves.groupby(["level", "round", "bonuses"]).size().to_frame("rows"),
        "tiers": pd.DataFrame({
            "bought": acted[acted["action"] == "buy"].groupby(["level", "tier"]).size(),
            "reserved": acted[acted["action"] == "reserve"].groupby(["level", "tier"]).size(),
        }).fillna(0).astype("int64"),
        "nobles": _ids_counted(dealt=one_row["nobles_dealt"], taken=games["nobles_taken"],
                               taken_by_winner=winners["nobles_taken"], name="noble"),
        "cards": _ids_counted(bought=games["bought"], bought_by_winner=winners["bought"],
                              name="card"),
    }


def _ids_counted(name: str, **columns: pd.Series) -> pd.DataFrame:
    """How often each id occurs in each column of space-separated ids."""
    counted = {column: ids.str.split().explode().dropna().value_counts()
               for column, ids in columns.items()}
    frame = pd.DataFrame(counted).fillna(0).astype("int64")
    frame.index.name = name
    return frame


def _merge(left: Counts, right: Counts) -> Counts:
    """Two shards' (or two groups of shards') counts summed, table by table."""
    merged = {}
    for name, table in left.items():
        both = pd.concat([table, right[name]])
        merged[name] = both.groupby(level=list(range(both.index.nlevels))).sum()
    return merged


def _finish(counts: Counts) -> Aggregates:
    totals = counts["totals"].sum()
    players, winners = int(totals["players"]), int(totals["winners"])
    tiers = counts["tiers"].reset_index()
    appearances = counts["level"]["games"]
    tiers["bought_per_player"] = tiers["bought"] / tiers["level"].map(appearances)
    tiers["reserved_per_player"] = tiers["reserved"] / tiers["level"].map(appearances)
    nobles = counts["nobles"].reset_index()
    nobles = nobles.sort_values("noble", key=lambda ids: ids.str[1:].astype("int64"),
                                ignore_index=True)
    nobles["taken_rate"] = _ratio(nobles["taken"], nobles["dealt"])
    nobles["winner_share"] = _ratio(nobles["taken_by_winner"], nobles["taken"])
    cards = counts["cards"].reset_index()
    cards.insert(1, "tier", [CARD_BY_ID[card].tier for card in cards["card"]])
    cards.insert(2, "bonus", [CARD_BY_ID[card].bonus for card in cards["card"]])
    cards["rate_all"] = cards["bought"] / max(players, 1)
    cards["rate_winners"] = cards["bought_by_winner"] / max(winners, 1)
    length = counts["length"].reset_index()
    length["share"] = length["games"] / max(int(totals["games"]), 1)
    endings = counts["endings"].reset_index()
    endings["share"] = endings["games"] / max(int(totals["games"]), 1)
    return Aggregates(
        games=int(totals["games"]), unfinished=int(totals["unfinished"]),
        shared=int(totals["shared"]),
        wins_by_seat=_rates(counts["seat"]), wins_by_level=_rates(counts["level"]),
        wins_by_level_and_seat=_rates(counts["level_seat"]), length=length, endings=endings,
        points=_percentiles(counts["points"], "points"),
        bonuses=_percentiles(counts["bonuses"], "bonuses"),
        nobles=nobles, tiers=tiers,
        cards=cards.sort_values(["rate_winners", "card"], ascending=[False, True],
                                ignore_index=True))


def _no_counts() -> Counts:
    """The counts of no shard: every table, with no rows."""
    def empty(index: Sequence[str], columns: Sequence[str]) -> pd.DataFrame:
        return pd.DataFrame({column: pd.Series(dtype="int64") for column in columns},
                            index=pd.MultiIndex.from_arrays([[]] * len(index), names=list(index))
                            if len(index) > 1 else pd.Index([], name=index[0]))

    return {"totals": pd.DataFrame({name: [0] for name in ("games", "unfinished", "shared",
                                                           "players", "winners")}),
            "seat": empty(["player"], _RESULTS), "level": empty(["level"], _RESULTS),
            "level_seat": empty(["level", "player"], _RESULTS),
            "length": empty(["rounds"], ["games"]),
            "endings": empty(["ended_by"], ["games"]),
            "points": empty(["level", "round", "points"], ["rows"]),
            "bonuses": empty(["level", "round", "bonuses"], ["rows"]),
            "tiers": empty(["level", "tier"], ["bought", "reserved"]),
            "nobles": empty(["noble"], ["dealt", "taken", "taken_by_winner"]),
            "cards": empty(["card"], ["bought", "bought_by_winner"])}


def _rates(results: pd.DataFrame) -> pd.DataFrame:
    """Win counts with the win rate and its 95% Wilson interval."""
    table = results.astype("int64").reset_index()
    intervals = [wilson(wins, games) for wins, games in zip(table["wins"], table["games"])]
    table["rate"] = _ratio(table["wins"], table["games"])
    table["low"] = [low for low, _ in intervals]
    table["high"] = [high for _, high in intervals]
    return table


def _percentiles(histogram: pd.DataFrame, value: str) -> pd.DataFrame:
    """Exact percentiles of ``value`` for each level and round, from the count of each value:
    the smallest value at or below which that share of the rows lies."""
    rows = []
    for (level, round_), group in histogram.groupby(level=["level", "round"]):
        values = group.index.get_level_values(value).to_numpy()
        order = np.argsort(values)
        cumulative = np.cumsum(group["rows"].to_numpy()[order])
        total = int(cumulative[-1])
        picks = np.searchsorted(cumulative, [share / 100 * total for share in PERCENTILES])
        rows.append((level, round_, total, *(int(values[order][i]) for i in picks)))
    return pd.DataFrame(rows, columns=["level", "round", "rows",
                                       *(f"p{share}" for share in PERCENTILES)])


def _ratio(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    return (numerator / denominator.where(denominator > 0)).fillna(0.0)
