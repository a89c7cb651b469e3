"""Corpora: many bot games streamed to shards on disk, read back as pandas or Dask tables.

- :mod:`~.shards`: the format on disk, and the worker that writes one shard.
- :mod:`~.run`: :func:`simulate_corpus`, games played on a process pool or a Dask cluster.
- :mod:`~.reading`: :func:`open_corpus`, :func:`load_corpus`, :func:`list_corpora`.
- :mod:`~.aggregates`: win rates, game length, points and bonuses by round, nobles, tiers,
  cards, computed shard by shard.

>>> corpus = open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None)
>>> corpus.game_count, corpus.arguments.levels
(400, ('easy', 'medium'))
>>> aggregate(corpus).wins_by_level["level"].tolist()
['easy', 'medium']
"""

from splendor_nb.analysis.corpus.aggregates import PERCENTILES, Aggregates, aggregate
from splendor_nb.analysis.corpus.reading import (
    PANDAS_MAX_ROWS,
    SHIPPED_CORPORA_DIR,
    Corpus,
    CorpusInfo,
    list_corpora,
    load_corpus,
    open_corpus,
)
from splendor_nb.analysis.corpus.run import CorpusRun, simulate_corpus
from splendor_nb.analysis.corpus.shards import (
    DEFAULT_SHARD_SIZE,
    GAME_COLUMNS,
    CorpusError,
    RunArguments,
)

__all__ = [
    "DEFAULT_SHARD_SIZE",
    "GAME_COLUMNS",
    "PANDAS_MAX_ROWS",
    "PERCENTILES",
    "SHIPPED_CORPORA_DIR",
    "Aggregates",
    "Corpus",
    "CorpusError",
    "CorpusInfo",
    "CorpusRun",
    "RunArguments",
    "aggregate",
    "list_corpora",
    "load_corpus",
    "open_corpus",
    "simulate_corpus",
]
