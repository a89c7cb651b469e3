"""The engine's reasons for refusing a move, said in every language (splendor_nb.i18n.reasons):
every refusal the package raises names a sentence of splendor_nb.refusals.REASONS with its
parameters, and real refusals come out translated, the words inside them too."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from splendor_nb import IllegalMoveError, Move, new_game
from splendor_nb.engine import GameState
from splendor_nb.i18n import LANGUAGES, SOURCE_LANGUAGE
from splendor_nb.i18n.reasons import explain
from splendor_nb.refusals import REASONS

PACKAGE = Path(__file__).resolve().parent.parent / "splendor_nb"
RAISERS = sorted([*(PACKAGE / "engine").glob("*.py"), *(PACKAGE / "replay").glob("*.py")])
"""The modules that refuse moves: the engine, its plain twin (reference.py), the replay."""
WORDS = {"nothing", "in_market", "in_deck", "reserved_by", "bought_by"}
"""The keys of the words put into the sentences, not raised themselves."""
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
                    if explain(error, language) == error.reason]
    assert untranslated == []


def test_in_english_a_reason_is_the_message_after_the_rule_id() -> None:
    for error in refusals():
        assert explain(error, "en") == error.reason
        assert str(error) == f"{error.rule}: {error.reason}"


def test_the_words_inside_a_reason_are_translated_too() -> None:
    error = refusal(played(), f"B{played().market_rows[2][0].id}")
    french = explain(error, "fr")
    assert "jetons" in french and "green" not in french and "gold" not in french
    where = refusal(played(), f"R{a_card_in_a_deck(played())}")
    assert "(elle est dans une pioche)" in explain(where, "fr")


def test_an_unknown_key_is_refused_when_the_error_is_made() -> None:
    with pytest.raises(KeyError, match="a_reason_of_tomorrow"):
        IllegalMoveError("R-TAKE3", "a_reason_of_tomorrow")


def raised() -> list[tuple[str, str, set[str]]]:
    """Each ``IllegalMoveError(rule, key, **params)`` in the source: where, its key (a string
    literal), and the names of its parameters."""
    found = []
    for path in RAISERS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalMoveError"):
                key = node.args[1]
                assert isinstance(key, ast.Constant) and isinstance(key.value, str), (
                    f"{path.name}:{node.lineno}: the key must be written out")
                found.append((f"{path.name}:{node.lineno}", key.value,
                              {keyword.arg for keyword in node.keywords if keyword.arg}))
    return found


def test_every_refusal_raised_names_a_sentence_and_fills_it() -> None:
    # an engine sentence added or reworded needs its template in REASONS, and its translations
    problems = []
    for where, key, params in raised():
        if key not in REASONS:
            problems.append(f"{where}: no sentence {key!r}")
            continue
        fields = {name for _, name, _, _ in string.Formatter().parse(REASONS[key]) if name}
        if params != fields:
            problems.append(f"{where}: {key!r} has {sorted(fields)}, is given {sorted(params)}")
    assert problems == []
    assert len(raised()) > 40


def test_every_sentence_is_raised_by_the_fast_engine_or_the_replay() -> None:
    fast = {key for where, key, _ in raised() if not where.startswith("reference.py")}
    assert set(REASONS) - WORDS - fast == set()
