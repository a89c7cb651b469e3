"""Mine the puzzles the package ships, going on where the last run stopped, then rebuild
splendor_nb/data/puzzles.jsonl.gz from what is mined (docs/puzzles.md).

    python scripts/mine_puzzles.py [--workers 2] [--games N] [--two-player-games N]
                                   [--build-only] [--recheck]

The corpora: the shipped 2-player one (easy against medium, 400 games), and 3- and 4-player
ones of easy and medium bots, played here once into build/corpus/ (40 games each, seeded, so
they are the same games on any machine). ``--two-player-games 1500`` mines 2-player games on
past the shipped 400: it plays build/corpus/easy-v-medium-2p-1500 with the shipped corpus's
arguments but the number of games, so that its first 400 games are the shipped ones (the
replays' date aside) and the others new, and mines it under the shipped corpus's name, into
the same file, after the shipped corpus: the games already mined are skipped. Only the mined
files are committed, never a corpus played here (build/ is git-ignored). Each corpus is mined
into scripts/mined/<corpus>.jsonl.gz, a game a line as it is done: a stopped run loses at most
the game it was on, and the same command goes on. Long: a 2-player game costs about 20 s of
CPU (docs/puzzles.md); run it under ``nice`` beside other work. ``--recheck`` judges every
mined puzzle again with today's expert and drops those it no longer finds clearly best (after
the expert changes), then rebuilds.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, simulate_corpus
from splendor_nb.analysis.corpus.shards import read_manifest
from splendor_nb.learn.puzzle_mining import CORPUS_SEEDS, mine_corpus, recheck_mined
from splendor_nb.learn.puzzle_set import PUZZLES_FILE, build_puzzle_file

ROOT = Path(__file__).resolve().parent.parent
MINED = ROOT / "scripts" / "mined"
PLAYED = ROOT / "build" / "corpus"
MORE_PLAYERS = {3: 40, 4: 40}
"""The games played for 3 and 4 players (easy and medium bots, the seed the player count)."""


TWO_PLAYERS = "easy-v-medium-2p"
"""The shipped 2-player corpus's name."""


def corpora(two_player_games: int) -> list[tuple[Path, str, int]]:
    """Each corpus to mine, the name its games are mined under and its mining seed; those
    played here made where they are missing (a corpus already whole is left as it is)."""
    shipped = SHIPPED_CORPORA_DIR / TWO_PLAYERS
    found = [(shipped, TWO_PLAYERS, CORPUS_SEEDS[TWO_PLAYERS])]
    arguments = read_manifest(shipped)
    if two_player_games > arguments.games:  # game i is played from (seed, i) alone
        larger = PLAYED / f"{TWO_PLAYERS}-{two_player_games}"
        simulate_corpus(larger, two_player_games, players=arguments.players,
                        levels=arguments.levels, seed=arguments.seed,
                        shard_size=arguments.shard_size, budget=arguments.budget, workers=1,
                        progress=False)
        found.append((larger, TWO_PLAYERS, CORPUS_SEEDS[TWO_PLAYERS]))
    for players, games in MORE_PLAYERS.items():
        folder = PLAYED / f"easy-medium-{players}p"
        seed = CORPUS_SEEDS[folder.name]  # deals the games and seeds their searches
        simulate_corpus(folder, games, players=players, levels=("easy", "medium"),
                        seed=seed, shard_size=20, workers=1, progress=False)
        found.append((folder, folder.name, seed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, help="mine only the first N games of each corpus")
    parser.add_argument("--two-player-games", type=int, default=400, metavar="N",
                        help="mine the 2-player games on to N, past the shipped corpus's 400")
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
        for folder, name, seed in corpora(args.two_player_games):
            mine_corpus(folder, MINED / f"{name}.jsonl.gz", games=args.games, seed=seed,
                        name=name, workers=args.workers)
    files = sorted(MINED.glob("*.jsonl.gz"))
    count = build_puzzle_file(files, ROOT / "splendor_nb" / "data" / PUZZLES_FILE)
    print(f"{PUZZLES_FILE}: {count} puzzles from {len(files)} mined files")


if __name__ == "__main__":
    main()
