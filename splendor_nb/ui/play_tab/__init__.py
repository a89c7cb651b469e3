"""Playing in a notebook or in the app's Play tab: :class:`PlayWidget` and its parts, one
module each.

- :mod:`~splendor_nb.ui.play_tab.widget`: :class:`PlayWidget`, the board, the turn and the game.
- :mod:`~splendor_nb.ui.play_tab.turn_panel`: the turn being built, its prompts and buttons.
- :mod:`~splendor_nb.ui.play_tab.new_game`, :mod:`~splendor_nb.ui.play_tab.seats_form`: the new-game
  form and the seats; the unfinished games.
- :mod:`~splendor_nb.ui.play_tab.game_over`: the end of a game, its charts and buttons.
- :mod:`~splendor_nb.ui.play_tab.from_here`: the Replay tab's *Play from here*.
- :mod:`~splendor_nb.ui.play_tab.bot_runner`: the bots' moves without blocking the kernel.
- :mod:`~splendor_nb.ui.play_tab.keys`: Escape and the keyboard focus (static/play.js).
- :mod:`~splendor_nb.ui.play_tab.play_labels`: the widget's words.

>>> import tempfile
>>> play = PlayWidget(seats=["Ann", "hard"], seed=1, games_dir=tempfile.mkdtemp())
>>> play.session.status
'Ann to move.'
"""

from splendor_nb.ui.play_tab.game_over import GameOverPanel
from splendor_nb.ui.play_tab.new_game import NewGameForm
from splendor_nb.ui.play_tab.seats_form import SeatsForm
from splendor_nb.ui.play_tab.turn_panel import TurnPanel
from splendor_nb.ui.play_tab.widget import PlayWidget

__all__ = ["GameOverPanel", "NewGameForm", "PlayWidget", "SeatsForm", "TurnPanel"]
