"""The public API, as docs/architecture.md states it ("The public API"), is a contract: every
name there works as it says, and the section names every name the package exports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import splendor_nb
from splendor_nb import (
    CARDS,
    NOBLES,
    IllegalMoveError,
    Move,
    Replay,
    ReplayError,
    new_game,
)


def test_contract_is_the_documented_one() -> None:
    architecture = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"
    section = architecture.read_text(encoding="utf-8").split("\n## The public API\n", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    imported = re.findall(r"^from splendor_nb import (.+)$", code, flags=re.MULTILINE)
    assert sorted(name.strip() for line in imported for name in line.split(",")) == sorted(
        splendor_nb.__all__)


def test_contract_names_exist() -> None:
    for name in ("new_game", "Move", "IllegalMoveError", "Replay", "ReplayError", "CARDS",
                 "NOBLES"):
        assert hasattr(splendor_nb, name)
    assert issubclass(IllegalMoveError, ValueError) and issubclass(ReplayError, ValueError)


def test_contract_state() -> None:
    state = new_game(players=2, seed=7)
    assert state == new_game(players=2, seed=7)
    moves = state.legal_moves()
    assert isinstance(moves, list) and len(set(moves)) == len(moves)
    assert moves == new_game(players=2, seed=7).legal_moves()
    after = state.apply(moves[0])
    assert after is not state and state.turn == 0
    assert Move.parse(str(moves[0])) == moves[0]
    assert state.current_player == 0 and after.current_player == 1
    assert state.scores == (0, 0) and not state.is_over and state.winners == ()
    assert set(state.supply) == {"white", "blue", "green", "red", "black", "gold"}
    assert sorted(state.market) == [1, 2, 3] and all(len(r) == 4 for r in state.market.values())
    assert len(state.nobles) == 3
    player = state.players[0]
    assert player.tokens["gold"] == 0 and player.bonuses["red"] == 0
    assert player.cards == () and player.reserved == () and player.nobles == ()
    assert player.points == 0
    with pytest.raises(IllegalMoveError, match="R-"):
        state.apply(Move.parse("+yy"))


def test_contract_cards_and_nobles() -> None:
    card = CARDS[0]
    assert (card.id, card.tier, card.bonus, card.points) == ("1w1", 1, "white", 0)
    assert card.cost == {"white": 0, "blue": 0, "green": 0, "red": 2, "black": 1}
    assert NOBLES[0].points == 3 and NOBLES[0].requires["red"] == 4 and NOBLES[0].id == "N1"


def test_contract_replay(tmp_path: Path) -> None:
    replay = Replay.from_state(new_game(players=2, seed=7))
    replay.play("+wbg")
    path = tmp_path / "game.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert len(loaded) == 1 and len(loaded.states()) == 2
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(ReplayError):
        Replay.load(tmp_path / "bad.json")


def test_contract_state_displays_itself() -> None:
    html = new_game(seed=1)._repr_html_()
    assert "splendor-board" in html and "<svg" in html
