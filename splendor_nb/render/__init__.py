"""The board as SVG: a pure function of a game state, which draws and decides nothing.

``board_svg(state)`` draws the market (three tiers of face-up cards beside their decks), the
nobles, the token supply and each player's tableau; ``board_html`` wraps it in a
``<div class="splendor-board">`` for notebooks and the app. The last move is highlighted: the
tokens taken or returned (+n/-n badges), the card bought or reserved and the slot it came from,
the noble that visited. With ``viewer=i`` the other players' blind reserves (R-RESERVE-HIDDEN)
are drawn face-down. What the last turn did comes from the state itself (``last_turn``).
Every word it writes (the status line, the tags, the legend, the accessible names and
tooltips) is in ``language`` (English by default), with the rulebooks' game words.

Its modules, by what they draw: :mod:`~splendor_nb.render.board_frame` (the root ``<svg>``,
the legend, the ``<div>``), :mod:`~splendor_nb.render.status_line`,
:mod:`~splendor_nb.render.card_svg` (cards, decks, the market),
:mod:`~splendor_nb.render.noble_svg`, :mod:`~splendor_nb.render.supply_svg` and
:mod:`~splendor_nb.render.panel_svg` (a player's tableau); beneath them
:mod:`~splendor_nb.render.svg_shapes` (gems, tokens, rings, tags),
:mod:`~splendor_nb.render.board_words` (what the board says),
:mod:`~splendor_nb.render.board_interaction` (what may be clicked),
:mod:`~splendor_nb.render.last_move` (what the last turn changed) and
:mod:`~splendor_nb.render.board_layout` (sizes and places).

>>> from splendor_nb import new_game
>>> svg = board_svg(new_game(players=2, seed=7))
>>> svg.startswith("<svg") and svg.count('class="card"') == 12
True
"""

from splendor_nb.render.board_frame import board_frame, board_html, board_svg
from splendor_nb.render.board_interaction import Interaction
from splendor_nb.render.board_layout import (
    AFFORDABLE,
    CARD_H,
    CARD_W,
    FOCUS,
    FONT,
    HINT,
    MINI_H,
    MINI_W,
    NARROW_WIDTH,
    NOBLE_SIZE,
    PANEL_GAP,
    PANEL_H,
    PANEL_W,
    PICKED,
    TIER_NAME,
    WIDTH,
)
from splendor_nb.render.board_words import COLOUR_WORDS, card_label
from splendor_nb.render.card_svg import card_svg

__all__ = [
    "AFFORDABLE",
    "CARD_H",
    "CARD_W",
    "COLOUR_WORDS",
    "FOCUS",
    "FONT",
    "HINT",
    "MINI_H",
    "MINI_W",
    "NARROW_WIDTH",
    "NOBLE_SIZE",
    "PANEL_GAP",
    "PANEL_H",
    "PANEL_W",
    "PICKED",
    "TIER_NAME",
    "WIDTH",
    "Interaction",
    "board_frame",
    "board_html",
    "board_svg",
    "card_label",
    "card_svg",
]
