"""Mine the puzzles the package ships, going on where the last run stopped, then rebuild
splendor_nb/data/puzzles.jsonl.gz from what is mined (docs/puzzles.md).

    python scripts/mine_puzzles.py [--workers 2] [--games N] [--build-only] [--recheck]

The corpora: the shipped 2-player one (easy against medium, 400 games), and 3- and 4-player
ones of easy and medium bots, played here once into build/corpus/ (40 games each, seeded, so
they are the same games on any machine). Each is mined into scripts/mined/<corpus>.jsonl.gz,
a game a line as it is done: a stopped run loses at most the game it was on, and the same
command goes on. Long: a game costs one to ten minutes of CPU (docs/puzzles.md); run it under
``nice`` beside other work. ``--recheck`` judges every mined puzzle again with today's expert
and drops those it no longer finds clearly best (after the expert changes), then rebuilds.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, simulate_corpus
from splendor_nb.learn.puzzle_mining import CORPUS_SEEDS, mine_corpus, recheck_mined
from splendor_nb.learn.puzzle_set import PUZZLES_FILE, build_puzzle_file

ROOT = Path(__file__).resolve().parent.parent
MINED = ROOT / "scripts" / "mined"
PLAYED = ROOT / "build" / "corpus"
MORE_PLAYERS = {3: 40, 4: 40}
"""The games played for 3 and 4 players (easy and medium bots, the seed the player count)."""


def corpora() -> list[tuple[Path, int]]:
    """Each corpus to mine, and its mining seed; the 3- and 4-player ones played where they are
    missing (a corpus already whole is left as it is)."""
    found = [(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", CORPUS_SEEDS["easy-v-medium-2p"])]
    for players, games in MORE_PLAYERS.items():
        folder = PLAYED / f"easy-medium-{players}p"
        seed = CORPUS_SEEDS[folder.name]  # deals the games and seeds their searches
        simulate_corpus(folder, games, players=players, levels=("easy", "medium"),
                        seed=seed, shard_size=20, workers=1, progress=False)
        found.append((folder, seed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, help="mine only the first N games of each corpus")
    parser.add_argument("--build-only", action="store_true",
                        help="only rebuild the package's file from what is mined")
    parser.add_argument("--recheck", action="store_true",
                        help="judge the mined puzzles again and drop those no longer clearly best")
    args = parser.parse_args()
    MINED.mkdir(parents=True, exist_ok=True)
    if args.recheck:
        for path in sorted(MINED.glob("*.jsonl.gz")):
            kept, dropped = recheck_mined(path, workers=args.workers)
            print(f"{path.name}: {kept} puzzles kept, {dropped} dropped")
    elif not args.build_only:
        for folder, seed in corpora():
            mine_corpus(folder, MINED / f"{folder.name}.jsonl.gz", games=args.games, seed=seed,
                        workers=args.workers)
    files = sorted(MINED.glob("*.jsonl.gz"))
    count = build_puzzle_file(files, ROOT / "splendor_nb" / "data" / PUZZLES_FILE)
    print(f"{PUZZLES_FILE}: {count} puzzles from {len(files)} mined files")


if __name__ == "__main__":
    main()
