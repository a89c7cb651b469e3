"""A corpus's aggregates as plotly figures: win rates with their 95% intervals, game length,
points and bonuses by round (percentile bands), nobles, tiers and the winners' cards. Pure
functions of the tables of :class:`~splendor_nb.analysis.corpus.aggregates.Aggregates`, in the
colours of :mod:`splendor_nb.palette`.

>>> from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, aggregate, open_corpus
>>> found = aggregate(open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None))
>>> figures = corpus_figures(found)
>>> list(figures)
['wins_by_level', 'wins_by_seat', 'wins_by_level_and_seat', 'length', 'endings', 'points', \
'bonuses', 'nobles', 'tiers', 'cards']
>>> [trace.name for trace in figures["wins_by_level"].data]
['easy', 'medium']
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from splendor_nb.analysis.corpus.aggregates import Aggregates
from splendor_nb.engine import WINNING_POINTS
from splendor_nb.palette import GEM_COLOURS, GUIDE, OUTLINE, PLAYER_COLOURS

LEVEL_COLOURS: dict[str, str] = {"easy": "#4f9a3c", "medium": "#1f6feb", "hard": "#c2185b"}
"""Each bot level's colour in these charts (a level not listed is grey)."""
OTHER_LEVEL = "#6b7280"
TOP_CARDS = 20
"""How many cards :func:`cards_chart` shows."""
MIN_SHARE = 0.1
"""The percentile charts stop where fewer than this share of a level's players are still
playing: beyond it the few longest games, often stalled ones, make the bands jump."""


def win_rate_chart(wins: pd.DataFrame, title: str = "") -> go.Figure:
    """Win rates as bars with their 95% Wilson intervals: one bar per level (a
    ``wins_by_level`` table) or per seat (``wins_by_seat``, with a dashed line at the fair
    share, one game in the number of seats). Shared victories are no one's win.

    >>> table = pd.DataFrame({"player": [0, 1], "games": [10, 10], "wins": [6, 4],
    ...                       "shared": [0, 0], "rate": [0.6, 0.4], "low": [0.31, 0.17],
    ...                       "high": [0.83, 0.69]})
    >>> figure = win_rate_chart(table)
    >>> [trace.name for trace in figure.data], figure.layout.shapes[0].y0
    (['seat 1', 'seat 2'], 50.0)
    """
    by_seat = "player" in wins.columns and "level" not in wins.columns
    figure = go.Figure()
    for row in wins.to_dict("records"):
        name = f"seat {row['player'] + 1}" if by_seat else str(row["level"])
        colour = (PLAYER_COLOURS[row["player"] % len(PLAYER_COLOURS)] if by_seat
                  else _level(name))
        rate, low, high = row["rate"], row["low"], row["high"]
        figure.add_trace(go.Bar(
            x=[name], y=[100 * rate], name=name, marker_color=colour,
            error_y={"type": "data", "symmetric": False, "array": [100 * (high - rate)],
                     "arrayminus": [100 * (rate - low)], "color": OUTLINE},
            text=[f"{row['wins']} of {row['games']}"], textposition="inside",
            insidetextanchor="start",
            hovertemplate=(f"{name}: %{{y:.1f}}% of {row['games']} games "
                           f"(95% CI {low:.1%} to {high:.1%}; "
                           f"{row['shared']} shared)<extra></extra>")))
    if by_seat and len(wins):
        figure.add_hline(y=100 / len(wins), line_dash="dash", line_color=GUIDE,
                         annotation_text="fair share", annotation_position="top right")
    _layout(figure, title or ("Wins by seat" if by_seat else "Wins by level"),
            "wins (%)", "seat" if by_seat else "level")
    figure.update_yaxes(range=(0, 100))
    return figure


def level_seat_chart(wins: pd.DataFrame) -> go.Figure:
    """Each level's win rate seat by seat (a ``wins_by_level_and_seat`` table): the advantage
    of moving first, level by level. Grouped bars with 95% intervals."""
    figure = go.Figure()
    for level, rows in wins.groupby("level", sort=False):
        figure.add_trace(go.Bar(
            x=[f"seat {seat + 1}" for seat in rows["player"]], y=100 * rows["rate"],
            name=str(level), marker_color=_level(str(level)),
            error_y={"type": "data", "symmetric": False,
                     "array": (100 * (rows["high"] - rows["rate"])).tolist(),
                     "arrayminus": (100 * (rows["rate"] - rows["low"])).tolist(),
                     "color": OUTLINE},
            customdata=rows[["wins", "games"]].to_numpy(),
            hovertemplate=f"{level}, %{{x}}: %{{y:.1f}}% (%{{customdata[0]}} of "
                          "%{customdata[1]})<extra></extra>"))
    _layout(figure, "Wins by level and seat", "wins (%)", "seat")
    figure.update_layout(barmode="group", showlegend=True)
    figure.update_yaxes(range=(0, 100))
    return figure


def length_chart(length: pd.DataFrame) -> go.Figure:
    """How many rounds games lasted: the share of games of each length.

    Each bar's ``customdata`` is its number of rounds (to list those games on a click).
    """
    figure = go.Figure(go.Bar(
        x=length["rounds"], y=100 * length["share"], customdata=length["rounds"],
        marker_color=GUIDE, marker_line={"color": OUTLINE, "width": 1}, name="games",
        text=length["games"], hovertemplate="%{x} rounds: %{text} games (%{y:.1f}%)"
                                            "<extra></extra>"))
    _layout(figure, "Game length", "games (%)", "rounds")
    return figure


def endings_chart(endings: pd.DataFrame) -> go.Figure:
    """How games ended: the share of games ended by each rule (R-END-TRIGGER, a player at 15
    points; R-PASS, a round in which no one could move; R-REPEAT, a position seen three times),
    and of games stopped unfinished."""
    labels = [rule or "unfinished" for rule in endings["ended_by"]]
    figure = go.Figure(go.Bar(
        x=labels, y=(100 * endings["share"]).tolist(), text=endings["games"].tolist(),
        marker_color=GUIDE, marker_line={"color": OUTLINE, "width": 1},
        hovertemplate="%{x}: %{text} games (%{y:.1f}%)<extra></extra>"))
    _layout(figure, "How games ended", "games (%)", "rule")
    figure.update_yaxes(range=(0, 100))
    return figure


def percentile_chart(table: pd.DataFrame, what: str, title: str,
                     min_share: float = MIN_SHARE) -> go.Figure:
    """A figure by round as bands, one colour per level: the 10th to 90th percentile lightly
    shaded, the 25th to 75th darker, the median a line (a ``points`` or ``bonuses`` table).

    A round counts only the games still going, so the chart stops before the rounds that fewer
    than ``min_share`` of the level's players reach; the hover gives how many there are.

    >>> table = pd.DataFrame({"level": ["easy"] * 3, "round": [1, 2, 3], "rows": [20, 20, 1],
    ...                       **{f"p{p}": [0, 1, 2] for p in (10, 25, 50, 75, 90)}})
    >>> figure = percentile_chart(table, "points", "Points")
    >>> [trace.name for trace in figure.data], figure.data[-1].x
    (['easy 10-90%', 'easy 10-90%', 'easy 25-75%', 'easy 25-75%', 'easy'], (1, 2))
    """
    figure = go.Figure()
    for level, rows in table.groupby("level", sort=False):
        rows = rows[rows["rows"] >= min_share * rows["rows"].max()]
        colour = _level(str(level))
        rounds = rows["round"].tolist()
        for low, high, opacity in (("p10", "p90", 0.15), ("p25", "p75", 0.3)):
            band = f"{level} {low[1:]}-{high[1:]}%"
            figure.add_trace(go.Scatter(x=rounds, y=rows[low].tolist(), mode="lines",
                                        line_width=0, line_shape="hv", name=band,
                                        legendgroup=str(level), showlegend=False,
                                        hoverinfo="skip"))
            figure.add_trace(go.Scatter(
                x=rounds, y=rows[high].tolist(), mode="lines", line_width=0, line_shape="hv",
                fill="tonexty", fillcolor=_tint(colour, opacity), legendgroup=str(level),
                showlegend=False, hoverinfo="skip", name=band))
        figure.add_trace(go.Scatter(
            x=rounds, y=rows["p50"].tolist(), mode="lines", line={"color": colour, "shape": "hv"},
            name=str(level), legendgroup=str(level),
            customdata=rows[["p10", "p25", "p75", "p90", "rows"]].to_numpy(),
            hovertemplate=f"{level}, round %{{x}}: median %{{y}} {what} (25-75%: "
                          "%{customdata[1]}-%{customdata[2]}, 10-90%: %{customdata[0]}-"
                          "%{customdata[3]}; %{customdata[4]} players)<extra></extra>"))
    _layout(figure, title, what, "round")
    figure.update_layout(showlegend=True)
    return figure


def points_chart(points: pd.DataFrame) -> go.Figure:
    """Points by round (:func:`percentile_chart`), with a dashed line at 15 (R-END-TRIGGER)."""
    figure = percentile_chart(points, "points", "Points by round (median, 25-75%, 10-90%)")
    figure.add_hline(y=WINNING_POINTS, line_dash="dash", line_color=GUIDE,
                     annotation_text=f"{WINNING_POINTS} points", annotation_position="top left")
    return figure


def bonuses_chart(bonuses: pd.DataFrame) -> go.Figure:
    """Bonuses (cards bought, all colours) by round (:func:`percentile_chart`)."""
    return percentile_chart(bonuses, "bonuses", "Bonuses by round (median, 25-75%, 10-90%)")


def nobles_chart(nobles: pd.DataFrame) -> go.Figure:
    """Each noble: how often it visits someone when it is dealt, and how often the one it
    visits wins (R-NOBLE)."""
    figure = go.Figure()
    for column, name, colour in (("taken_rate", "visits someone (of games dealt)", GUIDE),
                                 ("winner_share", "visits the winner (of its visits)",
                                  GEM_COLOURS["gold"])):
        figure.add_trace(go.Bar(
            x=nobles["noble"], y=100 * nobles[column], name=name, marker_color=colour,
            marker_line={"color": OUTLINE, "width": 1},
            customdata=nobles[["dealt", "taken", "taken_by_winner"]].to_numpy(),
            hovertemplate="%{x}: %{y:.1f}% (dealt %{customdata[0]}, visited %{customdata[1]}, "
                          "the winner %{customdata[2]})<extra></extra>"))
    _layout(figure, "Nobles", "share (%)", "noble")
    figure.update_layout(barmode="group", showlegend=True)
    figure.update_yaxes(range=(0, 100))
    return figure


def tiers_chart(tiers: pd.DataFrame) -> go.Figure:
    """Cards bought and reserved per player and game, by tier, one bar per level."""
    figure = make_subplots(rows=1, cols=2, subplot_titles=["bought", "reserved"])
    for level, rows in tiers.groupby("level", sort=False):
        for column, col in (("bought_per_player", 1), ("reserved_per_player", 2)):
            figure.add_trace(go.Bar(
                x=[f"tier {tier}" for tier in rows["tier"]], y=rows[column], name=str(level),
                marker_color=_level(str(level)), legendgroup=str(level), showlegend=col == 1,
                hovertemplate=f"{level}, %{{x}}: %{{y:.2f}} per player<extra></extra>"),
                row=1, col=col)
    _layout(figure, "Tiers: cards per player and game", "cards", "")
    figure.update_layout(barmode="group", showlegend=True)
    return figure


def cards_chart(cards: pd.DataFrame, top: int = TOP_CARDS) -> go.Figure:
    """The ``top`` cards most often bought by the winners: the share of winners who bought
    each (a bar in the card's gem colour), beside the share of all players (a dot).

    Each bar's ``customdata`` is the card's id.
    """
    best = cards.head(top).iloc[::-1]  # the most bought at the top
    labels = [f"{card} ({bonus})" for card, bonus in zip(best["card"], best["bonus"])]
    figure = go.Figure()
    figure.add_trace(go.Bar(
        y=labels, x=100 * best["rate_winners"], orientation="h", name="of winners",
        customdata=best["card"], marker_color=[GEM_COLOURS[bonus] for bonus in best["bonus"]],
        marker_line={"color": OUTLINE, "width": 1},
        hovertemplate="%{customdata}: bought by %{x:.1f}% of winners<extra></extra>"))
    figure.add_trace(go.Scatter(
        y=labels, x=100 * best["rate_all"], mode="markers", name="of all players",
        marker={"color": "white", "symbol": "diamond", "size": 9,
                "line": {"color": OUTLINE, "width": 1.5}},
        hovertemplate="bought by %{x:.1f}% of all players<extra></extra>"))
    _layout(figure, f"The {top} cards winners buy most", "", "players who bought it (%)")
    figure.update_layout(height=max(360, 22 * len(best) + 100), showlegend=True)
    return figure


def corpus_figures(found: Aggregates) -> dict[str, go.Figure]:
    """Every chart of a corpus's aggregates, by name, in the order to show them."""
    return {
        "wins_by_level": win_rate_chart(found.wins_by_level),
        "wins_by_seat": win_rate_chart(found.wins_by_seat),
        "wins_by_level_and_seat": level_seat_chart(found.wins_by_level_and_seat),
        "length": length_chart(found.length),
        "endings": endings_chart(found.endings),
        "points": points_chart(found.points),
        "bonuses": bonuses_chart(found.bonuses),
        "nobles": nobles_chart(found.nobles),
        "tiers": tiers_chart(found.tiers),
        "cards": cards_chart(found.cards),
    }


def _level(level: str) -> str:
    return LEVEL_COLOURS.get(level, OTHER_LEVEL)


def _tint(colour: str, opacity: float) -> str:
    """``#rrggbb`` as an ``rgba()`` of that opacity, for a band's fill."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {opacity})"


def _layout(figure: go.Figure, title: str, y_title: str, x_title: str) -> None:
    figure.update_layout(template="plotly_white", title=title, height=360, showlegend=False,
                         margin={"l": 50, "r": 20, "t": 50, "b": 40}, hovermode="closest",
                         clickmode="event")
    figure.update_yaxes(title_text=y_title)
    figure.update_xaxes(title_text=x_title)
