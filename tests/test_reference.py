"""The fast engine against the plain statement of the rules (splendor_nb.engine.reference).

Random games at 2, 3 and 4 players, played by biased random players so that rare positions come
often. At every position both engines list the same turns, and after each turn tried they hold
the same position; any turn in the notation is either played the same way by both or refused
by both citing the same rule. Each test counts the cases its games reached and fails if one
was never reached, so that a test that passes has seen takes, returns, reserves, buys, nobles,
passes and the end. A refusal is the same in both when it cites the same rule, with the same
sentence (its key) and the same parameters.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_nb import IllegalMoveError, Move, new_game
from splendor_nb.cards import CARDS, COLOURS, LETTERS
from splendor_nb.engine import GameState, reference
from splendor_nb.moves import InvalidMoveError
from splendor_nb.rules import RESERVE_LIMIT, TAKE2_COUNT, TAKE3_COUNT

Chooser = Callable[[GameState, list[Move], random.Random], Move]
MAX_TURNS = 400
"""Games stop here if they have not ended (a few hoarders' games cycle for long)."""
TRIED = 4
"""Turns tried at each position besides the one played (all of them where fewer)."""
END_TURNS = 30
"""The turns checked at the end of an end game (the whole game is played unchecked first)."""


def uniform(state: GameState, moves: list[Move], rng: random.Random) -> Move:
    """Any legal turn: many returns above 10 and three reserved cards."""
    return rng.choice(moves)


def buyer(state: GameState, moves: list[Move], rng: random.Random) -> Move:
    """Buys four times out of five when it can: nobles, empty decks and the end come soon."""
    buys = [move for move in moves if move.kind == "buy"]
    return rng.choice(buys if buys and rng.random() < 0.8 else moves)


def hoarder(state: GameState, moves: list[Move], rng: random.Random) -> Move:
    """Buys only when nothing else is legal, reserves half the time: full hands and passes."""
    others = [move for move in moves if move.kind != "buy"] or moves
    reserves = [move for move in others if move.kind == "reserve"]
    return rng.choice(reserves if reserves and rng.random() < 0.5 else others)


def staller(state: GameState, moves: list[Move], rng: random.Random) -> Move:
    """Keeps the hand that can buy the fewest cards: games that often end in a round of passes
    (R-PASS) when they do not end on points (R-END-TRIGGER)."""
    me = state.current_player
    others = [move for move in moves if move.kind != "buy"] or moves
    return min(others, key=lambda move: (affordable(state.apply(move), me), rng.random()))


def affordable(state: GameState, seat: int) -> int:
    """How many of the face-up cards and of its own reserved cards ``seat`` could buy (R-BUY)."""
    player = state.players[seat]
    cards = [card for row in state.market_rows for card in row if card] + list(player.reserved)
    return sum(sum(max(0, cost - bonus - held) for cost, bonus, held in zip(
        card.costs, player.bonus_counts, player.token_counts)) <= player.token_counts[-1]
        for card in cards)


games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1),
                  st.sampled_from([uniform, buyer, hoarder]))
end_games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1), st.just(staller))


def play_game(players: int, seed: int, choose: Chooser) -> list[GameState]:
    """The positions of a game dealt by ``new_game(players, seed)``, the turns chosen by
    ``choose`` with ``random.Random(seed)``, until it ends or ``MAX_TURNS`` turns were played."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    states = [state]
    while not state.is_over and state.turn < MAX_TURNS:
        state = state.apply(choose(state, state.legal_moves(), rng))
        states.append(state)
    return states


def check_positions(states: list[GameState], seen: Counter[str]) -> None:
    """Both engines along these positions of a game; count the cases met in ``seen``.

    The reference reads the first position and then plays the game's turns itself. At every
    position the legal turns must be the same; besides the turn played, ``TRIED`` others are
    tried in both engines.
    """
    rng = random.Random(len(states))
    table = reference.from_state(states[0])
    for state, following in zip(states, [*states[1:], None], strict=True):
        assert table == reference.from_state(state)
        texts = [str(move) for move in state.legal_moves()]
        assert len(set(texts)) == len(texts), "legal_moves() lists a turn twice"
        assert set(texts) == reference.legal_turns(table), repr(state)
        seen.update(position_cases(state, texts))
        if following is None:
            assert list(state.winners) == reference.winners(table)  # R-END-WIN
            return
        played = str(following.last_move)
        for text in dict.fromkeys([played, *rng.sample(texts, min(TRIED, len(texts)))]):
            after = state.apply(Move.parse(text))
            assert reference.from_state(after) == reference.play(table, text), text
            seen.update(turn_cases(state, Move.parse(text), after))
        for left_out, text in near_misses(played):
            fast, plain = outcome(state, text)
            assert fast == plain, text
            seen[f"without its {left_out}: " + (
                f"refused ({plain.rule})" if isinstance(plain, Refused) else "played")] += 1
        table = reference.play(table, played)


def near_misses(text: str) -> list[tuple[str, str]]:
    """The turn ``text`` with its returns left out, and with its noble left out: refused
    (R-LIMIT10, R-NOBLE), but for a noble that is the only one due, which the engines name."""
    parts = text.split()
    return [(name, " ".join(part for part in parts if not part.startswith(start)))
            for name, start in (("returns", "-"), ("noble", "N"))
            if any(part.startswith(start) for part in parts)]


def position_cases(state: GameState, texts: list[str]) -> list[str]:
    """The rare circumstances of a position that the tests must meet."""
    player = state.players[state.current_player]
    due = {text.split()[-1] for text in texts if text.split()[-1].startswith("N")}
    cases = {
        "three reserved (R-RESERVE-LIMIT)": len(player.reserved) == RESERVE_LIMIT
        and not state.is_over,
        "an empty deck": not all(state.decks),
        "an empty market slot (R-REFILL)": any(None in row for row in state.market_rows),
        "several nobles due (R-NOBLE)": len(due) > 1,
        "only a pass (R-PASS)": any(text.startswith("pass") for text in texts),
        "over on points (R-END-TRIGGER)": state.is_over and state.passes < len(state.players),
        "over after a round of passes (R-PASS)": state.is_over
        and state.passes >= len(state.players),
    }
    return [case for case, met in cases.items() if met]


def turn_cases(before: GameState, move: Move, after: GameState) -> list[str]:
    """What a turn tried did, among the cases the tests must meet."""
    gained_gold = after.players[before.current_player].token_counts[-1] \
        - before.players[before.current_player].token_counts[-1]
    cases = {
        "take 3 (R-TAKE3)": move.kind == "take" and sum(move.gems) == TAKE3_COUNT
        and max(move.gems) == 1,
        "take fewer than 3 (R-TAKE3)": move.kind == "take" and sum(move.gems) < TAKE3_COUNT
        and max(move.gems) == 1,
        "take 2 (R-TAKE2)": move.kind == "take" and max(move.gems) == TAKE2_COUNT,
        "return above 10 (R-LIMIT10)": any(move.returned),
        "return gold (R-LIMIT10)": move.returned[-1] > 0,
        "reserve face-up (R-RESERVE)": move.kind == "reserve" and move.card is not None,
        "reserve blind (R-RESERVE-HIDDEN)": move.kind == "reserve" and move.card is None,
        "reserve with no gold left (R-RESERVE)": move.kind == "reserve"
        and before.supply_counts[-1] == 0,
        "buy face-up (R-BUY)": move.kind == "buy"
        and any(card is not None and card.id == move.card for row in before.market_rows
                for card in row),
        "buy reserved (R-BUY)": move.kind == "buy"
        and move.card in {card.id for card in before.players[before.current_player].reserved},
        "buy with gold (R-BUY-GOLD)": move.kind == "buy" and gained_gold < 0,
        "a slot left empty (R-REFILL)": sum(row.count(None) for row in after.market_rows)
        > sum(row.count(None) for row in before.market_rows),
        "a noble visits (R-NOBLE)": after.players[before.current_player].nobles
        != before.players[before.current_player].nobles,
        "pass (R-PASS)": move.kind == "pass",
        "the game ends": after.is_over,
    }
    return [case for case, met in cases.items() if met]


TURN_CASES = ["take 3 (R-TAKE3)", "take fewer than 3 (R-TAKE3)", "take 2 (R-TAKE2)",
              "return above 10 (R-LIMIT10)", "return gold (R-LIMIT10)",
              "reserve face-up (R-RESERVE)", "reserve blind (R-RESERVE-HIDDEN)",
              "reserve with no gold left (R-RESERVE)", "buy face-up (R-BUY)",
              "buy reserved (R-BUY)", "buy with gold (R-BUY-GOLD)",
              "a slot left empty (R-REFILL)", "a noble visits (R-NOBLE)", "the game ends",
              "without its returns: refused (R-LIMIT10)", "without its noble: refused (R-NOBLE)",
              "without its noble: played"]
POSITION_CASES = ["three reserved (R-RESERVE-LIMIT)", "an empty deck",
                  "an empty market slot (R-REFILL)", "several nobles due (R-NOBLE)",
                  "over on points (R-END-TRIGGER)"]
PLAYER_COUNTS = ["2 players", "3 players", "4 players"]
END_CASES = ["only a pass (R-PASS)", "pass (R-PASS)", "over on points (R-END-TRIGGER)",
             "over after a round of passes (R-PASS)"]


def check_games_reaching(strategy: st.SearchStrategy[tuple[int, int, Chooser]],
                         cases: list[str], last_turns: int | None = None) -> None:
    """Check 30 games of ``strategy`` against the reference (only their last ``last_turns``
    positions when given), and that they reached every one of ``cases`` and PLAYER_COUNTS."""
    seen: Counter[str] = Counter()

    @settings(max_examples=30, deadline=None, derandomize=True, database=None)
    @given(strategy)
    def check(game: tuple[int, int, Chooser]) -> None:
        seen[f"{game[0]} players"] += 1
        states = play_game(*game)
        check_positions(states if last_turns is None else states[-last_turns:], seen)

    check()
    missing = [case for case in [*cases, *PLAYER_COUNTS] if not seen[case]]
    assert not missing, f"the games never reached: {missing}; they reached {dict(seen)}"


@pytest.mark.slow
def test_random_games_match_the_reference() -> None:
    check_games_reaching(games, [*TURN_CASES, *POSITION_CASES])


@pytest.mark.slow
def test_end_games_match_the_reference() -> None:
    check_games_reaching(end_games, END_CASES, last_turns=END_TURNS)


def any_turn(state: GameState) -> st.SearchStrategy[str]:
    """Turns in the notation, most of them illegal in ``state``: any letters taken, the cards in
    sight and any card bought or reserved, payments near the default one, passes, and the
    actions of the legal turns; each with returns and a noble, on the table or not, one time
    in four."""
    legal = [str(move) for move in state.legal_moves()] or ["pass"]
    in_sight = [card.id for row in state.market_rows for card in row if card] + [
        card.id for other in state.players for card in other.reserved]
    card = st.sampled_from(in_sight or [CARDS[0].id]) | st.sampled_from([c.id for c in CARDS])
    buyable = [text.split()[0][1:] for text in legal if text.startswith("B")] or in_sight
    action = st.one_of(
        st.text("wbgrky", min_size=1, max_size=3).map("+{}".format),
        st.sampled_from("wbgrky").map(lambda letter: f"+{letter}{letter}"),
        card.map("R{}".format), st.sampled_from(["R?1", "R?2", "R?3"]),
        card.map("B{}".format), st.sampled_from(buyable or [CARDS[0].id]).flatmap(
            lambda bought: payment(state, bought).map(f"B{bought}={{}}".format)),
        st.just("pass"),
        st.sampled_from(legal).map(lambda text: text.split()[0]))
    returned = sometimes(st.text("wbgrky", min_size=1, max_size=3).map(" -{}".format))
    noble = sometimes(st.sampled_from([f" N{i}" for i in range(1, 11)]
                                      + [f" {n.id}" for n in state.nobles]))
    return st.tuples(action, returned, noble).map("".join)


def sometimes(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """``strategy`` about one time in four, else the empty string."""
    return st.integers(0, 3).flatmap(lambda quarter: strategy if quarter == 3 else st.just(""))


def payment(state: GameState, card: str) -> st.SearchStrategy[str]:
    """Payments for ``card`` (R-BUY-GOLD): the default one with a letter or two changed, most
    often to gold, which spends gold in place of a colour held."""
    seat = reference.from_state(state).players[state.current_player]
    price = reference.r_buy_price(card, seat.bonuses)
    paid = {colour: min(price[colour], seat.tokens[colour]) for colour in price}
    letters = "".join(letter * paid.get(colour, 0) for letter, colour in zip(LETTERS, COLOURS,
                                                                             strict=True))
    letters += "y" * (sum(price.values()) - sum(paid.values()))
    changes = st.lists(st.tuples(st.integers(0, max(0, len(letters) - 1)),
                                 st.sampled_from("yyyywbgrk")), max_size=2)
    return changes.map(lambda swaps: "".join(
        next((new for at, new in swaps if at == i), old) for i, old in enumerate(letters)))


def a_position(states: list[GameState]) -> st.SearchStrategy[GameState]:
    """Any position of the game, and one time in ten its last (over, if the game ended)."""
    return st.integers(0, 9).flatmap(
        lambda tenth: st.just(states[-1]) if tenth == 9 else st.sampled_from(states))


class Refused(NamedTuple):
    """A refusal as the engines give it: the rule, the key of its sentence, its parameters."""

    rule: str
    key: str
    params: dict[str, object]


def outcome(state: GameState, text: str
            ) -> tuple[reference.Table | Refused, reference.Table | Refused]:
    """The fast engine's position after ``text`` and the reference's, or the refusal of each."""
    try:
        fast: reference.Table | Refused = reference.from_state(state.apply(Move.parse(text)))
    except IllegalMoveError as error:
        fast = Refused(error.rule, error.key, error.params)
    try:
        plain: reference.Table | Refused = reference.play(reference.from_state(state), text)
    except IllegalMoveError as error:
        plain = Refused(error.rule, error.key, error.params)
    return fast, plain


REFUSALS = ["R-TAKE3", "R-TAKE2", "R-RESERVE", "R-RESERVE-LIMIT", "R-BUY", "R-BUY-GOLD",
            "R-LIMIT10", "R-NOBLE", "R-PASS", "R-END-TRIGGER"]


@pytest.mark.slow
def test_any_turn_is_played_or_refused_alike() -> None:
    seen: Counter[str] = Counter()

    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    @given(games, st.data())
    def check(game: tuple[int, int, Chooser], data: st.DataObject) -> None:
        states = play_game(*game)
        state = data.draw(a_position(states), label="position")
        for text in data.draw(st.lists(any_turn(state), min_size=10, max_size=10), label="turns"):
            try:
                Move.parse(text)
            except InvalidMoveError:
                continue  # not a turn at all, as "pass -w"
            fast, plain = outcome(state, text)
            assert fast == plain, f"{state!r}: {text}"
            if isinstance(plain, Refused):
                seen[plain.rule] += 1
            else:
                seen["played" + (" with a chosen payment" if "=" in text else "")] += 1

    check()
    missing = [case for case in [*REFUSALS, "played", "played with a chosen payment"]
               if not seen[case]]
    assert not missing, f"the turns never met: {missing}; they met {dict(seen)}"
