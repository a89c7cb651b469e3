"""Measure the puzzle miner's pre-screen: which positions a screen stopped after fewer
simulations keeps, and what mining a game costs with it (docs/puzzles.md, "The pre-screen").

    python scripts/measure_prescreen.py margins [--games 154] [--sample 30] [--workers 1]
    python scripts/measure_prescreen.py table [--games 154] [--sample 30]
    python scripts/measure_prescreen.py profile [--first 1] [--count 4]

``margins`` grows the screen's own search of each position (seeded as the miner seeds it,
``puzzle_mining.position_seed``) and writes its margin after each of BUDGETS simulations, and
the CPU seconds to get there, to build/prescreen/margins.jsonl (git-ignored; a stopped run goes
on): for every puzzle of the mined 2-player games numbered below ``--games``
(scripts/mined/easy-v-medium-2p.jsonl.gz) and for every position of the first ``--sample`` of
them. The screen's first simulations are the pre-screen's, so a puzzle is kept by a pre-screen
of budget B and margin M exactly when its margin after B is M or more. ``table`` prints, from
that file, each budget's and margin's recall (the share of those puzzles kept) and pass rate
(the share of the sample's positions kept), and the screen's CPU a position they imply.
``profile`` mines games ``--first`` to ``--first + --count - 1`` of the shipped corpus with the
screen alone and with today's stages (``puzzle_mining.SCREEN_STAGES``), timing each part of the
work in CPU seconds, and checks that the screen alone finds the puzzles the mined file holds.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from splendor_nb.ai.baseline import root_moves
from splendor_nb.ai.simulate import stream
from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, open_corpus
from splendor_nb.analysis.corpus.shards import game_id, game_index
from splendor_nb.learn import puzzle_mining
from splendor_nb.learn.puzzle_file import MinedGame, read_mined
from splendor_nb.learn.puzzle_mining import (
    CORPUS_SEEDS,
    SCREEN_MARGIN,
    SCREEN_SIMULATIONS,
    SCREEN_STAGES,
    mine_game,
    position_seed,
    screen_margins,
)
from splendor_nb.replay import Replay

ROOT = Path(__file__).resolve().parent.parent
CORPUS = "easy-v-medium-2p"
MINED = ROOT / "scripts" / "mined" / f"{CORPUS}.jsonl.gz"
OUT = ROOT / "build" / "prescreen" / "margins.jsonl"
BUDGETS = (1, 5, 10, 15, 20, 30, 50, SCREEN_SIMULATIONS)
"""The budgets the screen's margin is read after (after 1, the value model's ratings of the
moves alone: the first simulation expands only the root)."""
MARGINS = (-0.01, 0.0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.06)
"""The pre-screen's margins the table tries."""
PHASES = ("_judged", "_then", "_solves", "_line", "themes")
"""The parts of ``mine_position`` the profile times apart; the rest of it is the screen."""


def mined_games(path: Path, below: int) -> list[MinedGame]:
    """The mined games of ``path`` numbered below ``below``, in their corpus's order."""
    return sorted((game for game in read_mined(path) if _number(game) < below),
                  key=lambda game: game.source)


def measured_positions(task: tuple[str, str, list[int]]) -> list[dict[str, Any]]:
    """The screen's margins after each of :data:`BUDGETS`, and the CPU seconds to each, in the
    positions ``turns`` of a game (``task``: source, record, turns) that the miner screens."""
    source, record, turns = task
    corpus, game = source.rsplit("/", 1)
    replay = Replay.loads(record)
    rows = []
    for turn in turns:
        state = replay.state(turn)
        if state.over or len(root_moves(state.player_view(state.current_player))) < 2:
            continue  # mine_position screens neither
        margins, seconds = [], []
        started = time.process_time()
        for margin in screen_margins(state, position_seed(corpus, game_index(game), turn),
                                     BUDGETS):
            margins.append(None if margin is None else round(margin, 4))
            seconds.append(round(time.process_time() - started, 4))
        rows.append({"source": source, "turn": turn, "margins": margins, "cpu": seconds})
    return rows


def margins(args: argparse.Namespace) -> None:
    """Write the margins of the puzzles' and the sample's positions (see the module)."""
    games = mined_games(Path(args.mined), args.games)
    sampled = {game.source for game in games[:args.sample]}
    done = {(row["source"], row["turn"]) for row in _rows()}
    tasks = []
    for game in games:
        turns = (range(game.positions) if game.source in sampled
                 else [puzzle.turn for puzzle in game.puzzles])
        todo = [turn for turn in turns if (game.source, turn) not in done]
        if todo:
            tasks.append((game.source, game.record, todo))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT, "a", encoding="utf-8") as out:
        for count, rows in enumerate(stream(measured_positions, tasks, workers=args.workers), 1):
            out.writelines(json.dumps(row) + "\n" for row in rows)
            out.flush()
            print(f"{count}/{len(tasks)} games", flush=True)


def table(args: argparse.Namespace) -> None:
    """Print the recall and pass rate of every budget and margin, and of ``--stages`` (Markdown)."""
    games = mined_games(Path(args.mined), args.games)
    puzzles = {(game.source, puzzle.turn) for game in games for puzzle in game.puzzles}
    sampled = {game.source for game in games[:args.sample]}
    rows = {(row["source"], row["turn"]): row for row in _rows()}
    kept = [rows[key] for key in sorted(puzzles) if key in rows]
    sample = [row for key, row in rows.items() if key[0] in sampled]
    full = ((SCREEN_SIMULATIONS, SCREEN_MARGIN),)
    print(f"{len(kept)} puzzles of {len(puzzles)} measured, from {len(games)} games; "
          f"{_share(kept, full):.1%} pass the screen again; {len(sample)} positions of "
          f"{len(sampled)} games, {_share(sample, full):.1%} pass the screen")
    cpu = {budget: sum(row["cpu"][index] for row in sample) / len(sample)
           for index, budget in enumerate(BUDGETS)}
    print("CPU seconds a position to each budget: "
          + ", ".join(f"{budget}: {seconds:.3f}" for budget, seconds in cpu.items()))
    print("\nrecall / pass rate of a pre-screen of BUDGET simulations and MARGIN:\n")
    print("| budget | " + " | ".join(f"{least:+.3f}" for least in MARGINS) + " |")
    print("|---|" + "---|" * len(MARGINS))
    for budget in BUDGETS[:-1]:
        print(f"| {budget} | " + " | ".join(
            f"{_share(kept, ((budget, least),)):.0%} / {_share(sample, ((budget, least),)):.0%}"
            for least in MARGINS) + " |")
    print("\n| stages | recall | pass rate | screen's CPU a position |")
    print("|---|---|---|---|")
    for stages in [(), *args.stages]:
        screened = (*stages, *full)
        seconds = sum(_share(sample, screened[:stage]) * (cpu[budget] - cpu.get(before, 0.0))
                      for stage, (budget, before) in enumerate(
                          zip([b for b, _ in screened], [0, *(b for b, _ in screened)])))
        print(f"| {' then '.join(f'{b}: {m:+.3f}' for b, m in screened)} | "
              f"{_share(kept, screened):.1%} | {_share(sample, screened):.1%} | "
              f"{seconds:.3f} s ({seconds / cpu[SCREEN_SIMULATIONS]:.0%}) |")


def profile(args: argparse.Namespace) -> None:
    """Mine the games with the screen alone, then with today's stages, and print where the CPU
    went (see the module)."""
    corpus = open_corpus(SHIPPED_CORPORA_DIR / CORPUS, report=None)
    mined = {game.source: game for game in read_mined(Path(args.mined))}
    numbers = range(args.first, args.first + args.count)
    for name, stages in (("screen alone", ((SCREEN_SIMULATIONS, SCREEN_MARGIN),)),
                         ("with the pre-screen", SCREEN_STAGES)):
        puzzle_mining.SCREEN_STAGES = stages  # the stages compared
        spent: defaultdict[str, float] = defaultdict(float)
        found = []
        for number in numbers:
            source = f"{CORPUS}/{game_id(number)}"
            timer = _Timer(spent)
            with timer.timing(puzzle_mining):
                started = time.process_time()
                game = mine_game((source, corpus.replay(number).dumps(),
                                  puzzle_mining._game_seed(CORPUS_SEEDS[CORPUS], CORPUS, number)))
                spent["game"] += time.process_time() - started
            found.append(game)
            if name == "screen alone" and source in mined:
                assert game.puzzles == mined[source].puzzles, f"{source} mined otherwise"
        screen = spent["mine_position"] - sum(spent[phase] for phase in PHASES)
        print(f"\n{name}: {len(found)} games, {sum(game.positions for game in found)} positions, "
              f"{sum(len(game.puzzles) for game in found)} puzzles, "
              f"{spent['game'] / len(found):.1f} s of CPU a game")
        for part, seconds in (("screen", screen),
                              *((phase, spent[phase]) for phase in PHASES),
                              ("replay and the rest", spent["game"] - spent["mine_position"])):
            print(f"  {part}: {seconds / len(found):.2f} s a game "
                  f"({seconds / spent['game']:.0%})")


class _Timer:
    """CPU seconds spent in some functions of a module, each call counted once: a call inside
    another timed one counts as the outer's."""

    def __init__(self, spent: defaultdict[str, float]) -> None:
        self.spent = spent
        self.depth = 0

    def timing(self, module: Any) -> _Patched:
        return _Patched(module, {name: self._timed(name, getattr(module, name))
                                 for name in ("mine_position", *PHASES)})

    def _timed(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            self.depth += 1
            started = time.process_time()
            try:
                return function(*args)
            finally:
                self.depth -= 1
                if self.depth <= 1:  # mine_position's own, or a part of it called from it
                    self.spent[name] += time.process_time() - started
        return timed


class _Patched:
    """The functions of ``module`` replaced by others while in a ``with`` block."""

    def __init__(self, module: Any, replacements: dict[str, Callable[..., Any]]) -> None:
        self.module = module
        self.replacements = replacements
        self.saved = {name: getattr(module, name) for name in replacements}

    def __enter__(self) -> None:
        for name, function in self.replacements.items():
            setattr(self.module, name, function)

    def __exit__(self, *exc: object) -> None:
        for name, function in self.saved.items():
            setattr(self.module, name, function)


def _share(rows: list[dict[str, Any]], stages: tuple[tuple[int, float], ...]) -> float:
    """The share of ``rows`` whose margins pass every one of ``stages`` (budget, margin)."""
    def passes(row: dict[str, Any]) -> bool:
        return all((margin := row["margins"][BUDGETS.index(budget)]) is not None
                   and margin >= least for budget, least in stages)
    return sum(map(passes, rows)) / len(rows) if rows else 1.0


def _stages(text: str) -> tuple[tuple[int, float], ...]:
    """``1:0.01,20:0.03``: the stages before the screen, each budget and margin."""
    return tuple((int(budget), float(least))
                 for budget, least in (stage.split(":") for stage in text.split(",")))


def _number(game: MinedGame) -> int:
    return game_index(game.source.rsplit("/", 1)[1])


def _rows() -> Iterator[dict[str, Any]]:
    if OUT.exists():
        with open(OUT, encoding="utf-8") as lines:
            yield from (json.loads(line) for line in lines if line.endswith("\n"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("margins", "table", "profile"))
    parser.add_argument("--mined", default=str(MINED), help="the mined 2-player games")
    parser.add_argument("--games", type=int, default=154,
                        help="the mined games numbered below this one")
    parser.add_argument("--sample", type=int, default=30,
                        help="the first mined games whose every position is measured")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--stages", type=_stages, nargs="*", default=[],
                        help="pre-screens to price, each BUDGET:MARGIN[,BUDGET:MARGIN...]")
    parser.add_argument("--first", type=int, default=1, help="the first game profiled")
    parser.add_argument("--count", type=int, default=4, help="the games profiled")
    args = parser.parse_args()
    {"margins": margins, "table": table, "profile": profile}[args.command](args)


if __name__ == "__main__":
    main()
