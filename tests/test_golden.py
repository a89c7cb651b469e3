"""Golden games: seeded random games whose moves and positions must never change (determinism).

Regenerate after an intended change of the deal or the move order:
``python -m tests.test_golden``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor_nb import Move, new_game
from splendor_nb.cards import LETTERS
from splendor_nb.engine import GameState
from support.games import random_play

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 7), (3, 11), (4, 2026)]


def digest(state: GameState) -> str:
    """A readable one-line summary of everything in a position."""
    def letters(counts: tuple[int, ...]) -> str:
        return "".join(letter * n for letter, n in zip(LETTERS, counts))

    market = "|".join(",".join(c.id if c else "-" for c in row) for row in state.market_rows)
    decks = ",".join(d[-1].id if d else "-" for d in state.decks)
    players = " ".join(
        f"[{letters(p.token_counts)} {''.join(c.id for c in p.cards)} "
        f"R{''.join(c.id for c in p.reserved)} {''.join(n.id for n in p.nobles)} {p.points}]"
        for p in state.players)
    return (f"{letters(state.supply_counts)} {market} top:{decks} "
            f"N:{''.join(n.id for n in state.nobles)} {players}")


def play(players: int, seed: int) -> list[dict[str, str]]:
    """The golden lines of a game of support.games's random player, its start first."""
    return [{"move": "" if state.last_move is None else str(state.last_move),
             "state": digest(state)} for state in random_play(players, seed)]


def path(players: int, seed: int) -> Path:
    return GOLDEN / f"random-{players}p-seed{seed}.jsonl"


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_game(players: int, seed: int) -> None:
    expected = [json.loads(line) for line in path(players, seed).read_text().splitlines()]
    assert play(players, seed) == expected


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_moves_replay_from_text(players: int, seed: int) -> None:
    lines = [json.loads(line) for line in path(players, seed).read_text().splitlines()]
    state = new_game(players, seed)
    for line in lines[1:]:
        state = state.apply(Move.parse(line["move"]))
        assert digest(state) == line["state"]
    assert state.is_over


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for players, seed in GAMES:
        text = "".join(json.dumps(line) + "\n" for line in play(players, seed))
        path(players, seed).write_text(text)
        print(path(players, seed), len(text.splitlines()), "positions")
