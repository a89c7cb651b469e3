"""The exercise checkers at their edges: each judges an answer by asking the engine, and says
what the engine says of it (the rule an illegal move breaks, the noble a purchase brings)."""

from __future__ import annotations

from typing import Any

import pytest

from splendor_nb import Move, new_game
from splendor_nb.ai import Bot
from splendor_nb.engine import GameState
from splendor_nb.learn.checkers import KINDS, Answer, Situation, action, quantity, refusal
from tests.positions import position

NAMES = ("Ada", "Ben")


def judge(kind: str, state: GameState | None, answer: Answer, options: tuple[Any, ...] = (),
          played: Move | None = None, **params: Any) -> tuple[bool, list[str]]:
    situation = Situation(state, NAMES if state is None or len(state.players) == 2
                          else ("Ada", "Ben", "Cleo"), played, options)
    KINDS[kind].validate(situation, params)
    verdict = KINDS[kind].check(situation, params, answer)
    return verdict.correct, [p.text() for p in verdict.detail]


def invalid(kind: str, state: GameState | None, options: tuple[Any, ...] = (),
            **params: Any) -> str:
    with pytest.raises(ValueError) as caught:
        KINDS[kind].validate(Situation(state, NAMES, None, options), params)
    return str(caught.value)


def test_refusal_leaves_returns_and_nobles_to_the_end_of_the_turn() -> None:
    full = position(tokens={0: "wwbbggrrkk"})
    assert refusal(full, Move.parse("+wbg")) is None  # R-LIMIT10: the returns come later
    error = refusal(full, Move.parse("+wbg -w"))
    assert error is not None and error.rule == "R-LIMIT10"
    assert action(Move.parse("B1w1=rrk N3")) == Move.parse("B1w1=rrk")


def test_legal_r_take2_and_r_pass() -> None:
    state = new_game(seed=7).apply(Move.parse("+rr"))
    assert judge("legal", state, "no", move="+rr") == (True, [
        "+rr is not legal here: R-TAKE2: red has 2 tokens in the supply; taking 2 needs 4"])
    assert judge("legal", state, "yes", move="+gg")[0]
    assert not judge("legal", state, "yes", move="pass")[0]
    assert "move:" in invalid("legal", state, move="take two")


def test_legal_takes_r_take3_none_legal() -> None:
    state = position(supply="rrkyy")
    assert judge("legal_takes", state, [], ("+r", "+rr")) == (
        True, ["None of these takes is legal here (R-TAKE3, R-TAKE2)."])
    assert "not a take" in invalid("legal_takes", state, ("+r", "R?1"))


def test_buy_for_noble_r_noble_names_what_a_card_leaves_missing() -> None:
    cards = {0: ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1r1", "1r2", "1r3", "1k1", "1k2"]}
    state = position(market={1: ["1k3", "1g1"]}, cards=cards, tokens={0: "ggggwkk"})
    assert judge("buy_for_noble", state, "1k3")[0]
    correct, said = judge("buy_for_noble", state, "1g1")
    assert not correct and said[0].startswith("Buying 1g1 brings no noble: ")
    correct, said = judge("buy_for_noble", state, "3w1")
    assert not correct and "R-BUY" in said[0]
    assert not judge("buy_for_noble", state, "9z9")[0]
    assert "brings a noble" in invalid("buy_for_noble", new_game(seed=1))


def test_returns_r_limit10() -> None:
    state = position(tokens={0: "wwbbggrrk"})
    assert judge("returns", state, "-ww", action="+wbg")[0]
    correct, said = judge("returns", state, "w", action="+wbg")
    assert not correct and "must return 2, not 1" in said[0]
    assert "brings no token over 10" in invalid("returns", new_game(seed=7), action="+wbg")
    assert "not legal here" in invalid("returns", state, action="+rrr")


def race(first: list[str], second: list[str]) -> GameState:
    state = position(cards={0: first, 1: second}, market={1: ["1b8", "1r8"]},
                     tokens={0: "rrrr", 1: "wwww"})
    return state.apply(Move.parse("B1b8"))


def test_tie_winner_r_end_win_shared_and_after_the_last_move() -> None:
    shared = race(["3w4", "3b4", "3g1", "1w8"], ["3r4", "3k4", "3r1", "1g8"])
    assert judge("tie_winner", shared, ["Ada", "Ben"], move="B1r8")[0]
    assert not judge("tie_winner", shared, "Ada", move="B1r8")[0]
    over = shared.apply(Move.parse("B1r8"))
    assert judge("tie_winner", over, ["Ben", "Ada"])[0]
    assert "not over" in invalid("tie_winner", shared)
    beaten = race(["3w4", "3b4", "3g1", "1w8"], ["3r4", "3k4"]).apply(Move.parse("+bgk"))
    assert "no tie" in invalid("tie_winner", beaten)
    assert "'played' needs" in invalid("tie_winner", shared, move="played")


def test_last_round_and_turns_left_r_end_trigger() -> None:
    three = position(3, cards={1: ["3w4", "3b4", "3g1", "1w8"]}, market={1: ["1b8"]},
                     tokens={1: "rrrr"}, current=1).apply(Move.parse("B1b8"))
    situation = Situation(three, ("Ada", "Ben", "Cleo"))
    assert KINDS["last_round"].check(situation, {}, "yes").correct
    verdict = KINDS["turns_left"].check(situation, {}, 1)
    assert verdict.correct and verdict.detail[0].text() == \
        "1 more turn is played: Cleo (R-END-TRIGGER, R-SETUP-ORDER)."
    assert "not in the last round" in invalid("turns_left", new_game(seed=1))
    assert "game is over" in invalid("last_round", three.apply(Move.parse("+wbg")))


def test_find_the_move_played_hard_or_written() -> None:
    state = new_game(seed=7)
    assert judge("find_the_move", state, "+rr", move="+rr")[0]
    assert judge("find_the_move", state, "+rr", played=Move.parse("+rr"), move="played")[0]
    hard = KINDS["find_the_move"]
    best = Bot("hard", seed=3).choose(state)
    assert hard.check(Situation(state, NAMES), {"move": "hard", "seed": 3}, str(best)).correct
    assert "'played' needs" in invalid("find_the_move", state, move="played")
    assert "not legal here" in invalid("find_the_move", state, move="B1w1")


def test_count_every_quantity_from_the_card_data_and_the_setup() -> None:
    assert [quantity({"quantity": q}) for q in ("cards", "nobles_in_box", "noble_points",
                                                "cards_for_a_noble", "tokens_in_box", "gold",
                                                "face_up")] == [90, 10, 3, 8, 40, 5, 12]
    assert [quantity({"quantity": "gems_per_colour", "players": n}) for n in (2, 3, 4)] == \
        [4, 5, 7]
    assert [quantity({"quantity": "deck", "tier": t}) for t in (1, 2, 3)] == [36, 26, 16]
    assert "not one of" in invalid("count", None, quantity="gems")
    assert "not a number of players" in invalid("count", None, quantity="gold", players=5)
    assert judge("count", None, "12", quantity="face_up")[0]
    assert not judge("count", None, "twelve", quantity="face_up")[0]


def test_price_r_buy_after_bonuses() -> None:
    state = position(cards={0: ["1b1", "1b2"]})
    assert judge("price", state, 1, card="1w6") == (
        True, ["1w6 costs Ada 1 token: 1 blue (R-BUY)."])
    assert "no card" in invalid("price", state, card="1z1")


def test_refill_r_refill_refilled_empty_unchanged() -> None:
    state = new_game(seed=1)
    assert judge("refill", state, "refilled", move="R1k6")[0]
    assert judge("refill", state, "unchanged", move="R?1")[0]
    empty = state._replace(decks=((), *state.decks[1:]))
    assert judge("refill", empty, "empty", move="R1k6")[1] == [
        "1k6 leaves the market and its slot stays empty: the tier 1 deck is empty (R-REFILL)."]
    assert "not legal here" in invalid("refill", state, move="B1k6")


def test_sees_r_reserve_hidden_face_up_blind_and_own() -> None:
    state = new_game(seed=1).apply(Move.parse("R?3")).apply(Move.parse("R1k6"))
    assert judge("sees", state, "no", viewer="Ben", owner="Ada")[0]
    assert judge("sees", state, "yes", viewer="Ada", owner="Ada")[0]
    assert judge("sees", state, "yes", viewer="Ada", owner="Ben")[0]
    assert "is not a player" in invalid("sees", state, viewer="Cleo", owner="Ada")
    assert "holds 1 reserved" in invalid("sees", state, viewer="Ben", owner="Ada", reserved=2)


def test_frees_card_r_reserve_keep() -> None:
    state = position(reserved={0: ["1w6"]}, tokens={0: "bbb"})
    assert judge("frees_card", state, ["B1w6"], ("B1w6", "R?1", "+wrk"), card="1w6")[0]
    assert not judge("frees_card", state, [], ("B1w6", "R?1"), card="1w6")[0]
    assert "not reserved" in invalid("frees_card", state, ("+wrk",), card="1w1")


def test_players_allowed_r_setup_players() -> None:
    assert judge("players_allowed", None, [2, 3, 4], (1, 2, 3, 4, 5))[0]
    assert not judge("players_allowed", None, [2, 3], (1, 2, 3, 4, 5))[0]
    assert "number of players" in invalid("players_allowed", None, ("two", "three"))


def test_ends_game_r_end_trigger_r_pass_and_not_yet() -> None:
    last = race(["3w4", "3b4", "3g1", "1w8"], ["3r4", "3k4"])
    assert judge("ends_game", last, "yes", move="+bgk") == (True, [
        "After +bgk the last round is complete: the game is over (R-END-TRIGGER)."])
    assert judge("ends_game", new_game(seed=7), "no", move="+wbg") == (
        True, ["After +wbg the game goes on."])
    stuck = position(reserved={0: ["3w1", "3w2", "3w3"], 1: ["3b1", "3b2", "3b3"]},
                     supply="yyyyy").apply(Move.parse("pass"))
    assert judge("ends_game", stuck, "yes", move="pass")[1] == [
        "After pass every player has passed in a row: the game is over (R-PASS)."]
    assert "not legal here" in invalid("ends_game", new_game(seed=7), move="pass")
