"""R-PASS with R-NOBLE: a pass is a turn, so the end-of-turn noble check applies to it too."""

from __future__ import annotations

import pytest

from splendor_nb import IllegalMoveError, Move
from splendor_nb.cards import CARDS, NOBLE_BY_ID
from splendor_nb.engine import GameState
from tests.positions import position

# Player 0 owns 4 white, 4 blue and 4 black bonuses: N4 (4 white, 4 black) and N5 (4 white,
# 4 blue) are both due. Every token is in someone's hand (4 players x 10 = 7 x 5 gems + 5 gold);
# the other tier-1 cards are bought, so that row is empty (R-REFILL); player 0's 3 reserved
# cards and the face-up cards cost more than they hold: passing is all that is left.
BONUS_CARDS = ["1w1", "1w2", "1w3", "1w4", "1b1", "1b2", "1b3", "1b4",
               "1k1", "1k2", "1k3", "1k4"]
OTHER_TIER1 = [c.id for c in CARDS if c.tier == 1 and c.id not in BONUS_CARDS]
TOKENS = {0: "rrrrrrrggg", 1: "wwwwwwwbbb", 2: "bbbbggggyy", 3: "kkkkkkkyyy"}


def stuck_with_two_nobles_due() -> GameState:
    state = position(4, seed=5, cards={0: BONUS_CARDS, 1: OTHER_TIER1[:10],
                                       2: OTHER_TIER1[10:19], 3: OTHER_TIER1[19:]},
                     reserved={0: ["3r1", "3r2", "3r3"]}, tokens=TOKENS, supply="",
                     market={2: ["2w6", "2b3", "2b5", "2b6"], 3: ["3w2", "3w3", "3w4", "3b1"]})
    state = state._replace(nobles=tuple(NOBLE_BY_ID[n] for n in ("N4", "N5", "N1", "N2", "N3")))
    assert state.market_rows[0] == (None,) * 4 and not state.decks[0]
    assert sum(state.supply_counts) == 0
    assert all(sum(p.token_counts) == 10 for p in state.players)
    return state


def test_r_pass_offers_one_pass_per_due_noble() -> None:
    state = stuck_with_two_nobles_due()
    assert [str(m) for m in state.legal_moves()] == ["pass N4", "pass N5"]
    assert Move.parse("pass N4") in state.legal_moves()
    assert str(Move.parse("pass N4")) == "pass N4"


def test_r_pass_must_name_the_noble_when_several_are_due() -> None:
    with pytest.raises(IllegalMoveError) as refused:
        stuck_with_two_nobles_due().apply(Move.parse("pass"))
    assert (refused.value.rule, refused.value.key, refused.value.params) == (
        "R-NOBLE", "nobles_due", {"nobles": ("N4", "N5")})


def test_r_pass_with_a_noble_then_the_game_plays_on_to_the_end() -> None:
    state = stuck_with_two_nobles_due().apply(Move.parse("pass N5"))
    assert [n.id for n in state.players[0].nobles] == ["N5"] and state.players[0].points == 3
    assert [n.id for n in state.nobles] == ["N4", "N1", "N2", "N3"]
    for _ in range(1000):  # R-END-TRIGGER or R-PASS ends it: bounded only as a safeguard
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[0])
        if state.players[0].nobles[-1].id == "N4":  # the second due noble, on a later turn
            assert state.last_move is not None and state.last_move.noble in (None, "N4")
    assert state.is_over and state.winners
    assert "N4" in [n.id for n in state.players[0].nobles]


def test_r_pass_single_due_noble_is_named_by_apply() -> None:
    state = stuck_with_two_nobles_due()
    state = state._replace(nobles=tuple(n for n in state.nobles if n.id != "N4"))
    assert [str(m) for m in state.legal_moves()] == ["pass N5"]
    after = state.apply(Move.parse("pass"))
    assert str(after.last_move) == "pass N5" and after.players[0].points == 3
