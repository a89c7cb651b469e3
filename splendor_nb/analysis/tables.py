"""Replays as tables: one long-form DataFrame row per turn and player, for a game or a folder.

Turn 0 is the setup (one row per player); turn ``t`` is the position after the ``t``-th move.
The move, its kind, comment and glyph are repeated on every player's row of that turn; ``mover``
marks the player who made it. Rounds count from 1 as the app says them: a move's ``round`` is
the one it was played in, and the setup's is 1, the round about to be played. ``player`` is the
seat's index (0 = the first player, as in ``state.current_player``); ``name`` is what the app
shows.

>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("R1g8")
>>> df = turns(replay)
>>> df.loc[df.mover, ["turn", "player", "action", "move", "token_gold"]].values.tolist()
[[1, 0, 'take', '+wbg', 0], [2, 1, 'reserve', 'R1g8', 1]]
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from splendor_nb.cards import COLOURS, GEMS
from splendor_nb.replay import Replay

COLUMNS: tuple[str, ...] = (
    "game", "turn", "round", "player", "name", "mover", "action", "move", "points",
    *(f"bonus_{gem}" for gem in GEMS), *(f"token_{colour}" for colour in COLOURS),
    "reserved", "cards", "nobles", "comment", "glyph",
)
"""The columns of :func:`turns`, in order (``cards`` counts purchased cards, the R-END-WIN tie)."""
_TEXT = ("game", "name", "action", "move", "comment", "glyph")
_NUMBERS = tuple(name for name in COLUMNS if name not in (*_TEXT, "mover"))


def turns(replay: Replay, game: str = "") -> pd.DataFrame:
    """The replay as a long-form table: one row per turn (0 = setup) and player; the setup is
    in round 1, as the app says.

    >>> from splendor_nb.engine import new_game
    >>> df = turns(Replay.from_state(new_game(players=3, seed=1)), game="g1")
    >>> df[["game", "turn", "round", "player", "name", "action", "points"]].values.tolist()[0]
    ['g1', 0, 1, 0, 'Player 1', 'setup', 0]
    """
    table = _Table()
    table.add(replay, game)
    return table.frame()


def load_folder(path: str | os.PathLike[str], progress: bool = True) -> pd.DataFrame:
    """Every ``*.json`` replay in a folder (sorted by name) as one table; ``game`` is the file stem.

    A bad file raises :class:`~splendor_nb.replay.ReplayError` naming it. ``progress`` shows a
    tqdm progress bar.

    >>> import tempfile
    >>> from splendor_nb.engine import new_game
    >>> folder = tempfile.mkdtemp()
    >>> Replay.from_state(new_game(players=2, seed=1)).save(f"{folder}/club-1.json")
    >>> load_folder(folder, progress=False).game.unique().tolist()
    ['club-1']
    """
    files = sorted(Path(path).glob("*.json"))
    table = _Table()
    for file in tqdm(files, desc="loading replays", unit="game", disable=not progress):
        table.add(Replay.load(file), file.stem)
    return table.frame()


class _Table:
    """Columns gathered game by game, turned into a DataFrame once (fast for many games).

    Numbers go row by row into one flat list of ints (one numpy conversion at the end, faster
    than from a list of tuples); text and ``mover`` go column by column. A player's figures are
    computed once per ``PlayerState`` object: the engine reuses the objects of the players who
    did not move.
    """

    def __init__(self) -> None:
        self.numbers: list[int] = []
        self.mover: list[bool] = []
        self.text: dict[str, list[str]] = {name: [] for name in _TEXT}

    def add(self, replay: Replay, game: str) -> None:
        names = replay.names
        count = replay.players
        states = replay.states()
        figures: dict[int, tuple[int, ...]] = {}
        numbers, mover_column, text = self.numbers, self.mover, self.text
        mover, row_round = -1, states[0].round  # the setup: round 1, as the app says
        for number, state in enumerate(states):
            if number:
                before = states[number - 1]
                entry = replay.turns[number - 1]
                mover, row_round = before.current_player, before.round
                text["action"].extend([entry.move.kind] * count)
                text["move"].extend([str(entry.move)] * count)
                text["comment"].extend([entry.comment] * count)
                text["glyph"].extend([entry.glyph] * count)
            else:
                text["action"].extend(["setup"] * count)
                for name in ("move", "comment", "glyph"):
                    text[name].extend([""] * count)
            for player, tableau in enumerate(state.players):
                found = figures.get(id(tableau))
                if found is None:
                    found = figures[id(tableau)] = (
                        tableau.points, *tableau.bonus_counts, *tableau.token_counts,
                        len(tableau.reserved), len(tableau.cards), len(tableau.nobles))
                numbers += (number, row_round, player)
                numbers += found
                mover_column.append(player == mover)
        text["game"].extend([game] * (count * len(states)))
        text["name"].extend(names * len(states))

    def frame(self) -> pd.DataFrame:
        numbers = np.array(self.numbers, dtype=np.int64).reshape(-1, len(_NUMBERS))
        columns: dict[str, Any] = {name: numbers[:, i] for i, name in enumerate(_NUMBERS)}
        columns["mover"] = np.array(self.mover, dtype=bool)
        for name, values in self.text.items():
            columns[name] = pd.Series(values, dtype="str")
        return pd.DataFrame(columns)[list(COLUMNS)]
