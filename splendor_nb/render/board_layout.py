"""Where each part of the board is drawn: the sizes and places of the SVG's parts in its two
layouts (wide: the players beside the market; narrow: below it), the font and the colours of
the marks a person acts on.

>>> NARROW_WIDTH, TIER_Y[1] > TIER_Y[3]
(516, True)
"""

from __future__ import annotations

from splendor_nb.palette import ACCENT, TO_MOVE

TIER_NAME: dict[int, str] = {1: "I", 2: "II", 3: "III"}
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

WIDTH = 1000
CARD_W, CARD_H = 92, 128
MINI_W, MINI_H = 50, 70
NOBLE_SIZE = 84
PANEL_W, PANEL_H, PANEL_GAP = 460, 122, 8
TOP = 36
LEFT = 12
COLUMN = CARD_W + 8
ROW = CARD_H + 8
TIER_Y = {3: TOP + NOBLE_SIZE + 12, 2: TOP + NOBLE_SIZE + 12 + ROW,
          1: TOP + NOBLE_SIZE + 12 + 2 * ROW}
"""The top of each tier's row: tier III above, as on a table."""
SUPPLY_Y = TIER_Y[1] + CARD_H + 38
PANEL_X = 528
MARKET_BOTTOM = SUPPLY_Y + 52

NARROW_WIDTH = LEFT + 5 * COLUMN + 4
"""The narrow layout's width: the market alone; the players' tableaux go below it."""
NARROW_PANEL_X = (NARROW_WIDTH - PANEL_W) // 2
NARROW_PANELS_Y = MARKET_BOTTOM + 30

PICKED = TO_MOVE
"""What the player to move has picked, and the places they may reserve from: their colour."""
AFFORDABLE = "#1e8a3a"
"""The ring of a card the player to move can afford."""
HINT = "#6a3fd0"
"""The hint's marks (dashed, and tagged "hint", so that colour is never the only sign)."""
FOCUS = ACCENT
"""The keyboard focus ring."""
