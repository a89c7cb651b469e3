"""The board SVG (render layer): structure, hidden information, escaping, last-move highlights.

The SVG is parsed with xml.etree to prove it is well-formed and to look at its data attributes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from splendor_nb import GameState, Move, new_game
from splendor_nb.cards import CARD_BY_ID, CARDS, COLOURS, GEMS, LETTERS, NOBLE_BY_ID
from splendor_nb.render import (
    NARROW_WIDTH,
    PANEL_W,
    Interaction,
    board_frame,
    board_html,
    board_svg,
    card_label,
    card_svg,
)
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
from splendor_nb.render import Interaction, board_svg
from splendor_nb.replay import Replay
states = Replay.loads(sys.stdin.read()).states()
options = [{}, {"viewer": 0}, {"viewer": 1}, {"highlight": False}, {"names": list("ABCD")},
           {"interaction": Interaction()},
           {"interaction": Interaction(takeable=frozenset(("red", "blue")),
                                       picked_tokens=(0, 1, 0, 0, 0, 0), hint="+rbg")}]
print(json.dumps([board_svg(states[-1], **o) for o in options][::-1]))
"""


def test_board_svg_is_a_function_of_the_state_and_options_alone() -> None:
    """The same position gives the same SVG whatever was drawn before it (the render caches),
    rebuilt from its replay file, and in another process with another string hash seed (so
    no set order reaches the drawing): what golden files and screenshots rely on."""
    replay = random_replay(4, seed=9, max_turns=40)
    states = replay.states()
    options: list[dict[str, Any]] = [
        {}, {"viewer": 0}, {"viewer": 1}, {"highlight": False}, {"names": list("ABCD")},
        {"interaction": Interaction()},
        {"interaction": Interaction(takeable=frozenset(("red", "blue")),
                                    picked_tokens=(0, 1, 0, 0, 0, 0), hint="+rbg")}]
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
        numbers = [text_of(e) for e in group.iter(SVG + "text")]
        assert [f"{n}{LETTERS[i]}" for i, n in enumerate(card.costs) if n] == \
            numbers[-len(pips):]


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
    svg = board_svg(after, viewer=1)
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
    root = parse(board_svg(after))
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
    root = parse(board_svg(after))
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
    root = parse(board_svg(after))
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
    root = parse(board_svg(after))
    assert lit(find(find(root, "data-player-panel", "0"), "data-bonus", "white"))
    assert not any(lit(e) for e in root.iter() if e.get("data-slot"))


def test_highlight_r_noble_visit() -> None:
    cards = {0: ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1r1", "1r2", "1r3", "1k1", "1k2"]}
    state = position(market={1: ["1k3"]}, cards=cards, tokens={0: "ggg"})
    state = state._replace(nobles=(NOBLE_BY_ID["N8"], NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))
    after = play(state, "B1k3 N9")
    root = parse(board_svg(after))
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
    for after in states[1:]:
        viewer = after.turn % (players + 1)
        root = parse(board_svg(after, viewer=viewer if viewer < players else None))
        assert root.get("data-turn") == str(after.turn)


# --- told apart without colour, and in words ------------------------------------------------------

def test_every_gem_shows_its_letter_tokens_bonuses_costs_and_nobles() -> None:
    """A gem's count is followed by its notation letter everywhere, so that no one needs to
    tell red from green: supply piles, a player's tokens and bonuses, card costs and bonuses,
    noble requirements."""
    state = random_states(3, seed=4, max_turns=60)[-1]
    root = parse(board_svg(state))
    for c, colour in enumerate(COLOURS):
        assert f"{state.supply_counts[c]}{LETTERS[c]}" in text_of(find(root, "data-supply", colour))
    for i, player in enumerate(state.players):
        panel = find(root, "data-player-panel", str(i))
        for c, colour in enumerate(COLOURS):
            token = find(panel, "data-token", colour)
            assert f"{player.token_counts[c]}{LETTERS[c]}" in text_of(token)
            if c < 5:
                bonus = find(panel, "data-bonus", colour)
                assert f"{player.bonus_counts[c]}{LETTERS[c]}" in text_of(bonus)
    for row in state.market_rows:
        for card in row:
            if card is None:
                continue
            texts = [text_of(e) for e in find(root, "data-card", card.id).iter(SVG + "text")]
            assert LETTERS[card.bonus_index] in texts  # on the bonus gem
            for g, n in enumerate(card.costs):
                assert (f"{n}{LETTERS[g]}" in texts) == bool(n)
    for noble in state.nobles:
        tile = text_of(find(root, "data-noble", noble.id))
        for g, n in enumerate(noble.needs):
            assert (f"{n}{LETTERS[g]}" in tile) == bool(n)


def test_cards_decks_nobles_and_piles_have_tooltips_in_words() -> None:
    """Hovering shows a card's id and cost in words (an SVG <title>), also without interaction,
    as in the Replay tab; a blind reserve seen from another seat names no card
    (R-RESERVE-HIDDEN)."""
    state = position(reserved={1: ["1w1"]}, hidden={1: ["2w1"]})
    root = parse(board_svg(state, viewer=0))

    def title(element: ET.Element) -> str:
        found = element.find(SVG + "title")
        assert found is not None, f"no title in {element.attrib}"
        return found.text or ""

    for row in state.market_rows:
        for card in row:
            assert card is not None
            assert title(find(root, "data-card", card.id)) == card_label(card)
    assert title(find(root, "data-card", "1w1")) == card_label(CARD_BY_ID["1w1"])
    back = find(root, "data-hidden-tier", "2")
    assert title(back) == "a tier 2 card reserved blind" and "2w1" not in board_svg(state, viewer=0)
    deck = len(state.decks[0])
    assert title(find(root, "data-deck", "1")) == f"tier 1 deck, {deck} cards face down"
    noble = state.nobles[0]
    assert title(find(root, "data-noble", noble.id)).startswith(
        f"noble {noble.id}, 3 points, needs bonuses")
    assert title(find(root, "data-supply", "red")) == f"red tokens, {state.supply['red']} left"


def test_card_label_says_id_points_bonus_and_cost() -> None:
    assert card_label(CARD_BY_ID["1b5"]) == \
        "card 1b5, no points, blue bonus, costs 1 white, 1 green, 1 red, 1 black"
    one = next(c for c in CARDS if c.points == 1)
    assert ", 1 point, " in card_label(one)


# --- the interaction: what the player to move may click ----------------------------------------

def actions(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-action")]


def has_class(element: ET.Element, name: str) -> bool:
    return any(name in (e.get("class") or "").split() for e in element.iter())


def tags(element: ET.Element) -> list[str]:
    return [text_of(e) for e in element.iter() if "action-tag" in (e.get("class") or "")]


def test_without_interaction_nothing_is_clickable_or_focusable() -> None:
    svg = board_svg(random_states(2, seed=3, max_turns=20)[-1])
    assert "data-action" not in svg and "tabindex" not in svg and 'role="button"' not in svg
    assert parse(svg).get("role") == "img"


def test_interaction_every_clickable_element_is_a_named_focusable_button() -> None:
    state = position(reserved={0: ["1w1"], 1: ["1b1"]})
    root = parse(board_svg(state, interaction=Interaction()))
    assert root.get("role") == "group"
    clickable = actions(root)
    kinds = [e.get("data-action") for e in clickable]
    cards = sum(1 for row in state.market_rows for card in row if card is not None)
    assert kinds.count("supply") == 6 and kinds.count("card") == cards
    assert kinds.count("deck") == 3 and kinds.count("reserved") == 1
    for element in clickable:
        assert element.get("tabindex") == "0" and element.get("role") == "button"
        assert len(element.get("aria-label") or "") > 10
        assert has_class(element, "focus-ring")
    supply = find(root, "data-colour", "red")
    assert supply.get("data-action") == "supply"
    assert supply.get("aria-label") == \
        f"red tokens, {state.supply['red']} left, cannot be taken now"
    reserved = find(root, "data-action", "reserved")
    assert reserved.get("data-card") == "1w1"  # the mover's, not player 2's 1b1
    assert reserved.get("aria-label", "").startswith("reserved " + card_label(CARD_BY_ID["1w1"]))


def test_interaction_r_take3_piles_not_takeable_dimmed_and_disabled() -> None:
    state = new_game(seed=7)
    takeable = frozenset({"white", "blue", "green"})
    root = parse(board_svg(state, interaction=Interaction(takeable=takeable)))
    for colour in COLOURS:
        pile = find(root, "data-colour", colour)
        can = colour in takeable
        assert has_class(pile, "dimmed") != can
        assert (pile.get("aria-disabled") == "true") != can
        assert ("cannot be taken now" in (pile.get("aria-label") or "")) != can


def test_interaction_picked_tokens_lifted_off_their_piles() -> None:
    state = new_game(seed=7)
    picked = (1, 0, 0, 2, 0, 0)
    root = parse(board_svg(state, interaction=Interaction(
        takeable=frozenset({"blue"}), picked_tokens=picked)))
    for c, colour in enumerate(COLOURS):
        pile = find(root, "data-colour", colour)
        assert pile.get("data-count") == str(state.supply_counts[c])  # the supply, as before
        left = state.supply_counts[c] - picked[c]
        label = pile.get("aria-label") or ""
        assert label.startswith(f"{colour} tokens, {left} left")
        if picked[c]:
            assert pile.get("data-picked") == str(picked[c]) and has_class(pile, "picked")
            lifted = [e for e in pile.iter() if e.get("class") == "picked-token"]
            assert len(lifted) == 1 and text_of(lifted[0]) == f"+{picked[c]}"
            assert f"{picked[c]} picked" in label
        else:
            assert not has_class(pile, "picked-token") and "picked" not in label


def test_interaction_r_buy_affordable_cards_ringed_and_reservable_ones_said() -> None:
    state = position(reserved={0: ["1w1", "1b1"]})
    market = [card for row in state.market_rows for card in row if card is not None]
    buyable = frozenset({market[0].id, "1w1"})
    reservable = frozenset(card.id for card in market[:-1])
    root = parse(board_svg(state, interaction=Interaction(buyable=buyable,
                                                          reservable=reservable)))
    for card in market:
        element = find(root, "data-card", card.id)
        assert element.get("data-action") == "card"
        label = element.get("aria-label") or ""
        assert label.startswith(card_label(card))
        assert has_class(element, "affordable") == (card.id in buyable)
        assert ("buy" in tags(element)) == (card.id in buyable)
        can = [w for w, ok in (("bought", card.id in buyable),
                               ("reserved", card.id in reservable)) if ok]
        said = "can be " + " or ".join(can) if can else "cannot be bought or reserved now"
        assert label == f"{card_label(card)}, {said}"
        assert (element.get("aria-disabled") == "true") == (not can)
    mine = find(find(root, "data-player-panel", "0"), "data-card", "1w1")
    assert has_class(mine, "affordable") and "can be bought" in (mine.get("aria-label") or "")
    other = find(find(root, "data-player-panel", "0"), "data-card", "1b1")
    assert not has_class(other, "affordable") and other.get("aria-disabled") == "true"


def test_interaction_picked_card_raised_with_an_outline() -> None:
    state = new_game(seed=7)
    card = state.market_rows[1][2]
    assert card is not None
    root = parse(board_svg(state, interaction=Interaction(picked_card=card.id,
                                                          buyable=frozenset({card.id}))))
    element = find(root, "data-card", card.id)
    assert has_class(element, "picked") and tags(element) == ["picked \u00b7 buy"]
    assert parent(root, element).get("transform") == "translate(0,-8)"
    assert ", picked" in (element.get("aria-label") or "")
    others = [e for e in actions(root) if e.get("data-action") == "card" and e is not element]
    assert not any(has_class(e, "picked") for e in others)


def test_interaction_r_reserve_hidden_reservable_decks_marked_empty_deck_not_clickable() -> None:
    state = new_game(seed=7)
    state = state._replace(decks=(*state.decks[:2], ()))
    root = parse(board_svg(state, interaction=Interaction(reservable_decks=frozenset({2}))))
    decks = {e.get("data-tier"): e for e in actions(root) if e.get("data-action") == "deck"}
    assert set(decks) == {"1", "2"}  # the empty tier-3 deck has nothing to reserve
    assert has_class(decks["2"], "reservable") and tags(decks["2"]) == ["reserve"]
    assert "can be reserved blind" in (decks["2"].get("aria-label") or "")
    assert not has_class(decks["1"], "reservable") and decks["1"].get("aria-disabled") == "true"


def test_interaction_picked_deck_outlined_awaiting_reserve() -> None:
    state = new_game(seed=7)
    root = parse(board_svg(state, interaction=Interaction(reservable_decks=frozenset({1, 2}),
                                                          picked_deck=2)))
    decks = {e.get("data-tier"): e for e in actions(root) if e.get("data-action") == "deck"}
    assert has_class(decks["2"], "picked") and tags(decks["2"]) == ["picked"]
    assert (decks["2"].get("aria-label") or "").endswith(", picked")
    assert not has_class(decks["1"], "picked") and tags(decks["1"]) == ["reserve"]


@pytest.mark.parametrize(("hint", "attribute", "values"), [
    ("+wbr", "data-colour", ["white", "blue", "red"]),
    ("+gg", "data-colour", ["green"]),
    ("R?3", "data-tier", ["3"]),
    ("B1w1", "data-card", ["1w1"]),
])
def test_interaction_hint_highlights_its_tokens_card_or_deck(hint: str, attribute: str,
                                                             values: list[str]) -> None:
    state = position(reserved={0: ["1w1"]})
    root = parse(board_svg(state, interaction=Interaction(hint=hint)))
    hinted = [e.get(attribute) for e in actions(root) if has_class(e, "hint")]
    assert hinted == values
    for element in actions(root):
        assert ("the hint" in (element.get("aria-label") or "")) == has_class(element, "hint")


def test_interaction_hint_on_a_market_card() -> None:
    state = new_game(seed=7)
    card = state.market_rows[0][1]
    assert card is not None
    root = parse(board_svg(state, interaction=Interaction(hint=f"R{card.id}")))
    assert [e.get("data-card") for e in actions(root) if has_class(e, "hint")] == [card.id]
    assert tags(find(root, "data-card", card.id)) == ["hint"]


def test_interaction_r_reserve_hidden_others_blind_reserves_name_no_card() -> None:
    state = position(hidden={1: ["2w1"]}, reserved={0: ["1w1"]})
    svg = board_svg(state, viewer=0, interaction=Interaction(buyable=frozenset({"1w1"})))
    assert "2w1" not in svg
    assert not any(e.get("data-action") for e in parse(svg).iter()
                   if e.get("data-hidden-tier"))


def test_interaction_names_escaped_in_the_accessible_name() -> None:
    attack = "<img src=x onerror=alert(1)>"
    svg = board_svg(new_game(seed=1), names=[attack], interaction=Interaction())
    assert "<img" not in svg
    assert parse(svg).get("aria-label") == f"Splendor board, turn 0, {attack} to move"


def test_interaction_not_drawn_for_a_finished_game_tableau() -> None:
    best = [c.id for c in CARDS if c.tier == 3 and c.points == 5][:3]
    after = play(position(cards={0: best}, reserved={1: ["1w1"]}, current=1), "+wbg")
    assert after.over
    root = parse(board_svg(after, interaction=Interaction()))
    assert not any(e.get("data-action") == "reserved" for e in root.iter())


# --- layouts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
def test_narrow_layout_puts_the_players_below_the_market(players: int) -> None:
    """The narrow layout (phones) is in the drawing: a viewBox, the players' shift, and the texts
    drawn for each layout; the players fit its width and end above its bottom."""
    root = parse(board_svg(random_states(players, seed=1, max_turns=12)[-1]))
    width, height = (float(v) for v in (root.get("data-narrow-viewbox") or "").split()[2:])
    assert width == NARROW_WIDTH and root.get("viewBox") == root.get("data-wide-viewbox")
    panels = find(root, "class", "splendor-panels")
    dx, dy = (float(v) for v in (panels.get("data-narrow-transform") or "")
              .removeprefix("translate(").removesuffix(")").split(","))
    for element in panels:
        x, y = (float(v) for v in (element.get("transform") or "")
                .removeprefix("translate(").removesuffix(")").split(","))
        assert x + dx >= 0 and x + dx + PANEL_W <= width and y + dy + 122 < height
    layouts = [e.get("data-layout") for e in root.iter() if e.get("data-layout")]
    assert layouts.count("wide") == layouts.count("narrow") >= 2
    assert all(e.get("display") == "none" for e in root.iter() if e.get("data-layout") == "narrow")


def test_board_frame_repeats_turn_and_player_and_refuses_other_text() -> None:
    state = play(new_game(seed=7), "+wbg")
    assert board_frame(board_svg(state)) == board_html(state)
    with pytest.raises(ValueError, match="not a board SVG"):
        board_frame("<svg></svg>")


def test_gems_in_words_use_the_colour_names() -> None:
    assert all(f" {gem}" in card_label(c) for c in CARDS for g, gem in enumerate(GEMS)
               if c.costs[g])


# --- languages ---------------------------------------------------------------------------------

_WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
_NOT_WORDS = re.compile(r"[\s\d·+\-\u2212/?\u2605IVX,wbgrky]*")
"""What the board may show outside the pseudo-language's wrappers: counts, signs, the tiers'
roman numerals and the gems' letters (the notation's)."""


def _outside_wrappers(text: str) -> str:
    while _WRAPPED.search(text):
        text = _WRAPPED.sub("", text)
    return text


def _words_shown(root: ET.Element) -> list[str]:
    """Every text the board shows or names (texts, tooltips, accessible names), without the
    players' names and the moves in the notation (the file's own words)."""
    shown = [e.get("aria-label") or "" for e in root.iter()]
    for element in root.iter():
        if element.tag in (f"{SVG}text", f"{SVG}title"):
            parts = [element.text or ""]
            for child in element:
                if child.get("data-name") is None and child.get("data-notation") is None:
                    parts.append(text_of(child))
                parts.append(child.tail or "")
            shown.append("".join(parts))
    return [text for text in shown if text.strip()]


def _board_options() -> list[tuple[GameState, dict[str, Any]]]:
    """Boards that show every kind of word: marks of a last move, a blind reserve seen by its
    owner and by the others, picks, the hint, the review's best move, the game's end."""
    blind = play(new_game(seed=7), "R?1", "+wbg")
    over = random_states(2, seed=3, max_turns=400)[-1]
    assert over.over
    picked = Interaction(takeable=frozenset(COLOURS[:5]), picked_tokens=(1, 0, 0, 0, 0, 0),
                         buyable=frozenset({blind.players[0].reserved[0].id}),
                         reservable=frozenset(c.id for row in blind.market_rows for c in row
                                              if c is not None),
                         reservable_decks=frozenset({1, 2, 3}), hint="+rr")
    return [(blind, {}), (blind, {"viewer": 1}), (blind, {"suggest": "+rr"}),
            (blind, {"interaction": picked}), (over, {}),
            (play(new_game(seed=7), "+wbg"), {"suggest": "R?1"})]


def test_every_word_of_the_board_goes_through_the_catalogues() -> None:
    # the pseudo-language wraps each translated text: a word outside ⟦⟧ is hard-coded
    for state, options in _board_options():
        root = parse(board_svg(state, language="qps", **options))
        left = {text: _outside_wrappers(text) for text in _words_shown(root)}
        stray = {text: rest for text, rest in left.items() if not _NOT_WORDS.fullmatch(rest)}
        assert not stray, stray


def _shapes(svg: str) -> list[str]:
    return [e.tag for e in parse(svg).iter() if e.tag not in (f"{SVG}text", f"{SVG}tspan")]


@pytest.mark.parametrize("language", ["fr", "es", "ru", "tr"])
def test_the_board_speaks_its_language_and_keeps_its_shape(language: str) -> None:
    for state, options in _board_options():
        english, spoken = board_svg(state, **options), board_svg(state, language=language,
                                                                  **options)
        # the same drawing: only the words differ (and the legend's lines, which wrap)
        assert _shapes(english) == _shapes(spoken)
        assert spoken != english
    russian = parse(board_svg(play(new_game(seed=7), "+wbg"), language="ru"))
    assert "Ход 1" in text_of(russian) and "фишки" in text_of(russian)


def test_the_language_is_part_of_every_cached_fragment() -> None:
    state = play(new_game(seed=7), "R?1", "+wbg")
    english = board_svg(state, viewer=1)
    french = board_svg(state, viewer=1, language="fr")
    assert board_svg(state, viewer=1) == english
    assert "pioche de niveau" in french and "pioche" not in english
    card = state.market_rows[0][0]
    assert card is not None
    assert card_label(card, "es").startswith("carta ") and card_label(card).startswith("card ")
    assert "<title>carta " in card_svg(card, "es") and "<title>card " in card_svg(card)
