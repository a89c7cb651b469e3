"""Sentences a learner reads, each one whole string with named placeholders.

The walk, the checkers and the lessons never build a sentence from pieces: they name a template
in :data:`SENTENCES` and give its values, as a :class:`Phrase`. The templates are the English
message ids of the catalogues (babel.cfg reads the table): a phrase reads in the current
language, or the one asked for.

>>> str(phrase("q_four.one", colour="green", count=4))
'Yes: green has 4 (R-TAKE2)'
>>> rule_ids_in("Take 2 (R-TAKE2) or 3 (R-TAKE3).")
('R-TAKE2', 'R-TAKE3')
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass

from splendor_nb.cards import COLOURS
from splendor_nb.i18n import SOURCE_LANGUAGE, translator

SENTENCES: dict[str, str] = {
    # the walk: one answer per node, for the position on the board
    "start": "{player} to move: turn {turn}, round {round}.",
    "q_action.both": "Both are open: {player} can get a card or take gems.",
    "q_action.card": "Only a card: the supply has no gem token left to take (R-TAKE3).",
    "q_action.gems": "Only gems: {player} can neither reserve a card nor afford one.",
    "q_action.nothing": "Neither: nothing at all is legal, so {player} passes (R-PASS).",
    "branch.card": "{player} can reserve a card or buy one (R-RESERVE, R-BUY).",
    "branch.card_buy": "{player} can buy a card but not reserve one (R-BUY).",
    "branch.card_reserve": "{player} can reserve a card but cannot afford one (R-RESERVE).",
    "branch.no_card": "{player} can neither reserve a card nor afford one (R-RESERVE, R-BUY).",
    "branch.gems": "The supply has gem tokens to take: {colours} (R-TAKE3).",
    "branch.no_gems": "The supply has no gem token left (R-TAKE3).",
    "branch.pass": "Nothing else is legal, so {player} must pass (R-PASS).",
    "branch.no_pass": "{player} has a legal action, so may not pass (R-PASS).",
    "q_reserved.yes": "Yes: {player} holds {count}, and the limit is {limit} (R-RESERVE-LIMIT)",
    "q_reserved.no": "No: {player} holds {count}, the limit, so reserving is closed "
                     "(R-RESERVE-LIMIT)",
    "q_reserve.yes": "{player} may reserve one of {cards} face-up cards or the top card of a "
                     "deck, and takes 1 gold ({gold} left) (R-RESERVE)",
    "q_reserve.no_gold": "{player} may reserve one of {cards} face-up cards or the top card of "
                         "a deck; no gold is left, so none comes with it (R-RESERVE)",
    "q_reserve.nothing": "There is no card left to reserve: the market and the decks are empty "
                         "(R-RESERVE)",
    "branch.buy_or_gems": "{player} may buy a card or take gems instead.",
    "branch.no_buy_no_gems": "{player} can afford no card and the supply has no gem token "
                             "(R-BUY, R-TAKE3).",
    "q_buy.yes": "Yes: {player} can afford {cards} (R-BUY)",
    "q_buy.no": "No: {player} cannot afford any face-up or reserved card (R-BUY)",
    "branch.to_gems": "{player} may take gems instead (R-TAKE3).",
    "q_four.one": "Yes: {colour} has {count} (R-TAKE2)",
    "q_four.several": "Yes: {colours} have {least} or more each (R-TAKE2)",
    "q_four.no": "No: no colour has {least}; the biggest pile is {colour} with {count} (R-TAKE2)",
    "q_four.empty": "No: the supply has no gem token at all (R-TAKE2)",
    "q_take2.choice": "{player} may take 2 of {colours} (R-TAKE2), or 3 different colours "
                      "instead (R-TAKE3)",
    "branch.take2": "Two of one colour: {colours} (R-TAKE2).",
    "take2": "{player} may take 2 of {colours} (R-TAKE2)",
    "take3.fewer": "Only {colours} have tokens left, so {player} takes one of each "
                   "(R-TAKE3)",
    "take3.one": "Only {colours} has tokens left, so {player} takes one (R-TAKE3)",
    "reserve": "{player} picks a face-up card or the top card of a deck to reserve "
               "(R-RESERVE)",
    "gold.one": "{player} takes 1 gold; {left} left in the supply (R-RESERVE)",
    "gold.none": "No gold is left, so the reserve brings none (R-RESERVE)",
    "buy": "{player} picks a card to buy: {cards} (R-BUY)",
    "pay": "{player} pays {paid} for {card} (R-BUY, R-BUY-GOLD)",
    "pay.saved": "{player} pays {paid} for {card}; the bonuses save {saved} (R-BUY, R-BUY-GOLD)",
    "pay.free": "{card} costs {player} nothing: the bonuses cover its whole price (R-BUY)",
    "pass": "Nothing at all is legal: {player} passes (R-PASS)",
    "end": "End of {player}'s turn: three checks follow, in this order.",
    "return": "{player} comes down to {limit}: {excess} to give back, of {player}'s choice "
              "(R-LIMIT10)",
    "q_noble.one": "Yes: {noble} asks for {needs}, and {player}'s bonuses meet it (R-NOBLE)",
    "q_noble.several": "Yes: {nobles} all qualify, and {player} chooses one (R-NOBLE)",
    "q_noble.no": "No: the closest noble, {noble}, still needs {missing} (R-NOBLE)",
    "q_noble.none_left": "No: there is no noble left on the table (R-NOBLE)",
    "noble": "{noble} visits {player}: 3 points, and the tile leaves the table (R-NOBLE)",
    "noble.choice": "{player} chooses which noble visits: {nobles} (R-NOBLE)",
    "q_15.mover": "Yes: {player} has {points} points, so this round is the last "
                  "(R-END-TRIGGER)",
    "q_15.other": "Yes: {leader} has {points} points, so this round is the last "
                  "(R-END-TRIGGER)",
    "q_15.no": "No: {player} has {points} points, short of {target} (R-END-TRIGGER)",
    "finish.more": "The round goes on; still to play before the game ends: {players} "
                   "(R-END-TRIGGER)",
    "finish.done": "The round is complete: the game is over (R-END-TRIGGER)",
    "next": "{player} plays next.",
    "next.all_passed": "Every player passed in a row: the game is over (R-PASS)",
    "next.repeated": "The same position has come three times with the same player to move: the "
                     "game is over (R-REPEAT)",
    "game_over.win": "{winner} wins with {points} points (R-END-WIN)",
    "game_over.tie_break": "{winner} wins the tie on {points} points with fewer cards bought "
                           "({cards}) (R-END-WIN)",
    "game_over.shared": "{winners} share the victory: {points} points and {cards} cards each "
                        "(R-END-WIN)",
    "option.move": "{player} plays {move}.",
    "option.on": "On to the next step.",
    # progress, per chapter: PLURALS
    # puzzles: a first hint, the kind of action to find
    "hint.take": "{player} takes gems.",
    "hint.reserve": "{player} reserves a card.",
    "hint.buy": "{player} buys a card.",
    "hint.pass": "{player} has nothing to do but pass.",
    # the checkers: what the engine says of the answer given
    "check.illegal": "{move} is not legal here: {error}",
    "check.legal": "{move} is legal here.",
    "check.takes_right": "Exactly these takes are legal: {legal} (R-TAKE3, R-TAKE2).",
    "check.takes_missed": "{move} is legal too.",
    "check.takes_none": "None of these takes is legal here (R-TAKE3, R-TAKE2).",
    "check.noble_right": "Buying {card} brings {noble} (R-NOBLE).",
    "check.noble_none": "Buying {card} brings no noble: {noble} still needs {missing} "
                        "(R-NOBLE).",
    "check.noble_unaffordable": "{player} cannot buy {card} now: {error}",
    "check.returns_right": "{player} gives back {tokens} and keeps exactly {limit} "
                           "(R-LIMIT10).",
    "check.winner": "{winners} won: {scores} (R-END-WIN).",
    "check.last_round.yes": "{leader} has {points} points: this round is the last "
                            "(R-END-TRIGGER).",
    "check.last_round.no": "Nobody has {target} points yet (the most is {points}): the game "
                           "goes on (R-END-TRIGGER).",
    "check.move_right": "{move} is the move to find.",
    "check.move_other": "{move} is legal, but the move to find was {answer}.",
    "check.count": "The answer is {value}.",
    "check.refill.drawn": "{card} leaves the market, and the top card of the tier {tier} "
                          "deck takes its place (R-REFILL).",
    "check.refill.empty": "{card} leaves the market and its slot stays empty: the tier "
                          "{tier} deck is empty (R-REFILL).",
    "check.refill.none": "{move} leaves the market as it is (R-REFILL).",
    "check.sees.yes": "{viewer} sees {card}: it was face-up in the market or is {viewer}'s "
                      "own (R-RESERVE-HIDDEN).",
    "check.sees.no": "{viewer} knows only that {owner} holds a tier {tier} card "
                     "(R-RESERVE-HIDDEN).",
    "check.frees": "Of these moves, the ones that take {card} out of the hand: {moves} "
                   "(R-RESERVE-KEEP).",
    "check.players": "Splendor is for {counts} players (R-SETUP-PLAYERS).",
    "check.ends.no": "After {move} the game goes on.",
    "check.ends.trigger": "After {move} the last round is complete: the game is over "
                          "(R-END-TRIGGER).",
    "check.ends.passes": "After {move} every player has passed in a row: the game is over "
                         "(R-PASS).",
    "check.ends.repeated": "After {move} the same position has come three times with the same "
                           "player to move: the game is over (R-REPEAT).",
}
"""Every template, by key. Rule ids in a template are cited literally: they are never
translated, and a page turns them into links."""

PLURALS: dict[str, tuple[str, str]] = {
    "branch.take3": ("One each of {count} different colour (R-TAKE3).",
                     "One each of {count} different colours (R-TAKE3)."),
    "take3": ("{player} takes {count} different colour among {colours} (R-TAKE3)",
              "{player} takes {count} different colours among {colours} (R-TAKE3)"),
    "q_over10.yes": ("Yes: {player} holds {count} token and gives back {excess} (R-LIMIT10)",
                     "Yes: {player} holds {count} tokens and gives back {excess} (R-LIMIT10)"),
    "q_over10.no": ("No: {player} holds {count} token, no more than {limit} (R-LIMIT10)",
                    "No: {player} holds {count} tokens, no more than {limit} (R-LIMIT10)"),
    "progress": ("{title}: {solved} of {count} exercise solved.",
                 "{title}: {solved} of {count} exercises solved."),
    "progress.done": ("{title}: the {count} exercise solved.",
                      "{title}: all {count} exercises solved."),
    "check.turns_left": ("{count} more turn is played: {players} (R-END-TRIGGER, R-SETUP-ORDER).",
                         "{count} more turns are played: {players} (R-END-TRIGGER, "
                         "R-SETUP-ORDER)."),
    "check.price": ("{card} costs {player} {count} token: {price} (R-BUY).",
                    "{card} costs {player} {count} tokens: {price} (R-BUY)."),
}
"""The templates that count something, by key: the singular and the plural (the catalogues
give each language its forms: Russian three), chosen by the value of ``{count}``."""

COLOUR_WORDS: dict[str, str] = {"white": "white", "blue": "blue", "green": "green", "red": "red",
                                "black": "black", "gold": "gold"}
"""A colour's name as a sentence's value names it (the catalogues translate it)."""
COUNTED = "{count} {colour}"
NOTHING = "nothing"
"""How an amount of tokens is said: ``2 red, 1 gold``, or ``nothing``."""

_RULE_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence: a template's key and the values of its placeholders.

    >>> p = phrase("q_over10.yes", player="Ada", count=12, excess=2)
    >>> p.text(), p.rules
    ('Yes: Ada holds 12 tokens and gives back 2 (R-LIMIT10)', ('R-LIMIT10',))
    """

    key: str
    params: tuple[tuple[str, str | int], ...] = ()

    def text(self, language: str | None = None) -> str:
        """The sentence in ``language`` (default: the current language), from the catalogues.

        >>> phrase("next", player="Ben").text("fr")
        'Ben joue ensuite.'
        """
        params = dict(self.params)
        if self.key in PLURALS:
            one, many = PLURALS[self.key]
            return translator(language).ngettext(one, many, int(params["count"]), **params)
        return translator(language).gettext(SENTENCES[self.key], **params)

    def __str__(self) -> str:
        return self.text()

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the sentence cites."""
        return rule_ids_in(self.text(SOURCE_LANGUAGE))  # the ids as the English text cites them


def phrase(key: str, **params: str | int) -> Phrase:
    """A :class:`Phrase`; raise :class:`KeyError` for an unknown key or a missing placeholder.

    >>> phrase("next", player="Ben").text()
    'Ben plays next.'
    >>> phrase("next")
    Traceback (most recent call last):
    ...
    KeyError: "sentence 'next' needs {player}; given none"
    """
    if key not in SENTENCES and key not in PLURALS:
        raise KeyError(f"no sentence {key!r}")
    needed = placeholders(PLURALS[key][1] if key in PLURALS else SENTENCES[key])
    if needed != set(params):
        raise KeyError(f"sentence {key!r} needs {{{'}, {'.join(sorted(needed))}}}; given "
                       + (", ".join(sorted(params)) or "none"))
    return Phrase(key, tuple(sorted(params.items())))


def placeholders(template: str) -> set[str]:
    """The names of a template's placeholders.

    >>> sorted(placeholders("{player} pays {paid}"))
    ['paid', 'player']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def rule_ids_in(text: str) -> tuple[str, ...]:
    """The rule ids cited in ``text``, each once, in the order they first appear.

    >>> rule_ids_in("R-TAKE2, then R-TAKE2 again and R-LIMIT10")
    ('R-TAKE2', 'R-LIMIT10')
    """
    return tuple(dict.fromkeys(_RULE_ID.findall(text)))


def listing(items: Iterable[object]) -> str:
    """Items joined with commas, for a placeholder that holds a list.

    >>> listing(["1w3", "2g1"])
    '1w3, 2g1'
    """
    return ", ".join(map(str, items))


def colour_word(colour: str) -> str:
    """A colour's name in the current language, for a sentence's value.

    >>> from splendor_nb.i18n import use_language
    >>> with use_language("es"):
    ...     colour_word("green")
    'esmeralda'
    """
    return translator().gettext(COLOUR_WORDS[colour])


def tokens_text(counts: tuple[int, ...]) -> str:
    """Token counts in words, per colour in ``COLOURS`` order, in the current language:
    ``2 red, 1 gold``.

    >>> tokens_text((0, 0, 0, 2, 0, 1)), tokens_text((0,) * 6)
    ('2 red, 1 gold', 'nothing')
    """
    words = translator()
    return listing(words.gettext(COUNTED, count=n, colour=colour_word(colour))
                   for colour, n in zip(COLOURS, counts) if n) or words.gettext(NOTHING)
