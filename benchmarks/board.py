"""Speed of drawing the board: ``board_svg`` over the positions of two random games.

Run ``python -m benchmarks board``. It draws every position of a 2-player and a 4-player random
game (fixed seeds, up to 120 turns each) in English, then in Russian, and prints per board:
the first pass (the fragments' caches cold, as a page's first boards are) and the median of
``ROUNDS`` passes after it (warm, as a replay stepped through is), in CPU time, beside the fixed
pure-Python reference workload measured in the same run.
"""

from __future__ import annotations

import statistics
import time

from benchmarks.common import reference_line
from splendor_nb.engine import GameState
from splendor_nb.render import board_svg
from support.games import random_states

ROUNDS = 15


def run() -> None:
    """Print the cold and warm cost of a board in English and in Russian."""
    states = random_states(2, seed=5, max_turns=120) + random_states(4, seed=6, max_turns=120)
    print(reference_line())
    print(f"board_svg over {len(states)} positions (2 and 4 players), ms a board (CPU):")
    for language in ("en", "ru"):
        cold = _pass(states, language)
        warm = statistics.median(_pass(states, language) for _ in range(ROUNDS))
        print(f"  {language}: first pass (caches cold) {cold * 1e3:.3f}, "
              f"median of {ROUNDS} warm passes {warm * 1e3:.3f}")
    print(reference_line())


def _pass(states: list[GameState], language: str) -> float:
    """CPU seconds a board, over one pass drawing every state."""
    start = time.process_time()
    for state in states:
        board_svg(state, language=language)
    return (time.process_time() - start) / len(states)


if __name__ == "__main__":
    run()
