"""The board as SVG: a pure function of a game state (DESIGN.md layer 5).

``board_svg(state)`` draws the market (three tiers of face-up cards beside their decks), the
nobles, the token supply and each player's tableau; ``board_html`` wraps it in a
``<div class="splendor-board">`` for notebooks and the app. The last move is highlighted: the
tokens taken or returned (+n/-n badges), the card bought or reserved and the slot it came from,
the noble that visited. With ``viewer=i`` the other players' blind reserves (R-RESERVE-HIDDEN)
are drawn face-down. What the last turn did comes from the state itself (``last_turn``).
Every word it writes (the status line, the tags, the legend, the accessible names and
tooltips) is in ``language`` (English by default), with the rulebooks' game words.

>>> from splendor_nb import new_game
>>> svg = board_svg(new_game(players=2, seed=7))
>>> svg.startswith("<svg") and svg.count('class="card"') == 12
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from html import escape

from splendor_nb.cards import CARD_BY_ID, COLOURS, GEMS, LETTERS, NOBLE_BY_ID, Card, Noble
from splendor_nb.engine import GameState, PlayerState
from splendor_nb.engine.counts import plus
from splendor_nb.i18n import N_, SOURCE_LANGUAGE, Translator, translator
from splendor_nb.moves import Move
from splendor_nb.palette import (
    ACCENT,
    GEM_DARK,
    GEM_FILL,
    GEM_LIGHT,
    GEM_TEXT,
    GLOW,
    TIER_DARK,
    TIER_LIGHT,
    TO_MOVE,
    WINNER,
)
from splendor_nb.rules import TOKEN_LIMIT, WINNING_POINTS

TIER_NAME: dict[int, str] = {1: "I", 2: "II", 3: "III"}
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

WIDTH = 1000
CARD_W, CARD_H = 92, 128
MINI_W, MINI_H = 50, 70
NOBLE_SIZE = 84
PANEL_W, PANEL_H, PANEL_GAP = 460, 122, 8
_TOP = 36
_LEFT = 12
_COLUMN = CARD_W + 8
_ROW = CARD_H + 8
_TIER_Y = {3: _TOP + NOBLE_SIZE + 12, 2: _TOP + NOBLE_SIZE + 12 + _ROW,
           1: _TOP + NOBLE_SIZE + 12 + 2 * _ROW}
_SUPPLY_Y = _TIER_Y[1] + CARD_H + 38
_PANEL_X = 528
_NAME_CHARS = 30
_MARKET_BOTTOM = _SUPPLY_Y + 52

NARROW_WIDTH = _LEFT + 5 * _COLUMN + 4
"""The narrow layout's width: the market alone; the players' tableaux go below it."""
_NARROW_PANEL_X = (NARROW_WIDTH - PANEL_W) // 2
_NARROW_PANELS_Y = _MARKET_BOTTOM + 30
_LEGEND_LINE = 16
_WIDE_LEGEND_CHARS = 140
_NARROW_LEGEND_CHARS = 72
_ROOT_DATA = re.compile(r'^<svg [^>]*?data-turn="(\d+)" data-player="(\d+)"')

PICKED = TO_MOVE
"""What the player to move has picked, and the places they may reserve from: their colour."""
AFFORDABLE = "#1e8a3a"
"""The ring of a card the player to move can afford."""
HINT = "#6a3fd0"
"""The hint's marks (dashed, and tagged "hint", so that colour is never the only sign)."""
FOCUS = ACCENT
"""The keyboard focus ring."""
COLOUR_WORDS: dict[str, str] = {
    "white": N_("white"), "blue": N_("blue"), "green": N_("green"), "red": N_("red"),
    "black": N_("black"), "gold": N_("gold")}
"""The colours' names, as the catalogues translate them (the gems: "saphir", "zafiro")."""


@dataclass(frozen=True, slots=True)
class Interaction:
    """What the person to move may click on the board now, and what they have picked so far.

    >>> Interaction(takeable=frozenset({"red"})).picked_tokens
    (0, 0, 0, 0, 0, 0)
    """

    takeable: frozenset[str] = frozenset()
    """Gem colours ("white"...) whose pile may be picked now (R-TAKE3, R-TAKE2)."""
    picked_tokens: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Tokens picked for a take so far, per colour in COLOURS order."""
    buyable: frozenset[str] = frozenset()
    """Card ids (market or the mover's reserved) affordable now."""
    reservable: frozenset[str] = frozenset()
    """Face-up card ids that may be reserved now."""
    reservable_decks: frozenset[int] = frozenset()
    """Tiers whose deck may be reserved blind."""
    picked_card: str | None = None
    """The card picked, awaiting Buy or Reserve."""
    hint: str | None = None
    """A move in the notation to highlight as a hint."""
    picked_deck: int | None = None
    """The tier of the deck picked, awaiting Reserve (R-RESERVE-HIDDEN)."""


def board_svg(state: GameState, *, viewer: int | None = None, highlight: bool = True,
              previous: GameState | None = None, names: Sequence[str] | None = None,
              interaction: Interaction | None = None, suggest: str | None = None,
              language: str = SOURCE_LANGUAGE, ended: str | None = None) -> str:
    """The whole board as an SVG string (``viewBox`` 1000 wide, ``width="100%"``).

    ``viewer=None`` shows everything; ``viewer=i`` draws the other players' blind reserves
    face-down. ``highlight`` marks the last move. ``previous`` is accepted as before and no
    longer needed: the state records what its last turn did. ``names`` label the players
    (escaped); the default is "Player 1", "Player 2", ...

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
    language = words.language
    marks = _marks(state) if highlight else _NO_MARKS
    labels = _names(state, names, words)
    players = len(state.players)
    wide_legend = _legend_lines(_WIDE_LEGEND_CHARS, language)
    narrow_legend = _legend_lines(_NARROW_LEGEND_CHARS, language)
    wide_bottom = max(_MARKET_BOTTOM, _TOP + players * (PANEL_H + PANEL_GAP))
    height = wide_bottom + 8 + _LEGEND_LINE * len(wide_legend)
    narrow_bottom = _NARROW_PANELS_Y + players * (PANEL_H + PANEL_GAP)
    narrow_height = narrow_bottom + 8 + _LEGEND_LINE * len(narrow_legend)
    over = state.over or ended is not None
    if over:
        named = escape(words.gettext("Splendor board, turn {turn}", turn=state.turn))
    else:
        named = _template(words.gettext("Splendor board, turn {turn}, {name} to move",
                                        turn=state.turn, name="{name}"),
                          name=labels[state.current_player])  # the label is escaped
    role = "img" if interaction is None else "group"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="splendor-board-svg" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" font-family="{FONT}" '
        f'data-turn="{state.turn}" data-player="{state.current_player}" '
        f'data-wide-viewbox="0 0 {WIDTH} {height}" '
        f'data-narrow-viewbox="0 0 {NARROW_WIDTH} {narrow_height}" role="{role}" '
        f'aria-label="{named}">',
        f'<rect width="{WIDTH}" height="{max(height, narrow_height)}" rx="14" fill="#f6f1e7"/>',
    ]
    hint = _hint(interaction)
    suggested = _suggested(suggest) if interaction is None else _NO_HINT
    _status(out, state, marks, labels, words, ended)
    _nobles(out, state.nobles, marks.noble, words)
    _market(out, state, marks, interaction, hint, suggested, words)
    _supply(out, state.supply_counts, marks, interaction, hint, suggested, words)
    winners = state.winners
    out.append(f'<g class="splendor-panels" '
               f'data-narrow-transform="translate({_NARROW_PANEL_X - _PANEL_X},'
               f'{_NARROW_PANELS_Y - _TOP})">')
    for i, player in enumerate(state.players):
        moving = i == state.current_player and not over
        panel = _panel(i, player, moving, marks if i == marks.mover else None, labels[i],
                       viewer, i in winners, interaction if moving else None, language)
        if moving and suggested.card is not None and suggested.card in {
                card.id for card in player.reserved}:  # the bot buys a reserved card
            k = [card.id for card in player.reserved].index(suggested.card)
            panel = panel[:-4] + (f'<g transform="translate({290 + k * 56},44)">'
                                  f'{_suggestion_mark(MINI_W, MINI_H, 5, words)}</g></g>')
        out.append(panel)
    out.append("</g>")
    _legend(out, wide_bottom, wide_legend, "wide")
    _legend(out, narrow_bottom, narrow_legend, "narrow")
    out.append("</svg>")
    return "".join(out)


def board_html(state: GameState, *, viewer: int | None = None, highlight: bool = True,
               previous: GameState | None = None, names: Sequence[str] | None = None,
               interaction: Interaction | None = None, language: str = SOURCE_LANGUAGE) -> str:
    """The board in a ``<div class="splendor-board" data-turn=... data-player=...>``, its
    words in ``language``.

    >>> from splendor_nb import new_game
    >>> board_html(new_game(seed=7)).split(" style")[0]
    '<div class="splendor-board" data-turn="0" data-player="0"'
    """
    return board_frame(board_svg(state, viewer=viewer, highlight=highlight, previous=previous,
                                 names=names, interaction=interaction, language=language))


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


def card_label(card: Card, language: str = SOURCE_LANGUAGE) -> str:
    """A card in words: its id, points, bonus and cost (its tooltip and accessible name).

    >>> card_label(CARD_BY_ID["2g4"])
    'card 2g4, 2 points, green bonus, costs 5 blue, 3 green'
    >>> card_label(CARD_BY_ID["2g4"], "tr")
    '2g4 kartı, 2 puan, yeşil bonus, bedel: 5 mavi, 3 yeşil'
    """
    return _card_label(card.id, translator(language).language)


def card_svg(card: Card, language: str = SOURCE_LANGUAGE) -> str:
    """One face-up card as a standalone SVG (cached: cards are immutable singletons), its
    tooltip in ``language``.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> 'data-card="2g4"' in card_svg(CARD_BY_ID["2g4"])
    True
    """
    return _card_svg(card.id, translator(language).language)


@cache
def _card_label(card_id: str, language: str) -> str:
    card = CARD_BY_ID[card_id]
    words = translator(language)
    if card.points:
        points = words.ngettext("{count} point", "{count} points", card.points)
    else:
        points = words.gettext("no points")
    return words.gettext("card {card}, {points}, {colour} bonus, costs {costs}", card=card.id,
                         points=points, colour=_colour(words, card.bonus),
                         costs=_amounts(words, card.costs))


def _colour(words: Translator, colour: str) -> str:
    """A colour's name in the translator's language."""
    return words.gettext(COLOUR_WORDS[colour])


def _amounts(words: Translator, counts: Sequence[int]) -> str:
    """Counts by gem colour in words ("5 blue, 3 green"), as a cost or a requirement says."""
    return ", ".join(words.pgettext("cost", "{count} {colour}", count=n,
                                    colour=_colour(words, gem))
                     for gem, n in zip(GEMS, counts, strict=False) if n)


# --- last move -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Marks:
    """What the last move changed, as the board highlights it."""

    mover: int | None = None
    plus: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Tokens the mover gained, per colour (the supply lost as many)."""
    minus: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Tokens the mover gave back (paid or returned; the supply gained them)."""
    slot: tuple[int, int] | None = None
    """(tier, slot) the bought or reserved card left."""
    deck: int | None = None
    """The tier of the deck a blind reserve came from."""
    bonus: int | None = None
    """The colour index of a card just bought."""
    reserved: int | None = None
    """The index, in the mover's reserved cards, of a card just reserved."""
    noble: str | None = None
    points: int = 0
    text: str = ""


_NO_MARKS = _Marks()


def _marks(state: GameState) -> _Marks:
    """The highlights of the last turn, read from what the engine recorded of it."""
    turn = state.last_turn
    if turn is None:
        return _NO_MARKS
    move = turn.move
    card = turn.card
    mover = turn.player
    reserved = len(state.players[mover].reserved) - 1 if move.kind == "reserve" else None
    return _Marks(mover, turn.taken, plus(turn.paid, turn.returned), turn.slot,
                  move.tier if move.kind == "reserve" and move.card is None else None,
                  card.bonus_index if move.kind == "buy" and card is not None else None,
                  reserved, move.noble, turn.points, str(move))


# --- the interaction ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Hint:
    """What a hinted move touches on the board."""

    colours: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    card: str | None = None
    deck: int | None = None


_NO_HINT = _Hint()


def _hint(interaction: Interaction | None) -> _Hint:
    if interaction is None or interaction.hint is None:
        return _NO_HINT
    return _suggested(interaction.hint)


def _suggested(text: str | None) -> _Hint:
    """What the move ``text`` (the notation) touches on the board."""
    if text is None:
        return _NO_HINT
    move = Move.parse(text)
    if move.kind == "take":
        return _Hint(colours=move.gems)
    if move.kind == "reserve" and move.card is None:
        return _Hint(deck=move.tier)
    return _Hint(card=move.card)


def _action(action: str, label: str, disabled: bool = False, **data: str | int) -> str:
    """The attributes that make an element clickable and focusable, named in words."""
    ids = "".join(f' data-{key}="{value}"' for key, value in data.items())
    off = ' aria-disabled="true"' if disabled else ""
    return (f'data-action="{action}"{ids} tabindex="0" role="button" '
            f'aria-label="{escape(label)}"{off}')


def _clickable(fragment: str, attributes: str, children: str) -> str:
    """A cached ``<g ...>...</g>`` fragment with attributes added to its opening tag and
    children drawn over it."""
    return f"<g {attributes} {fragment[3:-4]}{children}</g>"


def _card_marks(width: float, height: float, rx: float, words: Translator, *, buyable: bool,
                picked: bool, hinted: bool) -> str:
    """The rings and the tag of a card the player to move may act on, and the focus ring.

    The tag says the marks in words, as many as fit the card's width (the first always).
    """
    parts = [_focus_rect(width, height, rx)]
    if hinted:
        parts.append(_ring(-7, -7, width + 14, height + 14, rx + 6, HINT, "hint", dashed=True))
    if buyable:
        parts.append(_ring(-3, -3, width + 6, height + 6, rx + 3, AFFORDABLE, "affordable"))
    if picked:
        parts.append(_ring(-1.5, -1.5, width + 3, height + 3, rx + 1.5, PICKED, "picked",
                           width_=4))
    tags = [w for w, on in ((words.pgettext("tag", "picked"), picked),
                            (words.pgettext("tag", "buy"), buyable),
                            (words.pgettext("tag", "hint"), hinted)) if on]
    if tags:
        colour = PICKED if picked else AFFORDABLE if buyable else HINT
        text = tags[0]
        for word in tags[1:]:
            if _tag_width(f"{text} \u00b7 {word}") > width:
                break
            text = f"{text} \u00b7 {word}"
        parts.append(_tag(width / 2, height, text, colour, "action-tag"))
    return "".join(parts)


def _raised(body: str, width: float, height: float, rx: float, lift: float) -> str:
    """A picked card, lifted off the board over its shadow."""
    return (f'<rect class="lift-shadow" x="2" y="3" width="{width}" height="{height}" '
            f'rx="{rx}" fill="#000000" fill-opacity="0.22"/>'
            f'<g transform="translate(0,{-lift})">{body}</g>')


def _card_can(interaction: Interaction, card_id: str, words: Translator) -> tuple[str, bool]:
    """What may be done with a face-up card, in words, and whether nothing may."""
    buyable, reservable = card_id in interaction.buyable, card_id in interaction.reservable
    if buyable and reservable:
        return words.gettext("can be bought or reserved"), False
    if buyable:
        return words.gettext("can be bought"), False
    if reservable:
        return words.gettext("can be reserved"), False
    return words.gettext("cannot be bought or reserved now"), True


def _also(words: Translator, picked: bool, hinted: bool) -> list[str]:
    """The last words of a clickable thing's name: whether it is picked, whether it is the
    hint."""
    return [*([words.gettext("picked")] if picked else []),
            *([words.gettext("the hint")] if hinted else [])]


# --- drawing ---------------------------------------------------------------------------------


def _names(state: GameState, names: Sequence[str] | None, words: Translator) -> list[str]:
    count = len(state.players)
    given = list(names or ())[:count]
    labels = [str(n) for n in given] + [words.gettext("Player {number}", number=i + 1)
                                        for i in range(len(given), count)]
    return [escape(n if len(n) <= _NAME_CHARS else n[:_NAME_CHARS - 1] + "\u2026")
            for n in labels]


def _status(out: list[str], state: GameState, marks: _Marks, labels: list[str],
            words: Translator, ended: str | None) -> None:
    """The turn, who moves (or how the game ended: ``ended`` for a game ended off the board),
    and the last move; the narrow layout has its own copies of the last two (right-aligned,
    and on a line of its own above the players). Player names are marked ``data-name`` (the
    file's own words, not the app's)."""
    y = 24
    turn = escape(words.gettext("Turn {turn}", turn=state.turn))
    round_ = escape(words.gettext("round {round}", round=state.round))
    out.append(f'<text x="{_LEFT + 4}" y="{y}" font-size="16" fill="#4a4036">'
               f'<tspan font-weight="700">{turn}</tspan>'
               f'<tspan fill="#8a7d6d"> \u00b7 {round_}</tspan></text>')
    narrow = None
    if ended is not None:
        over = escape(words.gettext("Game over"))
        narrow = f'<tspan font-weight="700" fill="#b5470b">{over}</tspan>'
        middle = f'{narrow} \u00b7 {escape(ended)}'  # the narrow board has room for the first
    elif state.over:
        won = ", ".join(_named(labels[i]) for i in state.winners)
        over = escape(words.gettext("Game over"))
        middle = (f'<tspan font-weight="700" fill="#b5470b">{over}</tspan> \u00b7 '
                  + _template(words.gettext("won by {names}", names="{names}"), names=won))
    else:
        name = f'<tspan font-weight="700" data-name="">{labels[state.current_player]}</tspan>'
        middle = _template(words.gettext("{name} to move", name="{name}"), name=name)
        if any(p.points >= WINNING_POINTS for p in state.players):
            last_round = escape(words.gettext("last round"))
            middle += f' \u00b7 <tspan font-weight="700" fill="#b5470b">{last_round}</tspan>'
    out.append(f'<text x="{_PANEL_X - 150}" y="{y}" font-size="16" fill="#4a4036" '
               f'text-anchor="middle" data-layout="wide">{middle}</text>'
               f'<text x="{NARROW_WIDTH - _LEFT - 4}" y="{y}" font-size="16" fill="#4a4036" '
               f'text-anchor="end" data-layout="narrow" display="none">{narrow or middle}</text>')
    if marks.mover is not None:
        move = (f'<tspan font-weight="700" fill="{GLOW}" '
                f'font-family="ui-monospace, Menlo, Consolas, monospace" data-notation="">'
                f'{escape(marks.text)}</tspan>')
        last = _template(words.gettext("last move: {name} {move}", name="{name}", move="{move}"),
                         name=_named(labels[marks.mover]), move=move)
        out.append(f'<text x="{WIDTH - _LEFT - 4}" y="{y}" font-size="14" fill="#6b5f52" '
                   f'text-anchor="end" data-layout="wide">{last}</text>'
                   f'<text x="{_LEFT + 4}" y="{_NARROW_PANELS_Y - 12}" font-size="14" '
                   f'fill="#6b5f52" data-layout="narrow" display="none">{last}</text>')


def _template(template: str, **markup: str) -> str:
    """A translated template, escaped, with its placeholders replaced by SVG markup (a name in
    its ``<tspan>``): the translation decides where they go."""
    text = escape(template)
    for key, value in markup.items():
        text = text.replace("{" + key + "}", value)
    return text


def _named(label: str) -> str:
    """A player's name (already escaped), marked as a name: not a word of the app."""
    return f'<tspan data-name="">{label}</tspan>'


def _nobles(out: list[str], nobles: tuple[Noble, ...], visitor: str | None,
            words: Translator) -> None:
    """The nobles on the table, then a faded ghost of the one that just visited, if any."""
    language = words.language
    if not nobles and not visitor:
        none_left = escape(words.gettext("no nobles left"))
        out.append(f'<text x="{_LEFT + 6}" y="{_TOP + NOBLE_SIZE / 2 + 5}" font-size="13" '
                   f'fill="#a89a86">{none_left}</text>')
    for k, noble in enumerate(nobles):
        out.append(f'<g transform="translate({_LEFT + k * (NOBLE_SIZE + 8)},{_TOP})">'
                   f'{_noble_fragment(noble.id, language)}</g>')
    if visitor:
        visited = words.pgettext("tag", "visited")
        ghost = _noble_fragment(visitor, language).replace('class="noble" data-noble=',
                                                 'class="noble visited" data-visited=', 1)
        out.append(f'<g transform="translate({_LEFT + len(nobles) * (NOBLE_SIZE + 8)},{_TOP})">'
                   f'<g opacity="0.4">{ghost}</g>'
                   f'{_glow(0, 0, NOBLE_SIZE, NOBLE_SIZE, 6)}'
                   f'{_tag(NOBLE_SIZE / 2, NOBLE_SIZE, visited, GLOW)}</g>')


def _market(out: list[str], state: GameState, marks: _Marks, interaction: Interaction | None,
            hint: _Hint, suggested: _Hint, words: Translator) -> None:
    drawn = state.last_drawn  # the card that refilled the highlighted slot (R-REFILL)
    language = words.language
    for tier in (3, 2, 1):
        y = _TIER_Y[tier]
        count = len(state.decks[tier - 1])
        deck = _deck(tier, count, interaction, hint, words)
        out.append(f'<g transform="translate({_LEFT},{y})">{deck}')
        if marks.deck == tier:
            out.append(_glow(0, 0, CARD_W, CARD_H, 8))
        if suggested.deck == tier:
            out.append(_suggestion_mark(CARD_W, CARD_H, 8, words))
        out.append("</g>")
        for slot, card in enumerate(state.market_rows[tier - 1]):
            x = _LEFT + (slot + 1) * _COLUMN
            out.append(f'<g transform="translate({x},{y})" data-slot="{tier}-{slot}">')
            if card is None:
                out.append(f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
                           'fill="none" stroke="#c4b8a5" stroke-width="1.5" '
                           'stroke-dasharray="6 5"/>')
            elif interaction is None:
                out.append(_card_fragment(card.id, language))
            else:
                out.append(_market_card(card, interaction, hint, words))
            if marks.slot == (tier, slot):
                out.append(_glow(0, 0, CARD_W, CARD_H, 8))
                if card is not None and card is drawn:
                    out.append(_tag(CARD_W / 2, 0, words.pgettext("tag", "new"), GLOW))
            if card is not None and suggested.card == card.id:
                out.append(_suggestion_mark(CARD_W, CARD_H, 8, words))
            out.append("</g>")


def _market_card(card: Card, interaction: Interaction, hint: _Hint, words: Translator) -> str:
    """A face-up card the player to move may click: to buy or reserve it (R-BUY, R-RESERVE)."""
    picked = interaction.picked_card == card.id
    hinted = hint.card == card.id
    can, nothing = _card_can(interaction, card.id, words)
    name = [_card_label(card.id, words.language), can, *_also(words, picked, hinted)]
    attributes = _action("card", ", ".join(name), nothing)
    marks = _card_marks(CARD_W, CARD_H, 8, words, buyable=card.id in interaction.buyable,
                        picked=picked, hinted=hinted)
    body = _clickable(_card_fragment(card.id, words.language), attributes, marks)
    return _raised(body, CARD_W, CARD_H, 8, 8) if picked else body


def _deck(tier: int, count: int, interaction: Interaction | None, hint: _Hint,
          words: Translator) -> str:
    """A tier's deck; clickable to reserve its top card blind (R-RESERVE-HIDDEN)."""
    fragment = _deck_fragment(tier, count, words.language)
    if interaction is None or not count:
        return fragment
    reservable = tier in interaction.reservable_decks
    picked = interaction.picked_deck == tier
    hinted = hint.deck == tier
    name = [words.gettext("tier {tier} deck", tier=tier),
            words.ngettext("{count} card", "{count} cards", count),
            words.gettext("can be reserved blind") if reservable
            else words.gettext("cannot be reserved now"), *_also(words, picked, hinted)]
    marks = [_focus_rect(CARD_W, CARD_H, 8)]
    if hinted:
        marks.append(_ring(-7, -7, CARD_W + 14, CARD_H + 14, 14, HINT, "hint", dashed=True))
    if picked:
        marks.append(_ring(-2, -2, CARD_W + 4, CARD_H + 4, 10, PICKED, "picked", width_=4))
    elif reservable:
        marks.append(_ring(-3, -3, CARD_W + 6, CARD_H + 6, 11, PICKED, "reservable",
                           dashed=True))
    tags = [w for w, on in ((words.pgettext("tag", "picked"), picked),
                            (words.pgettext("tag", "reserve"), reservable and not picked),
                            (words.pgettext("tag", "hint"), hinted)) if on]
    if tags:  # inside the deck, clear of the deck below
        marks.append(_tag((CARD_W - 4) / 2, CARD_H - 18, " \u00b7 ".join(tags),
                          PICKED if picked or reservable else HINT, "action-tag"))
    return _clickable(fragment, _action("deck", ", ".join(name), not reservable, tier=tier),
                      "".join(marks))


def _supply(out: list[str], supply: tuple[int, ...], marks: _Marks,
            interaction: Interaction | None, hint: _Hint, suggested: _Hint,
            words: Translator) -> None:
    for c, colour in enumerate(COLOURS):
        x = _LEFT + 46 + c * 84
        count = supply[c]
        if interaction is None:
            title = escape(_pile_words(words, colour, count))
            out.append(f'<g transform="translate({x},{_SUPPLY_Y})" data-supply="{colour}" '
                       f'data-count="{count}">{_token(colour, count, 24, 20)}'
                       f'<title>{title}</title>')
        else:
            out.append(_pile(x, colour, count, interaction, hint.colours[c], words))
        if suggested.colours[c]:
            out.append(f'<g transform="translate(-30,-30)">'
                       f'{_suggestion_mark(60, 60, 30, words, tag_below=True)}</g>')
        _badge(out, 20, -20, marks.minus[c], marks.plus[c])
        out.append("</g>")


def _pile_words(words: Translator, colour: str, left: int) -> str:
    """A supply pile in words: its colour and how many tokens are left on it."""
    return words.ngettext("{colour} tokens, {count} left", "{colour} tokens, {count} left",
                          left, colour=_colour(words, colour))


def _pile(x: int, colour: str, count: int, interaction: Interaction, hinted: int,
          words: Translator) -> str:
    """A supply pile the player to move may click (R-TAKE3, R-TAKE2 decide which); its picked
    tokens lifted off it. Left open: the caller closes the group."""
    c = COLOURS.index(colour)
    picked = interaction.picked_tokens[c]
    takeable = colour in interaction.takeable
    left = count - picked
    name = [_pile_words(words, colour, left),
            *([words.ngettext("{count} picked", "{count} picked", picked)] if picked else []),
            *([] if takeable else [words.gettext("cannot be taken now")]),
            *_also(words, False, bool(hinted))]
    attributes = _action("supply", ", ".join(name), not takeable, colour=colour)
    flags = f' data-picked="{picked}"' if picked else ""
    title = escape(_pile_words(words, colour, left))
    parts = [f'<g transform="translate({x},{_SUPPLY_Y})" data-supply="{colour}" '
             f'data-count="{count}"{flags} {attributes}>'
             f'<title>{title}</title>'
             '<g class="focus-ring" visibility="hidden" fill="none">'
             '<circle r="33" stroke="#ffffff" stroke-width="6"/>'
             f'<circle r="33" stroke="{FOCUS}" stroke-width="3"/></g>']
    token = _token(colour, left, 24, 20)
    parts.append(token if takeable else f'<g class="dimmed" opacity="0.3">{token}</g>')
    if hinted:
        parts.append(f'<circle class="hint" r="30" fill="none" stroke="{HINT}" '
                     'stroke-width="2.5" stroke-dasharray="6 4"/>'
                     f'{_tag(0, 36, words.pgettext("tag", "hint"), HINT, "action-tag")}')
    if picked:
        parts.append(f'<circle class="picked" r="27.5" fill="none" stroke="{PICKED}" '
                     'stroke-width="3"/>'
                     '<g class="picked-token" transform="translate(-23,-21)">'
                     '<circle cx="1.5" cy="2.5" r="14" fill="#000000" fill-opacity="0.25"/>'
                     f'<circle r="14" fill="{GEM_FILL[colour]}" stroke="{PICKED}" '
                     'stroke-width="3"/>'
                     f'<text y="4.5" text-anchor="middle" font-size="13" font-weight="800" '
                     f'fill="{GEM_TEXT[colour]}">+{picked}</text></g>')
    return "".join(parts)


@lru_cache(maxsize=1024)
def _panel(index: int, player: PlayerState, to_move: bool, marks: _Marks | None, name: str,
           viewer: int | None, winner: bool, interaction: Interaction | None,
           language: str) -> str:
    """One player's tableau; ``marks`` only for the player who made the last move,
    ``interaction`` only for the player to move (their reserved cards can be clicked).

    Cached: stepping through a replay changes one tableau per turn.
    """
    words = translator(language)
    out: list[str] = []
    y = _TOP + index * (PANEL_H + PANEL_GAP)
    stroke = TO_MOVE if to_move else WINNER if winner else "#cdbfa8"
    flag = ' data-to-move="1"' if to_move else ""
    out.append(f'<g transform="translate({_PANEL_X},{y})" data-player-panel="{index}" '
               f'data-points="{player.points}"{flag}>'
               f'<rect width="{PANEL_W}" height="{PANEL_H}" rx="10" '
               f'fill="{"#f1fafa" if to_move else "#fdfbf7"}" stroke="{stroke}" '
               f'stroke-width="{3 if to_move or winner else 1.2}"/>')
    name_x = 14
    if to_move:
        out.append(f'<path d="M12,11 L24,18 L12,25 Z" fill="{TO_MOVE}"/>')
        name_x = 30
    size = 16 if len(name) <= 18 else 13
    out.append(f'<text x="{name_x}" y="24" font-size="{size}" font-weight="700" '
               f'fill="#2f2a25"><tspan data-name="{index}">{name}</tspan>')
    if viewer == index:
        you = escape(words.gettext("(you)"))
        out.append(f'<tspan font-size="12" font-weight="400" fill="#8a7d6d"> {you}</tspan>')
    if to_move:
        moves = escape(words.pgettext("tag", "to move"))
        out.append(f'<tspan font-size="12" font-weight="700" fill="{TO_MOVE}"> {moves}</tspan>')
    if winner:
        won = escape(words.pgettext("tag", "winner"))
        out.append(f'<tspan font-size="13" font-weight="700" fill="#b07d00"> \u2605 {won}'
                   '</tspan>')
    out.append("</text>")
    points = escape(words.ngettext("pt", "pts", player.points))
    out.append(f'<text x="{PANEL_W - 14}" y="36" text-anchor="end" fill="#2f2a25">'
               f'<tspan font-size="32" font-weight="800">{player.points}</tspan>'
               f'<tspan font-size="12" fill="#8a7d6d"> {points}</tspan></text>')
    if marks is not None and marks.points:
        out.append(_tag(PANEL_W - 34, 2, f"+{marks.points}", "#1e8a3a"))
    # the nobles sit left of the points, further left when the word after them is longer than
    # "pts" ("очков"), so that a two-digit score is not drawn under a noble
    shift = 7 * max(0, len(points) - 3)
    for k, noble in enumerate(reversed(player.nobles)):
        x = PANEL_W - 118 - shift - k * 36
        out.append(f'<g transform="translate({x},6)">{_small_noble(noble.id, language)}')
        if marks is not None and noble.id == marks.noble:
            out.append(_glow(0, 0, 32, 32, 4))
        out.append("</g>")
    for c, colour in enumerate(COLOURS):
        x = 16 + c * 36
        if c < 5:
            bonus = player.bonus_counts[c]
            title = escape(words.ngettext("{count} {colour} bonus (cards bought)",
                                          "{count} {colour} bonuses (cards bought)", bonus,
                                          colour=_colour(words, colour)))
            out.append(f'<g transform="translate({x},40)" data-bonus="{colour}" '
                       f'data-count="{bonus}"><title>{title}</title>'
                       f'{_bonus_tile(colour, bonus)}')
            if marks is not None and marks.bonus == c:
                out.append(_glow(0, 0, 28, 34, 4))
                out.append(_tag(24, 0, "+1", "#1e8a3a"))
            out.append("</g>")
        count = player.token_counts[c]
        title = escape(words.ngettext("{count} {colour} token", "{count} {colour} tokens", count,
                                      colour=_colour(words, colour)))
        out.append(f'<g transform="translate({x + 14},96)" data-token="{colour}" '
                   f'data-count="{count}"><title>{title}</title>{_token(colour, count, 14, 13)}')
        if marks is not None:
            _badge(out, 12, -12, marks.plus[c], marks.minus[c])
        out.append("</g>")
    total = sum(player.token_counts)
    cards = escape(words.pgettext("board", "cards"))
    tokens = escape(words.pgettext("board", "tokens"))
    out.append(f'<text x="234" y="52" font-size="12" fill="#8a7d6d">{cards}</text>'
               f'<text x="234" y="70" font-size="17" font-weight="700" fill="#2f2a25">'
               f'{len(player.cards)}</text>'
               f'<text x="234" y="88" font-size="12" fill="#8a7d6d">{tokens}</text>'
               f'<text x="234" y="106" font-size="17" font-weight="700" '
               f'fill="{"#c0392b" if total >= TOKEN_LIMIT else "#2f2a25"}" '
               f'data-total="{total}">{total}/{TOKEN_LIMIT}</text>')
    hint = _hint(interaction)
    for k in range(3):
        x = 290 + k * 56
        out.append(f'<g transform="translate({x},44)">')
        if k < len(player.reserved):
            card = player.reserved[k]
            if card.id in player.hidden and viewer is not None and viewer != index:
                out.append(_mini_back(card.tier, language))
            else:
                mini = _mini_fragment(card.id, card.id in player.hidden, language)
                out.append(mini if interaction is None else
                           _reserved_card(mini, card, interaction, hint, words))
            if marks is not None and marks.reserved == k:
                out.append(_glow(0, 0, MINI_W, MINI_H, 5))
        else:
            out.append(f'<rect x="0.5" y="0.5" width="{MINI_W - 1}" height="{MINI_H - 1}" rx="5" '
                       'fill="none" stroke="#ddd2c0" stroke-dasharray="4 4"/>')
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _reserved_card(mini: str, card: Card, interaction: Interaction, hint: _Hint,
                   words: Translator) -> str:
    """A reserved card of the player to move, clickable to buy it (R-BUY)."""
    buyable = card.id in interaction.buyable
    picked = interaction.picked_card == card.id
    hinted = hint.card == card.id
    name = [words.gettext("reserved {card}", card=_card_label(card.id, words.language)),
            words.gettext("can be bought") if buyable else words.gettext("cannot be bought now"),
            *_also(words, picked, hinted)]
    marks = _card_marks(MINI_W, MINI_H, 5, words, buyable=buyable, picked=picked, hinted=hinted)
    body = _clickable(mini, _action("reserved", ", ".join(name), not buyable), marks)
    return _raised(body, MINI_W, MINI_H, 5, 6) if picked else body


def _legend_items(language: str) -> list[tuple[str, int]]:
    """The legend's items as SVG markup, each with the length of its text."""
    words = translator(language)
    orange = words.gettext("orange")
    letters = ", ".join(words.gettext("{letter} {colour}", letter=letter,
                                      colour=_colour(words, colour))
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
    hidden = ' display="none"' if layout == "narrow" else ""
    out.append(f'<g font-size="12" fill="#8a7d6d" data-layout="{layout}"{hidden}>')
    for k, line in enumerate(lines):
        out.append(f'<text x="{_LEFT + 4}" y="{bottom + 14 + k * _LEGEND_LINE}">{line}</text>')
    out.append("</g>")


# --- cached fragments ------------------------------------------------------------------------


# Every cached fragment that holds words takes the language: it is part of each cache key.


@cache
def _card_svg(card_id: str, language: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}" '
            f'width="{CARD_W}" height="{CARD_H}" font-family="{FONT}">'
            f'{_card_fragment(card_id, language)}</svg>')


@cache
def _card_fragment(card_id: str, language: str) -> str:
    card = CARD_BY_ID[card_id]
    colour = card.bonus
    tier = card.tier
    parts = [
        f'<g class="card" data-card="{card.id}" data-tier="{tier}" data-bonus="{colour}" '
        f'data-points="{card.points}"><title>{escape(_card_label(card_id, language))}</title>',
        f'<rect x="0.75" y="0.75" width="{CARD_W - 1.5}" height="{CARD_H - 1.5}" rx="8" '
        f'fill="{GEM_LIGHT[colour]}" stroke="#8f8373" stroke-width="1.5"/>',
        f'<path d="M0.75,36 V8.75 A8,8 0 0 1 8.75,0.75 H{CARD_W - 8.75} '
        f'A8,8 0 0 1 {CARD_W - 0.75},8.75 V36 Z" fill="{TIER_LIGHT[tier]}"/>',
        f'<rect x="0.75" y="34" width="{CARD_W - 1.5}" height="3" fill="{TIER_DARK[tier]}"/>',
        _gem(CARD_W / 2 + 6, 70, 22, colour, 0.16),
    ]
    if card.points:
        parts.append(f'<text x="9" y="28" font-size="25" font-weight="800" fill="#2f2a25">'
                     f'{card.points}</text>')
    parts.append(_gem(CARD_W - 18, 17, 12, colour, letter=13))
    costs = [(GEMS[i], n) for i, n in enumerate(card.costs) if n]
    for k, (gem, n) in enumerate(costs):
        parts.append(_pip(13 + k * 22, CARD_H - 15, 10.5, gem, n, 12))
    parts.append("</g>")
    return "".join(parts)


@cache
def _mini_fragment(card_id: str, blind: bool, language: str) -> str:
    card = CARD_BY_ID[card_id]
    colour = card.bonus
    dash = ' stroke-dasharray="4 3"' if blind else ""
    flag = ' data-blind="1"' if blind else ""
    label = _card_label(card_id, language)
    if blind:
        label = translator(language).gettext("{card}, reserved blind", card=label)
    parts = [
        f'<g class="mini-card" data-card="{card.id}"{flag}><title>{escape(label)}</title>',
        f'<rect x="0.5" y="0.5" width="{MINI_W - 1}" height="{MINI_H - 1}" rx="5" '
        f'fill="{GEM_LIGHT[colour]}" stroke="#8f8373" stroke-width="1.2"{dash}/>',
        f'<path d="M0.5,20 V5.5 A5,5 0 0 1 5.5,0.5 H{MINI_W - 5.5} A5,5 0 0 1 {MINI_W - 0.5},5.5 '
        f'V20 Z" fill="{TIER_LIGHT[card.tier]}"/>',
        f'<rect x="0.5" y="19" width="{MINI_W - 1}" height="2" fill="{TIER_DARK[card.tier]}"/>',
    ]
    if card.points:
        parts.append(f'<text x="5" y="16" font-size="14" font-weight="800" fill="#2f2a25">'
                     f'{card.points}</text>')
    parts.append(_gem(MINI_W - 11, 10, 8, colour, letter=9))
    costs = [(GEMS[i], n) for i, n in enumerate(card.costs) if n]
    for k, (gem, n) in enumerate(costs):
        parts.append(_pip(13 + (k % 2) * 24, 36 + (k // 2) * 20, 9.5, gem, n, 11))
    parts.append("</g>")
    return "".join(parts)


@cache
def _mini_back(tier: int, language: str) -> str:
    title = escape(translator(language).gettext("a tier {tier} card reserved blind", tier=tier))
    return (f'<g class="mini-card face-down" data-hidden-tier="{tier}">'
            f'<title>{title}</title>'
            f'<rect x="0.5" y="0.5" width="{MINI_W - 1}" height="{MINI_H - 1}" rx="5" '
            f'fill="{TIER_DARK[tier]}" stroke="#5b4f40" stroke-width="1.2"/>'
            f'<rect x="5" y="5" width="{MINI_W - 10}" height="{MINI_H - 10}" rx="3" fill="none" '
            'stroke="#ffffff" stroke-opacity="0.5"/>'
            f'<text x="{MINI_W / 2}" y="{MINI_H / 2 + 8}" text-anchor="middle" font-size="22" '
            'font-weight="800" fill="#ffffff">?</text>'
            f'{_tier_dots(MINI_W / 2, 15, tier, 2, "#ffffff")}</g>')


@cache
def _deck_fragment(tier: int, count: int, language: str) -> str:
    words = translator(language)
    if not count:
        title = escape(words.gettext("tier {tier} deck, empty", tier=tier))
        empty = escape(words.pgettext("deck", "empty"))
        return (f'<g class="deck" data-deck="{tier}" data-count="0">'
                f'<title>{title}</title>'
                f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
                'fill="none" stroke="#c4b8a5" stroke-width="1.5" stroke-dasharray="6 5"/>'
                f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 5}" text-anchor="middle" font-size="13" '
                f'fill="#a89a86">{empty}</text></g>')
    dark = TIER_DARK[tier]
    title = escape(words.ngettext("tier {tier} deck, {count} card face down",
                                  "tier {tier} deck, {count} cards face down", count, tier=tier))
    in_deck = escape(words.gettext("in deck"))
    return (f'<g class="deck" data-deck="{tier}" data-count="{count}">'
            f'<title>{title}</title>'
            f'<rect x="5" y="5" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="8" fill="{dark}" '
            'opacity="0.45"/>'
            f'<rect x="2.5" y="2.5" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="8" '
            f'fill="{dark}" opacity="0.7"/>'
            f'<rect x="0" y="0" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="8" fill="{dark}" '
            'stroke="#4a3f33" stroke-width="1"/>'
            f'<rect x="6" y="6" width="{CARD_W - 16}" height="{CARD_H - 16}" rx="5" fill="none" '
            'stroke="#ffffff" stroke-opacity="0.45"/>'
            f'<text x="{(CARD_W - 4) / 2}" y="32" text-anchor="middle" font-size="16" '
            f'font-weight="700" fill="#ffffff" letter-spacing="2">{TIER_NAME[tier]}</text>'
            f'<text x="{(CARD_W - 4) / 2}" y="78" text-anchor="middle" font-size="32" '
            f'font-weight="800" fill="#ffffff">{count}</text>'
            f'<text x="{(CARD_W - 4) / 2}" y="98" text-anchor="middle" font-size="12" '
            f'fill="#ffffff" fill-opacity="0.85">{in_deck}</text></g>')


@cache
def _noble_fragment(noble_id: str, language: str) -> str:
    noble = NOBLE_BY_ID[noble_id]
    size = NOBLE_SIZE
    title = escape(_noble_words(noble, language))
    parts = [
        f'<g class="noble" data-noble="{noble.id}"><title>{title}</title>',
        f'<rect x="0.75" y="0.75" width="{size - 1.5}" height="{size - 1.5}" rx="6" '
        'fill="#f1e3c2" stroke="#a88a55" stroke-width="1.5"/>',
        f'<path d="M{size - 46},{size - 16} L{size - 48},{size - 40} L{size - 38},{size - 30} '
        f'L{size - 29},{size - 46} L{size - 20},{size - 30} L{size - 10},{size - 40} '
        f'L{size - 12},{size - 16} Z" fill="#c9a24a" opacity="0.35"/>',
        f'<text x="{size - 9}" y="26" text-anchor="end" font-size="24" font-weight="800" '
        f'fill="#2f2a25">{noble.points}</text>',
    ]
    needs = [(GEMS[i], n) for i, n in enumerate(noble.needs) if n]
    for k, (gem, n) in enumerate(needs):
        parts.append(f'<g transform="translate(7,{6 + k * 25})">{_bonus_tile(gem, n, 26, 22)}</g>')
    parts.append("</g>")
    return "".join(parts)


@cache
def _small_noble(noble_id: str, language: str) -> str:
    noble = NOBLE_BY_ID[noble_id]
    title = escape(_noble_words(noble, language))
    parts = [f'<g class="noble" data-noble="{noble.id}"><title>{title}</title>'
             '<rect x="0.5" y="0.5" width="31" height="31" rx="4" fill="#f1e3c2" '
             'stroke="#a88a55" stroke-width="1.2"/>'
             f'<text x="16" y="15" text-anchor="middle" font-size="14" font-weight="800" '
             f'fill="#2f2a25">{noble.points}</text>']
    needs = [i for i, n in enumerate(noble.needs) if n]
    for k, i in enumerate(needs):
        gem = GEMS[i]
        x = 16 - 5 * len(needs) + k * 10
        parts.append(f'<rect x="{x + 0.5}" y="19" width="9" height="10" rx="1.5" '
                     f'fill="{GEM_FILL[gem]}" stroke="{GEM_DARK[gem]}" stroke-width="0.7"/>'
                     f'<text x="{x + 5}" y="27" text-anchor="middle" font-size="8.5" '
                     f'font-weight="700" fill="{GEM_TEXT[gem]}">{LETTERS[i]}</text>')
    parts.append("</g>")
    return "".join(parts)


def _noble_words(noble: Noble, language: str) -> str:
    words = translator(language)
    return words.ngettext("noble {noble}, {count} point, needs bonuses {needs}",
                          "noble {noble}, {count} points, needs bonuses {needs}", noble.points,
                          noble=noble.id, needs=_amounts(words, noble.needs))


@cache
def _bonus_tile(colour: str, count: int, width: int = 28, height: int = 34) -> str:
    faded = ' opacity="0.28"' if not count else ""
    size = 15 if width >= 28 else 14
    return (f'<g{faded}><rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="4" '
            f'fill="{GEM_FILL[colour]}" stroke="{GEM_DARK[colour]}" stroke-width="1.2"/>'
            f'{_count_text(width / 2, height / 2 + size * 0.36, count, colour, size)}</g>')


@cache
def _token(colour: str, count: int, radius: int, size: int) -> str:
    faded = ' opacity="0.3"' if not count else ""
    return (f'<g{faded}><circle r="{radius}" fill="{GEM_FILL[colour]}" '
            f'stroke="{GEM_DARK[colour]}" stroke-width="1.5"/>'
            f'<circle r="{radius * 0.74:.1f}" fill="none" stroke="{GEM_TEXT[colour]}" '
            'stroke-opacity="0.35" stroke-width="1.2" stroke-dasharray="3 2.5"/>'
            f'{_count_text(0, size * 0.36, count, colour, size)}</g>')


def _pip(x: float, y: float, radius: float, colour: str, count: int, size: int) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{GEM_FILL[colour]}" '
            f'stroke="{GEM_DARK[colour]}" stroke-width="1.2"/>'
            f'{_count_text(x, y + size * 0.36, count, colour, size)}')


def _count_text(x: float, y: float, count: int, colour: str, size: float) -> str:
    """A count of gems with the colour's letter after it ("3w"): colour is never the only
    sign of a gem (about 1 in 12 men cannot tell red from green)."""
    letter = LETTERS[COLOURS.index(colour)]
    return (f'<text x="{x}" y="{y:.1f}" text-anchor="middle" font-size="{size}" '
            f'font-weight="800" fill="{GEM_TEXT[colour]}">{count}'
            f'<tspan font-size="{size * 0.72:.1f}" font-weight="700">{letter}</tspan></text>')


def _gem(x: float, y: float, r: float, colour: str, opacity: float = 1.0,
         letter: float = 0) -> str:
    """A cut gem; with ``letter`` (a font size), its colour's letter on it."""
    shape = ((-0.55, -0.8), (0.55, -0.8), (1.0, -0.22), (0.0, 0.9), (-1.0, -0.22))
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in shape)
    facet = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}"
                     for dx, dy in ((-0.55, -0.8), (0.55, -0.8), (0.35, -0.22), (-0.35, -0.22)))
    fade = f' opacity="{opacity}"' if opacity < 1 else ""
    text = (f'<text x="{x}" y="{y + letter * 0.3:.1f}" text-anchor="middle" '
            f'font-size="{letter}" font-weight="800" fill="{GEM_TEXT[colour]}">'
            f'{LETTERS[COLOURS.index(colour)]}</text>' if letter else "")
    return (f'<g{fade}><polygon points="{points}" fill="{GEM_FILL[colour]}" '
            f'stroke="{GEM_DARK[colour]}" stroke-width="1.3" stroke-linejoin="round"/>'
            f'<polygon points="{facet}" fill="#ffffff" fill-opacity="0.35"/>{text}</g>')


def _tier_dots(x: float, y: float, tier: int, r: float, fill: str | None = None) -> str:
    colour = fill or TIER_DARK[tier]
    start = x - (tier - 1) * r * 1.5
    return "".join(f'<circle cx="{start + k * r * 3:.1f}" cy="{y}" r="{r}" fill="{colour}"/>'
                   for k in range(tier))


def _glow(x: float, y: float, width: float, height: float, rx: float) -> str:
    return (f'<g class="last-move"><rect x="{x - 3}" y="{y - 3}" width="{width + 6}" '
            f'height="{height + 6}" rx="{rx + 3}" fill="none" stroke="{GLOW}" stroke-width="9" '
            f'stroke-opacity="0.3"/><rect x="{x - 1.5}" y="{y - 1.5}" width="{width + 3}" '
            f'height="{height + 3}" rx="{rx + 1.5}" fill="none" stroke="{GLOW}" '
            'stroke-width="3"/></g>')


def _suggestion_mark(width: float, height: float, rx: float, words: Translator, *,
                     tag_below: bool = False) -> str:
    """The dashed ring and the "best" tag round what a suggested move touches: the tag on the
    ring's top edge (a card's neighbour below is drawn over its bottom), or below it."""
    tag_y = height + 10 if tag_below else -7
    best = words.pgettext("tag", "best")
    return (_ring(-7, -7, width + 14, height + 14, rx + 6, HINT, "suggestion", dashed=True)
            + _tag(width / 2, tag_y, best, HINT, "suggestion-tag"))


def _ring(x: float, y: float, width: float, height: float, rx: float, colour: str, cls: str,
          *, dashed: bool = False, width_: float = 3) -> str:
    dash = ' stroke-dasharray="7 4"' if dashed else ""
    return (f'<rect class="{cls}" x="{x}" y="{y}" width="{width}" height="{height}" rx="{rx}" '
            f'fill="none" stroke="{colour}" stroke-width="{width_}"{dash}/>')


def _focus_rect(width: float, height: float, rx: float) -> str:
    """The keyboard focus ring (blue on a white halo, to show on any colour), shown by the
    clickable board's stylesheet on focus."""
    shape = (f'x="-10" y="-10" width="{width + 20}" height="{height + 20}" rx="{rx + 8}"')
    return (f'<g class="focus-ring" visibility="hidden" fill="none">'
            f'<rect {shape} stroke="#ffffff" stroke-width="6"/>'
            f'<rect {shape} stroke="{FOCUS}" stroke-width="3"/></g>')


def _tag(x: float, y: float, text: str, colour: str, cls: str = "last-move") -> str:
    width = _tag_width(text)
    return (f'<g class="{cls}"><rect x="{x - width / 2:.1f}" y="{y - 8}" width="{width}" '
            f'height="16" rx="8" fill="{colour}"/><text x="{x}" y="{y + 4}" text-anchor="middle" '
            f'font-size="11" font-weight="700" fill="#ffffff">{escape(text)}</text></g>')


def _tag_width(text: str) -> int:
    return 8 + 7 * len(text)


def _badge(out: list[str], x: float, y: float, gain: int, loss: int) -> None:
    """A +n (green) / -n (red) badge beside a token pile."""
    if gain:
        out.append(_tag(x, y, f"+{gain}", "#1e8a3a"))
        y += 17
    if loss:
        out.append(_tag(x, y, f"\u2212{loss}", "#c0392b"))
