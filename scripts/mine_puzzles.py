"""Mine the puzzles the package ships, going on where the last run stopped, then rebuild
splendor_nb/data/puzzles.jsonl.gz from what is mined (docs/puzzles.md).

    python scripts/mine_puzzles.py [--workers 2] [--games N] [--build-only]

The corpora: the shipped 2-player one (easy against medium, 400 games), and 3- and 4-player
ones of easy and medium bots, played here once into build/corpus/ (40 games each, seeded, so
they are the same games on any machine). Each is mined into scripts/mined/<corpus>.jsonl.gz,
a game a line as it is done: a stopped run loses at most the game it was on, and the same
command goes on. Long: a game costs one to ten minutes of CPU (docs/puzzles.md); run it under
``nice`` beside other work.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, simulate_corpus
from splendor_nb.learn.puzzle_mining import mine_corpus
from splendor_nb.learn.puzzle_set import PUZZLES_FILE, build_puzzle_file

ROOT = Path(__file__).resolve().parent.parent
MINED = ROOT / "scripts" / "mined"
PLAYED = ROOT / "build" / "corpus"
MORE_PLAYERS = {3: 40, 4: 40}
"""The games played for 3 and 4 players (easy and medium bots, the seed the player count)."""


def corpora() -> list[tuple[Path, int]]:
    """Each corpus to mine, and its mining seed; the 3- and 4-player ones played where they are
    missing (a corpus already whole is left as it is)."""
    found = [(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", 0)]
    for players, games in MORE_PLAYERS.items():
        folder = PLAYED / f"easy-medium-{players}p"
        simulate_corpus(folder, games, players=players, levels=("easy", "medium"),
                        seed=players, shard_size=20, workers=1, progress=False)
        found.append((folder, players))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, help="mine only the first N games of each corpus")
    parser.add_argument("--build-only", action="store_true",
                        help="only rebuild the package's file from what is mined")
    args = parser.parse_args()
    MINED.mkdir(parents=True, exist_ok=True)
    if not args.build_only:
        for folder, seed in corpora():
            mine_corpus(folder, MINED / f"{folder.name}.jsonl.gz", games=args.games, seed=seed,
                        workers=args.workers)
    files = sorted(MINED.glob("*.jsonl.gz"))
    count = build_puzzle_file(files, ROOT / "splendor_nb" / "data" / PUZZLES_FILE)
    print(f"{PUZZLES_FILE}: {count} puzzles from {len(files)} mined files")


if __name__ == "__main__":
    main()
