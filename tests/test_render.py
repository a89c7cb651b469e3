"""The board SVG (render layer): structure, hidden information, escaping, last-move highlights.

The SVG is parsed with xml.etree to prove it is well-formed and to look at its data attributes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise
from typing import Any

import pytest

from splendor_nb import GameState, Move, new_game
from splendor_nb.cards import CARD_BY_ID, CARDS, COLOURS, NOBLE_BY_ID
from splendor_nb.render import board_html, board_svg, card_svg
from support.games import random_replay, random_states
from tests.positions import position

SVG = "{http://www.w3.org/2000/svg}"


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = state.apply(Move.parse(text))
    return state


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def find(root: ET.Element, attribute: str, value: str) -> ET.Element:
    found = [e for e in root.iter() if e.get(attribute) == value]
    assert len(found) == 1, f"{len(found)} elements with {attribute}={value!r}"
    return found[0]


def parent(root: ET.Element, child: ET.Element) -> ET.Element:
    return next(e for e in root.iter() if child in list(e))


def lit(element: ET.Element) -> bool:
    """Whether the element holds a last-move highlight."""
    return any("last-move" in (e.get("class") or "") for e in element.iter())


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext())


def badges(element: ET.Element) -> list[str]:
    """The texts of the last-move tags (+n, -n, new) in an element."""
    found = [text_of(e) for e in element.iter() if "last-move" in (e.get("class") or "")]
    return [text for text in found if text]


# --- structure ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_start_well_formed_with_every_face_up_card_and_deck(players: int) -> None:
    state = new_game(players=players, seed=players)
    root = parse(board_svg(state))
    assert root.tag == SVG + "svg" and root.get("width") == "100%" and root.get("viewBox")
    for row in state.market_rows:
        for card in row:
            assert card is not None
            assert find(root, "data-card", card.id).get("class") == "card"
    for tier, deck in enumerate(state.decks, start=1):
        assert find(root, "data-deck", str(tier)).get("data-count") == str(len(deck))
    for noble in state.nobles:
        find(root, "data-noble", noble.id)
    assert len([e for e in root.iter() if e.get("data-player-panel")]) == players


def test_board_supply_counts_and_player_points_mid_game() -> None:
    for state in random_states(4, seed=5, max_turns=80)[::8]:
        root = parse(board_svg(state))
        for colour, count in state.supply.items():
            assert find(root, "data-supply", colour).get("data-count") == str(count)
        for i, player in enumerate(state.players):
            panel = find(root, "data-player-panel", str(i))
            assert panel.get("data-points") == str(player.points)
            assert f"{player.points} pts" in text_of(panel)
            total = sum(player.token_counts)
            assert find(panel, "data-total", str(total)).text == f"{total}/10"
            for colour, count in player.tokens.items():
                assert find(panel, "data-token", colour).get("data-count") == str(count)
            for colour, count in player.bonuses.items():
                assert find(panel, "data-bonus", colour).get("data-count") == str(count)
            for card in player.reserved:
                find(panel, "data-card", card.id)


def test_board_player_to_move_marked() -> None:
    state = play(new_game(players=3, seed=1), "+wbg")
    root = parse(board_svg(state))
    marked = [e.get("data-player-panel") for e in root.iter() if e.get("data-to-move")]
    assert marked == ["1"]
    assert "to move" in text_of(find(root, "data-player-panel", "1"))


def test_board_empty_market_slot_and_empty_deck_drawn() -> None:
    state = position(market={3: ["3w1"]})
    rows = list(state.market_rows)
    rows[2] = (None, *rows[2][1:])
    state = state._replace(market_rows=tuple(rows), decks=(*state.decks[:2], ()))
    root = parse(board_svg(state))
    slot = find(root, "data-slot", "3-0")
    assert not [e for e in slot.iter() if e.get("data-card")]
    assert find(root, "data-deck", "3").get("data-count") == "0"


def test_board_game_over_names_the_winner() -> None:
    best = [c.id for c in CARDS if c.tier == 3 and c.points == 5][:3]
    state = position(cards={0: best}, current=1)
    after = play(state, "+wbg")
    assert after.over and after.winners == (0,)
    root = parse(board_svg(after))
    assert "Game over" in text_of(root) and "winner" in text_of(find(root, "data-player-panel",
                                                                         "0"))
    assert not [e for e in root.iter() if e.get("data-to-move")]


def test_board_html_wrapper_and_state_repr_html() -> None:
    state = play(new_game(seed=7), "+wbg", "+rr")
    html = board_html(state)
    assert html.startswith('<div class="splendor-board" data-turn="2" data-player="0"')
    assert html.endswith("</svg></div>")
    assert state._repr_html_() == html
    parse(html)


# Drawn last to first in a fresh process: a cache that forgot an option would give one
# option's drawing to the next in one order, and another's in the other.
_DRAW_IN_ANOTHER_PROCESS = """
import json, sys
from splendor_nb.render import board_svg
from splendor_nb.replay import Replay
states = Replay.loads(sys.stdin.read()).states()
options = [{}, {"viewer": 0}, {"viewer": 1}, {"highlight": False}, {"names": list("ABCD")}]
print(json.dumps([board_svg(states[-1], **o) for o in options][::-1]))
"""


def test_board_svg_is_a_function_of_the_state_and_options_alone() -> None:
    """The same position gives the same SVG whatever was drawn before it (the render caches),
    rebuilt from its replay file, and in another process with another string hash seed (so
    no set order reaches the drawing): what golden files and screenshots rely on."""
    replay = random_replay(4, seed=9, max_turns=40)
    states = replay.states()
    options: list[dict[str, Any]] = [{}, {"viewer": 0}, {"viewer": 1}, {"highlight": False},
                                     {"names": list("ABCD")}]
    for state in states:
        for option in options:
            board_svg(state, **option)
    here = [board_svg(states[-1], **option) for option in options]
    assert len(set(here)) == len(options)  # every option changes the drawing of this position
    other = subprocess.run([sys.executable, "-c", _DRAW_IN_ANOTHER_PROCESS],
                           input=replay.dumps(), capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert json.loads(other.stdout)[::-1] == here


def test_card_svg_well_formed_with_cost_pips() -> None:
    for card in (CARD_BY_ID["1w1"], CARD_BY_ID["2g4"], CARD_BY_ID["3k4"]):
        root = parse(card_svg(card))
        group = find(root, "data-card", card.id)
        assert group.get("data-points") == str(card.points)
        pips = [e for e in group.iter(SVG + "circle")]
        assert len(pips) == sum(1 for n in card.costs if n)
        numbers = [e.text for e in group.iter(SVG + "text")]
        assert [str(n) for n in card.costs if n] == numbers[-len(pips):]


# --- R-RESERVE-HIDDEN: blind reserves --------------------------------------------------------

def test_r_reserve_hidden_face_down_for_others_face_up_for_owner() -> None:
    state = position(reserved={1: ["1w1"]}, hidden={1: ["2w1"]})
    for viewer in (0, None, 1):
        root = parse(board_svg(state, viewer=viewer))
        panel = find(root, "data-player-panel", "1")
        find(panel, "data-card", "1w1")
        shown = [e for e in root.iter() if e.get("data-card") == "2w1"]
        backs = [e for e in panel.iter() if e.get("data-hidden-tier")]
        if viewer == 0:
            assert not shown and [b.get("data-hidden-tier") for b in backs] == ["2"]
        else:
            assert len(shown) == 1 and shown[0].get("data-blind") == "1" and not backs


def test_r_reserve_hidden_last_blind_reserve_not_revealed_to_others() -> None:
    before = new_game(seed=7)
    after = play(before, "R?2")
    drawn = after.players[0].reserved[0].id
    for previous in (None, before):
        svg = board_svg(after, viewer=1, previous=previous)
        assert f'data-card="{drawn}"' not in svg
        root = parse(svg)
        assert lit(parent(root, find(root, "data-deck", "2")))
        back = find(find(root, "data-player-panel", "0"), "data-hidden-tier", "2")
        assert back is not None
    assert f'data-card="{drawn}"' in board_svg(after, viewer=0)


# --- names ---------------------------------------------------------------------------------------

def test_names_escaped_shown_as_text() -> None:
    attack = "<img src=x onerror=alert(1)>"
    svg = board_svg(new_game(seed=1), names=[attack, "Ann & Bob"])
    assert "<img" not in svg and "&lt;img src=x onerror=alert(1)&gt;" in svg
    root = parse(svg)
    assert text_of(find(root, "data-name", "0")).startswith(attack)
    assert text_of(find(root, "data-name", "1")).startswith("Ann & Bob")
    html = board_html(new_game(seed=1), names=[attack])
    assert "<img" not in html and "Player 2" in html


def test_names_default_and_long_names_shortened() -> None:
    root = parse(board_svg(new_game(players=3, seed=1), names=["x" * 60]))
    assert text_of(find(root, "data-name", "0")).startswith("x" * 29 + "\u2026")
    assert text_of(find(root, "data-name", "2")).startswith("Player 3")


# --- last move -----------------------------------------------------------------------------------

def test_highlight_take_tokens_badges_on_player_and_supply() -> None:
    state = play(new_game(seed=7), "+wbg")
    root = parse(board_svg(state))
    panel = find(root, "data-player-panel", "0")
    for colour in ("white", "blue", "green"):
        assert badges(find(panel, "data-token", colour)) == ["+1"]
        assert badges(find(root, "data-supply", colour)) == ["\u22121"]
    assert badges(find(panel, "data-token", "red")) == []
    assert not lit(find(root, "data-player-panel", "1"))
    assert "+wbg" in text_of(root)
    assert "last-move" not in board_svg(state, highlight=False)
    assert "last-move" not in board_svg(new_game(seed=7))


def test_highlight_r_limit10_returned_tokens() -> None:
    state = position(tokens={0: "wwbbggrrk"})
    after = play(state, "+wbg -ww")
    for previous in (None, state):
        root = parse(board_svg(after, previous=previous))
        panel = find(root, "data-player-panel", "0")
        assert badges(find(panel, "data-token", "white")) == ["+1", "\u22122"]
        assert badges(find(panel, "data-token", "blue")) == ["+1"]
        assert badges(find(root, "data-supply", "white")) == ["+2", "\u22121"]


def test_highlight_r_take2() -> None:
    root = parse(board_svg(play(new_game(seed=7), "+rr")))
    assert badges(find(find(root, "data-player-panel", "0"), "data-token", "red")) == ["+2"]


def test_highlight_r_reserve_card_slot_and_gold() -> None:
    state = new_game(seed=7)
    card = state.market_rows[1][2]
    assert card is not None
    after = play(state, f"R{card.id}")
    for previous in (None, state):
        root = parse(board_svg(after, previous=previous))
        slot = find(root, "data-slot", "2-2")
        assert lit(slot) and "new" in badges(slot)
        assert [e.get("data-card") for e in slot.iter() if e.get("data-card")] == \
            [after.market_rows[1][2].id]  # type: ignore[union-attr]
        panel = find(root, "data-player-panel", "0")
        mini = find(panel, "data-card", card.id)
        assert mini.get("class") == "mini-card" and lit(parent(root, mini))
        assert badges(find(panel, "data-token", "gold")) == ["+1"]
        assert badges(find(root, "data-supply", "gold")) == ["\u22121"]
        other_slots = [e for e in root.iter() if e.get("data-slot") and e.get("data-slot") != "2-2"]
        assert not any(lit(e) for e in other_slots)


def test_highlight_r_buy_bonus_slot_points_and_payment() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbbw"})
    card = CARD_BY_ID["1w6"]
    slot = state.market_rows[0].index(card)
    after = play(state, "B1w6")
    root = parse(board_svg(after, previous=state))
    panel = find(root, "data-player-panel", "0")
    bonus = find(panel, "data-bonus", "white")
    assert lit(bonus) and badges(bonus) == ["+1"]
    assert lit(find(root, "data-slot", f"1-{slot}"))
    paid = {c: badges(find(panel, "data-token", c)) for c in COLOURS}
    assert paid["blue"] == ["\u22123"] and paid["white"] == []
    assert badges(find(root, "data-supply", "blue")) == ["+3"]
    if card.points:
        assert f"+{card.points}" in badges(panel)


def test_highlight_buy_reserved_card_marks_bonus_only() -> None:
    state = position(reserved={0: ["1w1"]}, tokens={0: "rrk"})
    after = play(state, "B1w1")
    root = parse(board_svg(after, previous=state))
    assert lit(find(find(root, "data-player-panel", "0"), "data-bonus", "white"))
    assert not any(lit(e) for e in root.iter() if e.get("data-slot"))


def test_highlight_r_noble_visit() -> None:
    cards = {0: ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1r1", "1r2", "1r3", "1k1", "1k2"]}
    state = position(market={1: ["1k3"]}, cards=cards, tokens={0: "ggg"})
    state = state._replace(nobles=(NOBLE_BY_ID["N8"], NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))
    after = play(state, "B1k3 N9")
    for previous in (None, state):
        root = parse(board_svg(after, previous=previous))
        panel = find(root, "data-player-panel", "0")
        assert lit(parent(root, find(panel, "data-noble", "N9")))
        assert "+3" in badges(panel)
        on_table = [e.get("data-noble") for e in root.iter() if e.get("data-noble")]
        assert on_table == ["N8", "N1", "N9"]  # the table's two, then the visitor in the tableau
        ghost = find(root, "data-visited", "N9")  # where it stood, faded
        assert lit(parent(root, parent(root, ghost)))
    assert "data-visited" not in board_svg(after, highlight=False)


def test_board_r_end_trigger_last_round_announced() -> None:
    best = [c.id for c in CARDS if c.tier == 3 and c.points == 5][:3]
    state = position(players=3, cards={0: best}, current=1)
    assert "last round" in text_of(parse(board_svg(state)))
    assert "last round" not in text_of(parse(board_svg(new_game(players=3, seed=1))))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_every_position_of_a_game_well_formed_viewers_in_turn(players: int) -> None:
    states = random_states(players, seed=players + 10, max_turns=150)
    for before, after in pairwise(states):
        viewer = after.turn % (players + 1)
        root = parse(board_svg(after, viewer=viewer if viewer < players else None,
                               previous=before if after.turn % 2 else None))
        assert root.get("data-turn") == str(after.turn)
