"""Puzzles mined from games: the miner's judgement, the themes, the ratings and the file."""

from __future__ import annotations

import gzip
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import splendor_nb
from splendor_nb import Move, new_game
from splendor_nb.ai import Bot
from splendor_nb.ai.simulate import derive_seed
from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, open_corpus, simulate_corpus
from splendor_nb.analysis.corpus.shards import game_id, game_index
from splendor_nb.engine import GameState
from splendor_nb.learn import load_puzzles, puzzle_mining
from splendor_nb.learn.puzzle_file import MinedGame, MinedPuzzle, gzip_member, read_mined
from splendor_nb.learn.puzzle_mining import (
    CORPUS_SEEDS,
    MARGIN,
    PRESCREEN_SIMULATIONS,
    SCREEN_SIMULATIONS,
    SCREEN_STAGES,
    mine_corpus,
    mine_game,
    mine_position,
    position_seed,
    recheck_mined,
    screen_margins,
    still_best,
)
from splendor_nb.learn.puzzle_rating import LEVEL_RATINGS, Rating, attempt, starting_rating
from splendor_nb.learn.puzzle_set import PUZZLES_FILE, build_puzzle_file, puzzles_of
from splendor_nb.learn.puzzle_themes import THEMES, themes
from splendor_nb.replay import Replay
from splendor_nb.rules import WINNING_POINTS

CORPUS = SHIPPED_CORPORA_DIR / "easy-v-medium-2p"
SHIPPED_PUZZLES = Path(splendor_nb.__file__).parent / "data" / PUZZLES_FILE


def corpus_turns(games: int = 60) -> Iterator[tuple[GameState, Move, GameState]]:
    """(position, move played, position after) over the first games of the shipped corpus."""
    corpus = open_corpus(CORPUS, report=None)
    for index in range(games):
        replay = corpus.replay(index)
        states = replay.states()
        for turn, entry in enumerate(replay.turns):
            yield states[turn], entry.move, states[turn + 1]


def test_every_theme_is_found_in_real_games_and_only_where_its_rule_applies() -> None:
    seen: set[str] = set()
    for before, move, after in corpus_turns():
        found = set(themes(before, move))
        seen |= found
        effects = after.last_turn
        assert effects is not None
        assert ("noble" in found) == (effects.noble is not None)  # R-NOBLE
        assert ("token_limit" in found) == any(move.returned)  # R-LIMIT10
        assert ("gold" in found) == (move.kind == "buy" and effects.paid[-1] > 0)  # R-BUY-GOLD
        assert ("blind" in found) == (move.kind == "reserve" and move.card is None)
        if "deny" in found:  # R-RESERVE of a face-up card
            assert move.kind == "reserve" and move.card is not None
        if "last_round" in found:  # R-END-TRIGGER: the end is triggered, the mover wins
            assert max(after.scores) >= WINNING_POINTS and after.over
            assert after.winners == (before.current_player,)
    assert seen >= {"noble", "deny", "token_limit", "gold", "last_round"}  # no bot here
    # reserves blind: R-RESERVE-HIDDEN's theme is checked on its own below


def test_a_winning_tie_break_is_its_own_theme() -> None:
    tied = next((before, move) for before, move, after in corpus_turns(400)
                if after.over and len({p.points for p in after.players}) == 1
                and len(after.winners) == 1 and after.winners[0] == before.current_player)
    assert {"last_round", "tie_break"} <= set(themes(*tied))


def test_a_plain_take_has_no_theme_and_a_blind_reserve_one() -> None:
    assert themes(new_game(seed=3), Move.parse("+wbg")) == ()
    assert themes(new_game(seed=3), Move.parse("R?3")) == ("blind",)
    assert set(THEMES) >= {"noble", "deny", "token_limit", "gold", "last_round", "tie_break",
                           "blind"}


@pytest.fixture(scope="module")
def mined_puzzle() -> tuple[Replay, MinedPuzzle]:
    """A puzzle of the shipped corpus: game 101, before turn 33 (the answer reserves 2r3)."""
    game = open_corpus(CORPUS, report=None).replay(100)
    puzzle = mine_position(game.state(32), seed=32)
    assert puzzle is not None
    return game, puzzle


@pytest.mark.slow
def test_a_mined_puzzle_is_legal_clearly_best_and_not_found_by_every_weaker_try(
        mined_puzzle: tuple[Replay, MinedPuzzle]) -> None:
    game, puzzle = mined_puzzle
    state = game.state(32)
    assert Move.parse(puzzle.answer) in state.legal_moves()
    assert puzzle.margin >= MARGIN
    assert puzzle.chance - puzzle.runner_up_chance >= MARGIN
    assert puzzle.runner_up != puzzle.answer
    assert any(found < tries for found, tries in puzzle.found.values())
    assert puzzle.turn == 32


def test_no_puzzle_where_nothing_stands_out_nor_once_the_game_is_over() -> None:
    assert mine_position(new_game(seed=1), seed=1) is None  # the opening: many equal moves
    corpus = open_corpus(CORPUS, report=None)
    finished = corpus.replay(0)
    assert mine_position(finished.state(len(finished)), seed=0) is None


def test_the_pre_screen_keeps_a_shipped_puzzle_and_leaves_its_screen_as_it_was() -> None:
    """Game 101 before turn 33 (the answer reserves 2r3), seeded as the miner seeds it: the
    pre-screen's search goes on into the screen's, which finds what it finds alone."""
    state = open_corpus(CORPUS, report=None).replay(100).state(32)
    seed = position_seed("easy-v-medium-2p", 100, 32)
    staged = list(screen_margins(state, seed, [budget for budget, _ in SCREEN_STAGES]))
    for (budget, least), margin in zip(SCREEN_STAGES, staged):
        assert margin is not None and margin >= least, budget
    assert staged[-1] == next(screen_margins(state, seed, [SCREEN_SIMULATIONS]))


def test_a_position_the_pre_screen_drops_costs_only_its_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The opening, where many takes are as good: no search past the pre-screen's budget."""
    grown: list[int] = []
    monkeypatch.setattr(puzzle_mining, "extend", lambda *args: grown.append(args[3]))
    opening = new_game(seed=1)
    first = next(screen_margins(opening, 1, [PRESCREEN_SIMULATIONS]))
    assert first is not None and first < SCREEN_STAGES[0][1]
    assert mine_position(opening, seed=1) is None
    assert grown == []


def test_a_larger_corpus_mined_under_the_shipped_name_goes_on_past_the_games_mined(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its games are sourced and seeded as the shipped corpus's (so ``position_seed`` re-judges
    them), and those already in the file are skipped."""
    with ThreadPoolExecutor(1) as pool:
        simulate_corpus(tmp_path / "larger", 3, levels=("easy",), seed=1, shard_size=2,
                        executor=pool, progress=False)
    name = "easy-v-medium-2p"
    out = tmp_path / "mined.jsonl.gz"
    out.write_bytes(gzip_member(MinedGame(f"{name}/{game_id(0)}", "{}", 0, ())))
    tasks: list[tuple[str, int]] = []

    def mine_nothing(task: tuple[str, str, int]) -> MinedGame:
        tasks.append((task[0], task[2]))
        return MinedGame(task[0], "{}", 0, ())

    monkeypatch.setattr(puzzle_mining, "mine_game", mine_nothing)
    with ThreadPoolExecutor(1) as pool:
        mine_corpus(tmp_path / "larger", out, seed=CORPUS_SEEDS[name], name=name,
                    executor=pool, progress=False)
    assert [source for source, _ in tasks] == [f"{name}/{game_id(1)}", f"{name}/{game_id(2)}"]
    for index, (_, seed) in enumerate(tasks, start=1):
        assert derive_seed(seed, 7) == position_seed(name, index, 7)
    assert len(list(read_mined(out))) == 3


@pytest.mark.slow
def test_mining_a_game_writes_a_line_that_reads_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_mining, "SCREEN_STAGES", ((10, 0.0), (20, 0.0)))
    monkeypatch.setattr(puzzle_mining, "SIMULATIONS", 40)
    monkeypatch.setattr(puzzle_mining, "MARGIN", 0.05)
    monkeypatch.setattr(puzzle_mining, "WEAKER_LEVELS", ("easy",))
    replay = Replay.from_state(new_game(seed=8))
    bot = Bot("medium", seed=8)
    for _ in range(12):
        replay.play(bot.choose(replay.state(len(replay))))
    mined = mine_game(("made-up/game-0000008", replay.dumps(), 8))
    assert mined.positions == len(replay)
    again = MinedGame.from_line(mined.to_line())
    assert again == mined
    for puzzle in mined.puzzles:
        state = replay.state(puzzle.turn)
        assert Move.parse(puzzle.answer) in state.legal_moves()
        assert puzzle.margin >= 0.05


@pytest.mark.slow
def test_the_puzzle_file_holds_each_game_once_and_is_the_same_bytes_each_time(
        tmp_path: Path, mined_puzzle: tuple[Replay, MinedPuzzle]) -> None:
    replay, puzzle = mined_puzzle
    game = MinedGame("easy-v-medium-2p/game-0000101", replay.dumps(), len(replay), (puzzle,))
    empty = MinedGame("easy-v-medium-2p/game-0000102", replay.dumps(), len(replay), ())
    mined = tmp_path / "mined.jsonl.gz"
    with gzip.open(mined, "wt", encoding="utf-8") as file:
        file.write(game.to_line() + "\n" + empty.to_line() + "\n" + game.to_line() + "\n")
    first, second = tmp_path / "a.gz", tmp_path / "b.gz"
    assert build_puzzle_file([mined], first) == 1
    assert build_puzzle_file([mined], second) == 1
    assert first.read_bytes() == second.read_bytes()
    (rated,) = puzzles_of([game])
    assert rated.check(rated.first) and not rated.check(rated.runner_up)
    assert rated.state.turn == 32 and rated.players == 2
    assert rated.rating.rating == round(puzzle.rating)
    # a line: the answer, the reply, the next move, which only its own step accepts
    assert rated.answer == rated.moves and len(rated.moves) == 3 and rated.steps == (0, 2)
    assert rated.check(rated.moves[2], 2) and not rated.check(rated.first, 2)


@pytest.mark.slow
def test_a_puzzle_whose_next_move_is_clearly_best_too_is_a_line_found_by_few(
        mined_puzzle: tuple[Replay, MinedPuzzle]) -> None:
    game, puzzle = mined_puzzle
    state = game.state(32)
    reply, then = map(Move.parse, puzzle.then)
    after = state.apply(Move.parse(puzzle.answer))
    assert reply in after.legal_moves() and after.current_player != state.current_player
    after = after.apply(reply)
    assert after.current_player == state.current_player and then in after.legal_moves()
    seed = puzzle_mining.derive_seed(32, "next")
    assert still_best(after, then, seed)  # the next move is the judges' clear choice too
    # the weaker bots' tries are at the whole line: a try that misses either move fails
    line = (Move.parse(puzzle.answer), reply, then)
    assert puzzle.found["hard"][0] == sum(
        puzzle_mining._solves("hard", puzzle_mining.derive_seed(32, "hard", attempt), state,
                              line) for attempt in range(puzzle_mining.TRIES))


def test_ratings_move_towards_the_results() -> None:
    learner, puzzle = Rating(), Rating(1500.0, 200.0)
    won, lost = attempt(learner, puzzle, True), attempt(learner, puzzle, False)
    assert won[0].rating > learner.rating > lost[0].rating
    assert won[1].rating < puzzle.rating < lost[1].rating
    assert won[0].deviation < learner.deviation


def test_a_puzzle_drifts_to_the_rating_of_those_who_solve_it_half_the_time() -> None:
    rng = random.Random(5)
    puzzle = Rating(1900.0, 200.0)  # rated too hard
    solver = Rating(1400.0, 60.0)
    for _ in range(300):  # learners of 1400 solve it half the time
        _, puzzle = attempt(solver, puzzle, rng.random() < 0.5)
    assert abs(puzzle.rating - 1400.0) < 150.0


def test_a_starting_rating_orders_puzzles_by_the_bots_that_solve_them() -> None:
    by_easy = starting_rating({"easy": (3, 3), "medium": (3, 3), "hard": (2, 3)})
    by_medium = starting_rating({"easy": (0, 3), "medium": (3, 3), "hard": (3, 3)})
    by_none = starting_rating({"easy": (0, 3), "medium": (0, 3), "hard": (0, 3)})
    assert by_easy < by_medium < by_none
    assert LEVEL_RATINGS["easy"] < by_medium < by_none


def test_every_shipped_answer_is_a_legal_move_of_its_position() -> None:
    puzzles = load_puzzles()
    assert puzzles
    for puzzle in puzzles:
        state = puzzle.state
        assert state.turn == puzzle.source.turn and len(state.players) == puzzle.players
        for move in puzzle.moves:  # a line's moves, each legal where it is played
            assert move in state.legal_moves(), puzzle.id
            state = state.apply(move)


@pytest.mark.slow
def test_a_sample_of_the_shipped_puzzles_is_still_clearly_best_for_todays_expert() -> None:
    """Each of a fixed sample, searched again as the miner searched it: if the expert changes,
    this fails until ``scripts/mine_puzzles.py --recheck`` has dropped the puzzles it no longer
    finds clearly best."""
    puzzles = load_puzzles()
    sample = random.Random(34).sample(puzzles, 4)
    for puzzle in sample:
        seed = position_seed(puzzle.source.corpus, game_index(puzzle.source.game),
                             puzzle.source.turn)
        assert still_best(puzzle.state, puzzle.first, seed), puzzle.id
    assert not still_best(sample[0].state, sample[0].runner_up, position_seed(
        sample[0].source.corpus, game_index(sample[0].source.game), sample[0].source.turn))


def test_a_recheck_drops_the_puzzles_no_longer_best_and_keeps_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = list(read_mined(SHIPPED_PUZZLES))[:3]
    mined = tmp_path / "mined.jsonl.gz"
    mined.write_bytes(b"".join(map(gzip_member, games)))
    dropped = {(games[0].source, games[0].puzzles[0].turn)}
    monkeypatch.setattr(puzzle_mining, "_recheck", lambda task: (
        task[0], task[2], (task[0], task[2]) not in dropped))
    with ThreadPoolExecutor(1) as pool:
        kept, lost = recheck_mined(mined, executor=pool, progress=False)
    assert (kept, lost) == (sum(len(game.puzzles) for game in games) - 1, 1)
    again = list(read_mined(mined))
    assert [game.source for game in again] == [game.source for game in games]
    assert again[0].puzzles == games[0].puzzles[1:] and again[1:] == games[1:]
