"""Turns in words (splendor_nb.play.describe) and the sentences' one home
(splendor_nb.play.sentences)."""

from __future__ import annotations

import re
import string
from pathlib import Path

from splendor_nb import Move, new_game
from splendor_nb.cards import NOBLE_BY_ID
from splendor_nb.engine import GameState
from splendor_nb.play import describe_turn
from splendor_nb.play.describe import payment_text
from splendor_nb.play.sentences import PLURALS, SENTENCES, tokens_phrase
from tests.positions import counts, position
from tests.test_play_turn import two_nobles_near
from tests.test_rule_pass_with_nobles import stuck_with_two_nobles_due

NAMES = ["Ben", "Ada", "Cy", "Di"]
PLAY = Path(__file__).resolve().parent.parent / "splendor_nb" / "play"


def said(state: GameState, move: str, seen_by: int | None = None) -> str:
    after = state.apply(Move.parse(move))
    assert after.last_turn is not None
    return describe_turn(after.last_turn, NAMES, seen_by)


def test_r_take3_and_r_take2_in_words() -> None:
    assert said(new_game(seed=7), "+wbg") == "Ben took white, blue and green."
    assert said(new_game(seed=7), "+rr") == "Ben took two red."
    assert said(position(supply="wbb"), "+wb") == "Ben took white and blue."
    assert said(position(supply="w"), "+w") == "Ben took one white."


def test_r_buy_in_words_with_points_and_the_visiting_noble() -> None:
    state = two_nobles_near()
    assert said(state, "B1w8 N4") == "Ben bought 1w8 (1 point) and was visited by N4."
    state = state._replace(nobles=(NOBLE_BY_ID["N1"],))
    assert said(state, "B1w4") == "Ben bought 1w4."
    reserved = position(tokens={0: "rrk"}, reserved={0: ["1w1"]})
    assert said(reserved, "B1w1") == "Ben bought 1w1 from their reserved cards."


def test_r_reserve_in_words_face_up_and_blind_as_each_player_sees_it() -> None:
    state = new_game(seed=7).apply(Move.parse("+wbg"))
    card = state.market_rows[1][0]
    assert card is not None
    assert said(state, f"R{card.id}") == f"Ada reserved {card.id} and took a gold."
    blind = state.apply(Move.parse("R?2"))
    assert blind.last_turn is not None and blind.last_turn.card is not None
    hidden = blind.last_turn.card.id
    assert describe_turn(blind.last_turn, NAMES) == \
        "Ada reserved a tier-2 card from the deck and took a gold."
    assert describe_turn(blind.last_turn, NAMES, seen_by=1) == \
        f"Ada reserved {hidden} from the tier-2 deck and took a gold."
    no_gold = position(supply="wwww")
    assert said(no_gold, "R?1") == "Ben reserved a tier-1 card from the deck; no gold was left " \
        "to take."


def test_r_limit10_returned_tokens_in_words() -> None:
    state = position(tokens={0: "wwbbggrky"})
    assert said(state, "+wbr -wy") == "Ben took white, blue and red. Ben returned a white and " \
        "a gold."


def test_r_pass_and_its_noble_in_words() -> None:
    state = stuck_with_two_nobles_due()
    assert said(state, "pass N5") == "Ben passed (nothing else was legal) and was visited by N5."


def test_r_refill_an_emptied_slot_is_said() -> None:
    state = position(tokens={0: "rrk"}, market={1: ["1w1"]})
    state = state._replace(decks=((), *state.decks[1:]))
    assert said(state, "B1w1") == "Ben bought 1w1. The tier-1 deck is empty, so that slot " \
        "stays empty."


def test_tokens_and_payments_in_words() -> None:
    assert tokens_phrase(counts("wbbyyy")) == "a white, two blue and three gold"
    assert tokens_phrase(counts("")) == "nothing"
    assert payment_text(counts("ggy")) == "Pay two green and a gold"


def test_every_sentence_is_used_and_fills_only_named_placeholders() -> None:
    texts = {path.name: path.read_text(encoding="utf-8") for path in PLAY.glob("*.py")}
    sentences = texts.pop("sentences.py")
    cli = (PLAY.parent / "cli.py").read_text(encoding="utf-8")  # splendor-nb play's own words
    source = "\n".join([*texts.values(), sentences[sentences.index("def say("):], cli])
    unused = [key for key in [*SENTENCES, *PLURALS] if f'"{key}"' not in source]
    assert unused == []
    for template in [*SENTENCES.values(), *(form for pair in PLURALS.values() for form in pair)]:
        fields = [field for _, field, _, _ in string.Formatter().parse(template)
                  if field is not None]
        assert all(re.fullmatch(r"[a-z_]+", field) for field in fields), template
