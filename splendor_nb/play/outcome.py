"""Game over: who won, the scores, and the tie-break explained when it decided (R-END-WIN).

>>> from splendor_nb import new_game
>>> state = new_game(seed=1)
>>> ann, ben = state.players
>>> state = state._replace(players=(ann._replace(points=15), ben._replace(points=12)), over=True)
>>> result = outcome(state, ["Ann", "Ben"])
>>> result.winners, result.lines
((0,), ('Ann wins with 15 points.', 'Ann: 15 points, 0 cards.', 'Ben: 12 points, 0 cards.'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from splendor_nb.engine import GameState
from splendor_nb.play.sentences import say, say_n, word_list


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winners (player indices; several share a victory), each
    player's points and purchased cards, who resigned, whether the tie-break decided, and
    all of it in sentences (the headline first, then one score line per player)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    cards: tuple[int, ...]
    resigned: int | None
    tie_break: bool
    lines: tuple[str, ...]


def outcome(state: GameState, names: Sequence[str], resigned: int | None = None) -> Outcome:
    """The outcome of a finished game, or of one ended by ``resigned`` giving up: the others
    are then ranked as at the end (R-END-WIN: most points, then fewest purchased cards).
    """
    scores = state.scores
    cards = tuple(len(p.cards) for p in state.players)
    playing = [i for i in range(len(scores)) if i != resigned]
    best = max(scores[i] for i in playing)
    tied = [i for i in playing if scores[i] == best]
    fewest = min(cards[i] for i in tied)
    winners = tuple(i for i in tied if cards[i] == fewest)
    tie_break = len(tied) > len(winners)
    headline = _headline(state, names, resigned, winners, tied)
    lines = [headline] if state.passes < len(scores) or resigned is not None else \
        [say("all_passed"), headline]
    lines.extend(say("score_line", name=names[i], points=say_n("points", scores[i]),
                     cards=say_n("cards", cards[i])) for i in range(len(scores)))
    return Outcome(winners, scores, cards, resigned, tie_break and resigned is None,
                   tuple(lines))


def _headline(state: GameState, names: Sequence[str], resigned: int | None,
              winners: tuple[int, ...], tied: list[int]) -> str:
    scores = state.scores
    points = say_n("points", scores[winners[0]])
    winning = word_list([names[i] for i in winners])
    if resigned is not None:
        key = "wins_resigned" if len(winners) == 1 else "share_resigned"
        return say(key, loser=names[resigned], name=winning, names=winning)
    cards = len(state.players[winners[0]].cards)
    if len(tied) == len(winners):
        if len(winners) == 1:
            return say("wins", name=winning, points=points)
        return say("shared", names=winning, points=points, cards=say_n("cards", cards))
    others = word_list([str(len(state.players[i].cards)) for i in tied if i not in winners])
    everyone = word_list([names[i] for i in tied])
    if len(winners) == 1:
        return say("tie_break", names=everyone, points=points, name=winning, cards=cards,
                   others=others)
    return say("tie_break_shared", names=everyone, points=points, winners=winning,
               cards=cards)
