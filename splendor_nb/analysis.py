"""Replays as tables and charts: one long-form DataFrame row per turn and player, plotly figures.

Turn 0 is the setup (one row per player); turn ``t`` is the position after the ``t``-th move.
The move, its kind, comment and glyph are repeated on every player's row of that turn; ``mover``
marks the player who made it.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("R1g8")
>>> df = turns(replay)
>>> df.loc[df.mover, ["turn", "player", "action", "move", "token_gold"]].values.tolist()
[[1, 0, 'take', '+wbg', 0], [2, 1, 'reserve', 'R1g8', 1]]
>>> len(points_chart(df).data), len(bonus_chart(df).data)
(2, 10)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots
from tqdm.auto import tqdm

from splendor_nb.cards import COLOURS, GEMS
from splendor_nb.engine import WINNING_POINTS
from splendor_nb.palette import FALL, GEM_COLOURS, LINE_COLOURS, OUTLINE, PLAYER_COLOURS
from splendor_nb.replay import Replay

PLAYER_DASHES: tuple[str, ...] = ("solid", "dash", "dot", "dashdot")
PLAYER_SYMBOLS: tuple[str, ...] = ("circle", "square", "diamond", "triangle-up")
COLUMNS: tuple[str, ...] = (
    "game", "turn", "round", "player", "name", "mover", "action", "move", "points",
    *(f"bonus_{gem}" for gem in GEMS), *(f"token_{colour}" for colour in COLOURS),
    "reserved", "cards", "nobles", "comment", "glyph",
)
"""The columns of :func:`turns`, in order (``cards`` counts purchased cards, the R-END-WIN tie)."""
_TEXT = ("game", "name", "action", "move", "comment", "glyph")
_NUMBERS = tuple(name for name in COLUMNS if name not in (*_TEXT, "mover"))


def turns(replay: Replay, game: str = "") -> pd.DataFrame:
    """The replay as a long-form table: one row per turn (0 = setup) and player.

    >>> from splendor_nb.engine import new_game
    >>> df = turns(Replay.from_state(new_game(players=3, seed=1)), game="g1")
    >>> df[["game", "turn", "round", "player", "name", "action", "points"]].values.tolist()[0]
    ['g1', 0, 0, 0, 'Player 1', 'setup', 0]
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


def points_chart(df: pd.DataFrame, turn: int | None = None) -> go.Figure:
    """Points per turn, one trace per player, a dashed line at 15 points and a marker at ``turn``.

    Each point's ``customdata`` is its turn number, so that a click can jump to that turn.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> fig = points_chart(turns(replay), turn=0)
    >>> [trace.name for trace in fig.data], fig.layout.shapes[0].y0
    (['Player 1', 'Player 2'], 15)
    """
    rows = _one_game(df)
    figure = go.Figure()
    for index, group in _by_player(rows):
        figure.add_trace(go.Scatter(
            x=group["turn"].tolist(), y=group["points"].tolist(),
            customdata=group["turn"].tolist(), name=str(group["name"].iloc[0]),
            mode="lines+markers", line={"color": PLAYER_COLOURS[index], "shape": "hv"},
            marker={"size": 5, "symbol": PLAYER_SYMBOLS[index]},
            hovertemplate="turn %{x}: %{y} points<extra>%{fullData.name}</extra>",
        ))
    figure.add_hline(y=WINNING_POINTS, line_dash="dash", line_color=OUTLINE,
                     annotation_text=f"{WINNING_POINTS} points", annotation_position="top left")
    _layout(figure, rows, turn, "points")
    return figure


def bonus_chart(df: pd.DataFrame, turn: int | None = None) -> go.Figure:
    """Bonuses per colour over turns: one trace per player and gem colour, in the gem's colour.

    One panel per player (traces in player order, then gem order; each trace's ``name`` is the
    colour and ``meta`` the player's name). Markers sit where a bonus
    grows; players are also told apart by line dash and marker shape, for figures that
    overlay the traces. White markers have a dark outline. Each point's ``customdata`` is its
    turn number.

    >>> from splendor_nb.engine import new_game
    >>> fig = bonus_chart(turns(Replay.from_state(new_game(players=3, seed=1))))
    >>> len(fig.data), fig.data[5].meta, fig.data[5].name, fig.data[5].marker.line.color
    (15, 'Player 2', 'white', '#333333')
    """
    rows = _one_game(df)
    players = _by_player(rows)
    figure = make_subplots(rows=max(len(players), 1), cols=1, shared_xaxes=True,
                           vertical_spacing=0.06, subplot_titles=[
                               str(group["name"].iloc[0]) for _, group in players])
    top = int(rows[[f"bonus_{gem}" for gem in GEMS]].to_numpy().max()) if len(rows) else 0
    for index, group in players:
        name = str(group["name"].iloc[0])
        for gem in GEMS:
            values = group[f"bonus_{gem}"].tolist()
            grows = [7 if i == 0 or values[i] != values[i - 1] else 0
                     for i in range(len(values))]
            figure.add_trace(go.Scatter(
                x=group["turn"].tolist(), y=values, customdata=group["turn"].tolist(),
                name=gem, legendgroup=gem, showlegend=index == 0, meta=name,
                mode="lines+markers",
                line={"color": LINE_COLOURS[gem], "dash": PLAYER_DASHES[index], "shape": "hv",
                      "width": 2.5},
                marker={"size": grows, "symbol": PLAYER_SYMBOLS[index],
                        "color": GEM_COLOURS[gem], "line": {"color": OUTLINE, "width": 1}},
                hovertemplate="turn %{x}: %{y} " + gem + "<extra>" + name + "</extra>",
            ), row=index + 1, col=1)
    _layout(figure, rows, turn, "bonuses", panels=max(len(players), 1))
    figure.update_yaxes(range=[-0.3, top + 0.5], dtick=1)
    figure.update_layout(height=90 + 150 * max(len(players), 1), showlegend=True)
    return figure


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
        mover, row_round = -1, 0
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


def win_chances(replay: Replay, progress: Callable[[int, int], object] | None = None
                ) -> pd.DataFrame:
    """Each player's chance of winning after every turn, as the hard bot's search judges it:
    one row per turn (0 = setup) and player, with the columns ``turn``, ``player``, ``name``,
    ``mover``, ``move``, ``evaluation`` and ``chance`` (0 to 1).

    ``evaluation`` is :func:`splendor_nb.ai.evaluate` of the position. The search favours the
    player to move, so that figure swings from turn to turn; ``chance`` averages it over the
    last round (one position per player to move), which cancels the swing.

    About a second per 40 turns with 2 players. ``progress(done, total)`` is called after each
    position. The same replay always gives the same figures.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
    >>> df = win_chances(replay)
    >>> df[["turn", "player", "mover", "move"]].values.tolist()[2:4]
    [[1, 0, True, '+wbg'], [1, 1, False, '+wbg']]
    >>> df.groupby("turn").chance.sum().round(6).tolist()
    [1.0, 1.0, 1.0]
    >>> bool(df.chance[4] == (df.evaluation[2] + df.evaluation[4]) / 2)
    True
    """
    from splendor_nb.ai import evaluate  # the search is loaded only when chances are asked for

    states = replay.states()
    evaluations = []
    for number, state in enumerate(states):
        evaluations.append(evaluate(state))
        if progress is not None:
            progress(number + 1, len(states))
    by_turn = np.array(evaluations)  # a row per turn, a column per player
    window = replay.players
    last_round = [by_turn[max(0, turn - window + 1):turn + 1].mean(axis=0)
                  for turn in range(len(by_turn))]
    return turns(replay)[["turn", "player", "name", "mover", "move"]].assign(
        evaluation=by_turn.ravel(), chance=np.ravel(last_round))


def turning_points(chances: pd.DataFrame, count: int = 3) -> pd.DataFrame:
    """The ``count`` moves after which their own player's chances fell the most, the biggest
    fall first (columns ``turn``, ``player``, ``name``, ``move``, ``before``, ``after``,
    ``drop``); moves after which they rose are never listed.

    Like is compared with like: ``before`` is the player's ``evaluation`` when they were to make
    the move, ``after`` when they were next to move (or at the end of the game), so the search's
    leaning towards the player to move cancels out. ``chances`` is a :func:`win_chances` table.

    >>> table = pd.DataFrame({"turn": [0, 0, 1, 1, 2, 2, 3, 3], "player": [0, 1] * 4,
    ...                       "name": ["Ann", "Bob"] * 4, "move": ["", "", "+wbg", "+wbg",
    ...                                                           "+rr", "+rr", "+kk", "+kk"],
    ...                       "mover": [False, False, True, False, False, True, True, False],
    ...                       "evaluation": [0.6, 0.4, 0.3, 0.7, 0.5, 0.5, 0.2, 0.8]})
    >>> turning_points(table)[["turn", "name", "move", "before", "after"]].values.tolist()
    [[3, 'Ann', '+kk', 0.5, 0.2], [1, 'Ann', '+wbg', 0.6, 0.5]]
    """
    by_turn = chances.pivot(index="turn", columns="player", values="evaluation").to_numpy(float)
    last = len(by_turn) - 1
    movers = chances[chances["mover"]]
    turn, player = movers["turn"].to_numpy(), movers["player"].to_numpy()
    players = by_turn.shape[1]
    found = pd.DataFrame({"turn": turn, "player": player, "name": movers["name"].to_numpy(),
                          "move": movers["move"].to_numpy(), "before": by_turn[turn - 1, player],
                          "after": by_turn[np.minimum(turn - 1 + players, last), player]})
    found["drop"] = found["before"] - found["after"]
    return (found[found["drop"] > 0].sort_values(["drop", "turn"], ascending=[False, True])
            .head(count).reset_index(drop=True))


def chances_chart(chances: pd.DataFrame, turn: int | None = None, count: int = 3) -> go.Figure:
    """Who was winning: each player's ``chance`` per turn (in percent, see :func:`win_chances`),
    the ``count`` biggest falls (:func:`turning_points`) marked with a red triangle on the
    player's line.

    Each point's ``customdata`` is its turn number, so that a click can jump to that turn.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
    >>> figure = chances_chart(win_chances(replay))
    >>> [trace.name for trace in figure.data][:2], figure.layout.yaxis.range
    (['Player 1', 'Player 2'], (0, 100))
    """
    figure = go.Figure()
    for index, group in _by_player(chances):
        figure.add_trace(go.Scatter(
            x=group["turn"].tolist(), y=(group["chance"] * 100).round(1).tolist(),
            customdata=group["turn"].tolist(), name=str(group["name"].iloc[0]),
            mode="lines+markers", line={"color": PLAYER_COLOURS[index], "width": 2},
            marker={"size": 4, "symbol": PLAYER_SYMBOLS[index]},
            hovertemplate="turn %{x}: %{y}%<extra>%{fullData.name}</extra>"))
    falls = turning_points(chances, count)
    line = chances.set_index(["turn", "player"])["chance"]  # the falls sit on the lines
    if len(falls):
        figure.add_trace(go.Scatter(
            x=falls["turn"].tolist(), y=[round(100 * line[turn, player], 1) for turn, player
                                         in zip(falls["turn"], falls["player"], strict=True)],
            customdata=falls["turn"].tolist(), name="biggest falls", mode="markers",
            marker={"size": 12, "symbol": "triangle-down", "color": FALL,
                    "line": {"color": "white", "width": 1}},
            text=[f"{name} played {move}: {before:.0%}, a round later {after:.0%}" for name,
                  move, before, after in falls[["name", "move", "before", "after"]].itertuples(
                      index=False)],
            hovertemplate="turn %{x}: %{text}<extra>biggest fall</extra>"))
    _layout(figure, chances, turn, "chance to win (%)")
    figure.update_yaxes(range=(0, 100))
    return figure


def _one_game(df: pd.DataFrame) -> pd.DataFrame:
    games = df["game"].unique()
    if len(games) > 1:
        raise ValueError(f"the table holds {len(games)} games; chart one: df[df.game == id]")
    return df


def _by_player(rows: pd.DataFrame) -> list[tuple[int, pd.DataFrame]]:
    count = int(rows["player"].max()) + 1 if len(rows) else 0
    return [(player, rows[rows["player"] == player]) for player in range(count)]


def _layout(figure: go.Figure, rows: pd.DataFrame, turn: int | None, what: str,
            panels: int = 0) -> None:
    """Shared looks; ``panels`` is the number of stacked subplots (0 for a plain figure)."""
    if turn is not None:
        figure.add_vline(x=turn, line_color=OUTLINE, line_width=1.5, opacity=0.6)
    last = int(rows["turn"].max()) if len(rows) else 0
    figure.update_layout(template="plotly_white", margin={"l": 50, "r": 20, "t": 30, "b": 40},
                         height=360, hovermode="closest", clickmode="event")
    figure.update_xaxes(range=[-0.5, last + 0.5])
    if panels:
        figure.update_xaxes(title_text="turn", row=panels, col=1)
    else:
        figure.update_xaxes(title_text="turn")
    figure.update_yaxes(title_text=what)
