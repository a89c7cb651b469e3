"""The checkers of exercises: each kind asks the engine, never a stored answer alone.

A lesson file names a checker by its kind and parameters (``kind = "legal_takes"``). The
checker looks at the exercise's position (a :class:`Situation`) and judges an answer: a
:class:`Verdict`, right or wrong, with what the engine says of that answer (the rule an illegal
move breaks, the noble a purchase brings, the winners of a tie). :data:`KINDS` lists them all;
``KINDS[kind].validate(situation, params)`` refuses parameters that make no sense for the
position, with a message naming the parameter.

>>> from splendor_nb import new_game
>>> situation = Situation(new_game(seed=7), ("Ada", "Ben"), options=("+wbg", "+rr", "+wby"))
>>> verdict = KINDS["legal_takes"].check(situation, {}, ["+wbg", "+rr"])
>>> verdict.correct, verdict.detail[0].text()
(True, 'Exactly these takes are legal: +wbg, +rr (R-TAKE3, R-TAKE2).')
>>> for said in KINDS["legal_takes"].check(situation, {}, ["+wby"]).detail:
...     print(said)
+wbg is legal too.
+rr is legal too.
+wby is not legal here: R-TAKE3: gold cannot be taken; it comes only with a reserve
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from splendor_nb.ai import Bot
from splendor_nb.cards import CARD_BY_ID, CARDS, GEMS, NOBLES
from splendor_nb.engine import GameState, new_game
from splendor_nb.engine.buying import price
from splendor_nb.learn.phrases import Phrase, listing, phrase, tokens_text
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.rules import PLAYER_COUNTS, TOKEN_LIMIT, WINNING_POINTS

Answer = str | int | Sequence[str | int]
"""An answer as a lesson file or a widget gives it: a text, a number, or a list of them."""

YES, NO = "yes", "no"


@dataclass(frozen=True, slots=True)
class Situation:
    """What a checker looks at: the position (``None`` for a question about the box or the
    setup), the players' names, the move played next when the position comes from a replay,
    and the options the learner chooses among."""

    state: GameState | None
    names: tuple[str, ...] = ()
    played: Move | None = None
    options: tuple[str | int, ...] = ()

    @property
    def position(self) -> GameState:
        """The position; :class:`ValueError` when the exercise has none."""
        if self.state is None:
            raise ValueError("this checker needs a position")
        return self.state

    def player(self, name: str | int) -> int:
        """A player's index from a name (or an index); :class:`ValueError` for an unknown one."""
        if isinstance(name, int) and 0 <= name < len(self.position.players):
            return name
        if name in self.names:
            return self.names.index(str(name))
        raise ValueError(f"{name!r} is not a player here ({listing(self.names)})")

    @property
    def mover(self) -> str:
        """The name of the player to move."""
        return self.names[self.position.current_player]


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judged answer: right or wrong, and what the engine says of it."""

    correct: bool
    detail: tuple[Phrase, ...] = ()


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of checker: what its answers look like, and its two functions."""

    name: str
    answers: str
    """``"text"``, ``"texts"`` (several), ``"number"`` or ``"numbers"``."""
    check: Callable[[Situation, Mapping[str, Any], Answer], Verdict]
    validate: Callable[[Situation, Mapping[str, Any]], None]
    """Raise :class:`ValueError` (naming the parameter) for parameters the position refuses."""


# --- the engine's answer to a move ----------------------------------------------------------

def refusal(state: GameState, move: Move) -> IllegalMoveError | None:
    """Why the engine refuses ``move`` here, or ``None`` if it may be played. A move written
    without the tokens it must return (R-LIMIT10) or the noble it must choose (R-NOBLE) counts
    as playable when some legal turn makes the same action: those come at the end of the turn.

    >>> from splendor_nb import new_game
    >>> print(refusal(new_game(seed=7), Move.parse("+rrr")))
    R-TAKE3: take 3 tokens of different colours, or 2 of one colour (R-TAKE2)
    """
    try:
        state.apply(move)
    except IllegalMoveError as error:
        later = error.rule in ("R-LIMIT10", "R-NOBLE") and not any(move.returned) \
            and move.noble is None
        if later and any(action(m) == action(move) for m in state.legal_moves()):
            return None
        return error
    return None


def action(move: Move) -> Move:
    """The move's action alone: no tokens returned, no noble.

    >>> action(Move.parse("+wbg -ww N3"))
    Move.parse('+wbg')
    """
    return Move(move.kind, move.gems, move.card, move.tier, payment=move.payment)


# --- the checkers -----------------------------------------------------------------------------

def _legal_takes(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    legal = [str(o) for o in s.options if refusal(state, Move.parse(str(o))) is None]
    chosen = _texts(answer)
    detail: list[Phrase] = []
    for option in map(str, s.options):
        error = refusal(state, Move.parse(option))
        if option in chosen and error is not None:
            detail.append(phrase("check.illegal", move=option, error=str(error)))
        elif option not in chosen and error is None:
            detail.append(phrase("check.takes_missed", move=option))
    correct = set(chosen) == set(legal)
    if correct:
        detail = [phrase("check.takes_right", legal=listing(legal)) if legal
                  else phrase("check.takes_none")]
    return Verdict(correct, tuple(detail))


def _validate_legal_takes(s: Situation, params: Mapping[str, Any]) -> None:
    _ = s.position  # the exercise needs one
    for option in s.options:
        if _move(str(option), "options").kind != "take":
            raise ValueError(f"options: {option!r} is not a take of tokens")


def _legal(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    move = Move.parse(params["move"])
    error = refusal(s.position, move)
    truth = YES if error is None else NO
    said = phrase("check.legal", move=str(move)) if error is None else \
        phrase("check.illegal", move=str(move), error=str(error))
    return Verdict(_text(answer) == truth, (said,))


def _validate_legal(s: Situation, params: Mapping[str, Any]) -> None:
    _ = s.position  # the exercise needs one
    _move(params["move"], "move")


def _buy_for_noble(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    card = _text(answer)
    if card not in CARD_BY_ID:
        return Verdict(False, (phrase("check.noble_unaffordable", player=s.mover, card=card,
                                      error=f"there is no card {card!r}"),))
    error = refusal(state, Move("buy", card=card))
    if error is not None:
        return Verdict(False, (phrase("check.noble_unaffordable", player=s.mover, card=card,
                                      error=str(error)),))
    nobles = [m.noble for m in state.legal_moves() if m.kind == "buy" and m.card == card
              and m.noble]
    if nobles:
        return Verdict(True, (phrase("check.noble_right", card=card, noble=listing(nobles)),))
    after = state.apply(Move("buy", card=card))
    noble, missing = _closest_noble(state, after.players[state.current_player].bonus_counts)
    return Verdict(False, (phrase("check.noble_none", card=card, noble=noble, missing=missing),))


def _validate_buy_for_noble(s: Situation, params: Mapping[str, Any]) -> None:
    if not any(m.kind == "buy" and m.noble for m in s.position.legal_moves()):
        raise ValueError("no card the player to move can buy brings a noble here")


def _returns(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    letters = _text(answer).lstrip("-")
    move = Move.parse(f"{params['action']} -{letters}" if letters else params["action"])
    try:
        s.position.apply(move)
    except IllegalMoveError as error:
        return Verdict(False, (phrase("check.illegal", move=str(move), error=str(error)),))
    return Verdict(True, (phrase("check.returns_right", player=s.mover,
                                 tokens=tokens_text(move.returned), limit=TOKEN_LIMIT),))


def _validate_returns(s: Situation, params: Mapping[str, Any]) -> None:
    move = _move(params["action"], "action")
    error = refusal(s.position, move)
    if error is not None:
        raise ValueError(f"action: {move} is not legal here: {error}")
    if not any(any(m.returned) for m in s.position.legal_moves() if action(m) == move):
        raise ValueError(f"action: {move} brings no token over {TOKEN_LIMIT} here")


def _tie_winner(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = _final(s, params)
    winners = [s.names[i] for i in state.winners]
    scores = listing(f"{s.names[i]} {p.points} ({len(p.cards)})"
                     for i, p in enumerate(state.players))
    said = phrase("check.winner", winners=listing(winners), scores=scores)
    return Verdict(set(_texts(answer)) == set(winners), (said,))


def _final(s: Situation, params: Mapping[str, Any]) -> GameState:
    """The finished game a tie question is about: the position, or the position after
    ``move`` (``"played"``: the replay's next move) when the board shows the last turn."""
    if "move" not in params:
        return s.position
    move = s.played if params["move"] == "played" else _move(params["move"], "move")
    if move is None:
        raise ValueError("move: 'played' needs a position from a replay, before a move")
    return s.position.apply(_completed(s.position, move))


def _validate_tie_winner(s: Situation, params: Mapping[str, Any]) -> None:
    state = _final(s, params)
    if not state.over:
        raise ValueError("position: the game is not over, so nobody has won yet")
    top = max(state.scores)
    if state.scores.count(top) < 2:
        raise ValueError("position: no tie: one player alone has the most points")


def _last_round(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    best = max(range(len(state.players)), key=lambda i: state.players[i].points)
    points = state.players[best].points
    last = points >= WINNING_POINTS  # R-END-TRIGGER
    said = (phrase("check.last_round.yes", leader=s.names[best], points=points) if last
            else phrase("check.last_round.no", target=WINNING_POINTS, points=points))
    return Verdict(_text(answer) == (YES if last else NO), (said,))


def _validate_last_round(s: Situation, params: Mapping[str, Any]) -> None:
    if s.position.over:
        raise ValueError("position: the game is over")


def _find_the_move(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    expected = expected_move(s, params)
    text = _text(answer)
    try:
        move = Move.parse(text)
    except InvalidMoveError as unreadable:
        return Verdict(False, (phrase("check.illegal", move=text, error=str(unreadable)),))
    error = refusal(state, move)
    if error is not None:
        return Verdict(False, (phrase("check.illegal", move=text, error=str(error)),))
    if action(move) == action(expected):
        return Verdict(True, (phrase("check.move_right", move=str(expected)),))
    return Verdict(False, (phrase("check.move_other", move=str(move), answer=str(expected)),))


def expected_move(s: Situation, params: Mapping[str, Any]) -> Move:
    """The move a find-the-move exercise looks for: ``"played"`` (the replay's next move),
    ``"hard"`` (the hard bot's choice, from ``seed``) or a move in the notation."""
    wanted = params.get("move", "played")
    if wanted == "played":
        if s.played is None:
            raise ValueError("move: 'played' needs a position from a replay, before a move")
        return s.played
    if wanted == "hard":
        return Bot("hard", seed=int(params.get("seed", 0))).choose(s.position)
    return _move(wanted, "move")


def _validate_find_the_move(s: Situation, params: Mapping[str, Any]) -> None:
    move = expected_move(s, params)
    error = refusal(s.position, move)
    if error is not None:
        raise ValueError(f"move: {move} is not legal here: {error}")


def _count(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    value = quantity(params)
    return Verdict(_number(answer) == value, (phrase("check.count", value=value),))


def quantity(params: Mapping[str, Any]) -> int:
    """A number of the box or of the setup, as the card data and the engine's setup give it.

    >>> quantity({"quantity": "gems_per_colour", "players": 3})
    5
    """
    what = params["quantity"]
    players = int(params.get("players", 2))
    tier = params.get("tier")
    game = new_game(players, seed=0)  # R-SETUP-*: every deal has the same counts
    counts: dict[str, Callable[[], int]] = {
        "cards": lambda: sum(1 for c in CARDS if tier is None or c.tier == tier),
        "nobles_in_box": lambda: len(NOBLES),
        "noble_points": lambda: max(n.points for n in NOBLES),
        "cards_for_a_noble": lambda: min(sum(n.needs) for n in NOBLES),
        "tokens_in_box": lambda: sum(new_game(max(PLAYER_COUNTS), seed=0).supply_counts),
        "gems_per_colour": lambda: game.supply_counts[0],
        "gold": lambda: game.supply["gold"],
        "nobles": lambda: len(game.nobles),
        "face_up": lambda: sum(1 for row in game.market_rows for c in row if c is not None),
        "deck": lambda: len(game.decks[int(tier or 1) - 1]),
    }
    if what not in counts:
        raise ValueError(f"quantity: {what!r} is not one of {listing(counts)}")
    return counts[what]()


def _validate_count(s: Situation, params: Mapping[str, Any]) -> None:
    if int(params.get("players", 2)) not in PLAYER_COUNTS:
        raise ValueError(f"players: {params['players']} is not a number of players")
    quantity(params)


def _turns_left(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    players: list[str] = []
    while not state.over:  # R-END-TRIGGER: the round is played out, whatever is played
        players.append(s.names[state.current_player])
        state = state.apply(state.legal_moves()[0])
    said = phrase("check.turns_left", count=len(players), players=listing(players))
    return Verdict(_number(answer) == len(players), (said,))


def _validate_turns_left(s: Situation, params: Mapping[str, Any]) -> None:
    state = s.position
    if state.over or max(state.scores) < WINNING_POINTS:
        raise ValueError(f"position: not in the last round (nobody has {WINNING_POINTS} "
                         "points, or the game is over)")


def _price(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    card = CARD_BY_ID[params["card"]]
    due = price(card, state.players[state.current_player].bonus_counts)  # R-BUY
    said = phrase("check.price", card=card.id, player=s.mover, count=sum(due),
                  price=tokens_text((*due, 0)))
    return Verdict(_number(answer) == sum(due), (said,))


def _validate_price(s: Situation, params: Mapping[str, Any]) -> None:
    _ = s.position  # the exercise needs one
    if params["card"] not in CARD_BY_ID:
        raise ValueError(f"card: there is no card {params['card']!r}")


REFILLED, EMPTY, UNCHANGED = "refilled", "empty", "unchanged"


def _refill(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    move = Move.parse(params["move"])
    turn = state.apply(_completed(state, move)).last_turn
    assert turn is not None
    if turn.slot is None:
        truth, said = UNCHANGED, phrase("check.refill.none", move=str(move))
    elif turn.drawn is not None:
        truth, said = REFILLED, phrase("check.refill.drawn", card=move.card or "",
                                       tier=turn.slot[0])
    else:
        truth, said = EMPTY, phrase("check.refill.empty", card=move.card or "",
                                    tier=turn.slot[0])
    return Verdict(_text(answer) == truth, (said,))


def _validate_move(s: Situation, params: Mapping[str, Any]) -> None:
    move = _move(params["move"], "move")
    error = refusal(s.position, move)
    if error is not None:
        raise ValueError(f"move: {move} is not legal here: {error}")


def _sees(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    viewer, owner = s.player(params["viewer"]), s.player(params["owner"])
    card = state.players[owner].reserved[int(params.get("reserved", 1)) - 1]
    seen = viewer == owner or card.id not in state.players[owner].hidden  # R-RESERVE-HIDDEN
    said = (phrase("check.sees.yes", viewer=s.names[viewer], card=card.id) if seen
            else phrase("check.sees.no", viewer=s.names[viewer], owner=s.names[owner],
                        tier=card.tier))
    return Verdict(_text(answer) == (YES if seen else NO), (said,))


def _validate_sees(s: Situation, params: Mapping[str, Any]) -> None:
    s.player(params["viewer"])
    owner = s.position.players[s.player(params["owner"])]
    if not 1 <= int(params.get("reserved", 1)) <= len(owner.reserved):
        raise ValueError(f"reserved: {params['owner']} holds {len(owner.reserved)} reserved "
                         "cards")


def _frees_card(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    state = s.position
    card = CARD_BY_ID[params["card"]]
    freeing = []
    for option in map(str, s.options):
        move = Move.parse(option)
        if refusal(state, move) is None:
            after = state.apply(_completed(state, move))
            if card not in after.players[state.current_player].reserved:
                freeing.append(option)
    said = phrase("check.frees", card=card.id, moves=listing(freeing) or "none")
    return Verdict(set(_texts(answer)) == set(freeing), (said,))


def _validate_frees_card(s: Situation, params: Mapping[str, Any]) -> None:
    card = CARD_BY_ID.get(params["card"])
    if card is None or card not in s.position.players[s.position.current_player].reserved:
        raise ValueError(f"card: {params['card']!r} is not reserved by the player to move")
    for option in s.options:
        _move(str(option), "options")


def _players_allowed(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    allowed = []
    for option in s.options:
        try:
            new_game(int(option), seed=0)  # R-SETUP-PLAYERS: refused outside 2 to 4
        except ValueError:
            continue
        allowed.append(int(option))
    said = phrase("check.players", counts=listing(allowed))
    return Verdict({_number(a) for a in _texts(answer)} == set(allowed), (said,))


def _validate_players_allowed(s: Situation, params: Mapping[str, Any]) -> None:
    if not all(isinstance(o, int) for o in s.options):
        raise ValueError("options: each option is a number of players")


def _ends_game(s: Situation, params: Mapping[str, Any], answer: Answer) -> Verdict:
    move = Move.parse(params["move"])
    after = s.position.apply(_completed(s.position, move))
    rule = after.end_rule
    key = {None: "check.ends.no", "R-END-TRIGGER": "check.ends.trigger", "R-PASS":
           "check.ends.passes", "R-REPEAT": "check.ends.repeated"}[rule]
    return Verdict(_text(answer) == (NO if rule is None else YES),
                   (phrase(key, move=str(move)),))


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("legal_takes", "texts", _legal_takes, _validate_legal_takes),
    Kind("legal", "text", _legal, _validate_legal),
    Kind("buy_for_noble", "text", _buy_for_noble, _validate_buy_for_noble),
    Kind("returns", "text", _returns, _validate_returns),
    Kind("tie_winner", "texts", _tie_winner, _validate_tie_winner),
    Kind("last_round", "text", _last_round, _validate_last_round),
    Kind("find_the_move", "text", _find_the_move, _validate_find_the_move),
    Kind("count", "number", _count, _validate_count),
    Kind("turns_left", "number", _turns_left, _validate_turns_left),
    Kind("price", "number", _price, _validate_price),
    Kind("refill", "text", _refill, _validate_move),
    Kind("sees", "text", _sees, _validate_sees),
    Kind("frees_card", "texts", _frees_card, _validate_frees_card),
    Kind("players_allowed", "numbers", _players_allowed, _validate_players_allowed),
    Kind("ends_game", "text", _ends_game, _validate_move),
)}
"""Every kind of checker, by name."""


# --- private helpers ----------------------------------------------------------------------------

def _closest_noble(state: GameState, bonuses: tuple[int, ...]) -> tuple[str, str]:
    nobles = state.nobles or NOBLES
    gaps = [(sum(max(0, n - b) for n, b in zip(noble.needs, bonuses)), k, noble)
            for k, noble in enumerate(nobles)]
    _, _, closest = min(gaps)
    missing = listing(f"{max(0, n - b)} {GEMS[i]}" for i, (n, b)
                      in enumerate(zip(closest.needs, bonuses)) if n > b)
    return closest.id, missing


def _completed(state: GameState, move: Move) -> Move:
    """``move`` as a whole turn: itself when legal, else the first legal turn with its action
    (the tokens returned and the noble chosen as ``legal_moves`` lists them first)."""
    if move in state.legal_moves():
        return move
    try:
        state.apply(move)
    except IllegalMoveError:
        return next(m for m in state.legal_moves() if action(m) == action(move))
    return move


def _move(text: str, field: str) -> Move:
    try:
        return Move.parse(text)
    except InvalidMoveError as error:
        raise ValueError(f"{field}: {error}") from None


def _text(answer: Answer) -> str:
    if isinstance(answer, str | int):
        return str(answer).strip()
    return ",".join(map(str, answer))


def _texts(answer: Answer) -> list[str]:
    if isinstance(answer, str | int):
        return [str(answer).strip()]
    return [str(a).strip() for a in answer]


def _number(answer: Answer) -> int | None:
    try:
        return int(_text(answer))
    except ValueError:
        return None
