"""The rules of docs/rules.md, each at its edges; test names carry the rule id.

A refusal is checked by its rule id, the key of its sentence and its parameters
(splendor_nb.refusals); the last tests check the English it reads as."""

from __future__ import annotations

import pytest

from splendor_nb import IllegalMoveError, Move, new_game
from splendor_nb.cards import CARD_BY_ID, NOBLE_BY_ID
from splendor_nb.engine import GameState
from splendor_nb.refusals import Place
from tests.positions import counts, position


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = state.apply(Move.parse(text))
    return state


def illegal(state: GameState, text: str, rule: str, key: str | None = None,
            **params: object) -> IllegalMoveError:
    """The refusal of ``text``, which must cite ``rule`` (and, when given, the sentence ``key``
    with these parameters)."""
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(Move.parse(text))
    error = caught.value
    assert error.rule == rule, str(error)
    assert str(error).startswith(rule + ": ")
    if key is not None:
        assert (error.key, error.params) == (key, params), str(error)
    assert Move.parse(text) not in state.legal_moves()
    return error


def refusal(state: GameState, text: str, reveal: str | None = None
            ) -> tuple[str, str, dict[str, object]]:
    """The rule, the sentence's key and the parameters of the refusal of ``text``."""
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(Move.parse(text), reveal)
    return caught.value.rule, caught.value.key, caught.value.params


# --- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "gems", "nobles"), [(2, 4, 3), (3, 5, 4), (4, 7, 5)])
def test_r_setup_tokens_nobles_market(players: int, gems: int, nobles: int) -> None:
    state = new_game(players, seed=5)
    assert state.supply == {"white": gems, "blue": gems, "green": gems, "red": gems,
                            "black": gems, "gold": 5}
    assert len(state.nobles) == nobles
    assert [len(row) for row in state.market.values()] == [4, 4, 4]
    assert [len(d) for d in state.decks] == [36, 26, 16]
    assert all(card.tier == tier for tier, row in state.market.items() for card in row if card)
    assert state.current_player == 0 and state.turn == 0 and not state.is_over


@pytest.mark.parametrize("players", [1, 5])
def test_r_setup_players_2_to_4(players: int) -> None:
    with pytest.raises(ValueError, match="R-SETUP-PLAYERS"):
        new_game(players)


def test_r_setup_market_same_seed_same_game_other_seed_other_game() -> None:
    assert new_game(3, seed=42) == new_game(3, seed=42)
    assert new_game(3, seed=42).market_rows != new_game(3, seed=43).market_rows


# --- R-TAKE2 and R-TAKE3 ----------------------------------------------------------------------

def test_r_take2_with_4_in_supply() -> None:
    state = position(supply="rrrr" + "wbgk" + "yyyyy")
    after = play(state, "+rr")
    assert after.supply["red"] == 2 and after.players[0].tokens["red"] == 2


def test_r_take2_refused_with_3_in_supply() -> None:
    state = position(supply="rrr" + "wbgk" + "yyyyy")
    illegal(state, "+rr", "R-TAKE2", "take2_supply", colour="red", count=3, take=2, need=4)


def test_r_take3_three_different() -> None:
    after = play(new_game(seed=1), "+wbg")
    assert after.players[0].tokens == {"white": 1, "blue": 1, "green": 1, "red": 0,
                                       "black": 0, "gold": 0}
    assert after.supply["white"] == 3


def test_r_take3_must_take_three_when_three_colours_remain() -> None:
    state = position(supply="wbg")
    illegal(state, "+wb", "R-TAKE3", "take_width", available=3, wanted=3, count=2)
    assert [str(m) for m in state.legal_moves() if m.kind == "take"] == ["+wbg"]


def test_r_take3_only_two_colours_left() -> None:
    state = position(supply="ww" + "k" + "yyyyy")
    takes = [str(m) for m in state.legal_moves() if m.kind == "take"]
    assert takes == ["+wk"]
    assert play(state, "+wk").supply["white"] == 1
    illegal(state, "+w", "R-TAKE3", "take_width", available=2, wanted=2, count=1)


def test_r_take3_only_one_colour_left() -> None:
    state = position(supply="rrr")
    assert [str(m) for m in state.legal_moves() if m.kind == "take"] == ["+r"]
    assert play(state, "+r").players[0].tokens["red"] == 1


def test_r_take3_no_token_of_that_colour() -> None:
    state = position(supply="wwbb" + "rrrr")
    illegal(state, "+wbg", "R-TAKE3", "take_empty", colour="green")


def test_r_take3_never_gold_never_mixed_pairs() -> None:
    state = new_game(seed=1)
    illegal(state, "+wby", "R-TAKE3", "gold_not_taken")
    illegal(state, "+wwb", "R-TAKE3", "take_shape", three=3, two=2)


# --- R-RESERVE --------------------------------------------------------------------------------

def test_r_reserve_face_up_takes_gold_and_refills() -> None:
    state = new_game(seed=1)
    card = state.market_rows[1][2]
    assert card is not None
    top = state.decks[1][-1]
    after = play(state, f"R{card.id}")
    assert after.players[0].reserved == (card,)
    assert after.players[0].tokens["gold"] == 1 and after.supply["gold"] == 4
    assert after.market_rows[1][2] is top and after.last_drawn is top
    assert len(after.decks[1]) == len(state.decks[1]) - 1


def test_r_reserve_limit_third_allowed_fourth_refused() -> None:
    state = position(reserved={0: ["1w1", "2w1"]})
    third = play(state, "R?3")
    assert len(third.players[0].reserved) == 3
    fourth_turn = third._replace(current_player=0)
    illegal(fourth_turn, "R?1", "R-RESERVE-LIMIT", "reserve_limit", player=1, count=3, limit=3)
    assert not [m for m in fourth_turn.legal_moves() if m.kind == "reserve"]


def test_r_reserve_with_no_gold_left() -> None:
    state = position(supply="wwwwbbbbggggrrrrkkkk")
    card = state.market_rows[0][0]
    assert card is not None
    after = play(state, f"R{card.id}")
    assert after.players[0].reserved == (card,)
    assert after.players[0].tokens["gold"] == 0 and after.supply["gold"] == 0


def test_r_reserve_hidden_blind_from_deck() -> None:
    state = new_game(seed=1)
    top = state.decks[2][-1]
    after = play(state, "R?3")
    assert after.players[0].reserved == (top,) and after.players[0].hidden == (top.id,)
    assert after.market_rows == state.market_rows
    assert len(after.decks[2]) == len(state.decks[2]) - 1
    # the owner sees the card; the opponent's view hides it and the deck order
    assert after.player_view(0).players[0].reserved == (top,)
    other = after.player_view(1)
    assert other.last_drawn is None and other.seed is None
    different = after._replace(decks=(after.decks[0], after.decks[1],
                                      after.decks[2][1:] + after.decks[2][:1]))
    assert different.player_view(1) == other


def test_r_reserve_empty_deck_refused() -> None:
    state = new_game(seed=1)
    empty = state._replace(decks=((), state.decks[1], state.decks[2]))
    illegal(empty, "R?1", "R-RESERVE", "deck_empty", tier=1)


def test_r_reserve_keep_reserved_cards_leave_only_by_buying() -> None:
    state = position(reserved={0: ["1w6"]}, tokens={0: "bbb"})
    after = play(state, "B1w6")
    assert after.players[0].reserved == () and after.players[0].cards == (CARD_BY_ID["1w6"],)
    assert after.market_rows == state.market_rows


# --- R-BUY ------------------------------------------------------------------------------------

def test_r_buy_pays_price_and_tokens_return_to_supply() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbbw"})
    after = play(state, "B1w6")
    assert after.players[0].tokens["blue"] == 0 and after.players[0].tokens["white"] == 1
    assert after.supply["blue"] == state.supply["blue"] + 3
    assert after.players[0].bonuses["white"] == 1


def test_r_buy_with_bonuses_only_costs_nothing() -> None:
    state = position(market={1: ["1w6"]}, cards={0: ["1b1", "1b2", "1b3"]})
    assert Move.parse("B1w6") in state.legal_moves()
    after = play(state, "B1w6")
    assert after.players[0].token_counts == (0,) * 6 and len(after.players[0].cards) == 4


def test_r_buy_gold_covers_what_is_missing() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bby"})
    after = play(state, "B1w6")
    assert after.players[0].tokens["gold"] == 0 and after.supply["gold"] == 5


def test_r_buy_refused_when_short() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bb"})
    illegal(state, "B1w6", "R-BUY", "unaffordable", card="1w6", price=(0, 3, 0, 0, 0),
            missing=(0, 1, 0, 0, 0), gold=0)


def test_r_buy_gold_non_default_payment() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbbyy"})
    after = play(state, "B1w6=byy")
    assert after.players[0].tokens["blue"] == 2 and after.players[0].tokens["gold"] == 0
    # the default keeps gold
    assert play(state, "B1w6").players[0].tokens["gold"] == 2


@pytest.mark.parametrize(("text", "key", "params"), [
    ("B1w6=bbyy", "pay_gold", {"card": "1w6", "price": (0, 3, 0, 0, 0)}),  # 4 for a price of 3
    ("B1w6=yyy", "pay_held", {"count": 3, "colour": "gold", "held": 2}),
    ("B1w6=bbbb", "pay_held", {"count": 4, "colour": "blue", "held": 3}),
    ("B1w6=bbbw", "pay_held", {"count": 1, "colour": "white", "held": 0}),
])
def test_r_buy_gold_invalid_payments(text: str, key: str, params: dict[str, object]) -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbbyy"})
    illegal(state, text, "R-BUY-GOLD", key, **params)


def test_r_buy_gold_payment_above_the_price_of_a_colour() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbbbyy"})
    illegal(state, "B1w6=bbbb", "R-BUY-GOLD", "pay_due", count=4, colour="blue", card="1w6",
            due=3)


def test_r_buy_not_in_market_nor_reserved() -> None:
    state = position(reserved={1: ["1w6"]}, tokens={0: "bbb"})
    illegal(state, "B1w6", "R-BUY", "buy_not_face_up", card="1w6",
            where=Place("reserved_by", 2))  # seats from 1


# --- R-REFILL ---------------------------------------------------------------------------------

def test_r_refill_empty_deck_leaves_slot_empty() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbb"})
    state = state._replace(decks=((), state.decks[1], state.decks[2]))
    after = play(state, "B1w6")
    assert after.market_rows[0][0] is None and after.last_drawn is None
    assert all(m.card != "1w6" for m in after.legal_moves())
    assert not [m for m in after.legal_moves() if m.kind == "reserve" and m.tier == 1]


def test_r_refill_reveal_names_the_card_off_the_deck() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbb"})
    after = state.apply(Move.parse("B1w6"), reveal="1k8")
    assert after.market_rows[0][0] is CARD_BY_ID["1k8"] and after.last_drawn is CARD_BY_ID["1k8"]
    assert [refusal(state, text, reveal) for text, reveal in [
        ("B1w6", "2k1"), ("+wbg", "1k8"), ("R?1", "1w6"), ("R?1", "9z9")]] == [
        ("R-REFILL", "reveal_tier", {"move": "B1w6", "source": 1, "card": "2k1", "tier": 2}),
        ("R-REFILL", "no_reveal", {"move": "+wbg", "card": "1k8"}),
        ("R-REFILL", "reveal_elsewhere", {"card": "1w6", "tier": 1, "where": Place("in_market")}),
        ("R-REFILL", "reveal_unknown", {"card": "9z9"})]
    deck = state.decks[0]
    assert after.decks[0] == tuple(c for c in deck if c.id != "1k8")  # the rest keep their order
    blind = state.apply(Move.parse("R?1"), reveal=deck[0].id)  # the bottom card, brought up
    assert blind.players[0].reserved == (deck[0],) and blind.decks[0] == deck[1:]


# --- R-LIMIT10 --------------------------------------------------------------------------------

def test_r_limit10_return_just_taken_and_gold() -> None:
    state = position(tokens={0: "wwbbggrrky"})
    takes = [m for m in state.legal_moves() if m.kind == "take" and m.gems == counts("wbg")]
    assert all(sum(m.returned) == 3 for m in takes)
    assert Move.parse("+wbg -wby") in takes and Move.parse("+wbg -yrr") in takes
    after = play(state, "+wbg -bgy")
    assert sum(after.players[0].token_counts) == 10
    assert after.players[0].tokens["gold"] == 0 and after.supply["gold"] == 5


def test_r_limit10_must_return_exactly_to_ten() -> None:
    state = position(tokens={0: "wwbbggrrky"})
    illegal(state, "+wbg -wb", "R-LIMIT10", "return_count", count=13, excess=3, returned=2)
    illegal(state, "+wbg", "R-LIMIT10", "return_count", count=13, excess=3, returned=0)
    illegal(state, "+wbg -kkk", "R-LIMIT10", "return_held", count=3, colour="black", held=1)


def test_r_limit10_exactly_ten_returns_nothing() -> None:
    state = position(tokens={0: "wwbbggr"})
    assert sum(play(state, "+wbk").players[0].token_counts) == 10
    illegal(state, "+wbk -w", "R-LIMIT10", "return_none", count=10)


def test_r_limit10_reserve_gold_above_ten() -> None:
    state = position(tokens={0: "wwbbggrrkk"})
    reserves = {str(m) for m in state.legal_moves() if m.kind == "reserve" and m.tier == 1}
    assert reserves == {"R?1 -w", "R?1 -b", "R?1 -g", "R?1 -r", "R?1 -k", "R?1 -y"}


# --- R-NOBLE ----------------------------------------------------------------------------------

TWO_NOBLES = {0: ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1r1", "1r2", "1r3", "1k1", "1k2"]}


def two_nobles_due() -> GameState:
    state = position(market={1: ["1k3"]}, cards=TWO_NOBLES, tokens={0: "ggg"})
    return state._replace(nobles=(NOBLE_BY_ID["N8"], NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))


def test_r_noble_two_due_at_once_player_chooses_one() -> None:
    state = two_nobles_due()
    buys = sorted(str(m) for m in state.legal_moves() if m.kind == "buy" and m.card == "1k3")
    assert buys == ["B1k3 N8", "B1k3 N9"]
    illegal(state, "B1k3", "R-NOBLE", "nobles_due", nobles=("N8", "N9"))
    after = play(state, "B1k3 N9")
    assert after.players[0].nobles == (NOBLE_BY_ID["N9"],)
    assert after.players[0].points == 3 and after.nobles == (NOBLE_BY_ID["N8"], NOBLE_BY_ID["N1"])


def test_r_noble_second_one_visits_next_turn() -> None:
    after = play(two_nobles_due(), "B1k3 N9", "+wbg")
    moves = after.legal_moves()
    assert moves and all(m.noble == "N8" for m in moves)
    again = play(after, "+rkw")
    assert [n.id for n in again.players[0].nobles] == ["N9", "N8"] and again.players[0].points == 6


def test_r_noble_single_visit_named_automatically() -> None:
    state = two_nobles_due()._replace(nobles=(NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))
    after = play(state, "B1k3")
    assert after.players[0].nobles == (NOBLE_BY_ID["N9"],)
    assert str(after.last_move) == "B1k3 N9"


THREE_WHITE_THREE_BLUE = ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3"]
ONE_BLACK_SHORT_OF_N9 = [*THREE_WHITE_THREE_BLUE, "1k1", "1k2"]  # N9: 3 white, 3 blue, 3 black


def nobles_n9_n1(state: GameState) -> GameState:
    return state._replace(nobles=(NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))


def test_r_noble_not_met_refused() -> None:
    state = nobles_n9_n1(position(cards={0: ONE_BLACK_SHORT_OF_N9}))
    illegal(state, "+wbk N9", "R-NOBLE", "noble_unmet", noble="N9", requires=(3, 3, 0, 0, 3))
    illegal(state, "+wbk N4", "R-NOBLE", "noble_absent", noble="N4")


def test_r_noble_reserved_cards_and_tokens_do_not_count() -> None:
    """Buying 1k3 makes two black bonuses: N9 would visit if the reserved black card 1k2 or
    the black tokens counted; with 1k2 bought instead of reserved, it visits (the control)."""
    state = nobles_n9_n1(position(cards={0: [*THREE_WHITE_THREE_BLUE, "1k1"]},
                                  reserved={0: ["1k2"]}, market={1: ["1k3"]},
                                  tokens={0: "gggkkk"}))
    assert {m.noble for m in state.legal_moves()} == {None}
    after = play(state, "B1k3")
    assert after.players[0].bonuses["black"] == 2 and after.players[0].tokens["black"] == 3
    assert after.players[0].nobles == () and after.nobles == state.nobles
    assert illegal(state, "B1k3 N9", "R-NOBLE").key == "noble_unmet"
    bought = nobles_n9_n1(position(cards={0: ONE_BLACK_SHORT_OF_N9}, market={1: ["1k3"]},
                                   tokens={0: "ggg"}))
    assert play(bought, "B1k3").players[0].nobles == (NOBLE_BY_ID["N9"],)


# --- R-END-TRIGGER and R-END-WIN --------------------------------------------------------------

FOURTEEN = {0: ["3w4", "3b4", "3g1", "1w8"]}  # 5 + 5 + 3 + 1 = 14 points


def near_end(players: int, who: int) -> GameState:
    state = position(players, cards={who: FOURTEEN[0]}, market={1: ["1b8"]},
                     tokens={who: "rrrr"}, current=who)
    assert state.players[who].points == 14
    return state


@pytest.mark.parametrize(("players", "who"), [(3, 1), (3, 2), (4, 2), (2, 1)])
def test_r_end_trigger_round_is_finished(players: int, who: int) -> None:
    state = play(near_end(players, who), "B1b8")
    assert state.players[who].points == 15
    while state.current_player != 0:
        assert not state.is_over
        state = state.apply(state.legal_moves()[0])
    assert state.is_over and state.legal_moves() == []
    assert state.turn == near_end(players, who).turn + players - who
    assert refusal(state, "+wbg") == ("R-END-TRIGGER", "over_points", {"points": 15})


def test_r_end_trigger_by_first_player_lets_the_others_play() -> None:
    state = play(near_end(2, 0), "B1b8")
    assert not state.is_over and state.current_player == 1
    assert play(state, "+wbg").is_over


def test_r_end_win_most_points() -> None:
    state = play(near_end(2, 1), "B1b8")
    assert state.is_over and state.winners == (1,) and state.scores == (0, 15)


def race_to_fifteen(first: list[str], second: list[str]) -> GameState:
    """Both players hold 14 points in ``first`` and ``second`` and buy a 1-point card each
    (R-END-TRIGGER: the first to reach 15 lets the second finish the round)."""
    state = position(cards={0: first, 1: second}, market={1: ["1b8", "1r8"]},
                     tokens={0: "rrrr", 1: "wwww"})
    assert state.scores == (14, 14)
    state = play(state, "B1b8")
    assert not state.is_over and state.scores == (15, 14)
    return play(state, "B1r8")


def test_r_end_win_tie_fewest_cards_wins() -> None:
    state = race_to_fifteen(["3w4", "3b4", "3w2"], ["3r4", "3k4", "3r1", "1g8"])
    assert state.is_over and state.scores == (15, 15)
    assert state.winners == (0,)  # 4 purchased cards against 5


def test_r_end_win_full_tie_shared() -> None:
    state = race_to_fifteen(["3w4", "3b4", "3g1", "1w8"], ["3r4", "3k4", "3r1", "1g8"])
    assert state.is_over and state.scores == (15, 15)
    assert state.winners == (0, 1)  # 5 purchased cards each
    assert new_game().winners == ()


# --- R-PASS -----------------------------------------------------------------------------------

def stuck() -> GameState:
    """No gem in the supply, 3 reserved cards each, nothing affordable: only passing is legal."""
    state = position(reserved={0: ["3w1", "3w2", "3w3"], 1: ["3b1", "3b2", "3b3"]},
                     supply="yyyyy")
    return state


def test_r_pass_only_when_nothing_else() -> None:
    state = stuck()
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    illegal(new_game(seed=1), "pass", "R-PASS", "pass_refused")


def test_r_pass_full_round_of_passes_ends_the_game() -> None:
    state = play(stuck(), "pass")
    assert not state.is_over and state.passes == 1
    state = play(state, "pass")
    assert state.is_over and state.winners == (0, 1)


# --- errors: the English they read as -----------------------------------------------------------

def test_illegal_move_error_is_value_error_with_rule() -> None:
    with pytest.raises(ValueError, match=r"^R-TAKE2: red has 2 tokens in the supply; taking 2 "
                                         r"needs 4$"):
        play(position(supply="rr" + "wbgk"), "+rr")


@pytest.mark.parametrize(("state", "text", "english"), [
    (position(market={1: ["1w6"]}, tokens={0: "bb"}), "B1w6",
     "R-BUY: card 1w6 costs 3 blue after bonuses; player lacks 1 blue and has 0 gold"),
    (position(reserved={1: ["1w6"]}), "B1w6",
     "R-BUY: card 1w6 is not face-up in the market (it is reserved by player 2); a player may "
     "buy a face-up card or one of their own reserved cards"),
    (nobles_n9_n1(position(cards={0: ONE_BLACK_SHORT_OF_N9})), "+wbk N9",
     "R-NOBLE: noble N9 cannot visit: it requires 3 white, 3 blue, 3 black"),
    (two_nobles_due(), "B1k3", "R-NOBLE: several nobles may visit (N8, N9); the move must name "
                               "one"),
    (position(tokens={0: "wwbbggrrky"}), "+wbg -kkk",
     "R-LIMIT10: the player returns 3 black but holds 1"),
])
def test_a_refusal_reads_in_english(state: GameState, text: str, english: str) -> None:
    assert str(illegal(state, text, english.split(":")[0])) == english
