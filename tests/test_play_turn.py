"""Building a turn from clicks (splendor_nb.play.turn): each click, prompt and refusal, on
exact positions; every finished turn is one the engine accepts."""

from __future__ import annotations

import pytest

from splendor_nb import Move, new_game
from splendor_nb.cards import NOBLE_BY_ID
from splendor_nb.engine import GameState
from splendor_nb.play import TurnBuilder
from tests.positions import counts, position
from tests.test_rule_pass_with_nobles import stuck_with_two_nobles_due

WHITE_BLUE_BLACK = ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1b4", "1k1", "1k2", "1k3",
                    "1k4"]
"""3 white, 4 blue and 4 black bonuses: one more white brings N4 and N5 due at once."""


def supply(builder: TurnBuilder, *colours: str) -> None:
    for colour in colours:
        assert builder.click({"action": "supply", "colour": colour}) is None, colour


def finished(builder: TurnBuilder, state: GameState) -> Move:
    """The builder's move, checked against the engine: legal, or accepted by apply."""
    assert builder.stage == "done" and builder.move is not None
    move = builder.move
    if move.payment is None:
        assert move in state.legal_moves()
    state.apply(move)
    return move


def two_nobles_near() -> GameState:
    state = position(cards={0: WHITE_BLUE_BLACK}, tokens={0: "ggggyy"},
                     market={1: ["1w8", "1w4"]})
    return state._replace(nobles=tuple(NOBLE_BY_ID[n] for n in ("N4", "N5", "N1")))


def test_r_take3_three_colours_clicked_then_confirmed() -> None:
    state = new_game(seed=7)
    builder = TurnBuilder(state)
    supply(builder, "white", "blue")
    assert builder.interaction().picked_tokens == (1, 1, 0, 0, 0, 0)
    supply(builder, "green")
    assert builder.interaction().takeable == {"white", "blue", "green"}  # picked: to put back
    assert builder.confirm() is None
    assert str(finished(builder, state)) == "+wbg"


def test_r_take3_a_picked_pile_clicked_again_goes_back() -> None:
    builder = TurnBuilder(new_game(seed=7))
    supply(builder, "white", "blue", "white")
    assert builder.picked == counts("b")
    supply(builder, "red", "black")
    assert builder.picked == counts("brk")


def test_r_take3_a_fourth_colour_is_refused_in_words() -> None:
    builder = TurnBuilder(new_game(seed=7))
    supply(builder, "white", "blue", "green")
    refusal = builder.click({"action": "supply", "colour": "red"})
    assert refusal is not None and refusal.rule == "R-TAKE3"
    assert refusal.text == "You have picked 3 colours, the most you may take now."
    assert builder.picked == counts("wbg") and builder.refusal == refusal


def test_r_take3_gold_cannot_be_picked() -> None:
    refusal = TurnBuilder(new_game(seed=7)).pick_colour("gold")
    assert refusal is not None and refusal.rule == "R-TAKE3" and "reserve" in refusal.text


def test_r_take3_confirming_too_few_colours_says_how_many_more() -> None:
    builder = TurnBuilder(new_game(seed=7))
    supply(builder, "white", "blue")
    refusal = builder.confirm()
    assert refusal is not None and refusal.rule == "R-TAKE3"
    assert refusal.text == "Pick 1 more colour, or Clear."
    assert builder.stage == "pick"
    assert TurnBuilder(new_game(seed=7)).confirm().text == "Pick gems, a card or a deck first."


def test_r_take2_second_click_takes_two_and_a_third_puts_them_back() -> None:
    state = new_game(seed=7)
    builder = TurnBuilder(state)
    supply(builder, "red")
    assert builder.confirm().text == "Pick 2 more colours, or click red again to take two."
    supply(builder, "red")
    assert builder.picked == counts("rr")
    assert builder.interaction().takeable == {"red"}  # nothing goes with two of one colour
    refusal = builder.click({"action": "supply", "colour": "blue"})
    assert refusal is not None and refusal.rule == "R-TAKE2"
    supply(builder, "red")
    assert builder.picked == counts("")
    supply(builder, "red", "red")
    builder.confirm()
    assert str(finished(builder, state)) == "+rr"


def test_r_take2_a_second_click_on_a_pile_under_four_says_why() -> None:
    state = position(supply="wwwbbbbgggg" + "rrrrkkkkyyyyy")
    builder = TurnBuilder(state)
    assert builder.interaction().takeable == {"white", "blue", "green", "red", "black"}
    supply(builder, "white")
    refusal = builder.click({"action": "supply", "colour": "white"})  # 3 white: no second
    assert refusal is not None and refusal.rule == "R-TAKE2"
    assert refusal.text == ("Two white may be taken only from a pile of 4 or more, and this one "
                            "has 3: pick other colours, or Clear.")
    assert builder.picked == counts("w")  # the white picked stays picked
    supply(builder, "red", "black")
    assert builder.picked == counts("wrk")


def test_r_take3_fewer_colours_left_take_one_of_each() -> None:
    state = position(supply="wwbyyyyy")
    builder = TurnBuilder(state)
    assert builder.interaction().takeable == {"white", "blue"}
    refusal = builder.click({"action": "supply", "colour": "red"})
    assert refusal is not None and refusal.rule == "R-TAKE3" and "no red" in refusal.text
    supply(builder, "white")
    assert builder.confirm().text == "Pick 1 more colour, or Clear."
    supply(builder, "blue")
    builder.confirm()
    assert str(finished(builder, state)) == "+wb"


def test_r_buy_a_card_shows_its_price_after_bonuses_and_its_payments() -> None:
    state = two_nobles_near()._replace(nobles=(NOBLE_BY_ID["N1"],))
    builder = TurnBuilder(state)
    assert {"1w8", "1w4"} <= builder.interaction().buyable
    assert builder.click({"action": "card", "card": "1w8"}) is None
    offer = builder.offer
    assert offer is not None and builder.stage == "card"
    assert offer.price == (0, 0, 4, 0, 0) and offer.can_buy and offer.can_reserve
    assert offer.payments == (counts("gggg"), counts("gggy"), counts("ggyy"))
    assert offer.payment == counts("gggg")
    assert builder.prompt == "1w8 costs 4 green after your bonuses."
    assert builder.interaction().picked_card == "1w8"
    builder.buy()
    assert str(finished(builder, state)) == "B1w8"


def test_r_buy_gold_a_chosen_payment_keeps_tokens() -> None:
    state = two_nobles_near()._replace(nobles=(NOBLE_BY_ID["N1"],))
    builder = TurnBuilder(state)
    builder.click({"action": "card", "card": "1w8"})
    assert builder.choose_payment(counts("ggyy")) is None
    assert builder.choose_payment(counts("yyyy")).rule == "R-BUY-GOLD"  # only 2 gold held
    builder.confirm()  # Confirm on a card buys it
    move = finished(builder, state)
    assert str(move) == "B1w8=ggyy"
    assert state.apply(move).players[0].token_counts == counts("gg")


def test_r_noble_two_due_prompt_for_one() -> None:
    state = two_nobles_near()
    builder = TurnBuilder(state)
    builder.click({"action": "card", "card": "1w8"})
    builder.choose_payment(counts("gggy"))
    builder.buy()
    assert builder.stage == "noble" and builder.nobles == ("N4", "N5")
    assert builder.prompt == "Several nobles may visit: choose one of N4 and N5."
    assert builder.click({"action": "supply", "colour": "red"}).rule == "R-NOBLE"
    refusal = builder.choose_noble("N1")
    assert refusal is not None and refusal.rule == "R-NOBLE"
    assert builder.choose_noble("N5") is None
    move = finished(builder, state)
    assert str(move) == "B1w8=gggy N5"
    assert state.apply(move).players[0].points == 1 + 3


def test_r_buy_an_unaffordable_card_is_refused_with_what_is_missing() -> None:
    state = position(tokens={0: "rk"})
    builder = TurnBuilder(state)
    card = next(c for row in state.market_rows for c in row if c is not None and c.tier == 3)
    assert card.id not in builder.interaction().buyable
    assert card.id in builder.interaction().reservable
    builder.click({"action": "card", "card": card.id})
    refusal = builder.buy()
    assert refusal is not None and refusal.rule == "R-BUY"
    assert refusal.text.startswith(f"You cannot afford {card.id}: it costs ")
    assert builder.reserve() is None
    assert str(finished(builder, state)) == f"R{card.id}"


def test_r_buy_one_of_ones_reserved_cards() -> None:
    state = position(tokens={0: "rrk"}, reserved={0: ["1w1", "3r1"]})
    builder = TurnBuilder(state)
    assert "1w1" in builder.interaction().buyable
    builder.click({"action": "reserved", "card": "1w1"})
    offer = builder.offer
    assert offer is not None and offer.reserved and not offer.can_reserve
    refusal = builder.reserve()
    assert refusal is not None and refusal.rule == "R-RESERVE"
    builder.buy()
    assert str(finished(builder, state)) == "B1w1"
    refusal = TurnBuilder(state).click({"action": "reserved", "card": "3r1"})
    assert refusal is not None and refusal.rule == "R-BUY"


def test_r_reserve_hidden_a_deck_reserved_blind() -> None:
    state = new_game(seed=7)
    builder = TurnBuilder(state)
    assert builder.interaction().reservable_decks == {1, 2, 3}
    builder.click({"action": "deck", "tier": "2"})
    assert builder.stage == "deck" and builder.interaction().picked_deck == 2
    assert builder.prompt == "Reserve the top card of the tier-2 deck unseen?"
    builder.click({"action": "deck", "tier": "2"})  # again: put back
    assert builder.stage == "pick"
    builder.click({"action": "deck", "tier": "2"})
    builder.confirm()
    assert str(finished(builder, state)) == "R?2"


def test_r_reserve_limit_refused_for_cards_and_decks() -> None:
    state = position(reserved={0: ["3r1", "3r2", "3r3"]})
    builder = TurnBuilder(state)
    interaction = builder.interaction()
    assert not interaction.reservable and not interaction.reservable_decks
    card = state.market_rows[2][0]
    assert card is not None
    refusal = builder.click({"action": "card", "card": card.id})
    assert refusal is not None and refusal.rule == "R-RESERVE-LIMIT"
    assert "3 reserved cards" in refusal.text
    refusal = builder.click({"action": "deck", "tier": "1"})
    assert refusal is not None and refusal.rule == "R-RESERVE-LIMIT"


def test_r_limit10_return_chosen_one_by_one_just_taken_and_gold_included() -> None:
    state = position(tokens={0: "wwbbggrky"})
    builder = TurnBuilder(state)
    supply(builder, "white", "blue", "red")
    builder.confirm()
    assert builder.stage == "return" and builder.excess == 2
    assert builder.prompt == "You would hold 12 tokens: choose 2 to return."
    assert builder.confirm().text == "Return 2 more tokens to keep 10."
    assert builder.choose_return("gold") is None
    assert builder.choose_return("gold").rule == "R-LIMIT10"  # one gold held
    assert builder.unreturn("black").rule == "R-LIMIT10"
    assert builder.choose_return("red") is None  # a red just taken
    assert builder.choose_return("white").text.startswith("You are returning enough")
    assert builder.prompt.endswith("Returning a red and a gold.")
    builder.unreturn("red")
    builder.choose_return("white")
    assert builder.click({"action": "card", "card": "1w1"}).rule == "R-LIMIT10"
    assert builder.confirm() is None
    assert str(finished(builder, state)) == "+wbr -wy"


def test_r_limit10_a_reserve_with_ten_tokens_returns_one() -> None:
    state = position(tokens={0: "wwbbggrrkk"})
    builder = TurnBuilder(state)
    builder.click({"action": "deck", "tier": "1"})
    builder.reserve()
    assert builder.stage == "return" and builder.hand == counts("wwbbggrrkky")
    builder.choose_return("gold")
    builder.confirm()
    assert str(finished(builder, state)) == "R?1 -y"


def test_clear_and_cancel_start_the_turn_again() -> None:
    builder = TurnBuilder(position(tokens={0: "wwbbggrky"}))
    supply(builder, "white", "blue", "red")
    builder.confirm()
    assert builder.click({"action": "cancel"}) is None
    assert builder.stage == "pick" and builder.picked == counts("") and builder.action is None
    supply(builder, "green")
    builder.clear()
    assert builder.picked == counts("")


def test_a_card_click_replaces_picked_tokens_and_the_reverse() -> None:
    state = new_game(seed=7)
    builder = TurnBuilder(state)
    card = state.market_rows[0][0]
    assert card is not None
    supply(builder, "white")
    builder.click({"action": "card", "card": card.id})
    assert builder.picked == counts("") and builder.card == card.id
    builder.click({"action": "card", "card": card.id})  # again: put back
    assert builder.card is None and builder.stage == "pick"
    builder.click({"action": "card", "card": card.id})
    supply(builder, "blue")
    assert builder.card is None and builder.picked == counts("b")


def test_r_pass_when_nothing_else_is_legal_with_the_noble_prompt() -> None:
    state = stuck_with_two_nobles_due()
    builder = TurnBuilder(state)
    assert builder.stage == "pass" and builder.prompt == "No action is possible: you must pass."
    assert builder.interaction().takeable == frozenset()
    assert builder.click({"action": "supply", "colour": "red"}).rule == "R-PASS"
    builder.pass_turn()
    assert builder.stage == "noble" and builder.nobles == ("N4", "N5")
    builder.choose_noble("N4")
    assert str(finished(builder, state)) == "pass N4"


def test_r_pass_refused_while_an_action_is_legal() -> None:
    refusal = TurnBuilder(new_game(seed=7)).pass_turn()
    assert refusal is not None and refusal.rule == "R-PASS"


@pytest.mark.parametrize("action", [{"action": "shuffle"}, {"action": "supply", "colour": "pink"},
                                    {"action": "card", "card": "9z9"}, {"action": "deck"}])
def test_unknown_clicks_are_refused_without_a_rule(action: dict[str, str]) -> None:
    refusal = TurnBuilder(new_game(seed=7)).click(action)
    assert refusal is not None and refusal.rule is None
    assert refusal.text == "That cannot be clicked."


def test_every_change_and_refusal_is_reported() -> None:
    seen: list[str] = []
    builder = TurnBuilder(new_game(seed=7), on_change=lambda b: seen.append(b.stage))
    supply(builder, "white")
    builder.pick_colour("gold")
    builder.clear()
    assert seen == ["pick", "pick", "pick"]

