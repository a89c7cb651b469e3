"""The project's screen colours, in one place: the gems and tiers of the board, its highlights,
the players, the charts and the viewer's page (its stylesheets read them as CSS custom
properties: :func:`css_variables`).

The board's gem colours are the project's gem colours: a chart draws a colour's bonuses in the
fill of that colour's tokens on the board. Plain constants (and their CSS) with no imports, so
that any layer can use them (the widgets colour the move list without loading pandas and plotly).

>>> GEM_COLOURS["blue"] == GEM_FILL["blue"], PLAYER_COLOURS[0]
(True, '#7b3fa0')
"""

# --- the board: gems, tiers and highlights ----------------------------------------------------

GEM_FILL: dict[str, str] = {
    "white": "#f8f8f4", "blue": "#2b6cd4", "green": "#1e9a52",
    "red": "#d6363b", "black": "#35302e", "gold": "#f2c12e",
}
"""The fill of each colour's gems, tokens and bonus tiles."""
GEM_DARK: dict[str, str] = {
    "white": "#3d3d3d", "blue": "#163f86", "green": "#10602f",
    "red": "#8c1d21", "black": "#000000", "gold": "#9a7400",
}
"""Each colour's outline: dark enough that a white gem stands out on a white card."""
GEM_TEXT: dict[str, str] = {
    "white": "#222222", "blue": "#ffffff", "green": "#ffffff",
    "red": "#ffffff", "black": "#ffffff", "gold": "#3b2c00",
}
"""Text drawn on a gem of that colour."""
GEM_LIGHT: dict[str, str] = {
    "white": "#f3f2ec", "blue": "#e0e9fa", "green": "#dff2e5", "red": "#fae2e1", "black": "#e4e1de",
}
"""A light tint of each gem colour: the face of a card with that bonus (gold has no cards)."""
TIER_DARK: dict[int, str] = {1: "#4f9a3c", 2: "#cf9a1c", 3: "#3d63b0"}
"""Each tier's colour: its deck's back."""
TIER_LIGHT: dict[int, str] = {1: "#d9eecb", 2: "#fbecc0", 3: "#d5e0f5"}
"""A light tint of each tier's colour."""
GLOW = "#ff7a00"
"""The colour of the last move's highlights (the board, and its path through the diagram)."""
TO_MOVE = "#138a8a"
"""The colour marking the player to move."""
WINNER = "#d4a017"
"""The colour marking the winners."""

# --- the charts -------------------------------------------------------------------------------

GEM_COLOURS: dict[str, str] = GEM_FILL
"""The charts' gem colours: the board's fills. White, nearly the chart's background, is drawn
with :data:`OUTLINE` around it."""
LINE_COLOURS: dict[str, str] = {**GEM_FILL, "white": "#8f8f8f"}
"""Line colours: the gem colours, with white a grey, so that a thin line shows on white."""
OUTLINE = "#333333"
"""The outline of the charts' markers, and their reference lines."""
PLAYER_COLOURS: tuple[str, ...] = ("#7b3fa0", "#e07b00", "#00897b", "#c2185b")
"""Each player's colour, by seat: their lines in the charts, their dot in the move list."""
ACCENT = "#1f6feb"
"""The current turn: the move list's highlighted row, the charts' dotted turn line."""
GUIDE = "#9ca3af"
"""A faint reference line in the viewer's charts (the winning points)."""
FALL = "#d0312d"
"""The markers of the biggest falls in a player's chances to win."""

# --- the viewer's page ------------------------------------------------------------------------

PAGE_COLOURS: dict[str, str] = {
    "text": "#1f2328", "muted": "#6b7280", "heading": "#374151",
    "error-background": "#fdecea", "error-border": "#f5c2c0", "error-text": "#8a1c14",
    "question-background": "#fff8e1", "question-border": "#f0d68a", "question-text": "#5c4400",
    "list-background": "#ffffff", "list-border": "#d0d4da", "list-rule": "#f0f1f3",
    "list-hover": "#eef4fb", "accent": ACCENT, "on-accent": "#ffffff",
    "move-number": "#8a9099", "move-number-current": "#dbe7fb",
    "glyph": "#b4490e", "glyph-current": "#ffd8a8",
    "comment": "#4b5563", "comment-current": "#e8eefc",
    "right-background": "#e6f4ea", "right-border": "#a8d5b5", "right-text": "#1e6b34",
    "inaccuracy": "#2f6fa8", "mistake": "#a65e00", "blunder": "#b3261e",
}
"""The colours of the viewer's page, by name: its stylesheets (splendor_nb/ui/static/*.css)
write ``var(--splendor-NAME)`` for ``PAGE_COLOURS[NAME]`` (see :func:`css_variables`)."""


def css_variables(selector: str = ".splendor-viewer") -> str:
    """A CSS rule giving ``selector`` the palette as custom properties: ``--splendor-NAME`` for
    each of :data:`PAGE_COLOURS`, and ``--splendor-player-I`` for each of :data:`PLAYER_COLOURS`.

    >>> css_variables().splitlines()[:2]
    ['.splendor-viewer {', '  --splendor-text: #1f2328;']
    """
    named = [*PAGE_COLOURS.items(),
             *((f"player-{index}", colour) for index, colour in enumerate(PLAYER_COLOURS))]
    return "\n".join([f"{selector} {{", *(f"  --splendor-{name}: {colour};"
                                         for name, colour in named), "}"])
