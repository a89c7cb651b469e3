"""The Learn widgets' own words (buttons, headings, notes), in one place: each a whole template
with named values, as splendor_nb.learn.phrases does for the lessons' sentences, the English
message ids of the catalogues (babel.cfg reads the table); :func:`say` says them in the current
language; and :func:`said`, what the widgets show of the engine's sentences.

>>> WORDS["step"].format(number=3, question="Buy a card?")
'Step 3: Buy a card?'
"""

from splendor_nb.diagram import LABELS
from splendor_nb.i18n import translator
from splendor_nb.learn import Phrase

WORDS: dict[str, str] = {
    # the rule panel
    "close": "Close",
    "close_rules": "Close the rule's text",
    "rule": "The rule",
    "rules_of_node": "The rules of “{node}”",
    # the diagram walk
    "restart": "Restart",
    "restart_tip": "Back to the start of the turn",
    "back": "Back",
    "back_tip": "One step back",
    "next": "Next",
    "next_tip": "On to the next step (when there is only one way on)",
    "skip": "To the next choice",
    "skip_tip": "Step on until there is a choice to make, or to the end of the turn",
    "step": "Step {number}: {question}",
    "closed": "Closed here: “{way}”. {why}",
    "closed_node": "“{node}” is closed here. {why}",
    "choose_way": "Choose a way on: click a marked box of the diagram or a button below.",
    "choose_move_board": "Choose on the board (the piles or cards that may be clicked are "
                         "marked) or below.",
    "choose_move": "Choose below.",
    "move_so_far": "The turn: {move}",
    "walk_done": "The turn is over. Restart to walk it again another way.",
    "picked": "Picked so far: {tokens}. Click more piles to complete a take.",
    "not_now": "Nothing to click on the board at this step: choose a way in the diagram.",
    "way": "{label} → {next}",
    "play_move": "Play it",
    "moves": "Move",
    # exercises
    "check": "Check",
    "hint": "Hint",
    "hint_tip": "Show a hint",
    "right": "Right.",
    "wrong": "Not quite.",
    "try_again": "Try again with another answer.",
    "try_again_hint": "The hint points at the rule: try again, or show the answer.",
    "show_answer": "Show the answer",
    "show_answer_tip": "Show the right answer and why your answer is not it",
    "answer_is": "The answer is {answer}.",
    "not_the_move": "{move} is legal, but it is not the move to find.",
    "solved": "solved",
    "answer_board_card": "Click a card on the board.",
    "answer_board_tokens": "Click the piles on the board, then Check.",
    "answer_board_move": "Play the move on the board: click piles, then Take; or a card or a "
                         "deck, then Buy or Reserve.",
    "nothing_picked": "Pick something on the board first.",
    "number": "Your answer",
    "rules_checked": "Rules: {rules}",
    # the move picker
    "take": "Take",
    "buy": "Buy",
    "reserve": "Reserve",
    "clear": "Clear",
    "pass": "Pass",
    # lessons
    "exercise": "Exercise",
    "previous_chapter": "Previous chapter",
    "next_chapter": "Next chapter: {title}",
    "reset_progress": "Reset progress",
    "reset_progress_tip": "Forget the exercises solved in every chapter, to start afresh",
    # chapter 1's labelled pictures
    "part_points": "points",
    "part_bonus": "bonus",
    "part_cost": "cost",
    "part_tier": "tier {tier}",
    "card_picture": "Card {card} with its parts named",
    "card_points": "Points: the prestige points the card is worth (none printed: 0).",
    "card_bonus": "Bonus: the gem the card gives you for good; every later purchase costs one "
                  "token fewer of that colour.",
    "card_cost": "Cost: the tokens to pay for it, less your bonuses.",
    "card_tier": "Tier: 1, 2 or 3, the colour of the band under the points, and of the deck "
                 "the card comes from.",
    "card_id": "Its id, {card}: the tier, the bonus's letter, then a number among those cards.",
    "player_one": "Player 1",
    "part_nobles": "nobles",
    "part_decks": "decks",
    "part_market": "market",
    "part_supply": "supply",
    "part_player": "{name}'s area",
    "board_nobles": "Nobles: each asks for bonuses (cards bought), not tokens, and is worth 3 "
                    "points to the player it visits.",
    "board_decks": "Decks: tiers 3, 2 and 1 face down, top to bottom, with the cards left in "
                   "each.",
    "board_market": "Market: four face-up cards of each tier, beside its deck, to reserve or "
                    "buy.",
    "board_supply": "Supply: the tokens to take, five gem colours and gold.",
    "board_player": "{name}'s area: points, bonuses (squares: the cards bought), tokens "
                    "(circles, 10 at most) and up to three reserved cards.",
    # the notation key
    "notation": "Notation",
    "notation_tip": "Show or hide how cards and moves are written",
    "notation_title": "How cards and moves are written",
    "notation_letters": "Colours: w white, b blue, g green, r red, k black, y gold.",
    "notation_card": "{example}: a card: its tier (1 to 3), its bonus's letter, a number.",
    "notation_noble": "{example}: a noble, N1 to N10.",
    "notation_take3": "{example}: take a white, a blue and a green token.",
    "notation_take2": "{example}: take two red tokens.",
    "notation_return": "{example}: take, then give back a white token (more than 10 held).",
    "notation_reserve": "{example}: reserve the face-up card 1b5 (a gold token comes with it).",
    "notation_blind": "{example}: reserve the top card of the tier-1 deck, unseen by the others.",
    "notation_buy": "{example}: buy the card 2w1.",
    "notation_pay": "{example}: buy 2w1 paying these tokens: y is a gold standing in for one.",
    "notation_visit": "{example}: buy 1k3, and noble N5 visits.",
    "notation_pass": "{example}: pass, when nothing else is possible.",
    # puzzles
    "puzzles_title": "Find the move",
    "puzzles_summary": "Positions from real games: find the move that was played.",
    "puzzle_where": "Puzzle {number} of {count}: turn {turn}, {player} to move. Find the move "
                    "{player} played.",
    "puzzle_where_hard": "Puzzle {number} of {count}: turn {turn}, {player} to move. Find the "
                         "hard bot's move.",
    "puzzle_previous": "Previous puzzle",
    "puzzle_next": "Next puzzle",
    "puzzle_show": "Show the move",
    "puzzle_answer": "The move was {move}.",
    "puzzle_no_comment": "The game has no comment on this move.",
    # the Learn tab
    "chapter": "Chapter",
    "chapter_option": "{number}. {title} ({solved}/{total})",
    "puzzles_option": "Puzzles: find the move ({solved}/{total})",
    "no_such_chapter": "There is no chapter '{name}'. The chapters: 1 to {last} or {ids}, or "
                       "{puzzles}.",
    # the replay viewer's stepper
    "step_through": "Step through this move",
    "step_through_tip": "Walk the move's path through the diagram node by node",
    "whole_path": "Whole path",
    "whole_path_tip": "Show the move's whole path at once",
    "first_step": "First step",
    "previous_step": "Previous step",
    "next_step": "Next step",
    "last_step": "Last step",
    "step_of": "Step {number} of {count}: {question}",
    "no_move": "Turn 0: no move has been played yet.",
}
"""Every word of the Learn widgets, by key."""

PLURALS: dict[str, tuple[str, str]] = {
    "minutes": ("about {count} minute", "about {count} minutes"),
    "puzzle_progress": ("{solved} of {count} puzzle solved.",
                        "{solved} of {count} puzzles solved."),
}
"""The words that count something: the singular and the plural, chosen by ``{count}``."""


def say(key: str, /, **params: object) -> str:
    """The words ``key`` in the current language, their placeholders filled.

    >>> say("step", number=2, question="?"), say("check")
    ('Step 2: ?', 'Check')
    """
    return translator().gettext(WORDS[key], **params)


def say_n(key: str, count: int, /, **params: object) -> str:
    """The counted words ``key`` in the form that fits ``count`` in the current language.

    >>> from splendor_nb.i18n import use_language
    >>> say_n("minutes", 1), say_n("minutes", 5)
    ('about 1 minute', 'about 5 minutes')
    >>> with use_language("ru"):
    ...     [say_n("minutes", n) for n in (1, 3, 5)]
    ['около 1 минуты', 'около 3 минут', 'около 5 минут']
    """
    one, many = PLURALS[key]
    return translator().ngettext(one, many, count, **params)


def node_labels(language: str | None = None) -> dict[str, str]:
    """The turn diagram's labels in ``language`` (by default the current one), by node
    (``diagram_svg(labels=)``).

    >>> from splendor_nb.i18n import use_language
    >>> with use_language("es"):
    ...     node_labels()["start"] == translator("es").gettext(LABELS["start"])
    True
    >>> node_labels("fr")["edge_yes"] == translator("fr").gettext(LABELS["edge_yes"])
    True
    """
    words = translator(language)
    return {node: words.gettext(label) for node, label in LABELS.items()}


def said(sentence: Phrase) -> str:
    """An engine's sentence about an answer, as a learner who may try again reads it: a legal
    move that is not the one to find does not give that one away.

    >>> from splendor_nb.learn import phrase
    >>> said(phrase("check.move_other", move="+wbg", answer="R1b5"))
    '+wbg is legal, but it is not the move to find.'
    >>> said(phrase("check.move_right", move="R1b5"))
    'R1b5 is the move to find.'
    """
    if sentence.key == "check.move_other":
        return say("not_the_move", move=dict(sentence.params)["move"])
    return sentence.text()
