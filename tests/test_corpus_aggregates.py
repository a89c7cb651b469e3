"""A corpus's aggregates against the same figures counted game by game from its replays: wins
(R-END-WIN, shared victories apart), length, exact percentiles of points and bonuses by round,
nobles (R-NOBLE), tiers, the winners' cards; counted here or by Dask alike."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from splendor_nb.analysis.corpus import Corpus, aggregate, open_corpus, simulate_corpus
from splendor_nb.analysis.corpus.aggregates import PERCENTILES, Aggregates, win_rates
from splendor_nb.replay import Replay

LEVELS = ("easy", "medium", "easy")
"""Three seats, one level twice: a game counts once for each seat of a level."""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    folder = tmp_path_factory.mktemp("corpus")
    with ThreadPoolExecutor(2) as pool:
        simulate_corpus(folder, 8, players=3, levels=LEVELS, seed=2, shard_size=3,
                        executor=pool, progress=False)
    return open_corpus(folder, report=None)


@pytest.fixture(scope="module")
def replays(corpus: Corpus) -> list[Replay]:
    return [corpus.replay(index) for index in range(corpus.game_count)]


@pytest.fixture(scope="module")
def found(corpus: Corpus) -> Aggregates:
    return aggregate(corpus)


def levels_of(replay: Replay) -> list[str]:
    return [player["level"] for player in replay.headers["players"]]


def final(replay: Replay) -> tuple[int, ...]:
    return replay.state(len(replay)).winners


def test_wins_by_level_and_seat(found: Aggregates, replays: list[Replay]) -> None:
    games: Counter[tuple[str, int]] = Counter()
    wins: Counter[tuple[str, int]] = Counter()
    shared: Counter[tuple[str, int]] = Counter()
    for replay in replays:
        winners = final(replay)
        for seat, level in enumerate(levels_of(replay)):
            games[level, seat] += 1
            wins[level, seat] += winners == (seat,)
            shared[level, seat] += seat in winners and len(winners) > 1
    table = found.wins_by_level_and_seat.set_index(["level", "player"])
    assert table["games"].to_dict() == dict(games)
    assert table["wins"].to_dict() == {key: wins[key] for key in games}
    assert table["shared"].to_dict() == {key: shared[key] for key in games}
    by_level = found.wins_by_level.set_index("level")
    assert by_level.loc["easy", "games"] == 2 * len(replays)
    assert by_level["wins"].sum() + found.shared <= len(replays)
    by_seat = found.wins_by_seat.set_index("player")
    assert by_seat["games"].tolist() == [len(replays)] * 3
    assert (by_seat["low"] <= by_seat["rate"]).all() and (by_seat["rate"] <= by_seat["high"]).all()


def test_win_rates_alone_are_the_same(found: Aggregates, corpus: Corpus) -> None:
    pd.testing.assert_frame_equal(win_rates(corpus, "level"), found.wins_by_level)
    pd.testing.assert_frame_equal(win_rates(corpus, "player"), found.wins_by_seat)


def test_length_and_endings(found: Aggregates, replays: list[Replay]) -> None:
    """Rounds of 3 turns; each game ended by R-END-TRIGGER, R-PASS or R-REPEAT."""
    rounds = Counter(-(-len(replay) // 3) for replay in replays)
    assert dict(zip(found.length["rounds"], found.length["games"])) == dict(rounds)
    assert found.length["share"].sum() == pytest.approx(1.0)
    endings = Counter(replay.state(len(replay)).end_rule for replay in replays)
    assert dict(zip(found.endings["ended_by"], found.endings["games"])) == dict(endings)
    assert found.games == len(replays) and found.unfinished == 0


@pytest.mark.parametrize("name", ["points", "bonuses"])
def test_percentiles_by_round(found: Aggregates, replays: list[Replay], name: str) -> None:
    """Each player's figure just after their move in each round; the percentiles are those
    numpy's inverted-CDF method gives on every value."""
    values: dict[tuple[str, int], list[int]] = {}
    for replay in replays:
        levels = levels_of(replay)
        states = replay.states()
        for before, after in itertools.pairwise(states):
            mover = before.current_player
            tableau = after.players[mover]
            value = tableau.points if name == "points" else sum(tableau.bonus_counts)
            values.setdefault((levels[mover], before.round), []).append(value)
    table = getattr(found, name).set_index(["level", "round"])
    assert sorted(table.index) == sorted(values)
    for key, seen in values.items():
        expected = [int(np.percentile(seen, share, method="inverted_cdf"))
                    for share in PERCENTILES]
        assert table.loc[key, [f"p{share}" for share in PERCENTILES]].tolist() == expected
        assert table.loc[key, "rows"] == len(seen)


def test_nobles(found: Aggregates, replays: list[Replay]) -> None:
    dealt: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    by_winner: Counter[str] = Counter()
    for replay in replays:
        dealt.update(noble.id for noble in replay.state(0).nobles)
        for seat, player in enumerate(replay.state(len(replay)).players):
            taken.update(noble.id for noble in player.nobles)
            if seat in final(replay):
                by_winner.update(noble.id for noble in player.nobles)
    table = found.nobles.set_index("noble")
    assert table["dealt"].to_dict() == dict(dealt)
    assert table["taken"].to_dict() == {noble: taken[noble] for noble in dealt}
    assert table["taken_by_winner"].to_dict() == {noble: by_winner[noble] for noble in dealt}
    assert list(table.index) == sorted(dealt, key=lambda noble: int(noble[1:]))


def test_tiers(found: Aggregates, replays: list[Replay]) -> None:
    bought: Counter[tuple[str, int]] = Counter()
    reserved: Counter[tuple[str, int]] = Counter()
    for replay in replays:
        levels = levels_of(replay)
        for number, entry in enumerate(replay.turns):
            level = levels[replay.state(number).current_player]
            move = entry.move
            if move.kind == "buy" and move.card:
                bought[level, int(move.card[0])] += 1
            elif move.kind == "reserve":
                reserved[level, move.tier or int((move.card or "0")[0])] += 1
    table = found.tiers.set_index(["level", "tier"])
    assert {key: value for key, value in table["bought"].items() if value} == dict(bought)
    assert {key: value for key, value in table["reserved"].items() if value} == dict(reserved)


def test_cards_bought_by_winners(found: Aggregates, replays: list[Replay]) -> None:
    bought: Counter[str] = Counter()
    by_winner: Counter[str] = Counter()
    winners = 0
    for replay in replays:
        for seat, player in enumerate(replay.state(len(replay)).players):
            bought.update(card.id for card in player.cards)
            if seat in final(replay):
                winners += 1
                by_winner.update(card.id for card in player.cards)
    table = found.cards.set_index("card")
    assert table["bought"].to_dict() == dict(bought)
    assert table["bought_by_winner"].to_dict() == {card: by_winner[card] for card in bought}
    assert table["rate_winners"].to_dict() == pytest.approx(
        {card: by_winner[card] / winners for card in bought})
    assert found.cards["rate_winners"].is_monotonic_decreasing


@pytest.mark.parametrize("scheduler", ["threads", "distributed"])
def test_dask_counts_the_same(found: Aggregates, corpus: Corpus, scheduler: str) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, dashboard_address=":0") if \
            scheduler == "distributed" else contextlib.nullcontext():
        again = aggregate(corpus, scheduler=scheduler)
    for name in ("wins_by_seat", "wins_by_level", "wins_by_level_and_seat", "length", "endings",
                 "points", "bonuses", "nobles", "tiers", "cards"):
        pd.testing.assert_frame_equal(getattr(again, name), getattr(found, name))


def test_a_corpus_with_no_shard_read_has_empty_aggregates(corpus: Corpus, tmp_path: Path) -> None:
    (tmp_path / "corpus.json").write_bytes((corpus.path / "corpus.json").read_bytes())
    empty = aggregate(open_corpus(tmp_path, report=None))
    assert empty.games == 0 and empty.points.empty and empty.cards.empty
    assert list(empty.wins_by_level.columns) == list(
        aggregate(corpus).wins_by_level.columns)
