"""A game in the terminal, for people without a browser: the position as text, a numbered list
of the legal moves to pick from by number or by their notation, the bots' replies, every turn
in words, and the commands hint, undo, resign, board, help and quit.

>>> import io, tempfile
>>> session = PlaySession(["Ann", "easy"], seed=7, games_dir=tempfile.mkdtemp())
>>> out = io.StringIO()
>>> play_in_terminal(session, io.StringIO("+wbg\\nquit\\n"), out)
0
>>> "Ann took white, blue and green." in out.getvalue(), len(session.replay)
(True, 2)
"""

from __future__ import annotations

import textwrap
from typing import TextIO

from splendor_nb.play.sentences import say
from splendor_nb.play.session import PlaySession
from splendor_nb.play.text import INDENT, WIDTH, position_text
from splendor_nb.play.turn import Refusal


def play_in_terminal(session: PlaySession, lines: TextIO, out: TextIO) -> int:
    """Play ``session`` reading commands from ``lines`` and writing to ``out``, until the game
    ends, ``quit`` or the end of the input (the game stays saved); return the exit status."""

    def write(text: str = "") -> None:  # 80 columns: a long sentence goes on below
        print("\n".join(textwrap.fill(line, WIDTH, subsequent_indent=INDENT,
                                       break_long_words=False, break_on_hyphens=False)
                         if len(line) > WIDTH else line for line in text.split("\n")),
              file=out, flush=True)

    echo = not lines.isatty()  # a script's commands are shown, as a person's typing would be
    write(say("term_intro", path=session.path))
    shown: int | None = None
    while True:
        if session.over:
            result = session.outcome
            assert result is not None
            write(position_text(session.view, session.names))
            for line in result.lines:
                write(line)
            write(say("term_saved", path=session.path))
            return 0
        if session.bot_to_move:
            session.bot_step()
            write(session.said)
            continue
        if session.cover is not None:
            write(say("term_cover", name=session.names[session.cover]))
            if not lines.readline():
                break
            session.uncover()
            continue
        builder = session.builder
        assert builder is not None
        if shown != session.state.turn:
            shown = session.state.turn
            write(position_text(session.view, session.names, session.viewer))
            write(say("term_moves"))
            write(numbered([str(move) for move in builder.moves]))
        out.write(say("term_prompt", name=session.names[session.state.current_player]))
        out.flush()
        line = lines.readline()
        if not line:
            write()
            break
        command = line.strip()
        if echo:
            write(command)
        if command == "quit":
            break
        if command in ("", "board"):
            shown = None
        elif command == "help":
            write(say("term_help"))
        elif command == "hint":
            found = session.hint()
            write(refused(found) if isinstance(found, Refusal) else
                  say("term_hint", move=found.said, reason=found.reason))
        elif command == "undo":
            refusal = session.undo()
            write(refused(refusal) if refusal is not None else
                  say("term_undone", name=session.names[session.state.current_player]))
            shown = None
        elif command == "resign":
            refusal = session.resign()
            if refusal is not None:
                write(refused(refusal))
        elif command.isdigit() and not 1 <= int(command) <= len(builder.moves):
            write(say("term_no_number", number=int(command), count=len(builder.moves)))
        else:
            refusal = session.submit(builder.moves[int(command) - 1] if command.isdigit()
                                     else command)
            write(refused(refusal) if refusal is not None else session.said)
    write(say("term_saved", path=session.path))
    return 0


def refused(refusal: Refusal) -> str:
    """A refusal as the terminal says it: the rule id first, as the engine's errors.

    >>> refused(Refusal("R-TAKE2", "Two red may be taken only from a pile of 4 or more."))
    'R-TAKE2: Two red may be taken only from a pile of 4 or more.'
    """
    return f"{refusal.rule}: {refusal.text}" if refusal.rule else refusal.text


def numbered(texts: list[str], width: int = WIDTH) -> str:
    """The moves numbered from 1, in as many columns of one width as fit in ``width``, read
    row by row; no move is cut.

    >>> print(numbered(["+wbg", "+wbr -w", "B1g4=wwy N3"], width=40))
      1. +wbg           2. +wbr -w
      3. B1g4=wwy N3
    """
    cell = len(f"{len(texts):>3}. ") + max(map(len, texts), default=0) + 2
    columns = max(1, width // cell)
    cells = [f"{number:>3}. {text:<{cell - 5}}" for number, text in enumerate(texts, start=1)]
    return "\n".join("".join(cells[i:i + columns]).rstrip() for i in range(0, len(cells),
                                                                            columns))
