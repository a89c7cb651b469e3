"""Hints: the expert bot's move, and the reason said from what the move changes: a card an
opponent could buy taken away from them (R-BUY), a noble one card away (R-NOBLE), a card
affordable next turn, the points scored."""

from __future__ import annotations

from splendor_nb.ai import Bot
from splendor_nb.engine import GameState, new_game
from splendor_nb.moves import Move
from splendor_nb.play.describe import describe_turn
from splendor_nb.play.hint import hint, hint_reason


def played(*moves: str, seed: int = 7) -> GameState:
    state = new_game(players=2, seed=seed)
    for move in moves:
        state = state.apply(Move.parse(move))
    return state


def test_the_hint_is_the_expert_bot_s_move() -> None:
    view = played().player_view(0)
    found = hint(view, Bot("expert", seed=4, budget=20), ["Ann", "Ben"])
    assert found.move == Bot("expert", seed=4, budget=20).choose(view)
    assert found.reason == hint_reason(view, found.move)
    # in words as the move list says it, the notation after it
    said = describe_turn(view.apply(found.move).last_turn, ["Ann", "Ben"])
    assert found.said == f"{said.rstrip('.')} ({found.move})"


def test_reserving_a_card_the_opponent_can_buy_says_it_is_taken_from_them() -> None:
    state = played("+wgr", "+bb", "+wgr", "+kk")  # Ben holds bb kk: 1w4 costs 2 blue 2 black
    assert hint_reason(state, Move.parse("R1w4")) == (
        "Reserving 1w4 takes it away from an opponent who could buy it on their turn.")
    assert hint_reason(state, Move.parse("R1g6")) == (
        "Reserving 1g6 keeps it out of your opponents' reach.")  # Ben cannot afford 1g6


def test_buying_a_card_the_opponent_can_buy_says_it_is_taken_from_them() -> None:
    state = played("+bb", "+bkw", "+kwg", "+bkr", "+kgr", "+wgr")  # both hold bb kk and more:
    # 1w4 (2 blue, 2 black) is within both players' reach
    assert hint_reason(state, Move.parse("B1w4")) == (
        "Buying 1w4 also takes it away from an opponent who could buy it on their turn.")


def test_a_card_affordable_next_turn_is_named() -> None:
    state = played("+bb", "+wgr")
    assert hint_reason(state, Move.parse("+kk")) == "It lets you buy 1w4 next turn."


def test_the_reason_is_said_in_the_language_chosen() -> None:
    from splendor_nb.i18n import use_language

    state = played("+wgr", "+bb", "+wgr", "+kk")
    with use_language("fr"):
        said = hint_reason(state, Move.parse("R1w4"))
    assert said != hint_reason(state, Move.parse("R1w4")) and "1w4" in said
