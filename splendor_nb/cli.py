"""The ``splendor-nb`` command line.

Each subcommand is one ``_add_<name>(subparsers)`` function that registers its arguments and
``func``, the function that runs it and returns the exit status; to add a command, write one and
list it in ``COMMANDS``.

What a command prints for people, its ``--help`` (argparse's own words too: ``usage:``,
``options:``, its errors) included, is said in the language of ``--lang`` (before the command),
else of the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. The commands'
names, options and metavariables (``FILE``, ``DIR``) stay as they are typed.

>>> main(["validate", "no-such-file.json"])  # the error goes to standard error
1
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from splendor_nb.i18n import (
    current_language,
    format_datetime,
    gettext,
    ngettext,
    normalise_language,
    use_language,
)
from splendor_nb.i18n.arguments import argparse_speaking
from splendor_nb.replay import Replay, ReplayError
from splendor_nb.rules import PLAYER_COUNTS

COMMENT_WIDTH = 88
"""Comments and notes are wrapped to this many columns by ``show``."""
Subparsers = Any
"""The object ``ArgumentParser.add_subparsers()`` returns (argparse does not export its type)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 when everything went well)."""
    language = asked_language(argv)
    with use_language(language):
        with argparse_speaking(language):  # argparse's own words, as its parser is built
            args = parser().parse_args(argv)
        status: int = args.func(args)
    return status


def parser() -> argparse.ArgumentParser:
    """The command line's parser, its help texts in the current language.

    >>> from splendor_nb.i18n import use_language
    >>> with use_language("tr"):
    ...     parser().description
    'Jupyter içinde Splendor: kayıtlar, tablolar ve dahası.'
    """
    main_parser = argparse.ArgumentParser(
        prog="splendor-nb", description=gettext("Splendor in Jupyter: replays, tables and more."))
    main_parser.add_argument(
        "--lang", metavar="CODE",
        help=gettext("the language of what the commands print: en, fr, es, ru or tr (default: the "
                     "environment's LC_ALL, LC_MESSAGES or LANG)"))
    subparsers = main_parser.add_subparsers(title=gettext("commands"), required=True,
                                            metavar="COMMAND")
    for add in COMMANDS:
        add(subparsers)
    return main_parser


def asked_language(argv: Sequence[str] | None = None) -> str:
    """The language ``--lang`` asks for in ``argv`` (before the parser is built, so that its
    help speaks it), else the environment's (:func:`environment_language`).

    >>> asked_language(["--lang", "fr", "show", "x.json"]), asked_language(["--lang=ru"])
    ('fr', 'ru')
    """
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _ = early.parse_known_args(argv)
    return normalise_language(known.lang) if known.lang else environment_language()


def environment_language(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it (``LC_ALL`` first, then
    ``LC_MESSAGES``, then ``LANG``), if it is one of the app's; else English.

    >>> environment_language({"LANG": "tr_TR.UTF-8"}), environment_language({"LC_ALL": "C"})
    ('tr', 'en')
    """
    environ = dict(os.environ) if environ is None else environ
    tag = next((environ[key] for key in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(key)),
               "")
    return normalise_language(tag)


def _add_validate(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "validate", help=gettext("check replay files"),
        description=gettext("Load and replay every move of each file; print 'ok' or the first "
                            "error. The exit status is 1 if any file is bad."))
    command.add_argument("files", nargs="+", type=Path, metavar="FILE")
    command.set_defaults(func=_validate)


def _validate(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            replay = Replay.load(path)
        except ReplayError as error:
            print(error, file=sys.stderr)
            status = 1
            continue
        final = replay.state(len(replay))
        scores = "-".join(map(str, final.scores))
        said = {"file": path, "scores": scores,
                "players": ngettext("{count} player", "{count} players", replay.players),
                "turns": ngettext("{count} turn", "{count} turns", len(replay))}
        print(gettext("{file}: ok, {players}, {turns}, game over, scores {scores}", **said)
              if final.is_over else
              gettext("{file}: ok, {players}, {turns}, unfinished, scores {scores}", **said))
    return status


def _add_show(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "show", help=gettext("print a replay move by move"),
        description=gettext("Print a replay as text: headers, setup, each move with its player, "
                            "glyph and comment, and the final scores."))
    command.add_argument("file", type=Path, metavar="FILE")
    command.set_defaults(func=_show)


def _show(args: argparse.Namespace) -> int:
    try:
        replay = Replay.load(args.file)
    except ReplayError as error:
        print(error, file=sys.stderr)
        return 1
    print(show_text(replay))
    return 0


def word_list(items: Sequence[str]) -> str:
    """Names joined as a list in the current language ("Ann and Ben")."""
    from splendor_nb.play.sentences import word_list as joined

    return joined(items)


def show_text(replay: Replay) -> str:
    """A replay as text, move by move, with comments, glyphs and the final scores.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7), {"date": "2026-01-01"})
    >>> _ = replay.play("+wbg"); _ = replay.play("R1g8")
    >>> replay.annotate(2, comment="Gold, and a cheap card for later.", glyph="!")
    >>> print(show_text(replay))
    Player 1 v Player 2, 2026-01-01
    Nobles: N9 N10 N8
    Market: 1g6 1w4 1g8 1k7 | 2r4 2g4 2r3 2g5 | 3r2 3b4 3b2 3g4
    <BLANKLINE>
      1. Player 1  +wbg
      2. Player 2  R1g8!  (revealed 1b2)
         Gold, and a cheap card for later.
    <BLANKLINE>
    After 2 turns (game not over): Player 1 0, Player 2 0
    """
    names = replay.names
    width = max(len(name) for name in names)
    start = replay.state(0)
    headers = replay.headers
    title = " v ".join(names) + "".join(f", {headers[key]}" for key in ("event", "date")
                                         if headers.get(key))
    lines = [title]
    if headers.get("notes"):
        lines.extend(textwrap.wrap(str(headers["notes"]), width=COMMENT_WIDTH))
    lines.append(gettext("Nobles: {nobles}",
                         nobles=" ".join(noble.id for noble in start.nobles)))
    lines.append(gettext("Market: {cards}", cards=" | ".join(
        " ".join(card.id for card in row if card is not None) for row in start.market_rows)))
    lines.append("")
    for number, entry in enumerate(replay.turns, start=1):
        mover = replay.state(number - 1).current_player
        line = f"{number:3}. {names[mover]:<{width}}  {entry.move}{entry.glyph}"
        if entry.revealed:
            line += "  " + gettext("(revealed {card})", card=entry.revealed)
        lines.append(line)
        for paragraph in entry.comment.splitlines():
            lines.extend(textwrap.wrap(paragraph, width=COMMENT_WIDTH, initial_indent="     ",
                                       subsequent_indent="     ") or [""])
    final = replay.state(len(replay))
    scores = ", ".join(f"{name} {points}" for name, points in zip(names, final.scores,
                                                                   strict=True))
    turns = ngettext("{count} turn", "{count} turns", len(replay))
    if final.is_over:
        winners = word_list([names[i] for i in final.winners])
        lines.append("\n" + ngettext("Final after {turns}: {scores}. Winner: {winners}",
                                     "Final after {turns}: {scores}. Winners: {winners}",
                                     len(final.winners), turns=turns, scores=scores,
                                     winners=winners))
    else:
        lines.append("\n" + gettext("After {turns} (game not over): {scores}", turns=turns,
                                    scores=scores))
    return "\n".join(lines)


def _add_table(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "table", help=gettext("replays to a CSV table"),
        description=gettext("One row per turn and player (see splendor_nb.analysis.turns); "
                            "folders are read for their *.json replays; the game column is the "
                            "file name."))
    command.add_argument("files", nargs="+", type=Path, metavar="FILE",
                         help=gettext("replay files or folders of them"))
    command.add_argument("--csv", type=Path, metavar="OUT",
                         help=gettext("write the table here (default: standard output)"))
    command.add_argument("--no-progress", dest="progress", action="store_false",
                         help=gettext("no progress bar for folders"))
    command.set_defaults(func=_table)


def _table(args: argparse.Namespace) -> int:
    import pandas as pd

    from splendor_nb.analysis import load_folder, turns

    try:
        tables = [load_folder(path, progress=args.progress) if path.is_dir()
                  else turns(Replay.load(path), game=path.stem) for path in args.files]
    except ReplayError as error:
        print(error, file=sys.stderr)
        return 1
    table = pd.concat(tables, ignore_index=True)
    if args.csv is None:
        table.to_csv(sys.stdout, index=False)
    else:
        table.to_csv(args.csv, index=False)
        print(gettext("{file}: {rows}, {games}", file=args.csv,
                      rows=ngettext("{count} row", "{count} rows", len(table)),
                      games=ngettext("{count} game", "{count} games", table.game.nunique())),
              file=sys.stderr)
    return 0


def _add_simulate(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "simulate", help=gettext("play bot games into a corpus folder"),
        description=gettext("Play many games between AI players and stream them to a corpus "
                            "folder, in shards of --shard-size games: each a JSON Lines file of "
                            "replays and Parquet tables of their turns and games "
                            "(docs/corpus.md). The same seed gives the same games whatever runs "
                            "them; the same command run again after a stop writes only the shards "
                            "still missing."))
    command.add_argument("--games", type=int, default=10, metavar="N")
    command.add_argument("--players", type=int, default=2, metavar="P", choices=PLAYER_COUNTS)
    command.add_argument("--levels", default="medium", metavar="L1,L2,...",
                         help=gettext("levels dealt to the seats in turn, e.g. easy,medium (seats "
                                      "rotate every game)"))
    command.add_argument("--seed", type=int, default=0, metavar="S")
    command.add_argument("--out", type=Path, required=True, metavar="DIR",
                         help=gettext("the corpus folder: new, empty, or a corpus made with the "
                                      "same arguments"))
    command.add_argument("--shard-size", type=int, default=None, metavar="N",
                         help=gettext("games per shard (default: 1000)"))
    command.add_argument("--budget", type=int, metavar="B",
                         help=gettext("positions the hard bot rates per move"))
    _add_workers(command)
    command.add_argument("--csv", type=Path, metavar="OUT",
                         help=gettext("also write the table of turns (splendor_nb.analysis.turns)"))
    command.add_argument("--no-progress", dest="progress", action="store_false")
    command.set_defaults(func=_simulate)


def _add_workers(command: argparse.ArgumentParser) -> None:
    """The options that say what runs the work: a local pool of --workers, or a Dask cluster
    (--dask, or --scheduler for one already running)."""
    command.add_argument("--workers", type=int, metavar="W",
                         help=gettext("processes of the local pool, or of the local Dask cluster "
                                      "with --dask (default: all cores)"))
    cluster = command.add_mutually_exclusive_group()
    cluster.add_argument("--scheduler", metavar="ADDRESS",
                         help=gettext("run on the Dask cluster of this scheduler, e.g. "
                                      "tcp://127.0.0.1:8786 (its workers must see DIR)"))
    cluster.add_argument("--dask", action="store_true",
                         help=gettext("run on a local Dask cluster started for the run"))


def _executor(args: argparse.Namespace) -> AbstractContextManager[Executor | None]:
    """What :func:`_add_workers`'s options ask for: a Dask cluster's executor (started for the
    run with --dask), or none, for the local pool of --workers."""
    from contextlib import nullcontext

    from splendor_nb.analysis.corpus.run import dask_executor

    if args.dask or args.scheduler is not None:
        return dask_executor(args.scheduler, args.workers)
    return nullcontext()


def _simulate(args: argparse.Namespace) -> int:
    from splendor_nb.analysis.corpus import (
        DEFAULT_SHARD_SIZE,
        CorpusError,
        open_corpus,
        simulate_corpus,
    )
    from splendor_nb.analysis.corpus.aggregates import win_rates

    try:
        with _executor(args) as pool:
            run = simulate_corpus(
                args.out, args.games, args.players, args.levels.split(","), args.seed,
                shard_size=DEFAULT_SHARD_SIZE if args.shard_size is None else args.shard_size,
                budget=args.budget, executor=pool, workers=args.workers, progress=args.progress)
    except (CorpusError, ValueError) as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(gettext("interrupted: the whole shards in {folder} are kept; the same command "
                      "finishes the run", folder=args.out), file=sys.stderr)
        return 130
    print(run)
    corpus = open_corpus(args.out)
    print("wins by level: " + ", ".join(
        f"{row.level} {row.wins} of {row.games} ({row.rate:.1%}, 95% CI {row.low:.1%} to "
        f"{row.high:.1%})" for row in win_rates(corpus).itertuples()))
    if args.csv is not None:
        table = corpus.turns()
        if hasattr(table, "compute"):  # a Dask DataFrame, written a shard at a time
            table.to_csv(args.csv, index=False, single_file=True)
        else:
            table.to_csv(args.csv, index=False)
        print(f"{args.csv}: {corpus.turn_rows} rows")
    return 1 if corpus.problems or corpus.missing else 0


def _add_tournament(subparsers: Subparsers) -> None:
    from splendor_nb.ai import LEVELS

    command = subparsers.add_parser(
        "tournament", help=gettext("rate AI levels against each other"),
        description=gettext("Play two-player games between two levels, seats swapped every other "
                            "game; print win rates with 95% Wilson confidence intervals, draws "
                            "and the median seconds per move of each level. With no levels, a "
                            "round robin of every pair of levels, and each level's Bradley-Terry "
                            "rating (Elo scale) with its interval (95%)."))
    command.add_argument("level_a", metavar="LEVEL_A", choices=LEVELS, nargs="?")
    command.add_argument("level_b", metavar="LEVEL_B", choices=LEVELS, nargs="?")
    command.add_argument("--games", type=int, default=200, metavar="N",
                         help=gettext("games (per pair in a round robin)"))
    command.add_argument("--seed", type=int, default=0, metavar="S")
    command.add_argument("--workers", type=int, metavar="W", help=gettext("processes (default: "
                                                                          "all cores)"))
    command.add_argument("--budget", type=int, metavar="B",
                         help=gettext("work per move of the searching levels (positions rated by "
                                      "hard, simulations of expert)"))
    command.add_argument("--out", type=Path, metavar="DIR", help=gettext("also save the games "
                                                                         "here"))
    command.add_argument("--no-progress", dest="progress", action="store_false")
    command.set_defaults(func=_tournament)


def _tournament(args: argparse.Namespace) -> int:
    from splendor_nb.ai import LEVELS
    from splendor_nb.ai.ladder import ladder
    from splendor_nb.ai.simulate import tournament

    if args.level_a is None:
        print(ladder(LEVELS, args.games, args.seed, progress=args.progress,
                     workers=args.workers))
        return 0
    print(tournament(args.level_a, args.level_b or args.level_a, args.games, args.seed,
                     progress=args.progress, budget=args.budget, workers=args.workers,
                     out_dir=args.out))
    return 0


def _add_play(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "play", help=gettext("play a game in the terminal"),
        description=gettext("Play against the bots or other people at one keyboard: the position "
                            "as text, a numbered list of the legal moves to pick by number or by "
                            "notation, and the commands hint, undo, resign, board, help and quit. "
                            "The game is saved after every turn to the games folder; --resume "
                            "continues it."))
    command.add_argument("--seats", metavar="S1,S2,...",
                         help=gettext("2 to 4 seats in table order: easy, medium, hard or "
                                      "expert for a bot, any other word for a person of that "
                                      "name, e.g. ann,hard"))
    command.add_argument("--seed", type=int, metavar="N", help=gettext("deal this game (default: "
                                                                       "new)"))
    command.add_argument("--first", metavar="NAME",
                         help=gettext("the seat that starts (R-SETUP-ORDER): a seat's name or "
                                      "number, or 'random' (default: the first seat)"))
    command.add_argument("--games-dir", type=Path, metavar="DIR",
                         help=gettext("where games are saved (default: $SPLENDOR_GAMES, else "
                                      "the games folder the app uses too; see --list)"))
    command.add_argument("--budget", type=int, metavar="B",
                         help=gettext("work per move of the searching bots (positions rated by "
                                      "hard, simulations of expert) and the simulations of a "
                                      "hint"))
    command.add_argument("--resume", nargs="?", const="", metavar="FILE",
                         help=gettext("continue a saved game: FILE, or the latest unfinished one"))
    command.add_argument("--list", action="store_true", help=gettext("list the unfinished games"))
    command.set_defaults(func=_play)


def _play(args: argparse.Namespace) -> int:
    import secrets

    from splendor_nb.play import GameStore, PlaySession, parse_seats
    from splendor_nb.play.sentences import say, say_n
    from splendor_nb.play.terminal import play_in_terminal

    store = GameStore(args.games_dir)
    unfinished = store.unfinished()
    if args.list:
        for number, game in enumerate(unfinished, start=1):
            print(say("term_unfinished", number=number, names=word_list(game.names),
                      turns=say_n("turns", game.turns), date=format_datetime(game.modified),
                      path=game.path))
        if not unfinished:
            print(say("term_none_unfinished", folder=store.folder))
        return 0
    try:
        if args.resume is not None:
            if not args.resume and not unfinished:
                print(say("term_none_unfinished", folder=store.folder), file=sys.stderr)
                return 1
            path = Path(args.resume) if args.resume else unfinished[0].path
            session = PlaySession.resume(path, games_dir=args.games_dir,
                                         hint_budget=args.budget, language=current_language())
        elif args.seats is None:
            print(gettext("splendor-nb play: give --seats (e.g. --seats ann,hard), or --resume"),
                  file=sys.stderr)
            return 2
        else:
            seats = parse_seats(args.seats, budget=args.budget)
            names = [seat.name.lower() for seat in seats]
            first = args.first or "1"
            if first == "random":
                start = secrets.randbelow(len(seats))
            elif first.lower() in names:
                start = names.index(first.lower())
            elif first.isdigit() and 1 <= int(first) <= len(seats):
                start = int(first) - 1
            else:
                print(gettext("splendor-nb play: --first {first} is not a seat",
                              first=repr(first)), file=sys.stderr)
                return 2
            if unfinished:
                print(say_n("term_resume", len(unfinished), folder=store.folder))
            session = PlaySession(seats, args.seed, first=start, games_dir=args.games_dir,
                                  hint_budget=args.budget, language=current_language())
    except (ValueError, OSError) as error:  # a bad seat list, a file that cannot be continued
        print(gettext("splendor-nb play: {problem}", problem=error), file=sys.stderr)
        return 1
    return play_in_terminal(session, sys.stdin, sys.stdout)


def _add_puzzles(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "puzzles", help=gettext("mine find-the-move puzzles from a corpus of games"),
        description=gettext("Find the positions of a corpus's games where one move is clearly "
                            "best, as the expert bot judges them (docs/puzzles.md), and write "
                            "them as puzzles; then build a puzzle file from them."))
    actions = command.add_subparsers(title=gettext("commands"), required=True, metavar="ACTION")
    mine = actions.add_parser("mine", help=gettext("mine a corpus's games for puzzles"),
                              description=gettext(
                                  "Mine the games of CORPUS into FILE (gzipped JSON Lines, one "
                                  "game a line). A game already in FILE is not mined again, so "
                                  "the same command goes on after a stop."))
    mine.add_argument("corpus", type=Path, metavar="CORPUS",
                      help=gettext("a corpus folder (splendor-nb simulate --out)"))
    mine.add_argument("--out", type=Path, required=True, metavar="FILE")
    mine.add_argument("--games", type=int, metavar="N",
                      help=gettext("mine only the first N games (default: all)"))
    mine.add_argument("--seed", type=int, default=0, metavar="S")
    _add_workers(mine)
    mine.add_argument("--no-progress", dest="progress", action="store_false")
    mine.set_defaults(func=_mine_puzzles)
    build = actions.add_parser("build", help=gettext("build a puzzle file from mined files"),
                               description=gettext(
                                   "Write the puzzle file OUT (the package's own is "
                                   "splendor_nb/data/puzzles.jsonl.gz) from the mined FILEs: "
                                   "every game that holds a puzzle, once."))
    build.add_argument("mined", type=Path, nargs="+", metavar="FILE")
    build.add_argument("--out", type=Path, required=True, metavar="OUT")
    build.set_defaults(func=_build_puzzles)


def _mine_puzzles(args: argparse.Namespace) -> int:
    from splendor_nb.analysis.corpus import CorpusError
    from splendor_nb.learn.puzzle_mining import mine_corpus

    try:
        with _executor(args) as pool:
            mined = mine_corpus(args.corpus, args.out, games=args.games, seed=args.seed,
                                executor=pool, workers=args.workers, progress=args.progress)
    except (CorpusError, OSError) as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(gettext("interrupted: the games mined are kept in {file}; the same command goes "
                      "on", file=args.out), file=sys.stderr)
        return 130
    found = sum(len(game.puzzles) for game in mined)
    print(ngettext("{count} game mined", "{count} games mined", len(mined)) + ", "
          + ngettext("{count} puzzle found", "{count} puzzles found", found))
    return 0


def _build_puzzles(args: argparse.Namespace) -> int:
    from splendor_nb.learn.puzzle_set import build_puzzle_file

    try:
        count = build_puzzle_file(args.mined, args.out)
    except OSError as error:
        print(error, file=sys.stderr)
        return 1
    print(ngettext("{file}: {count} puzzle", "{file}: {count} puzzles", count, file=args.out))
    return 0


COMMANDS: list[Callable[[Subparsers], None]] = [_add_validate, _add_show, _add_table, _add_simulate,
                                                  _add_tournament, _add_play, _add_puzzles]
"""Every subcommand's registration function, in the order ``--help`` lists them."""

if __name__ == "__main__":
    sys.exit(main())
