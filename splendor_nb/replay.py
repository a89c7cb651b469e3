"""Replays: a game recorded as its setup and its moves, saved as JSON, replayed and annotated.

A replay stores what happened, not how to regenerate it: the nobles revealed, the 12 first
face-up cards, then each turn's move in the notation with the card revealed from a deck during
that turn (a refill, R-REFILL, or a blind reserve, R-RESERVE-HIDDEN). Loading replays every move
with the engine and stops at the first bad one with a :class:`ReplayError` that names the turn,
the player, the move text and the rule, and carries the valid prefix (``.partial``).

The moves form a tree, as in PGN: the main line (``replay.turns``) and, under any move, side
lines (variations) played instead of it, which may hold variations in turn. A move in the tree
is named by its :data:`Path`. The engine's judgement of the main line (:class:`Analysis`, made
by :mod:`splendor_nb.analysis.game_review`) is kept apart from the comments and glyphs. A replay
with variations or an analysis is written as version 2; one with neither as version 1, as
before (docs/replay-format.md).

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

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import math
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import fastjsonschema

from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID, Card, Noble
from splendor_nb.engine import GameState, setup
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.rules import PLAYER_COUNTS

FORMAT = "splendor-nb-replay"
VERSION = 2
"""The newest version this splendor_nb writes: a replay without variations and without an
analysis is still written as version 1."""
VERSIONS = (1, 2)
GLYPHS: tuple[str, ...] = ("!", "?", "!!", "??", "!?", "?!")
MAX_BYTES = 10 * 1024 * 1024
"""Larger files are refused before being read, and so are replays that would save larger: a
real game is a few kilobytes."""
NOTATION = "notation"
"""The ``rule`` of a :class:`ReplayError` for a move that does not parse (not a rule violation)."""
FORMAT_RULE = "format"
"""The ``rule`` of a :class:`ReplayError` for a file that breaks the replay format (the schema)."""
TEMPORARY_MARK = ".splendor-tmp-"
"""Save writes ``.NAME.splendor-tmp-RANDOM`` beside ``NAME``, then renames it over ``NAME``."""
STALE_TEMPORARY_SECONDS = 600
"""A temporary file older than this was left by a crashed save (a save takes well under a
second), and the next save of the same file removes it; a younger one may be another save's."""
MAX_NUMBER_CHARS = 100
"""Longer number literals are refused: a seed needs 20 digits, and Python's ``int()`` refuses
4,301 digits with a ValueError of its own."""
MAX_NESTING = 50
"""Variations nested deeper than this (a variation in a variation in ...) are refused: a person
nests a few, and reading them walks the tree recursively."""

MovePath = tuple[int, ...]
"""Where a move is in the move tree. ``(n,)`` is turn ``n`` of the main line (1 = the first
move); ``(n, v, m)`` the ``m``-th move of the ``v``-th variation under it (its first move is
played instead of turn ``n``); ``(n, v, m, w, k)`` the ``k``-th move of variation ``w`` under
that one, and so on. ``()`` is the setup. Everything counts from 1; as text, ``12.1.3``."""


class ReplayError(ValueError):
    """A replay that cannot be loaded or continued; the message says where and why.

    ``turn`` is 1-based, ``player`` the 0-based index of the player who moved (the message names
    them as the app does, seats from 1: ``Bo (player 2)``, or ``Player 2``), ``move_text`` the
    move as written, ``rule`` the rule id (see RULES.md), ``"notation"`` for a move that does not
    parse or ``"format"`` for a file that breaks the schema. ``partial`` is the valid prefix: a
    replay of the turns before the bad one, comments included, when the setup itself was valid.
    ``path`` is where the bad move is in the move tree (:data:`MovePath`): ``(turn,)`` on the
    main line, longer in a variation of that turn (``turn`` is then the main-line turn holding
    it, and ``partial`` stops before that turn as well).
    """

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
    """:meth:`Replay.save` with ``if_unchanged=True`` found a file this replay has not seen."""


@dataclass(frozen=True)
class FileStamp:
    """A file as a replay read or wrote it: its real path (symlinks followed), size, SHA-256."""

    path: Path
    size: int
    sha256: str

    @classmethod
    def of(cls, path: str | os.PathLike[str], data: bytes) -> FileStamp:
        """The stamp of the file at ``path`` holding ``data``.

        >>> FileStamp.of("/tmp/../tmp/game.json", b"{}").size
        2
        """
        return cls(Path(os.path.realpath(path)), len(data), hashlib.sha256(data).hexdigest())


@dataclass
class Turn:
    """One recorded turn: the move, the card that came off a deck (if any), the annotation, and
    the variations played instead of it (each a list of turns; see :data:`MovePath`)."""

    move: Move
    revealed: str | None = None
    comment: str = ""
    glyph: str = ""
    variations: list[list[Turn]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The turn as it is written in the file (empty fields left out).

        >>> Turn(Move.parse("B1w3"), revealed="1g2", glyph="!").to_json()
        {'move': 'B1w3', 'revealed': '1g2', 'glyph': '!'}
        >>> Turn(Move.parse("+rr"), variations=[[Turn(Move.parse("+kk"))]]).to_json()
        {'move': '+rr', 'variations': [[{'move': '+kk'}]]}
        """
        data: dict[str, Any] = {"move": str(self.move)}
        if self.revealed is not None:
            data["revealed"] = self.revealed
        if self.comment:
            data["comment"] = self.comment
        if self.glyph:
            data["glyph"] = self.glyph
        if self.variations:
            data["variations"] = [[turn.to_json() for turn in line] for line in self.variations]
        return data


@dataclass(frozen=True)
class Node:
    """A move of the tree as a viewer shows it: where it is, the turn (move and annotation),
    the position after it, the game's turn number and how deep in variations it lies."""

    path: MovePath
    turn: Turn
    state: GameState
    """The position after the move."""
    number: int
    """The game's turn number of the move (1 = the first move), in any line."""
    depth: int
    """0 on the main line, 1 in a variation, 2 in a variation inside one, ..."""
    player: int
    """The index of the player who made the move."""


@dataclass(frozen=True)
class PositionAnalysis:
    """The engine's judgement of one position of the main line (see :class:`Analysis`).

    ``move`` and ``revealed`` are those of the turn that led here (``None`` at the setup), so
    that an entry whose turn is no longer in the main line can be told apart.
    """

    chances: tuple[float, ...]
    """Each player's chance of winning from here."""
    best: Move | None = None
    """The reviewing bot's move here (``None`` once the game is over)."""
    best_chances: tuple[float, ...] | None = None
    """Each player's chance after ``best``, when it is not the move played next."""
    move: str | None = None
    revealed: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The entry as it is written in the file (empty fields left out).

        >>> PositionAnalysis((0.5, 0.5), Move.parse("+wbg")).to_json()
        {'chances': [0.5, 0.5], 'best': '+wbg'}
        """
        data: dict[str, Any] = {}
        if self.move is not None:
            data["move"] = self.move
        if self.revealed is not None:
            data["revealed"] = self.revealed
        data["chances"] = list(self.chances)
        if self.best is not None:
            data["best"] = str(self.best)
        if self.best_chances is not None:
            data["best_chances"] = list(self.best_chances)
        return data

    def follows(self, turn: Turn | None) -> bool:
        """Whether this entry is about the position after ``turn`` (``None``: the setup)."""
        if turn is None:
            return self.move is None
        return self.move == str(turn.move) and self.revealed == turn.revealed


@dataclass(frozen=True)
class Analysis:
    """What the engine judged of the main line, stored in the file apart from the comments and
    glyphs people write: an entry per position from the setup on, with what produced it.

    ``engine`` names the code that judged (stale when it changed) and ``budget`` the reviewing
    bot's work per move (the expert's simulations). :meth:`current` says how many entries
    still hold.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> replay.analysis = Analysis("test engine", 100, (PositionAnalysis((0.5, 0.5)),))
    >>> replay.analysis.current(replay.turns), replay.version
    (1, 2)
    """

    engine: str
    budget: int
    positions: tuple[PositionAnalysis, ...]

    def current(self, turns: Sequence[Turn]) -> int:
        """How many leading entries are about the positions of the main line ``turns``: entry
        ``i`` holds while turns 1 to ``i`` are the ones it was made for."""
        for index, entry in enumerate(self.positions[:len(turns) + 1]):
            if not entry.follows(turns[index - 1] if index else None):
                return index
        return min(len(self.positions), len(turns) + 1)

    def to_json(self) -> dict[str, Any]:
        """The analysis as it is written in the file."""
        return {"engine": self.engine, "budget": self.budget,
                "positions": [entry.to_json() for entry in self.positions]}


class Replay:
    """A game as its setup and turns, with every position after each turn kept for random access.

    Build one with :meth:`from_state` (an engine game, deck order known), :meth:`from_setup` (a
    game typed in from a table, deck order unknown) or :meth:`load`/:meth:`loads`.

    ``turns`` is the main line; side lines hang under the move they replace
    (:attr:`Turn.variations`) and are reached by their :data:`MovePath`: :meth:`state`,
    :meth:`node`, :meth:`walk`, :meth:`variations`, :meth:`alternatives`, :meth:`play_from`,
    :meth:`add_variation`, :meth:`promote`, :meth:`delete_variation` and :meth:`annotate` take
    one (a plain turn number still means the main line).
    """

    def __init__(self, start: GameState, headers: dict[str, Any], known_decks: bool) -> None:
        self.headers = headers
        self.turns: list[Turn] = []
        self._states = [start]
        self._known_decks = known_decks
        self._side_states: dict[MovePath, GameState] = {}
        """The positions after variation moves, as far as they were asked for."""
        self.source_stamp: FileStamp | None = None
        """The file this replay was loaded from or last saved to, as it was then."""
        self.analysis: Analysis | None = None
        """The engine's judgement of the main line (:mod:`splendor_nb.analysis.game_review`)."""

    # --- building -------------------------------------------------------------------------------

    @classmethod
    def from_state(cls, state: GameState, headers: dict[str, Any] | None = None) -> Replay:
        """Start recording an engine game at its first position; revealed cards are recorded.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=3, seed=1), {"event": "club night"})
        >>> replay.players, replay.names, replay.headers["seed"], replay.headers["event"]
        (3, ['Player 1', 'Player 2', 'Player 3'], 1, 'club night')
        """
        if state.turn != 0:
            raise ValueError(f"a replay starts at turn 0; this state is at turn {state.turn}")
        return cls(state, _headers(len(state.players), state.seed, headers), known_decks=True)

    @classmethod
    def from_setup(cls, players: int, nobles: Sequence[str], market: Sequence[Sequence[str]],
                   headers: dict[str, Any] | None = None) -> Replay:
        """Start typing in a game played on a table: the nobles and the 12 face-up cards.

        The deck order is unknown, so :meth:`play` needs ``reveal`` each time a card comes off a
        deck (R-REFILL). Unknown or misplaced ids raise :class:`ReplayError`.

        >>> replay = Replay.from_setup(2, ["N1", "N5", "N9"],
        ...     [["1w1", "1b1", "1g1", "1r1"], ["2w1", "2b1", "2g1", "2r1"],
        ...      ["3w1", "3b1", "3g1", "3r1"]], {"players": [{"name": "Ann"}, {"name": "Bo"}]})
        >>> _ = replay.play("R1w1", reveal="1k4")
        >>> [c.id for c in replay.state(1).market[1]], replay.names
        (['1k4', '1b1', '1g1', '1r1'], ['Ann', 'Bo'])
        """
        start = _start_state(players, nobles, market, (headers or {}).get("seed"))
        return cls(start, _headers(players, None, headers), known_decks=False)

    def play(self, move: Move | str, reveal: str | None = None) -> GameState:
        """Append a turn after checking it; return the new position.

        Raises :class:`InvalidMoveError` for text that is not a move, :class:`IllegalMoveError`
        (with ``.rule``) for a rule violation, including R-REFILL when a card comes off a deck
        whose order is unknown and ``reveal`` does not say which one. With a known deck order
        (:meth:`from_state`) the revealed card is recorded automatically.

        >>> replay = Replay.from_setup(2, ["N1", "N2", "N3"], [[f"{t}w{i}" for i in range(1, 5)]
        ...                            for t in (1, 2, 3)])
        >>> replay.play("B1w1")
        Traceback (most recent call last):
        ...
        splendor_nb.moves.IllegalMoveError: R-BUY: card 1w1 costs 2 red, 1 black after bonuses; ...
        """
        if isinstance(move, str):
            move = _parse(move)
        after = self._advance(self._states[-1], move, reveal)
        revealed = after.last_drawn.id if after.last_drawn is not None else None
        self.turns.append(Turn(move, revealed))
        self._states.append(after)
        if after.over and not self.headers.get("result"):
            self.headers["result"] = "-".join(map(str, after.scores))
            self.headers["ended_by"] = after.end_rule  # R-END-TRIGGER, R-PASS or R-REPEAT
        return after

    def annotate(self, turn: int | MovePath, comment: str | None = None,
                 glyph: str | None = None) -> None:
        """Set the comment and/or glyph of turn ``turn`` (1 = the first move), or of the move
        at a :data:`MovePath` in a variation; ``""`` clears.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.annotate(1, glyph="?!"); replay.turns[0].glyph
        '?!'
        >>> replay.annotate(1, glyph="?!?")
        Traceback (most recent call last):
        ...
        ValueError: glyph '?!?' is not one of ! ? !! ?? !? ?! (or '' to clear)
        >>> replay.annotate(replay.add_variation(1, "+rr"), comment="Red first?")
        >>> replay.turns[0].variations[0][0].comment
        'Red first?'
        """
        if isinstance(turn, int) and not 1 <= turn <= len(self.turns):
            raise IndexError(f"turn {turn} is not in this replay (1 to {len(self.turns)})")
        entry = self._turn(_as_path(turn))
        if glyph is not None and glyph and glyph not in GLYPHS:
            raise ValueError(f"glyph {glyph!r} is not one of {' '.join(GLYPHS)} (or '' to clear)")
        if comment is not None:
            entry.comment = comment
        if glyph is not None:
            entry.glyph = glyph

    # --- positions ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.turns)

    def __repr__(self) -> str:
        return (f"<Replay {self.players} players ({', '.join(self.names)}), {len(self)} turns, "
                f"scores {'-'.join(map(str, self.state(len(self)).scores))}>")

    def state(self, turn: int | MovePath) -> GameState:
        """The position after ``turn`` turns of the main line (0 = the setup), or after the move
        at a :data:`MovePath`. Every position of the main line is kept, so O(1); a variation's
        are computed when first asked for, then kept.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.state(1).players[0].tokens["blue"], replay.state(0).players[0].tokens["blue"]
        (1, 0)
        >>> replay.state(replay.add_variation(1, "+rr")).players[0].tokens["red"]
        2
        """
        if isinstance(turn, int):
            if not 0 <= turn <= len(self.turns):
                raise IndexError(f"turn {turn} is not in this replay (0 to {len(self.turns)})")
            return self._states[turn]
        path = _as_path(turn)
        if len(path) > 1:
            return self._side_state(path)
        self._locate(path)
        return self._states[path[0] if path else 0]

    def states(self) -> list[GameState]:
        """Every position of the main line, from the setup to the last turn:
        ``len(replay) + 1`` states."""
        return list(self._states)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self._states[0].players)

    @property
    def names(self) -> list[str]:
        """The players' names from the headers (``Player 1`` ... where there is none)."""
        given = self.headers.get("players") or []
        return [str(given[i].get("name") or f"Player {i + 1}") if i < len(given)
                else f"Player {i + 1}" for i in range(self.players)]

    @property
    def version(self) -> int:
        """The format version :meth:`save` writes: 2 with variations or an analysis, else 1."""
        has_variations = any(turn.variations for turn in self.turns)
        return 2 if has_variations or self.analysis is not None else 1

    # --- the move tree --------------------------------------------------------------------------

    def node(self, at: int | MovePath) -> Node:
        """The move at ``at`` (a main-line turn number or a :data:`MovePath`) with its position.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
        >>> node = replay.node(replay.add_variation(2, "+kk"))
        >>> node.path, str(node.turn.move), node.number, node.depth, node.player
        ((2, 1, 1), '+kk', 2, 1, 1)
        """
        path = _as_path(at)
        if not path:
            raise IndexError("the setup is a position, not a move")
        turn = self._turn(path)
        return Node(path, turn, self.state(path), _number(path), len(path) // 2,
                    self.state(_before(path)).current_player)

    def walk(self) -> Iterator[Node]:
        """Every move of the tree in PGN's order: each move, then the variations played instead
        of it (each walked the same way), then the next move of its line.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
        >>> _ = replay.play_from(replay.add_variation(1, "+kk"), "+wrg")
        >>> [(format_path(n.path), str(n.turn.move)) for n in replay.walk()]
        [('1', '+wbg'), ('1.1.1', '+kk'), ('1.1.2', '+wgr'), ('2', '+rr')]
        """
        yield from self._walk((), self.turns)

    def variations(self, at: int | MovePath) -> list[MovePath]:
        """The variations hanging under the move at ``at``, by the path of their first move.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.add_variation(1, "+rr")
        >>> replay.variations(1), replay.variations((1, 1, 1))
        ([(1, 1, 1)], [])
        """
        path = _as_path(at)
        return [(*path, number, 1) for number in range(1, len(self._turn(path).variations) + 1)]

    def alternatives(self, at: int | MovePath) -> list[MovePath]:
        """The moves of the tree played from the position before the move at ``at``: the
        line's own move first, then the variations' first moves, in the file's order (what the
        up and down keys of a move list choose between).

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.add_variation(1, "+rr")
        >>> replay.alternatives((1, 1, 1))
        [(1,), (1, 1, 1)]
        """
        found: list[MovePath] = []
        waiting = [_head(_as_path(at))]
        while waiting:
            path = waiting.pop()
            found.append(path)
            waiting.extend(reversed(self.variations(path)))  # a first move's own variations
        return found

    def back(self, at: int | MovePath) -> MovePath:
        """The position before the move at ``at`` (``()`` before the first move).

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
        >>> replay.back(2), replay.back(replay.add_variation(2, "+kk")), replay.back(1)
        ((1,), (1,), ())
        """
        path = _as_path(at)
        self._turn(path)
        return _before(path)

    def forward(self, at: int | MovePath) -> MovePath | None:
        """The next move of the line that holds ``at`` (``()``: the main line's first move);
        ``None`` at the end of the line.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.forward(()), replay.forward(1)
        ((1,), None)
        """
        path = _as_path(at)
        if not path:
            return (1,) if self.turns else None
        line, index = self._locate(path)
        return (*path[:-1], path[-1] + 1) if index + 1 < len(line) else None

    def after(self, at: int | MovePath, move: Move | str, reveal: str | None = None
              ) -> GameState:
        """The position that ``move`` played from the position at ``at`` gives, as a variation
        has it, without adding it to the tree.

        A card that comes off a deck (R-REFILL, R-RESERVE-HIDDEN) is ``reveal`` if given; else,
        with the deck order unknown, it is the card the record shows coming next off that deck
        (the cards come off the top in order, so the game's later reveals tell the order), and
        past what the record shows, the engine's fixed stand-in order.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.loads(Replay.from_state(new_game(players=2, seed=7)).dumps())
        >>> _ = replay.play("R1g6", reveal="1r3")
        >>> replay.after(0, "R1w4").market[1][1].id    # the card that came off the deck first
        '1r3'
        """
        if isinstance(move, str):
            move = _parse(move)
        return self._side_move(self.state(at), move, reveal)

    def play_from(self, at: int | MovePath, move: Move | str, reveal: str | None = None
                  ) -> MovePath:
        """Play ``move`` from the position at ``at``, as a person does on the board; return the
        path of the move. A move already in the tree there is followed, not copied; at the end
        of a line the line goes on (the main line through :meth:`play`); elsewhere the move
        starts a variation under the move it replaces (:meth:`add_variation`).

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
        >>> replay.play_from(1, "+rr"), replay.play_from(1, "+kk"), replay.play_from(2, "+kk")
        ((2,), (2, 1, 1), (3,))
        >>> replay.play_from((2, 1, 1), "+wbg")
        (2, 1, 2)
        """
        if isinstance(move, str):
            move = _parse(move)
        path = _as_path(at)
        following = self.forward(path)
        if following is not None:
            return self.add_variation(following, move, reveal)
        if len(path) <= 1:  # the end of the main line
            self.play(move, reveal)
            return (len(self.turns),)
        line, _ = self._locate(path)
        after = self._side_move(self.state(path), move, reveal)
        line.append(Turn(move, after.last_drawn.id if after.last_drawn is not None else None))
        new = (*path[:-1], path[-1] + 1)
        self._side_states[new] = after
        return new

    def add_variation(self, at: int | MovePath, move: Move | str, reveal: str | None = None
                      ) -> MovePath:
        """Start a variation under the move at ``at``: ``move`` played instead of it, from the
        position before it; return the path of the new move. A move already played from that
        position (the line's own or a variation's first) is returned instead of a copy.
        Revealed cards are as :meth:`after` says; an illegal move raises
        :class:`IllegalMoveError` and adds nothing.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
        >>> replay.add_variation(2, "+kk"), replay.add_variation(2, "+wgk"), replay.variations(2)
        ((2, 1, 1), (2, 2, 1), [(2, 1, 1), (2, 2, 1)])
        >>> replay.add_variation((2, 2, 1), "+rr"), replay.add_variation((2, 2, 1), "+kk")
        ((2,), (2, 1, 1))
        """
        if isinstance(move, str):
            move = _parse(move)
        head = _head(_as_path(at))
        for path in self.alternatives(head):
            turn = self._turn(path)
            if turn.move == move and reveal in (None, turn.revealed):
                return path
        if len(head) // 2 >= MAX_NESTING:
            raise ValueError(f"variations are nested at most {MAX_NESTING} deep")
        after = self._side_move(self.state(_before(head)), move, reveal)
        variations = self._turn(head).variations
        variations.append([Turn(move, after.last_drawn.id if after.last_drawn else None)])
        new = (*head, len(variations), 1)
        self._side_states[new] = after
        return new

    def promote(self, at: int | MovePath, *, main_line: bool = True) -> MovePath:
        """Make the line holding the move at ``at`` the main line (``main_line=False``: only
        one level up, the line it is a variation of); return the move's new path.

        As PGN editors do it: the variation and the moves it replaced swap places, the replaced
        ones becoming a variation (in the promoted one's place) under the new move, which takes
        the other variations too. When the main line changes, the result in the headers follows
        it (unless someone wrote another), and the analysis keeps the positions it still holds.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg"); _ = replay.play("+rr")
        >>> replay.promote(replay.add_variation(1, "+kk")), [str(t.move) for t in replay.turns]
        ((1,), ['+kk'])
        >>> [str(t.move) for t in replay.turns[0].variations[0]]
        ['+wbg', '+rr']
        """
        path = _as_path(at)
        self._turn(path)
        final = self._states[-1]
        while len(path) > 1:
            hanging = path[:-2]
            path = self._promote_once(path)
            if len(hanging) == 1:
                self._main_line_changed(hanging[0], final)
            if not main_line:
                break
        self._side_states.clear()
        return path

    def delete_variation(self, at: int | MovePath) -> MovePath:
        """Delete the variation holding the move at ``at``, whole, with the variations inside
        it; return the path of the move it hung under.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> replay.delete_variation(replay.add_variation(1, "+rr")), replay.variations(1)
        ((1,), [])
        >>> replay.delete_variation(1)
        Traceback (most recent call last):
        ...
        ValueError: turn 1 is on the main line, which is not a variation (promote one instead)
        """
        path = _as_path(at)
        self._turn(path)
        if len(path) == 1:
            raise ValueError(f"turn {path[0]} is on the main line, which is not a variation "
                             "(promote one instead)")
        hanging = path[:-2]
        del self._turn(hanging).variations[path[-2] - 1]
        self._side_states.clear()
        return hanging

    # --- files ----------------------------------------------------------------------------------

    def dumps(self) -> str:
        """The replay file's text: stable key order, one turn per line, ending with a newline."""
        return "".join(self._text_parts())

    def save(self, path: str | os.PathLike[str], *, if_unchanged: bool = False) -> None:
        """Write the file atomically, through a symlink to its target, keeping the target's mode.

        A file that :meth:`load` would refuse is not written: a :class:`ReplayError` says why
        (over :data:`MAX_BYTES`, or headers that are not a replay's, set after it was made).
        The text goes to a temporary file beside the target (``.NAME.splendor-tmp-*``; those a
        crashed save left are removed), synced, renamed over the target, and the folder synced.

        ``if_unchanged=True`` guards a file another program or page may have changed: instead
        of overwriting a file whose content this replay has not seen (not the one it was loaded
        from or last saved to, see :attr:`source_stamp`, or changed since), it raises
        :class:`FileChangedError`, and nothing is written. A path with no file is always saved.
        The check is made just before the rename: two saves in the same instant can still race.

        >>> import pathlib, tempfile
        >>> from splendor_nb.engine import new_game
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = pathlib.Path(folder.name, "game.json")
        >>> Replay.from_state(new_game(players=2, seed=7)).save(path)
        >>> opened = Replay.load(path)
        >>> other = Replay.load(path); _ = other.play("+wbg"); other.save(path, if_unchanged=True)
        >>> opened.save(path, if_unchanged=True)
        Traceback (most recent call last):
        ...
        splendor_nb.replay.FileChangedError: .../game.json: changed since it was opened; ...
        >>> folder.cleanup()
        """
        data = self._file_bytes()
        _check_loadable(data)
        target = Path(os.path.realpath(path))  # a symlink stays, its target is written
        _remove_stale_temporary_files(target)
        temporary = _write_temporary(target, data)
        try:
            if if_unchanged:
                self._check_unchanged(path, target)
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        _sync_folder(target.parent)
        self.source_stamp = FileStamp.of(target, data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Read and validate a replay file; any problem is a :class:`ReplayError` naming the file.

        Only a regular file is read (not a folder, a device or a pipe), and at most
        :data:`MAX_BYTES` of it.

        >>> Replay.load("no/such/file.json")
        Traceback (most recent call last):
        ...
        splendor_nb.replay.ReplayError: no/such/file.json: cannot read: No such file or directory
        """
        data = _read_file(path)
        try:
            replay = cls._parse_bytes(data)
        except ReplayError as error:
            error.args = (f"{path}: {error}",)
            raise
        replay.source_stamp = FileStamp.of(path, data)
        return replay

    @classmethod
    def loads(cls, text: str | bytes) -> Replay:
        """Read and validate a replay from its text (or UTF-8 bytes).

        >>> Replay.loads('{"format": "chess-pgn"}')
        Traceback (most recent call last):
        ...
        splendor_nb.replay.ReplayError: not a splendor-nb replay: format is 'chess-pgn'
        """
        return cls._parse_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str)
                                else text)

    @classmethod
    def _parse_bytes(cls, data: bytes) -> Replay:
        replay = cls._from_document(_read_document(data))
        replay._file_bytes()  # it must save again within the limit
        return replay

    @classmethod
    def _from_document(cls, document: Any) -> Replay:
        bad_turn, problem = _document_problem(document)
        if bad_turn is None and problem:
            raise ReplayError(problem, rule=FORMAT_RULE)
        headers, game = document["headers"], document["setup"]
        start = _start_state(game["players"], game["nobles"], game["market"], headers.get("seed"))
        replay = cls(start, headers, known_decks=False)
        turns = document["turns"]
        for index, data in enumerate(turns[:bad_turn]):
            replay._replay_turn(index + 1, data)
        if bad_turn is not None:
            data = turns[bad_turn]
            text = data.get("move") if isinstance(data, dict) else None
            raise replay._error((bad_turn + 1,), replay._states[-1],
                                text if isinstance(text, str) else None, FORMAT_RULE, problem)
        if "analysis" in document:
            replay.analysis = _read_analysis(document["analysis"], replay)
        return replay

    # --- private helpers ------------------------------------------------------------------------

    def _turn(self, path: MovePath) -> Turn:
        """The turn at ``path``; an IndexError if there is none."""
        line, index = self._locate(path)
        return line[index]

    def _locate(self, path: MovePath) -> tuple[list[Turn], int]:
        """The line holding the move at ``path`` and its index there; ``()`` (the setup) gives
        the main line and -1. An IndexError names a path that is not in the tree."""
        line = self.turns
        index = -1
        for step, number in enumerate(path):
            if step % 2 == 0:  # a move of the line reached so far
                if not 1 <= number <= len(line):
                    raise IndexError(f"there is no move {format_path(path)} in this replay")
                index = number - 1
            else:  # one of that move's variations
                variations = line[index].variations
                if not 1 <= number <= len(variations) or step + 1 == len(path):
                    raise IndexError(f"there is no move {format_path(path)} in this replay")
                line, index = variations[number - 1], -1
        return line, index

    def _side_state(self, path: MovePath) -> GameState:
        """The position after a variation's move, from the nearest one known."""
        self._locate(path)
        waiting = []
        while len(path) > 1 and path not in self._side_states:
            waiting.append(path)
            path = _before(path)
        state = self._side_states[path] if len(path) > 1 else self._states[path[0] if path else 0]
        for step in reversed(waiting):
            turn = self._turn(step)
            state = state.apply(turn.move, turn.revealed)
            self._side_states[step] = state
        return state

    def _side_move(self, state: GameState, move: Move, reveal: str | None) -> GameState:
        """``move`` played from ``state`` off the main line (see :meth:`after`)."""
        after = state.apply(move, reveal)
        drawn = after.last_drawn
        if reveal is not None or drawn is None or self._known_decks:
            return after
        known = self._next_known_card(state, drawn.tier)
        return after if known in (None, drawn.id) else state.apply(move, known)

    def _next_known_card(self, state: GameState, tier: int) -> str | None:
        """The card the record shows coming next off the tier's deck in ``state``: R-REFILL and
        R-RESERVE-HIDDEN take the top card, so the main line's reveals are the deck's order."""
        revealed = [t.revealed for t in self.turns if t.revealed and t.revealed[0] == str(tier)]
        drawn = len(self._states[0].decks[tier - 1]) - len(state.decks[tier - 1])
        deck = {card.id for card in state.decks[tier - 1]}
        return next((card for card in revealed[drawn:] if card in deck), None)

    def _walk(self, address: MovePath, line: list[Turn]) -> Iterator[Node]:
        for index, turn in enumerate(line, start=1):
            path = (*address, index)
            yield self.node(path)
            for number, variation in enumerate(turn.variations, start=1):
                yield from self._walk((*path, number), variation)

    def _promote_once(self, path: MovePath) -> MovePath:
        """Swap the variation holding ``path`` with the moves it replaced; the new path."""
        hanging, number, index = path[:-2], path[-2], path[-1]
        line, at = self._locate(hanging)
        replaced = line[at]
        variation = replaced.variations[number - 1]
        others, replaced.variations = replaced.variations, []
        variation[0].variations = [*others[:number - 1], line[at:], *others[number:],
                                   *variation[0].variations]
        line[at:] = variation
        return (*hanging[:-1], hanging[-1] + index - 1)

    def _main_line_changed(self, turn: int, final: GameState) -> None:
        """Turns from ``turn`` on are new: their positions, the analysis that still holds, and
        the result (when the headers hold the one the old main line, ending at ``final``, gave).
        """
        del self._states[turn:]
        for entry in self.turns[turn - 1:]:
            self._states.append(self._states[-1].apply(entry.move, entry.revealed))
        if self.analysis is not None:
            held = self.analysis.positions[:self.analysis.current(self.turns)]
            self.analysis = Analysis(self.analysis.engine, self.analysis.budget, held)
        if self.headers.get("result", "") != _result(final):
            return  # a result someone wrote stays
        new = self._states[-1]
        if _result(new) != self.headers.get("result", ""):
            self.headers["result"] = _result(new)
        if new.over:
            self.headers["ended_by"] = new.end_rule
        else:
            self.headers.pop("ended_by", None)

    def _check_unchanged(self, path: str | os.PathLike[str], target: Path) -> None:
        try:
            size = os.stat(target).st_size
        except FileNotFoundError:
            return  # nothing to overwrite
        seen = self.source_stamp
        if seen is None or seen.path != target:
            raise FileChangedError(f"{path}: a file is already there that this replay was not "
                                   "opened from; save a copy under another name")
        if size != seen.size or hashlib.sha256(_read_file(target)).hexdigest() != seen.sha256:
            raise FileChangedError(f"{path}: changed since it was opened; save a copy under "
                                   "another name to keep both")

    def _text_parts(self) -> Iterator[str]:
        """The file's text in pieces, so that a file over the limit is refused before it is
        built whole: headers are re-indented, which can make them many times longer.
        """
        start = self._states[0]
        setup_data = {
            "players": self.players,
            "nobles": [noble.id for noble in start.nobles],
            "market": [[_card_id(card) for card in row] for row in start.market_rows],
        }
        yield f'{{\n "format": "{FORMAT}",\n "version": {self.version},\n "headers": '
        for piece in _HEADERS_ENCODER.iterencode(self.headers):
            yield piece.replace("\n", "\n ")
        yield f',\n "setup": {json.dumps(setup_data, ensure_ascii=False)},\n "turns": ['
        if self.turns:
            yield "\n" + ",\n".join(map(_turn_text, self.turns)) + "\n ]"
        else:
            yield "]"
        if self.analysis is not None:
            yield from _analysis_text(self.analysis)
        yield "\n}\n"

    def _file_bytes(self) -> bytes:
        """The file as :meth:`save` writes it; a :class:`ReplayError` when it would be larger
        than :data:`MAX_BYTES` (stopping there) or holds what JSON text cannot: a lone
        surrogate, NaN, an integer Python will not write, a value that is not JSON.
        """
        pieces: list[bytes] = []
        size = 0
        try:
            for text in self._text_parts():
                pieces.append(text.encode("utf-8"))
                size += len(pieces[-1])
                if size > MAX_BYTES:
                    raise ReplayError(f"written out, this replay would be over {MAX_BYTES} "
                                      "bytes, the limit of a replay file", rule=FORMAT_RULE)
        except ReplayError:
            raise
        except UnicodeEncodeError:
            values = {"headers": self.headers, "turns": [turn.to_json() for turn in self.turns],
                      "analysis": self.analysis.to_json() if self.analysis else {}}
            where = _first_refusal(values) or "a lone surrogate (half of a UTF-16 pair: not text)"
            raise ReplayError(f"cannot be saved: {where}", rule=FORMAT_RULE) from None
        except (TypeError, ValueError, RecursionError) as error:
            raise ReplayError(f"cannot be saved: the headers hold what JSON cannot: {error}",
                              rule=FORMAT_RULE) from error
        return b"".join(pieces)

    def _replay_turn(self, number: int, data: dict[str, Any]) -> None:
        turn, after = self._replay_move((number,), self._states[-1], data)
        self.turns.append(turn)
        self._states.append(after)

    def _replay_move(self, path: MovePath, before: GameState, data: dict[str, Any]
                     ) -> tuple[Turn, GameState]:
        """The turn read from ``data`` at ``path``, played from ``before``, and its variations
        (in the file's order: the move, then the lines played instead of it)."""
        text = data["move"]
        reveal = data.get("revealed")
        try:
            move = _parse(text)
            after = self._advance(before, move, reveal)
        except InvalidMoveError as error:
            raise self._error(path, before, text, NOTATION, str(error)) from error
        except IllegalMoveError as error:
            raise self._error(path, before, text, error.rule, error.reason) from error
        turn = Turn(move, reveal, data.get("comment", ""), data.get("glyph", ""))
        for number, line in enumerate(data.get("variations", ()), start=1):
            state = before
            turn.variations.append([])
            for index, entry in enumerate(line, start=1):
                at = (*path, number, index)
                played, state = self._replay_move(at, state, entry)
                turn.variations[-1].append(played)
                self._side_states[at] = state
        return turn, after

    def _advance(self, state: GameState, move: Move, reveal: str | None) -> GameState:
        after = state.apply(move, reveal)
        if reveal is None and after.last_drawn is not None and not self._known_decks:
            tier = after.last_drawn.tier
            raise IllegalMoveError("R-REFILL", "reveal_needed", move=str(move), tier=tier)
        return after

    def _error(self, path: MovePath, before: GameState, text: str | None, rule: str,
               reason: str) -> ReplayError:
        """The error of the move at ``path`` played from ``before``; its ``partial`` holds the
        main line before the turn that holds the move."""
        player = before.current_player
        name = self.names[player]
        # as the app names a player: by name, seats counted from 1 ("Bo (player 2)"; an unnamed
        # player's name is already "Player 2")
        seat = f"Player {player + 1}"
        who = name if name == seat else f"{name} ({seat.lower()})"
        move = f", move {text!r}" if text is not None else ""
        partial = Replay(self._states[0], self.headers, self._known_decks)
        partial.turns = list(self.turns)
        partial._states = list(self._states)
        return ReplayError(f"{_where(path)}, {who}{move}: {rule}: {reason}", turn=path[0],
                           player=player, move_text=text, rule=rule, partial=partial, path=path)


def format_path(path: MovePath) -> str:
    """A :data:`MovePath` as text, the numbers joined by dots (``""`` for the setup).

    >>> format_path((12, 1, 3)), format_path(())
    ('12.1.3', '')
    """
    return ".".join(map(str, path))


def parse_path(text: str) -> MovePath:
    """The :data:`MovePath` written by :func:`format_path`; a ValueError for other text (it
    may still name no move of a given replay: :meth:`Replay.node` says so).

    >>> parse_path("12.1.3"), parse_path("7"), parse_path("")
    ((12, 1, 3), (7,), ())
    >>> parse_path("12.1")
    Traceback (most recent call last):
    ...
    ValueError: '12.1' is not a move's path: numbers from 1 joined by dots, an odd count
    """
    if not text:
        return ()
    parts = text.split(".")
    if len(parts) % 2 == 0 or not all(part.isdigit() and part[0] != "0" and len(part) < 10
                                       for part in parts):
        raise ValueError(f"{text!r} is not a move's path: numbers from 1 joined by dots, "
                         "an odd count")
    return tuple(map(int, parts))


@lru_cache(maxsize=4096)
def _parse(text: str) -> Move:
    return Move.parse(text)


_HEADERS_ENCODER = json.JSONEncoder(indent=1, ensure_ascii=False, allow_nan=False)
_quote = json.encoder.encode_basestring  # a JSON string, as json.dumps(ensure_ascii=False)


def _turn_line(turn: Turn, indent: str = "  ") -> str:
    """The turn's line in the file, its variations left out: ``json.dumps(turn.to_json(),
    ensure_ascii=False)``, indented, built directly (five times faster; loading a file measures
    it as it would save).
    """
    line = indent + '{"move": ' + _quote(str(turn.move))
    if turn.revealed is not None:
        line += ', "revealed": ' + _quote(turn.revealed)
    if turn.comment:
        line += ', "comment": ' + _quote(turn.comment)
    if turn.glyph:
        line += ', "glyph": ' + _quote(turn.glyph)
    return line + "}"


def _turn_text(turn: Turn, indent: str = "  ") -> str:
    """The turn in the file: one line, or with variations, each of their turns on a line of
    its own, indented a step deeper per level."""
    line = _turn_line(turn, indent)
    if not turn.variations:
        return line
    inner = indent + " "
    lines = [f"{inner}[\n" + ",\n".join(_turn_text(t, inner + " ") for t in variation)
             + f"\n{inner}]" for variation in turn.variations]
    return f'{line[:-1]}, "variations": [\n' + ",\n".join(lines) + f"\n{indent}]}}"


def _analysis_text(analysis: Analysis) -> Iterator[str]:
    """The analysis in the file: its header on one line, then a line per position."""
    yield (f',\n "analysis": {{"engine": {_quote(analysis.engine)}, "budget": '
           f'{json.dumps(analysis.budget)}, "positions": [')
    if analysis.positions:
        yield "\n" + ",\n".join("  " + json.dumps(entry.to_json(), ensure_ascii=False,
                                                  allow_nan=False)
                                for entry in analysis.positions) + "\n ]}"
    else:
        yield "]}"


def _read_analysis(data: dict[str, Any], replay: Replay) -> Analysis:
    """The analysis of a file checked by the schema: each entry's chances are one per player,
    its moves parse, and the preferred moves of the entries that still hold are legal there.
    A :class:`ReplayError` names the entry; its ``partial`` is the replay without analysis.
    """
    positions = []
    for index, entry in enumerate(data["positions"]):
        where = f"analysis/positions/{index}"
        for key in ("chances", "best_chances"):
            if key in entry and len(entry[key]) != replay.players:
                raise ReplayError(f"not a valid replay: {where}/{key}: {len(entry[key])} "
                                  f"chances for a {replay.players}-player game",
                                  rule=FORMAT_RULE, partial=replay)
        try:
            best = _parse(entry["best"]) if "best" in entry else None
        except InvalidMoveError as error:
            raise ReplayError(f"not a valid replay: {where}/best: {error}", rule=NOTATION,
                              partial=replay) from error
        best_chances = entry.get("best_chances")
        positions.append(PositionAnalysis(
            tuple(entry["chances"]), best, None if best_chances is None else tuple(best_chances),
            entry.get("move"), entry.get("revealed")))
    analysis = Analysis(data["engine"], data["budget"], tuple(positions))
    for index in range(analysis.current(replay.turns)):
        best = positions[index].best
        if best is None:
            continue
        try:
            replay.state(index).apply(best)
        except IllegalMoveError as error:
            raise ReplayError(f"not a valid replay: analysis/positions/{index}/best: "
                              f"{error.rule}: {error.reason}", rule=error.rule,
                              partial=replay) from error
    return analysis


def _nesting_problem(turns: Any) -> str:
    """Which turn holds variations nested deeper than :data:`MAX_NESTING` (``""`` if none):
    found by a loop, before the schema's checks and the replay recurse into them."""
    for index, turn in enumerate(turns if isinstance(turns, list) else ()):
        waiting: list[tuple[Any, int]] = [(turn, 0)]
        while waiting:
            move, depth = waiting.pop()
            variations = move.get("variations") if isinstance(move, dict) else None
            if not isinstance(variations, list):
                continue
            if depth == MAX_NESTING:
                return f"turns/{index}: variations nested more than {MAX_NESTING} deep"
            waiting.extend((inner, depth + 1) for line in variations
                           if isinstance(line, list) for inner in line)
    return ""


def _as_path(at: int | Sequence[int]) -> MovePath:
    """``at`` as a :data:`MovePath`: a turn number is a main-line move (0: the setup)."""
    if isinstance(at, int):
        return (at,) if at else ()
    path = tuple(at)
    if (len(path) % 2 == 0 and path) or not all(type(n) is int and n >= 1 for n in path):
        raise IndexError(f"{path!r} is not a move's path (numbers from 1, an odd count)")
    return path


def _head(path: MovePath) -> MovePath:
    """The move of the line that a variation's first move is played instead of (itself for
    any other move): where the alternatives from one position are kept."""
    while len(path) > 1 and path[-1] == 1:
        path = path[:-2]
    return path


def _before(path: MovePath) -> MovePath:
    """The position before the move at ``path``: a variation's first move is played from where
    the move it replaces was."""
    path = _head(path)
    return (*path[:-1], path[-1] - 1) if path and path[-1] > 1 else ()


def _number(path: MovePath) -> int:
    """The game's turn number of the move at ``path``: a variation's first move has the number
    of the move it replaces."""
    return path[0] + sum(index - 1 for index in path[2::2])


def _where(path: MovePath) -> str:
    """``turn 5``, or ``turn 5, variation 1, move 2 (turn 6)`` for a variation's move."""
    if len(path) == 1:
        return f"turn {path[0]}"
    steps = ", ".join(f"variation {path[k]}, move {path[k + 1]}" for k in range(1, len(path), 2))
    return f"turn {path[0]}, {steps} (turn {_number(path)})"


def _result(state: GameState) -> str:
    """The headers' result that :meth:`Replay.play` writes for a game ending at ``state``."""
    return "-".join(map(str, state.scores)) if state.over else ""


def _card_id(card: Card | None) -> str:
    if card is None:
        raise ValueError("a replay starts with a full market")
    return card.id


def _read_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_BYTES`; a :class:`ReplayError` naming
    ``path`` otherwise. Its kind is checked before opening (opening a device or a pipe can block
    or have effects) and again once open, in case it was swapped; the open does not wait for a
    pipe's writer, and at most one byte over the limit is read (/dev/zero reports size 0).
    """
    try:
        _check_regular(path, os.stat(path))
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as source:
            _check_regular(path, os.fstat(source.fileno()))
            data = source.read(MAX_BYTES + 1)
    except OSError as error:
        raise ReplayError(f"{path}: cannot read: {error.strerror or error}") from error
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{path}: over {MAX_BYTES} bytes is too large for a replay",
                          rule=FORMAT_RULE)
    return data


_FILE_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFCHR: "a character device",
               stat.S_IFBLK: "a block device", stat.S_IFIFO: "a named pipe (FIFO)",
               stat.S_IFSOCK: "a socket"}


def _check_regular(path: str | os.PathLike[str], status: os.stat_result) -> None:
    if not stat.S_ISREG(status.st_mode):
        kind = _FILE_KINDS.get(stat.S_IFMT(status.st_mode), "a special file")
        raise ReplayError(f"{path}: cannot read: it is {kind}, not a regular file")
    if status.st_size > MAX_BYTES:
        raise ReplayError(f"{path}: {status.st_size} bytes is too large for a replay "
                          f"(limit {MAX_BYTES})", rule=FORMAT_RULE)


def _write_temporary(target: Path, data: bytes) -> Path:
    """A new file beside ``target`` holding ``data``, synced, with the target's mode, or the
    mode of any new file (0666 less the umask) when there is no target yet.
    """
    temporary = target.with_name(f".{target.name}{TEMPORARY_MARK}{secrets.token_hex(8)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as out:
            with contextlib.suppress(FileNotFoundError):  # a new file keeps what the umask gave
                os.fchmod(out.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


def _remove_stale_temporary_files(target: Path) -> None:
    """Remove the temporary files of ``target`` that crashed saves left behind."""
    prefix = f".{target.name}{TEMPORARY_MARK}"
    too_old = time.time() - STALE_TEMPORARY_SECONDS
    with os.scandir(target.parent) as entries:
        for entry in entries:
            with contextlib.suppress(FileNotFoundError):  # another save removed it first
                if (entry.name.startswith(prefix) and entry.is_file(follow_symlinks=False)
                        and entry.stat(follow_symlinks=False).st_mtime < too_old):
                    os.unlink(entry.path)


def _sync_folder(folder: Path) -> None:
    """Sync the folder, so that the rename itself survives a power cut (POSIX)."""
    if not hasattr(os, "O_DIRECTORY"):
        return  # Windows cannot open a folder; its renames are journaled
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _read_document(data: bytes) -> Any:
    """The JSON document in a replay file's bytes; a :class:`ReplayError` for anything that is
    not strict JSON text: over :data:`MAX_BYTES`, not UTF-8, not JSON, a key twice in one
    object, a number longer than :data:`MAX_NUMBER_CHARS` or not finite, a lone surrogate.
    """
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{len(data)} bytes is too large for a replay (limit {MAX_BYTES})",
                          rule=FORMAT_RULE)
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark from an editor is fine
    except UnicodeDecodeError as error:
        raise ReplayError(f"not UTF-8 text: byte {error.start} is invalid",
                          rule=FORMAT_RULE) from error
    strict = _StrictJson()
    try:
        document = json.loads(text, object_pairs_hook=strict.object, parse_int=strict.integer,
                              parse_float=strict.number, parse_constant=strict.constant)
    except json.JSONDecodeError as error:
        raise ReplayError(f"not valid JSON: {error.msg} at line {error.lineno} column "
                          f"{error.colno}", rule=FORMAT_RULE) from error
    except RecursionError as error:
        raise ReplayError("not a replay: JSON nested too deeply", rule=FORMAT_RULE) from error
    if strict.refused or _SURROGATE_ESCAPE.search(text):  # else the walk finds nothing
        problem = _first_refusal(document)
        if problem:
            raise ReplayError(f"not valid JSON text: {problem}", rule=FORMAT_RULE)
    return document


class _Refused:
    """A value the JSON parser read but a replay refuses; :func:`_first_refusal` says where."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


class _JsonFloat(float):
    """A number written with a fraction or an exponent, which is never an integer, whatever its
    value: fastjsonschema (as JSON Schema) takes ``2.0`` for an integer by asking
    ``is_integer()``; a replay writes its integers (version, players, seed) as ``2``.
    """

    def is_integer(self) -> bool:
        return False


class _StrictJson:
    """json.loads's hooks for strict JSON text. A value refused is left where it stands as a
    :class:`_Refused` (:func:`_first_refusal` then says where) and noted in ``refused``.
    """

    def __init__(self) -> None:
        self.refused = False

    def object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Refused:
        document = dict(pairs)
        if len(document) == len(pairs):
            return document
        seen: set[str] = set()
        for key, _ in pairs:  # json.loads alone keeps the last of a repeated key, silently
            if key in seen:
                return self._refuse(f"the key {_quoted(key)} appears twice in one object")
            seen.add(key)
        raise AssertionError("a shorter dict has a repeated key")

    def integer(self, text: str) -> int | _Refused:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(f"an integer of {len(text)} characters (the limit is "
                                f"{MAX_NUMBER_CHARS})")
        return int(text)

    def number(self, text: str) -> float | _Refused:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(f"a number of {len(text)} characters (the limit is "
                                f"{MAX_NUMBER_CHARS})")
        number = _JsonFloat(text)
        return number if math.isfinite(number) else self._refuse(f"{text} is too large "
                                                                 "for a number")

    def constant(self, text: str) -> _Refused:
        return self._refuse(f"{text} is not a JSON number")  # Python's json reads NaN, Infinity

    def _refuse(self, problem: str) -> _Refused:
        self.refused = True
        return _Refused(problem)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # how JSON text holds one


def _first_refusal(document: Any) -> str:
    """``"where: what"`` for the first refused value or lone surrogate, in file order; ``""``
    if none. A loop over a stack of the open objects and lists, not a recursion (json.loads
    takes deeper nesting than Python's recursion limit leaves to a caller), and in memory as
    deep as the document, not as large.
    """
    problem = _refusal(document)
    if problem:
        return f"the document: {problem}"
    stack: list[tuple[str, Iterator[tuple[Any, Any]]]] = [("", _children(document))]
    while stack:
        where, children = stack[-1]
        for key, item in children:
            problem = _refusal(item)
            if problem:
                return f"{where}{key}: {problem}"
            if isinstance(item, dict | list):
                stack.append((f"{where}{key}/", _children(item)))
                break
        else:
            stack.pop()
    return ""


def _refusal(value: Any) -> str:
    """What is wrong with this one value (a dict's keys included, not its values); ``""``."""
    if isinstance(value, _Refused):
        return value.problem
    if isinstance(value, str):
        return _lone_surrogate(value)
    if isinstance(value, dict):
        for key in value:
            if isinstance(key, str) and _lone_surrogate(key):
                return f"the key {_quoted(key)} holds {_lone_surrogate(key)}"
    return ""


def _children(value: Any) -> Iterator[tuple[Any, Any]]:
    if isinstance(value, dict):
        return iter(value.items())
    return enumerate(value) if isinstance(value, list) else iter(())


def _lone_surrogate(text: str) -> str:
    """What is wrong with a lone surrogate in ``text`` (``""`` if none): ``"\\ud800"`` unpaired
    in JSON is half of a UTF-16 pair, not text, and cannot be saved as UTF-8.
    """
    found = _SURROGATE.search(text)
    if found is None:
        return ""
    return (f"a lone surrogate {ascii(found.group())[1:-1]} at character {found.start()} "
            "(half of a UTF-16 pair: not text)")


def _quoted(text: str) -> str:
    """``text`` as an ASCII literal, cut to 40 characters: error messages stay short."""
    return ascii(text if len(text) <= 40 else text[:40] + "...")


def _headers(players: int, seed: int | None, given: dict[str, Any] | None) -> dict[str, Any]:
    """The default headers updated with ``given``, checked against the schema."""
    headers: dict[str, Any] = {
        "players": [{"name": f"Player {i + 1}", "kind": "human", "level": None}
                    for i in range(players)],
        "date": datetime.date.today().isoformat(),
        "event": "",
        "result": "",
        "notes": "",
        "seed": seed,
    }
    headers.update(given or {})
    try:
        _validator("headers")(headers)
    except fastjsonschema.JsonSchemaValueException as error:
        raise ReplayError(f"bad headers: {_schema_message(error)}", rule=FORMAT_RULE) from None
    if len(headers["players"]) != players:
        raise ReplayError(f"bad headers: {len(headers['players'])} players named for a "
                          f"{players}-player game", rule=FORMAT_RULE)
    return headers


def _start_state(players: int, nobles: Sequence[str], market: Sequence[Sequence[str]],
                 seed: int | None) -> GameState:
    if players not in PLAYER_COUNTS:
        raise ReplayError(f"R-SETUP-PLAYERS: Splendor is for 2 to 4 players, not {players}",
                          rule="R-SETUP-PLAYERS")
    if len(nobles) != players + 1 or len(set(nobles)) != len(nobles):
        raise ReplayError(f"R-SETUP-NOBLES: {players} players reveal {players + 1} different "
                          f"nobles, not {list(nobles)}", rule="R-SETUP-NOBLES")
    revealed: list[Noble] = []
    for noble_id in nobles:
        if noble_id not in NOBLE_BY_ID:
            raise ReplayError(f"R-SETUP-NOBLES: there is no noble {noble_id!r} (N1 to N10)",
                              rule="R-SETUP-NOBLES")
        revealed.append(NOBLE_BY_ID[noble_id])
    rows: list[list[Card]] = []
    for tier, row in enumerate(market, start=1):
        cards = []
        for card_id in row:
            card = CARD_BY_ID.get(card_id)
            if card is None or card.tier != tier:
                what = "there is no card" if card is None else f"a tier {tier} row cannot hold"
                raise ReplayError(f"R-SETUP-MARKET: {what} {card_id!r}", rule="R-SETUP-MARKET")
            cards.append(card)
        rows.append(cards)
    shown = [card.id for row in rows for card in row]
    if len(rows) != 3 or any(len(row) != 4 for row in rows) or len(set(shown)) != len(shown):
        raise ReplayError("R-SETUP-MARKET: the market is 4 different cards of each tier 1, 2, 3",
                          rule="R-SETUP-MARKET")
    return setup(players, revealed, rows, seed=seed)


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    text = resources.files("splendor_nb").joinpath("data", "replay.schema.json")
    schema: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return schema


@lru_cache(maxsize=2)
def _validator(part: str | None = None) -> Callable[[Any], Any]:
    """The schema compiled once to a Python function; ``part`` names one top-level property.

    fastjsonschema, not jsonschema: importing jsonschema here costs seconds (it builds an IRI
    parser at import when rfc3987-syntax is installed, as Jupyter's packages do).
    """
    schema = _schema()
    return fastjsonschema.compile(schema if part is None else schema["properties"][part])


def _check_loadable(data: bytes) -> None:
    """A :class:`ReplayError`, "cannot be saved: ...", when :meth:`Replay.load` would refuse
    ``data`` before replaying its moves (they were checked as they were played).
    """
    try:
        bad_turn, problem = _document_problem(_read_document(data))
    except ReplayError as error:
        bad_turn, problem = None, str(error)
    if problem:
        where = "" if bad_turn is None else f"turn {bad_turn + 1}: "
        raise ReplayError(f"cannot be saved: {where}{problem}", rule=FORMAT_RULE)


def _document_problem(document: Any) -> tuple[int | None, str]:
    """What makes a JSON document not a replay: ``(index of the bad turn or None, message)``,
    ``""`` if nothing. A bad turn is given alone when the rest is valid (see _schema_problem).
    """
    if not isinstance(document, dict):
        return None, (f"not a splendor-nb replay: the file holds a JSON "
                      f"{type(document).__name__}, not an object")
    if document.get("format") != FORMAT:
        return None, f"not a splendor-nb replay: format is {document.get('format')!r}"
    version = document.get("version")
    if version not in VERSIONS:
        return None, (f"unknown replay version {version!r}; this splendor_nb reads versions "
                      f"{' and '.join(map(str, VERSIONS))}")
    if type(version) is not int:
        return None, f"version: must be the integer {int(version)}, not {version!r}"
    problem = _nesting_problem(document.get("turns"))
    if problem:
        return None, f"not a valid replay: {problem}"
    bad_turn, problem = _schema_problem(document)
    if bad_turn is None and problem:
        return None, f"not a valid replay: {problem}"
    named, players = len(document["headers"]["players"]), document["setup"]["players"]
    if named != players:
        return None, f"not a valid replay: headers name {named} players but the setup has {players}"
    return bad_turn, problem


def _schema_problem(document: dict[str, Any]) -> tuple[int | None, str]:
    """The first schema violation: ``(index of the bad turn or None, message)``; ``""`` if none.

    When the violation lies inside ``turns`` and the rest of the document is valid, the index of
    the first bad turn is given so that the turns before it can still be loaded.
    """
    try:
        _validator()(document)
    except fastjsonschema.JsonSchemaValueException as error:
        path = list(error.path)[1:]
        if len(path) >= 2 and path[0] == "turns" and str(path[1]).isdigit():
            try:
                _validator()({**document, "turns": []})
            except fastjsonschema.JsonSchemaValueException as outer:
                return None, _schema_message(outer)
            return int(path[1]), _schema_message(error, skip=2)
        return None, _schema_message(error)
    return None, ""


def _schema_message(error: fastjsonschema.JsonSchemaValueException, skip: int = 0) -> str:
    """``"where: what"`` from a schema error, the path read as ``turns/3/glyph``."""
    path = list(error.path)[1 + skip:]
    where = "/".join(str(p) for p in path) or ("turn" if skip else "the document")
    what = error.message.removeprefix(error.name or "").strip()
    return f"{where}: {what}"
