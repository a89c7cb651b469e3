"""The turn diagram walked on exact positions: each node's answer and rule, the branches closed
and why, the moves chosen, then the end-of-turn checks on the position after the move."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from splendor_nb import GameState, Move, new_game
from splendor_nb.cards import NOBLE_BY_ID
from splendor_nb.diagram import NODES, diagram_svg, turn_path
from splendor_nb.learn.phrases import SENTENCES, placeholders, rule_ids_in
from splendor_nb.learn.walk import Walk, rules_for
from splendor_nb.rulebook import RULE_IDS
from support.games import spread_play
from tests.positions import position

NAMES = ("Ada", "Ben")


def walk_to(state: GameState, *keys: str) -> Walk:
    """A walk on ``state`` after the choices ``keys``, each reached through forced steps, then
    on to the next choice (or the end of the turn)."""
    walk = Walk.start(state, NAMES)
    for key in keys:
        while key not in [option.key for option in walk.current.open_options]:
            walk = walk.forward()
        walk = walk.choose(key)
    return walk.finish()


def answer(walk: Walk, node: str) -> str:
    return next(step.answer.text() for step in walk.steps if step.node == node)


def closed(walk: Walk, node: str) -> dict[str, str]:
    step = next(step for step in walk.steps if step.node == node)
    return {option.key: option.why.text() for option in step.closed}


# --- the action -----------------------------------------------------------------------------

def test_walk_r_take2_every_colour_has_four_at_the_start() -> None:
    walk = walk_to(new_game(seed=7), "q_four")
    assert walk.current.node == "q_take2"
    assert answer(walk, "q_four") == \
        "Yes: white, blue, green, red, black have 4 or more each (R-TAKE2)"
    assert closed(walk, "q_four") == {"take3": answer(walk, "q_four")}
    assert closed(walk, "q_action") == {
        "pass": "Ada has a legal action, so may not pass (R-PASS)."}
    walk = walk.choose("take2")
    assert [o.key for o in walk.current.options] == ["+ww", "+bb", "+gg", "+rr", "+kk"]


def test_walk_r_take2_one_colour_with_four() -> None:
    state = position(supply="wwbbggggrrkky")
    walk = walk_to(state, "q_four")
    assert answer(walk, "q_four") == "Yes: green has 4 (R-TAKE2)"
    walk = walk.choose("take2")
    assert [o.key for o in walk.current.options] == ["+gg"]
    assert walk.choose("+gg").move == Move.parse("+gg")


def test_walk_r_take3_when_no_colour_has_four_the_pair_is_closed() -> None:
    state = position(supply="wwwbbggrk")
    walk = walk_to(state, "q_four")
    assert walk.current.node == "take3"
    assert answer(walk, "q_four") == \
        "No: no colour has 4; the biggest pile is white with 3 (R-TAKE2)"
    assert set(closed(walk, "q_four")) == {"q_take2"}
    assert answer(walk, "take3") == \
        "Ada takes 3 different colours among white, blue, green, red, black (R-TAKE3)"
    assert len(walk.current.options) == 10  # 5 colours, 3 at a time


def test_walk_r_take3_fewer_colours_left() -> None:
    walk = walk_to(position(supply="rrkyy"), "q_four")
    assert answer(walk, "take3") == \
        "Only red, black have tokens left, so Ada takes one of each (R-TAKE3)"
    take = next(step for step in walk.steps if step.node == "take3")
    assert [o.key for o in take.options] == ["+rk"] and take.chosen == "+rk"  # no choice


def test_walk_r_reserve_limit_three_reserved_closes_the_reserve() -> None:
    state = position(reserved={0: ["1w1", "1w2", "1w3"]}, tokens={0: "rrk"})
    walk = walk_to(state, "q_reserved")
    assert walk.current.node == "q_buy"
    assert answer(walk, "q_reserved") == \
        "No: Ada holds 3, the limit, so reserving is closed (R-RESERVE-LIMIT)"
    assert set(closed(walk, "q_reserved")) == {"q_reserve"}
    view = walk.view()
    assert {"q_reserve", "reserve", "gold"} <= set(view.closed_nodes)
    assert "buy" in view.choices


def test_walk_r_reserve_face_up_or_deck_and_the_gold() -> None:
    walk = walk_to(new_game(seed=1), "q_reserved", "reserve")
    assert answer(walk, "q_reserve") == ("Ada may reserve one of 12 face-up cards or the top "
                                         "card of a deck, and takes 1 gold (5 left) (R-RESERVE)")
    keys = [o.key for o in walk.current.options]
    assert keys[:2] == ["R1k6", "R1b6"] and keys[-3:] == ["R?1", "R?2", "R?3"]
    walk = walk.choose("R?2")
    assert walk.current.node == "gold"
    assert walk.current.answer.text() == "Ada takes 1 gold; 4 left in the supply (R-RESERVE)"
    assert walk.preview.players[0].tokens["gold"] == 1


def test_walk_r_reserve_without_gold_left() -> None:
    walk = walk_to(position(supply="wwwwbbbbggggrrrrkkkk"), "q_reserved", "reserve", "R?1")
    assert answer(walk, "q_reserve").endswith("no gold is left, so none comes with it "
                                              "(R-RESERVE)")
    assert answer(walk, "gold") == "No gold is left, so the reserve brings none (R-RESERVE)"


def test_walk_r_buy_names_the_cards_the_player_can_afford() -> None:
    state = position(market={1: ["1w6", "1b6"]}, tokens={0: "bbbkk"})
    walk = walk_to(state, "q_reserved", "q_buy")
    assert answer(walk, "q_buy") == "Yes: Ada can afford 1w6 (R-BUY)"
    walk = walk.choose("buy").choose("B1w6")
    assert walk.current.answer.text() == "Ada pays 3 blue for 1w6 (R-BUY, R-BUY-GOLD)"


def test_walk_r_buy_bonuses_save_and_gold_pays() -> None:
    state = position(market={1: ["1w6"]}, cards={0: ["1b1"]}, tokens={0: "by"})
    walk = walk_to(state, "q_reserved", "q_buy", "buy", "B1w6")
    assert answer(walk, "pay") == \
        "Ada pays 1 blue, 1 gold for 1w6; the bonuses save 1 blue (R-BUY, R-BUY-GOLD)"


def test_walk_r_buy_nothing_affordable_closes_the_buy() -> None:
    walk = walk_to(new_game(seed=1), "q_reserved", "q_buy")
    assert answer(walk, "q_buy") == "No: Ada cannot afford any face-up or reserved card (R-BUY)"
    assert set(closed(walk, "q_buy")) == {"buy"}
    assert walk.current.node == "q_take2"  # the gems, by "no" from "Buy a card?"


def test_walk_r_take3_no_gem_left_closes_the_gems() -> None:
    walk = walk_to(position(supply="yy"), "q_reserved")
    assert answer(walk, "q_action") == \
        "Only a card: the supply has no gem token left to take (R-TAKE3)."
    assert closed(walk, "q_action")["q_four"] == "The supply has no gem token left (R-TAKE3)."


def test_walk_r_pass_when_nothing_is_legal() -> None:
    state = position(reserved={0: ["3w1", "3w2", "3w3"], 1: ["3b1", "3b2", "3b3"]},
                     supply="yyyyy")
    walk = walk_to(state)  # nothing to choose: the walk runs to the end of the turn
    assert walk.nodes[:4] == ("start", "q_action", "pass", "end")
    assert answer(walk, "q_action") == \
        "Neither: nothing at all is legal, so Ada passes (R-PASS)."
    assert set(closed(walk, "q_action")) == {"q_reserved", "q_four"}
    assert walk.done and walk.nodes[-1] == "next" and walk.move == Move.parse("pass")


# --- the end of the turn ------------------------------------------------------------------

def test_walk_r_limit10_over_ten_returns_are_a_choice() -> None:
    walk = walk_to(position(tokens={0: "wwbbggrrk"}), "q_four", "take3", "+wbg")
    assert walk.current.node == "return"
    assert answer(walk, "q_over10") == "Yes: Ada holds 12 tokens and gives back 2 (R-LIMIT10)"
    assert set(closed(walk, "q_over10")) == {"q_noble"}
    keys = [o.key for o in walk.current.options]
    assert "-ww" in keys and "-kk" not in keys  # Ada holds a single black
    walk = walk.choose("-ww").finish()
    assert walk.done and walk.move == Move.parse("+wbg -ww")


def test_walk_r_limit10_ten_tokens_return_nothing() -> None:
    walk = walk_to(position(tokens={0: "wwbbggr"}), "q_four", "take3", "+wbk")
    assert answer(walk, "q_over10") == "No: Ada holds 10 tokens, no more than 10 (R-LIMIT10)"
    assert "return" not in walk.nodes


def noble_position() -> GameState:
    cards = {0: ["1w1", "1w2", "1w3", "1b1", "1b2", "1b3", "1r1", "1r2", "1r3", "1k1", "1k2"]}
    state = position(market={1: ["1k3"]}, cards=cards, tokens={0: "ggg"})
    return state._replace(nobles=(NOBLE_BY_ID["N8"], NOBLE_BY_ID["N9"], NOBLE_BY_ID["N1"]))


def test_walk_r_noble_two_due_the_player_chooses() -> None:
    walk = walk_to(noble_position(), "q_reserved", "q_buy", "buy", "B1k3")
    assert walk.current.node == "noble"
    assert answer(walk, "q_noble") == "Yes: N8, N9 all qualify, and Ada chooses one (R-NOBLE)"
    assert [o.key for o in walk.current.options] == ["N8", "N9"]
    walk = walk.choose("N9").finish()
    assert walk.move == Move.parse("B1k3 N9") and walk.done


def test_walk_r_noble_the_closest_noble_and_what_it_needs() -> None:
    walk = walk_to(noble_position(), "q_four", "take3", "+wbg")
    assert answer(walk, "q_noble") == "No: the closest noble, N8, still needs 1 black (R-NOBLE)"
    assert set(closed(walk, "q_noble")) == {"noble"}


def fourteen(players: int, who: int) -> GameState:
    return position(players, cards={who: ["3w4", "3b4", "3g1", "1w8"]}, market={1: ["1b8"]},
                    tokens={who: "rrrr"}, current=who)


def test_walk_r_end_trigger_fifteen_finishes_the_round() -> None:
    walk = Walk.of_move(fourteen(3, 1), "B1b8", ("Ada", "Ben", "Cleo"))
    assert answer(walk, "q_15") == \
        "Yes: Ben has 15 points, so this round is the last (R-END-TRIGGER)"
    assert answer(walk, "finish") == ("The round goes on; still to play before the game ends: "
                                      "Cleo (R-END-TRIGGER)")
    assert walk.nodes[-1] == "next" and answer(walk, "next") == "Cleo plays next."
    assert set(closed(walk, "finish")) == {"game_over"}


def test_walk_r_end_trigger_last_round_for_the_others_too() -> None:
    state = fourteen(3, 1).apply(Move.parse("B1b8"))
    walk = Walk.of_move(state, "+wbg", ("Ada", "Ben", "Cleo"))
    assert answer(walk, "q_15") == \
        "Yes: Ben has 15 points, so this round is the last (R-END-TRIGGER)"
    assert walk.nodes[-2:] == ("finish", "game_over")
    assert answer(walk, "game_over") == "Ben wins with 15 points (R-END-WIN)"


def test_walk_r_end_trigger_short_of_fifteen() -> None:
    walk = Walk.of_move(new_game(seed=7), "+rr", NAMES)
    assert answer(walk, "q_15") == "No: Ada has 0 points, short of 15 (R-END-TRIGGER)"
    assert set(closed(walk, "q_15")) == {"finish"}


def test_walk_r_end_win_tie_broken_by_fewer_cards() -> None:
    state = position(cards={0: ["3w4", "3b4", "3w2"], 1: ["3r4", "3k4", "3r1", "1g8"]},
                     market={1: ["1b8", "1r8"]}, tokens={0: "rrrr", 1: "wwww"})
    state = state.apply(Move.parse("B1b8"))
    walk = Walk.of_move(state, "B1r8", NAMES)
    assert answer(walk, "game_over") == \
        "Ada wins the tie on 15 points with fewer cards bought (4, 5) (R-END-WIN)"


def test_walk_r_pass_a_round_of_passes_ends_the_game() -> None:
    state = position(reserved={0: ["3w1", "3w2", "3w3"], 1: ["3b1", "3b2", "3b3"]},
                     supply="yyyyy").apply(Move.parse("pass"))
    walk = Walk.of_move(state, "pass", NAMES)
    assert walk.nodes[-2:] == ("next", "game_over")
    assert answer(walk, "next") == "Every player passed in a row: the game is over (R-PASS)"
    assert answer(walk, "game_over") == \
        "Ada, Ben share the victory: 0 points and 0 cards each (R-END-WIN)"


# --- moving about -----------------------------------------------------------------------------

def test_walk_back_and_restart() -> None:
    walk = walk_to(new_game(seed=7), "q_four", "take2")
    assert walk.back().current.node == "q_take2"
    assert walk.back().back().current.node == "q_four"
    assert walk.restart().nodes == ("start",)
    assert Walk.start(new_game(seed=7)).back().nodes == ("start",)


def test_walk_refuses_closed_and_unknown_ways() -> None:
    walk = walk_to(new_game(seed=7))
    with pytest.raises(ValueError, match=r"'pass' is closed at 'q_action': .*\(R-PASS\)"):
        walk.choose("pass")
    with pytest.raises(KeyError, match="not a way on from 'q_action'"):
        walk.choose("buy")
    with pytest.raises(ValueError, match="2 ways on"):
        walk.forward()
    with pytest.raises(ValueError, match="game is over"):
        Walk.start(fourteen(2, 1).apply(Move.parse("B1b8")))


def test_walk_the_move_is_settled_only_once_chosen() -> None:
    walk = walk_to(position(tokens={0: "wwbbggrrk"}), "q_four", "take3", "+wbg")
    assert walk.move is None and walk.after is None and len(walk.candidates) > 1
    assert walk.preview.players[0].tokens["white"] == 3 - walk.candidates[0].returned[0]
    done = walk.choose("-wb").finish()
    assert done.after == position(tokens={0: "wwbbggrrk"}).apply(Move.parse("+wbg -wb"))


def test_walk_options_carry_the_moves_they_lead_to() -> None:
    walk = walk_to(new_game(seed=7))
    gems = walk.current.option("q_four")
    assert gems.moves and all(m.kind == "take" for m in gems.moves)
    assert gems.edge == ("q_action", "q_four") and gems.label == "gems"


def test_walk_of_a_move_follows_its_diagram_path_through_a_game() -> None:
    for players, seed in ((2, 3), (3, 2), (4, 5)):
        for state, move, after in spread_play(players, seed, max_turns=400):
            walk = Walk.of_move(state, move)
            assert walk.nodes == turn_path(state, after.last_move or move, after).nodes
            assert walk.done and walk.after == after
        assert after.over


def test_walk_prefix_steps_a_move_node_by_node() -> None:
    walk = Walk.of_move(new_game(seed=7), "+rr")
    assert [walk.prefix(k).current.node for k in range(4)] == \
        ["start", "q_action", "q_four", "q_take2"]
    assert walk.prefix(len(walk.choices)) == walk


# --- the diagram of a walk ---------------------------------------------------------------------

def test_walk_view_draws_walked_current_closed_and_choices() -> None:
    state = position(reserved={0: ["1w1", "1w2", "1w3"]}, tokens={0: "rrk"})
    walk = walk_to(state, "q_reserved")
    root = ET.fromstring(diagram_svg(step=walk.view(), clickable=True))
    nodes = {e.get("data-node"): e for e in root.iter() if e.get("data-node")}
    assert nodes["q_buy"].get("data-current") == "1"
    assert nodes["q_buy"].get("aria-current") == "step"
    assert all(nodes[n].get("data-on") == "1" for n in walk.nodes)
    assert nodes["buy"].get("data-choice") == "1"
    assert nodes["q_reserve"].get("data-closed") == "1"
    assert "R-RESERVE-LIMIT" in (nodes["q_reserve"].get("data-why") or "")
    edges = {e.get("data-edge"): e for e in root.iter() if e.get("data-edge")}
    shut = edges["q_reserved q_reserve"]
    assert shut.get("data-closed") == "1" and "R-RESERVE-LIMIT" in (shut.get("data-why") or "")
    assert root.get("data-current") == "q_buy"
    buying = walk.choose("buy").view()
    assert buying.choices == () and buying.current == "buy"  # a card to click on the board


# --- the sentences -----------------------------------------------------------------------------

def test_every_sentence_cites_only_rule_ids_of_the_rulebook() -> None:
    for key, template in SENTENCES.items():
        assert set(rule_ids_in(template)) <= set(RULE_IDS), key
        assert template.strip() == template and "  " not in template, key
        assert all(name.isidentifier() for name in placeholders(template)), key


def test_every_decision_answer_cites_the_rules_of_its_node() -> None:
    """Each decision node's answer cites one of the rules the diagram gives that node (the
    choice of action aside, whose answers speak of the branches)."""
    state = position(tokens={0: "wwbbggrrk"})
    walks = [Walk.of_move(state, "+wbg -ww"), Walk.of_move(noble_position(), "B1k3 N9"),
             Walk.of_move(fourteen(2, 0), "B1b8")]
    for walk in walks:
        for step in walk.steps:
            if NODES[step.node][0] == "decision" and step.node not in ("q_action", "q_take2"):
                assert set(step.answer.rules) & set(step.rules), (step.node, step.answer)


def test_a_click_on_a_node_or_a_rule_id_shows_the_rules() -> None:
    shown = rules_for("q_action")
    assert [rule for rule, _ in shown] == ["R-TAKE3", "R-TAKE2", "R-RESERVE", "R-BUY"]
    assert all(text.startswith(f"### {rule}: ") for rule, text in shown)
    assert rules_for("R-LIMIT10")[0][1].startswith("### R-LIMIT10: ten tokens at most")
    with pytest.raises(KeyError, match="is not a rule id"):
        rules_for("R-NOTHING")


def test_walk_r_repeat_the_third_time_ends_the_game() -> None:
    state = new_game(2, 7)
    for text in ("+wbg", "+wrk", "+bgr", "+wbk", "R?1", "R?1", "+grk", "+wbg", "+rk -rk",
                 "+rk -rk", "+rk -rk"):
        state = state.apply(Move.parse(text))
    walk = Walk.of_move(state, "+rk -rk", NAMES)
    assert walk.nodes[-2:] == ("next", "game_over")
    assert answer(walk, "next") == ("The same position has come three times with the same "
                                    "player to move: the game is over (R-REPEAT)")
