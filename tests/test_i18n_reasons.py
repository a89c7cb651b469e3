"""The engine's reasons for refusing a move, said in every language (splendor_nb.i18n.reasons):
each reason the engine can give has its template, and real refusals come out translated."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from splendor_nb import IllegalMoveError, Move, new_game
from splendor_nb.engine import GameState
from splendor_nb.i18n import LANGUAGES, SOURCE_LANGUAGE
from splendor_nb.i18n.reasons import REASONS, explain

ENGINE = Path(__file__).resolve().parent.parent / "splendor_nb" / "engine"
SLOW_TWIN = "reference.py"
"""The plain statement of the rules: its messages are its own, and no user sees them."""
TRANSLATED = tuple(code for code, _ in LANGUAGES if code != SOURCE_LANGUAGE)


def played(*moves: str, seed: int = 7) -> GameState:
    state = new_game(players=2, seed=seed)
    for move in moves:
        state = state.apply(Move.parse(move))
    return state


def refusal(state: GameState, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(Move.parse(move))
    return refused.value


def a_card_in_a_deck(state: GameState) -> str:
    return next(card for card in ("1w1", "1w2", "1w3", "1w4", "1w5")
                if state.card_location(card) == "deck")


def refusals() -> list[IllegalMoveError]:
    start = played()
    dear = start.market_rows[2][0].id
    cheap = start.market_rows[0][0].id
    in_deck = a_card_in_a_deck(start)
    reserves = ("R?1", "R?2") * 3
    return [
        refusal(start, "+wby"),  # R-TAKE3: gold
        refusal(start, "+wwb"),  # R-TAKE3: neither three nor two of a kind
        refusal(played("+rr"), "+rr"),  # R-TAKE2: 2 red left
        refusal(start, "pass"),  # R-PASS
        refusal(start, "+wbg N1"),  # R-NOBLE: N1 is not on the table
        refusal(start, f"R{in_deck}"),  # R-RESERVE: not face-up
        refusal(start, f"B{dear}"),  # R-BUY: unaffordable
        refusal(start, f"B{cheap}=yyy"),  # R-BUY-GOLD: gold not held
        refusal(start, "+wbg -w"),  # R-LIMIT10: nothing to return
        refusal(played(*reserves), "R?1"),  # R-RESERVE-LIMIT
    ]


@pytest.mark.parametrize("language", TRANSLATED)
def test_real_refusals_are_said_in_each_language(language: str) -> None:
    untranslated = [error.reason for error in refusals()
                    if explain(error.rule, error.reason, language) == error.reason]
    assert untranslated == []


def test_in_english_a_reason_stays_as_the_engine_gave_it() -> None:
    assert [explain(error.rule, error.reason, "en") for error in refusals()] == [
        error.reason for error in refusals()]


def test_the_words_inside_a_reason_are_translated_too() -> None:
    error = refusal(played(), f"B{played().market_rows[2][0].id}")
    french = explain(error.rule, error.reason, "fr")
    assert "jetons" in french and "green" not in french and "gold" not in french
    where = refusal(played(), f"R{a_card_in_a_deck(played())}")
    assert "(elle est dans une pioche)" in explain(where.rule, where.reason, "fr")


def test_a_reason_no_template_knows_comes_back_in_english() -> None:
    assert explain("R-TAKE3", "a reason of tomorrow", "ru") == "a reason of tomorrow"


def test_every_reason_the_engine_raises_has_its_template() -> None:
    # the literal parts of each IllegalMoveError's reason in the engine's source must be parts
    # of a template: an engine sentence added or reworded needs its template (then make
    # messages and the translations)
    templates = REASONS.values()
    unknown = []
    raised = 0
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == SLOW_TWIN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalMoveError"):
                raised += 1
                unknown += [f"{path.name}: {fragment.value!r}"
                            for fragment in ast.walk(node.args[1])
                            if isinstance(fragment, ast.Constant)
                            and isinstance(fragment.value, str)
                            and not any(fragment.value in template for template in templates)]
    assert raised > 20
    assert unknown == []
