"""Game over in words (splendor_nb.play.outcome): winners, scores, the tie-break when it
decided (R-END-WIN), a shared victory, an end by passes (R-PASS), a resignation."""

from __future__ import annotations

from splendor_nb.engine import GameState
from splendor_nb.play import outcome
from tests.positions import position

NAMES = ["Ann", "Ben", "Cy"]


def ended(cards: dict[int, list[str]], points: tuple[int, ...], passes: int = 0) -> GameState:
    """A finished game where each player owns ``cards`` and has ``points``."""
    state = position(len(points), cards=cards)
    players = tuple(p._replace(points=n) for p, n in zip(state.players, points, strict=True))
    return state._replace(players=players, over=True, passes=passes)


def test_r_end_win_most_points_wins() -> None:
    result = outcome(ended({0: ["1w1"], 1: ["1b1", "1b2"]}, (16, 12)), NAMES)
    assert result.winners == (0,) and not result.tie_break
    assert result.lines == ("Ann wins with 16 points.", "Ann: 16 points, 1 card.",
                            "Ben: 12 points, 2 cards.")


def test_r_end_win_the_tie_break_is_explained_when_it_decides() -> None:
    state = ended({0: ["1w1", "1w2", "1w3"], 1: ["1b1", "1b2"], 2: ["1g1", "1g2", "1g3"]},
                  (15, 15, 15))
    result = outcome(state, NAMES)
    assert result.winners == (1,) and result.tie_break
    assert result.lines[0] == ("Ann, Ben and Cy are tied on 15 points; Ben wins with fewer "
                               "cards bought (2 against 3 and 3, R-END-WIN).")


def test_r_end_win_still_tied_the_victory_is_shared() -> None:
    result = outcome(ended({0: ["1w1", "1w2"], 1: ["1b1", "1b2"], 2: ["1g1"]}, (15, 15, 9)),
                     NAMES)
    assert result.winners == (0, 1) and not result.tie_break
    assert result.lines[0] == ("Ann and Ben share the victory with 15 points and 2 cards each "
                               "(R-END-WIN).")
    result = outcome(ended({0: ["1w1", "1w2"], 1: ["1b1", "1b2"], 2: ["1g1", "1g2", "1g3"]},
                           (15, 15, 15)), NAMES)
    assert result.winners == (0, 1) and result.tie_break
    assert result.lines[0] == ("Ann, Ben and Cy are tied on 15 points; Ann and Ben bought the "
                               "fewest cards (2) and share the victory (R-END-WIN).")


def test_r_pass_an_end_by_passes_is_said() -> None:
    result = outcome(ended({}, (3, 0), passes=2), NAMES)
    assert result.lines[:2] == ("Every player passed in one round, so the game ended (R-PASS).",
                                "Ann wins with 3 points.")


def test_a_resignation_leaves_the_others_ranked() -> None:
    state = position(3, cards={1: ["1b1"], 2: ["1g1", "1g2"]})
    players = tuple(p._replace(points=n) for p, n in zip(state.players, (9, 4, 4), strict=True))
    result = outcome(state._replace(players=players), NAMES, resigned=0)
    assert result.winners == (1,) and result.resigned == 0 and not result.tie_break
    assert result.lines[0] == "Ann resigned; Ben wins."
