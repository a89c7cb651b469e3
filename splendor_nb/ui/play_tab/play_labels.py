"""Every sentence and label the Play widget shows (besides those of :mod:`splendor_nb.play`), in
one place, with named placeholders: the English message ids of the catalogues (babel.cfg reads
the table), said in the current language (:func:`splendor_nb.i18n.use_language`), which each
widget sets from its ``language``.

>>> say("cover_button", name="Ben")
'I am Ben: show my board'
>>> from splendor_nb.i18n import use_language
>>> with use_language("tr"):
...     say("confirm")
'Onayla'
"""

from __future__ import annotations

from splendor_nb.i18n import translator

WORDS: dict[str, str] = {
    # --- the new-game form (new_game.py, seats.py) --------------------------------------------
    "new_game": "New game",
    "new_game_help": "Choose the seats of another game",
    "seat": "Seat {number}",
    "person": "Person",
    "name": "Name",
    "name_placeholder": "Player {number}",
    "add_seat": "Add a seat",
    "remove_seat": "Remove seat {number}",
    "seed": "Seed",
    "seed_placeholder": "any (optional)",
    "seed_help": "The same seed deals the same cards: leave it empty for a new deal.",
    "first": "Starts",
    "start": "Start the game",
    "bad_seed": "The seed must be a whole number from 0 on, not “{text}”.",
    "unfinished": "Unfinished games",
    "unfinished_line": "{names}: {turns}, saved {date}",
    "resume": "Resume",
    "resume_label": "Resume {names}, {turns}",
    "resume_failed": "{file} cannot be resumed: {problem}",
    # --- the turn (turn_panel.py) --------------------------------------------------------------
    "confirm": "Confirm",
    "clear": "Clear",
    "buy": "Buy {card}",
    "reserve": "Reserve {card}",
    "reserve_deck": "Reserve from deck {tier}",
    "cannot_buy": "You cannot afford {card} now.",
    "cannot_reserve": "{card} cannot be reserved now.",
    "pays": "Paid with {tokens}.",
    "payment_label": "Payment",
    "return_one": "Return {colour} ({count})",
    "keep_one": "Keep {colour} ({count})",
    "return_one_help": "Give back one {colour} token (you would hold {count})",
    "keep_one_help": "Keep one {colour} token chosen for returning",
    "noble_button": "{noble}: {needs}",
    "noble_help": "{noble} visits for bonuses of {needs}: {points} points",
    "pass": "Pass",
    "rule_button": "Read {rule}",
    "rule_help": "Open rule {rule} in the rulebook",
    "dismiss": "Dismiss",
    # --- the game's buttons (widget.py) --------------------------------------------------------
    "take_back": "Take back",
    "take_back_help": "Back to your previous turn (games against bots)",
    "hint": "Hint",
    "hint_help": "The move the expert bot would play for you, and why",
    "hint_said": "Hint: {move}. {reason}",
    "hint_thinking": "Working out a hint…",
    "resign": "Resign",
    "resign_help": "Give up this game",
    "resign_sure": "Give up this game? The others are ranked as at the end.",
    "resign_yes": "Resign",
    "resign_no": "Keep playing",
    "to_new_game": "New game…",
    "to_new_game_help": "Set up another game; this one stays saved and can be resumed",
    "back_to_game": "Back to the game",
    "cover_title": "Pass to {name}",
    "cover_text": "{name}: take the seat, then show your board. The others should look away: "
                  "it shows your reserved cards.",
    "cover_button": "I am {name}: show my board",
    "last_move": "Last move",
    "moves": "Moves",
    "no_moves": "No moves yet.",
    "bot_thinking": "{name} is thinking…",
    "your_turn": "Your turn, {name}.",
    "saved_where": "Saved after every turn as {file} in the games folder.",
    "not_saved": "Not saved on the server: Download keeps the game.",
    # --- the end (game_over.py) ----------------------------------------------------------------
    "game_over": "Game over",
    "review": "Review this game",
    "review_help": "Open this game in the replay viewer at its first turn",
    "save": "Save",
    "save_help": "Save the game in the games folder (it is saved after every turn anyway)",
    "save_off": "Saving is off in this demo: Download keeps the game",
    "saved": "Saved as {file} in the games folder.",
    "save_failed": "Could not save {file}: {problem}",
    "download": "Download",
    "download_help": "Download the game as a replay file",
    "downloaded": "Downloaded {file}.",
    "rematch": "Rematch",
    "rematch_help": "The same seats, a new deal",
    "points_chart": "Points per turn",
    "bonus_chart": "Bonuses per colour",
    # --- what-if (from_here.py) ----------------------------------------------------------------
    "play_from_here": "Play from here",
    "play_from_here_help": "Play on from this position, with people or bots in each seat",
    "play_from_here_over": "The game is over here: there is nothing to play from",
    "play_from_title": "Play on from turn {turn} of {name}",
    "cancel": "Cancel",
}
"""The widget's words, by key."""


def say(key: str, /, **params: object) -> str:
    """The words ``key`` with their placeholders filled.

    >>> say("buy", card="2g4")
    'Buy 2g4'
    """
    return translator().gettext(WORDS[key], **params)
