"""The whole board: its frame (the root ``<svg>`` with both layouts' view boxes, the legend),
the parts drawn in it, and the ``<div>`` that notebooks and the app show it in."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from html import escape

from splendor_nb.cards import COLOURS, LETTERS
from splendor_nb.engine import GameState
from splendor_nb.i18n import SOURCE_LANGUAGE, Translator, translator
from splendor_nb.palette import GLOW
from splendor_nb.render.board_interaction import (
    NO_TOUCHES,
    Interaction,
    MoveTouches,
    hint_touches,
    move_touches,
)
from splendor_nb.render.board_layout import (
    FONT,
    LEFT,
    MARKET_BOTTOM,
    MINI_H,
    MINI_W,
    NARROW_PANEL_X,
    NARROW_PANELS_Y,
    NARROW_WIDTH,
    PANEL_GAP,
    PANEL_H,
    PANEL_X,
    TOP,
    WIDTH,
)
from splendor_nb.render.board_words import colour_name, fill_template, player_labels
from splendor_nb.render.card_svg import draw_market
from splendor_nb.render.last_move import NO_LAST_MOVE, LastMove, last_move
from splendor_nb.render.noble_svg import draw_nobles
from splendor_nb.render.panel_svg import draw_panel
from splendor_nb.render.status_line import draw_status
from splendor_nb.render.supply_svg import draw_supply
from splendor_nb.render.svg_shapes import suggestion_mark

_LEGEND_LINE = 16
_WIDE_LEGEND_CHARS = 140
_NARROW_LEGEND_CHARS = 72
_ROOT_DATA = re.compile(r'^<svg [^>]*?data-turn="(\d+)" data-player="(\d+)"')


def board_svg(state: GameState, *, viewer: int | None = None, highlight: bool = True,
              names: Sequence[str] | None = None, interaction: Interaction | None = None,
              suggest: str | None = None, language: str = SOURCE_LANGUAGE,
              ended: str | None = None) -> str:
    """The whole board as an SVG string (``viewBox`` 1000 wide, ``width="100%"``).

    ``viewer=None`` shows everything; ``viewer=i`` draws the other players' blind reserves
    face-down. ``highlight`` marks the last move (the state records what its last turn did).
    ``names`` label the players (escaped); the default is "Player 1", "Player 2", ...

    ``interaction`` (an :class:`Interaction`) makes the board clickable for the player to move:
    the supply piles, the face-up cards, the decks and the mover's reserved cards carry
    ``data-action`` (with ``data-colour``, ``data-card`` or ``data-tier``), ``tabindex="0"``,
    ``role="button"`` and an ``aria-label`` in words; piles that may not be taken are dimmed,
    affordable cards ringed, reservable decks marked, the picks and the hint shown.

    ``suggest`` (a move in the notation) marks a move to consider on a board nothing can be
    clicked on: the review's preferred move, with a dashed ring (class ``suggestion``) round
    the piles, the card or the deck it takes, tagged "best" (colour is never the only sign).

    ``language`` (a code of ``splendor_nb.i18n.LANGUAGES``) is the language of its words.
    ``ended`` says how a game ended off the board (a resignation: the rules know no such end),
    shown where the player to move would be, and nobody is to move.

    Every gem shows its letter (w b g r k y, as in the notation) beside its count, and every
    card, deck, noble and pile has a ``<title>`` in words (a tooltip). The drawing holds a
    second, narrow layout (516 wide, the players below the market) that the
    :class:`~splendor_nb.ui.board_widget.ClickableBoard` switches to on a narrow screen:
    ``data-narrow-viewbox`` on the root, ``data-narrow-transform`` on the players, and
    ``data-layout="wide"``/``"narrow"`` on the texts drawn twice.

    >>> from splendor_nb import new_game, Move
    >>> state = new_game(seed=7).apply(Move.parse("+wbg"))
    >>> 'data-supply="white" data-count="3"' in board_svg(state)
    True
    >>> 'data-action="supply" data-colour="red"' in board_svg(state, interaction=Interaction())
    True
    >>> board_svg(state, suggest="+rr").count('class="suggestion"')
    1
    >>> "Ход 1" in board_svg(state, language="ru")
    True
    """
    words = translator(language)
    marks = last_move(state) if highlight else NO_LAST_MOVE
    labels = player_labels(state, names, words)
    hint = hint_touches(interaction)
    suggested = move_touches(suggest) if interaction is None else NO_TOUCHES
    over = state.over or ended is not None
    out = [_root(state, labels, words, over, interaction is not None)]
    draw_status(out, state, marks, labels, words, ended)
    draw_nobles(out, state.nobles, marks.noble, words)
    draw_market(out, state, marks, interaction, hint, suggested, words)
    draw_supply(out, state.supply_counts, marks, interaction, hint, suggested, words)
    _panels(out, state, marks, labels, viewer, interaction, suggested, words, over)
    players = len(state.players)
    _legend(out, _wide_bottom(players), _legend_lines(_WIDE_LEGEND_CHARS, words.language), "wide")
    _legend(out, _narrow_bottom(players), _legend_lines(_NARROW_LEGEND_CHARS, words.language),
            "narrow")
    out.append("</svg>")
    return "".join(out)


def board_html(state: GameState, *, viewer: int | None = None, highlight: bool = True,
               names: Sequence[str] | None = None, interaction: Interaction | None = None,
               language: str = SOURCE_LANGUAGE) -> str:
    """The board in a ``<div class="splendor-board" data-turn=... data-player=...>``, its
    words in ``language``.

    >>> from splendor_nb import new_game
    >>> board_html(new_game(seed=7)).split(" style")[0]
    '<div class="splendor-board" data-turn="0" data-player="0"'
    """
    return board_frame(board_svg(state, viewer=viewer, highlight=highlight, names=names,
                                 interaction=interaction, language=language))


def board_frame(svg: str) -> str:
    """A board SVG in its ``<div class="splendor-board">``, which repeats the SVG's turn and
    player to move (what :func:`board_html` gives, and a clickable board shows).

    >>> board_frame('<svg data-turn="3" data-player="1"></svg>')
    '<div class="splendor-board" data-turn="3" data-player="1" style="max-width:1000px"><svg \
data-turn="3" data-player="1"></svg></div>'
    """
    found = _ROOT_DATA.search(svg)
    if found is None:
        raise ValueError("not a board SVG: its root has no data-turn and data-player")
    turn, player = found.groups()
    return (f'<div class="splendor-board" data-turn="{turn}" data-player="{player}" '
            f'style="max-width:1000px">{svg}</div>')


def _root(state: GameState, labels: list[str], words: Translator, over: bool,
          clickable: bool) -> str:
    """The root ``<svg>``, tall enough for either layout, named in words, and its background.
    A clickable board is a group of buttons, else an image."""
    players, language = len(state.players), words.language
    height = (_wide_bottom(players) + 8
              + _LEGEND_LINE * len(_legend_lines(_WIDE_LEGEND_CHARS, language)))
    narrow_height = (_narrow_bottom(players) + 8
                     + _LEGEND_LINE * len(_legend_lines(_NARROW_LEGEND_CHARS, language)))
    if over:
        named = escape(words.gettext("Splendor board, turn {turn}", turn=state.turn))
    else:
        named = fill_template(words.gettext("Splendor board, turn {turn}, {name} to move",
                                            turn=state.turn, name="{name}"),
                              name=labels[state.current_player])  # the label is escaped
    role = "group" if clickable else "img"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="splendor-board-svg" '
            f'viewBox="0 0 {WIDTH} {height}" width="100%" font-family="{FONT}" '
            f'data-turn="{state.turn}" data-player="{state.current_player}" '
            f'data-wide-viewbox="0 0 {WIDTH} {height}" '
            f'data-narrow-viewbox="0 0 {NARROW_WIDTH} {narrow_height}" role="{role}" '
            f'aria-label="{named}">'
            f'<rect width="{WIDTH}" height="{max(height, narrow_height)}" rx="14" '
            'fill="#f6f1e7"/>')


def _wide_bottom(players: int) -> int:
    """The bottom of the wide layout's drawing: the market's or the last panel's."""
    return max(MARKET_BOTTOM, TOP + players * (PANEL_H + PANEL_GAP))


def _narrow_bottom(players: int) -> int:
    """The bottom of the narrow layout's drawing: its last panel's, below the market."""
    return NARROW_PANELS_Y + players * (PANEL_H + PANEL_GAP)


def _panels(out: list[str], state: GameState, marks: LastMove, labels: list[str],
            viewer: int | None, interaction: Interaction | None, suggested: MoveTouches,
            words: Translator, over: bool) -> None:
    """The players' panels, in a group that the narrow layout moves below the market."""
    out.append(f'<g class="splendor-panels" '
               f'data-narrow-transform="translate({NARROW_PANEL_X - PANEL_X},'
               f'{NARROW_PANELS_Y - TOP})">')
    winners = state.winners
    for i, player in enumerate(state.players):
        moving = i == state.current_player and not over
        panel = draw_panel(i, player, moving, marks if i == marks.mover else None, labels[i],
                           viewer, i in winners, interaction if moving else None,
                           words.language)
        if moving and suggested.card is not None and suggested.card in {
                card.id for card in player.reserved}:  # the bot buys a reserved card
            k = [card.id for card in player.reserved].index(suggested.card)
            panel = panel[:-4] + (f'<g transform="translate({290 + k * 56},44)">'
                                  f'{suggestion_mark(MINI_W, MINI_H, 5, words)}</g></g>')
        out.append(panel)
    out.append("</g>")


def _legend_items(language: str) -> list[tuple[str, int]]:
    """The legend's items as SVG markup, each with the length of its text."""
    words = translator(language)
    orange = words.gettext("orange")
    letters = ", ".join(words.gettext("{letter} {colour}", letter=letter,
                                      colour=colour_name(words, colour))
                        for letter, colour in zip(LETTERS, COLOURS, strict=True))
    texts = [words.gettext("tier III top, I bottom"),
             words.gettext("squares: bonuses (bought cards)"),
             words.gettext("circles: tokens"), words.gettext("dashed card: blind reserve"),
             words.gettext("{orange}: last move", orange="{orange}"),
             words.gettext("letters: {letters}", letters=letters)]
    items = [(escape(text), len(text)) for text in texts]
    mark = f'<tspan fill="{GLOW}" font-weight="700">{escape(orange)}</tspan>'
    last = items[4][0]
    items[4] = (last.replace("{orange}", mark), items[4][1] - len("{orange}") + len(orange))
    return items


@lru_cache(maxsize=64)
def _legend_lines(width: int, language: str) -> tuple[str, ...]:
    """The legend's items, wrapped into lines of about ``width`` characters (cached per
    language)."""
    lines: list[list[str]] = [[]]
    used = 0
    for item, length in _legend_items(language):
        if lines[-1] and used + 3 + length > width:
            lines.append([])
            used = 0
        used += length + (3 if lines[-1] else 0)
        lines[-1].append(item)
    return tuple(" \u00b7 ".join(line) for line in lines)


def _legend(out: list[str], bottom: int, lines: Sequence[str], layout: str) -> None:
    """The legend's lines under the drawing of one layout (the narrow one hidden at first)."""
    hidden = ' display="none"' if layout == "narrow" else ""
    out.append(f'<g font-size="12" fill="#8a7d6d" data-layout="{layout}"{hidden}>')
    for k, line in enumerate(lines):
        out.append(f'<text x="{LEFT + 4}" y="{bottom + 14 + k * _LEGEND_LINE}">{line}</text>')
    out.append("</g>")
