"""Replays: a game recorded as its setup and its moves, saved as JSON, replayed and annotated.

A replay stores what happened, not how to regenerate it: the nobles revealed, the 12 first
face-up cards, then each turn's move in the notation with the card revealed from a deck during
that turn (a refill, R-REFILL, or a blind reserve, R-RESERVE-HIDDEN). Loading replays every move
with the engine and stops at the first bad one with a :class:`ReplayError` that names the turn,
the player, the move text and the rule, and carries the valid prefix (``.partial``).

The moves form a tree, as in PGN: the main line (``replay.turns``) and, under any move, side
lines (variations) played instead of it, which may hold variations in turn. A move in the tree
is named by its :data:`MovePath`. The engine's judgement of the main line (:class:`Analysis`, made
by :mod:`splendor_nb.analysis.game_review`) is kept apart from the comments and glyphs. A replay
with variations or an analysis is written as version 2; one with neither as version 1, as
before (docs/replay-format.md).

Its modules, from the bottom up: :mod:`~splendor_nb.replay.move_paths` (a move's place in the
tree), :mod:`~splendor_nb.replay.replay_errors`, :mod:`~splendor_nb.replay.strict_json` (the
file's bytes as strict JSON), :mod:`~splendor_nb.replay.replay_schema` (the format's checks),
:mod:`~splendor_nb.replay.replay_setup` (R-SETUP-*), :mod:`~splendor_nb.replay.replay_files`
(reading and writing on disk), :mod:`~splendor_nb.replay.move_tree` (the moves and their
positions), :mod:`~splendor_nb.replay.stored_analysis`, :mod:`~splendor_nb.replay.replay_text`
(the file's text) and :mod:`~splendor_nb.replay.game_record` (:class:`Replay`).

>>> from splendor_nb.engine import new_game
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("+rr")
>>> replay.annotate(2, comment="Two red: the red noble is close.", glyph="!?")
>>> again = Replay.loads(replay.dumps())
>>> len(again), str(again.turns[1].move), again.turns[1].glyph, again.state(2).scores
(2, '+rr', '!?', (0, 0))
>>> again.dumps() == replay.dumps()
True
>>> replay.add_variation(2, "+kk")
(2, 1, 1)
>>> str(replay.node((2, 1, 1)).turn.move), replay.state((2, 1, 1)).players[1].tokens["black"]
('+kk', 2)
>>> Replay.loads(replay.dumps()).variations(2), replay.version
([(2, 1, 1)], 2)
"""

from splendor_nb.replay.game_record import Replay
from splendor_nb.replay.move_paths import MAX_NESTING, MovePath, format_path, parse_path
from splendor_nb.replay.move_tree import GLYPHS, MoveTree, Node, Turn
from splendor_nb.replay.replay_errors import FORMAT_RULE, NOTATION, FileChangedError, ReplayError
from splendor_nb.replay.replay_files import STALE_TEMPORARY_SECONDS, TEMPORARY_MARK, FileStamp
from splendor_nb.replay.replay_schema import FORMAT, VERSION, VERSIONS
from splendor_nb.replay.stored_analysis import Analysis, PositionAnalysis
from splendor_nb.replay.strict_json import MAX_BYTES, MAX_NUMBER_CHARS

__all__ = [
    "FORMAT",
    "FORMAT_RULE",
    "GLYPHS",
    "MAX_BYTES",
    "MAX_NESTING",
    "MAX_NUMBER_CHARS",
    "NOTATION",
    "STALE_TEMPORARY_SECONDS",
    "TEMPORARY_MARK",
    "VERSION",
    "VERSIONS",
    "Analysis",
    "FileChangedError",
    "FileStamp",
    "MovePath",
    "MoveTree",
    "Node",
    "PositionAnalysis",
    "Replay",
    "ReplayError",
    "Turn",
    "format_path",
    "parse_path",
]
