"""Chapter 1's pictures of what the game is made of, drawn by the renderer and labelled: a card
drawn large with its parts named (points, bonus, cost, tier), and a board with its parts
outlined and named (nobles, decks, market, supply, a player's area). Each picture comes with a
key, a line per part, in the learner's language.

>>> from splendor_nb import new_game
>>> card = labelled_card_html("2w1")
>>> [part in card for part in ('data-part="points"', 'data-part="bonus"', 'data-part="cost"',
...                            'data-part="tier"')]
[True, True, True, True]
>>> board = labelled_board_html(new_game(seed=7), ["Ada", "Ben"])
>>> [f'data-part="{part}"' in board for part in PARTS]
[True, True, True, True, True]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from splendor_nb.cards import CARD_BY_ID
from splendor_nb.engine import GameState
from splendor_nb.i18n import translator
from splendor_nb.palette import ACCENT
from splendor_nb.render import board_svg, card_svg
from splendor_nb.ui.learn_tab.learn_labels import say

PICTURE_CLASS = "splendor-labelled"
PARTS = ("nobles", "decks", "market", "supply", "player")
"""The parts of the board named, in the order of the key."""
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
_CARD_W, _CARD_H, _SCALE = 92, 128, 2
_SLOT = re.compile(r'transform="translate\((\d+),(\d+)\)" data-slot=')
_PILE = re.compile(r'transform="translate\((\d+),(\d+)\)" data-supply=')
_PANEL = re.compile(r'transform="translate\((\d+),(\d+)\)" data-player-panel="0"')
_PANEL_W, _PANEL_H, _PILE_R, _GAP = 462, 124, 26, 96
"""A player's panel, a supply pile's radius, and the gap from a deck to the market's cards,
as the renderer draws them."""


def labelled_card_html(card_id: str, language: str | None = None) -> str:
    """The card ``card_id`` drawn large, its parts named around it, then the key."""
    tier = CARD_BY_ID[card_id].tier
    left, top = 150, 24
    card = card_svg(CARD_BY_ID[card_id], translator(language).language)
    inner = card.split(">", 1)[1].rsplit("</svg>", 1)[0]  # the card's drawing, to scale up
    at = {"points": (8, 22), "bonus": (86, 15), "tier": (88, 35), "cost": (2, 113)}
    side = {"points": "left", "cost": "left", "bonus": "right", "tier": "right"}
    words = {"points": say("part_points"), "bonus": say("part_bonus"),
             "cost": say("part_cost"), "tier": say("part_tier", tier=tier)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 310" width="100%" '
           f'style="max-width:480px" font-family="{_FONT}" role="img" '
           f'aria-label="{escape(say("card_picture", card=card_id))}">',
           f'<g transform="translate({left},{top}) scale({_SCALE})">{inner}</g>']
    for part, (x, y) in at.items():
        px, py = left + x * _SCALE, top + y * _SCALE
        if side[part] == "left":
            end, anchor, text_x = left - 14, "end", left - 18
        else:
            end, anchor, text_x = left + _CARD_W * _SCALE + 14, "start", \
                left + _CARD_W * _SCALE + 18
        out.append(f'<g data-part="{part}"><line x1="{px}" y1="{py}" x2="{end}" y2="{py}" '
                   f'stroke="{ACCENT}" stroke-width="2"/>'
                   f'<circle cx="{px}" cy="{py}" r="4" fill="{ACCENT}"/>'
                   f'<text x="{text_x}" y="{py + 6}" text-anchor="{anchor}" font-size="17" '
                   f'font-weight="700" fill="{ACCENT}">{escape(words[part])}</text></g>')
    out.append(f'<text x="{left + _CARD_W}" y="{top + _CARD_H * _SCALE + 24}" '
               f'text-anchor="middle" font-size="17" font-weight="700" fill="#2f2a25" '
               f'data-part="id">{escape(card_id)}</text></svg>')
    key = [say("card_points"), say("card_bonus"), say("card_cost"), say("card_tier"),
           say("card_id", card=card_id)]
    return _figure("".join(out), key)


def labelled_board_html(state: GameState, names: Sequence[str] | None = None,
                        language: str | None = None) -> str:
    """The board of ``state`` with its parts outlined and named, then the key."""
    svg = board_svg(state, names=names, highlight=False,
                    language=translator(language).language)
    slots = [(int(x), int(y)) for x, y in _SLOT.findall(svg)]
    piles = [(int(x), int(y)) for x, y in _PILE.findall(svg)]
    panel = _PANEL.search(svg)
    assert slots and piles and panel is not None, "the renderer's board has changed"
    market = (min(x for x, _ in slots), min(y for _, y in slots),
              max(x for x, _ in slots) + _CARD_W, max(y for _, y in slots) + _CARD_H)
    boxes = {
        "nobles": (market[0] - _GAP, market[1] - _GAP, market[0] + 172, market[1] - 8),
        "decks": (market[0] - _GAP, market[1], market[0] - 8, market[3]),
        "market": market,
        "supply": (piles[0][0] - _PILE_R, piles[0][1] - _PILE_R, piles[-1][0] + _PILE_R,
                   piles[0][1] + _PILE_R),
        "player": (int(panel[1]), int(panel[2]), int(panel[1]) + _PANEL_W,
                   int(panel[2]) + _PANEL_H),
    }
    name = (names or [say("player_one")])[0]
    labels = {"nobles": say("part_nobles"), "decks": say("part_decks"),
              "market": say("part_market"), "supply": say("part_supply"),
              "player": say("part_player", name=name)}
    where = {"nobles": "right", "decks": "between", "market": "right", "supply": "right",
             "player": "top"}  # on an edge where the pill hides no card, number or token
    overlay = ['<g class="splendor-labels">']
    for part, (x0, y0, x1, y1) in boxes.items():
        overlay.append(f'<g data-part="{part}"><rect x="{x0 - 4}" y="{y0 - 4}" '
                       f'width="{x1 - x0 + 8}" height="{y1 - y0 + 8}" rx="10" fill="none" '
                       f'stroke="{ACCENT}" stroke-width="3" stroke-dasharray="9 5"/>'
                       + _pill(labels[part], where[part], (x0, y0, x1, y1)) + "</g>")
    overlay.append("</g>")
    drawn = svg.rsplit("</svg>", 1)[0] + "".join(overlay) + "</svg>"
    key = [say(f"board_{part}", name=name) for part in PARTS]
    return _figure(drawn, key)


def _pill(text: str, where: str, box: tuple[int, int, int, int]) -> str:
    """A label on a box's top edge, beside its right edge, or (the decks) in the gap between
    the first two cards of the column."""
    x0, y0, x1, y1 = box
    width = round(20 + 10.6 * len(text))
    x, y = {"top": ((x0 + x1 - width) // 2, y0 - 16), "right": (x1 + 12, (y0 + y1) // 2 - 14),
            "between": (x0, y0 + _CARD_H - 10)}[where]
    return (f'<rect x="{x}" y="{y}" width="{width}" height="28" rx="14" fill="{ACCENT}"/>'
            f'<text x="{x + width // 2}" y="{y + 20}" text-anchor="middle" font-size="17" '
            f'font-weight="700" fill="#ffffff">{escape(text)}</text>')


def _figure(svg: str, key: Sequence[str]) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in key)
    return (f"<figure class='{PICTURE_CLASS}'>{svg}<figcaption><ul>{items}</ul>"
            "</figcaption></figure>")
