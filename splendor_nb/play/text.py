"""A position as plain text, for the terminal: the nobles, the market by tier with each deck's
size, the supply and each player's tableau, in the notation's letters (as ``splendor-nb show``
writes the setup). A blind reserve the viewer may not see is written ``?`` and its tier
(R-RESERVE-HIDDEN).

>>> from splendor_nb import new_game
>>> print(position_text(new_game(seed=7), ["Ann", "Ben"], viewer=0))
Turn 0, round 1: Ann to move.
Nobles: N9 (w3 b3 k3)  N10 (w3 b3 g3)  N8 (w3 r3 k3)
Tier 3 [16]: 3r2 4pt g7 | 3b4 5pt w7 b3 | 3b2 4pt w6 b3 k3 | 3g4 5pt b7 g3
Tier 2 [26]: 2r4 2pt w1 b4 g2 | 2g4 2pt b5 g3 | 2r3 2pt k5 | 2g5 2pt w4 b2 k1
Tier 1 [36]: 1g6 w1 b3 g1 | 1w4 b2 k2 | 1g8 1pt k4 | 1k7 w2 b2 r1
Supply: w4 b4 g4 r4 k4 y5
> Ann: 0 points; tokens -; bonuses -; reserved -; nobles -
  Ben: 0 points; tokens -; bonuses -; reserved -; nobles -
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_nb.cards import LETTERS, Card
from splendor_nb.engine import GameState, PlayerState
from splendor_nb.play.sentences import say, say_n

_NONE = "-"


WIDTH = 80
"""The widest line written: a terminal's 80 columns."""
INDENT = "    "
"""The start of a line that goes on with the one above."""


def position_text(state: GameState, names: Sequence[str], viewer: int | None = None) -> str:
    """``state`` as lines of text, as ``viewer`` may see it (``None``: everything), none wider
    than :data:`WIDTH`: a long line goes on below, indented, broken between cards (a market
    row) or between parts (a player's tableau), never inside one."""
    if state.is_over:
        lines = [say("text_over", turns=state.turn)]
    else:
        lines = [say("text_turn", turn=state.turn, round=state.round,  # 0: the setup, as the app
                     name=names[state.current_player])]
    lines.append(say("text_nobles", nobles="  ".join(
        f"{noble.id} ({_counts(noble.needs)})" for noble in state.nobles) or _NONE))
    for tier in (3, 2, 1):
        row = state.market_rows[tier - 1]
        cards = [card_text(card) if card is not None else _NONE for card in row]
        said = say("text_tier", tier=tier, deck=len(state.decks[tier - 1]), cards="\0")
        lines.append(fitted(said.replace("\0", " | ".join(cards)), " | "))
    lines.append(say("text_supply", tokens=" ".join(
        f"{letter}{n}" for letter, n in zip(LETTERS, state.supply_counts))))
    for i, player in enumerate(state.players):
        mark = ">" if i == state.current_player and not state.is_over else " "
        lines.append(fitted(f"{mark} " + _player_text(player, names[i],
                                                      shown=viewer in (None, i)), "; "))
    return "\n".join(lines)


def fitted(line: str, separator: str, width: int = WIDTH) -> str:
    """``line`` in lines no wider than ``width`` (where it can be), broken after a
    ``separator``; the lines after the first are indented.

    >>> print(fitted("Tier 3: 3r1 3pt w3 b5 g3 k3 | 3b3 4pt w7 | 3r4 5pt g7 r3", " | ", 30))
    Tier 3: 3r1 3pt w3 b5 g3 k3 |
        3b3 4pt w7 | 3r4 5pt g7 r3
    """
    parts = line.split(separator)
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(separator) + len(part) <= width:
            lines[-1] += separator + part
        else:
            lines[-1] += separator.rstrip()
            lines.append(INDENT + part)
    return "\n".join(lines)


def card_text(card: Card) -> str:
    """A card: its id, its points if any, its cost in letters.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> card_text(CARD_BY_ID["1w1"]), card_text(CARD_BY_ID["3w1"])
    ('1w1 r2 k1', '3w1 3pt b3 g3 r5 k3')
    """
    points = f" {card.points}pt" if card.points else ""
    return f"{card.id}{points} {_counts(card.costs)}"


def _player_text(player: PlayerState, name: str, shown: bool) -> str:
    reserved = " ".join(card.id if shown or card.id not in player.hidden else f"?{card.tier}"
                        for card in player.reserved)
    return say("text_player", name=name, points=say_n("points", player.points),
               tokens=_counts(player.token_counts), bonuses=_counts(player.bonus_counts),
               reserved=reserved or _NONE,
               nobles=" ".join(noble.id for noble in player.nobles) or _NONE)


def _counts(counts: Sequence[int]) -> str:
    return " ".join(f"{letter}{n}" for letter, n in zip(LETTERS, counts) if n) or _NONE
