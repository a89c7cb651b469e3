"""Every sentence a person reads while playing, in one place, with named placeholders.

Each template is one whole sentence (or one noun phrase that sentences take as a parameter: a
list of colours, a count of tokens, a card with its points). Code never builds a sentence from
fragments; it picks a template and fills it. The tables are the English message ids of the
gettext catalogues (babel.cfg reads them); every function here speaks the current language
(:func:`splendor_nb.i18n.use_language`), which the session and the widgets set.

>>> say("took_different", name="Ben", colours=word_list(["white", "blue", "green"]))
'Ben took white, blue and green.'
>>> say_n("card_points", 2, card="2g4"), tokens_phrase((0, 2, 0, 0, 0, 1))
('2g4 (2 points)', 'two blue and a gold')
>>> from splendor_nb.i18n import use_language
>>> with use_language("fr"):
...     say("to_move", name="Ada"), tokens_phrase((0, 2, 0, 0, 0, 1))
('À Ada de jouer.', 'deux jetons saphir et un jeton or')
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_nb.cards import COLOURS
from splendor_nb.i18n import translator

SENTENCES: dict[str, str] = {
    # --- what a turn did (describe.py) ---------------------------------------------------------
    "took_different": "{name} took {colours}.",
    "took_one": "{name} took one {colour}.",
    "took_two": "{name} took two {colour}.",
    "bought": "{name} bought {card}.",
    "bought_noble": "{name} bought {card} and was visited by {noble}.",
    "bought_reserved": "{name} bought {card} from their reserved cards.",
    "bought_reserved_noble": "{name} bought {card} from their reserved cards and was visited "
                             "by {noble}.",
    "reserved_gold": "{name} reserved {card} and took a gold.",
    "reserved_no_gold": "{name} reserved {card}; no gold was left to take.",
    "reserved_blind_gold": "{name} reserved a tier-{tier} card from the deck and took a gold.",
    "reserved_blind_no_gold": "{name} reserved a tier-{tier} card from the deck; no gold was "
                              "left to take.",
    "reserved_blind_seen_gold": "{name} reserved {card} from the tier-{tier} deck and took a "
                                "gold.",
    "reserved_blind_seen_no_gold": "{name} reserved {card} from the tier-{tier} deck; no gold "
                                   "was left to take.",
    "passed": "{name} passed: nothing else was legal.",
    "passed_noble": "{name} passed (nothing else was legal) and was visited by {noble}.",
    "visited": "{name} was visited by {noble}.",
    "returned": "{name} returned {tokens}.",
    "deck_empty": "The tier-{tier} deck is empty, so that slot stays empty.",
    # --- the end of the game (outcome.py) ------------------------------------------------------
    "wins": "{name} wins with {points}.",
    "wins_resigned": "{loser} resigned; {name} wins.",
    "share_resigned": "{loser} resigned; {names} share the victory.",
    "tie_break": "{names} are tied on {points}; {name} wins with fewer cards bought ({cards} "
                 "against {others}, R-END-WIN).",
    "tie_break_shared": "{names} are tied on {points}; {winners} bought the fewest cards "
                        "({cards}) and share the victory (R-END-WIN).",
    "shared": "{names} share the victory with {points} and {cards} each (R-END-WIN).",
    "all_passed": "Every player passed in one round, so the game ended (R-PASS).",
    "score_line": "{name}: {points}, {cards}.",
    # --- what the table shows (session.py) -----------------------------------------------------
    "cover": "Pass to {name}",
    "to_move": "{name} to move.",
    "thinking": "{name} is thinking.",
    "undo_nothing": "There is no turn of yours to take back.",
    "undo_people": "Take back is for games against bots with one person at the table.",
    "not_your_turn": "It is {name}'s turn.",
    "covered": "Pass to {name} first: the board is covered.",
    "over": "The game is over.",
    "not_a_person": "{name} is a bot; only a person resigns.",
    "save_failed": "The game could not be saved to {path}: {problem}",
    # --- the position as text, and the terminal (text.py, terminal.py) ---------------------
    "text_turn": "Turn {turn}, round {round}: {name} to move.",
    "text_over": "Game over after {turns} turns.",
    "text_nobles": "Nobles: {nobles}",
    "text_tier": "Tier {tier} [{deck}]: {cards}",
    "text_supply": "Supply: {tokens}",
    "text_player": "{name}: {points}; tokens {tokens}; bonuses {bonuses}; reserved {reserved}; "
                   "nobles {nobles}",
    "term_intro": "Type a move's number or its notation (+wbg, +rr, B1w3, B1w3=rry, R1w3, R?2, "
                  "pass); 'help' lists the commands. The game is saved after every turn to "
                  "{path}.",
    "term_help": "A number or a move in the notation plays it; 'hint' shows the expert bot's "
                 "move and why; 'undo' takes your last turn back; 'resign' gives up; 'board' shows "
                 "the position again; 'quit' stops, the game saved: 'splendor-nb play "
                 "--resume' continues it.",
    "term_moves": "Your legal moves:",
    "term_prompt": "{name}> ",
    "term_cover": "Pass to {name}, then press Enter.",
    "term_hint": "Hint: {move}. {reason}",
    "term_undone": "Taken back: {name} to move again.",
    "term_saved": "The game is saved in {path}.",
    "term_no_number": "There is no move {number}: choose 1 to {count}.",
    "term_unfinished": "{number}. {names}, {turns}, {date}: {path}",
    "term_none_unfinished": "No unfinished games in {folder}.",
    # --- building a turn (turn.py) -------------------------------------------------------------
    "prompt_pick": "Pick 3 gems of different colours or 2 of one colour, or click a card or a "
                   "deck.",
    "prompt_picking": "Picked {tokens}. Confirm, pick more, or click a picked pile to put it "
                      "back.",
    "prompt_card": "{card} costs {price} after your bonuses.",
    "prompt_card_reserved": "{card}, one of your reserved cards, costs {price} after your "
                            "bonuses.",
    "prompt_deck": "Reserve the top card of the tier-{tier} deck unseen?",
    "prompt_return": "You would hold {held} tokens: choose {count} to return.",
    "prompt_returning": "Returning {tokens}.",
    "prompt_noble": "Several nobles may visit: choose one of {nobles}.",
    "prompt_pass": "No action is possible: you must pass.",
    "prompt_done": "Turn complete: {move}.",
    "price_free": "nothing",
    "pay": "Pay {tokens}",
    # --- refusals: the rule id comes with each (turn.py) ---------------------------------------
    "refuse_gold_pile": "Gold cannot be taken: it comes only with a reserve.",
    "refuse_empty_pile": "There are no {colour} tokens left in the supply.",
    "refuse_after_two": "You are taking two {colour}: nothing else goes with them.",
    "refuse_three_picked": "You have picked {count} colours, the most you may take now.",
    "refuse_fewer_colours": "Only {count} colours are left in the supply: take one of each.",
    "refuse_pick_more_or_two": "Pick 2 more colours, or click {colour} again to take two.",
    "refuse_take2_short": "Two {colour} may be taken only from a pile of {least} or more, and "
                          "this one has {count}: pick other colours, or Clear.",
    "refuse_nothing_picked": "Pick gems, a card or a deck first.",
    "refuse_cannot_buy": "You cannot afford {card}: it costs {price} after your bonuses, and "
                         "you are short of {missing} with {gold} gold.",
    "refuse_cannot_buy_or_reserve": "You cannot afford {card}, and you already hold {count} "
                                    "reserved cards, the most allowed.",
    "refuse_reserve_limit": "You already hold {count} reserved cards, the most allowed: buy "
                            "one first.",
    "refuse_deck_empty": "The tier-{tier} deck is empty.",
    "refuse_reserve_own": "{card} is already yours: it can only be bought.",
    "refuse_not_yours": "{card} is not face-up in the market nor one of your reserved cards.",
    "refuse_no_card": "Pick a card first.",
    "refuse_not_a_payment": "That is not a way to pay for {card}.",
    "refuse_return_none": "You have no {colour} tokens left to return.",
    "refuse_return_enough": "You are returning enough already: Confirm, or click a returned "
                            "token to keep it.",
    "refuse_not_returning": "You are not returning a {colour} token.",
    "refuse_no_return": "You will hold 10 tokens or fewer: nothing to return.",
    "refuse_no_noble_choice": "No noble is waiting to be chosen.",
    "refuse_noble_not_due": "{noble} cannot visit now; choose one of {nobles}.",
    "refuse_must_pass": "No action is possible: pass.",
    "refuse_no_pass": "You may pass only when no action is possible.",
    "refuse_prompt": "Answer the question first, or Clear to start the turn again.",
    "refuse_finished": "This turn is complete.",
    "refuse_unknown_click": "That cannot be clicked.",
    "refuse_engine": "{reason}",
    # --- hints (hint.py) -----------------------------------------------------------------------
    "hint_win": "It takes you to {points}: enough to end the game.",
    "hint_buy_noble": "Buying {card} brings {noble} as well.",
    "hint_buy_points": "Buying {card} scores now.",
    "hint_buy_near_noble": "Buying {card} leaves you one card away from {noble}.",
    "hint_buy_deny": "Buying {card} also takes it away from an opponent who could buy it on "
                     "their turn.",
    "hint_buy_bonus": "Buying {card} adds a {colour} bonus: {colour} costs you less from now on.",
    "hint_next_turn": "It lets you buy {card} next turn.",
    "hint_towards": "It gathers what {card} needs.",
    "hint_reserve": "Reserving {card} keeps it out of your opponents' reach.",
    "hint_reserve_deny": "Reserving {card} takes it away from an opponent who could buy it on "
                         "their turn.",
    "hint_reserve_gold": "Reserving brings a gold, which stands in for any colour.",
    "hint_pass": "Nothing else is legal: you must pass.",
    "hint_best": "The expert bot rates this move best.",
}
"""Whole sentences and prompts, by key."""

PLURALS: dict[str, tuple[str, str]] = {
    "points": ("{count} point", "{count} points"),
    "cards": ("{count} card", "{count} cards"),
    "card_points": ("{card} ({count} point)", "{card} ({count} points)"),
    "turns": ("{count} turn", "{count} turns"),
    "term_resume": ("You have {count} unfinished game in {folder}: 'splendor-nb play --resume' "
                    "continues it.",
                    "You have {count} unfinished games in {folder}: 'splendor-nb play --resume' "
                    "continues the latest."),
    "refuse_pick_more_n": ("Pick {count} more colour, or Clear.",
                           "Pick {count} more colours, or Clear."),
    "refuse_return_more": ("Return {count} more token to keep 10.",
                           "Return {count} more tokens to keep 10."),
}
"""Phrases that change with a number: the singular, then the plural (as gettext's ngettext)."""

COLOUR_NAMES: dict[str, str] = {
    "white": "white", "blue": "blue", "green": "green", "red": "red", "black": "black",
    "gold": "gold",
}
COUNTED: dict[int, str] = {1: "a {colour}", 2: "two {colour}", 3: "three {colour}"}
"""How many tokens of one colour, in words; larger counts use ``COUNTED_MANY``."""
COUNTED_MANY = "{count} {colour}"
LIST_MIDDLE = "{items}, {item}"
LIST_END = "{items} and {last}"
"""How lists are joined: "white, blue and green"."""


def say(key: str, /, **params: object) -> str:
    """The sentence ``key`` with its placeholders filled.

    >>> say("cover", name="Ben")
    'Pass to Ben'
    """
    return translator().gettext(SENTENCES[key], **params)


def say_n(key: str, count: int, /, **params: object) -> str:
    """The phrase ``key`` in the form that fits ``count`` (``{count}`` is filled too).

    >>> say_n("points", 1), say_n("points", 15)
    ('1 point', '15 points')
    """
    one, many = PLURALS[key]
    return translator().ngettext(one, many, count, **params)


def colour_name(colour: str) -> str:
    """A colour's name in words.

    >>> colour_name("black")
    'black'
    """
    return translator().gettext(COLOUR_NAMES[colour])


def word_list(items: Sequence[str]) -> str:
    """Items joined as a list in words.

    >>> word_list(["Ann"]), word_list(["Ann", "Ben"]), word_list(["a", "b", "c"])
    ('Ann', 'Ann and Ben', 'a, b and c')
    """
    if len(items) <= 1:
        return "".join(items)
    words = translator()
    joined = items[0]
    for item in items[1:-1]:
        joined = words.gettext(LIST_MIDDLE, items=joined, item=item)
    return words.gettext(LIST_END, items=joined, last=items[-1])


def tokens_phrase(counts: Sequence[int]) -> str:
    """Token counts (``COLOURS`` order) in words; ``"nothing"`` for none.

    >>> tokens_phrase((1, 0, 0, 0, 0, 0)), tokens_phrase((0, 0, 0, 0, 4, 0))
    ('a white', '4 black')
    """
    words = translator()
    parts = [words.gettext(COUNTED.get(n, COUNTED_MANY), count=n, colour=colour_name(colour))
             for colour, n in zip(COLOURS, counts) if n]
    return word_list(parts) if parts else say("price_free")
