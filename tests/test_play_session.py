"""The play session (splendor_nb.play.session): whole games, a person's moves made through the
calls the board's clicks make, against each bot level; hot seat, take back, hints, resigning,
the end, rematch, what-if, and the games folder (saved after every turn, resumed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from splendor_nb import Move, new_game
from splendor_nb.play import GameStore, PlaySession, Seat, TurnBuilder
from splendor_nb.play.store import BRANCH
from splendor_nb.replay import Replay
from tests.positions import position
from tests.test_play_turn import two_nobles_near

SHIPPED = Path(__file__).resolve().parent.parent / "splendor_nb" / "data" / "replays"
HARD = Seat("Hard bot", "hard", budget=30)
"""A hard bot with a small budget: the same search, quicker."""
SAFEGUARD = 2000
"""Loops stop here; a game is a few hundred calls at most."""


def person_turn(builder: TurnBuilder) -> None:
    """Play one turn as a person clicking: buy the dearest affordable card (paying the second
    way offered when there are several), else reserve a tier-3 card for its gold while holding
    no gold and one reserved card at most, else take the first take offered, else reserve,
    else pass; then answer the prompts (returns: the most plentiful colour first; a noble)."""
    interaction = builder.interaction()
    takes = [move for move in builder.moves if move.kind == "take"]
    player = builder.view.players[builder.player]
    tier3 = sorted(card for card in interaction.reservable if card.startswith("3"))
    if builder.stage == "pass":
        assert builder.pass_turn() is None
    elif not interaction.buyable and tier3 and not player.token_counts[5] and \
            len(player.reserved) <= 1 and builder.view.supply_counts[5]:
        assert builder.click({"action": "card", "card": tier3[0]}) is None
        assert builder.reserve() is None
    elif interaction.buyable:
        card = max(sorted(interaction.buyable), key=lambda c: int(c[0]))
        assert builder.click({"action": "card" if card not in _reserved(builder)
                              else "reserved", "card": card}) is None
        offer = builder.offer
        assert offer is not None and offer.can_buy
        if len(offer.payments) > 1:
            assert builder.choose_payment(offer.payments[1]) is None
        assert builder.buy() is None
    elif takes:
        for i, count in enumerate(takes[0].gems):
            for _ in range(count):
                assert builder.pick_colour(("white", "blue", "green", "red", "black")[i]) is None
        assert builder.confirm() is None
    else:
        target = sorted(interaction.reservable)
        if target:
            builder.click({"action": "card", "card": target[0]})
        else:
            builder.click({"action": "deck", "tier": str(min(interaction.reservable_decks))})
        assert builder.reserve() is None
    while builder.stage == "return":
        left = [h - r for h, r in zip(builder.hand, builder.returning, strict=True)]
        colour = ("white", "blue", "green", "red", "black", "gold")[left.index(max(left))]
        assert builder.choose_return(colour) is None
        if sum(builder.returning) == builder.excess:
            assert builder.confirm() is None
    if builder.stage == "noble":
        assert builder.choose_noble(builder.nobles[-1]) is None
    assert builder.stage == "done"


def _reserved(builder: TurnBuilder) -> set[str]:
    return {card.id for card in builder.view.players[builder.player].reserved}


def play_out(session: PlaySession) -> dict[str, int]:
    """Play the session to its end; count what happened on the way."""
    seen = {"person": 0, "bot": 0, "uncover": 0}
    for _ in range(SAFEGUARD):
        if session.over:
            return seen
        if session.bot_to_move:
            assert session.bot_step()
            seen["bot"] += 1
        elif session.cover is not None:
            session.uncover()
            seen["uncover"] += 1
        else:
            assert session.builder is not None and session.interaction is not None
            person_turn(session.builder)
            seen["person"] += 1
    raise AssertionError("the game did not end")


def test_session_plays_a_whole_game_against_each_bot_level(tmp_path: Path) -> None:
    for level in (Seat("Easy bot", "easy"), Seat("Medium bot", "medium"), HARD):
        session = PlaySession(["Ann", level], seed=11, games_dir=tmp_path)
        seen = play_out(session)
        assert seen["person"] >= 10 and seen["bot"] >= 10 and seen["uncover"] == 0
        final = session.state
        assert final.is_over and session.outcome is not None
        assert session.outcome.winners == final.winners
        assert len(session.log) == len(session.replay) == final.turn
        saved = Replay.load(session.path)
        assert saved.dumps() == session.replay.dumps()
        assert saved.state(len(saved)).scores == final.scores
        assert saved.headers["result"] == "-".join(map(str, final.scores))
        assert [p["kind"] for p in saved.headers["players"]] == ["human", "ai"]
        assert session.builder is None and session.view == final  # the end shows everything


def test_the_prompts_in_a_session_payment_noble_and_returns(tmp_path: Path) -> None:
    start = Replay.from_state(two_nobles_near())
    session = PlaySession.from_replay(start, 0, ["Ann", "easy"], games_dir=tmp_path,
                                      autosave=False)
    assert session.click({"action": "card", "card": "1w8"}) is None
    builder = session.builder
    assert builder is not None and builder.offer is not None
    assert len(builder.offer.payments) == 3
    builder.choose_payment(builder.offer.payments[2])
    builder.buy()
    assert session.builder is builder and builder.stage == "noble"  # the turn is not over
    assert session.interaction is not None and session.interaction.picked_card == "1w8"
    builder.choose_noble("N5")
    assert session.log[-1] == "Ann bought 1w8 (1 point) and was visited by N5."
    assert str(session.replay.turns[-1].move) == "B1w8=ggyy N5"
    crowded = Replay.from_state(position(tokens={0: "wwbbggrky"}))
    session = PlaySession.from_replay(crowded, 0, ["Ann", "easy"], games_dir=tmp_path,
                                      autosave=False)
    for colour in ("white", "blue", "red"):
        session.click({"action": "supply", "colour": colour})
    assert session.builder is not None
    session.builder.confirm()
    session.builder.choose_return("gold")
    session.builder.choose_return("black")
    session.builder.confirm()
    assert session.log[-1] == "Ann took white, blue and red. Ann returned a black and a gold."


def test_the_same_seed_and_clicks_give_the_same_game(tmp_path: Path) -> None:
    games = []
    for _ in range(2):
        session = PlaySession(["Ann", "medium"], seed=5, games_dir=tmp_path, autosave=False)
        play_out(session)
        games.append([str(turn.move) for turn in session.replay.turns])
    assert games[0] == games[1]


def test_r_setup_order_the_chosen_seat_starts(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "easy", "Ben"], seed=2, first=1, games_dir=tmp_path)
    assert session.names == ("Easy bot", "Ben", "Ann")
    assert session.bot_to_move and session.builder is None
    refusal = session.click({"action": "supply", "colour": "red"})
    assert refusal is not None and refusal.rule == "R-SETUP-ORDER"
    assert refusal.text == "It is Easy bot's turn." and session.message == str(refusal)
    assert session.replay.names == ["Easy bot", "Ben", "Ann"]


def test_hot_seat_covers_the_board_between_two_people(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "Ben"], seed=3, games_dir=tmp_path, autosave=False)
    assert session.viewer == 0 and session.cover is None
    session.click({"action": "deck", "tier": "1"})
    assert session.builder is not None
    session.builder.reserve()
    assert session.state.current_player == 1
    assert session.cover == 1 and session.status == "Pass to Ben"
    assert session.interaction is None and session.viewer == 0
    refusal = session.click({"action": "supply", "colour": "red"})
    assert refusal is not None and refusal.text == "Pass to Ben first: the board is covered."
    session.uncover()
    assert session.viewer == 1 and session.cover is None and session.interaction is not None
    # R-RESERVE-HIDDEN: Ben's view does not show the card Ann reserved blind
    ann_card = session.state.players[0].reserved[0]
    assert session.view == session.state.player_view(1)
    assert session.log[-1] == "Ann reserved a tier-1 card from the deck and took a gold."
    assert ann_card.id not in session.log[-1]
    seen = play_out(session)
    assert seen["uncover"] >= 10 and seen["bot"] == 0


def test_hot_seat_with_a_bot_between_covers_only_for_the_other_person(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "easy", "Ben"], seed=4, games_dir=tmp_path)
    assert session.builder is not None
    person_turn(session.builder)
    assert session.cover is None and session.bot_to_move and session.viewer == 0
    session.bot_step()
    assert session.cover == 2


def test_take_back_returns_to_the_persons_previous_turn(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "medium"], seed=6, games_dir=tmp_path)
    assert not session.can_undo
    refusal = session.undo()
    assert refusal is not None and refusal.text == "There is no turn of yours to take back."
    start = session.state
    assert session.builder is not None
    person_turn(session.builder)
    after_ann = session.state
    session.bot_step()
    assert session.can_undo and len(session.replay) == 2
    assert session.undo() is None
    assert session.state == start and len(session.replay) == 0 and session.log == []
    assert len(Replay.load(session.path)) == 0  # saved at once
    assert session.builder is not None
    person_turn(session.builder)
    assert session.state == after_ann  # the same deck: the same refills
    assert session.bot_to_move and session.undo() is None and session.state == start


def test_take_back_is_refused_with_two_people_or_after_the_end(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "Ben"], seed=6, games_dir=tmp_path)
    assert session.builder is not None
    person_turn(session.builder)
    refusal = session.undo()
    assert refusal is not None
    assert refusal.text == "Take back is for games against bots with one person at the table."
    session = PlaySession(["Ann", "easy"], seed=6, games_dir=tmp_path, autosave=False)
    play_out(session)
    refusal = session.undo()
    assert refusal is not None and refusal.rule == "R-END-TRIGGER"


def test_a_bot_move_chosen_after_the_game_changed_is_dropped(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    session = PlaySession(["easy", "Ann"], seed=8, games_dir=tmp_path)
    thinking: list[bool] = []
    session.observe(lambda change: thinking.append(change["new"]), names="thinking")

    class Interrupted:
        def choose(self, state: Any) -> Move:
            session.rematch()  # New game pressed while the bot thinks
            return state.legal_moves()[0]

    monkeypatch.setattr(Seat, "bot", lambda seat, seed: Interrupted())
    old_seed = session.seed
    assert session.bot_step() is False
    assert session.seed != old_seed and len(session.replay) == 0 and session.bot_to_move
    assert thinking == [True, False]


def test_hint_is_the_expert_bots_move_with_a_reason(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "easy"], seed=9, games_dir=tmp_path, hint_budget=30)
    found = session.hint()
    assert not isinstance(found, type(None))
    assert hasattr(found, "move") and found.move in session.state.legal_moves()  # type: ignore
    assert isinstance(found.reason, str) and found.reason.endswith(".")  # type: ignore
    assert session.interaction is not None
    assert session.interaction.hint == str(found.move)  # type: ignore[union-attr]
    assert session.suggestion == found
    assert session.builder is not None
    person_turn(session.builder)
    assert session.suggestion is None
    refusal = session.hint()
    assert getattr(refusal, "rule", None) == "R-SETUP-ORDER"


def test_resigning_ends_the_game_for_the_others(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "medium"], seed=10, games_dir=tmp_path)
    assert session.builder is not None
    person_turn(session.builder)
    session.bot_step()
    assert session.resign() is None
    assert session.over and session.builder is None
    result = session.outcome
    assert result is not None and result.winners == (1,) and result.resigned == 0
    assert result.lines[0] == "Ann resigned; Medium bot wins."
    saved = Replay.load(session.path)
    assert saved.headers["resigned"] == 0 and saved.headers["result"]
    assert GameStore(tmp_path).unfinished() == []
    assert session.resign() is not None  # over already
    resumed = PlaySession.resume(session.path)
    assert resumed.over and resumed.outcome == result


def test_a_bot_cannot_resign(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "medium", "hard"], seed=10, games_dir=tmp_path)
    refusal = session.resign(2)
    assert refusal is not None and refusal.text == "Hard bot is a bot; only a person resigns."
    assert not session.over


def test_saved_after_every_turn_listed_unfinished_and_resumed(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "medium"], seed=12, games_dir=tmp_path)
    assert not session.path.exists()  # nothing is written before the first turn
    for _ in range(3):
        assert session.builder is not None
        person_turn(session.builder)
        assert len(Replay.load(session.path)) == len(session.replay)
        session.bot_step()
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")  # not a game: left out
    finished = PlaySession(["Bo", "easy"], seed=1, games_dir=tmp_path)
    play_out(finished)
    unfinished = GameStore(tmp_path).unfinished()
    assert [game.path for game in unfinished] == [session.path]
    assert unfinished[0].names == ("Ann", "Medium bot") and unfinished[0].turns == 6
    assert finished.unfinished() == unfinished and session.unfinished() == []
    resumed = PlaySession.resume(unfinished[0].path)
    assert resumed.state == session.state  # the deck order too: dealt again from the seed
    assert resumed.log == session.log and resumed.seats == session.seats
    assert resumed.path == session.path
    for game in (session, resumed):  # both play on the same way
        play_out(game)
    assert resumed.replay.dumps() == session.replay.dumps()


def test_a_file_that_cannot_be_continued_says_why(tmp_path: Path) -> None:
    replay = Replay.from_state(new_game(seed=3), {"seed": None})
    replay.play("+wbg")
    replay.save(tmp_path / "typed.json")
    with pytest.raises(ValueError, match="records no seed"):
        PlaySession.resume(tmp_path / "typed.json")


def test_what_if_plays_from_a_turn_of_a_replay(tmp_path: Path) -> None:
    original = Replay.load(SHIPPED / "teacher-2p.json")
    session = PlaySession.from_replay(original, 10, ["Ann", HARD], source="teacher-2p.json",
                                      seed=4, games_dir=tmp_path)
    branch = session.replay.headers[BRANCH]
    assert branch == {"file": "teacher-2p.json", "turn": 10, "seed": 4}
    assert session.first_turn == 10 and len(session.replay) == 10
    assert [t.move for t in session.replay.turns] == [t.move for t in original.turns[:10]]
    assert [t.comment for t in session.replay.turns] == [t.comment for t in original.turns[:10]]
    position = original.state(10)
    assert session.state._replace(decks=position.decks) == position  # only the unseen changed
    assert sorted(c.id for c in session.state.decks[0]) == sorted(c.id for c in position.decks[0])
    assert len(session.log) == 10 and session.names == ("Ann", "Hard bot")
    assert not session.can_undo  # nothing of Ann's to take back since the branch
    assert session.builder is not None
    person_turn(session.builder)
    session.bot_step()
    resumed = PlaySession.resume(session.path)
    assert resumed.state == session.state and resumed.first_turn == 10
    play_out(session)
    saved = Replay.load(session.path)
    assert saved.headers[BRANCH]["turn"] == 10 and saved.state(len(saved)).is_over


def test_what_if_refuses_the_wrong_number_of_seats_and_finished_positions(tmp_path: Path
                                                                           ) -> None:
    original = Replay.load(SHIPPED / "teacher-2p.json")
    with pytest.raises(ValueError, match="2 players; 3 seats"):
        PlaySession.from_replay(original, 3, ["Ann", "easy", "Ben"], games_dir=tmp_path)
    with pytest.raises(ValueError, match="the game is over"):
        PlaySession.from_replay(original, len(original), ["Ann", "easy"], games_dir=tmp_path)


def test_rematch_and_new_game(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "easy"], seed=13, games_dir=tmp_path, autosave=False)
    play_out(session)
    first_path = session.path
    session.rematch()
    assert session.names == ("Ann", "Easy bot") and session.seed != 13
    assert session.state.turn == 0 and not session.over and session.path != first_path
    assert session.log == [] and session.said == ""
    session.new_game(["Cy", "Di", "medium"], seed=1)
    assert session.names == ("Cy", "Di", "Medium bot") and len(session.state.players) == 3
    assert session.state == new_game(3, seed=1)


def test_typed_moves_are_checked_and_refused_in_words(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "easy"], seed=7, games_dir=tmp_path)
    refusal = session.submit("+rrr")
    assert refusal is not None and refusal.rule == "R-TAKE3"
    refusal = session.submit("take red")
    assert refusal is not None and refusal.rule is None and "is not a move" in refusal.text
    assert session.submit("+wbg") is None and session.log[-1] == "Ann took white, blue and green."
    refusal = session.submit("+wbg")
    assert refusal is not None and refusal.rule == "R-SETUP-ORDER"


def test_a_failed_save_is_said_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "games"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    session = PlaySession(["Ann", "easy"], seed=7, games_dir=blocker)
    assert session.submit("+wbg") is None
    assert session.message.startswith("The game could not be saved to ")
    assert session.bot_step()


def test_observers_see_one_change_per_step_and_the_refusals(tmp_path: Path) -> None:
    session = PlaySession(["Ann", "easy"], seed=7, games_dir=tmp_path)
    changes: list[int] = []
    session.observe(lambda change: changes.append(change["new"]), names="changed")
    session.click({"action": "supply", "colour": "gold"})
    assert session.message == "Gold cannot be taken: it comes only with a reserve. (R-TAKE3)"
    session.click({"action": "supply", "colour": "white"})
    assert session.message == ""
    assert len(changes) == 2
