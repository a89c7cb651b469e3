"""Learn: the turn diagram walked on a real position, lessons and exercises as data, puzzles.

- :mod:`~splendor_nb.learn.walk`: :class:`Walk`, one turn stepped through the rulebook's diagram.
- :mod:`~splendor_nb.learn.phrases`: the sentences a learner reads, as templates with values.

>>> from splendor_nb import new_game
>>> Walk.start(new_game(seed=7)).finish().current.question
'Take a card or gems?'
"""

from splendor_nb.learn.phrases import SENTENCES, Phrase, phrase, rule_ids_in
from splendor_nb.learn.walk import Option, Step, Walk

__all__ = ["SENTENCES", "Option", "Phrase", "Step", "Walk", "phrase", "rule_ids_in"]
