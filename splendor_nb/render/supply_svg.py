"""The token supply: a pile per colour, its count, the last move's +n/-n, and, for the person
to move, the piles they may pick from (R-TAKE3, R-TAKE2)."""

from __future__ import annotations

from html import escape

from splendor_nb.cards import COLOURS
from splendor_nb.i18n import Translator
from splendor_nb.palette import GEM_FILL, GEM_TEXT
from splendor_nb.render.board_interaction import (
    Interaction,
    MoveTouches,
    action_attributes,
    also_words,
)
from splendor_nb.render.board_layout import FOCUS, HINT, LEFT, PICKED, SUPPLY_Y
from splendor_nb.render.board_words import pile_words
from splendor_nb.render.last_move import LastMove
from splendor_nb.render.svg_shapes import badge, suggestion_mark, tag, token_shape


def draw_supply(out: list[str], supply: tuple[int, ...], marks: LastMove,
                interaction: Interaction | None, hint: MoveTouches, suggested: MoveTouches,
                words: Translator) -> None:
    """The six token piles, gold last, each with its count and the last move's +n/-n badges."""
    for c, colour in enumerate(COLOURS):
        x = LEFT + 46 + c * 84
        count = supply[c]
        if interaction is None:
            title = escape(pile_words(words, colour, count))
            out.append(f'<g transform="translate({x},{SUPPLY_Y})" data-supply="{colour}" '
                       f'data-count="{count}">{token_shape(colour, count, 24, 20)}'
                       f'<title>{title}</title>')
        else:
            out.append(_pile(x, colour, count, interaction, hint.colours[c], words))
        if suggested.colours[c]:
            out.append(f'<g transform="translate(-30,-30)">'
                       f'{suggestion_mark(60, 60, 30, words, tag_below=True)}</g>')
        badge(out, 20, -20, marks.minus[c], marks.plus[c])
        out.append("</g>")


def _pile(x: int, colour: str, count: int, interaction: Interaction, hinted: int,
          words: Translator) -> str:
    """A supply pile the player to move may click (R-TAKE3, R-TAKE2 decide which); its picked
    tokens lifted off it. Left open: the caller closes the group."""
    c = COLOURS.index(colour)
    picked = interaction.picked_tokens[c]
    takeable = colour in interaction.takeable
    left = count - picked
    name = [pile_words(words, colour, left),
            *([words.ngettext("{count} picked", "{count} picked", picked)] if picked else []),
            *([] if takeable else [words.gettext("cannot be taken now")]),
            *also_words(words, False, bool(hinted))]
    attributes = action_attributes("supply", ", ".join(name), not takeable, colour=colour)
    flags = f' data-picked="{picked}"' if picked else ""
    title = escape(pile_words(words, colour, left))
    parts = [f'<g transform="translate({x},{SUPPLY_Y})" data-supply="{colour}" '
             f'data-count="{count}"{flags} {attributes}>'
             f'<title>{title}</title>'
             '<g class="focus-ring" visibility="hidden" fill="none">'
             '<circle r="33" stroke="#ffffff" stroke-width="6"/>'
             f'<circle r="33" stroke="{FOCUS}" stroke-width="3"/></g>']
    token = token_shape(colour, left, 24, 20)
    parts.append(token if takeable else f'<g class="dimmed" opacity="0.3">{token}</g>')
    if hinted:
        parts.append(f'<circle class="hint" r="30" fill="none" stroke="{HINT}" '
                     'stroke-width="2.5" stroke-dasharray="6 4"/>'
                     f'{tag(0, 36, words.pgettext("tag", "hint"), HINT, "action-tag")}')
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
