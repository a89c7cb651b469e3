"""The moves of a replay as a tree, as in PGN: the main line and, under any move, the
variations played instead of it, with the position after each move.

>>> from splendor_nb.engine import new_game
>>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
>>> _ = tree.play("+wbg"); _ = tree.play("+rr")
>>> tree.add_variation(2, "+kk"), [format_path(node.path) for node in tree.walk()]
((2, 1, 1), ['1', '2', '2.1.1'])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from splendor_nb.engine import GameState
from splendor_nb.moves import IllegalMoveError, Move
from splendor_nb.replay.move_paths import (
    MAX_NESTING,
    MovePath,
    as_path,
    format_path,
    line_head,
    position_before,
    turn_number,
)

GLYPHS: tuple[str, ...] = ("!", "?", "!!", "??", "!?", "?!")


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


class MoveTree:
    """The moves of a game from its first position, each with the position after it.

    ``turns`` is the main line; side lines hang under the move they replace
    (:attr:`Turn.variations`) and are reached by their :data:`MovePath`: :meth:`state`,
    :meth:`node`, :meth:`walk`, :meth:`variations`, :meth:`alternatives`, :meth:`play_from`,
    :meth:`add_variation`, :meth:`promote` and :meth:`delete_variation` take one (a plain turn
    number still means the main line). With ``known_decks`` the engine's deck order says which
    card a move reveals; without, :meth:`play` needs to be told (R-REFILL).
    """

    def __init__(self, start: GameState, known_decks: bool) -> None:
        self.turns: list[Turn] = []
        self._states = [start]
        self._known_decks = known_decks
        self._side_states: dict[MovePath, GameState] = {}
        """The positions after variation moves, as far as they were asked for."""

    def play(self, move: Move | str, reveal: str | None = None) -> GameState:
        """Append a turn to the main line after checking it; return the new position (see
        :meth:`splendor_nb.replay.Replay.play`)."""
        if isinstance(move, str):
            move = parse_move(move)
        after = self._advance(self._states[-1], move, reveal)
        revealed = after.last_drawn.id if after.last_drawn is not None else None
        self.turns.append(Turn(move, revealed))
        self._states.append(after)
        return after

    # --- positions ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.turns)

    def state(self, turn: int | MovePath) -> GameState:
        """The position after ``turn`` turns of the main line (0 = the setup), or after the move
        at a :data:`MovePath`. Every position of the main line is kept, so O(1); a variation's
        are computed when first asked for, then kept.

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg")
        >>> tree.state(1).players[0].tokens["blue"], tree.state(0).players[0].tokens["blue"]
        (1, 0)
        >>> tree.state(tree.add_variation(1, "+rr")).players[0].tokens["red"]
        2
        """
        if isinstance(turn, int):
            if not 0 <= turn <= len(self.turns):
                raise IndexError(f"turn {turn} is not in this replay (0 to {len(self.turns)})")
            return self._states[turn]
        path = as_path(turn)
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

    # --- the move tree --------------------------------------------------------------------------

    def node(self, at: int | MovePath) -> Node:
        """The move at ``at`` (a main-line turn number or a :data:`MovePath`) with its position.

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.play("+rr")
        >>> node = tree.node(tree.add_variation(2, "+kk"))
        >>> node.path, str(node.turn.move), node.number, node.depth, node.player
        ((2, 1, 1), '+kk', 2, 1, 1)
        """
        path = as_path(at)
        if not path:
            raise IndexError("the setup is a position, not a move")
        turn = self._turn(path)
        return Node(path, turn, self.state(path), turn_number(path), len(path) // 2,
                    self.state(position_before(path)).current_player)

    def walk(self) -> Iterator[Node]:
        """Every move of the tree in PGN's order: each move, then the variations played instead
        of it (each walked the same way), then the next move of its line.

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.play("+rr")
        >>> _ = tree.play_from(tree.add_variation(1, "+kk"), "+wrg")
        >>> [(format_path(n.path), str(n.turn.move)) for n in tree.walk()]
        [('1', '+wbg'), ('1.1.1', '+kk'), ('1.1.2', '+wgr'), ('2', '+rr')]
        """
        yield from self._walk((), self.turns)

    def variations(self, at: int | MovePath) -> list[MovePath]:
        """The variations hanging under the move at ``at``, by the path of their first move.

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.add_variation(1, "+rr")
        >>> tree.variations(1), tree.variations((1, 1, 1))
        ([(1, 1, 1)], [])
        """
        path = as_path(at)
        return [(*path, number, 1) for number in range(1, len(self._turn(path).variations) + 1)]

    def alternatives(self, at: int | MovePath) -> list[MovePath]:
        """The moves of the tree played from the position before the move at ``at``: the
        line's own move first, then the variations' first moves, in the file's order (what the
        up and down keys of a move list choose between).

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.add_variation(1, "+rr")
        >>> tree.alternatives((1, 1, 1))
        [(1,), (1, 1, 1)]
        """
        found: list[MovePath] = []
        waiting = [line_head(as_path(at))]
        while waiting:
            path = waiting.pop()
            found.append(path)
            waiting.extend(reversed(self.variations(path)))  # a first move's own variations
        return found

    def back(self, at: int | MovePath) -> MovePath:
        """The position before the move at ``at`` (``()`` before the first move).

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.play("+rr")
        >>> tree.back(2), tree.back(tree.add_variation(2, "+kk")), tree.back(1)
        ((1,), (1,), ())
        """
        path = as_path(at)
        self._turn(path)
        return position_before(path)

    def forward(self, at: int | MovePath) -> MovePath | None:
        """The next move of the line that holds ``at`` (``()``: the main line's first move);
        ``None`` at the end of the line.

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg")
        >>> tree.forward(()), tree.forward(1)
        ((1,), None)
        """
        path = as_path(at)
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
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=False)
        >>> _ = tree.play("R1g6", reveal="1r3")
        >>> tree.after(0, "R1w4").market[1][1].id    # the card that came off the deck first
        '1r3'
        """
        if isinstance(move, str):
            move = parse_move(move)
        return self._side_move(self.state(at), move, reveal)

    def play_from(self, at: int | MovePath, move: Move | str, reveal: str | None = None
                  ) -> MovePath:
        """Play ``move`` from the position at ``at``, as a person does on the board; return the
        path of the move. A move already in the tree there is followed, not copied; at the end
        of a line the line goes on (the main line through :meth:`play`); elsewhere the move
        starts a variation under the move it replaces (:meth:`add_variation`).

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.play("+rr")
        >>> tree.play_from(1, "+rr"), tree.play_from(1, "+kk"), tree.play_from(2, "+kk")
        ((2,), (2, 1, 1), (3,))
        >>> tree.play_from((2, 1, 1), "+wbg")
        (2, 1, 2)
        """
        if isinstance(move, str):
            move = parse_move(move)
        path = as_path(at)
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
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.play("+rr")
        >>> tree.add_variation(2, "+kk"), tree.add_variation(2, "+wgk"), tree.variations(2)
        ((2, 1, 1), (2, 2, 1), [(2, 1, 1), (2, 2, 1)])
        >>> tree.add_variation((2, 2, 1), "+rr"), tree.add_variation((2, 2, 1), "+kk")
        ((2,), (2, 1, 1))
        """
        if isinstance(move, str):
            move = parse_move(move)
        head = line_head(as_path(at))
        for path in self.alternatives(head):
            turn = self._turn(path)
            if turn.move == move and reveal in (None, turn.revealed):
                return path
        if len(head) // 2 >= MAX_NESTING:
            raise ValueError(f"variations are nested at most {MAX_NESTING} deep")
        after = self._side_move(self.state(position_before(head)), move, reveal)
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
        the other variations too. When the main line changes, its positions are played again (a
        :class:`~splendor_nb.replay.Replay` also brings its result and analysis up to date).

        >>> from splendor_nb.engine import new_game
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg"); _ = tree.play("+rr")
        >>> tree.promote(tree.add_variation(1, "+kk")), [str(t.move) for t in tree.turns]
        ((1,), ['+kk'])
        >>> [str(t.move) for t in tree.turns[0].variations[0]]
        ['+wbg', '+rr']
        """
        path = as_path(at)
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
        >>> tree = MoveTree(new_game(players=2, seed=7), known_decks=True)
        >>> _ = tree.play("+wbg")
        >>> tree.delete_variation(tree.add_variation(1, "+rr")), tree.variations(1)
        ((1,), [])
        >>> tree.delete_variation(1)
        Traceback (most recent call last):
        ...
        ValueError: turn 1 is on the main line, which is not a variation (promote one instead)
        """
        path = as_path(at)
        self._turn(path)
        if len(path) == 1:
            raise ValueError(f"turn {path[0]} is on the main line, which is not a variation "
                             "(promote one instead)")
        hanging = path[:-2]
        del self._turn(hanging).variations[path[-2] - 1]
        self._side_states.clear()
        return hanging

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
            path = position_before(path)
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
        """Turns from ``turn`` on are new: their positions (``final`` ended the old main line)."""
        del self._states[turn:]
        for entry in self.turns[turn - 1:]:
            self._states.append(self._states[-1].apply(entry.move, entry.revealed))

    def _advance(self, state: GameState, move: Move, reveal: str | None) -> GameState:
        after = state.apply(move, reveal)
        if reveal is None and after.last_drawn is not None and not self._known_decks:
            tier = after.last_drawn.tier
            raise IllegalMoveError("R-REFILL", "reveal_needed", move=str(move), tier=tier)
        return after


@lru_cache(maxsize=4096)
def parse_move(text: str) -> Move:
    """:meth:`Move.parse`, cached: the same moves come back in every game (``+wbg``).

    >>> parse_move("+wbg") is parse_move("+wbg")
    True
    """
    return Move.parse(text)
