"""The turn diagram (docs/rules.md, "A turn, step by step"): every kind of move's path, and the
SVG drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from splendor_nb import GameState, Move, new_game
from splendor_nb.cards import CARDS, NOBLE_BY_ID
from splendor_nb.diagram import (
    EDGES,
    LABELS,
    NODES,
    StepView,
    TurnPath,
    diagram_svg,
    turn_path,
)
from support.games import spread_play
from tests.positions import position

START = ("start", "q_action")
CHECKS = ("end", "q_over10", "q_noble", "q_15", "next")


def path_of(state: GameState, text: str) -> TurnPath:
    move = Move.parse(text)
    path = turn_path(state, move, state.apply(move))
    diagram_svg(path)  # every path draws
    return path


def points_cards(points: int) -> list[str]:
    """Tier-3 cards worth ``points`` together (5 + 5 + ... then the rest)."""
    chosen: list[str] = []
    for card in sorted((c for c in CARDS if c.tier == 3), key=lambda c: -c.points):
        if sum(c.points for c in CARDS if c.id in chosen) + card.points <= points:
            chosen.append(card.id)
    assert sum(c.points for c in CARDS if c.id in chosen) == points
    return chosen


# --- paths ---------------------------------------------------------------------------------------

def test_path_r_take3_with_a_colour_of_four() -> None:
    path = path_of(new_game(seed=7), "+wbg")
    assert path.nodes == (*START, "q_four", "q_take2", "take3", *CHECKS)
    assert dict(path.notes) == {"take3": "+wbg"}


def test_path_r_take3_when_no_colour_has_four() -> None:
    path = path_of(position(supply="wwwbbbggg" + "rrrkkk" + "yyyyy"), "+wbg")
    assert path.nodes == (*START, "q_four", "take3", *CHECKS)


def test_path_r_take2() -> None:
    path = path_of(new_game(seed=7), "+rr")
    assert path.nodes == (*START, "q_four", "q_take2", "take2", *CHECKS)
    assert dict(path.notes) == {"take2": "+rr"}


def test_path_r_reserve_face_up() -> None:
    state = new_game(seed=7)
    card = state.market_rows[0][1]
    assert card is not None
    path = path_of(state, f"R{card.id}")
    assert path.nodes == (*START, "q_reserved", "q_reserve", "reserve", "gold", *CHECKS)
    assert dict(path.notes) == {"reserve": card.id, "gold": "+1 gold"}


def test_path_r_reserve_hidden_blind_reserve_does_not_name_the_card() -> None:
    state = position(supply="wwwwbbbbggggrrrrkkkk")  # no gold left
    path = path_of(state, "R?3")
    assert path.nodes == (*START, "q_reserved", "q_reserve", "reserve", "gold", *CHECKS)
    assert dict(path.notes) == {"reserve": "tier 3 deck", "gold": "none left"}


def test_path_r_buy_with_payment_note() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbbw"})
    path = path_of(state, "B1w6")
    assert path.nodes == (*START, "q_reserved", "q_reserve", "q_buy", "buy", "pay", *CHECKS)
    assert dict(path.notes) == {"buy": "1w6", "pay": "-bbb"}


def test_path_r_reserve_limit_three_reserved_goes_straight_to_buy() -> None:
    state = position(reserved={0: ["1w1", "1w2", "1w3"]}, tokens={0: "rrk"})
    path = path_of(state, "B1w1")
    assert path.nodes == (*START, "q_reserved", "q_buy", "buy", "pay", *CHECKS)


def test_path_r_limit10_returned_tokens() -> None:
    path = path_of(position(tokens={0: "wwbbggrrk"}), "+wbg -ww")
    assert path.nodes == (*START, "q_four", "take3", "end", "q_over10", "return", "q_noble",
                          "q_15", "next")
    assert dict(path.notes)["return"] == "-ww"


def test_path_r_noble_visit() -> None:
    cards = {0: ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1r1", "1r2", "1r3", "1k1", "1k2"]}
    state = position(market={1: ["1k3"]}, cards=cards, tokens={0: "ggg"})
    state = state._replace(nobles=(NOBLE_BY_ID["N8"], NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))
    path = path_of(state, "B1k3 N9")
    assert path.nodes[-6:] == ("end", "q_over10", "q_noble", "noble", "q_15", "next")
    assert dict(path.notes)["noble"] == "N9"


def test_path_r_end_trigger_reaching_15_finishes_the_round() -> None:
    card = next(c for c in CARDS if c.tier == 1 and c.points == 1)
    price = "".join(letter * n for letter, n in zip("wbgrk", card.costs, strict=True))
    state = position(cards={0: points_cards(14)}, market={1: [card.id]}, tokens={0: price})
    path = path_of(state, f"B{card.id}")
    assert path.nodes[-4:] == ("q_noble", "q_15", "finish", "next")
    assert dict(path.notes)["q_15"] == "15 pts"


def test_path_r_end_trigger_last_round_other_player() -> None:
    state = position(players=3, cards={0: points_cards(15)}, current=1)
    path = path_of(state, "+wbg")
    assert path.nodes[-3:] == ("q_15", "finish", "next")


def test_path_r_end_win_last_turn_of_the_round_ends_the_game() -> None:
    state = position(cards={0: points_cards(15)}, current=1)
    path = path_of(state, "+wbg")
    assert path.nodes[-3:] == ("q_15", "finish", "game_over")


def test_path_r_pass_everyone_passed_ends_the_game() -> None:
    dear = [c.id for c in CARDS if c.tier == 3][:6]
    state = position(supply="", reserved={0: dear[:3], 1: dear[3:]})
    assert state.legal_moves() == [Move.parse("pass")]
    path = path_of(state, "pass")
    assert path.nodes == (*START, "pass", *CHECKS)
    after = state.apply(Move.parse("pass"))
    last = turn_path(after, Move.parse("pass"), after.apply(Move.parse("pass")))
    assert last.nodes[-2:] == ("next", "game_over")


def test_turn_path_rejects_unknown_nodes_and_arrows() -> None:
    with pytest.raises(ValueError, match="not a node"):
        TurnPath(("start", "nowhere"))
    with pytest.raises(ValueError, match="no arrow"):
        TurnPath(("start", "take2"))


def test_every_path_of_a_game_follows_the_arrows() -> None:
    for state, move, after in spread_play(players=3, seed=2, max_turns=150):
        path = turn_path(state, move, after)
        assert path.nodes[:2] == START and path.nodes[-1] in ("next", "game_over")


# --- drawing -------------------------------------------------------------------------------------

def test_diagram_well_formed_with_every_node_and_its_rule_ids() -> None:
    root = ET.fromstring(diagram_svg())
    assert root.get("class") == "splendor-diagram" and root.get("width") == "100%"
    nodes = {e.get("data-node"): e for e in root.iter() if e.get("data-node")}
    assert set(nodes) == set(NODES)
    for node, (_, _, _, rules) in NODES.items():
        text = " ".join(nodes[node].itertext())
        for rule in rules:
            assert rule in text, (node, rule)
    arrows = [e.get("data-edge", "") for e in root.iter() if e.get("data-edge")]
    assert sorted(arrows) == sorted(f"{a} {b}" for a, b in EDGES)
    assert "data-on" not in diagram_svg()


def test_diagram_highlights_exactly_the_path() -> None:
    path = path_of(new_game(seed=7), "+rr")
    root = ET.fromstring(diagram_svg(path))
    on = [e.get("data-node", "") for e in root.iter() if e.get("data-on")]
    assert sorted(on) == sorted(path.nodes)
    lit = [e.get("data-edge") for e in root.iter() if e.get("class") == "edge on"]
    assert lit == [f"{a} {b}" for a, b in path.edges]
    assert root.get("data-path") == " ".join(path.nodes)
    assert "+rr" in "".join(root.itertext())


def test_diagram_labels_from_a_table_escaped() -> None:
    labels = {**LABELS, "take2": "Prendre 2 <b>jetons</b>", "edge_yes": "oui"}
    svg = diagram_svg(None, labels)
    root = ET.fromstring(svg)
    take2 = next(e for e in root.iter() if e.get("data-node") == "take2")
    assert "Prendre 2 <b>jetons</b>" in " ".join(take2.itertext())
    assert "<b>" not in svg and "oui" in svg
    partial = ET.fromstring(diagram_svg(None, {"take2": "Prendre 2"}))
    texts = {e.get("data-node"): " ".join(e.itertext()) for e in partial.iter()
             if e.get("data-node")}
    assert texts["take2"].startswith("Prendre 2")
    assert texts["take3"].startswith(LABELS["take3"])


# --- clickable nodes and a walk's steps ---------------------------------------------------------

def test_diagram_clickable_nodes_are_named_focusable_buttons_with_their_rules() -> None:
    root = ET.fromstring(diagram_svg(clickable=True))
    nodes = {e.get("data-node"): e for e in root.iter() if e.get("data-node")}
    assert set(nodes) == set(NODES)
    for node, (_, _, _, rules) in NODES.items():
        element = nodes[node]
        assert element.get("tabindex") == "0" and element.get("role") == "button"
        assert element.get("data-rules") == " ".join(rules)
        label = element.get("aria-label") or ""
        assert label.startswith(LABELS[node]) and all(rule in label for rule in rules)
    assert "tabindex" not in diagram_svg() and "data-rules" not in diagram_svg()


def test_diagram_step_view_current_choices_and_closed_branches() -> None:
    view = StepView(("start", "q_action", "q_reserved"),
                    closed=(("q_action", "pass", "Ada may act (R-PASS)"),
                            ("q_reserved", "q_reserve", "Ada holds 3 (R-RESERVE-LIMIT)")),
                    choices=("q_buy",))
    assert view.current == "q_reserved"
    assert view.closed_nodes == ("q_reserve", "reserve", "gold", "pass")
    root = ET.fromstring(diagram_svg(step=view, clickable=True))
    nodes = {e.get("data-node"): e for e in root.iter() if e.get("data-node")}
    assert nodes["q_reserved"].get("data-current") == "1"
    assert [n for n, e in nodes.items() if e.get("data-on")] == ["start", "q_action",
                                                                "q_reserved"]
    assert nodes["q_buy"].get("data-choice") == "1"
    assert (nodes["q_buy"].get("aria-label") or "").startswith("Go to: ")
    assert nodes["reserve"].get("data-closed") == "1"
    assert "R-RESERVE-LIMIT" in (nodes["q_reserve"].get("aria-label") or "")
    edges = {e.get("data-edge"): e for e in root.iter() if e.get("data-edge")}
    shut = edges["q_reserved q_reserve"]
    assert shut.get("class") == "edge closed" and shut.get("data-why") == \
        "Ada holds 3 (R-RESERVE-LIMIT)"
    assert shut.find("{http://www.w3.org/2000/svg}title") is not None
    assert edges["q_action q_four"].get("data-closed") is None
    assert root.get("data-path") == "start q_action q_reserved"


def test_diagram_step_view_rejects_what_the_diagram_has_not() -> None:
    with pytest.raises(ValueError, match="no arrow"):
        StepView(("start", "take2"))
    with pytest.raises(ValueError, match="no arrow"):
        StepView(("start",), closed=(("start", "take2", "no"),))
    with pytest.raises(ValueError, match="not both"):
        diagram_svg(TurnPath(("start",)), step=StepView(("start",)))
