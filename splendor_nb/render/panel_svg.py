"""A player's panel: name, points, nobles, bonuses, tokens and reserved cards, with the last
move's marks and, for the person to move, their reserved cards to buy (R-BUY)."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from splendor_nb.cards import COLOURS, Card
from splendor_nb.engine import PlayerState
from splendor_nb.i18n import Translator, translator
from splendor_nb.palette import TO_MOVE, WINNER
from splendor_nb.render.board_interaction import (
    Interaction,
    MoveTouches,
    action_attributes,
    also_words,
    card_marks,
    clickable,
    hint_touches,
    raised,
)
from splendor_nb.render.board_layout import (
    MINI_H,
    MINI_W,
    PANEL_GAP,
    PANEL_H,
    PANEL_W,
    PANEL_X,
    TOP,
)
from splendor_nb.render.board_words import card_words, colour_name
from splendor_nb.render.card_svg import mini_back, mini_card
from splendor_nb.render.last_move import LastMove
from splendor_nb.render.noble_svg import small_noble
from splendor_nb.render.svg_shapes import badge, bonus_tile, glow, tag, token_shape
from splendor_nb.rules import TOKEN_LIMIT


@lru_cache(maxsize=1024)
def draw_panel(index: int, player: PlayerState, to_move: bool, marks: LastMove | None, name: str,
               viewer: int | None, winner: bool, interaction: Interaction | None,
               language: str) -> str:
    """One player's tableau; ``marks`` only for the player who made the last move,
    ``interaction`` only for the player to move (their reserved cards can be clicked).

    Cached: stepping through a replay changes one tableau per turn.
    """
    words = translator(language)
    out: list[str] = []
    y = TOP + index * (PANEL_H + PANEL_GAP)
    stroke = TO_MOVE if to_move else WINNER if winner else "#cdbfa8"
    flag = ' data-to-move="1"' if to_move else ""
    out.append(f'<g transform="translate({PANEL_X},{y})" data-player-panel="{index}" '
               f'data-points="{player.points}"{flag}>'
               f'<rect width="{PANEL_W}" height="{PANEL_H}" rx="10" '
               f'fill="{"#f1fafa" if to_move else "#fdfbf7"}" stroke="{stroke}" '
               f'stroke-width="{3 if to_move or winner else 1.2}"/>')
    _name_line(out, index, name, to_move, winner, viewer, words)
    _points_and_nobles(out, player, marks, words)
    _bonuses_and_tokens(out, player, marks, words)
    total = sum(player.token_counts)
    cards = escape(words.pgettext("board", "cards"))
    tokens = escape(words.pgettext("board", "tokens"))
    out.append(f'<text x="234" y="52" font-size="12" fill="#8a7d6d">{cards}</text>'
               f'<text x="234" y="70" font-size="17" font-weight="700" fill="#2f2a25">'
               f'{len(player.cards)}</text>'
               f'<text x="234" y="88" font-size="12" fill="#8a7d6d">{tokens}</text>'
               f'<text x="234" y="106" font-size="17" font-weight="700" '
               f'fill="{"#c0392b" if total >= TOKEN_LIMIT else "#2f2a25"}" '
               f'data-total="{total}">{total}/{TOKEN_LIMIT}</text>')  # R-LIMIT10
    _reserved(out, index, player, marks, viewer, interaction, words)
    out.append("</g>")
    return "".join(out)


def _name_line(out: list[str], index: int, name: str, to_move: bool, winner: bool,
               viewer: int | None, words: Translator) -> None:
    """The player's name, then "(you)", "to move" or "winner" after it."""
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


def _points_and_nobles(out: list[str], player: PlayerState, marks: LastMove | None,
                       words: Translator) -> None:
    """The points, top right, and the nobles who visited, left of them (R-NOBLE)."""
    points = escape(words.ngettext("pt", "pts", player.points))
    out.append(f'<text x="{PANEL_W - 14}" y="36" text-anchor="end" fill="#2f2a25">'
               f'<tspan font-size="32" font-weight="800">{player.points}</tspan>'
               f'<tspan font-size="12" fill="#8a7d6d"> {points}</tspan></text>')
    if marks is not None and marks.points:
        out.append(tag(PANEL_W - 34, 2, f"+{marks.points}", "#1e8a3a"))
    # the nobles sit left of the points, further left when the word after them is longer than
    # "pts" ("очков"), so that a two-digit score is not drawn under a noble
    shift = 7 * max(0, len(points) - 3)
    for k, noble in enumerate(reversed(player.nobles)):
        x = PANEL_W - 118 - shift - k * 36
        out.append(f'<g transform="translate({x},6)">{small_noble(noble.id, words.language)}')
        if marks is not None and noble.id == marks.noble:
            out.append(glow(0, 0, 32, 32, 4))
        out.append("</g>")


def _bonuses_and_tokens(out: list[str], player: PlayerState, marks: LastMove | None,
                        words: Translator) -> None:
    """A column per colour: the bonus of the cards bought (no gold bonus), the tokens held."""
    for c, colour in enumerate(COLOURS):
        x = 16 + c * 36
        if c < 5:
            bonus = player.bonus_counts[c]
            title = escape(words.ngettext("{count} {colour} bonus (cards bought)",
                                          "{count} {colour} bonuses (cards bought)", bonus,
                                          colour=colour_name(words, colour)))
            out.append(f'<g transform="translate({x},40)" data-bonus="{colour}" '
                       f'data-count="{bonus}"><title>{title}</title>'
                       f'{bonus_tile(colour, bonus)}')
            if marks is not None and marks.bonus == c:
                out.append(glow(0, 0, 28, 34, 4))
                out.append(tag(24, 0, "+1", "#1e8a3a"))
            out.append("</g>")
        count = player.token_counts[c]
        title = escape(words.ngettext("{count} {colour} token", "{count} {colour} tokens", count,
                                      colour=colour_name(words, colour)))
        out.append(f'<g transform="translate({x + 14},96)" data-token="{colour}" '
                   f'data-count="{count}"><title>{title}</title>'
                   f'{token_shape(colour, count, 14, 13)}')
        if marks is not None:
            badge(out, 12, -12, marks.plus[c], marks.minus[c])
        out.append("</g>")


def _reserved(out: list[str], index: int, player: PlayerState, marks: LastMove | None,
              viewer: int | None, interaction: Interaction | None, words: Translator) -> None:
    """The three places for reserved cards (R-RESERVE); another player's blind reserves face
    down when a ``viewer`` is set (R-RESERVE-HIDDEN)."""
    language = words.language
    hint = hint_touches(interaction)
    for k in range(3):
        x = 290 + k * 56
        out.append(f'<g transform="translate({x},44)">')
        if k < len(player.reserved):
            card = player.reserved[k]
            if card.id in player.hidden and viewer is not None and viewer != index:
                out.append(mini_back(card.tier, language))
            else:
                mini = mini_card(card.id, card.id in player.hidden, language)
                out.append(mini if interaction is None else
                           _reserved_card(mini, card, interaction, hint, words))
            if marks is not None and marks.reserved == k:
                out.append(glow(0, 0, MINI_W, MINI_H, 5))
        else:
            out.append(f'<rect x="0.5" y="0.5" width="{MINI_W - 1}" height="{MINI_H - 1}" rx="5" '
                       'fill="none" stroke="#ddd2c0" stroke-dasharray="4 4"/>')
        out.append("</g>")


def _reserved_card(mini: str, card: Card, interaction: Interaction, hint: MoveTouches,
                   words: Translator) -> str:
    """A reserved card of the player to move, clickable to buy it (R-BUY)."""
    buyable = card.id in interaction.buyable
    picked = interaction.picked_card == card.id
    hinted = hint.card == card.id
    name = [words.gettext("reserved {card}", card=card_words(card.id, words.language)),
            words.gettext("can be bought") if buyable else words.gettext("cannot be bought now"),
            *also_words(words, picked, hinted)]
    marks = card_marks(MINI_W, MINI_H, 5, words, buyable=buyable, picked=picked, hinted=hinted)
    body = clickable(mini, action_attributes("reserved", ", ".join(name), not buyable), marks)
    return raised(body, MINI_W, MINI_H, 5, 6) if picked else body
