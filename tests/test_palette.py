"""One palette: the board and the charts draw each gem colour the same way (splendor_nb.palette)."""

from __future__ import annotations

import re

import pytest

from splendor_nb.analysis import bonus_chart, turns
from splendor_nb.cards import COLOURS, GEMS
from splendor_nb.engine import new_game
from splendor_nb.palette import GEM_COLOURS, GEM_DARK, GEM_FILL, LINE_COLOURS
from splendor_nb.render import board_svg
from splendor_nb.replay import Replay


@pytest.mark.parametrize("colour", COLOURS)
def test_the_boards_token_piles_are_drawn_in_the_palettes_gem_colours(colour: str) -> None:
    svg = board_svg(new_game(players=2, seed=7))
    pile = re.search(rf'data-supply="{colour}"[^>]*><g><circle [^>]*'
                     r'fill="(#[0-9a-f]{6})" stroke="(#[0-9a-f]{6})"', svg)
    assert pile is not None, f"no {colour} token pile in the board"
    assert pile.groups() == (GEM_FILL[colour], GEM_DARK[colour])


def test_the_bonus_chart_draws_each_colour_in_the_boards_fill() -> None:
    figure = bonus_chart(turns(Replay.from_state(new_game(players=2, seed=7))))
    markers = {trace.name: trace.marker.color for trace in figure.data}
    assert markers == {gem: GEM_FILL[gem] for gem in GEMS} == {gem: GEM_COLOURS[gem]
                                                               for gem in GEMS}
    lines = {trace.name: trace.line.color for trace in figure.data}
    assert lines == {gem: LINE_COLOURS[gem] for gem in GEMS}
    assert lines["white"] != GEM_FILL["white"]  # a near-white line would not show on white
    assert all(lines[gem] == GEM_FILL[gem] for gem in GEMS if gem != "white")
