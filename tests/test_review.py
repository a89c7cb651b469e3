"""The review of a game: labels from the chances lost at the thresholds' edges, accuracy, the
expert bot's move, the analysis stored in the file (byte for byte) and reused, progress and
cancellation, and the same figures however the positions are judged."""

from __future__ import annotations

import hashlib
import math
import threading
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path

import pytest

from splendor_nb.ai import evaluate
from splendor_nb.ai.policy_value import WEIGHTS_FILE
from splendor_nb.ai.puct import judge
from splendor_nb.analysis import LABELS, Review, ReviewCancelled, review, stored_review
from splendor_nb.analysis.game_review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    engine_id,
    move_accuracy,
    pending,
)
from splendor_nb.replay import Analysis, PositionAnalysis, Replay
from splendor_nb.ui.replays import REPLAYS_DIR
from support.games import random_replay

BUDGET = 60
"""A small budget of the reviewing bot: these tests check the review's bookkeeping, not the
bot."""


def game(turns: int = 8, seed: int = 3) -> Replay:
    return random_replay(2, seed=seed, max_turns=turns)


def made_up(replay: Replay, losses: list[float]) -> Replay:
    """``replay`` with a current analysis in which move ``t`` lost ``losses[t - 1]``: the mover
    has 0.4 after it, and the bot's move (another legal move) would have left them more."""
    positions = []
    for index in range(len(replay) + 1):
        turn = replay.turns[index - 1] if index else None
        state = replay.state(index)
        mover = state.current_player
        best = best_chances = None
        if index < len(replay):
            best = next(m for m in state.legal_moves() if m != replay.turns[index].move)
            best_chances = tuple(0.4 + losses[index] if p == mover else 0.6 - losses[index]
                                 for p in range(replay.players))
        after_mover = replay.state(index - 1).current_player if index else 0
        chances = tuple(0.4 if p == after_mover else 0.6 for p in range(replay.players))
        positions.append(PositionAnalysis(chances, best, best_chances,
                                          str(turn.move) if turn else None,
                                          turn.revealed if turn else None))
    replay.analysis = Analysis(engine_id(), BUDGET, tuple(positions))
    return replay


def reviewed(losses: list[float]) -> Review:
    found = stored_review(made_up(game(len(losses)), losses))
    assert found is not None
    return found


# --- labels and accuracy --------------------------------------------------------------------------

def test_labels_at_the_thresholds_edges() -> None:
    edges = [0.0, 0.0499, INACCURACY, 0.0999, MISTAKE, 0.1499, BLUNDER, 0.6]
    result = reviewed(edges)
    assert [round(m.loss, 4) for m in result.moves] == edges
    assert [m.label for m in result.moves] == [None, None, "inaccuracy", "inaccuracy", "mistake",
                                               "mistake", "blunder", "blunder"]


def test_the_thresholds_are_lichess_s() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.15)
    assert LABELS == ("inaccuracy", "mistake", "blunder")


def test_a_move_judged_better_than_the_bot_s_loses_nothing() -> None:
    result = reviewed([-0.1, 0.0])
    assert result.moves[0].best_after < result.moves[0].after
    assert (result.moves[0].loss, result.moves[0].label) == (0.0, None)


def test_the_bot_s_own_move_loses_nothing_whatever_was_stored() -> None:
    replay = made_up(game(2), [0.3, 0.0])
    assert replay.analysis is not None
    first, *rest = replay.analysis.positions
    played = replay.turns[0].move
    replay.analysis = Analysis(engine_id(), BUDGET,
                               (PositionAnalysis(first.chances, played, (0.9, 0.1)), *rest))
    found = stored_review(replay)
    assert found is not None and found.moves[0].loss == 0.0


def test_accuracy_is_lichess_s_mapping_averaged_per_player() -> None:
    losses = [0.0, 0.05, 0.1, 0.2, 0.3, 0.0]
    result = reviewed(losses)
    for player in (0, 1):
        mine = losses[player::2]
        expected = sum(100 if loss == 0 else min(100, max(0, 103.1668 * math.exp(
            -0.04354 * 100 * loss) - 3.1669 + 1)) for loss in mine) / len(mine)
        assert result.accuracy[player] == pytest.approx(expected)
    assert move_accuracy(0.0) == 100.0 and move_accuracy(1.0) == 0.0


def test_mistakes_are_stepped_through_in_the_game_s_order() -> None:
    result = reviewed([0.0, 0.2, 0.06, 0.0, 0.11, 0.0])
    assert result.mistakes() == [2, 3, 5]
    assert result.mistakes("mistake") == [2, 5] and result.mistakes("blunder") == [2]
    assert result.mistakes(player=0) == [3, 5] and result.mistakes(player=1) == [2]
    assert (result.next_mistake(0), result.next_mistake(2), result.next_mistake(5)) == (2, 3, None)
    assert (result.previous_mistake(6), result.previous_mistake(2)) == (5, None)
    assert result.next_mistake(2, "mistake") == 5
    assert result.counts(1) == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert result.counts(0) == {"inaccuracy": 1, "mistake": 1, "blunder": 0}


def test_the_table_has_a_row_per_move() -> None:
    table = reviewed([0.0, 0.2]).to_frame()
    assert table["label"].tolist() == [None, "blunder"]
    assert table["turn"].tolist() == [1, 2]


# --- judging a real game --------------------------------------------------------------------------

@pytest.mark.slow
def test_every_position_is_judged_by_the_expert() -> None:
    replay = game(6)
    result = review(replay, budget=BUDGET, workers=1)
    for index, state in enumerate(replay.states()):
        found = judge(state, BUDGET)
        assert result.chances[index] == tuple(round(p, 4) for p in found.chances)
        assert result.best[index] == found.move
        assert found.move is None if state.over else found.move in state.legal_moves()
    for move in result.moves:
        assert move.before == result.chances[move.turn - 1][move.player]
        assert move.after == result.chances[move.turn][move.player]
        if move.best == move.move:
            assert move.best_after == move.after
        else:  # the card off a deck is the one the record shows next, as a file has it
            after_best = Replay.loads(replay.dumps()).after(move.turn - 1, move.best)
            assert move.best_after == round(evaluate(after_best, BUDGET)[move.player], 4)


def test_a_finished_game_s_last_position_has_no_preferred_move() -> None:
    replay = Replay.loads((REPLAYS_DIR / "bots-2p-easy-vs-medium.json").read_bytes())
    final = replay.state(len(replay))
    assert final.is_over
    replay.analysis = Analysis(engine_id(), BUDGET, tuple(  # all but the last position judged
        PositionAnalysis((0.5, 0.5), turn.move, None, str(previous.move) if previous else None,
                         previous.revealed if previous else None)
        for turn, previous in zip(replay.turns, [None, *replay.turns], strict=False)))
    assert pending(replay, budget=BUDGET) == 1
    result = review(replay, budget=BUDGET, workers=1)
    assert result.best[-1] is None
    assert result.chances[-1] == tuple(1.0 if p in final.winners else 0.0 for p in (0, 1))


@pytest.mark.slow
def test_the_same_game_gets_the_same_figures_however_it_is_judged() -> None:
    one, two, threads = game(7, seed=5), game(7, seed=5), game(7, seed=5)
    two.annotate(3, comment="a comment changes nothing", glyph="?")
    alone = review(one, budget=BUDGET, workers=1)
    pooled = review(two, budget=BUDGET, workers=2)
    with ThreadPoolExecutor(2) as pool:
        threaded = review(threads, budget=BUDGET, executor=pool)
    assert alone == pooled == threaded


# --- stored in the file ---------------------------------------------------------------------------

@pytest.mark.slow
def test_the_analysis_saves_and_reloads_byte_identically(tmp_path: Path) -> None:
    replay = game(6)
    result = review(replay, budget=BUDGET, workers=1)
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    replay.save(first)
    again = Replay.load(first)
    again.save(second)
    assert first.read_bytes() == second.read_bytes()
    assert '"analysis": {"engine": ' in first.read_text(encoding="utf-8")
    assert stored_review(again) == result
    assert pending(again, budget=BUDGET) == 0


@pytest.mark.slow
def test_reopening_does_not_judge_again(tmp_path: Path) -> None:
    replay = game(6)
    review(replay, budget=BUDGET, workers=1)
    again = Replay.loads(replay.dumps())
    seen: list[tuple[int, int]] = []
    result = review(again, lambda done, total: seen.append((done, total)), budget=BUDGET,
                    workers=1)
    assert result == stored_review(replay)
    assert seen == [(0, 0)]


def test_the_analysis_is_kept_apart_from_comments_and_glyphs() -> None:
    replay = game(4)
    review(replay, budget=BUDGET, workers=1)
    analysis = replay.analysis
    replay.annotate(2, comment="Why not reserve?", glyph="?!")
    assert replay.analysis == analysis
    text = replay.dumps()
    assert text.index('"comment": "Why not reserve?"') < text.index('"analysis"')
    assert stored_review(Replay.loads(text)) is not None


@pytest.mark.slow
def test_only_new_positions_are_judged_after_the_game_goes_on() -> None:
    replay = random_replay(2, seed=3, max_turns=40)
    shorter = Replay.from_state(replay.state(0))
    for turn in replay.turns[:6]:
        shorter.play(turn.move)
    review(shorter, budget=BUDGET, workers=1)
    for turn in replay.turns[6:8]:
        shorter.play(turn.move)
    assert pending(shorter, budget=BUDGET) == 2
    seen: list[tuple[int, int]] = []
    review(shorter, lambda done, total: seen.append((done, total)), budget=BUDGET, workers=1)
    assert seen == [(0, 2), (1, 2), (2, 2)]


@pytest.mark.slow
def test_a_new_main_line_keeps_the_positions_before_it() -> None:
    replay = game(6)
    review(replay, budget=BUDGET, workers=1)
    other = next(m for m in replay.state(3).legal_moves() if m != replay.turns[3].move)
    replay.promote(replay.add_variation(4, other))
    assert replay.analysis is not None and len(replay.analysis.positions) == 4
    assert stored_review(replay) is None
    # the new turn's position, and the one before it if the bot's move there was the old turn
    assert pending(replay, budget=BUDGET) in (1, 2)
    review(replay, budget=BUDGET, workers=1)
    assert stored_review(replay) is not None


def test_an_analysis_by_another_engine_or_budget_is_stale() -> None:
    replay = game(4)
    review(replay, budget=BUDGET, workers=1)
    assert pending(replay, budget=BUDGET + 1) == 5
    assert replay.analysis is not None
    replay.analysis = Analysis("an older engine", BUDGET, replay.analysis.positions)
    assert stored_review(replay) is None and pending(replay, budget=BUDGET) == 5
    older = stored_review(replay, any_engine=True)
    assert older is not None and older.engine == "an older engine"
    assert Replay.loads(replay.dumps()).analysis == replay.analysis  # kept, as it is


def test_the_engine_names_the_expert_network_that_judged() -> None:
    """New weights judge differently: an analysis of the network shipped before is stale."""
    weights = resources.files("splendor_nb.data").joinpath(WEIGHTS_FILE).read_bytes()
    assert engine_id().endswith(f", network {hashlib.sha256(weights).hexdigest()[:12]}")


# --- progress and cancellation --------------------------------------------------------------------

@pytest.mark.slow
def test_progress_counts_the_positions_judged() -> None:
    replay = game(5)
    seen: list[tuple[int, int]] = []
    review(replay, lambda done, total: seen.append((done, total)), budget=BUDGET, workers=1)
    assert seen == [(index, 6) for index in range(7)]


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_a_cancelled_review_keeps_what_it_judged_and_goes_on_later(workers: int) -> None:
    replay = game(7)
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done == 3:
            stop.set()

    with pytest.raises(ReviewCancelled) as caught:
        review(replay, progress, stop, budget=BUDGET, workers=workers)
    assert caught.value.total == 8 and caught.value.done >= 3
    kept = len(replay.analysis.positions) if replay.analysis else 0
    assert kept == 3 if workers == 1 else kept < 8  # a pool finishes them nearly in order
    left = pending(replay, budget=BUDGET)
    assert left == 8 - kept
    seen: list[tuple[int, int]] = []
    review(replay, lambda done, total: seen.append((done, total)), budget=BUDGET, workers=1)
    assert seen[0] == (0, left) and seen[-1] == (left, left)
    assert review(Replay.loads(game(7).dumps()), budget=BUDGET, workers=1) == \
        stored_review(replay)


def test_cancel_may_be_a_function() -> None:
    replay = game(3)
    with pytest.raises(ReviewCancelled) as caught:
        review(replay, cancel=lambda: True, budget=BUDGET, workers=1)
    assert (caught.value.done, caught.value.total) == (0, 4)
    assert replay.analysis is None
