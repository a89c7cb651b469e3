"""The errors of a replay: a file or a move that cannot be loaded or continued.

>>> error = ReplayError("turn 3, Bo (player 2), move '+rr': R-TAKE2: ...", turn=3,
...                     rule="R-TAKE2")
>>> error.turn, error.rule, error.partial
(3, 'R-TAKE2', None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor_nb.replay.move_paths import MovePath

if TYPE_CHECKING:
    from splendor_nb.replay.game_record import Replay

NOTATION = "notation"
"""The ``rule`` of a :class:`ReplayError` for a move that does not parse (not a rule violation)."""
FORMAT_RULE = "format"
"""The ``rule`` of a :class:`ReplayError` for a file that breaks the replay format (the schema)."""


class ReplayError(ValueError):
    """A replay that cannot be loaded or continued; the message says where and why.

    ``turn`` is 1-based, ``player`` the 0-based index of the player who moved (the message names
    them as the app does, seats from 1: ``Bo (player 2)``, or ``Player 2``), ``move_text`` the
    move as written, ``rule`` the rule id (docs/rules.md), ``"notation"`` for a move that does not
    parse or ``"format"`` for a file that breaks the schema. ``partial`` is the valid prefix: a
    replay of the turns before the bad one, comments included, when the setup itself was valid.
    ``path`` is where the bad move is in the move tree (:data:`MovePath`): ``(turn,)`` on the
    main line, longer in a variation of that turn (``turn`` is then the main-line turn holding
    it, and ``partial`` stops before that turn as well).
    """

    __module__ = "splendor_nb.replay"  # a traceback names it as it is imported: the package's API

    def __init__(self, message: str, *, turn: int | None = None, player: int | None = None,
                 move_text: str | None = None, rule: str | None = None,
                 partial: Replay | None = None, path: MovePath | None = None) -> None:
        super().__init__(message)
        self.turn = turn
        self.player = player
        self.move_text = move_text
        self.rule = rule
        self.partial = partial
        self.path = path


class FileChangedError(ReplayError):
    """:meth:`~splendor_nb.replay.Replay.save` with ``if_unchanged=True`` found a file this
    replay has not seen."""

    __module__ = "splendor_nb.replay"

