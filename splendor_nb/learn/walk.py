"""One turn walked through the rulebook's turn diagram, on a real position.

A :class:`Walk` starts at the diagram's ``start`` node of a position. At every node it answers
for this position, citing the rule (:attr:`Step.answer`), and lists the ways on
(:attr:`Step.options`): the branches of a decision, open or closed here with the reason, or the
moves of an action node (which take, which card). :meth:`Walk.choose` takes one,
:meth:`Walk.forward` follows the only open one, :meth:`Walk.back` and :meth:`Walk.restart` go
back. Once the action is chosen, the end-of-turn checks (R-LIMIT10, R-NOBLE, R-END-TRIGGER) are
answered on the position after it. Walks are immutable: each step returns a new walk.

>>> from splendor_nb import new_game
>>> walk = Walk.start(new_game(seed=7), names=("Ada", "Ben"))
>>> walk = walk.forward().choose("q_four")
>>> print(walk.current.answer)
Yes: white, blue, green, red, black have 4 or more each (R-TAKE2)
>>> walk = walk.forward().choose("take2").choose("+rr")
>>> walk.current.node, [str(m) for m in walk.candidates]
('end', ['+rr'])
>>> walk = walk.finish()
>>> walk.nodes[-4:], walk.done
(('q_over10', 'q_noble', 'q_15', 'next'), True)

:meth:`Walk.of_move` walks the path a given move took, node by node (the replay viewer steps
through it): its nodes are those of :func:`splendor_nb.diagram.turn_path`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from splendor_nb.cards import CARD_BY_ID, GEMS, GOLD, LETTERS, NOBLE_BY_ID
from splendor_nb.diagram import EDGES, LABELS, NODES, StepView
from splendor_nb.engine import GameState
from splendor_nb.engine.buying import price
from splendor_nb.learn.phrases import Phrase, colour_word, listing, phrase, tokens_text
from splendor_nb.moves import Move
from splendor_nb.rulebook import rule_text
from splendor_nb.rules import (
    RESERVE_LIMIT,
    TAKE2_COUNT,
    TAKE2_MIN_SUPPLY,
    TAKE3_COUNT,
    TOKEN_LIMIT,
    WINNING_POINTS,
)

TERMINALS = ("next", "game_over")
"""The nodes a walk ends on."""


@dataclass(frozen=True, slots=True)
class Option:
    """One way on from a node: a branch of a decision, or a move at an action node.

    ``key`` is what :meth:`Walk.choose` takes: the next node's id for a branch, the move's text
    for a move (``"+wbg"``, ``"R?2"``, ``"B1w3"``), the tokens given back (``"-ww"``) or the
    noble (``"N3"``). ``moves`` are the legal whole turns down this way (none when closed); the
    board can show the first one played.
    """

    node: str
    """The node the option leaves."""
    key: str
    label: str
    next: str
    open: bool
    why: Phrase
    moves: tuple[Move, ...] = ()

    @property
    def edge(self) -> tuple[str, str]:
        """The diagram's arrow this option follows."""
        return (self.node, self.next)


@dataclass(frozen=True, slots=True)
class Step:
    """A node of the walk: its question, its answer for this position and the ways on."""

    node: str
    answer: Phrase
    options: tuple[Option, ...] = ()
    chosen: str | None = None
    """The key of the option taken from here (``None`` for the current node)."""

    @property
    def question(self) -> str:
        """The node's text in the diagram (``LABELS``)."""
        return LABELS[self.node]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the diagram gives this node."""
        return NODES[self.node][3]

    @property
    def open_options(self) -> tuple[Option, ...]:
        """The options that may be taken here."""
        return tuple(option for option in self.options if option.open)

    @property
    def closed(self) -> tuple[Option, ...]:
        """The branches closed here, each with its reason."""
        return tuple(option for option in self.options if not option.open)

    def option(self, key: str) -> Option:
        """The option ``key``; :class:`KeyError` naming the keys there are.

        >>> from splendor_nb import new_game
        >>> Walk.start(new_game(seed=7)).current.option("q_action").next
        'q_action'
        """
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(f"{key!r} is not a way on from {self.node!r}; the ways are "
                       + (listing(o.key for o in self.options) or "none: the walk is over"))


@dataclass(frozen=True)
class Walk:
    """A turn walked so far: the position, the players' names and the choices made.

    Build one with :meth:`start` or :meth:`of_move`.
    """

    state: GameState
    names: tuple[str, ...]
    choices: tuple[str, ...] = ()

    @classmethod
    def start(cls, state: GameState, names: Sequence[str] | None = None) -> Walk:
        """A walk at the start of the turn of ``state``'s player to move.

        >>> from splendor_nb import new_game
        >>> print(Walk.start(new_game(seed=7), ["Ada", "Ben"]).current.answer)
        Ada to move: turn 0, round 1.
        """
        if state.over:
            raise ValueError("the game is over: there is no turn to walk")
        given = list(names or ())[:len(state.players)]
        labels = given + [f"Player {i + 1}" for i in range(len(given), len(state.players))]
        return cls(state, tuple(labels))

    @classmethod
    def of_move(cls, state: GameState, move: Move | str,
                names: Sequence[str] | None = None) -> Walk:
        """The whole walk of ``move`` played in ``state``, to its last node.

        >>> from splendor_nb import new_game
        >>> Walk.of_move(new_game(seed=7), "R?2").nodes[:7]
        ('start', 'q_action', 'q_reserved', 'q_reserve', 'reserve', 'gold', 'end')
        """
        move = Move.parse(move) if isinstance(move, str) else move
        after = state.apply(move)  # an illegal move is refused here, citing its rule
        played = after.last_move or move
        walk = cls.start(state, names)
        while not walk.done:
            walk = walk.choose(walk._key_towards(played))
        return walk

    # --- where the walk is ----------------------------------------------------------------------

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every node walked, the current one last (its ``chosen`` is ``None``)."""
        return self._walked[0]

    @property
    def current(self) -> Step:
        """The node the walk stands on."""
        return self.steps[-1]

    @property
    def nodes(self) -> tuple[str, ...]:
        """The nodes walked, the current one last."""
        return tuple(step.node for step in self.steps)

    @property
    def done(self) -> bool:
        """True on the last node of the turn (``next`` or ``game_over``)."""
        return not self.current.options

    @property
    def candidates(self) -> tuple[Move, ...]:
        """The legal whole turns that agree with every choice made so far."""
        return self._context.moves

    @property
    def move(self) -> Move | None:
        """The whole turn, once the choices leave only one (``None`` before)."""
        moves = self.candidates
        return moves[0] if len(moves) == 1 and self._action_chosen else None

    @property
    def after(self) -> GameState | None:
        """The position after :attr:`move` (``None`` while the move is not settled)."""
        move = self.move
        return None if move is None else self.state.apply(move)

    @property
    def preview(self) -> GameState:
        """The position to show: the start until an action is chosen, then the position after
        the first candidate (the tokens returned and the noble, until chosen, as
        ``legal_moves`` lists them first).
        """
        if not self._action_chosen:
            return self.state
        return self.state.apply(self.candidates[0])

    # --- moving on ------------------------------------------------------------------------------

    def choose(self, key: str) -> Walk:
        """The walk after taking option ``key`` at the current node (a branch's next node id,
        a move's text, ``"-ww"`` for the tokens returned, a noble's id).

        Raise :class:`KeyError` for a key that is not an option here, :class:`ValueError` with
        the reason for a closed one.

        >>> from splendor_nb import new_game
        >>> walk = Walk.start(new_game(seed=7)).forward()
        >>> walk.choose("pass")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: 'pass' is closed at 'q_action': Player 1 has a legal action, so may not ...
        """
        option = self.current.option(key)
        if not option.open:
            raise ValueError(f"{key!r} is closed at {self.current.node!r}: {option.why}")
        return Walk(self.state, self.names, (*self.choices, key))

    def forward(self) -> Walk:
        """The walk after the only open option; :class:`ValueError` when there is a choice.

        >>> from splendor_nb import new_game
        >>> Walk.start(new_game(seed=7)).forward().current.node
        'q_action'
        """
        ways = self.current.open_options
        if len(ways) != 1:
            raise ValueError(f"{self.current.node!r} has {len(ways)} ways on: choose one of "
                             + listing(o.key for o in ways))
        return self.choose(ways[0].key)

    def finish(self) -> Walk:
        """Forward to the next choice or to the end of the turn.

        >>> from splendor_nb import new_game
        >>> Walk.start(new_game(seed=7)).finish().current.node
        'q_action'
        """
        walk = self
        while not walk.done and len(walk.current.open_options) == 1:
            walk = walk.forward()
        return walk

    def back(self) -> Walk:
        """The walk one node back (the start stays the start).

        >>> from splendor_nb import new_game
        >>> Walk.start(new_game(seed=7)).forward().back().nodes
        ('start',)
        """
        return Walk(self.state, self.names, self.choices[:-1])

    def restart(self) -> Walk:
        """The walk back at the start of the turn."""
        return Walk(self.state, self.names)

    def prefix(self, count: int) -> Walk:
        """The walk after its first ``count`` choices (the replay viewer steps a move's walk).

        >>> from splendor_nb import new_game
        >>> Walk.of_move(new_game(seed=7), "+rr").prefix(2).current.node
        'q_four'
        """
        return Walk(self.state, self.names, self.choices[:max(0, count)])

    # --- drawing --------------------------------------------------------------------------------

    def view(self) -> StepView:
        """What the diagram draws of the walk (``diagram_svg(step=walk.view())``): the nodes
        walked, the closed branches with their reasons, the choices made as notes.
        """
        closed = tuple((step.node, option.next, option.why.text())
                       for step in self.steps for option in step.closed)
        notes = tuple((step.node, step.chosen) for step in self.steps
                      if step.chosen is not None and step.chosen not in NODES)
        choices = tuple(dict.fromkeys(o.next for o in self.current.open_options
                                      if o.key == o.next))  # branches; moves go on the board
        return StepView(self.nodes, closed, notes, choices,
                        str(self.move) if self.move is not None else "")

    # --- private helpers ------------------------------------------------------------------------

    @cached_property
    def _walked(self) -> tuple[tuple[Step, ...], _Context]:
        """The steps, and the legal turns left once the choices are made."""
        steps: list[Step] = []
        context = _Context(self.state, self.names, tuple(self.state.legal_moves()))
        node = "start"
        for key in self.choices:
            step = _step(node, context)
            option = step.option(key)
            if not option.open:
                raise ValueError(f"{key!r} is closed at {node!r}: {option.why}")
            steps.append(Step(step.node, step.answer, step.options, key))
            context = context.narrowed(option.moves)
            node = option.next
        steps.append(_step(node, context))
        return tuple(steps), context

    @property
    def _context(self) -> _Context:
        return self._walked[1]

    @property
    def _action_chosen(self) -> bool:
        return any(step.node in _ACTIONS for step in self.steps[:-1])

    def _key_towards(self, played: Move) -> str:
        """The most direct open option at the current node that leads to ``played``: a take
        lies down the card branch too (a player who buys nothing turns to the gems), but its
        own way is the gems branch."""
        ways = [option for option in self.current.open_options if played in option.moves]
        if not ways:
            raise ValueError(f"{played} is not down any way from {self.current.node!r}")
        return min(ways, key=lambda option: len(option.moves)).key


def rules_for(target: str) -> tuple[tuple[str, str], ...]:
    """What a click shows: for a diagram node, each of its rules; for a rule id, that rule;
    as ``(rule id, the rule's section of docs/rules.md in markdown)`` pairs.

    >>> [rule for rule, _ in rules_for("q_four")], rules_for("R-TAKE2")[0][1].splitlines()[0]
    (['R-TAKE2'], '### R-TAKE2: two tokens of one colour')
    >>> rules_for("start")
    ()
    """
    rules = NODES[target][3] if target in NODES else (target,)
    return tuple((rule, rule_text(rule)) for rule in rules)


# --- the answers at each node -------------------------------------------------------------------

_ACTIONS = ("take2", "take3", "reserve", "buy", "pass")
"""The action nodes: a move is chosen there."""


@dataclass(frozen=True, slots=True)
class _Context:
    """The position and the legal turns still open to the walk."""

    state: GameState
    names: tuple[str, ...]
    moves: tuple[Move, ...]

    @property
    def me(self) -> int:
        return self.state.current_player

    @property
    def player(self) -> str:
        return self.names[self.me]

    def narrowed(self, moves: tuple[Move, ...]) -> _Context:
        return _Context(self.state, self.names, moves)

    def of_kind(self, *kinds: str) -> tuple[Move, ...]:
        return tuple(m for m in self.moves if m.kind in kinds)


def _step(node: str, c: _Context) -> Step:
    answer, options = _ANSWERS[node](c)
    return Step(node, answer, tuple(
        Option(node, key, label, nxt, is_open, why, moves if is_open else ())
        for key, label, nxt, is_open, why, moves in options))


_Way = tuple[str, str, str, bool, Phrase, tuple[Move, ...]]
"""(key, label, next node, open, why, moves): an option before it is made an Option."""
_Answerer = Callable[[_Context], tuple[Phrase, list[_Way]]]
"""A node's answer and ways on, for a position."""


def _branch(node: str, nxt: str, is_open: bool, why: Phrase, moves: tuple[Move, ...]) -> _Way:
    label = EDGES[node, nxt][0]
    return (nxt, LABELS[label] if label else LABELS[nxt], nxt, is_open and bool(moves), why,
            moves)


def _on(node: str, nxt: str, moves: tuple[Move, ...]) -> list[_Way]:
    return [_branch(node, nxt, True, phrase("option.on"), moves)]


def _fact(node: str, answer: Phrase, yes: str, no: str, is_yes: bool,
          moves: tuple[Move, ...]) -> tuple[Phrase, list[_Way]]:
    """A decision the position settles: one branch open, the other closed, by the answer."""
    return answer, [_branch(node, yes, is_yes, answer, moves),
                    _branch(node, no, not is_yes, answer, moves)]


def _start(c: _Context) -> tuple[Phrase, list[_Way]]:
    state = c.state
    return (phrase("start", player=c.player, turn=state.turn, round=state.round),
            _on("start", "q_action", c.moves))


def _q_action(c: _Context) -> tuple[Phrase, list[_Way]]:
    cards, takes, passes = c.of_kind("reserve", "buy"), c.of_kind("take"), c.of_kind("pass")
    reserves, buys = c.of_kind("reserve"), c.of_kind("buy")
    if reserves and buys:
        card_why = phrase("branch.card", player=c.player)
    elif buys:
        card_why = phrase("branch.card_buy", player=c.player)
    elif reserves:
        card_why = phrase("branch.card_reserve", player=c.player)
    else:
        card_why = phrase("branch.no_card", player=c.player)
    supply = c.state.supply_counts
    gems_why = (phrase("branch.gems",
                       colours=listing(colour_word(g) for g, n in zip(GEMS, supply) if n))
                if takes else phrase("branch.no_gems"))
    pass_why = phrase("branch.pass" if passes else "branch.no_pass", player=c.player)
    if passes:
        answer = phrase("q_action.nothing", player=c.player)
    elif cards and takes:
        answer = phrase("q_action.both", player=c.player)
    elif cards:
        answer = phrase("q_action.card")
    else:
        answer = phrase("q_action.gems", player=c.player)
    return answer, [
        # the card branch leads on to the gems too ("Buy a card?" no), so a take lies down it
        _branch("q_action", "q_reserved", bool(cards), card_why, cards + takes),
        _branch("q_action", "q_four", bool(takes), gems_why, takes),
        _branch("q_action", "pass", bool(passes), pass_why, passes),
    ]


def _q_reserved(c: _Context) -> tuple[Phrase, list[_Way]]:
    held = len(c.state.players[c.me].reserved)
    fewer = held < RESERVE_LIMIT  # R-RESERVE-LIMIT
    answer = phrase("q_reserved.yes" if fewer else "q_reserved.no", player=c.player,
                    count=held, **({"limit": RESERVE_LIMIT} if fewer else {}))
    moves = c.moves if fewer else tuple(m for m in c.moves if m.kind != "reserve")
    return _fact("q_reserved", answer, "q_reserve", "q_buy", fewer, moves)


def _q_reserve(c: _Context) -> tuple[Phrase, list[_Way]]:
    reserves = c.of_kind("reserve")
    face_up = sum(1 for row in c.state.market_rows for card in row if card is not None)
    gold = c.state.supply_counts[GOLD]
    if not reserves:
        answer = phrase("q_reserve.nothing")
    elif gold:
        answer = phrase("q_reserve.yes", player=c.player, cards=face_up, gold=gold)
    else:
        answer = phrase("q_reserve.no_gold", player=c.player, cards=face_up)
    rest = c.of_kind("buy", "take")
    rest_why = phrase("branch.buy_or_gems" if rest else "branch.no_buy_no_gems", player=c.player)
    return answer, [_branch("q_reserve", "reserve", bool(reserves), answer, reserves),
                    _branch("q_reserve", "q_buy", bool(rest), rest_why, rest)]


def _q_buy(c: _Context) -> tuple[Phrase, list[_Way]]:
    buys, takes = c.of_kind("buy"), c.of_kind("take")
    cards = listing(dict.fromkeys(m.card for m in buys))
    answer = (phrase("q_buy.yes", player=c.player, cards=cards) if buys
              else phrase("q_buy.no", player=c.player))
    gems_why = (phrase("branch.to_gems", player=c.player) if takes
                else phrase("branch.no_gems"))
    return answer, [_branch("q_buy", "buy", bool(buys), answer, buys),
                    _branch("q_buy", "q_four", bool(takes), gems_why, takes)]


def _q_four(c: _Context) -> tuple[Phrase, list[_Way]]:
    gems = c.state.supply_counts[:GOLD]
    big = [(colour_word(GEMS[i]), n)
           for i, n in enumerate(gems) if n >= TAKE2_MIN_SUPPLY]  # R-TAKE2
    if len(big) == 1:
        answer = phrase("q_four.one", colour=big[0][0], count=big[0][1])
    elif big:
        answer = phrase("q_four.several", colours=listing(c for c, _ in big),
                        least=TAKE2_MIN_SUPPLY)
    elif any(gems):
        most = max(range(len(gems)), key=gems.__getitem__)
        answer = phrase("q_four.no", least=TAKE2_MIN_SUPPLY, colour=colour_word(GEMS[most]),
                         count=gems[most])
    else:
        answer = phrase("q_four.empty")
    return _fact("q_four", answer, "q_take2", "take3", bool(big), c.of_kind("take"))


def _q_take2(c: _Context) -> tuple[Phrase, list[_Way]]:
    pairs = tuple(m for m in c.of_kind("take") if max(m.gems) == TAKE2_COUNT)
    different = tuple(m for m in c.of_kind("take") if max(m.gems) < TAKE2_COUNT)
    colours = listing(dict.fromkeys(colour_word(GEMS[m.gems.index(TAKE2_COUNT)])
                                    for m in pairs))
    widest = max((sum(m.gems) for m in different), default=0)
    return (phrase("q_take2.choice", player=c.player, colours=colours), [
        _branch("q_take2", "take2", bool(pairs), phrase("branch.take2", colours=colours), pairs),
        _branch("q_take2", "take3", bool(different), phrase("branch.take3", count=widest),
                different),
    ])


def _take(shape: str) -> _Answerer:
    def answer(c: _Context) -> tuple[Phrase, list[_Way]]:
        takes = c.of_kind("take")
        held = [i for i, n in enumerate(c.state.supply_counts[:GOLD]) if n]
        if shape == "take2":
            colours = listing(dict.fromkeys(colour_word(GEMS[m.gems.index(TAKE2_COUNT)])
                                            for m in takes))
            said = phrase("take2", player=c.player, colours=colours)
        elif len(held) >= TAKE3_COUNT:
            said = phrase("take3", player=c.player, count=TAKE3_COUNT,
                          colours=listing(colour_word(GEMS[i]) for i in held))
        else:
            said = phrase("take3.one" if len(held) == 1 else "take3.fewer", player=c.player,
                          colours=listing(colour_word(GEMS[i]) for i in held))
        return said, _moves(shape, "end", c)
    return answer


def _reserve(c: _Context) -> tuple[Phrase, list[_Way]]:
    return phrase("reserve", player=c.player), _moves("reserve", "gold", c)


def _gold(c: _Context) -> tuple[Phrase, list[_Way]]:
    left = c.state.supply_counts[GOLD]
    said = (phrase("gold.one", player=c.player, left=left - 1) if left
            else phrase("gold.none"))
    return said, _on("gold", "end", c.moves)


def _buy(c: _Context) -> tuple[Phrase, list[_Way]]:
    cards = listing(dict.fromkeys(m.card for m in c.moves))
    return phrase("buy", player=c.player, cards=cards), _moves("buy", "pay", c)


def _pay(c: _Context) -> tuple[Phrase, list[_Way]]:
    move = c.moves[0]
    card = CARD_BY_ID[move.card or ""]
    turn = c.state.apply(move).last_turn
    paid = turn.paid if turn is not None else (0,) * 6
    bonuses = c.state.players[c.me].bonus_counts
    due = price(card, bonuses)
    saved = (*(cost - d for cost, d in zip(card.costs, due)), 0)
    if not any(paid):
        said = phrase("pay.free", player=c.player, card=card.id)
    elif any(saved):
        said = phrase("pay.saved", player=c.player, card=card.id, paid=tokens_text(paid),
                      saved=tokens_text(saved))
    else:
        said = phrase("pay", player=c.player, card=card.id, paid=tokens_text(paid))
    return said, _on("pay", "end", c.moves)


def _pass(c: _Context) -> tuple[Phrase, list[_Way]]:
    return phrase("pass", player=c.player), _on("pass", "end", c.moves)


def _end(c: _Context) -> tuple[Phrase, list[_Way]]:
    return phrase("end", player=c.player), _on("end", "q_over10", c.moves)


def _q_over10(c: _Context) -> tuple[Phrase, list[_Way]]:
    move = c.moves[0]
    after = c.state.apply(move)
    held = sum(after.players[c.me].token_counts) + sum(move.returned)  # before returning
    over = held > TOKEN_LIMIT  # R-LIMIT10
    answer = (phrase("q_over10.yes", player=c.player, count=held, excess=held - TOKEN_LIMIT)
              if over else phrase("q_over10.no", player=c.player, count=held,
                                  limit=TOKEN_LIMIT))
    return _fact("q_over10", answer, "return", "q_noble", over, c.moves)


def _return(c: _Context) -> tuple[Phrase, list[_Way]]:
    excess = sum(c.moves[0].returned)
    return (phrase("return", player=c.player, excess=excess, limit=TOKEN_LIMIT),
            _moves("return", "q_noble", c))


def _q_noble(c: _Context) -> tuple[Phrase, list[_Way]]:
    due = list(dict.fromkeys(m.noble for m in c.moves if m.noble))
    if len(due) == 1:
        noble = NOBLE_BY_ID[due[0]]
        answer = phrase("q_noble.one", noble=noble.id, needs=_needs(noble.needs),
                        player=c.player)
    elif due:
        answer = phrase("q_noble.several", nobles=listing(due), player=c.player)
    elif not c.state.nobles:
        answer = phrase("q_noble.none_left")
    else:
        bonuses = c.state.apply(c.moves[0]).players[c.me].bonus_counts
        gaps = [(sum(max(0, n - b) for n, b in zip(noble.needs, bonuses)), k, noble)
                for k, noble in enumerate(c.state.nobles)]
        _, _, closest = min(gaps)
        missing = tuple(max(0, n - b) for n, b in zip(closest.needs, bonuses))
        answer = phrase("q_noble.no", noble=closest.id, missing=_needs(missing))
    return _fact("q_noble", answer, "noble", "q_15", bool(due), c.moves)


def _needs(counts: tuple[int, ...]) -> str:
    """A noble's bonuses (gem colours only), as :func:`tokens_text` says an amount."""
    return tokens_text((*counts, 0))


def _noble(c: _Context) -> tuple[Phrase, list[_Way]]:
    due = list(dict.fromkeys(m.noble for m in c.moves if m.noble))
    said = (phrase("noble", noble=due[0], player=c.player) if len(due) == 1
            else phrase("noble.choice", player=c.player, nobles=listing(due)))
    return said, _moves("noble", "q_15", c)


def _q_15(c: _Context) -> tuple[Phrase, list[_Way]]:
    after = c.state.apply(c.moves[0])
    points = after.players[c.me].points
    leader = max(range(len(after.players)), key=lambda i: after.players[i].points)
    if points >= WINNING_POINTS:  # R-END-TRIGGER
        answer = phrase("q_15.mover", player=c.player, points=points)
    elif after.players[leader].points >= WINNING_POINTS:
        answer = phrase("q_15.other", leader=c.names[leader],
                        points=after.players[leader].points)
    else:
        answer = phrase("q_15.no", player=c.player, points=points, target=WINNING_POINTS)
    last = any(p.points >= WINNING_POINTS for p in after.players)
    return _fact("q_15", answer, "finish", "next", last, c.moves)


def _finish(c: _Context) -> tuple[Phrase, list[_Way]]:
    after = c.state.apply(c.moves[0])
    if after.over:
        return phrase("finish.done"), [
            _branch("finish", "game_over", True, phrase("finish.done"), c.moves),
            _branch("finish", "next", False, phrase("finish.done"), c.moves)]
    count = len(after.players)
    still = listing(c.names[i] for i in range(after.current_player, count))
    said = phrase("finish.more", players=still)
    return said, [_branch("finish", "next", True, said, c.moves),
                  _branch("finish", "game_over", False, said, c.moves)]


def _next(c: _Context) -> tuple[Phrase, list[_Way]]:
    after = c.state.apply(c.moves[0])
    if after.over:  # not by 15 points: a round of passes (R-PASS) or a repetition (R-REPEAT)
        said = "next.all_passed" if after.end_rule == "R-PASS" else "next.repeated"
        return phrase(said), _on("next", "game_over", c.moves)
    return phrase("next", player=c.names[after.current_player]), []


def _game_over(c: _Context) -> tuple[Phrase, list[_Way]]:
    after = c.state.apply(c.moves[0])
    winners = after.winners
    best = after.players[winners[0]]
    if len(winners) > 1:
        return phrase("game_over.shared", winners=listing(c.names[i] for i in winners),
                      points=best.points, cards=len(best.cards)), []
    level = [p for p in after.players if p.points == best.points]
    if len(level) > 1:  # R-END-WIN: the tie goes to the fewest purchased cards
        return phrase("game_over.tie_break", winner=c.names[winners[0]], points=best.points,
                      cards=listing(len(p.cards) for p in level)), []
    return phrase("game_over.win", winner=c.names[winners[0]], points=best.points), []


def _moves(node: str, nxt: str, c: _Context) -> list[_Way]:
    """One option per distinct choice at an action node: the action, the tokens returned or the
    noble; each option holds the legal whole turns that make that choice."""
    groups: dict[str, list[Move]] = {}
    for move in c.moves:
        groups.setdefault(_choice_key(node, move), []).append(move)
    return [(key, key, nxt, True, phrase("option.move", player=c.player, move=key),
             tuple(moves)) for key, moves in groups.items()]


def _choice_key(node: str, move: Move) -> str:
    if node == "return":
        return "-" + "".join(letter * n for letter, n in zip(LETTERS, move.returned))
    if node == "noble":
        return move.noble or ""
    action = Move(move.kind, move.gems, move.card, move.tier, payment=move.payment)
    return str(action)


_ANSWERS: dict[str, _Answerer] = {
    "start": _start, "q_action": _q_action, "q_reserved": _q_reserved, "q_reserve": _q_reserve,
    "reserve": _reserve, "gold": _gold, "q_buy": _q_buy, "buy": _buy, "pay": _pay,
    "q_four": _q_four, "q_take2": _q_take2, "take2": _take("take2"), "take3": _take("take3"),
    "pass": _pass, "end": _end, "q_over10": _q_over10, "return": _return, "q_noble": _q_noble,
    "noble": _noble, "q_15": _q_15, "finish": _finish, "next": _next, "game_over": _game_over,
}
