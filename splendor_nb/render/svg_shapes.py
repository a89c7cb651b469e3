"""The shapes the board is drawn with: gems, tokens, bonus tiles, pips, and the marks laid
over them (the last move's glow, rings, tags, the focus ring)."""

from __future__ import annotations

from functools import cache
from html import escape

from splendor_nb.cards import COLOURS, LETTERS
from splendor_nb.i18n import Translator
from splendor_nb.palette import GEM_DARK, GEM_FILL, GEM_TEXT, GLOW, TIER_DARK
from splendor_nb.render.board_layout import FOCUS, HINT


@cache
def bonus_tile(colour: str, count: int, width: int = 28, height: int = 34) -> str:
    """A square of a bonus colour with a count (faded at 0): bonuses, a noble's needs."""
    faded = ' opacity="0.28"' if not count else ""
    size = 15 if width >= 28 else 14
    return (f'<g{faded}><rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="4" '
            f'fill="{GEM_FILL[colour]}" stroke="{GEM_DARK[colour]}" stroke-width="1.2"/>'
            f'{count_text(width / 2, height / 2 + size * 0.36, count, colour, size)}</g>')


@cache
def token_shape(colour: str, count: int, radius: int, size: int) -> str:
    """A token (a circle, faded at 0) with a count, centred on the origin."""
    faded = ' opacity="0.3"' if not count else ""
    return (f'<g{faded}><circle r="{radius}" fill="{GEM_FILL[colour]}" '
            f'stroke="{GEM_DARK[colour]}" stroke-width="1.5"/>'
            f'<circle r="{radius * 0.74:.1f}" fill="none" stroke="{GEM_TEXT[colour]}" '
            'stroke-opacity="0.35" stroke-width="1.2" stroke-dasharray="3 2.5"/>'
            f'{count_text(0, size * 0.36, count, colour, size)}</g>')


def cost_pip(x: float, y: float, radius: float, colour: str, count: int, size: int) -> str:
    """One colour of a card's cost: a small token with the count."""
    return (f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{GEM_FILL[colour]}" '
            f'stroke="{GEM_DARK[colour]}" stroke-width="1.2"/>'
            f'{count_text(x, y + size * 0.36, count, colour, size)}')


def count_text(x: float, y: float, count: int, colour: str, size: float) -> str:
    """A count of gems with the colour's letter after it ("3w"): colour is never the only
    sign of a gem (about 1 in 12 men cannot tell red from green)."""
    letter = LETTERS[COLOURS.index(colour)]
    return (f'<text x="{x}" y="{y:.1f}" text-anchor="middle" font-size="{size}" '
            f'font-weight="800" fill="{GEM_TEXT[colour]}">{count}'
            f'<tspan font-size="{size * 0.72:.1f}" font-weight="700">{letter}</tspan></text>')


def gem_shape(x: float, y: float, r: float, colour: str, opacity: float = 1.0,
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


def tier_dots(x: float, y: float, tier: int, r: float, fill: str | None = None) -> str:
    """One to three dots that say a card's tier."""
    colour = fill or TIER_DARK[tier]
    start = x - (tier - 1) * r * 1.5
    return "".join(f'<circle cx="{start + k * r * 3:.1f}" cy="{y}" r="{r}" fill="{colour}"/>'
                   for k in range(tier))


def glow(x: float, y: float, width: float, height: float, rx: float) -> str:
    """The last move's orange glow round a rectangle."""
    return (f'<g class="last-move"><rect x="{x - 3}" y="{y - 3}" width="{width + 6}" '
            f'height="{height + 6}" rx="{rx + 3}" fill="none" stroke="{GLOW}" stroke-width="9" '
            f'stroke-opacity="0.3"/><rect x="{x - 1.5}" y="{y - 1.5}" width="{width + 3}" '
            f'height="{height + 3}" rx="{rx + 1.5}" fill="none" stroke="{GLOW}" '
            'stroke-width="3"/></g>')


def suggestion_mark(width: float, height: float, rx: float, words: Translator, *,
                    tag_below: bool = False) -> str:
    """The dashed ring and the "best" tag round what a suggested move touches: the tag on the
    ring's top edge (a card's neighbour below is drawn over its bottom), or below it."""
    tag_y = height + 10 if tag_below else -7
    best = words.pgettext("tag", "best")
    return (ring(-7, -7, width + 14, height + 14, rx + 6, HINT, "suggestion", dashed=True)
            + tag(width / 2, tag_y, best, HINT, "suggestion-tag"))


def ring(x: float, y: float, width: float, height: float, rx: float, colour: str, cls: str,
         *, dashed: bool = False, width_: float = 3) -> str:
    """A rectangle's outline of class ``cls``: the marks of a card or a deck."""
    dash = ' stroke-dasharray="7 4"' if dashed else ""
    return (f'<rect class="{cls}" x="{x}" y="{y}" width="{width}" height="{height}" rx="{rx}" '
            f'fill="none" stroke="{colour}" stroke-width="{width_}"{dash}/>')


def focus_rect(width: float, height: float, rx: float) -> str:
    """The keyboard focus ring (blue on a white halo, to show on any colour), shown by the
    clickable board's stylesheet on focus."""
    shape = (f'x="-10" y="-10" width="{width + 20}" height="{height + 20}" rx="{rx + 8}"')
    return (f'<g class="focus-ring" visibility="hidden" fill="none">'
            f'<rect {shape} stroke="#ffffff" stroke-width="6"/>'
            f'<rect {shape} stroke="{FOCUS}" stroke-width="3"/></g>')


def tag(x: float, y: float, text: str, colour: str, cls: str = "last-move") -> str:
    """A small label centred at (x, y): a word ("new", "best") or a +n badge."""
    width = tag_width(text)
    return (f'<g class="{cls}"><rect x="{x - width / 2:.1f}" y="{y - 8}" width="{width}" '
            f'height="16" rx="8" fill="{colour}"/><text x="{x}" y="{y + 4}" text-anchor="middle" '
            f'font-size="11" font-weight="700" fill="#ffffff">{escape(text)}</text></g>')


def tag_width(text: str) -> int:
    """The width of a :func:`tag` of ``text``."""
    return 8 + 7 * len(text)


def badge(out: list[str], x: float, y: float, gain: int, loss: int) -> None:
    """A +n (green) / -n (red) badge beside a token pile."""
    if gain:
        out.append(tag(x, y, f"+{gain}", "#1e8a3a"))
        y += 17
    if loss:
        out.append(tag(x, y, f"\u2212{loss}", "#c0392b"))
