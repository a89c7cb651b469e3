"""Screen colours shared by the charts (analysis) and the widgets: gems and players.

Plain constants with no imports, so the widgets can colour the move list without loading
pandas and plotly before the charts are wanted.

>>> PLAYER_COLOURS[0], GEM_COLOURS["gold"]
('#7b3fa0', '#d4a017')
"""

GEM_COLOURS: dict[str, str] = {
    "white": "#e4e4e4",
    "blue": "#1f5fbf",
    "green": "#2e8b3e",
    "red": "#d0312d",
    "black": "#3a3a3a",
    "gold": "#d4a017",
}
"""Screen colours of the gems; white is a light grey, drawn with :data:`OUTLINE` around it."""
OUTLINE = "#333333"
LINE_COLOURS: dict[str, str] = {**GEM_COLOURS, "white": "#b4b4b4"}
"""Line colours: the gem colours, with white a darker grey so that a thin line shows on white."""
PLAYER_COLOURS: tuple[str, ...] = ("#7b3fa0", "#e07b00", "#00897b", "#c2185b")
