"""AI players, position evaluation and simulation at scale.

>>> from splendor_nb import new_game
>>> from splendor_nb.ai import Bot, evaluate
>>> state = new_game(players=2, seed=1)
>>> Bot("hard", seed=1, budget=200).choose(state) in state.legal_moves()
True
>>> round(sum(evaluate(state)), 6)
1.0
"""

from splendor_nb.ai.bots import LEVELS, Bot
from splendor_nb.ai.puct import evaluate
from splendor_nb.ai.simulate import TournamentResult, simulate, tournament, wilson

__all__ = ["LEVELS", "Bot", "TournamentResult", "evaluate", "simulate", "tournament", "wilson"]
