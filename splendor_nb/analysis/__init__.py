"""Replays as tables and charts (docs/architecture.md): one long-form DataFrame row per turn and
player (:mod:`~splendor_nb.analysis.tables`), each player's chances to win
(:mod:`~splendor_nb.analysis.chances`), a game's review (:mod:`~splendor_nb.analysis.game_review`:
every move judged, the expert bot's move, an accuracy per player), and plotly figures
(:mod:`~splendor_nb.analysis.charts`).

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

from splendor_nb.analysis.chances import turning_points, win_chances
from splendor_nb.analysis.charts import (
    PLAYER_DASHES,
    PLAYER_SYMBOLS,
    bonus_chart,
    chances_chart,
    charts_figure,
    points_chart,
)
from splendor_nb.analysis.game_review import (
    LABELS,
    MoveReview,
    Review,
    ReviewCancelled,
    review,
    stored_review,
)
from splendor_nb.analysis.tables import COLUMNS, load_folder, turns

__all__ = [
    "COLUMNS",
    "LABELS",
    "PLAYER_DASHES",
    "PLAYER_SYMBOLS",
    "MoveReview",
    "Review",
    "ReviewCancelled",
    "bonus_chart",
    "chances_chart",
    "charts_figure",
    "load_folder",
    "points_chart",
    "review",
    "stored_review",
    "turning_points",
    "turns",
    "win_chances",
]
