"""The Play widget driven as a person drives it: clicks on the board (``board.act``) and on the
widget's buttons, whole games and every prompt; the new-game form, resuming, the app's Play tab,
its deep link, Play from here and Review this game. The bots reply at once here (no event
loop), except in the test that runs them on a loop as a kernel does.
"""

from __future__ import annotations

import asyncio
import html
import threading
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from splendor_nb.ai import Bot
from splendor_nb.app import GAMES_ENV, PLAY_TAB, REPLAY_TAB, RULES_TAB, build_app
from splendor_nb.cards import COLOURS, GEMS
from splendor_nb.play import GameStore, PlaySession, Seat
from splendor_nb.play.store import BRANCH
from splendor_nb.replay import Replay
from splendor_nb.ui import PlayWidget, shipped_replays
from splendor_nb.ui.play_tab.keys import BOARD, COVER
from tests.positions import position
from tests.test_play_turn import two_nobles_near

HARD = Seat("Hard bot", "hard", budget=30)
"""A hard bot with a small budget: the same search, quicker."""
SAFEGUARD = 2000
"""Loops stop here; a game is a few hundred clicks at most."""
TEACHER = shipped_replays()["teacher-2p"]


def shown(widget: widgets.Widget) -> bool:
    return widget.layout.display != "none"


def press(button: widgets.Button) -> None:
    """Click a button as a person can: only one that shows and is enabled."""
    assert shown(button) and not button.disabled, button.description
    button.click()


def tokens_picked(play: PlayWidget) -> tuple[int, ...]:
    session = play.session
    assert session is not None and session.builder is not None
    return session.builder.picked


def person_turn(play: PlayWidget) -> None:
    """One turn by clicks: buy the dearest affordable card (paying the second way offered when
    there are several), else take the first take offered, else reserve, else pass; then answer
    the prompts with the panel's buttons (returns: the most plentiful colour; the last noble)."""
    session = play.session
    assert session is not None and session.builder is not None
    builder = session.builder
    interaction = session.interaction
    assert interaction is not None
    panel = play.panel
    reserved = {card.id for card in builder.view.players[builder.player].reserved}
    takes = [move for move in builder.moves if move.kind == "take"]
    if builder.stage == "pass":
        press(panel.pass_button)
    elif interaction.buyable:
        card = max(sorted(interaction.buyable), key=lambda c: int(c[0]))
        play.board.act({"action": "reserved" if card in reserved else "card", "card": card})
        if shown(panel.payments):
            panel.payments.value = 1  # R-BUY-GOLD: a payment other than the default
            assert "Paid with" in panel.pays.value
        press(panel.buy)
    elif takes:
        for i, count in enumerate(takes[0].gems):
            for _ in range(count):
                play.board.act({"action": "supply", "colour": GEMS[i]})
        press(panel.confirm)
    else:
        cards = sorted(interaction.reservable)
        play.board.act({"action": "card", "card": cards[0]} if cards else
                       {"action": "deck", "tier": str(min(interaction.reservable_decks))})
        press(panel.reserve)
    answer_prompts(play)


def answer_prompts(play: PlayWidget) -> None:
    session = play.session
    assert session is not None
    while session.builder is not None and session.builder.stage == "return":
        builder = session.builder
        left = [h - r for h, r in zip(builder.hand, builder.returning, strict=True)]
        press(play.panel.returns[COLOURS[left.index(max(left))]])  # R-LIMIT10, one by one
        if sum(builder.returning) == builder.excess:
            press(play.panel.confirm)
    if session.builder is not None and session.builder.stage == "noble":
        press(play.panel.nobles.children[-1])  # R-NOBLE


def play_out(play: PlayWidget) -> int:
    """Play the widget's game to its end by clicks; the number of the person's turns."""
    session = play.session
    assert session is not None
    turns = 0
    for _ in range(SAFEGUARD):
        if session.over:
            return turns
        if session.cover is not None:
            press(play.cover_button)
        else:
            person_turn(play)
            turns += 1
    raise AssertionError("the game did not end")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the widgets send to the page (downloads, focus requests)."""
    messages: list[dict[str, Any]] = []
    monkeypatch.setattr(widgets.Widget, "send", lambda self, content, buffers=None:
                        messages.append(content))
    return messages


def test_a_whole_game_against_the_easy_bot_by_clicks_then_save_download_rematch(
        tmp_path: Path, sent: list[dict[str, Any]]) -> None:
    play = PlayWidget(seats=["Ann", "easy"], seed=11, games_dir=tmp_path)
    assert shown(play.game) and not shown(play.setup)
    assert 'data-action="supply"' in play.board.svg
    assert play.session is not None
    session = play.session
    assert play_out(play) >= 10
    assert session.over and session.outcome is not None
    over = play.over
    assert shown(over.widget) and not shown(play.panel.widget) and not shown(play.controls)
    assert session.outcome.lines[-3] in over.headline.value
    assert over.scores.value.count("<li") == 2 and "splendor-winner" in over.scores.value
    assert len(over.charts.children) == 4  # the points chart and the bonus chart, titled
    assert 'data-action' not in play.board.svg  # the end: nothing to click, everything shown
    press(over.save)
    assert f"Saved as {session.path.name} in the games folder." in over.status.value
    assert str(tmp_path) not in over.status.value + play.saved_note.value  # a file name only
    press(over.download)
    assert {"type": "download", "filename": session.path.name,
            "text": session.replay.dumps()} in sent
    assert Replay.load(session.path).dumps() == session.replay.dumps()
    finished = session.replay
    press(over.rematch)
    assert not session.over and session.replay is not finished and session.state.turn == 0
    assert not shown(over.widget) and shown(play.panel.widget) and over.charts.children == ()
    assert session.names == ("Ann", "Easy bot")


@pytest.mark.parametrize("opponent", [Seat("Medium bot", "medium"), HARD])
def test_whole_games_against_the_other_levels(tmp_path: Path, opponent: Seat) -> None:
    play = PlayWidget(seats=[opponent, "Ann"], seed=5, games_dir=tmp_path, hint_budget=30)
    assert play.session is not None and play.session.state.turn == 1  # the bot started
    assert play_out(play) >= 10 and play.session.outcome is not None


def test_r_buy_gold_and_r_noble_the_payment_and_the_noble_prompts(tmp_path: Path) -> None:
    play = PlayWidget(games_dir=tmp_path, autosave=False)
    play.play_from(Replay.from_state(two_nobles_near()), 0, ["Ann", "easy"])
    assert shown(play.game)
    panel = play.panel
    play.board.act({"action": "card", "card": "1w8"})
    assert "1w8 costs 4 green after your bonuses." in panel.prompt.value
    assert [label for label, _ in panel.payments.options] == [
        "Pay 4 green", "Pay three green and a gold", "Pay two green and two gold"]
    assert shown(panel.buy) and panel.buy.description == "Buy 1w8"
    assert shown(panel.reserve) and "Paid with 4 green." in panel.pays.value
    panel.payments.value = 2
    assert "Paid with two green and two gold." in panel.pays.value
    press(panel.buy)
    assert "Several nobles may visit: choose one of N4 and N5." in panel.prompt.value
    labels = [button.description for button in panel.nobles.children]
    assert labels == ["N4: 4 white and 4 black", "N5: 4 white and 4 blue"]
    assert not shown(panel.buy) and shown(panel.clear) and shown(panel.nobles)
    press(panel.nobles.children[1])
    assert play.session is not None
    assert play.session.log[0] == "Ann bought 1w8 (1 point) and was visited by N5."
    assert str(play.session.replay.turns[0].move) == "B1w8=ggyy N5"
    assert "Ann bought 1w8" in play.log.value and "Easy bot" in play.said.value


def test_r_limit10_tokens_given_back_one_by_one_and_kept_again(tmp_path: Path) -> None:
    play = PlayWidget(games_dir=tmp_path, autosave=False)
    play.play_from(Replay.from_state(position(tokens={0: "wwbbggrky"})), 0, ["Ann", "easy"])
    panel = play.panel
    for colour in ("white", "blue", "red"):
        play.board.act({"action": "supply", "colour": colour})
    press(panel.confirm)
    assert "You would hold 12 tokens: choose 2 to return." in panel.prompt.value
    assert shown(panel.return_box) and not shown(panel.keeps["gold"])
    assert panel.returns["white"].description == "Return white (3)"
    press(panel.returns["gold"])  # R-LIMIT10: gold may go back too
    assert panel.returns["gold"].description == "Return gold (0)" and shown(panel.keeps["gold"])
    press(panel.returns["gold"])  # none left: refused, and the button keeps the focus
    assert "You have no gold tokens left to return." in panel.problem.text.value
    press(panel.confirm)  # one more is due
    assert "Return 1 more token to keep 10. (R-LIMIT10)" not in panel.problem.text.value
    assert "Return 1 more token to keep 10." in panel.problem.text.value
    assert panel.problem.rule.description == "R-LIMIT10"
    press(panel.keeps["gold"])
    press(panel.returns["black"])
    press(panel.returns["white"])
    assert "Returning a white and a black." in panel.prompt.value
    press(panel.confirm)
    assert play.session is not None
    assert play.session.log[0] == "Ann took white, blue and red. Ann returned a white and a black."


def test_r_pass_the_only_button_when_nothing_else_is_legal(tmp_path: Path) -> None:
    stuck = position(supply="", reserved={0: ["3w1", "3b1", "3g1"], 1: ["3r1", "3k1", "3w2"]})
    play = PlayWidget(games_dir=tmp_path, autosave=False)
    play.play_from(Replay.from_state(stuck), 0, ["Ann", "easy"])
    panel = play.panel
    assert "No action is possible: you must pass." in panel.prompt.value
    assert [b.description for b in (panel.confirm, panel.buy, panel.reserve, panel.pass_button,
                                     panel.clear) if shown(b)] == ["Pass"]
    play.board.act({"action": "supply", "colour": "red"})
    assert panel.problem.rule.description == "R-PASS"
    press(panel.pass_button)
    assert play.session is not None and play.session.over  # both passed (R-PASS)
    assert "Every player passed in one round" in play.over.headline.value


def test_an_illegal_click_says_its_rule_and_the_rule_opens(tmp_path: Path) -> None:
    play = PlayWidget(seats=["Ann", "easy"], seed=3, games_dir=tmp_path)
    problem = play.panel.problem
    assert not shown(problem.widget)
    play.board.act({"action": "supply", "colour": "gold"})
    assert shown(problem.widget) and shown(problem.rule)
    assert "Gold cannot be taken: it comes only with a reserve." in problem.text.value
    assert "(R-TAKE3)" not in problem.text.value and "Traceback" not in problem.text.value
    press(problem.rule)
    assert "R-TAKE3" in play.rule_box.value  # no app here: the rule shows in the widget
    opened: list[str] = []
    play.on_rule = opened.append
    press(problem.rule)
    assert opened == ["R-TAKE3"]
    play.board.act({"action": "supply", "colour": "red"})  # accepted: the message goes
    assert not shown(problem.widget)


def test_escape_anywhere_or_on_the_board_starts_the_turn_again(tmp_path: Path) -> None:
    play = PlayWidget(seats=["Ann", "easy"], seed=3, games_dir=tmp_path)
    play.board.act({"action": "supply", "colour": "red"})
    play.board.act({"action": "supply", "colour": "blue"})
    play.keys._received(play.keys, {"action": "cancel"}, [])  # Escape on a button
    assert tokens_picked(play) == (0,) * 6
    play.board.act({"action": "card", "card": "1r3"})
    play.board.act({"action": "cancel"})  # Escape on the board
    assert play.session is not None and play.session.builder is not None
    assert play.session.builder.stage == "pick" and play.session.builder.card is None
    play.session.resign()
    play.keys._received(play.keys, {"action": "cancel"}, [])  # no turn: nothing to say
    assert not shown(play.panel.problem.widget) and play.session.message == ""


def test_hot_seat_the_cover_hides_the_board_until_the_next_person_takes_the_seat(
        tmp_path: Path, sent: list[dict[str, Any]]) -> None:
    play = PlayWidget(seats=["Ann", "Ben"], seed=3, games_dir=tmp_path)
    assert not shown(play.cover) and not shown(play.take_back)  # two people: no take back
    for colour in ("white", "blue", "green"):
        play.board.act({"action": "supply", "colour": colour})
    press(play.panel.confirm)
    assert shown(play.cover) and not shown(play.board) and not shown(play.panel.widget)
    assert "Pass to Ben" in play.cover_title.value and "Pass to Ben" in play.status.value
    assert play.cover_button.description == "I am Ben: show my board"
    assert {"type": "focus", "selector": COVER, "inside": True} in sent
    play.board.act({"action": "supply", "colour": "red"})  # a click that slipped through
    assert play.session is not None and play.session.state.turn == 1
    press(play.cover_button)
    assert shown(play.board) and not shown(play.cover) and play.session.viewer == 1
    assert {"type": "focus", "selector": BOARD, "inside": False} in sent
    assert "Ben to move." in play.status.value and 'data-action="supply"' in play.board.svg


def test_take_back_hint_and_resign(tmp_path: Path) -> None:
    play = PlayWidget(seats=["Ann", HARD], seed=3, games_dir=tmp_path, hint_budget=30)
    session = play.session
    assert session is not None
    assert shown(play.take_back) and play.take_back.disabled  # nothing to take back yet
    press(play.hint)
    assert session.suggestion is not None
    suggestion = session.suggestion
    said = html.escape(f"Hint: {suggestion.said}. {suggestion.reason}")
    assert suggestion.said.startswith("Ann ") and suggestion.said.endswith(f"({suggestion.move})")
    assert said in play.hint_text.value
    assert 'class="hint"' in play.board.svg  # the hinted move marked on the board
    person_turn(play)
    assert session.state.turn == 2 and play.hint_text.value == ""
    press(play.take_back)
    assert session.state.turn == 0 and len(session.log) == 0
    assert not shown(play.resign_question)
    press(play.resign)
    assert shown(play.resign_question) and not session.over
    press(play.resign_no)
    assert not shown(play.resign_question) and not session.over
    press(play.resign)
    press(play.resign_yes)
    assert session.over and "Ann resigned; Hard bot wins." in play.over.headline.value
    assert "Ann resigned; Hard bot wins." in play.status.value
    # the board says so too, and nobody is to move on it any more
    assert "Game over" in play.board.svg and "Ann resigned; Hard bot wins." in play.board.svg
    assert "to move" not in play.board.svg.split("</text>", 2)[1]


def test_the_new_game_form_checks_its_seats_and_starts_the_chosen_seat_first(
        tmp_path: Path) -> None:
    play = PlayWidget(games_dir=tmp_path)
    form = play.form
    assert shown(play.setup) and not shown(play.game) and play.session is None
    assert [row.seat() for row in form.seats.rows] == [Seat("Player 1"), "medium"]
    press(form.seats.add)
    press(form.seats.add)
    assert not shown(form.seats.add)  # R-SETUP-PLAYERS: 4 at most
    form.seats.rows[1].kind.value = ""
    form.seats.rows[1].name.value = "Player 1"
    press(form.start)
    assert "Two seats are named “Player 1”" in form.message.value and play.session is None
    form.seats.rows[1].name.value = "Ben"
    form.seats.rows[2].kind.value = "hard"
    press(form.seats.rows[3].remove)
    assert len(form.seats.rows) == 3 and shown(form.seats.rows[0].remove)
    assert [label for label, _ in form.first.options] == ["Player 1", "Ben", "Hard bot"]
    form.seed.value = "-3"
    press(form.start)
    assert "The seed must be a whole number from 0 on, not “-3”." in form.message.value
    form.seed.value = "21"
    form.first.value = 1  # R-SETUP-ORDER: Ben starts, then round the table
    press(form.start)
    assert play.session is not None and shown(play.game) and not shown(play.setup)
    assert play.session.names == ("Ben", "Hard bot", "Player 1") and play.session.seed == 21
    press(play.to_new_game)
    assert shown(play.setup) and shown(play.back)
    press(play.back)
    assert shown(play.game) and play.session.names == ("Ben", "Hard bot", "Player 1")


def test_unfinished_games_are_offered_and_resumed(tmp_path: Path) -> None:
    first = PlayWidget(seats=["Ann", "easy"], seed=3, games_dir=tmp_path)
    person_turn(first)
    assert first.session is not None
    played = first.session.replay.dumps()
    later = PlayWidget(games_dir=tmp_path)
    rows = later.form.games.children[1:]
    assert len(rows) == 1 and "Ann and Easy bot: 2 turns" in rows[0].children[1].value
    press(rows[0].children[0])
    assert later.session is not None and shown(later.game)
    assert later.session.replay.dumps() == played and later.session.builder is not None
    (tmp_path / "broken.json").write_text(played.replace('"seed"', '"sown"'), encoding="utf-8")
    assert not later.resume(tmp_path / "broken.json")
    assert "broken.json cannot be resumed" in later.form.message.value
    assert str(tmp_path) not in later.form.message.value and shown(later.setup)
    assert not PlayWidget(games_dir=tmp_path, autosave=False).form.games.children


def test_the_bots_reply_on_the_kernels_loop_after_a_pause_without_blocking_it(
        tmp_path: Path) -> None:
    async def game() -> tuple[PlayWidget, set[str], list[str]]:
        play = PlayWidget(seats=["Ann", HARD], seed=3, games_dir=tmp_path, pause=0.05)
        redrawn_in: set[str] = set()
        play.board.observe(lambda _change: redrawn_in.add(threading.current_thread().name),
                           names="svg")
        for colour in ("white", "blue", "green"):
            play.board.act({"action": "supply", "colour": colour})
        press(play.panel.confirm)
        assert play.runner.task is not None  # the reply is on its way, not played yet
        statuses = [play.status.value]
        await asyncio.sleep(0)  # the loop runs on: a click is answered meanwhile
        play.board.act({"action": "supply", "colour": "red"})
        await play.runner.settle()
        return play, redrawn_in, statuses

    play, redrawn_in, statuses = asyncio.run(game())
    assert "Hard bot is thinking…" in statuses[0]
    assert play.session is not None and play.session.state.turn == 2
    assert play.session.log[1].startswith("Hard bot ") and "Ann to move." in play.status.value
    assert redrawn_in == {threading.main_thread().name}  # never from the worker thread
    assert "not your turn" not in play.session.message


def test_a_failing_bot_or_save_is_said_in_words_without_the_servers_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GameStore, "save", broken)
    play = PlayWidget(seats=["Ann", "easy"], seed=3, games_dir=tmp_path)
    play.board.act({"action": "supply", "colour": "red"})
    assert play.session is not None
    play.session.resign()  # the end: no turn panel, the widget says it
    assert shown(play.problem.widget) and "No space left on device" in play.problem.text.value
    assert play.session.path.name in play.problem.text.value
    assert str(tmp_path) not in play.problem.text.value

    def stuck(*_args: object) -> None:
        raise RuntimeError("the search ran out of memory")

    monkeypatch.setattr(Bot, "choose", stuck)
    play.start(["easy", "Ann"])
    assert "The bot could not move: the search ran out of memory" in play.problem.text.value
    assert "Traceback" not in play.problem.text.value


# --- the app's Play tab ------------------------------------------------------------------------

@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(GAMES_ENV, str(tmp_path))
    return tmp_path


def test_the_app_has_a_play_tab_saving_to_its_games_folder(games: Path) -> None:
    app = build_app("")
    assert app.titles[PLAY_TAB] == "Play" and [  # "Loading…" until the tab is shown
        "splendor-tab-loading-note" in child._dom_classes
        for child in app.children[PLAY_TAB].children] == [True]
    app.selected_index = PLAY_TAB  # the tab's view is put in when the tab is first shown
    assert app.play.widget in app.children[PLAY_TAB].children
    play = app.play
    assert shown(play.setup) and play.games_dir == games
    press(play.form.start)
    person_turn(play)
    assert play.session is not None and play.session.path.parent == games.absolute()
    again = build_app("")
    assert len(again.play.form.games.children) == 2  # the heading and the game to resume


def test_the_play_deep_link_starts_from_a_shipped_replays_turn(games: Path) -> None:
    app = build_app("play=teacher-2p&turn=40&seats=Ann,easy&seed=3")
    session = app.play.session
    assert app.selected_index == PLAY_TAB and session is not None
    assert session.names == ("Ann", "Easy bot") and session.state.turn == 40
    assert session.replay.headers[BRANCH] == {"file": "teacher-2p.json", "turn": 40, "seed": 3}
    default = build_app("play=teacher-2p&turn=41").play.session
    assert default is not None and default.names == ("Medium bot", "Player 2")  # Ben to move
    for query, words in (("play=../pyproject.toml", "no shipped replay named"),
                         ("play=teacher-2p&turn=x", "turn must be a whole number"),
                         ("play=teacher-2p&seats=Ann", "R-SETUP-PLAYERS"),
                         ("play=teacher-2p&turn=999", "the game is over")):
        broken = build_app(query)
        assert broken.selected_index == PLAY_TAB and broken.play.session is None, query
        assert words in broken.play.form.message.value, query
    assert build_app("play").selected_index == PLAY_TAB


def test_play_from_here_in_the_replay_tab_then_review_this_game(games: Path) -> None:
    app = build_app("replay=teacher-2p&turn=60")
    here = app.viewer.play_from_here
    assert shown(here.widget) and not here.button.disabled
    press(here.button)
    assert shown(here.form) and "Play on from turn 60 of teacher-2p" in here.title.value
    assert [row.seat() for row in here.seats.rows] == [Seat("Player 1"), "medium"]
    here.seats.rows[1].kind.value = "easy"
    press(here.start)
    play = app.play
    assert app.selected_index == PLAY_TAB and play.session is not None
    assert play.session.first_turn == 60 and play.session.names == ("Player 1", "Easy bot")
    assert play.session.replay.headers[BRANCH]["file"] == "teacher-2p.json"
    press(play.resign)
    press(play.resign_yes)
    press(play.over.review)
    controller = app.viewer.controller
    assert app.selected_index == REPLAY_TAB and controller.turn == 1
    assert controller.name == play.session.path.stem and len(controller.replay) == 60
    app.viewer.controller.last()
    assert app.viewer.play_from_here.button.disabled is False
    app.viewer.controller.open_file(TEACHER, turn=len(Replay.load(TEACHER)))
    assert here.button.disabled  # the end of a game: nothing to play from


def test_a_refusals_rule_opens_the_rules_tab(games: Path) -> None:
    app = build_app("play=teacher-2p&turn=10&seats=Ann,easy")
    app.play.board.act({"action": "supply", "colour": "gold"})
    press(app.play.panel.problem.rule)
    assert app.selected_index == RULES_TAB and app.rules.picker.value == "R-TAKE3"


def test_the_public_demo_saves_no_game_on_the_server(games: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    PlaySession(["Ann", "easy"], seed=1, games_dir=games).submit("+wbg")  # someone's game
    monkeypatch.setenv("SPLENDOR_DEMO", "1")
    play = build_app("").play
    assert not play.autosave and play.form.games.children == ()  # nobody else's games offered
    press(play.form.start)
    person_turn(play)
    assert "Not saved on the server" in play.saved_note.value
    assert len(list(games.iterdir())) == 1
    press(play.resign)
    press(play.resign_yes)
    assert play.over.save.disabled and "Saving is off in this demo" in play.over.save.tooltip
