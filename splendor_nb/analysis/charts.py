"""Replays' tables as plotly figures: points per turn, bonuses per colour, chances to win, and
the three together as the replay viewer shows them. Pure functions of the tables of
:mod:`~splendor_nb.analysis.tables` and :mod:`~splendor_nb.analysis.chances`, in the colours of
:mod:`splendor_nb.palette`, their words in a ``language`` (None: the current one).

Players are told apart by colour and line style (dash and marker shape) and gems by colour, with
a key of each in the legend; the white gem's line is a grey that shows on the white background.

>>> from splendor_nb.analysis.tables import turns
>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("R1g8")
>>> df = turns(replay)
>>> len(points_chart(df).data), len(bonus_chart(df).data)
(2, 10)
"""

from __future__ import annotations

import html

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from splendor_nb.ai.names import player_names
from splendor_nb.analysis.chances import turning_points
from splendor_nb.analysis.tables import turns
from splendor_nb.cards import GEMS
from splendor_nb.engine import WINNING_POINTS
from splendor_nb.i18n import N_, Translator, format_percent, translator
from splendor_nb.palette import (
    ACCENT,
    FALL,
    GEM_COLOURS,
    GUIDE,
    LINE_COLOURS,
    OUTLINE,
    PLAYER_COLOURS,
)
from splendor_nb.replay import Replay

PLAYER_DASHES: tuple[str, ...] = ("solid", "dash", "dot", "dashdot")
"""Each player's line dash, by seat, for figures that overlay the players' traces."""
PLAYER_SYMBOLS: tuple[str, ...] = ("circle", "square", "diamond", "triangle-up")
"""Each player's marker shape, by seat."""
GEM_NAMES: dict[str, str] = {"white": N_("white"), "blue": N_("blue"), "green": N_("green"),
                             "red": N_("red"), "black": N_("black")}
"""The gems' names in the legend and the hover texts (translated when shown)."""

def points_chart(df: pd.DataFrame, turn: int | None = None, language: str | None = None
                 ) -> go.Figure:
    """Points per turn, one trace per player, a dashed line at 15 points and a marker at ``turn``.

    Each point's ``customdata`` is its turn number, so that a click can jump to that turn.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> fig = points_chart(turns(replay), turn=0)
    >>> [trace.name for trace in fig.data], fig.layout.shapes[0].y0
    (['Player 1', 'Player 2'], 15)
    """
    words = translator(language)
    rows = _one_game(df)
    figure = go.Figure(_points_traces(rows, words))
    figure.add_hline(y=WINNING_POINTS, line_dash="dash", line_color=OUTLINE,
                     annotation_text=words.gettext("{points} points", points=WINNING_POINTS),
                     annotation_position="top left")
    _layout(figure, rows, turn, words.gettext("points"), words)
    return figure


def bonus_chart(df: pd.DataFrame, turn: int | None = None, language: str | None = None
                ) -> go.Figure:
    """Bonuses per colour over turns: one trace per player and gem colour, in the gem's colour.

    One panel per player (traces in player order, then gem order; each trace's ``name`` is the
    colour as the legend says it, in ``language``, its ``legendgroup`` the colour's key and
    ``meta`` the player's name). Markers sit where a bonus
    grows; players are also told apart by line dash and marker shape, for figures that
    overlay the traces. White markers have a dark outline, the white line is grey. Each
    point's ``customdata`` is its turn number.

    >>> from splendor_nb.engine import new_game
    >>> fig = bonus_chart(turns(Replay.from_state(new_game(players=3, seed=1))))
    >>> len(fig.data), fig.data[5].meta, fig.data[5].name, fig.data[5].marker.line.color
    (15, 'Player 2', 'white', '#333333')
    >>> [trace.name for trace in bonus_chart(turns(Replay.from_state(new_game(players=2))),
    ...                                      language="fr").data][:2], fig.data[5].legendgroup
    (['diamant', 'saphir'], 'white')
    """
    words = translator(language)
    rows = _one_game(df)
    players = _by_player(rows)
    figure = make_subplots(rows=max(len(players), 1), cols=1, shared_xaxes=True,
                           vertical_spacing=0.06, subplot_titles=[
                               _plain(group["name"].iloc[0]) for _, group in players])
    top = int(rows[[f"bonus_{gem}" for gem in GEMS]].to_numpy().max()) if len(rows) else 0
    for index, trace in _bonus_traces(rows, words):
        figure.add_trace(trace, row=index + 1, col=1)
    _layout(figure, rows, turn, words.gettext("bonuses"), words, panels=max(len(players), 1))
    figure.update_yaxes(range=[-0.3, top + 0.5], dtick=1)
    figure.update_layout(height=90 + 150 * max(len(players), 1), showlegend=True)
    return figure


def _points_traces(rows: pd.DataFrame, words: Translator) -> list[go.Scatter]:
    """:func:`points_chart`'s lines, one per player (for :func:`charts_figure` too, which
    need not build that figure's layout)."""
    hover = _hover(words, words.gettext("{points} points", points="%{y}"))
    return [go.Scatter(
        x=group["turn"].tolist(), y=group["points"].tolist(),
        customdata=group["turn"].tolist(), name=_plain(group["name"].iloc[0]),
        mode="lines+markers", line={"color": PLAYER_COLOURS[index], "shape": "hv",
                                    "dash": PLAYER_DASHES[index]},
        marker={"size": 5, "symbol": PLAYER_SYMBOLS[index]},
        hovertemplate=hover + "<extra>%{fullData.name}</extra>",
    ) for index, group in _by_player(rows)]


def _bonus_traces(rows: pd.DataFrame, words: Translator) -> list[tuple[int, go.Scatter]]:
    """:func:`bonus_chart`'s lines, each with its player's index (the panel it goes in)."""
    found = []
    for index, group in _by_player(rows):
        name = _plain(group["name"].iloc[0])  # in the hover's <extra>
        for gem in GEMS:
            said = words.gettext(GEM_NAMES[gem])
            values = group[f"bonus_{gem}"].tolist()
            grows = [7 if i == 0 or values[i] != values[i - 1] else 0
                     for i in range(len(values))]
            found.append((index, go.Scatter(
                x=group["turn"].tolist(), y=values, customdata=group["turn"].tolist(),
                name=said, legendgroup=gem, showlegend=index == 0, meta=name,
                mode="lines+markers",
                line={"color": LINE_COLOURS[gem], "dash": PLAYER_DASHES[index], "shape": "hv",
                      "width": 2.5},
                marker={"size": grows, "symbol": PLAYER_SYMBOLS[index],
                        "color": GEM_COLOURS[gem], "line": {"color": OUTLINE, "width": 1}},
                hovertemplate=_hover(words, f"%{{y}} {said}") + "<extra>" + name + "</extra>",
            )))
    return found


def chances_chart(chances: pd.DataFrame, turn: int | None = None, count: int = 3,
                  language: str | None = None) -> go.Figure:
    """Who was winning: each player's ``chance`` per turn, in percent (a
    :func:`~splendor_nb.analysis.chances.win_chances` table), the ``count`` biggest falls
    (:func:`~splendor_nb.analysis.chances.turning_points`) marked with a red triangle on the
    player's line.

    Each point's ``customdata`` is its turn number, so that a click can jump to that turn.

    >>> from splendor_nb.analysis.chances import win_chances
    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
    >>> figure = chances_chart(win_chances(replay))
    >>> [trace.name for trace in figure.data][:2], figure.layout.yaxis.range
    (['Player 1', 'Player 2'], (0, 100))
    """
    words = translator(language)
    figure = go.Figure()
    for index, group in _by_player(chances):
        figure.add_trace(go.Scatter(
            x=group["turn"].tolist(), y=(group["chance"] * 100).round(1).tolist(),
            customdata=group["turn"].tolist(), name=_plain(group["name"].iloc[0]),
            mode="lines+markers", line={"color": PLAYER_COLOURS[index], "width": 2,
                                        "dash": PLAYER_DASHES[index]},
            marker={"size": 4, "symbol": PLAYER_SYMBOLS[index]},
            hovertemplate=_hover(words, _percent(words, "%{y}")) +
            "<extra>%{fullData.name}</extra>"))
    falls = turning_points(chances, count)
    line = chances.set_index(["turn", "player"])["chance"]  # the falls sit on the lines
    if len(falls):
        figure.add_trace(go.Scatter(
            x=falls["turn"].tolist(), y=[round(100 * line[turn, player], 1) for turn, player
                                         in zip(falls["turn"], falls["player"], strict=True)],
            customdata=falls["turn"].tolist(), name=words.gettext("biggest falls"),
            mode="markers", marker={"size": 12, "symbol": "triangle-down", "color": FALL,
                                    "line": {"color": "white", "width": 1}},
            text=[words.gettext("{name} played {move}: from {before} to {after}",
                                name=_plain(name), move=move,
                                before=format_percent(before, words.language),
                                after=format_percent(after, words.language))
                  for name, move, before, after in falls[["name", "move", "before", "after"]
                                                         ].itertuples(index=False)],
            hovertemplate=_hover(words, "%{text}") + "<extra>" +
            words.gettext("biggest fall") + "</extra>"))
    _layout(figure, chances, turn, words.gettext("chance to win (%)"), words)
    figure.update_yaxes(range=(0, 100), **_percent_ticks(words))
    return figure


def charts_figure(replay: Replay, turn: int = 0, chances: pd.DataFrame | None = None,
                  width: int | None = None, language: str | None = None) -> go.Figure:
    """The viewer's charts as one figure: points per turn above, bonuses per colour below,
    a dotted line at ``turn`` (always the first shape). With ``chances``
    (:func:`~splendor_nb.analysis.chances.win_chances`), who was winning goes at the bottom.
    ``width`` in pixels; None leaves it to plotly (the page's width).

    Traces: points (one per player), bonuses (per player, then colour), then the chances
    (one per player, and the biggest falls), then the legend's key: one entry per player (its
    line style) and one per gem colour (:data:`KEY_TRACES` of them after the chances).

    >>> from splendor_nb.engine import new_game
    >>> figure = charts_figure(Replay.from_state(new_game(players=2, seed=7)), width=470)
    >>> len(figure.data), figure.layout.shapes[0].x0, figure.layout.width
    (19, 0, 470)
    >>> [trace.name for trace in figure.data if trace.showlegend]
    ['Player 1', 'Player 2', 'white', 'blue', 'green', 'red', 'black']
    >>> charts_figure(Replay.from_state(new_game(seed=7)), language="fr").layout.xaxis2.title.text
    'tour'
    """
    words = translator(language)
    names = player_names(replay, language)  # a bot named in the language of the page
    said = dict(zip(replay.names, names, strict=True))
    frame = turns(replay)
    frame["name"] = frame["name"].map(said)
    if chances is not None:
        chances = chances.assign(name=chances["name"].map(said))
    titles = [words.gettext("Points per turn"), words.gettext("Bonuses per colour")]
    heights = [0.42, 0.58]
    if chances is not None:
        titles.append(words.gettext("Chance to win (the expert bot's judgement)"))
        heights = [0.3, 0.42, 0.28]
    rows = len(titles)
    figure = make_subplots(rows=rows, cols=1, shared_xaxes=True, vertical_spacing=0.08,
                           row_heights=heights, subplot_titles=titles)
    # the panels' titles at 13 px: the longest ("Chance de gagner (selon le bot difficile)")
    # then fits a phone's column, 330 px
    figure.update_annotations(font_size=13)
    figure.add_shape(type="line", xref="x", yref="paper", x0=turn, x1=turn, y0=0, y1=1,
                     line={"color": ACCENT, "width": 2, "dash": "dot"}, name="turn")
    for trace in _points_traces(frame, words):  # the lines alone: no figure built for them
        figure.add_trace(trace.update(showlegend=False), row=1, col=1)
    for _, trace in _bonus_traces(frame, words):
        figure.add_trace(trace.update(showlegend=False, legendgroup=None, legendgrouptitle=None),
                         row=2, col=1)
    if chances is not None:
        falls = words.gettext("biggest falls")
        for trace in chances_chart(chances, language=language).data:
            figure.add_trace(trace.update(showlegend=trace.name == falls), row=3, col=1)
        figure.update_yaxes(range=(0, 100), row=3, col=1, **_percent_ticks(words))
        figure.update_yaxes(title_text=words.gettext("chance"), row=3, col=1)
    for trace in _key(names, words):
        figure.add_trace(trace, row=1, col=1)
    figure.add_hline(y=WINNING_POINTS, line_dash="dash", line_color=GUIDE, row=1, col=1,
                     annotation_text=words.gettext("{points} points", points=WINNING_POINTS),
                     annotation_position="top left")
    figure.update_yaxes(title_text=words.gettext("points"), row=1, col=1)
    figure.update_yaxes(title_text=words.gettext("bonuses"), dtick=1, row=2, col=1)  # cards
    figure.update_layout(width=width, height=600 if chances is None else 780,
                         margin={"l": 36, "r": 8, "t": 56, "b": 150},
                         modebar={"remove": ["select2d", "lasso2d", "autoScale2d"]},
                         template="plotly_white", hovermode="closest", clickmode="event",
                         legend={"orientation": "h", "x": 0, "y": -0.16, "yanchor": "top"})
    figure.update_xaxes(range=[-0.5, len(replay) + 0.5])
    figure.update_xaxes(title_text=words.gettext("turn"), row=rows, col=1)
    return figure


KEY_TRACES = len(GEMS)
"""The gem colours' entries of :func:`charts_figure`'s legend (after one per player)."""


def _plain(name: object) -> str:
    """A player's name as plotly shows text: plotly reads ``<a href>``, ``<b>`` and the like in
    its labels as markup (a name holding a link showed as a link), and entities as characters.

    >>> _plain('<a href="https://example.org">Eve</a> & co')
    '&lt;a href="https://example.org"&gt;Eve&lt;/a&gt; &amp; co'
    """
    return html.escape(str(name), quote=False)


def _key(names: list[str], words: Translator) -> list[go.Scatter]:
    """The legend's key, drawn nowhere: each player's line, as their points are drawn (colour
    and style), then each gem's colour."""
    players = {"text": words.gettext("Players")}
    gems = {"text": words.gettext("Bonus colours")}
    key = [go.Scatter(x=[None], y=[None], name=_plain(name), mode="lines+markers",
                      showlegend=True,
                      legendgroup="players", legendgrouptitle=players, hoverinfo="skip",
                      line={"color": PLAYER_COLOURS[index], "dash": PLAYER_DASHES[index],
                            "width": 2},
                      marker={"symbol": PLAYER_SYMBOLS[index], "size": 7,
                              "color": PLAYER_COLOURS[index]})
           for index, name in enumerate(names)]
    for gem in GEMS:
        said = words.gettext(GEM_NAMES[gem])
        key.append(go.Scatter(x=[None], y=[None], name=said, mode="lines+markers",
                              showlegend=True, legendgroup="gems", legendgrouptitle=gems,
                              hoverinfo="skip",
                              line={"color": LINE_COLOURS[gem], "width": 3},
                              marker={"symbol": "circle", "size": 9, "color": GEM_COLOURS[gem],
                                      "line": {"color": OUTLINE, "width": 1}}))
    return key


def _percent(words: Translator, number: str) -> str:
    """``number`` (a figure from 0 to 100, or a plotly placeholder) written as a percentage the
    way the language writes one (French "54 %", Turkish "%54").

    >>> _percent(translator("tr"), "%{y}"), _percent(translator("en"), "54")
    ('%%{y}', '54%')
    """
    return format_percent(0.5, words.language).replace("50", number)


def _percent_ticks(words: Translator) -> dict[str, object]:
    """A 0-100 axis' ticks as percentages in the language's way."""
    values = [0, 25, 50, 75, 100]
    return {"tickvals": values, "ticktext": [format_percent(value / 100, words.language)
                                             for value in values]}


def _hover(words: Translator, what: str) -> str:
    """A point's hover text: the turn, then ``what`` (plotly's %{...} placeholders kept)."""
    return words.gettext("turn {turn}: {what}", turn="%{x}", what=what)


def _one_game(df: pd.DataFrame) -> pd.DataFrame:
    games = df["game"].unique()
    if len(games) > 1:
        raise ValueError(f"the table holds {len(games)} games; chart one: df[df.game == id]")
    return df


def _by_player(rows: pd.DataFrame) -> list[tuple[int, pd.DataFrame]]:
    count = int(rows["player"].max()) + 1 if len(rows) else 0
    return [(player, rows[rows["player"] == player]) for player in range(count)]


def _layout(figure: go.Figure, rows: pd.DataFrame, turn: int | None, what: str,
            words: Translator, panels: int = 0) -> None:
    """Shared looks; ``panels`` is the number of stacked subplots (0 for a plain figure)."""
    if turn is not None:
        figure.add_vline(x=turn, line_color=OUTLINE, line_width=1.5, opacity=0.6)
    last = int(rows["turn"].max()) if len(rows) else 0
    figure.update_layout(template="plotly_white", margin={"l": 50, "r": 20, "t": 30, "b": 40},
                         height=360, hovermode="closest", clickmode="event")
    figure.update_xaxes(range=[-0.5, last + 0.5])
    if panels:
        figure.update_xaxes(title_text=words.gettext("turn"), row=panels, col=1)
    else:
        figure.update_xaxes(title_text=words.gettext("turn"))
    figure.update_yaxes(title_text=what)
