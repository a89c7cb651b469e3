"""Clicks on the board for Learn: an exercise answered by clicking a card or piles, and a
walk's move chosen by clicking at its action node."""

from __future__ import annotations

from splendor_nb import new_game
from splendor_nb.learn.board import BoardAnswer, walk_click, walk_interaction
from splendor_nb.learn.lessons import shipped_chapters
from splendor_nb.learn.walk import Walk
from splendor_nb.render import board_svg
from tests.positions import position


def supply(colour: str) -> dict[str, str]:
    return {"action": "supply", "colour": colour}


def test_board_answer_tokens_three_colours_or_a_pair() -> None:
    answer = BoardAnswer(new_game(seed=7), "tokens")
    assert answer.answer is None
    for colour in ("white", "blue", "green", "red"):  # a fourth colour is not picked
        answer.click(supply(colour))
    assert answer.answer == "+wbg"
    answer.click(supply("blue"))  # clicked again: back
    assert answer.answer == "+wg"
    answer.click({"action": "cancel"})
    answer.click(supply("red"))
    answer.click(supply("red"))
    assert answer.answer == "+rr" and answer.interaction().picked_tokens == (0, 0, 0, 2, 0, 0)
    answer.click(supply("gold"))  # never a gem
    assert answer.answer == "+rr"


def test_board_answer_card_answers_a_noble_exercise() -> None:
    nobles = next(c for c in shipped_chapters() if c.id == "nobles")
    exercise = nobles.exercise("noble-ben")
    assert exercise.position is not None and exercise.pick == "card"
    answer = BoardAnswer(exercise.position.state, "card")
    assert "1r2" in answer.interaction().buyable and "1k2" in answer.interaction().buyable
    answer.click({"action": "card", "card": "1k2"})
    assert answer.answer is not None and not exercise.check(answer.answer).correct
    answer.click({"action": "card", "card": "1r2"})
    assert answer.answer == "1r2" and exercise.check(answer.answer).correct
    svg = board_svg(exercise.position.state, interaction=answer.interaction())
    assert 'data-card="1r2"' in svg and 'data-action="card"' in svg


def test_walk_click_buys_reserves_and_takes() -> None:
    state = position(market={1: ["1w6"]}, tokens={0: "bbb"})
    walk = Walk.start(state).finish().choose("q_reserved").finish()
    reserving = walk.choose("reserve")
    assert 3 in walk_interaction(reserving).reservable_decks
    after, _ = walk_click(reserving, {"action": "deck", "tier": "3"})
    assert after.steps[-2].chosen == "R?3"
    buying = walk.choose("q_buy").choose("buy")
    assert walk_interaction(buying).buyable == frozenset({"1w6"})
    assert walk_click(buying, {"action": "card", "card": "1b1"})[0] == buying  # not a choice
    bought, _ = walk_click(buying, {"action": "card", "card": "1w6"})
    assert bought.steps[-2].chosen == "B1w6" and bought.current.node == "pay"


def test_walk_click_picks_piles_until_they_make_a_take() -> None:
    walk = Walk.start(position(supply="wwwbbrk")).finish().choose("q_four").finish()
    assert walk.current.node == "take3"
    assert walk_interaction(walk).takeable == frozenset({"white", "blue", "red", "black"})
    picked = (0, 0, 0, 0, 0, 0)
    for colour in ("white", "red"):
        walk, picked = walk_click(walk, supply(colour), picked)
    assert walk.current.node == "take3" and picked == (1, 0, 0, 1, 0, 0)
    assert walk_click(walk, supply("white"), picked) == (walk, picked)  # no take has 2 white
    assert walk_click(walk, {"action": "cancel"}, picked) == (walk, (0, 0, 0, 0, 0, 0))
    walk, picked = walk_click(walk, supply("black"), picked)
    assert walk.steps[-2].chosen == "+wrk" and picked == (0, 0, 0, 0, 0, 0)
    assert walk_interaction(walk).takeable == frozenset()  # past the action
