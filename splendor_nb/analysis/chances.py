"""Who was winning: each player's chance to win after every turn, as the expert judges it, and
the moves after which a player's chances fell most.

>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("+rr")
>>> turning_points(win_chances(replay)).columns.tolist()
['turn', 'player', 'name', 'move', 'before', 'after', 'drop']
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from splendor_nb.analysis.tables import turns
from splendor_nb.replay import Replay


def win_chances(replay: Replay, progress: Callable[[int, int], object] | None = None,
                reuse: bool = True) -> pd.DataFrame:
    """Each player's chance of winning after every turn, as the expert judges the position
    (:func:`splendor_nb.ai.evaluate`): one row per turn (0 = setup) and player, with the
    columns ``turn``, ``player``, ``name``, ``mover``, ``move`` and ``chance`` (0 to 1).

    About 30 ms of CPU a position with 2 players. ``progress(done, total)`` is called after each
    position. The same replay always gives the same figures.

    A reviewed replay (:func:`~splendor_nb.analysis.game_review.review`) already holds each
    position's chances, stored with 4 decimals: those positions are not rated again
    (``reuse=False`` rates them all), only the ones its analysis does not cover (a review
    cancelled, a game that went on), and ``progress`` counts those.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
    >>> df = win_chances(replay)
    >>> df[["turn", "player", "mover", "move"]].values.tolist()[2:4]
    [[1, 0, True, '+wbg'], [1, 1, False, '+wbg']]
    >>> df.groupby("turn").chance.sum().round(6).tolist()
    [1.0, 1.0, 1.0]
    >>> from splendor_nb.analysis.game_review import review
    >>> _ = review(replay, workers=1)
    >>> counted = []
    >>> again = win_chances(replay, progress=lambda done, total: counted.append(total))
    >>> counted, bool((again.chance - df.chance).abs().max() < 1e-4)
    ([], True)
    """
    from splendor_nb.ai import evaluate  # the search is loaded only when chances are asked for

    states = replay.states()
    judged: list[tuple[float, ...] | None] = list(_reviewed(replay) if reuse else ())
    judged += [None] * (len(states) - len(judged))
    missing = [number for number, known in enumerate(judged) if known is None]
    for done, number in enumerate(missing, start=1):
        judged[number] = tuple(evaluate(states[number]))
        if progress is not None:
            progress(done, len(missing))
    by_turn = np.array(judged)  # a row per turn, a column per player
    return turns(replay)[["turn", "player", "name", "mover", "move"]].assign(
        chance=by_turn.ravel())


def _reviewed(replay: Replay) -> tuple[tuple[float, ...], ...]:
    """The chances a review of this engine stored for the main line's first positions
    (still current ones only; none without a review)."""
    analysis = replay.analysis
    if analysis is None:
        return ()
    from splendor_nb.analysis.game_review import engine_id  # the AI's code digest, read once

    if analysis.engine != engine_id():
        return ()
    return tuple(entry.chances for entry in analysis.positions[:analysis.current(replay.turns)])


def turning_points(chances: pd.DataFrame, count: int = 3) -> pd.DataFrame:
    """The ``count`` moves after which their own player's chances fell the most, the biggest
    fall first (columns ``turn``, ``player``, ``name``, ``move``, ``before``, ``after``,
    ``drop``); moves after which they rose are never listed.

    ``before`` is the player's chance in the position they moved from, ``after`` in the one
    their move made. ``chances`` is a :func:`win_chances` table.

    >>> table = pd.DataFrame({"turn": [0, 0, 1, 1, 2, 2, 3, 3], "player": [0, 1] * 4,
    ...                       "name": ["Ann", "Bob"] * 4, "move": ["", "", "+wbg", "+wbg",
    ...                                                           "+rr", "+rr", "+kk", "+kk"],
    ...                       "mover": [False, False, True, False, False, True, True, False],
    ...                       "chance": [0.6, 0.4, 0.3, 0.7, 0.5, 0.5, 0.2, 0.8]})
    >>> turning_points(table)[["turn", "name", "move", "before", "after"]].values.tolist()
    [[1, 'Ann', '+wbg', 0.6, 0.3], [3, 'Ann', '+kk', 0.5, 0.2], [2, 'Bob', '+rr', 0.7, 0.5]]
    """
    by_turn = chances.pivot(index="turn", columns="player", values="chance").to_numpy(float)
    movers = chances[chances["mover"]]
    turn, player = movers["turn"].to_numpy(), movers["player"].to_numpy()
    found = pd.DataFrame({"turn": turn, "player": player, "name": movers["name"].to_numpy(),
                          "move": movers["move"].to_numpy(), "before": by_turn[turn - 1, player],
                          "after": by_turn[turn, player]})
    found["drop"] = found["before"] - found["after"]
    return (found[found["drop"] > 0].sort_values(["drop", "turn"], ascending=[False, True])
            .head(count).reset_index(drop=True))
