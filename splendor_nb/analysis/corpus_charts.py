"""A corpus's aggregates as plotly figures: win rates with their 95% intervals, game length,
points and bonuses by round (percentile bands), nobles, tiers and the winners' cards. Pure
functions of the tables of :class:`~splendor_nb.analysis.corpus.aggregates.Aggregates`, in the
colours of :mod:`splendor_nb.palette`. Each takes ``language=``: its titles, axes, legends
and hover texts in that language (by default the current one).

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

from collections.abc import Callable

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from splendor_nb.analysis.corpus.aggregates import Aggregates
from splendor_nb.engine import WINNING_POINTS
from splendor_nb.i18n import translator
from splendor_nb.palette import GEM_COLOURS, GUIDE, OUTLINE, PLAYER_COLOURS

LEVEL_COLOURS: dict[str, str] = {"easy": "#4f9a3c", "medium": "#1f6feb", "hard": "#c2185b",
                                  "expert": "#7b3fa0"}
"""Each bot level's colour in these charts (a level not listed is grey)."""
OTHER_LEVEL = "#6b7280"
TOP_CARDS = 20
"""How many cards :func:`cards_chart` shows."""
CHARTS = ("wins_by_level", "wins_by_seat", "wins_by_level_and_seat", "length", "endings",
          "points", "bonuses", "nobles", "tiers", "cards")
"""The charts of a corpus, by name (each an :class:`Aggregates` table), in the order to show
them."""
_NO_EXTRA = "<extra></extra>"
"""Ends a hover text: plotly adds no box with the trace's name."""
MIN_SHARE = 0.1
"""The percentile charts stop where fewer than this share of a level's players are still
playing: beyond it the few longest games, often stalled ones, make the bands jump."""


def win_rate_chart(wins: pd.DataFrame, title: str = "", language: str | None = None
                   ) -> go.Figure:
    """Win rates as bars with their 95% Wilson intervals: one bar per level (a
    ``wins_by_level`` table) or per seat (``wins_by_seat``, with a dashed line at the fair
    share, one game in the number of seats). Shared victories are no one's win.

    >>> table = pd.DataFrame({"player": [0, 1], "games": [10, 10], "wins": [6, 4],
    ...                       "shared": [0, 0], "rate": [0.6, 0.4], "low": [0.31, 0.17],
    ...                       "high": [0.83, 0.69]})
    >>> figure = win_rate_chart(table)
    >>> [trace.name for trace in figure.data], figure.layout.shapes[0].y0
    (['seat 1', 'seat 2'], 50.0)
    >>> win_rate_chart(table, language="fr").data[0].name
    'place 1'
    """
    words = translator(language)
    by_seat = "player" in wins.columns and "level" not in wins.columns
    figure = go.Figure()
    for row in wins.to_dict("records"):
        name = (words.gettext("seat {seat}", seat=row["player"] + 1) if by_seat
                else level_name(str(row["level"]), words.language))
        colour = (PLAYER_COLOURS[row["player"] % len(PLAYER_COLOURS)] if by_seat
                  else _level(str(row["level"])))
        rate, low, high = row["rate"], row["low"], row["high"]
        figure.add_trace(go.Bar(
            x=[name], y=[100 * rate], name=name, marker_color=colour,
            error_y={"type": "data", "symmetric": False, "array": [100 * (high - rate)],
                     "arrayminus": [100 * (rate - low)], "color": OUTLINE},
            text=[words.gettext("{wins} of {games}", wins=row["wins"], games=row["games"])],
            textposition="inside", insidetextanchor="start",
            hovertemplate=words.ngettext(
                "{name}: {rate} of {count} game (95% CI {low} to {high}; {shared} shared)",
                "{name}: {rate} of {count} games (95% CI {low} to {high}; {shared} shared)",
                row["games"], name=name, rate="%{y:.1f}%", low=_percent(low),
                high=_percent(high), shared=row["shared"]) + _NO_EXTRA))
    if by_seat and len(wins):
        figure.add_hline(y=100 / len(wins), line_dash="dash", line_color=GUIDE,
                         annotation_text=words.gettext("fair share"),
                         annotation_position="top right")
    _layout(figure, title or (words.gettext("Wins by seat") if by_seat
                              else words.gettext("Wins by level")),
            words.gettext("wins (%)"), words.gettext("seat") if by_seat
            else words.gettext("level"))
    figure.update_yaxes(range=(0, 100))
    return figure


def level_seat_chart(wins: pd.DataFrame, language: str | None = None) -> go.Figure:
    """Each level's win rate seat by seat (a ``wins_by_level_and_seat`` table): the advantage
    of moving first, level by level. Grouped bars with 95% intervals."""
    words = translator(language)
    figure = go.Figure()
    for level, rows in wins.groupby("level", sort=False):
        name = level_name(str(level), words.language)
        figure.add_trace(go.Bar(
            x=[words.gettext("seat {seat}", seat=seat + 1) for seat in rows["player"]],
            y=100 * rows["rate"], name=name, marker_color=_level(str(level)),
            error_y={"type": "data", "symmetric": False,
                     "array": (100 * (rows["high"] - rows["rate"])).tolist(),
                     "arrayminus": (100 * (rows["rate"] - rows["low"])).tolist(),
                     "color": OUTLINE},
            customdata=rows[["wins", "games"]].to_numpy(),
            hovertemplate=words.gettext("{level}, {seat}: {rate} ({wins} of {games})",
                                        level=name, seat="%{x}", rate="%{y:.1f}%",
                                        wins="%{customdata[0]}", games="%{customdata[1]}")
            + _NO_EXTRA))
    _layout(figure, words.gettext("Wins by level and seat"), words.gettext("wins (%)"),
            words.gettext("seat"))
    figure.update_layout(barmode="group", showlegend=True)
    figure.update_yaxes(range=(0, 100))
    return figure


def length_chart(length: pd.DataFrame, language: str | None = None) -> go.Figure:
    """How many rounds games lasted: the share of games of each length.

    Each bar's ``customdata`` is its number of rounds (to list those games on a click).
    """
    words = translator(language)
    figure = go.Figure(go.Bar(
        x=length["rounds"], y=100 * length["share"], customdata=length["rounds"],
        marker_color=GUIDE, marker_line={"color": OUTLINE, "width": 1},
        name=words.gettext("games"), text=length["games"],
        hovertemplate=words.gettext("{rounds} rounds: {games} games ({share})", rounds="%{x}",
                                    games="%{text}", share="%{y:.1f}%") + _NO_EXTRA))
    _layout(figure, words.gettext("Game length"), words.gettext("games (%)"),
            words.gettext("rounds"))
    return figure


def endings_chart(endings: pd.DataFrame, language: str | None = None) -> go.Figure:
    """How games ended: the share of games ended by each rule (R-END-TRIGGER, a player at 15
    points; R-PASS, a round in which no one could move; R-REPEAT, a position seen three times),
    and of games stopped unfinished."""
    words = translator(language)
    labels = [rule or words.gettext("unfinished") for rule in endings["ended_by"]]
    figure = go.Figure(go.Bar(
        x=labels, y=(100 * endings["share"]).tolist(), text=endings["games"].tolist(),
        marker_color=GUIDE, marker_line={"color": OUTLINE, "width": 1},
        hovertemplate=words.gettext("{rule}: {games} games ({share})", rule="%{x}",
                                    games="%{text}", share="%{y:.1f}%") + _NO_EXTRA))
    _layout(figure, words.gettext("How games ended"), words.gettext("games (%)"),
            words.gettext("rule"))
    figure.update_yaxes(range=(0, 100))
    return figure


def percentile_chart(table: pd.DataFrame, what: str, title: str,
                     min_share: float = MIN_SHARE, language: str | None = None) -> go.Figure:
    """A figure by round as bands, one colour per level: the 10th to 90th percentile lightly
    shaded, the 25th to 75th darker, the median a line (a ``points`` or ``bonuses`` table).
    ``what`` names the figure (the y axis and the hover), in the chart's language.

    A round counts only the games still going, so the chart stops before the rounds that fewer
    than ``min_share`` of the level's players reach; the hover gives how many there are.

    >>> table = pd.DataFrame({"level": ["easy"] * 3, "round": [1, 2, 3], "rows": [20, 20, 1],
    ...                       **{f"p{p}": [0, 1, 2] for p in (10, 25, 50, 75, 90)}})
    >>> figure = percentile_chart(table, "points", "Points")
    >>> [trace.name for trace in figure.data], figure.data[-1].x
    (['easy 10-90%', 'easy 10-90%', 'easy 25-75%', 'easy 25-75%', 'easy'], (1, 2))
    """
    words = translator(language)
    figure = go.Figure()
    for level, rows in table.groupby("level", sort=False):
        rows = rows[rows["rows"] >= min_share * rows["rows"].max()]
        colour = _level(str(level))
        name = level_name(str(level), words.language)
        rounds = rows["round"].tolist()
        for low, high, opacity in (("p10", "p90", 0.15), ("p25", "p75", 0.3)):
            band = f"{name} {low[1:]}-{high[1:]}%"
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
            name=name, legendgroup=str(level),
            customdata=rows[["p10", "p25", "p75", "p90", "rows"]].to_numpy(),
            hovertemplate=words.gettext(
                "{level}, round {round}: median {median} {what} (25-75%: {p25}-{p75}, "
                "10-90%: {p10}-{p90}; {players} players)", level=name, round="%{x}",
                median="%{y}", what=what, p25="%{customdata[1]}", p75="%{customdata[2]}",
                p10="%{customdata[0]}", p90="%{customdata[3]}", players="%{customdata[4]}")
            + _NO_EXTRA))
    _layout(figure, title, what, words.gettext("round"))
    figure.update_layout(showlegend=True)
    return figure


def points_chart(points: pd.DataFrame, language: str | None = None) -> go.Figure:
    """Points by round (:func:`percentile_chart`), with a dashed line at 15 (R-END-TRIGGER)."""
    words = translator(language)
    figure = percentile_chart(points, words.gettext("points"),
                              words.gettext("Points by round (median, 25-75%, 10-90%)"),
                              language=language)
    figure.add_hline(y=WINNING_POINTS, line_dash="dash", line_color=GUIDE,
                     annotation_text=words.ngettext("{count} point", "{count} points",
                                                    WINNING_POINTS),
                     annotation_position="top left")
    return figure


def bonuses_chart(bonuses: pd.DataFrame, language: str | None = None) -> go.Figure:
    """Bonuses (cards bought, all colours) by round (:func:`percentile_chart`)."""
    words = translator(language)
    return percentile_chart(bonuses, words.gettext("bonuses"),
                            words.gettext("Bonuses by round (median, 25-75%, 10-90%)"),
                            language=language)


def nobles_chart(nobles: pd.DataFrame, language: str | None = None) -> go.Figure:
    """Each noble: how often it visits someone when it is dealt, and how often the one it
    visits wins (R-NOBLE)."""
    words = translator(language)
    figure = go.Figure()
    for column, name, colour in (
            ("taken_rate", words.gettext("visits someone (of games dealt)"), GUIDE),
            ("winner_share", words.gettext("visits the winner (of its visits)"),
             GEM_COLOURS["gold"])):
        figure.add_trace(go.Bar(
            x=nobles["noble"], y=100 * nobles[column], name=name, marker_color=colour,
            marker_line={"color": OUTLINE, "width": 1},
            customdata=nobles[["dealt", "taken", "taken_by_winner"]].to_numpy(),
            hovertemplate=words.gettext(
                "{noble}: {share} (dealt {dealt}, visited {visited}, the winner {winner})",
                noble="%{x}", share="%{y:.1f}%", dealt="%{customdata[0]}",
                visited="%{customdata[1]}", winner="%{customdata[2]}") + _NO_EXTRA))
    _layout(figure, words.gettext("Nobles"), words.gettext("share (%)"),
            words.gettext("noble"))
    figure.update_layout(barmode="group", showlegend=True)
    figure.update_yaxes(range=(0, 100))
    return figure


def tiers_chart(tiers: pd.DataFrame, language: str | None = None) -> go.Figure:
    """Cards bought and reserved per player and game, by tier, one bar per level."""
    words = translator(language)
    figure = make_subplots(rows=1, cols=2, subplot_titles=[words.gettext("bought"),
                                                           words.gettext("reserved")])
    for level, rows in tiers.groupby("level", sort=False):
        name = level_name(str(level), words.language)
        for column, col in (("bought_per_player", 1), ("reserved_per_player", 2)):
            figure.add_trace(go.Bar(
                x=[words.gettext("tier {tier}", tier=tier) for tier in rows["tier"]],
                y=rows[column], name=name, marker_color=_level(str(level)),
                legendgroup=str(level), showlegend=col == 1,
                hovertemplate=words.gettext("{level}, {tier}: {cards} per player", level=name,
                                            tier="%{x}", cards="%{y:.2f}") + _NO_EXTRA),
                row=1, col=col)
    _layout(figure, words.gettext("Tiers: cards per player and game"), words.gettext("cards"),
            "")
    figure.update_layout(barmode="group", showlegend=True)
    return figure


def cards_chart(cards: pd.DataFrame, top: int = TOP_CARDS, language: str | None = None
                ) -> go.Figure:
    """The ``top`` cards most often bought by the winners: the share of winners who bought
    each (a bar in the card's gem colour), beside the share of all players (a dot).

    Each bar's ``customdata`` is the card's id.
    """
    words = translator(language)
    best = cards.head(top).iloc[::-1]  # the most bought at the top
    labels = [f"{card} ({bonus})" for card, bonus in zip(best["card"], best["bonus"])]
    figure = go.Figure()
    figure.add_trace(go.Bar(
        y=labels, x=100 * best["rate_winners"], orientation="h",
        name=words.gettext("of winners"), customdata=best["card"],
        marker_color=[GEM_COLOURS[bonus] for bonus in best["bonus"]],
        marker_line={"color": OUTLINE, "width": 1},
        hovertemplate=words.gettext("{card}: bought by {share} of winners",
                                    card="%{customdata}", share="%{x:.1f}%") + _NO_EXTRA))
    figure.add_trace(go.Scatter(
        y=labels, x=100 * best["rate_all"], mode="markers", name=words.gettext("of all players"),
        marker={"color": "white", "symbol": "diamond", "size": 9,
                "line": {"color": OUTLINE, "width": 1.5}},
        hovertemplate=words.gettext("bought by {share} of all players", share="%{x:.1f}%")
        + _NO_EXTRA))
    _layout(figure, words.ngettext("The card winners buy most", "The {count} cards winners buy "
                                   "most", top), "", words.gettext("players who bought it (%)"))
    figure.update_layout(height=max(360, 22 * len(best) + 100), showlegend=True)
    return figure


def corpus_figures(found: Aggregates, language: str | None = None) -> dict[str, go.Figure]:
    """Every chart of a corpus's aggregates, by name (:data:`CHARTS`), in the order to show
    them; their words in ``language`` (by default the current language)."""
    return {name: corpus_figure(found, name, language) for name in CHARTS}


def corpus_figure(found: Aggregates, name: str, language: str | None = None) -> go.Figure:
    """One chart of :func:`corpus_figures`, by its name (one of :data:`CHARTS`).

    >>> from splendor_nb.analysis.corpus import SHIPPED_CORPORA_DIR, aggregate, open_corpus
    >>> found = aggregate(open_corpus(SHIPPED_CORPORA_DIR / "easy-v-medium-2p", report=None))
    >>> corpus_figure(found, "length").layout.title.text
    'Game length'
    """
    if name not in CHARTS:
        raise KeyError(f"there is no corpus chart {name!r}: the charts are {', '.join(CHARTS)}")
    table = getattr(found, name)
    if name == "wins_by_level_and_seat":
        return level_seat_chart(table, language=language)
    if name.startswith("wins_by_"):
        return win_rate_chart(table, language=language)
    drawers: dict[str, Callable[..., go.Figure]] = {
        "length": length_chart, "endings": endings_chart, "points": points_chart,
        "bonuses": bonuses_chart, "nobles": nobles_chart, "tiers": tiers_chart,
        "cards": cards_chart}
    return drawers[name](table, language=language)


def level_name(level: str, language: str | None = None) -> str:
    """A bot level's name in ``language`` (a level it does not know stays as it is).

    >>> level_name("medium", "es"), level_name("custom", "es")
    ('medio', 'custom')
    """
    words = translator(language)
    names = {"easy": words.pgettext("bot level", "easy"),
             "medium": words.pgettext("bot level", "medium"),
             "hard": words.pgettext("bot level", "hard"),
             "expert": words.pgettext("bot level", "expert")}
    return names.get(level, level)


def _level(level: str) -> str:
    return LEVEL_COLOURS.get(level, OTHER_LEVEL)


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%"


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
