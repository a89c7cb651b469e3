"""Nobles: those on the table, the ghost of the one that just visited (R-NOBLE), and the small
ones on a player's panel."""

from __future__ import annotations

from functools import cache
from html import escape

from splendor_nb.cards import GEMS, LETTERS, NOBLE_BY_ID, Noble
from splendor_nb.i18n import Translator
from splendor_nb.palette import GEM_DARK, GEM_FILL, GEM_TEXT, GLOW
from splendor_nb.render.board_layout import LEFT, NOBLE_SIZE, TOP
from splendor_nb.render.board_words import noble_words
from splendor_nb.render.svg_shapes import bonus_tile, glow, tag


def draw_nobles(out: list[str], nobles: tuple[Noble, ...], visitor: str | None,
                words: Translator) -> None:
    """The nobles on the table, then a faded ghost of the one that just visited, if any."""
    language = words.language
    if not nobles and not visitor:
        none_left = escape(words.gettext("no nobles left"))
        out.append(f'<text x="{LEFT + 6}" y="{TOP + NOBLE_SIZE / 2 + 5}" font-size="13" '
                   f'fill="#a89a86">{none_left}</text>')
    for k, noble in enumerate(nobles):
        out.append(f'<g transform="translate({LEFT + k * (NOBLE_SIZE + 8)},{TOP})">'
                   f'{_noble_fragment(noble.id, language)}</g>')
    if visitor:
        visited = words.pgettext("tag", "visited")
        ghost = _noble_fragment(visitor, language).replace('class="noble" data-noble=',
                                                 'class="noble visited" data-visited=', 1)
        out.append(f'<g transform="translate({LEFT + len(nobles) * (NOBLE_SIZE + 8)},{TOP})">'
                   f'<g opacity="0.4">{ghost}</g>'
                   f'{glow(0, 0, NOBLE_SIZE, NOBLE_SIZE, 6)}'
                   f'{tag(NOBLE_SIZE / 2, NOBLE_SIZE, visited, GLOW)}</g>')


# Every cached fragment that holds words takes the language: it is part of each cache key.


@cache
def _noble_fragment(noble_id: str, language: str) -> str:
    """A noble on the table: points and the bonuses it needs."""
    noble = NOBLE_BY_ID[noble_id]
    size = NOBLE_SIZE
    title = escape(noble_words(noble, language))
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
        parts.append(f'<g transform="translate(7,{6 + k * 25})">{bonus_tile(gem, n, 26, 22)}</g>')
    parts.append("</g>")
    return "".join(parts)


@cache
def small_noble(noble_id: str, language: str) -> str:
    """A noble on the panel of the player it visited."""
    noble = NOBLE_BY_ID[noble_id]
    title = escape(noble_words(noble, language))
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
