"""R-REPEAT: a position seen three times with the same player to move ends the game."""

from __future__ import annotations

import pytest

from splendor_nb import IllegalMoveError, Move, Replay, new_game
from splendor_nb.ai import Bot
from splendor_nb.engine import GameState, reference
from splendor_nb.rules import REPEAT_LIMIT
from tests.positions import position

# Both players hold 10 tokens and only blue and red are left in the supply: taking a blue and a
# red and giving them back leaves everything as it was (the loop bots used to play forever).
LOOP = "+br -br"


def starved() -> GameState:
    state = position(2, tokens={0: "wwwwggggyy", 1: "kkkkbrryyy"}, supply="bbbrr")
    assert [sum(p.token_counts) for p in state.players] == [10, 10]
    return state


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = state.apply(Move.parse(text))
    return state


def test_r_repeat_the_third_time_ends_the_game() -> None:
    state = play(starved(), LOOP, LOOP, LOOP)
    assert not state.is_over  # the starting position has been seen twice, the next once
    state = play(state, LOOP)
    assert state.is_over and state.end_rule == "R-REPEAT" and REPEAT_LIMIT == 3
    assert state.winners == (0, 1)  # scored as any end (R-END-WIN): 0-0, no cards: shared
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError) as refused:
        play(state, LOOP)
    assert (refused.value.rule, refused.value.key, refused.value.params) == (
        "R-REPEAT", "over_repeat", {"count": REPEAT_LIMIT})


def test_r_repeat_a_turn_that_cannot_be_undone_starts_the_count_again() -> None:
    reserved = play(starved(), LOOP, LOOP, LOOP, "R?1")  # a reserve is never undone
    assert reserved.repeats == () and not reserved.is_over
    assert not play(reserved, LOOP, LOOP, LOOP).is_over
    assert play(reserved, LOOP, LOOP, LOOP, LOOP).end_rule == "R-REPEAT"


def test_r_repeat_records_the_players_and_who_moves() -> None:
    state = starved()
    assert state.end_rule is None and state.repeats == ()
    after = play(state, LOOP)
    assert after.repeats == ((state.players, 0), (after.players, 1))
    assert after.players == state.players  # the loop changed nothing
    swapped = play(after, "+br -bb")  # a red for a blue: a new position, still undoable
    assert len(swapped.repeats) == 3 and swapped.repeats[-1] not in swapped.repeats[:-1]


def test_r_repeat_in_a_players_view_hides_the_blind_reserves() -> None:
    state = play(starved(), "R?1", LOOP, LOOP)  # player 0 reserved a card blind
    view = state.player_view(1)
    assert len(view.repeats) == 3
    assert all(seats[0].reserved == view.players[0].reserved for seats, _ in view.repeats)
    assert view == play(starved(), "R?1", LOOP, LOOP).player_view(1)


def test_r_repeat_the_plain_statement_agrees() -> None:
    table = reference.from_state(starved())
    for turn in range(4):
        assert not table.over, turn
        table = reference.play(table, LOOP)
    assert table.over and reference.winners(table) == [0, 1]
    with pytest.raises(IllegalMoveError) as refused:
        reference.play(table, LOOP)
    assert (refused.value.rule, refused.value.key) == ("R-REPEAT", "over_repeat")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_never_hand_back_what_they_took_while_anything_else_is_open(level: str) -> None:
    state = starved()
    bot = Bot(level, seed=1, budget=200)
    for _ in range(6):
        move = bot.choose(state)
        assert move in state.legal_moves()
        assert not (move.kind == "take" and move.returned == move.gems), str(move)
        state = state.apply(move)
        if state.is_over:
            break


def test_r_repeat_a_replay_records_the_rule_that_ended_it() -> None:
    replay = Replay.from_state(new_game(players=2, seed=7))
    state = replay.state(0)
    while not state.is_over:
        state = replay.play(state.legal_moves()[-1])
    assert replay.headers["ended_by"] == state.end_rule
    assert Replay.loads(replay.dumps()).headers["ended_by"] == state.end_rule
